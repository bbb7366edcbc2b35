"""Consequence bots. They see only a ConsequenceView of their own seat, never the full state."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from game.ai.random_bot import RandomBot
from game.ai.search import SearchBot
from game.consequence import ConsequenceMove, ConsequenceView, Place, PlacePush


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
    placements are keyed by the colour of the tile only (its symbol is face down)."""

    def edge_key(self, move: Any, mover: int, root_seat: int) -> Any:
        if mover != root_seat and type(move) in (Place, PlacePush):
            return (type(move), move.code[0], *_where(move))
        return move


def _where(move: Place | PlacePush) -> tuple[int, ...]:
    if type(move) is PlacePush:
        return (move.square, move.direction)
    return (move.square,)


BOTS: dict[str, Any] = {"random": RandomBot, "greedy": GreedyBot, "search": IsmctsBot}
