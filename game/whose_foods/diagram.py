"""Whose Foods positions drawn in the notation of `State.diagram()`, checked against the rules.

`from_diagram` (re-exported by game.whose_foods) reads a diagram and what it cannot show (whose
turn, the hands, the captures); ValueError for a position the rules cannot hold, so a picture in
the rules screen or a test never shows one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

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
from game.whose_foods.state import State


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
    top, under = _board(diagram)
    catches = [[0] * len(PIECES) for _ in range(players)]
    if captured is not None:
        if len(captured) > players:
            raise ValueError(f"captures of {len(captured)} seats in a {players}-player game")
        for seat, names in enumerate(captured):
            for name in names:
                catches[seat][parse_piece(name)] += 1
    used = _pieces_out(top, under, catches)
    pool = [SHARED_PER_KIND - used[p] if p in SHARED_PIECES else 0 for p in PIECES]
    if any(n < 0 for n in pool):
        raise ValueError("more shared pieces than the game has")
    return State.from_parts(
        players=players,
        top=top,
        under=under,
        pool=pool,
        hands=_hands(players, used) if hands is None else _given_hands(players, hands),
        catches=catches,
        current=to_move,
    )


def _board(diagram: str) -> tuple[list[int], list[int]]:
    """The visible and the covered piece of each square of a diagram (EMPTY for none)."""
    top, under = [EMPTY] * len(SQUARES), [EMPTY] * len(SQUARES)
    for sq, cell in enumerate(read_grid(diagram)):
        if cell != ".":
            pieces = [parse_piece(p) for p in cell.split("/")]
            if len(pieces) > 2:
                raise ValueError(f"{cell!r}: a stack is at most two pieces (WF-9)")
            top[sq] = pieces[-1]
            under[sq] = pieces[0] if len(pieces) == 2 else EMPTY
    return top, under


def _pieces_out(top: list[int], under: list[int], catches: list[list[int]]) -> list[int]:
    """How many of each piece are on the board or captured."""
    used = [0] * len(PIECES)
    for p in (*top, *under):
        if p != EMPTY:
            used[p] += 1
    for row in catches:
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
