"""Boards made from the registry (`scenes.boards.BOARDS`): the board scene class of a game, and a
spectator's board of a game played (replays, pictures of saved games, the results' final board).
Kept out of the registry itself, which the board skeleton's parts read (the pause menu asks it
whether a game has a lesson)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from scenes.boards import board_spec
from scenes.boards.base import AnyBoard, show_levels
from scenes.kit.seats import HUMAN, GameSetup

if TYPE_CHECKING:
    from game.core.protocols import GameState
    from scenes.services import AppServices


def spectator_board(
    app: AppServices, setup: GameSetup, start_state: GameState[object], moves: Sequence[str] = ()
) -> AnyBoard:
    """`setup`'s game on its board, from `start_state` with `moves` played, for watching only:
    a spectator (public information only, and everything once the game is over), with every
    seat a person's so no computer thinks. Replays, pictures of saved games and the results'
    final board are drawn by one."""
    watched = dataclasses.replace(setup, seats=(HUMAN,) * setup.players)
    board_class = board_scene_class(setup.game)
    board = board_class(app, watched, start_state=start_state, moves=moves, spectator=True)
    show_levels(board, [setup.level(seat) for seat in range(setup.players)])
    return board


def board_scene_class(game: str) -> type[AnyBoard]:
    """The board scene class registered for `game`; ValueError if there is none yet."""
    # (a test's stand-in may be any scene built the same way: the class is not checked)
    return cast("type[AnyBoard]", board_spec(game).board_class())
