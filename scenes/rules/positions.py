"""The positions the rules pages show, each made by the rules engine, never drawn by hand.

Whose Foods positions come from `whose_foods.from_diagram` and the move shown is played by the
engine; Consequence positions are reached by playing real moves from `new_game()`; En blanc et
noir positions start from `blanc_noir.build_state` (or a real deal) and grow by real actions.
Whatever a picture claims (this move is legal, that one is refused, these pieces are captured,
these squares fit the card) is read back from the engine, so a rules picture cannot show a board
or an outcome the rules do not allow: if the engine disagrees, building the picture fails.

Nothing here draws; `scenes.rules.diagrams` paints these positions.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from game import blanc_noir as bn
from game import consequence as cq
from game import whose_foods as wf
from game.blanc_noir.cards import CARDS
from game.core.engine import IllegalMove
from game.core.grid import SQUARE_NAMES, parse_square


class WrongPicture(ValueError):
    """The engine does not agree with what a rules picture is meant to show."""


def _refusal(state: object, move: str, parse: object) -> str:
    """The engine's reason for refusing `move`; WrongPicture if it would accept it."""
    try:
        parse(state, move)  # type: ignore[operator]
    except IllegalMove as error:
        return str(error)
    raise WrongPicture(f"{move!r} was meant to be refused, but the engine allows it")


# --- Whose Foods ------------------------------------------------------------------------------
@dataclass(frozen=True)
class PieceCounts:
    """How many of each illustration a new game has, per size (WF-2, WF-4)."""

    large: dict[str, int]
    small: dict[str, int]


@cache
def wf_pieces() -> PieceCounts:
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


WF_PLACING = """
SC . . .
. . LC/SD SF
. LF . .
. . . LD
"""


@cache
def wf_placing() -> Placing:
    """A small dog goes on a large can (WF-9); nothing goes on a small piece."""
    state = wf.from_diagram(WF_PLACING, players=2)
    refusal = _refusal(state, "SD d3", wf.parse_move)
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


WF_EFFECTS = """
. . . .
. . SC .
. . LF .
LC SC . .
"""


@cache
def wf_effects() -> Effects:
    """A large cat on c1 makes a trio of cats in row 1 and a sandwich in column c at once."""
    state = wf.from_diagram(WF_EFFECTS, players=2)
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


WF_LOSING = """
. . . .
. . LF .
. LF/SD . .
LF SC . .
"""


@cache
def wf_losing() -> Losing:
    """The rules' worked example 4: a trio by size uncovers a can; three cans in a line lose."""
    state = wf.from_diagram(WF_LOSING, players=2)
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


WF_FOUR = """
. . . .
. . . .
. . . .
LD SD . LD
"""


@cache
def wf_four() -> FourLine:
    """The rules' worked example 7: `SD c1` makes four dogs in a line, and its placer loses
    although the line holds two trios."""
    state = wf.from_diagram(WF_FOUR, players=2)
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
def wf_points() -> PointValues:
    """Points per captured dog or cat, per captured can, and per can left in hand (the parts of
    the engine's end-of-game breakdown)."""
    empty = "\n".join([". . . ."] * 4)
    animal = wf.from_diagram(empty, players=2, captured=[["LD"], []]).breakdown(0)
    can = wf.from_diagram(empty, players=2, captured=[["LF"], []]).breakdown(0)
    start = wf.new_game(players=2)
    held = start.breakdown(0)["cans in hand"] // len(start.hand(0))
    return PointValues(animal["shared pieces"], can["cans"], held)


# --- Consequence ------------------------------------------------------------------------------
def _consequence(moves: tuple[str, ...]) -> tuple[cq.State, list[object]]:
    """A game of Consequence after `moves`, and the events of the last one."""
    state = cq.new_game()
    events: list[object] = []
    for move in moves:
        events = state.play(move)
    return state, events


@dataclass(frozen=True)
class Hands:
    """The hands each seat starts with (CQ-3, CQ-4)."""

    moon: tuple[str, ...]
    sun: tuple[str, ...]


@cache
def cq_hands() -> Hands:
    state = cq.new_game()
    order = {"M": 0, "S": 1, "D": 2}
    moon = sorted(state.hand(cq.MOON), key=lambda code: order[code[1]])
    sun = sorted(state.hand(cq.SUN), key=lambda code: (code[1] != "S", order[code[1]]))
    return Hands(tuple(moon), tuple(sun))


@dataclass(frozen=True)
class Slide:
    """A position (face down) and a legal Move of one tile (CQ-7)."""

    state: cq.State
    move: str

    @property
    def squares(self) -> tuple[str, str]:
        _, src, dst = self.move.split()
        return src, dst


CQ_TURN = ("place bM a1", "place rS b2", "place bD c2", "place rD d4", "place bM a3")


@cache
def cq_turn() -> Slide:
    """Five tiles placed; Sun may move the tile on b2 to c3, a diagonal step."""
    state, _ = _consequence(CQ_TURN)
    state.check(cq.parse_move(state, "move b2 c3"))
    return Slide(state, "move b2 c3")


@dataclass(frozen=True)
class Push:
    """A position before a legal Place and push, and what the engine does with it (CQ-9)."""

    state: cq.State
    move: str
    code: str  # the tile placed
    square: str  # where it is placed
    run: tuple[str, ...]  # the squares of the run pushed, nearest first
    pushed_off: str  # the code of the tile that leaves the grid
    receiver: int  # the seat whose hand it joins


CQ_PUSH = ("place bD c1", "place rD d1", "place bM d3", "place rS b1")


@cache
def cq_push() -> Push:
    """Moon places a tile on a1 and pushes east: b1, c1, d1 move on and d1's tile leaves."""
    state, _ = _consequence(CQ_PUSH)
    move = "push bS a1 E"
    after = state.clone()
    events = after.play(move)
    off = [e for e in events if isinstance(e, cq.TilePushedOff)]
    if not off:
        raise WrongPicture(f"{move} was meant to push a tile off the grid")
    start = parse_square("a1")
    run = []
    for square in cq.RAYS[start][cq.DIRECTIONS.index("E")]:
        if state.tile_at(square) is None:
            break
        run.append(SQUARE_NAMES[square])
    return Push(state, move, "bS", "a1", tuple(run), off[0].code, off[0].receiver)


@dataclass(frozen=True)
class Finish:
    """A whole game played out: every tile face up and the pairs each seat scored (CQ-15)."""

    state: cq.State
    pairs: tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]  # per seat


#: Moon and Sun place their own tiles in turn; Moon's hand runs out first and Sun places the last.
CQ_FINISH = (
    "place bM a1",
    "place rS c1",
    "place bM a2",
    "place rS d1",
    "place bM b2",
    "place rS a4",
    "place bS b4",
    "place rM d4",
    "place bD c4",
    "place rD a3",
    "place bD b3",
    "place rD c3",
    "place bD c2",
    "place rD d2",
)


@cache
def cq_finish() -> Finish:
    state, events = _consequence(CQ_FINISH)
    if not state.is_over:
        raise WrongPicture("the game shown on the last Consequence page was meant to be over")
    pairs: tuple[list[tuple[str, str]], list[tuple[str, str]]] = ([], [])
    for event in events:
        if isinstance(event, cq.PairScored):
            pairs[event.seat].append((SQUARE_NAMES[event.a], SQUARE_NAMES[event.b]))
    return Finish(state, (tuple(pairs[0]), tuple(pairs[1])))


# --- En blanc et noir ---------------------------------------------------------------------------
START_LAND = {(0, 0): ("W2a",), (1, 1): ("W3c",), (1, 0): ("B2d",), (0, 1): ("B3d",)}


def _land_game(hands: list[list[str]], market: list[str], deck: list[str]) -> bn.State:
    """Two players at the start of a game on the starting checkerboard (BN-7)."""
    return bn.build_state(
        players=2,
        first_player=0,
        hands=hands,
        market=market,
        deck=deck,
        land={square: stack for square, stack in START_LAND.items()},
        hunter=None,
        laid_by={},
        scored=[[], []],
    )


@cache
def bn_deal() -> bn.State:
    """A real deal of a 2-player game: land, market, deck (BN-5 .. BN-8)."""
    return bn.new_game(players=2, seed=53)


@dataclass(frozen=True)
class Expand:
    """The land after action A: a card laid next to it, the hunter on it (BN-11)."""

    state: bn.State
    move: str
    square: tuple[int, int]


@cache
def bn_expand() -> Expand:
    state = _land_game([["B2c", "W3b", "W2e"], ["B2b", "W5b", "B4c"]], ["W2b", "B3b", "W4b"], [])
    state.play("land B2c 2 0")
    return Expand(state, "land B2c 2 0", (2, 0))


@dataclass(frozen=True)
class Fit:
    """A land and a card from hand whose pattern fits it (BN-4): the squares under its icons."""

    state: bn.State
    card: str
    squares: tuple[tuple[int, int], ...]


BN_FIT_TURNS = ("land W2b 2 1", "land W3b 2 0", "land B2b 3 0", "draw B3b")


@cache
def bn_fit() -> Fit:
    """Two turns of expanding; then the first player's W4a fits three white and one black."""
    state = _land_game(
        [["W2b", "W3b", "W4a"], ["B2b", "B4b", "W2c"]],
        ["B3b", "W2e", "B2e"],
        ["B3c", "W3d", "B4c"],
    )
    for move in BN_FIT_TURNS:
        state.play(move)
    squares = state.match_squares("W4a")
    if state.current_player != 0 or squares is None:
        raise WrongPicture("W4a was meant to fit the land on the first player's turn")
    return Fit(state, "W4a", tuple(squares))


@dataclass(frozen=True)
class Scoring:
    """A finished hand counted by the engine (BN-18, BN-19)."""

    state: bn.State
    seat: int
    breakdown: dict[str, int]

    @property
    def scored(self) -> list[str]:
        return self.state.scored(self.seat)

    @property
    def hand(self) -> list[str]:
        return self.state.hand(self.seat)

    def bears(self) -> list[tuple[str, int]]:
        """(card, bonus) for each scored bear card."""
        leader = self.state.bear_colour()
        return [
            (card, bn.BEAR_BONUS if card[0] == leader else -bn.BEAR_BONUS)
            for card in self.scored
            if CARDS[card].bear and leader is not None
        ]


@cache
def bn_scoring() -> Scoring:
    """Three scored cards (two white bears, one black), two cards left in hand, white leads."""
    land = dict(START_LAND)
    land[(2, 0)] = ("W2b",)
    land[(2, 1)] = ("W2c",)
    state = bn.build_state(
        players=2,
        first_player=0,
        hands=[["B3b", "WOa"], []],
        market=["W2e"],
        deck=[],
        land=land,
        hunter=(2, 1),
        laid_by={"W2b": 0, "W2c": 1},
        scored=[["W5a", "W3a", "B2a"], []],
    )
    return Scoring(state, 0, state.breakdown(0))
