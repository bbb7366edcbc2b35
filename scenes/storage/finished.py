"""The end of a game on disk: its replay is written, then the unfinished game is removed, in
one step, so that no moment exists when the game is in neither file (a kill there used to lose
it). A finished game still found as the unfinished game at the next start (the app was stopped
between the two) is kept as a replay then, unless the newest replays hold it already."""

from __future__ import annotations

import logging
from pathlib import Path

from game.core.protocols import GameState
from scenes.storage import replays, saved_game
from scenes.storage.files import Unreadable, read_json
from scenes.storage.saved_game import MAX_SAVE_BYTES, SavedGame

log = logging.getLogger(__name__)

#: how many of the newest replays are compared with a finished game found at start
RECENT = 3


def keep_finished(
    home: Path,
    saved: SavedGame,
    final_state: GameState,
    unless_kept: bool = False,
    clear: bool = True,
    slot: Path | None = None,
) -> Path | None:
    """Keep the finished game `saved` (which reaches `final_state`) as a replay in `home`, then
    (if `clear`) forget the unfinished game in its `slot` (`home` itself when not given: the
    single slot of earlier versions). The replay's path; None if it could not be written
    (logged; the unfinished game then stays, to be kept at the next start) or, with
    `unless_kept`, if one of the newest replays already holds it."""
    if unless_kept and _already_kept(home, saved):
        path = None
    else:
        try:
            path = replays.keep_replay(home, saved.game, replays.replay_data(saved, final_state))
        except (OSError, TypeError, ValueError):
            log.exception("could not keep the replay of the finished game")
            return None
        log.info("replay kept in %s", path)
    if clear:
        saved_game.clear_unfinished(home if slot is None else slot)
    return path


def _already_kept(home: Path, saved: SavedGame) -> bool:
    for path in replays.replay_files(home)[:RECENT]:
        try:
            data = read_json(path, MAX_SAVE_BYTES)
        except (Unreadable, OSError):
            continue
        if (
            isinstance(data, dict)
            and data.get("start") == saved.start
            and data.get("moves") == list(saved.moves)
        ):
            return True
    return False
