"""The positions the Whose Foods how-to-play pages show, each made by the rules engine, never
drawn by hand: whatever a picture claims (a move is legal or refused, pieces are captured, a
card fits) is read back from the engine, so building a picture the rules disagree with fails
(WrongPicture). Nothing here draws: `diagrams` paints these positions."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from game import whose_foods as wf
from game.core.grid import SQUARE_NAMES
from scenes.kit.rules_drawing import WrongPicture, refusal_of


@dataclass(frozen=True)
class PieceCounts:
    """How many of each illustration a new game has, per size (WF-2, WF-4)."""

    large: dict[str, int]
    small: dict[str, int]


@cache
def pieces() -> PieceCounts:
    """The pieces of a new 2-player game: the shared supply and the cans in every hand."""
    state = wf.new_game(players=2)
    pieces = state.supply() + [c for seat in range(state.players) for c in state.hand(seat)]
    counts = {
        size: {kind: pieces.count(size[0].upper() + code) for kind, code in KINDS}
        for size in ("large", "small")
    }
    return PieceCounts(counts["large"], counts["small"])


#: illustration name -> its letter in the notation
KINDS = (("dog", "D"), ("cat", "C"), ("can", "F"))


@dataclass(frozen=True)
class Placing:
    """A legal placement played (`placed`, shown on `state`) and one the engine refuses."""

    state: wf.State
    placed: str
    refused: str
    refusal: str

    @property
    def placed_square(self) -> str:
        return self.placed.split()[1]

    @property
    def refused_square(self) -> str:
        return self.refused.split()[1]


PLACING = """
SC . . .
. . LC/SD SF
. LF . .
. . . LD
"""


@cache
def placing() -> Placing:
    """A small dog goes on a large can (WF-9); nothing goes on a small piece."""
    state = wf.from_diagram(PLACING, players=2)
    refusal = refusal_of(state, "SD d3", wf.parse_move)
    events = state.play("SD b2")
    if any(isinstance(e, wf.ChainStep) for e in events) or state.is_over:
        raise WrongPicture("placing SD b2 was meant to capture nothing")
    return Placing(state, "SD b2", "SD d3", refusal)


@dataclass(frozen=True)
class Effects:
    """The position after `placed`, with the effects the engine offers to take (WF-19)."""

    state: wf.State
    placed: str
    effects: tuple[wf.Effect, ...]

    def squares(self, kind: wf.EffectKind) -> tuple[str, ...]:
        """The squares of the pieces the effect of `kind` captures."""
        effect = next(e for e in self.effects if e.kind == kind)
        return tuple(SQUARE_NAMES[sq] for sq in effect.squares)

    def line(self, kind: wf.EffectKind) -> tuple[str, ...]:
        effect = next(e for e in self.effects if e.kind == kind)
        return tuple(SQUARE_NAMES[sq] for sq in effect.line)


EFFECTS = """
. . . .
. . SC .
. . LF .
LC SC . .
"""


@cache
def effects() -> Effects:
    """A large cat on c1 makes a trio of cats in row 1 and a sandwich in column c at once."""
    state = wf.from_diagram(EFFECTS, players=2)
    state.play("LC c1")
    kinds = {e.kind for e in state.pending}
    if kinds != {wf.EffectKind.TRIO_ILLUSTRATION, wf.EffectKind.SANDWICH}:
        raise WrongPicture(f"LC c1 was meant to offer a trio and a sandwich, not {kinds}")
    return Effects(state, "LC c1", state.pending)


@dataclass(frozen=True)
class Losing:
    """A chain that ends in a losing pattern: what was captured, uncovered, and the line."""

    state: wf.State
    placed: str
    captured: tuple[str, ...]
    uncovered: tuple[str, ...]
    line: tuple[str, ...]
    loser: int


LOSING = """
. . . .
. . LF .
. LF/SD . .
LF SC . .
"""


@cache
def losing() -> Losing:
    """The rules' worked example 4: a trio by size uncovers a can; three cans in a line lose."""
    state = wf.from_diagram(LOSING, players=2)
    mover = state.current_player
    events = state.play("SD b3")
    captured = tuple(sq for e in events if isinstance(e, wf.ChainStep) for sq, _ in e.captured)
    uncovered = tuple(e.square for e in events if isinstance(e, wf.Uncovered))
    lines = [e.line for e in events if isinstance(e, wf.LosingPattern)]
    if not (captured and uncovered and lines and state.is_over):
        raise WrongPicture("SD b3 was meant to capture, uncover a can and lose")
    return Losing(state, "SD b3", captured, uncovered, lines[0], mover or 0)


@dataclass(frozen=True)
class FourLine:
    """Four in a line (worked example 7): the placement, the losing line and its pattern."""

    state: wf.State
    placed: str
    line: tuple[str, ...]
    pattern: str
    loser: int


FOUR = """
. . . .
. . . .
. . . .
LD SD . LD
"""


@cache
def four() -> FourLine:
    """The rules' worked example 7: `SD c1` makes four dogs in a line, and its placer loses
    although the line holds two trios."""
    state = wf.from_diagram(FOUR, players=2)
    mover = state.current_player
    events = state.play("SD c1")
    losses = [e for e in events if isinstance(e, wf.LosingPattern)]
    if not (losses and len(losses[0].line) == 4 and state.is_over):
        raise WrongPicture("SD c1 was meant to make four dogs in a line and lose")
    return FourLine(state, "SD c1", losses[0].line, losses[0].pattern, mover or 0)


@dataclass(frozen=True)
class PointValues:
    """What the engine counts at the end (WF-26), per piece."""

    animal: int
    can: int
    can_in_hand: int


@cache
def points() -> PointValues:
    """Points per captured dog or cat, per captured can, and per can left in hand (the parts of
    the engine's end-of-game breakdown)."""
    empty = "\n".join([". . . ."] * 4)
    animal = wf.from_diagram(empty, players=2, captured=[["LD"], []]).breakdown(0)
    can = wf.from_diagram(empty, players=2, captured=[["LF"], []]).breakdown(0)
    start = wf.new_game(players=2)
    held = start.breakdown(0)["cans in hand"] // len(start.hand(0))
    return PointValues(animal["shared pieces"], can["cans"], held)
