"""The unfinished games a data folder holds (scenes/storage/kept_games.py), as tests look at
them: every save file, and the one save when a single game is in progress."""

from __future__ import annotations

import json
from pathlib import Path

from scenes.storage.kept_games import FOLDER
from scenes.storage.saved_game import SAVE_FILE


def save_files(home: Path) -> list[Path]:
    """Every unfinished game's file: the single slot of earlier versions, then `games/*/`."""
    home = Path(home)
    found = [home / SAVE_FILE] if (home / SAVE_FILE).exists() else []
    return found + sorted((home / FOLDER).glob(f"*/{SAVE_FILE}"))


def the_save(home: Path) -> Path:
    """The save file of the one game in progress (AssertionError unless there is exactly one)."""
    files = save_files(home)
    assert len(files) == 1, files
    return files[0]


def saved_data(home: Path) -> dict:
    return json.loads(the_save(home).read_text())


def newest_saved(home: Path):
    """The newest unfinished game's SavedGame (None: there is none)."""
    from scenes.storage.kept_games import kept_games

    games, _notices = kept_games(home)
    return games[0].saved if games else None
