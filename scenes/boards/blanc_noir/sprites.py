"""What the En blanc et noir presenter moves: card sprites, the hunter's pawn, a dropped card's
bounce, a score's pulse, the bear count's tally and the counters the panels show."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.blanc_noir.cards import CARDS
from scenes.boards.blanc_noir.layout import Square
from scenes.kit.i18n import Message


def known(code: str) -> bool:
    """Whether `code` is a card's id (not a colour with `?`)."""
    return code in CARDS


@dataclass(eq=False)
class CardSprite:
    """A card as drawn: centre and width in canvas pixels; `face_up` shows its face (only ever
    for a known id), `land_side` its land picture (a laid card's back). `flip` is the horizontal
    squash while it turns (1 flat, 0 edge-on); `path` makes it fly to a land square wherever the
    camera is: (start x, start y, start width, square), with `t` its progress."""

    code: str
    x: float = 0.0
    y: float = 0.0
    width: float = 100.0
    face_up: bool = False
    land_side: bool = False
    flip: float = 1.0
    lift: float = 0.0
    z: int = 0
    glow: float = 0.0
    path: tuple[float, float, float, Square] | None = None
    t: float = 0.0

    @property
    def shows_face(self) -> bool:
        return self.face_up and known(self.code) and not self.land_side


@dataclass(eq=False)
class Pawn:
    """The hunter: where it stands in land coordinates, and how far through a hop it is."""

    x: float
    y: float
    on_land: bool = False
    hop: float = 0.0


@dataclass(eq=False)
class Drop:
    """The newest card of a square settling: 1 held above the square, 0 at rest."""

    lift: float = 1.0


@dataclass(eq=False)
class Pulse:
    """The squares a scored card matched, pulsing with their icons' colours."""

    squares: tuple[Square, ...]
    colours: dict[Square, str]
    seat: int
    progress: float = 0.0
    alpha: float = 255.0


@dataclass(eq=False)
class Tally:
    """The bear count (BN-19): squares counted so far, each with its number in its colour."""

    numbers: dict[Square, int] = field(default_factory=dict)
    white: int = 0
    black: int = 0
    verdict: str | Message = ""  #: (a lazy message: it follows a switch of language)
    alpha: float = 255.0


@dataclass(eq=False)
class Counter:
    """A number that ticks to its value (the deck's size)."""

    value: float = 0.0
