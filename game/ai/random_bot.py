"""The `random` bot of every game: any legal move of its view, uniformly."""

from __future__ import annotations

import random
from typing import TypeVar

from game.core.protocols import GameView

M = TypeVar("M")


class RandomBot:
    """Any legal move, uniformly at random."""

    name = "random"

    def __init__(self, level: str = "normal") -> None:
        self.level = level

    def choose(self, view: GameView[M], rng: random.Random) -> M:
        moves = view.legal_moves()
        if not moves:
            raise ValueError("this view's seat has no move to choose now")
        return rng.choice(moves)
