"""Whose Foods positions drawn in the notation of `State.diagram()`, checked against the rules.

`from_diagram` (re-exported by game.whose_foods) reads a diagram and what it cannot show (whose
turn, the hands, the captures); ValueError for a position the rules cannot hold, so a picture in
the rules screen or a test never shows one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from game.core.grid import SQUARES, read_grid
from game.whose_foods.moves import (
    CAN_DEAL,
    CAN_PIECES,
    EMPTY,
    PIECES,
    SHARED_PER_KIND,
    SHARED_PIECES,
    parse_piece,
    size,
)

if TYPE_CHECKING:
    from game.whose_foods import State


def from_diagram(
    diagram: str,
    players: int = 2,
    to_move: int = 0,
    hands: Sequence[tuple[int, int]] | None = None,
    captured: Sequence[Iterable[str]] | None = None,
) -> State:
    """A position for tests and puzzles: the board from a diagram (row 4 first), `to_move` to
    place.

    `hands` gives each seat's (large, small) cans; by default the WF-4 deal, less the cans that
    are on the board or captured, taken from the first seats' hands. The supply holds the shared
    pieces that are neither on the board nor captured. ValueError for a position the rules
    cannot hold: pieces that do not add up, a stack that is not small on large.
    """
    from game.whose_foods import State  # the state module imports this one

    state = State(players, to_move)
    _set_board(state, diagram)
    if captured is not None:
        if len(captured) > players:
            raise ValueError(f"captures of {len(captured)} seats in a {players}-player game")
        for seat, names in enumerate(captured):
            for name in names:
                state.catches[seat][parse_piece(name)] += 1
    used = _pieces_out(state)
    state.pool = [SHARED_PER_KIND - used[p] if p in SHARED_PIECES else 0 for p in PIECES]
    if any(n < 0 for n in state.pool):
        raise ValueError("more shared pieces than the game has")
    state.hands = _hands(players, used) if hands is None else _given_hands(players, hands)
    state.check_pieces()
    return state


def _set_board(state: State, diagram: str) -> None:
    """Put the pieces of a diagram on the board of `state`."""
    for sq, cell in enumerate(read_grid(diagram)):
        if cell != ".":
            pieces = [parse_piece(p) for p in cell.split("/")]
            if len(pieces) > 2:
                raise ValueError(f"{cell!r}: a stack is at most two pieces (WF-9)")
            state.top[sq] = pieces[-1]
            state.under[sq] = pieces[0] if len(pieces) == 2 else EMPTY


def _pieces_out(state: State) -> list[int]:
    """How many of each piece are on the board or captured."""
    used = [0] * len(PIECES)
    for sq in SQUARES:
        for p in (state.top[sq], state.under[sq]):
            if p != EMPTY:
                used[p] += 1
    for row in state.catches:
        for p in PIECES:
            used[p] += row[p]
    return used


def _hands(players: int, used: list[int]) -> list[list[int]]:
    """The WF-4 deal less the cans in `used`, taken from the first seats' hands."""
    hands = [[large, small] for large, small in CAN_DEAL[players]]
    for can in CAN_PIECES:
        owed = used[can]
        for hand in hands:
            taken = min(owed, hand[size(can)])
            hand[size(can)] -= taken
            owed -= taken
    return hands


def _given_hands(players: int, hands: Sequence[tuple[int, int]]) -> list[list[int]]:
    if len(hands) != players or any(
        len(h) != 2 or any(n.__class__ is not int or n < 0 for n in h) for h in hands
    ):
        raise ValueError(f"hands are {players} pairs (large cans, small cans) of counts")
    return [list(h) for h in hands]
