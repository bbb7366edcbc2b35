"""Headless rules of the games, their bots and notation. Never imports pygame.

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

#: every game's rules package, in menu order: a new game's package is added here
PACKAGES: tuple[ModuleType, ...] = (whose_foods, consequence, blanc_noir)

#: game key -> its descriptor, in menu order
GAMES: dict[str, GameType] = {package.DESCRIPTOR.key: package.DESCRIPTOR for package in PACKAGES}


def game_type(key: str) -> GameType:
    """The descriptor of the game called `key`; ValueError naming the choices otherwise."""
    try:
        return GAMES[key]
    except KeyError:
        raise ValueError(f"unknown game {key!r}; choose one of {', '.join(GAMES)}") from None


def load(key: str) -> ModuleType:
    """The rules package of the game called `key`."""
    game_type(key)
    return next(package for package in PACKAGES if package.DESCRIPTOR.key == key)
