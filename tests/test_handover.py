"""The hand-over screen between people in a game with secrets: it appears once, and a click of any
speed, Return or Escape answers it, after Start and after Continue alike."""

import dataclasses

import pygame
import pytest
from helpers.played_games import unfinished
from helpers.scene_driver import click, frames, settle

from scenes.kit.seats import HUMAN
from scenes.storage.saved_game import save_unfinished


def _press(pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def _release(pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def _started_hot_seat(make_app):
    """Menu -> Consequence -> both seats people -> Start, by clicks; frames until still."""
    app = make_app()
    click(app, app.manager.current.button_rects["consequence"].center)
    setup = app.manager.current
    click(app, setup.button_rects["seat 2 human"].center)
    assert setup.build_setup().seats == (HUMAN, HUMAN)
    click(app, setup.button_rects["Start"].center)
    return app


def _continued_hot_seat(make_app, home):
    saved, _ = unfinished("consequence", 2)
    saved = dataclasses.replace(saved, setup={**saved.setup, "seats": ["human", "human"]})
    pygame.display.init()
    assert save_unfinished(home, saved)
    app = make_app()
    click(app, app.manager.current.button_rects["Continue"].center)
    return app


def _only_one_handover(app):
    names = [scene.name for scene in app.manager.stack]
    assert names == ["board", "handover"], names
    return app.manager.current


@pytest.mark.parametrize("how", ["start", "continue"])
def test_one_handover_screen_is_pushed_however_the_game_opens(make_app, home, how):
    # The board used to push a hand-over every frame of the fade-in: ten on the stack, each
    # needing its own click, and a quick click seemed to do nothing.
    app = _started_hot_seat(make_app) if how == "start" else _continued_hot_seat(make_app, home)
    frames(app, 30)
    _only_one_handover(app)


@pytest.mark.parametrize("how", ["start", "continue"])
@pytest.mark.parametrize("gap", [0, 1], ids=["same frame", "next frame"])
def test_a_quick_click_on_i_am_ready_shows_the_board(make_app, home, how, gap):
    app = _started_hot_seat(make_app) if how == "start" else _continued_hot_seat(make_app, home)
    handover = _only_one_handover(app)
    board = app.manager.stack[0]
    seat = board.state.current_player
    at = handover.button_rects["I am ready"].center
    _press(at)
    if gap:
        frames(app, gap)
    _release(at)
    frames(app, 2)
    assert app.manager.current is board and board.on_show.viewer == seat
    assert board.human_to_move


@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_SPACE])
def test_return_or_space_on_the_handover_shows_the_board(make_app, key):
    app = _started_hot_seat(make_app)
    _only_one_handover(app)
    board = app.manager.stack[0]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    frames(app, 2)
    assert app.manager.current is board and board.on_show.viewer == 0


def test_escape_on_the_handover_opens_the_pause_menu_and_the_handover_comes_back(make_app):
    app = _started_hot_seat(make_app)
    _only_one_handover(app)
    board = app.manager.stack[0]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    settle(app)
    pause = app.manager.current
    assert pause.name == "pause" and board.on_show.viewer is None  # nothing secret under the menu
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    settle(app)
    handover = _only_one_handover(app)
    click(app, handover.button_rects["I am ready"].center)
    assert app.manager.current is board and board.on_show.viewer == 0
