"""Consequence: the rules package (state, moves, events, view, diagram, bots).

The names of `game.consequence.state` (`new_game`, `parse_move`, `State`, ...) are the game's API
(shared/design/API.md) and are importable from here."""

from game.consequence.diagram import from_diagram
from game.consequence.state import (
    CODES,
    DESCRIPTOR,
    DIRECTION_WORDS,
    DIRECTIONS,
    HAND_CODES,
    LINES,
    MOON,
    PAIRS,
    PASS,
    RAYS,
    SEAT_NAMES,
    SEAT_SYMBOLS,
    SUN,
    TILE_CODES,
    TURN_LIMIT,
    ConsequenceMove,
    ConsequenceView,
    EndReason,
    FinalPlacements,
    IllegalMove,
    InvalidNotation,
    MoveTile,
    PairScored,
    Pass,
    Place,
    PlacePush,
    State,
    TilePlaced,
    TilePushedOff,
    TileRevealed,
    TileSlid,
    new_game,
    parse_move,
    redact_events,
)

#: `bench rules`: random 2-player games a second this engine must reach (issue 30)
THROUGHPUT_TARGET = 2700
#: ... and what the code before issue 30 did on the issue's machine: the target read on another
#: machine is this ratio to that code's figure there (scenes/bench/summary.py)
THROUGHPUT_BEFORE = 2700

__all__ = [
    "CODES",
    "DESCRIPTOR",
    "DIRECTIONS",
    "DIRECTION_WORDS",
    "HAND_CODES",
    "LINES",
    "MOON",
    "PAIRS",
    "PASS",
    "RAYS",
    "SEAT_NAMES",
    "SEAT_SYMBOLS",
    "SUN",
    "THROUGHPUT_BEFORE",
    "THROUGHPUT_TARGET",
    "TILE_CODES",
    "TURN_LIMIT",
    "ConsequenceMove",
    "ConsequenceView",
    "EndReason",
    "FinalPlacements",
    "IllegalMove",
    "InvalidNotation",
    "MoveTile",
    "PairScored",
    "Pass",
    "Place",
    "PlacePush",
    "State",
    "TilePlaced",
    "TilePushedOff",
    "TileRevealed",
    "TileSlid",
    "from_diagram",
    "new_game",
    "parse_move",
    "redact_events",
]
