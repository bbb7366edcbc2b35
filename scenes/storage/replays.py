"""Every finished game, kept as a replay in the `replays` folder of the user data folder.

A replay file is a saved game (`scenes.storage.saved_game.SavedGame`: the game, its setup, the start
state, the moves in notation, when, and the app version) plus how it ended (`result`). The
results scene keeps one for each finished game (`keep_replay`); only the newest `MAX_REPLAYS`
stay. `replay_list` reads what the Replays list shows, newest first; `load_replay` never raises:
a file that is empty, cut short, binary, of the wrong shape, from a newer version, or whose moves
do not replay is set aside (renamed, as the unfinished game is) and a notice says why.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import GAMES
from scenes.storage import saved_game
from scenes.storage.saved_game import BadSave, SavedGame
from scenes.storage.settings import write_json_atomically

log = logging.getLogger(__name__)

FOLDER = "replays"
#: the most replays kept; the oldest go first
MAX_REPLAYS = 50


def replay_folder(home: Path) -> Path:
    return Path(home) / FOLDER


def replay_files(home: Path) -> list[Path]:
    """The replay files, newest first (by the time written, then by name)."""
    folder = replay_folder(home)
    try:
        paths = [p for p in folder.glob("*.json") if p.is_file()]
    except OSError:
        return []

    def newest(path: Path) -> tuple[int, str]:
        try:
            return path.stat().st_mtime_ns, path.name
        except OSError:
            return 0, path.name

    return sorted(paths, key=newest, reverse=True)


def keep_replay(home: Path, game: str, data: dict[str, Any], limit: int = MAX_REPLAYS) -> Path:
    """Write `data` as a new replay of `game` (never over another), drop the oldest beyond
    `limit`; the new file's path. OSError/TypeError/ValueError when it cannot be written."""
    folder = replay_folder(home)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game}-{stamp}.json"
    serial = 2
    while path.exists():
        path = folder / f"{game}-{stamp}-{serial}.json"
        serial += 1
    write_json_atomically(path, {"saved_at": time.time(), **data})
    for old in replay_files(home)[limit:]:
        try:
            old.unlink()
        except OSError:
            log.exception("could not remove the old replay %s", old)
    return path


def load_replay(path: Path) -> tuple[SavedGame | None, str | None]:
    """(the replay, None), or (None, a notice for the player) when it cannot be watched: the
    file is then set aside (renamed `<name>.bad-<time>`), never deleted."""
    path = Path(path)
    try:
        raw = path.read_bytes()
        when = path.stat().st_mtime
    except OSError as error:
        log.warning("could not read %s: %s", path, error)
        return None, "This replay could not be read (the file cannot be opened)."
    try:
        saved, _ = saved_game.check(raw, {"saved_at": when})
    except BadSave as why:
        log.warning("replay %s set aside: %s", path, why)
        aside = saved_game.set_aside(path)
        where = f"it was set aside as {aside.name}" if aside else "it could not be set aside"
        return None, f"This replay cannot be watched: {why}; {where}."
    return saved, None


@dataclass(frozen=True)
class ReplayEntry:
    """One line of the Replays list: the file, and what it says (or that it cannot be read)."""

    path: Path
    title: str
    players: str
    winner: str
    date: str


def describe(path: Path) -> ReplayEntry:
    """What the Replays list says about one file (never raises: a bad file says so)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        setup = data["setup"]
        names = [str(name) for name in setup["names"]]
        title = GAMES[data["game"]].title
        result = data.get("result") or {}
        winners = [names[seat] for seat in result.get("winners", [])]
        winner = " and ".join(winners) + (" win" if len(winners) > 1 else " wins")
        if not winners:
            winner = "a draw" if result.get("draw") else "unfinished"
        when = data.get("saved_at", path.stat().st_mtime)
        date = time.strftime("%Y-%m-%d %H:%M", time.localtime(float(when)))
    except (OSError, ValueError, TypeError, KeyError, IndexError, AttributeError):
        return ReplayEntry(path, path.name, "this file cannot be read", "", "")
    return ReplayEntry(path, title, ", ".join(names), winner, date)


def replay_list(home: Path) -> list[ReplayEntry]:
    """The Replays list, newest first."""
    return [describe(path) for path in replay_files(home)]
