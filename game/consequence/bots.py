"""Consequence bots: `random`, `beginner` (a person in their first game, game.ai.novice), `greedy`
and `search` (information-set MCTS). They see only a ConsequenceView of their own seat, never
the full state."""

from __future__ import annotations

import math
import random
from typing import Any, ClassVar

from game.ai import novice
from game.ai.levels import at_least
from game.ai.random_bot import RandomBot
from game.ai.search import SearchBot
from game.consequence import ConsequenceMove, ConsequenceView, MoveTile, Place, PlacePush, State
from game.consequence.moves import CODES, HAND_CODES, PLACES, SEAT_SYMBOLS, geometry, push_run
from game.core.grid import neighbours

#: The symbol of each code index.
_CODE_SYMBOL = tuple(code[1] for code in CODES)


def _moves(view: ConsequenceView) -> list[ConsequenceMove]:
    moves = view.legal_moves()
    if not moves:
        raise ValueError("this view's seat has no move to choose now")
    return moves


class GreedyBot:
    """The move with the best immediate pair difference (own pairs minus the opponent's),
    averaged over a few full states sampled from the view (the hidden symbols by their odds)."""

    name = "greedy"
    SAMPLES: ClassVar[dict[str, int]] = {"easy": 1, "normal": 4, "hard": 12}

    def __init__(self, level: str = "normal") -> None:
        self.level = level
        self.samples = self.SAMPLES.get(level, 4)

    def choose(self, view: ConsequenceView, rng: random.Random) -> ConsequenceMove:
        moves = _moves(view)
        if len(moves) == 1:
            return moves[0]
        seat: int = view.seat  # type: ignore[assignment]
        worlds = [view.sample(rng) for _ in range(self.samples)]
        best: list[ConsequenceMove] = []
        best_value = float("-inf")
        for move in moves:
            value = sum(self._value(world, move, seat) for world in worlds)
            if value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return rng.choice(best)

    @staticmethod
    def _value(world: Any, move: ConsequenceMove, seat: int) -> float:
        after = world.clone()
        after.play(move)
        # Pairs decide the game; a tile pushed to the opponent gives them one more placement.
        gift = after.hand_size(1 - seat) > world.hand_size(1 - seat)
        return after.score(seat) - after.score(1 - seat) - 0.1 * gift


#: The first level whose playouts place by the quick count `PLAYOUT_PLACES` of the time; Easy's
#: do so `EASY_PLAYOUT_PLACES` of the time (it knows the count half as well): at 0.33 s against
#: 0.1 s, Normal won 63% of decided games against an Easy with full playouts, short of a clear
#: step (docs/ai-strength.md).
FULL_PLAYOUTS_FROM = "normal"
EASY_PLAYOUT_PLACES = 0.4


class IsmctsBot(SearchBot):
    """Information-set MCTS: each iteration samples a full state from the view; another seat's
    placements are keyed by the colour of the tile only (its symbol is face down).

    Playouts mostly place (`PLAYOUT_PLACES` of the moves; Easy's less), each seat putting its
    own symbol next to its own and the opponent's symbol away from the opponent's; the rest are
    random.
    Measured against greedy at 0.2 s a move (60 games): random playouts won 15 and lost 33
    (21 drawn), these won 25 and lost 14.
    """

    PLAYOUT_PLACES: ClassVar[float] = 0.8

    def __init__(
        self, level: str = "normal", iterations: int | None = None, seconds: float | None = None
    ) -> None:
        super().__init__(level, iterations, seconds)
        full = at_least(level, FULL_PLAYOUTS_FROM)
        self.playout_places = self.PLAYOUT_PLACES if full else EASY_PLAYOUT_PLACES

    def playout_move(self, state: Any, moves: list[Any], rng: random.Random) -> Any:
        if rng.random() < self.playout_places:
            move = good_placement(state, rng)
            if move is not None:
                return move
        return rng.choice(moves)

    def edge_key(self, move: Any, mover: int, root_seat: int) -> Any:
        if mover != root_seat and type(move) in (Place, PlacePush):
            return (type(move), move.code[0], *_where(move))
        return move


def good_placement(state: State, rng: random.Random, noise: float = 0.3) -> Place | None:
    """A placement for the seat to move in a full state (all symbols known), by a quick count:
    its own symbol next to as many of its own as can be, the opponent's symbol next to as few of
    the opponent's, a dot a little better next to the opponent's; `noise` breaks ties and
    varies the play. None if the seat holds no tile."""
    seat = state.current_player
    if seat is None:
        return None
    codes = HAND_CODES[state.hands[seat]]
    if not codes:
        return None
    mine, theirs = SEAT_SYMBOLS[seat], SEAT_SYMBOLS[1 - seat]
    symbols = state.symbols()
    best, best_value = None, -math.inf
    for square in geometry(state.occupied).empties:
        own = other = 0
        for near in neighbours(square):
            if symbols[near] == mine:
                own += 1
            elif symbols[near] == theirs:
                other += 1
        for index in codes:
            symbol = _CODE_SYMBOL[index]
            value: float
            if symbol == mine:
                value = own
            elif symbol == theirs:
                value = -other
            else:
                value = 0.3 * (other - own)
            value += rng.random() * noise
            if value > best_value:
                best, best_value = PLACES[index][square], value
    return best


def _where(move: Place | PlacePush) -> tuple[int, ...]:
    if type(move) is PlacePush:
        return (move.square, move.direction)
    return (move.square,)


#: The colour letter of each seat's tiles (Moon blue, Sun red; CQ-3).
_SEAT_COLOURS = ("b", "r")


class BeginnerBot:
    """A person in their first game (game.ai.novice), reading only the symbols its view shows
    (the tiles it placed itself, CQ-17). It sees the pairs its own placement makes at once and
    places its symbol beside its own most of the time; it keeps the opponent's symbol away
    from the tiles it takes for the opponent's (their colour, face down); it never breaks its
    own pairs nor pushes its own symbol off the grid while another move is there. It does not
    read what a push or a slide does (the chain of tiles moving), so it tries one only now and
    then, at random."""

    name = "beginner"

    def __init__(self, level: str = "beginner") -> None:
        self.level = level

    def choose(self, view: ConsequenceView, rng: random.Random) -> ConsequenceMove:
        moves = _moves(view)
        if len(moves) == 1:
            return moves[0]
        seat: int = view.seat  # type: ignore[assignment]
        sight = _Sight(view, seat)
        looks = [(sight.value(move), move) for move in moves]
        sensible = [(value, move) for value, move in looks if value >= 0] or looks
        best = max(value for value, _ in sensible)
        if best > 0 and rng.random() < novice.SEES_GAIN:
            return rng.choice([move for value, move in sensible if value == best])
        places = [move for _, move in sensible if type(move) is Place]
        if places and rng.random() >= novice.TRIES_ODD_MOVE:
            return rng.choice(places)
        return rng.choice([move for _, move in sensible])


class _Sight:
    """What a newcomer reads of a move on its view: the pairs of its own symbol it makes or
    breaks among the symbols it knows, a guess at the opponent's (tiles of the opponent's
    colour), and nothing of where a push sends the tiles but the one it knows falling off."""

    def __init__(self, view: ConsequenceView, seat: int) -> None:
        self.mine, self.theirs = SEAT_SYMBOLS[seat], SEAT_SYMBOLS[1 - seat]
        their_colour = _SEAT_COLOURS[1 - seat]
        self.cells = view.cells
        self.looks_theirs = [
            c is not None and (c[1] == self.theirs or c == their_colour + "?") for c in view.cells
        ]
        self.occupied = sum(1 << sq for sq, c in enumerate(view.cells) if c is not None)

    def _own_near(self, square: int, skip: int = -1) -> int:
        cells, mine = self.cells, self.mine
        return sum(
            1 for near in neighbours(square) if near != skip and (cells[near] or "  ")[1] == mine
        )

    def value(self, move: ConsequenceMove) -> float:
        if type(move) is Place:
            symbol = move.code[1]
            if symbol == self.mine:
                return self._own_near(move.square)
            if symbol == self.theirs:
                return -0.5 * sum(self.looks_theirs[near] for near in neighbours(move.square))
            return 0.0
        if type(move) is MoveTile:
            if (self.cells[move.src] or "  ")[1] != self.mine:
                return 0.0
            return self._own_near(move.dst, skip=move.src) - self._own_near(move.src)
        if type(move) is PlacePush:
            _, off = push_run(self.occupied, move.square, move.direction)
            if off >= 0 and (self.cells[off] or "  ")[1] == self.mine:
                return -1.0  # its own symbol handed to the opponent
        return 0.0


BOTS: dict[str, Any] = {
    "random": RandomBot,
    "beginner": BeginnerBot,
    "greedy": GreedyBot,
    "search": IsmctsBot,
}
