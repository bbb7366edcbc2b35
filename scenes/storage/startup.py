"""The data folder looked over when the app starts: the unfinished games (and their pictures),
every replay, the list of players and their record are checked, and what fails is set aside
with a notice, whatever scene opens first (the menu, a game, or the kiosk's attract loop).
Settings are checked by the settings store, the kiosk's figures by the kiosk."""

from __future__ import annotations

import logging
from pathlib import Path

from scenes.storage import kept_games, players, record, replays

log = logging.getLogger(__name__)


def check_data_folder(folder: Path) -> list[str]:
    """Set aside every bad file of the unfinished games, the replays and the players; the
    notices."""
    _, notices = kept_games.kept_games(folder)
    for load in (players.load_players, record.load_record):
        _, notice = load(folder)
        if notice:
            notices.append(notice)
    notice = replays.set_aside_bad(folder)
    if notice:
        notices.append(notice)
    return notices
