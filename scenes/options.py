"""`Options`: what the command line asked of the app (`scenes.cli` reads it, `scenes.app.App`
starts from it)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from scenes.kit.seats import Seat


@dataclass
class Options:
    """What the command line asked for."""

    game: str | None = None
    seats: tuple[Seat, ...] | None = None
    seed: int | None = None
    fullscreen: bool = False
    kiosk: bool = False
    attract: bool = False
    frames: int | None = None
    screenshot: Path | None = None
    speed: float | None = None
    uncapped: bool = False
    #: draw and show every frame whole (as before issue 41), to compare in `bench window`
    present_whole: bool = False
