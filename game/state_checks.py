"""Checks for `State.from_dict` of every game and for the seat arguments of the read API: a
saved state comes from a file that may be damaged or hostile, so each field is checked for type
and range before it is used, and an impossible state is refused with a ValueError naming the
field (a bool is never taken for a number, and no value from the data is quoted at length).

    players = whole(field(d, "players"), "players", 2, 4)
    seat = seat_number(seat, players)        # hand(seat), view(seat)
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from game.core import Result, shown


def field(data: Any, key: str) -> Any:
    """`data[key]`; ValueError if `data` is not a mapping or lacks `key`."""
    if not isinstance(data, Mapping):
        raise ValueError(f"a saved state is an object, not {shown(data, 30)}")
    if key not in data:
        raise ValueError(f"the saved state has no {key!r}")
    return data[key]


def whole(value: Any, what: str, low: int, high: int) -> int:
    """`value` if it is an int (not a bool) from `low` to `high`."""
    if type(value) is not int or not low <= value <= high:
        raise ValueError(
            f"{what} must be a whole number from {low} to {high}, not {shown(value, 30)}"
        )
    return value


def flag(value: Any, what: str) -> bool:
    if type(value) is not bool:
        raise ValueError(f"{what} must be true or false, not {shown(value, 30)}")
    return value


def items(value: Any, what: str, longest: int, exactly: bool = False) -> list[Any]:
    """`value` if it is a list (a tuple too) of at most `longest` items (`exactly` that many)."""
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"{what} must be a list, not {shown(value, 30)}")
    if len(value) > longest or (exactly and len(value) != longest):
        wanted = f"{longest}" if exactly else f"at most {longest}"
        raise ValueError(f"{what} must hold {wanted} items, not {len(value)}")
    return list(value)


def mapping(value: Any, what: str, longest: int) -> dict[Any, Any]:
    if not isinstance(value, Mapping) or len(value) > longest:
        raise ValueError(f"{what} must be an object of at most {longest} entries")
    return dict(value)


def one_of(value: Any, what: str, choices: Any) -> Any:
    """`value` if it is a str among `choices`."""
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{what} is not one of the game's: {shown(value, 30)}")
    return value


def seat_number(seat: Any, players: int, what: str = "") -> int:
    """`seat` if it is a seat 0..players-1; ValueError for anything else: a negative or too
    large number, a bool, a float, None. `what` names the field in the message."""
    if type(seat) is not int or not 0 <= seat < players:
        named = f"{what} " if what else ""
        raise ValueError(f"{named}{shown(seat, 30)} is not a seat of this {players}-player game")
    return seat


def viewer(seat: Any, players: int) -> int | None:
    """`seat` if it is a seat or None (a spectator), for `view`; ValueError otherwise."""
    return None if seat is None else seat_number(seat, players)


def point(value: Any, what: str, reach: int) -> tuple[int, int]:
    """An (x, y) saved as [x, y], each from -reach to reach."""
    x, y = items(value, what, 2, exactly=True)
    return whole(x, what, -reach, reach), whole(y, what, -reach, reach)


def result(data: Any, reasons: type[StrEnum], players: int) -> Result | None:
    """The saved result of a game of `players` (None: not over)."""
    if data is None:
        return None
    winners = items(field(data, "winners"), "the winners", players)
    scores = items(field(data, "scores"), "the scores", players, exactly=True)
    disqualified = items(data.get("disqualified", []), "the disqualified", players)
    for seat in winners + disqualified:
        whole(seat, "a seat of the result", 0, players - 1)
    for score in scores:
        whole(score, "a score", -10_000, 10_000)
    if len(set(winners)) != len(winners) or len(set(disqualified)) != len(disqualified):
        raise ValueError("the result names a seat twice")
    flag(field(data, "draw"), "the result's draw")
    one_of(field(data, "reason"), "the result's reason", {str(r) for r in reasons})
    return Result.from_dict(data, reasons)
