"""Headless rules of the three games, their bots and notation. Never imports pygame.

`GAMES` maps each game's key (as on the command line: `whose-foods`, `consequence`,
`blanc-noir`) to its `GameType` descriptor (game.core.descriptor); every other part of the app
finds a game through it.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from game import blanc_noir, consequence, whose_foods

if TYPE_CHECKING:
    from game.core.descriptor import GameType

_MODULES: tuple[ModuleType, ...] = (whose_foods, consequence, blanc_noir)

#: game key -> its descriptor, in menu order
GAMES: dict[str, GameType] = {module.DESCRIPTOR.key: module.DESCRIPTOR for module in _MODULES}


def game_type(key: str) -> GameType:
    """The descriptor of the game called `key`; ValueError naming the choices otherwise."""
    try:
        return GAMES[key]
    except KeyError:
        raise ValueError(f"unknown game {key!r}; choose one of {', '.join(GAMES)}") from None


def load(key: str) -> ModuleType:
    """The rules module of the game called `key` (kept for callers of the first API)."""
    game_type(key)
    return next(module for module in _MODULES if module.DESCRIPTOR.key == key)
