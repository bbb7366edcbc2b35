"""The Whose Foods lesson: placing and covering, the trios (by animal, by size), the sandwich, a
chain set off by an uncovered piece, the ways to lose and the three-can win, in eight steps on
the real board. Positions are diagrams `from_diagram` reads (row 4 first); moves are in the
game's notation; every claim is checked against the engine's events
(`scenes.boards.lessons.check`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game import whose_foods as wf
from game.core.events import Event
from scenes.boards.lessons import (
    Callout,
    GoesOn,
    Lesson,
    Position,
    Reply,
    Step,
    Wins,
    Wrong,
    You,
)
from scenes.kit.i18n import N_

# --- what the lesson says the engine does ------------------------------------------------------


@dataclass(frozen=True)
class Covers:
    """The piece placed on `square` went on top of a large piece."""

    square: str

    def check(self, events: Sequence[Event], state: wf.State) -> str | None:
        placed = [e for e in events if isinstance(e, wf.Placed) and e.square == self.square]
        if not any(e.stacked_on for e in placed):
            return f"nothing was placed on top of a piece on {self.square}"
        return None


@dataclass(frozen=True)
class FromHand:
    """`seat` placed a can of its own on `square`."""

    seat: int
    square: str

    def check(self, events: Sequence[Event], state: wf.State) -> str | None:
        if not any(
            isinstance(e, wf.Placed) and e.seat == self.seat and e.square == self.square
            and e.from_hand
            for e in events
        ):  # fmt: skip
            return f"seat {self.seat} placed no can from its hand on {self.square}"
        return None


@dataclass(frozen=True)
class Captures:
    """One step of the chain took exactly the pieces on `squares`, as an effect of `kind`."""

    squares: tuple[str, ...]
    kind: str

    def check(self, events: Sequence[Event], state: wf.State) -> str | None:
        steps = [e for e in events if isinstance(e, wf.ChainStep)]
        for step in steps:
            if sorted(sq for sq, _ in step.captured) == sorted(self.squares):
                return None if step.kind == self.kind else f"that capture was a {step.kind}"
        taken = [[sq for sq, _ in step.captured] for step in steps]
        return f"the captures were {taken}"


@dataclass(frozen=True)
class Uncovers:
    """Taking a small piece uncovered the large one on `square`."""

    square: str

    def check(self, events: Sequence[Event], state: wf.State) -> str | None:
        if not any(isinstance(e, wf.Uncovered) and e.square == self.square for e in events):
            return f"nothing was uncovered on {self.square}"
        return None


@dataclass(frozen=True)
class Loses:
    """`seat` made the losing `pattern` (WF-16): "three cans", "four of one size", ..."""

    seat: int
    pattern: str

    def check(self, events: Sequence[Event], state: wf.State) -> str | None:
        losses = [(e.seat, e.pattern) for e in events if isinstance(e, wf.LosingPattern)]
        return None if (self.seat, self.pattern) in losses else f"the losing patterns were {losses}"


@dataclass(frozen=True)
class Overeats:
    """`seat` ended its turn with four or more captured cans (WF-23)."""

    seat: int

    def check(self, events: Sequence[Event], state: wf.State) -> str | None:
        if not any(isinstance(e, wf.Overeating) and e.seat == self.seat for e in events):
            return f"seat {self.seat} did not overeat"
        return None


EMPTY = """
. . . .
. . . .
. . . .
. . . .
"""

# --- the lesson --------------------------------------------------------------------------------

LESSON = Lesson(
    game=wf.DESCRIPTOR.key,
    start=wf.from_diagram,
    summary=N_(
        "Place one piece a turn. Three dogs, three cats or three of one size in a line are "
        "captured, cans between two dogs or two cats too, and captures can chain. Capture exactly "
        "three cans to win; a fourth can, three cans in a line or four in a line of one animal or "
        "one size lose."
    ),
    steps=(
        Step(
            goal=N_(
                "Dogs and cats are shared: anyone may place them. Pick up a large dog below the "
                "board and put it on b2."
            ),
            position=Position(EMPTY),
            beats=(You(("LD b2",)), Reply("LF c3")),
            callout=Callout(
                N_(
                    "Pepper placed a can from its own hand on c3. Each player has cans of their "
                    "own; dogs and cats are for everyone. One piece a turn, no passing."
                ),
                at=("c3", "hand 1"),
                claims=(FromHand(1, "c3"), GoesOn()),
            ),
        ),
        Step(
            goal=N_(
                "A small piece may go on top of a large one. Cover Pepper's can: put a small cat "
                "on c3."
            ),
            beats=(You(("SC c3",)), Reply("SD a4")),
            callout=Callout(
                N_(
                    "Only the top piece of a square counts. The can under your cat is out of play "
                    "until the cat leaves: remember it is there!"
                ),
                at=("c3",),
                claims=(Covers("c3"), GoesOn()),
            ),
        ),
        Step(
            goal=N_(
                "Three dogs or three cats in a line are captured. Put a large cat on c1 to make "
                "three cats in a row."
            ),
            position=Position(
                """
                . . . .
                . . . .
                . . . .
                LC SC . .
                """
            ),
            beats=(You(("LC c1",)), Reply("LD d4")),
            callout=Callout(
                N_(
                    "Three cats in a line: you captured all three, 1 point each. A line may be a "
                    "row, a column or a diagonal, and the sizes may be mixed."
                ),
                at=("captured 0",),
                claims=(Captures(("a1", "b1", "c1"), "trio by illustration"),),
            ),
        ),
        Step(
            goal=N_(
                "Three pieces of one size in a line are captured too, whatever they show. Put a "
                "small cat on c1."
            ),
            position=Position(
                """
                . . . .
                . . . .
                . . . .
                SD SF . .
                """
            ),
            beats=(You(("SC c1",)), Reply("LD d4")),
            callout=Callout(
                N_(
                    "Three small pieces in a line: captured. The can among them is worth 2 "
                    "points, and captured cans are what wins the game."
                ),
                at=("captured 0",),
                claims=(Captures(("a1", "b1", "c1"), "trio by size"),),
            ),
        ),
        Step(
            goal=N_(
                "Cans between two dogs, or between two cats, are captured: a sandwich. Put a "
                "small dog on c1."
            ),
            position=Position(
                """
                . . . .
                . . . .
                . . . .
                LD LF . .
                """
            ),
            beats=(You(("SD c1",)), Reply("LC d4")),
            callout=Callout(
                N_("A sandwich: the can on b1 is yours, and both dogs stay on the board."),
                at=("b1", "captured 0"),
                claims=(Captures(("b1",), "sandwich"),),
            ),
        ),
        Step(
            goal=N_(
                "A capture can set off a chain. Put a small cat on b3: three small pieces in "
                "column b. Remember the large dog hidden on b2."
            ),
            position=Position(
                """
                . . . .
                . . . .
                LD LD/SD LD .
                . SC . .
                """
            ),
            beats=(You(("SC b3",)), Reply("LC d4")),
            callout=Callout(
                N_(
                    "A chain! Taking the small dog uncovered the large dog on b2, which made "
                    "three dogs in row 2: they were captured too."
                ),
                at=("a2", "b2", "c2", "captured 0"),
                claims=(
                    Captures(("b1", "b2", "b3"), "trio by size"),
                    Uncovers("b2"),
                    Captures(("a2", "b2", "c2"), "trio by illustration"),
                ),
            ),
        ),
        Step(
            goal=N_(
                "Careful: three cans in a line lose at once, and so do four in a line of one "
                "animal or one size. Put a small can from your hand on d4, where it is safe."
            ),
            position=Position(
                """
                . . . .
                LD LC . LF
                SD . SD SD
                SF LF . .
                """
            ),
            beats=(
                You(
                    ("SF d4",),
                    not_this=N_("That one is allowed, but put your small can on d4 this time."),
                    wrong=(
                        Wrong(
                            "SF c1",
                            N_("No: that makes three cans in row 1, and you would lose at once."),
                            (Loses(0, "three cans"),),
                        ),
                        Wrong(
                            "LF c1",
                            N_("No: that makes three cans in row 1, and you would lose at once."),
                            (Loses(0, "three cans"),),
                        ),
                        Wrong(
                            "LD b2",
                            N_("No: that makes four dogs in row 2, and you would lose at once."),
                            (Loses(0, "four of one illustration"),),
                        ),
                    ),
                ),
                Reply("LD c3"),
            ),
            callout=Callout(
                N_(
                    "Pepper put a large dog on c3: four large pieces in row 3. Four of one size "
                    "in a line lose at once, so you win this game."
                ),
                at=("a3", "b3", "c3", "d3"),
                claims=(Loses(1, "four of one size"), Wins(0)),
            ),
        ),
        Step(
            goal=N_(
                "Win with exactly three captured cans: a fourth loses (overeating). You have two. "
                "Take just one more: put a small dog on c1."
            ),
            position=Position(
                """
                . . . .
                LC LF SF .
                . . . .
                LD SF . .
                """,
                {"captured": [["LF", "SF"], []]},
            ),
            beats=(
                You(
                    ("SD c1",),
                    wrong=(
                        Wrong(
                            "LC d3",
                            N_(
                                "No: that sandwich takes two cans. Four cans is overeating, and "
                                "you would lose."
                            ),
                            (Overeats(0),),
                        ),
                    ),
                ),
            ),
            callout=Callout(
                N_(
                    "Exactly three cans: you win! If nobody wins or loses before all 12 dogs and "
                    "cats are placed, points decide."
                ),
                at=("captured 0",),
                claims=(Captures(("b1",), "sandwich"), Wins(0)),
            ),
        ),
    ),
)
