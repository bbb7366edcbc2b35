"""The data folder looked over when the app starts: the unfinished game (and its picture) and
every replay are checked, and what fails is set aside with a notice, whatever scene opens first
(the menu, a game, or the kiosk's attract loop). Settings are checked by the settings store, the
kiosk's figures by the kiosk."""

from __future__ import annotations

import logging
from pathlib import Path

from scenes.storage import continuing, replays

log = logging.getLogger(__name__)


def check_data_folder(folder: Path) -> list[str]:
    """Set aside every bad file of the unfinished game and the replays; the notices."""
    notices = []
    _, notice = continuing.load_unfinished(folder)
    if notice:
        notices.append(notice)
    notice = replays.set_aside_bad(folder)
    if notice:
        notices.append(notice)
    return notices
