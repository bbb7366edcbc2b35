"""The Consequence lesson: placing face down, moving (and the tile that may not move), placing
with a push and the tile pushed off to the opponent's hand (and the tile that may not be
pushed off), the reveal and how pairs score, crossing lines included, and the four-in-a-line
tie-break, in six steps on the real board. The person plays Moon (who opens) and sees only
Moon's view; Sun's replies are scripted. Positions are diagrams `from_diagram` reads (row 4
first, hands given: every tile is somewhere); every claim is checked against the engine's
events (`scenes.boards.lessons.check`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game import consequence as cq
from game.core.events import Event
from game.core.grid import parse_square, square_name
from scenes.boards.lessons import Callout, GoesOn, Lesson, Position, Reply, Scores, Step, Wins, You
from scenes.kit.i18n import N_

MOON, SUN = 0, 1

# --- what the lesson says the engine does ------------------------------------------------------


@dataclass(frozen=True)
class PushedOff:
    """The tile on `square` was pushed off the grid into the hand of `receiver` (CQ-10)."""

    square: str
    receiver: int

    def check(self, events: Sequence[Event], state: cq.State) -> str | None:
        offs = [
            (square_name(e.square), e.receiver) for e in events if isinstance(e, cq.TilePushedOff)
        ]
        return None if (self.square, self.receiver) in offs else f"the push-offs were {offs}"


@dataclass(frozen=True)
class Restricted:
    """For the seat to move now, the tile on `no_move` may not be moved (CQ-11) and the tile on
    `no_push_off` may not be pushed off (CQ-12); None: no such tile."""

    no_move: str | None
    no_push_off: str | None

    def check(self, events: Sequence[Event], state: cq.State) -> str | None:
        squares = (self.no_move, self.no_push_off)
        wanted = tuple(None if s is None else parse_square(s) for s in squares)
        found = state.restricted_squares()
        return None if found == wanted else f"the restricted squares are {found}"


@dataclass(frozen=True)
class Pairs:
    """At the reveal `seat` scored exactly the pairs on these squares (CQ-15)."""

    seat: int
    pairs: tuple[tuple[str, str], ...]

    def check(self, events: Sequence[Event], state: cq.State) -> str | None:
        scored = {
            frozenset((square_name(e.a), square_name(e.b)))
            for e in events
            if isinstance(e, cq.PairScored) and e.seat == self.seat
        }
        wanted = {frozenset(pair) for pair in self.pairs}
        return None if scored == wanted else f"seat {self.seat} scored the pairs {scored}"


@dataclass(frozen=True)
class FourInLine:
    """`seat` has four of its symbol in one line at the end (CQ-16)."""

    seat: int

    def check(self, events: Sequence[Event], state: cq.State) -> str | None:
        return None if state.four_in_line(self.seat) else f"seat {self.seat} has no line of four"


#: the six pairs of a 2x2 block of moons: sides and both crossing diagonals (CQ-15)
BLOCK_PAIRS = (("a1", "b1"), ("a1", "a2"), ("a1", "b2"), ("b1", "a2"), ("b1", "b2"), ("a2", "b2"))

# --- the lesson --------------------------------------------------------------------------------

LESSON = Lesson(
    game=cq.DESCRIPTOR.key,
    start=cq.from_diagram,
    offer="memory_aid",  # keeping track of one's own face-down tiles is the hardest part
    summary=N_(
        "Each turn: place a tile face down, move any tile one step, or place one and push a line. "
        "What is pushed off goes to the opponent's hand. When a hand is empty the rest is placed "
        "and every tile turns up: Moon scores pairs of moons, Sun pairs of suns, and on a tie "
        "four in a line wins."
    ),
    steps=(
        Step(
            goal=N_(
                "You are Moon, and Moon begins. Pick up a moon from your hand and put it on b2: "
                "it lies face down."
            ),
            position=Position(
                """
                . . . .
                . . . .
                . . . .
                . . . .
                """
            ),
            beats=(You(("place bM b2",)), Reply("place rS c3")),
            callout=Callout(
                N_(
                    "Tiles on the grid lie face down: Sun sees only the blue back of your moon, "
                    "and you only the red back of Sun's tile on c3. Remember what you placed!"
                ),
                at=("b2", "c3"),
                claims=(GoesOn(),),
            ),
        ),
        Step(
            goal=N_(
                "Instead of placing, you may move any tile, yours or Sun's, one step to an empty "
                "square, diagonals too. Move Sun's tile from c3 to c4."
            ),
            beats=(You(("move c3 c4",)), Reply("move b2 b3")),
            callout=Callout(
                N_(
                    "Sun moved your moon from b2 to b3. The tile your opponent has just moved may "
                    "not be moved on your next turn."
                ),
                at=("b3",),
                claims=(Restricted("b3", None),),
            ),
        ),
        Step(
            goal=N_(
                "You may not move the tile on b3 this turn. Place a dot from your hand on b2 "
                "instead."
            ),
            beats=(
                You(
                    ("place bD b2",),
                    not_this=N_("That is allowed, but this step asks for a dot on b2."),
                ),
                Reply("place rD b4"),
            ),
            callout=Callout(
                N_(
                    "Sun placed a tile on b4, at the end of your column. The tile your opponent "
                    "has just placed may not be pushed off the grid on your next turn."
                ),
                at=("b4",),
                claims=(Restricted(None, "b4"),),
            ),
        ),
        Step(
            goal=N_(
                "Place a tile next to a line of two or more and push the whole line one step. Put "
                "your sun on a2, then choose the arrow pointing up and right (north-east)."
            ),
            beats=(
                You(
                    ("push bS a2 NE",),
                    not_this=N_(
                        "That is allowed, but this step asks for the sun on a2, pushed north-east."
                    ),
                ),
                Reply("push rM b1 N"),
            ),
            callout=Callout(
                N_(
                    "Your push sent Sun's tile off at c4, back to Sun's hand. Sun's push sent a "
                    "red dot off into your hand: what falls off goes to the pusher's opponent."
                ),
                at=("hand 0", "hand 1"),
                claims=(PushedOff("c4", SUN), PushedOff("b4", MOON), GoesOn()),
            ),
        ),
        Step(
            goal=N_(
                "Near the end: you hold one last moon. Place it on b2. When a hand is empty, the "
                "other player places the rest, and every tile turns face up."
            ),
            position=Position(
                """
                . bD rD rS
                bD rD bS .
                bM . bD rS
                bM rM rS .
                """,
                {"hands": (["bM"], ["rD"])},
            ),
            beats=(You(("place bM b2",)), Reply("place rD d1")),
            callout=Callout(
                N_(
                    "Moon scores each pair of neighbouring moons, corners too: your 2x2 block "
                    "makes 6 pairs, its two crossing diagonals included. Sun has 3. You win 6 to "
                    "3!"
                ),
                at=("a1", "b1", "a2", "b2"),
                claims=(
                    Pairs(MOON, BLOCK_PAIRS),
                    Scores((6, 3)),
                    Wins(MOON),
                ),
            ),
        ),
        Step(
            goal=N_(
                "On equal pairs, four of your symbol in one line wins. Place your last moon on d1 "
                "to finish a row of four."
            ),
            position=Position(
                """
                rS rS bD .
                bS rD bD rS
                rD bD . .
                bM bM rM .
                """,
                {"hands": (["bM"], ["rD"])},
            ),
            beats=(You(("place bM d1",)), Reply("place rD d2")),
            callout=Callout(
                N_(
                    "Three pairs each: a tie. Moon has four moons in row 1, so Moon wins. A full "
                    "row, column or long diagonal counts."
                ),
                at=("a1", "b1", "c1", "d1"),
                claims=(Scores((3, 3)), FourInLine(MOON), Wins(MOON)),
            ),
        ),
    ),
)
