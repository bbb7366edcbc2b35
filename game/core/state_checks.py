"""Checks for the states every game builds with `State.from_parts` (and so `from_dict`) and for
the seat arguments of the read API: a saved state comes from a file that may be damaged or
hostile, so each part is checked for type and range before it is used, and an impossible state
is refused with a ValueError naming the field (a bool is never taken for a number, and no value
from the data is quoted at length).

    players = whole(players, "players", 2, 4)             # in from_parts
    hands = items(field(d, "hands"), "the hands", 4)      # in from_dict: the saved shape
    seat = seat_number(seat, players)                     # hand(seat), view(seat)
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from game.core.engine import shown
from game.core.result import Result

#: the widest score a result may hold
SCORE_REACH = 10_000


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
    """`value` if it is a bool."""
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
    """`value` if it is a mapping of at most `longest` entries."""
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
    """An (x, y), saved as [x, y], each from -reach to reach."""
    x, y = items(value, what, 2, exactly=True)
    return whole(x, what, -reach, reach), whole(y, what, -reach, reach)


def to_move(current: Any, players: int, result: Result | None, what: str) -> int | None:
    """The seat to move of a state: a seat while the game runs, None once it is over."""
    if result is None:
        return seat_number(current, players, what)
    if current is not None:
        raise ValueError("a finished game has no player to move")
    return None


def saved_result(data: Any, reasons: type[StrEnum], seats: int) -> Result | None:
    """The result saved by `Result.to_dict` (None: not over) of a game of at most `seats`
    players, in its shape; `checked_result` checks it against the game's players."""
    if data is None:
        return None
    winners = field(data, "winners")  # (a ValueError unless `data` is a mapping)
    disqualified = data.get("disqualified", [])
    return Result(
        winners=tuple(items(winners, "the winners", seats)),
        draw=flag(field(data, "draw"), "the result's draw"),
        scores=tuple(items(field(data, "scores"), "the scores", seats)),
        reason=reasons(one_of(field(data, "reason"), "the result's reason", set(reasons))),
        disqualified=tuple(items(disqualified, "the disqualified", seats)),
    )


def checked_result(result: Result | None, players: int) -> Result | None:
    """`result` if its seats are seats of a game of `players`, once each, with a score per
    seat."""
    if result is None:
        return None
    for seat in result.winners + result.disqualified:
        seat_number(seat, players, "the result's")
    if len(result.scores) != players:
        raise ValueError(f"the scores must hold {players} items, not {len(result.scores)}")
    for score in result.scores:
        whole(score, "a score", -SCORE_REACH, SCORE_REACH)
    flag(result.draw, "the result's draw")
    seats = result.winners, result.disqualified
    if any(len(set(named)) != len(named) for named in seats):
        raise ValueError("the result names a seat twice")
    return result
