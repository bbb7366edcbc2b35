"""Headless rules of the three games, their bots and notation. Never imports pygame."""

from importlib import import_module
from types import ModuleType

#: Game name (as on the command line) -> module holding its rules.
GAME_MODULES: dict[str, str] = {
    "whose-foods": "game.whose_foods",
    "consequence": "game.consequence",
    "blanc-noir": "game.blanc_noir",
}


def load(name: str) -> ModuleType:
    """The rules module of the game called `name` (`whose-foods`, `consequence`, `blanc-noir`)."""
    try:
        return import_module(GAME_MODULES[name])
    except KeyError:
        raise ValueError(
            f"unknown game {name!r}; choose one of {', '.join(GAME_MODULES)}"
        ) from None
