"""The positions the Consequence how-to-play pages show, each made by the rules engine, never
drawn by hand: whatever a picture claims (a move is legal or refused, pieces are captured, a
card fits) is read back from the engine, so building a picture the rules disagree with fails
(WrongPicture). Nothing here draws: `diagrams` paints these positions."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from game import consequence as cq
from game.core.events import Event
from game.core.grid import SQUARE_NAMES, parse_square
from scenes.kit.rules_drawing import WrongPicture


def _consequence(moves: tuple[str, ...]) -> tuple[cq.State, list[Event]]:
    """A game of Consequence after `moves`, and the events of the last one."""
    state = cq.new_game()
    events: list[Event] = []
    for move in moves:
        events = state.play(move)
    return state, events


@dataclass(frozen=True)
class Hands:
    """The hands each seat starts with (CQ-3, CQ-4)."""

    moon: tuple[str, ...]
    sun: tuple[str, ...]


@cache
def hands() -> Hands:
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


TURN = ("place bM a1", "place rS b2", "place bD c2", "place rD d4", "place bM a3")


@cache
def turn() -> Slide:
    """Five tiles placed; Sun may move the tile on b2 to c3, a diagonal step."""
    state, _ = _consequence(TURN)
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


PUSH = ("place bD c1", "place rD d1", "place bM d3", "place rS b1")


@cache
def push() -> Push:
    """Moon places a tile on a1 and pushes east: b1, c1, d1 move on and d1's tile leaves."""
    state, _ = _consequence(PUSH)
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
FINISH = (
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
def finish() -> Finish:
    state, events = _consequence(FINISH)
    if not state.is_over:
        raise WrongPicture("the game shown on the last Consequence page was meant to be over")
    pairs: tuple[list[tuple[str, str]], list[tuple[str, str]]] = ([], [])
    for event in events:
        if isinstance(event, cq.PairScored):
            pairs[event.seat].append((SQUARE_NAMES[event.a], SQUARE_NAMES[event.b]))
    return Finish(state, (tuple(pairs[0]), tuple(pairs[1])))
