"""En blanc et noir moves (one action each) and the events `State.play` returns.

Moves are frozen and hashable; `str(move)` is the notation of the rules file (`land W2c 2 0`,
`score B4a`, `draw W3b`). Events carry what a scene animates; `redact_events` hides from a
viewer the faces of cards other seats laid face down.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.blanc_noir_cards import CARD_IDS
from game.blanc_noir_patterns import Square
from game.core import Event, GameOver

# --- moves ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LayLand:
    """Action A (BN-11, BN-12): lay `card` face down at `square` (expand, or stack an overlay)."""

    card: str
    square: Square

    def __str__(self) -> str:
        return f"land {self.card} {self.square[0]} {self.square[1]}"


@dataclass(frozen=True, slots=True)
class ScoreCard:
    """Action B (BN-13): score `card` from hand; the engine finds the match."""

    card: str

    def __str__(self) -> str:
        return f"score {self.card}"


@dataclass(frozen=True, slots=True)
class DrawCard:
    """Action C (BN-14): take `card` from the market into hand."""

    card: str

    def __str__(self) -> str:
        return f"draw {self.card}"


Move = LayLand | ScoreCard | DrawCard
SCORE_MOVES = {cid: ScoreCard(cid) for cid in CARD_IDS}
DRAW_MOVES = {cid: DrawCard(cid) for cid in CARD_IDS}
LAND_MOVES: dict[str, dict[Square, LayLand]] = {cid: {} for cid in CARD_IDS}


def land_move(card: str, square: Square) -> LayLand:
    """The move laying `card` at `square`, made once and reused (legal_moves stays lean)."""
    moves = LAND_MOVES[card]
    move = moves.get(square)
    if move is None:
        move = moves[square] = LayLand(card, square)
    return move


# --- events -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """`player` took `card` from market slot `slot` (0-based, before the card left it)."""

    player: int
    card: str
    slot: int


@dataclass(frozen=True, slots=True)
class MarketRefilled(Event):
    """After the turn, `cards` went from the deck to the end of the market (BN-15)."""

    cards: tuple[str, ...]
    market: tuple[str, ...]
    deck_size: int


@dataclass(frozen=True, slots=True)
class LandLaid(Event):
    """`player` laid `card` (of `colour`) at `square`; `overlay`: stacked on land (BN-12)."""

    player: int
    card: str
    square: Square
    colour: str
    overlay: bool


@dataclass(frozen=True, slots=True)
class HunterMoved(Event):
    """The hunter went from `from_square` (None: beside the land) to `to_square` (BN-11)."""

    from_square: Square | None
    to_square: Square


@dataclass(frozen=True, slots=True)
class CardScored(Event):
    """`player` scored `card`; `squares` are the land squares under its icons (BN-13)."""

    player: int
    card: str
    squares: tuple[Square, ...]


@dataclass(frozen=True, slots=True)
class GameEnded(GameOver):
    """The game is over; `breakdowns[seat]` is ((label, points), ...) as `breakdown(seat)`."""

    breakdowns: tuple[tuple[tuple[str, int], ...], ...]


def redact_events(events: list[Event], viewer: int | None) -> list[Event]:
    """The events as `viewer` may see them: a card laid face down by another seat is shown as
    its colour and `?` (`WO?` when stacked as an overlay). Everything else is public."""
    out: list[Event] = []
    for event in events:
        if isinstance(event, LandLaid) and event.player != viewer:
            event = replace(event, card=event.colour + ("O?" if event.overlay else "?"))
        out.append(event)
    return out
