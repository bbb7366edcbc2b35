"""Every finished game, kept as a replay in the `replays` folder of the user data folder.

A replay file is a saved game (`scenes.storage.saved_game.SavedGame`: the game, its setup, the start
state, the moves in notation, when, and the app version) plus how it ended (`result`). The
game's last move keeps one (`scenes.storage.finished.keep_finished`); only the newest
`MAX_REPLAYS` stay. Names are taken exclusively (`<game>-<date>-<time>[-N].json`), so two copies
of the app never write over each other's replays.

`replay_list` reads what the Replays list shows, newest first, and `set_aside_bad` (at start)
sets aside, with a notice, every file that is not a regular file, too large, not JSON, or whose
fields fail the schema (`scenes.storage.schema`). `load_replay` never raises: a file whose start
position or moves do not replay, or from a newer version, is set aside when opened.
"""

from __future__ import annotations

import logging
import re
import time
from dataclasses import dataclass
from pathlib import Path

from game import GAMES
from game.core.protocols import GameState
from scenes.kit.i18n import N_, _, join_names, ngettext
from scenes.kit.seat_names import called
from scenes.storage import saved_game, schema
from scenes.storage.atomic import private_folder, write_new_json
from scenes.storage.files import Unreadable, read_bounded, read_json
from scenes.storage.saved_game import MAX_SAVE_BYTES, BadSave, SavedGame

log = logging.getLogger(__name__)

FOLDER = "replays"
#: the most replays kept; the oldest go first
MAX_REPLAYS = 50
#: the most files of the folder looked at (a folder flooded with files costs no more than this)
MAX_FILES_READ = 4 * MAX_REPLAYS


def replay_folder(home: Path) -> Path:
    return Path(home) / FOLDER


def replay_files(home: Path) -> list[Path]:
    """The replay files, newest first: by the time written, and among files written at the same
    time (a file system keeps times in steps of milliseconds or seconds) by the time and serial
    in their names, so that `<stem>-2.json` is newer than `<stem>.json` and `-10` than `-9`."""
    folder = replay_folder(home)
    try:
        paths = list(folder.glob("*.json"))
    except OSError:
        return []

    def newest(path: Path) -> tuple[int, str, int, str]:
        try:
            written = path.lstat().st_mtime_ns
        except OSError:
            written = 0
        named = _NAME.fullmatch(path.name)
        if named is None:  # (not a name this app gives: oldest of its time)
            return written, "", 0, path.name
        return written, named["stamp"], int(named["serial"] or 1), path.name

    return sorted(paths, key=newest, reverse=True)


#: the name keep_replay gives: `<game>-<date>-<time>[-<serial>].json`
_NAME = re.compile(r".+-(?P<stamp>\d{8}-\d{6})(?:-(?P<serial>\d+))?\.json")


def keep_replay(home: Path, game: str, data: dict[str, object], limit: int = MAX_REPLAYS) -> Path:
    """Write `data` as a new replay of `game` (never over another, whoever writes at the same
    time), drop the oldest beyond `limit`; the new file's path. OSError/TypeError/ValueError
    when it cannot be written."""
    folder = replay_folder(home)
    private_folder(folder)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = write_new_json(folder, f"{game}-{stamp}", {"saved_at": time.time(), **data})
    for old in replay_files(home)[limit:]:
        try:
            old.unlink(missing_ok=True)
        except OSError:
            log.exception("could not remove the old replay %s", old.name)
    return path


def replay_data(saved: SavedGame, final_state: GameState) -> dict[str, object]:
    """What a replay file holds: the saved game (setup, start state, moves, version) and how it
    ended, from `final_state`'s result (ValueError if it is not over)."""
    result = final_state.result
    if result is None:
        raise ValueError("a replay is kept of a finished game")
    data = saved.to_dict()
    del data["saved_at"]  # keep_replay writes when it was kept
    data["result"] = {
        "winners": list(result.winners),
        "draw": result.draw,
        "scores": list(result.scores),
        "reason": str(result.reason),
    }
    return data


def load_replay(path: Path) -> tuple[SavedGame | None, str | None]:
    """(the replay, None), or (None, a notice for the player) when it cannot be watched: the
    file is then set aside (renamed `<name>.bad-<time>`), never deleted."""
    path = Path(path)
    try:
        raw = read_bounded(path, MAX_SAVE_BYTES)
        if raw is None:
            return None, _("This replay is gone (another copy of the app removed it).")
        when = path.stat().st_mtime
        saved, _state = saved_game.check(raw, {"saved_at": when})
    except (Unreadable, OSError, BadSave) as why:
        log.warning("replay %s set aside: %s", path, why)
        if saved_game.set_aside(path) is not None:
            return None, _("This replay cannot be watched ({why}): it was kept aside.").format(
                why=_(str(why))
            )
        return None, _(
            "This replay cannot be watched ({why}): it could not be moved aside."
        ).format(why=_(str(why)))
    return saved, None


@dataclass(frozen=True)
class ReplayEntry:
    """One line of the Replays list: the file, what it says, and the help the game had (the
    coach's hints shown, the times moves were taken back)."""

    path: Path
    title: str
    players: str
    winner: str
    date: str
    hints: int = 0
    undos: int = 0


def describe(path: Path) -> ReplayEntry:
    """What the Replays list says about one file; Unreadable, BadSave or schema.Invalid (both
    ValueErrors) if it cannot be listed: every field is checked and the start position read
    (its moves are replayed only when it is opened)."""
    data = read_json(path, MAX_SAVE_BYTES)
    if data is None:
        raise Unreadable(N_("it is gone"))
    if type(data) is not dict:
        raise BadSave("it does not hold a replay")
    saved = SavedGame.from_dict({"saved_at": path.stat().st_mtime, **data})
    saved_game.start_state(saved)
    names = saved.setup["names"]
    result = schema.result(data.get("result") or {}, len(names))
    winners = [str(called(names[seat], seat)) for seat in result.get("winners", [])]
    winner = (
        _("{name} wins").format(name=winners[0])
        if len(winners) == 1
        else _("{names} win").format(names=join_names(winners))
    )
    if not winners:
        winner = _("a draw") if result.get("draw") else _("unfinished")
    date = time.strftime("%Y-%m-%d %H:%M", time.localtime(saved.saved_at))
    players = saved.game_setup.who_plays()
    title = _(GAMES[saved.game].title)
    return ReplayEntry(path, title, players, winner, date, len(saved.hints), saved.undos)


def replay_list(home: Path) -> tuple[list[ReplayEntry], str | None]:
    """The Replays list, newest first, and a notice if files were set aside on the way."""
    entries: list[ReplayEntry] = []
    refused: list[str] = []
    for path in replay_files(home)[:MAX_FILES_READ]:
        try:
            entries.append(describe(path))
        except (Unreadable, ValueError, OSError) as why:
            log.warning("replay %s set aside: %s", path, why)
            refused.append(str(why))
            saved_game.set_aside(path)
    if not refused:
        return entries, None
    if len(refused) == 1:
        return entries, _("A replay could not be read ({why}); it was kept aside.").format(
            why=_(refused[0])
        )
    return entries, ngettext(
        "{count} replay could not be read; it was kept aside.",
        "{count} replays could not be read; they were kept aside.",
        len(refused),
    ).format(count=len(refused))


def set_aside_bad(home: Path) -> str | None:
    """Set aside every replay file that cannot be listed (at start); a notice if any was."""
    return replay_list(home)[1]
