"""En blanc et noir moves (one action each), their notation, and the events `State.play`
returns.

Moves are frozen and hashable; `str(move)` is the notation of the rules file (`land W2c 2 0`,
`score B4a`, `draw W3b`); `read_move` reads it back and `malformed` says why an object is not a
well-formed move. Events carry what a scene animates; `redact_events` hides from a viewer the
faces of cards other seats laid face down.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from game.blanc_noir.cards import CARD_IDS, CARDS
from game.blanc_noir.patterns import Square
from game.core.engine import InvalidNotation, MadeMoves, shown
from game.core.events import Event, GameOver

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
#: every move object this game hands out (legal_moves): `play` takes them as well-formed
MADE = MadeMoves((*SCORE_MOVES.values(), *DRAW_MOVES.values()))
_INTEGER = re.compile(r"-?[0-9]{1,9}")
#: Where each card id stands in `CARD_IDS`: its place in a spot's moves.
CARD_INDEX = {cid: index for index, cid in enumerate(CARD_IDS)}


class Spots(dict[Square, tuple[LayLand, ...]]):
    """Square -> its spot: the moves laying each card there, in `CARD_IDS` order, made on first
    asking and reused (legal_moves stays lean, and `malformed` knows them at once)."""

    def __missing__(self, square: Square) -> tuple[LayLand, ...]:
        moves = self[square] = tuple(MADE.add(LayLand(cid, square)) for cid in CARD_IDS)
        return moves


#: every spot made so far (`SPOTS.get` makes none)
SPOTS = Spots()


def spot(square: Square) -> tuple[LayLand, ...]:
    """The moves laying each card at `square`, in `CARD_IDS` order (made on first use)."""
    return SPOTS[square]


def spots(squares: tuple[Square, ...]) -> tuple[tuple[LayLand, ...], ...]:
    """The spot of each of `squares`, in order."""
    return tuple(map(SPOTS.__getitem__, squares))


def malformed(move: object) -> str | None:
    """Why `move` is not a well-formed En blanc et noir move (another class, an unknown card, a
    square that is not a pair of ints; a bool is not an int), or None."""
    if MADE.get(id(move), MADE) is move:
        return None
    kind = type(move)
    if kind is not LayLand and kind is not ScoreCard and kind is not DrawCard:
        return f"{shown(move)} is not an En blanc et noir move"
    card = getattr(move, "card", None)
    if card.__class__ is not str or card not in CARDS:
        return f"{shown(card)} is not a card id"
    if kind is LayLand:
        square = getattr(move, "square", None)
        if square.__class__ is not tuple or not (
            len(square) == 2 and square[0].__class__ is int and square[1].__class__ is int
        ):
            return f"{shown(square)} is not a square: a pair of ints (x, y)"
    return None


def read_move(text: str) -> Move:
    """The move written `text` (`land W2c 2 0`, `score B4a`, `draw W3b`), not yet checked against
    a position; InvalidNotation if it does not parse."""
    parts = text.split()
    if not parts:
        raise InvalidNotation("empty move text")
    verb, args = parts[0], parts[1:]
    if verb not in ("land", "score", "draw"):
        raise InvalidNotation(f"unknown action {verb!r}: use land, score or draw")
    if len(args) != (3 if verb == "land" else 1):
        shape = "land CARD X Y" if verb == "land" else f"{verb} CARD"
        raise InvalidNotation(f"{text!r} is not of the form '{shape}'")
    card = args[0]
    if card not in CARDS:
        raise InvalidNotation(f"unknown card {card!r}")
    if verb == "score":
        return SCORE_MOVES[card]
    if verb == "draw":
        return DRAW_MOVES[card]
    if not (_INTEGER.fullmatch(args[1]) and _INTEGER.fullmatch(args[2])):
        raise InvalidNotation(
            f"{args[1]} {args[2]} is not a square: two integers (9 digits at most)"
        )
    square = (int(args[1]), int(args[2]))
    known = SPOTS.get(square)
    return LayLand(card, square) if known is None else known[CARD_INDEX[card]]


# --- events -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """`seat` took `card` from market slot `slot` (0-based, before the card left it)."""

    seat: int
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
    """`seat` laid `card` (of `colour`) at `square`; `overlay`: stacked on land (BN-12)."""

    seat: int
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
    """`seat` scored `card`; `squares` are the land squares under its icons (BN-13)."""

    seat: int
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
        if isinstance(event, LandLaid) and event.seat != viewer:
            event = replace(event, card=event.colour + ("O?" if event.overlay else "?"))
        out.append(event)
    return out
