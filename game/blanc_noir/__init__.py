"""En blanc et noir: the rules package (state, moves, events, view, diagram, bots).

The game's API (shared/design/API.md: `new_game`, `parse_move`, `State`, its moves, events and
constants) is importable from here, each name from the module that defines it; this is the
package's one `__all__`."""

from game.blanc_noir.diagram import from_diagram
from game.blanc_noir.moves import (
    CardDrawn,
    CardScored,
    DrawCard,
    GameEnded,
    HunterMoved,
    LandLaid,
    LayLand,
    MarketRefilled,
    Move,
    ScoreCard,
    redact_events,
)
from game.blanc_noir.state import (
    DESCRIPTOR,
    EndReason,
    State,
    new_game,
    parse_move,
)
from game.blanc_noir.table import (
    ACTIONS_PER_TURN,
    BEAR_BONUS,
    BREAKDOWN_LABELS,
    HAND_LIMIT,
    HAND_SIZE,
    MARKET_SIZE,
    MASKS,
    ROTATIONS,
)
from game.blanc_noir.view import (
    View,
)
from game.core.engine import (
    IllegalMove,
    InvalidNotation,
)

__all__ = [
    "ACTIONS_PER_TURN",
    "BEAR_BONUS",
    "BREAKDOWN_LABELS",
    "DESCRIPTOR",
    "HAND_LIMIT",
    "HAND_SIZE",
    "MARKET_SIZE",
    "MASKS",
    "ROTATIONS",
    "CardDrawn",
    "CardScored",
    "DrawCard",
    "EndReason",
    "GameEnded",
    "HunterMoved",
    "IllegalMove",
    "InvalidNotation",
    "LandLaid",
    "LayLand",
    "MarketRefilled",
    "Move",
    "ScoreCard",
    "State",
    "View",
    "from_diagram",
    "new_game",
    "parse_move",
    "redact_events",
]
