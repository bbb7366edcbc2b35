"""The games the app offers, the setup a game starts from, and the registry of board scenes.

`BOARD_SCENES` maps a game name (`whose-foods`, `consequence`, `blanc-noir`) to the board scene
class that plays it, written `"module:Class"` (imported only when a game starts). It starts empty:
each board scene's issue adds its own line. A game without an entry shows "coming soon" on its
menu tile and cannot be started.

A board is a `scenes.boards.base.BoardScene` subclass in its own package
(`scenes/boards/<game>/`: scene, presenter, painter, layout), built as
`Class(app, setup, start_state=None, moves=(), spectator=False)`; the base module says what a
subclass supplies and what the base does for every board.
"""

from __future__ import annotations

from importlib import import_module

from game import GAMES

#: game name -> "module:Class" of its board scene (see the module docstring).
BOARD_SCENES: dict[str, str] = {
    "whose-foods": "scenes.boards.whose_foods.scene:WhoseFoodsBoard",
    "consequence": "scenes.boards.consequence.scene:ConsequenceBoard",
    "blanc-noir": "scenes.boards.blanc_noir.scene:BlancNoirBoard",
}

__all__ = ["GAMES", "board_scene_class", "is_playable", "menu_art"]


def menu_art(game: str) -> str:
    """The art name of `game`'s menu tile (assets/art/menu_<key>.svg)."""
    return "menu_" + game.replace("-", "_")


def is_playable(game: str) -> bool:
    """True when a board scene is registered for `game` (else its tile says "coming soon")."""
    return game in BOARD_SCENES


def board_scene_class(game: str) -> type:
    """The board scene class registered for `game`; ValueError if there is none yet."""
    try:
        module, name = BOARD_SCENES[game].split(":")
    except KeyError:
        raise ValueError(f"{GAMES[game].title if game in GAMES else game} is coming soon") from None
    return getattr(import_module(module), name)
