"""The rules core shared by the three games: errors, results, event base types, squares.

Every game module builds on these names so that scenes, bots and tests can treat the games alike
(see shared/design/API.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable


class IllegalMove(ValueError):
    """A move that is malformed or not legal now; the message says why. The state is unchanged."""


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended."""

    winners: tuple[int, ...]
    draw: bool
    scores: tuple[int, ...]
    reason: str
    disqualified: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened during `play()`; scenes animate these in order."""


@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    """The turn of `player` is over; `next_player` acts next (None when the game is over)."""

    player: int
    next_player: int | None


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game has ended with `result`."""

    result: Result


class TurnState:
    """Whose turn it is and how the game ended: shared by every game's state and view.

    Subclasses keep `_current` (the seat to act, None once over) and `_result` in their slots.
    """

    __slots__ = ()
    _current: int | None
    _result: Result | None

    @property
    def current_player(self) -> int | None:
        return self._current

    @property
    def is_over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> Result | None:
        return self._result


@runtime_checkable
class Move(Protocol):
    """A frozen, hashable move; `str(move)` is its notation."""

    def __str__(self) -> str: ...


@runtime_checkable
class GameState(Protocol):
    """What every game's `State` offers (the API.md contract)."""

    players: int

    @property
    def current_player(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def result(self) -> Result | None: ...
    def legal_moves(self) -> list[Any]: ...
    def play(self, move: Any) -> list[Event]: ...
    def clone(self) -> GameState: ...
    def view(self, seat: int | None) -> Any: ...
    def diagram(self) -> str: ...
    def hand(self, seat: int) -> list[str]: ...
    def score(self, seat: int) -> int: ...
    def to_dict(self) -> dict[str, Any]: ...


# --- squares of a 4x4 grid -------------------------------------------------------------------
# A square is an int 0..15: index = row * 4 + column, with a1 = 0, d1 = 3, a4 = 12, d4 = 15.

FILES = "abcd"
SIZE = 4
SQUARES = tuple(range(SIZE * SIZE))
SQUARE_NAMES = tuple(FILES[sq % SIZE] + str(sq // SIZE + 1) for sq in SQUARES)
_SQUARE_BY_NAME = {name: sq for sq, name in enumerate(SQUARE_NAMES)}


def square_name(square: int) -> str:
    """`0` -> `'a1'`, `15` -> `'d4'`."""
    return SQUARE_NAMES[square]


def parse_square(text: str) -> int:
    """`'a1'` -> `0`; raises IllegalMove for anything that is not a square of the 4x4 grid."""
    try:
        return _SQUARE_BY_NAME[text]
    except KeyError:
        raise IllegalMove(f"{text!r} is not a square (a1 .. d4)") from None


def column_row(square: int) -> tuple[int, int]:
    """The (column, row) of a square, both 0-based: `a1` -> (0, 0), `d4` -> (3, 3)."""
    return square % SIZE, square // SIZE


def neighbours(square: int) -> tuple[int, ...]:
    """The up-to-eight squares touching `square` orthogonally or diagonally."""
    return _NEIGHBOURS[square]


def _compute_neighbours(square: int) -> tuple[int, ...]:
    col, row = column_row(square)
    return tuple(
        r * SIZE + c
        for r in range(row - 1, row + 2)
        for c in range(col - 1, col + 2)
        if (c, r) != (col, row) and 0 <= c < SIZE and 0 <= r < SIZE
    )


_NEIGHBOURS = tuple(_compute_neighbours(sq) for sq in SQUARES)


def render_grid(cells: Sequence[str]) -> str:
    """Four lines, row 4 first, the 16 cell texts of each row separated by spaces."""
    return "\n".join(
        " ".join(cells[row * SIZE + col] for col in range(SIZE)) for row in reversed(range(SIZE))
    )


# --- helpers for tests, bots and benchmarks -----------------------------------------------------


def random_playout(state: GameState, rng: random.Random, max_moves: int = 10_000) -> list[Any]:
    """Play uniformly random legal moves until the game is over; returns the moves played."""
    played = []
    while not state.is_over:
        moves = state.legal_moves()
        if not moves or len(played) >= max_moves:
            raise RuntimeError(f"game did not end: {len(moves)} legal moves after {len(played)}")
        move = rng.choice(moves)
        state.play(move)
        played.append(move)
    return played
