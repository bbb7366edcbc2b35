"""Every unfinished game kept on disk, each in a slot of its own, so that starting a game never
touches another one ("Games in progress" on the menu).

A slot is a folder holding what `scenes.storage.saved_game` writes there (`unfinished.json`, its
picture) and the lock file of the copy of the app that plays it (`unfinished.lock`). New games
get a new folder in `games/`; the data folder itself is the single slot of earlier versions, read
and kept where it is (its lock is the one those versions take, so an older copy of the app and
this one never write it at once).

    games, notices = kept_games(home)              # newest first; bad files set aside
    slot, lock = new_slot(home)                    # a new game's folder, locked for this copy
    moved = move_oldest(home, held)                # beyond MAX_KEPT: the oldest kept as replays
    remove_slot(home, slot)                        # the game ended or was deleted
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from game.core.protocols import GameState
from scenes.kit.i18n import ngettext
from scenes.storage import replays, saved_game
from scenes.storage.atomic import private_folder
from scenes.storage.continuing import read_slot
from scenes.storage.locks import FileLock
from scenes.storage.saved_game import SAVE_FILE, SavedGame, thumbnail_path

log = logging.getLogger(__name__)

FOLDER = "games"
#: the lock file in every slot: held by the copy of the app that plays its game
SLOT_LOCK = "unfinished.lock"
#: the most unfinished games kept; beyond it the oldest is kept as a replay instead
MAX_KEPT = 12
#: the most slots read, and the most entries of `games/` looked at (a folder flooded with
#: entries costs no more than this)
MAX_SLOTS_READ = 8 * MAX_KEPT
MAX_ENTRIES = 4096


@dataclass(frozen=True)
class KeptGame:
    """One unfinished game: its slot folder, the save, the position its moves reach, and the
    picture of its board saved when it was left (None: none, or not one that can be shown)."""

    slot: Path
    saved: SavedGame
    state: GameState
    picture: Path | None


def games_folder(home: Path) -> Path:
    return Path(home) / FOLDER


def slot_folders(home: Path) -> list[Path]:
    """Every slot that holds a save: the single slot of earlier versions (the data folder),
    then the folders in `games/` by name, newest first (their names begin with the time they
    were made): at most `MAX_SLOTS_READ` of the first `MAX_ENTRIES` entries looked at."""
    return _scan(home)[0]


def _scan(home: Path) -> tuple[list[Path], list[Path]]:
    """(the slots holding a save, the slots without one that have a lock file: left empty by
    a copy of the app killed while it made or cleared them, or being made right now)."""
    home = Path(home)
    found = [home] if os.path.lexists(home / SAVE_FILE) else []
    names: list[str] = []
    empty: list[Path] = []
    try:
        with os.scandir(games_folder(home)) as entries:
            for count, entry in enumerate(entries):
                if count >= MAX_ENTRIES:
                    break
                if entry.name.startswith(".") or not entry.is_dir(follow_symlinks=False):
                    continue
                if os.path.lexists(os.path.join(entry.path, SAVE_FILE)):
                    names.append(entry.name)
                elif os.path.lexists(os.path.join(entry.path, SLOT_LOCK)):
                    empty.append(Path(entry.path))
    except OSError:
        pass
    names = sorted(names, reverse=True)[:MAX_SLOTS_READ]
    return found + [games_folder(home) / name for name in names], empty[:MAX_KEPT]


def kept_games(home: Path) -> tuple[list[KeptGame], list[str]]:
    """The unfinished games, newest first (by when they were saved, then by slot name), and
    the notices for files set aside on the way (each bad save is set aside, the others stay).
    A game found finished is kept as a replay; a slot left empty by a kill is removed."""
    games: list[KeptGame] = []
    refused: list[str] = []  # the notices of saves set aside
    pictures: list[str] = []  # of pictures set aside (their games are kept)
    slots, empty = _scan(home)
    for slot in slots:
        saved, state, notice = read_slot(slot, home)
        if notice:
            (refused if saved is None else pictures).append(notice)
        if saved is not None and state is not None:
            games.append(KeptGame(slot, saved, state, thumbnail_path(slot)))
        elif slot != Path(home):
            empty.append(slot)
    for slot in empty:
        _remove_if_abandoned(slot)
    games.sort(key=lambda kept: (kept.saved.saved_at, kept.slot.name), reverse=True)
    return games, _one_notice_each(refused, pictures)


def _one_notice_each(refused: list[str], pictures: list[str]) -> list[str]:
    """A notice for the saves set aside and one for the pictures: the file's own when it is
    one, a count when there are several (a folder of bad files is not a flood of notices)."""
    notices = []
    if len(refused) == 1:
        notices.append(refused[0])
    elif refused:
        notices.append(
            ngettext(
                "{count} unfinished game could not be continued; it was kept aside.",
                "{count} unfinished games could not be continued; they were kept aside.",
                len(refused),
            ).format(count=len(refused))
        )
    if len(pictures) == 1:
        notices.append(pictures[0])
    elif pictures:
        notices.append(
            ngettext(
                "The picture of {count} unfinished game could not be shown; it was kept aside.",
                "The pictures of {count} unfinished games could not be shown; they were kept "
                "aside.",
                len(pictures),
            ).format(count=len(pictures))
        )
    return notices


def _remove_if_abandoned(slot: Path) -> None:
    """Remove a slot without a save whose lock is free (its copy was killed between making it
    and its first save, or after clearing it); a slot still being made has no lock file yet
    or a held one, and stays."""
    if os.path.lexists(slot / SAVE_FILE) or not os.path.lexists(slot / SLOT_LOCK):
        return
    lock = FileLock(slot / SLOT_LOCK)
    if lock.try_acquire():
        try:
            remove_slot(slot.parent.parent, slot)
        finally:
            lock.release()


def new_slot(home: Path) -> tuple[Path, FileLock]:
    """A new, empty slot for a new game, locked for this copy of the app; OSError if it cannot
    be made."""
    folder = games_folder(home)
    private_folder(folder)
    for _ in range(100):
        slot = folder / f"{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}"
        try:
            slot.mkdir(mode=0o700)
        except FileExistsError:
            continue
        lock = FileLock(slot / SLOT_LOCK)
        lock.try_acquire()  # nobody else knows the new name yet
        return slot, lock
    raise OSError("no free name for a new game's folder")


def remove_slot(home: Path, slot: Path) -> None:
    """Forget the game of `slot` (its save and picture); a folder in `games/` goes too, lock
    file and all (call it holding the slot's lock). Errors are logged."""
    saved_game.clear_unfinished(slot)
    if Path(slot) == Path(home):
        return
    with contextlib.suppress(FileNotFoundError):
        try:
            (Path(slot) / SLOT_LOCK).unlink()
            Path(slot).rmdir()
        except OSError:
            log.warning("could not remove the game folder %s", slot, exc_info=True)


def move_oldest(
    home: Path, held: Mapping[Path, FileLock], keep: Path | None = None
) -> list[KeptGame]:
    """Keep the oldest unfinished games beyond `MAX_KEPT` as replays (marked unfinished) and
    remove their slots; those another copy of the app plays (locked, and not in `held`, this
    copy's locks) and `keep` stay. The games moved, for a notice."""
    games, _notices = kept_games(home)
    moved: list[KeptGame] = []
    for kept in reversed(games[MAX_KEPT:]):  # the oldest first
        if kept.slot == keep:
            continue
        lock = held.get(kept.slot) or FileLock(kept.slot / SLOT_LOCK)
        if not lock.try_acquire():
            continue
        try:
            data = kept.saved.to_dict()
            del data["saved_at"]  # keep_replay writes when it was kept
            replays.keep_replay(home, kept.saved.game, data)
        except (OSError, TypeError, ValueError):
            log.exception("could not keep the oldest unfinished game as a replay")
            if kept.slot not in held:
                lock.release()
            continue
        remove_slot(home, kept.slot)
        if kept.slot not in held:
            lock.release()
        moved.append(kept)
    return moved
