"""What a saved game or a replay may hold, field by field, before anything uses it: types,
ranges and lengths (names, colours as three bytes, seats, timestamps, moves, the result). The
game state itself is checked by its engine's `from_dict`.

Every check raises `Invalid` (a ValueError) saying which field is wrong, in words short enough
for a notice (a value from the file is never quoted at length).
"""

from __future__ import annotations

import math
from typing import Any, TypedDict, cast

from game import GAMES
from scenes.kit.palette import RGB
from scenes.kit.palette import SEAT_MARKS as MARKS
from scenes.kit.seats import MAX_SEATS, Seat, SetupData

#: the longest name of a seat (the setup scene allows fewer characters)
MAX_NAME_LENGTH = 64
#: the most moves a saved game may hold (a real game has at most about 150)
MAX_MOVES = 2000
MAX_MOVE_LENGTH = 80
#: the most times moves may have been taken back in one game
MAX_UNDOS = 100_000
MAX_SHORT_TEXT = 40
#: the time a file may say it was saved: from 2000-01-01 to 2100-01-01 (seconds since 1970)
EARLIEST, LATEST = 946_684_800.0, 4_102_444_800.0
#: seeds and points are whole numbers of this size at most
MAX_WHOLE = 2**63


class Invalid(ValueError):
    """A field that fails the schema; the message names it."""


def whole(value: object, what: str, low: int = -MAX_WHOLE, high: int = MAX_WHOLE) -> int:
    """`value` if it is an int (not a bool) from `low` to `high`."""
    if type(value) is not int or not low <= value <= high:
        raise Invalid(f"{what} is not a whole number from {low} to {high}")
    return value


def text(value: object, what: str, longest: int = MAX_SHORT_TEXT) -> str:
    """`value` if it is printable text of at most `longest` characters."""
    if type(value) is not str or len(value) > longest or not value.isprintable():
        raise Invalid(f"{what} is not a text of at most {longest} characters")
    return value


class ResultData(TypedDict, total=False):
    """How a replay's game ended, as its file keeps it."""

    winners: list[int]
    draw: bool
    scores: list[int]
    reason: str | None


def listed(value: object, what: str, longest: int) -> list[Any]:
    if type(value) is not list or len(value) > longest:
        raise Invalid(f"{what} is not a list of at most {longest} items")
    return value


def moment(value: object, what: str = "the time it was saved") -> float:
    """A finite, plausible time in seconds since 1970 (2000 to 2100)."""
    if (
        not isinstance(value, (int, float))
        or type(value) is bool
        or not math.isfinite(value)
        or not EARLIEST <= value <= LATEST
    ):
        raise Invalid(f"{what} is not a plausible date")
    return float(value)


def colour(value: object, what: str) -> tuple[str, RGB, str]:
    """A seat colour [name, [r, g, b], mark], each channel a byte."""
    if type(value) is not list or len(value) != 3:
        raise Invalid(f"{what} is not [name, [red, green, blue], mark]")
    name, rgb, mark = value
    text(name, f"{what}'s name")
    if type(rgb) is not list or len(rgb) != 3 or any(type(c) is not int for c in rgb):
        raise Invalid(f"{what} is not three bytes")
    if not all(0 <= c <= 255 for c in rgb):
        raise Invalid(f"{what} is not three bytes")
    if mark not in MARKS:
        raise Invalid(f"{what}'s mark is not one of {', '.join(MARKS)}")
    return name, (rgb[0], rgb[1], rgb[2]), mark


def seat(value: object, what: str) -> str:
    """`value` if it is a seat's stored form, `human` or `ai:LEVEL`."""
    try:
        Seat.from_str(value)
    except ValueError:
        raise Invalid(f"{what} is not human or ai:LEVEL") from None
    return str(value)


def setup(data: object, game: str) -> SetupData:
    """`data` if it is a setup of `game` (`GameSetup.to_dict()`) that passes the schema."""
    if type(data) is not dict:
        raise Invalid("the setup is not an object")
    if data.get("game") != game:
        raise Invalid("the setup is of another game")
    info = GAMES[game]
    seats = listed(data.get("seats"), "the seats", MAX_SEATS)
    for number, value in enumerate(seats, 1):
        seat(value, f"seat {number}")
    players = len(seats)
    if players not in info.player_counts:
        raise Invalid(f"{info.title} is not played by {players}")
    names = listed(data.get("names"), "the names", MAX_SEATS)
    colours = listed(data.get("colours"), "the colours", MAX_SEATS)
    if len(names) != players or len(colours) != players:
        raise Invalid("the names and colours do not match the seats")
    for number, name in enumerate(names, 1):
        text(name, f"the name of seat {number}", MAX_NAME_LENGTH)
    for number, value in enumerate(colours, 1):
        colour(value, f"the colour of seat {number}")
    options = data.get("options", {})
    keys = {option.key for option in info.options}
    if type(options) is not dict or not set(options) <= keys:
        raise Invalid("the options are not the game's own")
    if any(type(value) is not bool for value in options.values()):
        raise Invalid("an option is not true or false")
    whole(data.get("seed", 0), "the seed")
    whole(data.get("first_player", 0), "the first player", 0, players - 1)
    return cast(SetupData, data)  # (every field checked above)


def human_seats(value: object, setup: SetupData, what: str) -> list[int]:
    """`value` if it lists human seats of `setup` (a checked setup), each once, in order."""
    seats = listed(value, what, MAX_SEATS)
    for number in seats:
        whole(number, what, 0, len(setup["seats"]) - 1)
        if not Seat.from_str(setup["seats"][number]).is_human:
            raise Invalid(f"{what} name a computer's seat")
    if seats != sorted(set(seats)):
        raise Invalid(f"{what} are not in order, each once")
    return seats


def hint_marks(value: object, moves: int) -> list[int]:
    """Where the coach's hints were shown: how many moves had been played at each (0..`moves`),
    in order."""
    marks = listed(value, "the hints", MAX_MOVES)
    for mark in marks:
        whole(mark, "a hint's place", 0, moves)
    if marks != sorted(marks):
        raise Invalid("the hints are not in order")
    return marks


def moves(value: object) -> list[str]:
    """The moves in notation: at most MAX_MOVES texts of at most MAX_MOVE_LENGTH."""
    texts = listed(value, "the moves", MAX_MOVES)
    for number, move in enumerate(texts, 1):
        if type(move) is not str or len(move) > MAX_MOVE_LENGTH:
            raise Invalid(f"move {number} is not a move")
    return texts


def result(value: object, players: int) -> ResultData:
    """How a replay's game ended: winners and scores of its seats."""
    if type(value) is not dict:
        raise Invalid("the result is not an object")
    winners = listed(value.get("winners", []), "the winners", players)
    for number in winners:
        whole(number, "a winner", 0, players - 1)
    if type(value.get("draw", False)) is not bool:
        raise Invalid("the result's draw is not true or false")
    for score in listed(value.get("scores", []), "the scores", players):
        whole(score, "a score", -10_000, 10_000)
    if value.get("reason") is not None:
        text(value["reason"], "the result's reason")
    return cast(ResultData, value)  # (every field checked above)
