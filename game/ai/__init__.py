"""Bots by game, name and level. A bot is `choose(view, rng) -> Move`: it sees only a view.

Each game keeps its bots in `game/ai/<game module>_bots.py` with a `BOTS` dict mapping a bot name
(`random`, `greedy`, later a search bot) to a class whose constructor takes `level`.
"""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any, Protocol

from game import game_type

LEVELS = ("easy", "normal", "hard")


class Bot(Protocol):
    """A computer player: picks a legal move from what its seat may know."""

    name: str
    level: str

    def choose(self, view: Any, rng: random.Random) -> Any: ...


def bot_names(game: str) -> list[str]:
    """The bot names available for `game`, weakest first."""
    return list(_bots(game))


def make_bot(game: str, name: str | None = None, level: str = "normal") -> Bot:
    """A bot for `game`. `name=None` gives the strongest bot that exists for the game."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    bots = _bots(game)
    if name is None:
        name = list(bots)[-1]
    try:
        return bots[name](level=level)
    except KeyError:
        raise ValueError(f"no bot {name!r} for {game}; choose one of {', '.join(bots)}") from None


def _bots(game: str) -> dict[str, Any]:
    package = game_type(game).state_class.__module__.rpartition(".")[0]
    return import_module(f"{package}.bots").BOTS
