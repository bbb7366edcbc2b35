"""PROVISIONAL (replaced by the screens branch): the unfinished game, saved after every move."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from game import GAMES
from scenes.boards import GameSetup
from scenes.kit.settings_store import write_json_atomically

FILE = "unfinished.json"
PICTURE = "unfinished.png"


@dataclass
class SavedGame:
    game: str
    setup: dict[str, Any]
    start: dict[str, Any]
    moves: list[str]
    saved_at: float = field(default_factory=time.time)
    version: str = "0.1.0"


def save_unfinished(folder: Path, saved: SavedGame, thumbnail: Any = None) -> None:
    write_json_atomically(Path(folder) / FILE, saved.__dict__)
    if thumbnail is not None:
        pygame.image.save(thumbnail, str(Path(folder) / PICTURE))


def load_unfinished(folder: Path) -> tuple[SavedGame | None, str | None]:
    path = Path(folder) / FILE
    if not path.exists():
        return None, None
    return SavedGame(**json.loads(path.read_text())), None


def clear_unfinished(folder: Path) -> None:
    for name in (FILE, PICTURE):
        (Path(folder) / name).unlink(missing_ok=True)


def restore(saved: SavedGame) -> tuple[GameSetup, Any, list[str]]:
    setup = GameSetup.from_dict(saved.setup)
    return setup, GAMES[saved.game].from_dict(saved.start), list(saved.moves)
