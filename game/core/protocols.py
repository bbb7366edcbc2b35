"""What every game offers, as protocols the app and the bots type against (API.md).

Both are generic in the game's move (`GameState[Move]`); the move parameter is covariant, so a
game's `State` is a `GameState[object]` wherever the game is not known (the app, storage)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, Self, TypeVar, runtime_checkable

from game.core.events import Event
from game.core.result import Result

#: a game's move type
M_co = TypeVar("M_co", covariant=True)


@runtime_checkable
class Move(Protocol):
    """A frozen, hashable move; `str(move)` is its notation."""

    def __str__(self) -> str: ...


@runtime_checkable
class GameView(Protocol[M_co]):
    """What a seat may know of a game (`State.view(seat)`, or the state itself in a game
    without secrets): the turn, the ending, the legal moves and the checks of a move."""

    @property
    def current_player(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    def legal_moves(self) -> Sequence[M_co]: ...
    def refusal(self, move: object) -> str | None: ...
    def check(self, move: object) -> M_co: ...
    def parse(self, text: str) -> M_co: ...


@runtime_checkable
class GameState(GameView[M_co], Protocol[M_co]):
    """What every game's `State` offers (the API.md contract)."""

    players: int

    @property
    def result(self) -> Result | None: ...
    def play(self, move: object) -> list[Event]: ...
    def clone(self) -> Self: ...
    def view(self, seat: int | None) -> GameView[M_co]: ...
    def diagram(self) -> str: ...
    def hand(self, seat: int) -> list[str]: ...
    def score(self, seat: int) -> int: ...
    def breakdown(self, seat: int) -> dict[str, int]: ...
    def to_dict(self) -> dict[str, Any]: ...


def to_act(state: GameView[object]) -> int:
    """The seat to act, asked only while the game goes on (a person's input, a computer's
    turn, a status line); ValueError once it is over."""
    seat = state.current_player
    if seat is None:
        raise ValueError("the game is over: no seat is to act")
    return seat


#: for code generic in the game it serves (a board and its parts): the game's state, what a seat
#: may know of it (the game's view, or its `State` in a game without secrets), its move
StateT = TypeVar("StateT", bound=GameState[object])
ViewT = TypeVar("ViewT", bound=GameView[object])
MoveT = TypeVar("MoveT")
