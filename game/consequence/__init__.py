"""Consequence: the rules package (state, moves, events, view, diagram, bots).

The game's API (shared/design/API.md: `new_game`, `parse_move`, `State`, its moves, events and
constants) is importable from here, each name from the module that defines it; this is the
package's one `__all__`."""

from game.consequence.diagram import from_diagram
from game.consequence.events import (
    FinalPlacements,
    PairScored,
    TilePlaced,
    TilePushedOff,
    TileRevealed,
    TileSlid,
    redact_events,
)
from game.consequence.moves import (
    CODES,
    DIRECTION_WORDS,
    DIRECTIONS,
    HAND_CODES,
    MOON,
    PASS,
    RAYS,
    SEAT_NAMES,
    SEAT_SYMBOLS,
    SUN,
    TILE_CODES,
    TURN_LIMIT,
    ConsequenceMove,
    MoveTile,
    Pass,
    Place,
    PlacePush,
)
from game.consequence.scoring import (
    LINES,
    PAIRS,
)
from game.consequence.state import (
    DESCRIPTOR,
    EndReason,
    State,
    new_game,
    parse_move,
)
from game.consequence.view import (
    ConsequenceView,
)
from game.core.engine import (
    IllegalMove,
    InvalidNotation,
)

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
