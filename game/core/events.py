"""The events every game's `play()` may return besides its own: the base class, a turn passed,
the game over. Scenes animate events in order; each is a small frozen dataclass."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.result import Result


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened during `play()`; scenes animate these in order."""


@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    """The turn of `seat` is over; `next_seat` acts next (None when the game is over)."""

    seat: int
    next_seat: int | None


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game has ended with `result`."""

    result: Result
