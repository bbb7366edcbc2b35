"""The En blanc et noir lesson: the two actions of a turn, laying a card (and an overlay on top
of the land), scoring a card whose 2x2 pattern matches the land, turned, drawing from the
market, and the end with the bears, in six steps on the real board. The person sees only their
own seat's view (their hand, the faces of the cards they laid); the other seat's replies are
scripted. Positions are land diagrams `from_diagram` reads (rows from the top, `.` no land,
lower case under the hunter) with the hands, market, scored cards and stacks named; every claim
is checked against the engine's events (`scenes.boards.lessons.check`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game import blanc_noir as bn
from game.core.events import Event
from scenes.boards.lessons import Callout, GoesOn, Lesson, Position, Reply, Scores, Step, Wins, You
from scenes.kit.i18n import N_

# --- what the lesson says the engine does ------------------------------------------------------


def _square(text: str) -> tuple[int, int]:
    x, y = text.split()
    return int(x), int(y)


@dataclass(frozen=True)
class Laid:
    """`card` was laid on `square` ("x y"), on top of land if `overlay`, and the hunter moved
    onto it (BN-11, BN-12)."""

    card: str
    square: str
    overlay: bool

    def check(self, events: Sequence[Event], state: bn.State) -> str | None:
        square = _square(self.square)
        laid = [(e.card, e.square, e.overlay) for e in events if isinstance(e, bn.LandLaid)]
        if (self.card, square, self.overlay) not in laid:
            return f"the cards laid were {laid}"
        hunted = [e.to_square for e in events if isinstance(e, bn.HunterMoved)]
        return None if square in hunted else f"the hunter went to {hunted}"


@dataclass(frozen=True)
class Colour:
    """The top card of `square` ("x y") is of `colour` ("W" or "B")."""

    square: str
    colour: str

    def check(self, events: Sequence[Event], state: bn.State) -> str | None:
        top = state.land[_square(self.square)][-1][0]
        return None if top == self.colour else f"the top card there is {top}"


@dataclass(frozen=True)
class HunterOn:
    """The hunter stands on `square` ("x y") once the step's beats are played (BN-12)."""

    square: str

    def check(self, events: Sequence[Event], state: bn.State) -> str | None:
        hunter = state.hunter
        return None if hunter == _square(self.square) else f"the hunter stands on {hunter}"


@dataclass(frozen=True)
class Drew:
    """`seat` drew `card` from the market (BN-14)."""

    seat: int
    card: str

    def check(self, events: Sequence[Event], state: bn.State) -> str | None:
        drawn = [(e.seat, e.card) for e in events if isinstance(e, bn.CardDrawn)]
        return None if (self.seat, self.card) in drawn else f"the cards drawn were {drawn}"


@dataclass(frozen=True)
class Refilled:
    """The market was refilled from the deck after a turn (BN-15)."""

    def check(self, events: Sequence[Event], state: bn.State) -> str | None:
        return None if any(isinstance(e, bn.MarketRefilled) for e in events) else "no refill"


@dataclass(frozen=True)
class Scored:
    """`seat` scored `card` on the land squares `squares` ("x y" each) (BN-4, BN-13)."""

    seat: int
    card: str
    squares: tuple[str, ...]

    def check(self, events: Sequence[Event], state: bn.State) -> str | None:
        scored = [(e.seat, e.card, set(e.squares)) for e in events if isinstance(e, bn.CardScored)]
        wanted = (self.seat, self.card, {_square(s) for s in self.squares})
        return None if wanted in scored else f"the cards scored were {scored}"


@dataclass(frozen=True)
class BearBonus:
    """At the end `seat`'s bear bonus is `points` (BN-19)."""

    seat: int
    points: int

    def check(self, events: Sequence[Event], state: bn.State) -> str | None:
        bonus = state.breakdown(self.seat).get("bear bonus")
        return None if bonus == self.points else f"seat {self.seat}'s bear bonus is {bonus}"


START = """
B W
W B
"""

#: the end of a game: every card is somewhere (the land, the hands, the scored piles, the last
#: market card); overlays stand on five squares
END = """
B B W B
W B W B
B W B B
. B B w
"""
END_STACKS = {
    (-1, 2): ("B2c", "WOa", "BOa"),
    (2, 1): ("W2c", "BOb"),
    (1, -1): ("B2d", "WOb", "BOc"),
    (-1, 1): ("B3b", "WOc"),
    (2, 0): ("B2a", "BOd"),
}

# --- the lesson --------------------------------------------------------------------------------

LESSON = Lesson(
    game=bn.DESCRIPTOR.key,
    start=bn.from_diagram,
    summary=N_(
        "Two actions a turn: lay a card next to the land (an overlay may also go on top), score a "
        "hand card whose pattern matches the land, turned any way, or draw from the market. The "
        "game ends after the turn that takes the last card; cards in hand count against you, and "
        "the bears of the colour with more land add 2 each."
    ),
    steps=(
        Step(
            goal=N_(
                "A turn is two actions. First, lay a card next to the land: pick up your black 2, "
                "then put it on the square in the yellow ring, right of the land."
            ),
            position=Position(
                START,
                {
                    "hands": (("B2b", "W2c", "WOa"), ("B3b", "W5b", "B2d")),
                    "market": ("W3d", "B3a", "W2b"),
                },
            ),
            beats=(You(("land B2b 2 0",)),),
            callout=Callout(
                N_(
                    "The land grew. Your card lies face down: the others see only its colour. The "
                    "hunter always stands on the newest card."
                ),
                at=("2 0",),
                claims=(Laid("B2b", "2 0", overlay=False), GoesOn()),
            ),
        ),
        Step(
            goal=N_(
                "Second action: draw a card from the market into your hand. Take the white 3 with "
                "the checkerboard pattern."
            ),
            beats=(You(("draw W3d",)), Reply("land B2d 0 -1"), Reply("draw B3a")),
            callout=Callout(
                N_(
                    "Your turn ended after two actions, and the market refilled. Pepper laid a "
                    "card and drew: you see only the colours of its hand."
                ),
                at=("market", "hand 1"),
                claims=(Drew(0, "W3d"), Refilled(), Drew(1, "B3a")),
            ),
        ),
        Step(
            goal=N_(
                "Score a card whose pattern matches the land, turned any way: pick up your white "
                "3, then press Score."
            ),
            beats=(You(("score W3d",)),),
            callout=Callout(
                N_(
                    "You scored 3 points: the checkerboard matched these four squares, turned. "
                    "Land is never used up; no icon may fall on the hunter, a hatched corner "
                    "anywhere."
                ),
                at=("0 0", "1 0", "0 1", "1 1"),
                claims=(Scored(0, "W3d", ("0 0", "1 0", "0 1", "1 1")),),
            ),
        ),
        Step(
            goal=N_(
                "An overlay card may also go on top of any land card: the top card gives a square "
                "its colour. Put your white overlay on the glowing black square."
            ),
            beats=(You(("land WOa 1 0",)), Reply("land B3b -1 0"), Reply("draw W2b")),
            callout=Callout(
                N_(
                    "That square is white now. Pepper then grew the land, so the hunter moved on "
                    "to Pepper's new card, and Pepper drew again."
                ),
                at=("1 0", "-1 0"),
                claims=(
                    Laid("WOa", "1 0", overlay=True),
                    Colour("1 0", "W"),
                    HunterOn("-1 0"),
                    Refilled(),
                ),
            ),
        ),
        Step(
            goal=N_(
                "Near the end: the deck is empty and one card is left in the market. Take it: the "
                "game ends when this turn is over."
            ),
            position=Position(
                END,
                {
                    "origin": (-1, -1),
                    "hands": (("B4a",), ("W2e", "WOd")),
                    "market": ("B2b",),
                    "deck": (),
                    "scored": (
                        ("W3d", "W4b", "W4c", "W5b", "W2a"),
                        ("W3a", "W4a", "W5a", "B3a", "B5a"),
                    ),
                    "stacks": END_STACKS,
                    "laid_by": dict.fromkeys(("BOa", "BOb", "WOb", "WOc", "BOd", "W3c", "B5b"), 1),
                },
            ),
            beats=(You(("draw B2b",)),),
            callout=Callout(
                N_("The market is empty. Your second action is the last of the game."),
                at=("market",),
                claims=(Drew(0, "B2b"), GoesOn()),
            ),
        ),
        Step(
            goal=N_(
                "Score your black 4. It shows a bear: bears of the colour with more land squares "
                "add 2 points, those of the other colour take 2 away."
            ),
            beats=(You(("score B4a",)),),
            callout=Callout(
                N_(
                    "Game over. Black has more land: your black bear +2, your white bear −2. "
                    "Cards left in hand count against you. You win 20 to 11!"
                ),
                at=("points 0", "points 1"),
                claims=(BearBonus(0, 0), BearBonus(1, -2), Scores((20, 11)), Wins(0)),
            ),
        ),
    ),
)
