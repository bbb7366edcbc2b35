"""Consequence bots. They see only a ConsequenceView of their own seat, never the full state."""

from __future__ import annotations

import math
import random
from typing import Any, ClassVar

from game.ai.random_bot import RandomBot
from game.ai.search import SearchBot
from game.consequence import ConsequenceMove, ConsequenceView, Place, PlacePush, State
from game.consequence.moves import CODES, HAND_CODES, PLACES, SEAT_SYMBOLS, geometry
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


class IsmctsBot(SearchBot):
    """Information-set MCTS: each iteration samples a full state from the view; another seat's
    placements are keyed by the colour of the tile only (its symbol is face down).

    Playouts mostly place (`PLAYOUT_PLACES` of the moves), each seat putting its own symbol
    next to its own and the opponent's symbol away from the opponent's; the rest are random.
    Measured against greedy at 0.2 s a move (60 games): random playouts won 15 and lost 33
    (21 drawn), these won 25 and lost 14.
    """

    PLAYOUT_PLACES: ClassVar[float] = 0.8

    def playout_move(self, state: Any, moves: list[Any], rng: random.Random) -> Any:
        if rng.random() < self.PLAYOUT_PLACES:
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


BOTS: dict[str, Any] = {"random": RandomBot, "greedy": GreedyBot, "search": IsmctsBot}
