"""Bots by game, name and level. A bot is `choose(view, rng) -> Move`: it sees only a view.

Each game names the module of its bots in its descriptor (`GameType.bots`, e.g.
`game/<game>/bots.py`): a `BOTS` dict mapping each bot name (`random`, `beginner`, `greedy`,
`search`) to a class whose constructor takes `level`. The levels (Beginner to Expert) are
`game.ai.levels`: a computer seat at a level plays `make_bot(game, None, level)`, the level's own
bot (the novice model at Beginner, the search within the level's budget above it); `random` and
`greedy` are baselines for `bench ai`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from importlib import import_module
from typing import Any, Protocol

from game import game_type
from game.ai.levels import DEFAULT_LEVEL, LEVELS
from game.ai.levels import level as level_of
from game.ai.random_bot import RandomBot

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Bot", "bot_names", "make_bot"]


class Bot(Protocol):
    """A computer player: picks a legal move from what its seat may know."""

    name: str
    level: str

    def choose(self, view: Any, rng: random.Random) -> Any: ...


def bot_names(game: str) -> list[str]:
    """The bot names available for `game`, weakest first."""
    return list(_bots(game))


def make_bot(game: str, name: str | None = None, level: str = DEFAULT_LEVEL) -> Bot:
    """A bot for `game`. `name=None` gives the computer player of `level` (its own bot)."""
    step = level_of(level)  # ValueError for a level that does not exist
    bots = _bots(game)
    if name is None:
        name = step.bot
    try:
        return bots[name](level=level)
    except KeyError:
        raise ValueError(f"no bot {name!r} for {game}; choose one of {', '.join(bots)}") from None


def _bots(game: str) -> Mapping[str, Any]:
    module = game_type(game).bots
    return {"random": RandomBot} if module is None else import_module(module).BOTS
