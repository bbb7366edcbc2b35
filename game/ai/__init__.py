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
from typing import Any, Protocol, TypeVar

from game import game_type
from game.ai.levels import DEFAULT_LEVEL, LEVELS
from game.ai.levels import level as level_of
from game.ai.random_bot import RandomBot

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Bot", "bot_names", "make_bot"]


#: what a bot is shown (its seat's view of the game)
V_contra = TypeVar("V_contra", contravariant=True)
#: what a bot answers (the game's move)
M_co = TypeVar("M_co", covariant=True)


class Bot(Protocol[V_contra, M_co]):
    """A computer player of one game: picks a legal move (`M_co`) from what its seat may know
    (`V_contra`, the seat's view)."""

    name: str
    level: str

    def choose(self, view: V_contra, rng: random.Random) -> M_co: ...


def bot_names(game: str) -> list[str]:
    """The bot names available for `game`, weakest first."""
    return list(_bots(game))


def make_bot(game: str, name: str | None = None, level: str = DEFAULT_LEVEL) -> Bot[Any, Any]:
    """A bot for `game`. `name=None` gives the computer player of `level` (its own bot); its
    view and move types are those of the game named (known to the caller, not here)."""
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
