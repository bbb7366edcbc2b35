"""`KioskControl`: kiosk mode's controller (`scenes.kiosk.controller.Kiosk`) as the scenes see it
through `app.kiosk_control`: the day's figures and challenge board, the PIN guard, the idle
countdown, and what a game tells it. The scenes import this, never the controller that makes
them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.core.protocols import GameState
    from scenes.kiosk.challenge import DayBoard
    from scenes.kiosk.figures import Figures
    from scenes.kiosk.pin import PinGuard
    from scenes.kit.seats import GameSetup


class KioskControl(Protocol):
    """What a kiosk scene may ask of kiosk mode."""

    @property
    def figures(self) -> Figures: ...
    @property
    def day_board(self) -> DayBoard: ...
    @property
    def pin_guard(self) -> PinGuard: ...
    @property
    def countdown(self) -> float | None:
        """Seconds left of "Still playing?", or None when it is not showing."""
        ...

    @property
    def needs_pin(self) -> bool: ...
    @property
    def wall(self) -> Callable[[], float]:
        """The stand's clock (seconds since the epoch): the day's figures, hours and exports."""
        ...

    def ask_first_pin(self, then: Callable[[], object]) -> None: ...
    def seat_taken(self, setup: GameSetup) -> None: ...
    def hints_allowed(self, setup: GameSetup) -> bool:
        """May the coach give hints in a game of `setup` (not in the challenge)?"""
        ...

    def game_finished(self, setup: GameSetup, final: GameState) -> None: ...
    def open_operator(self) -> None: ...
