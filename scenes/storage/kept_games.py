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
#: the most slot folders looked at (a folder flooded with entries costs no more than this)
MAX_SLOTS_READ = 8 * MAX_KEPT


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
    """Every slot that may hold a game: the single slot of earlier versions (the data folder),
    then the folders in `games/`, by name (at most `MAX_SLOTS_READ`)."""
    home = Path(home)
    found = [home] if os.path.lexists(home / SAVE_FILE) else []
    try:
        with os.scandir(games_folder(home)) as entries:
            names = []
            for entry in entries:
                if entry.is_dir(follow_symlinks=False) and not entry.name.startswith("."):
                    names.append(entry.name)
                if len(names) >= MAX_SLOTS_READ:
                    break
    except OSError:
        names = []
    return found + [games_folder(home) / name for name in sorted(names)]


def kept_games(home: Path) -> tuple[list[KeptGame], list[str]]:
    """The unfinished games, newest first (by when they were saved, then by slot name), and
    the notices for files set aside on the way (each bad save is set aside, the others stay).
    A game found finished is kept as a replay; an empty slot left by a kill is removed."""
    games: list[KeptGame] = []
    notices: list[str] = []
    for slot in slot_folders(home):
        saved, state, notice = read_slot(slot, home)
        if notice:
            notices.append(notice)
        if saved is not None and state is not None:
            games.append(KeptGame(slot, saved, state, thumbnail_path(slot)))
        elif slot != Path(home):
            _remove_if_abandoned(slot)
    games.sort(key=lambda kept: (kept.saved.saved_at, kept.slot.name), reverse=True)
    return games, notices


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
