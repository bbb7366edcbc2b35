"""The menu offers the unfinished game first, as a Continue tile; a bad save file is reported."""

import time

import pygame
import pytest
from helpers.boards import no_board
from helpers.drawn_text import install
from helpers.played_games import unfinished
from helpers.scene_driver import click, settle

from game import GAMES
from scenes.boards import menu_art
from scenes.boards.making import board_scene_class
from scenes.kit.pictures import picture
from scenes.screens.continue_tile import when_text
from scenes.storage.saved_game import SAVE_FILE, THUMBNAIL_FILE, save_unfinished


def saved_whose_foods(home, players=4, picture=None):
    saved, _ = unfinished("whose-foods", players)
    pygame.display.init()
    assert save_unfinished(home, saved, picture)
    return saved


def test_without_an_unfinished_game_the_menu_has_no_continue_tile(make_app):
    app = make_app()
    menu = app.manager.current
    assert menu.continue_tile is None and "Continue" not in menu.button_rects
    assert [tile.rect.width for tile in menu.tiles] == [560, 560, 560]


def test_the_continue_tile_comes_first_and_says_what_and_who_and_when(make_app, home, monkeypatch):
    board = pygame.Surface((300, 300))
    board.fill((12, 200, 40))
    saved = saved_whose_foods(home, picture=board)
    drawn = install(monkeypatch)
    app = make_app()
    menu = app.manager.current
    tile = menu.continue_tile
    assert tile is not None and tile.rect.left < min(t.rect.left for t in menu.tiles)
    assert menu.button_rects["Continue"] == tile.rect
    setup = saved.game_setup
    assert tile.seat_lines == [
        (name, "human" if setup.is_human(i) else f"computer, {setup.level(i)}")
        for i, name in enumerate(setup.names)
    ]
    words = drawn.words
    assert "Whose Foods" in words and all(name in words for name in setup.names)
    assert f"Saved {when_text(saved.saved_at)}" in words and "Continue" in words
    assert drawn.smallest() >= 22
    greens = [
        (x, y)
        for x in range(tile.rect.left, tile.rect.right, 6)
        for y in range(tile.rect.top, tile.rect.top + 260, 6)
        if all(
            abs(a - b) <= 8 for a, b in zip(app.canvas.get_at((x, y)), (12, 200, 40), strict=False)
        )
    ]
    assert greens, "the picture of the board is not on the tile"
    for rect in [tile.rect] + [t.rect for t in menu.tiles]:
        assert app.canvas.get_rect().contains(rect)
    rects = [tile.rect] + [t.rect for t in menu.tiles]
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])


def test_clicking_continue_asks_the_app_to_continue_the_game(make_app, home, monkeypatch):
    saved_whose_foods(home, players=2)
    app = make_app()
    asked = []
    monkeypatch.setattr(app, "continue_game", lambda: asked.append(True), raising=False)
    click(app, app.manager.current.button_rects["Continue"].center)
    assert asked == [True]


def test_a_bad_save_file_is_reported_with_a_notice_and_no_tile(make_app, home):
    (home / SAVE_FILE).write_text('{"game": "whose-foods", "moves": [')  # cut short
    app = make_app()
    menu = app.manager.current
    assert menu.continue_tile is None
    assert any("could not be continued" in text for text, _ in app.notices)
    assert list(home.glob(SAVE_FILE + ".bad-*"))
    app.go_menu()
    settle(app)
    assert sum("could not be continued" in text for text, _ in app.notices) == 1


def test_an_unfinished_game_without_a_board_is_kept_but_not_offered(make_app, home, monkeypatch):
    saved_whose_foods(home, players=2)
    no_board(monkeypatch, "whose-foods")
    app = make_app()
    assert app.manager.current.continue_tile is None
    assert (home / SAVE_FILE).exists()


@pytest.mark.parametrize("game", ["whose-foods", "consequence", "blanc-noir"])
def test_after_a_kill_the_continue_tile_draws_the_board_from_the_save(make_app, home, game):
    """Issue 23: a game saved after a move has no picture (it is made only on leaving); after
    kill -9 the tile shows that game's board drawn from the save, not the game's menu art, and
    only what a spectator may see."""
    saved, state = unfinished(game, 2)
    pygame.display.init()
    assert save_unfinished(home, saved, None)  # the autosave after a move
    assert not (home / THUMBNAIL_FILE).exists()
    app = make_app()  # the app starts again after the kill
    tile = app.manager.current.continue_tile
    assert isinstance(tile.thumbnail, pygame.Surface)
    board = board_scene_class(game)(app, saved.game_setup, spectator=True)
    board.set_state(state.clone())
    expected = board.keeper.thumbnail()
    assert pygame.image.tobytes(tile.thumbnail, "RGB") == pygame.image.tobytes(expected, "RGB")
    art = picture(menu_art(game), tile.thumbnail.get_size())
    assert pygame.image.tobytes(tile.thumbnail, "RGB") != pygame.image.tobytes(art, "RGB")
    if GAMES[game].hidden_information:
        assert all(viewer is None for viewer, _, _ in board.on_show.faces_seen)


def test_when_a_game_was_saved_reads_as_a_player_says_it():
    now = time.mktime((2025, 3, 14, 15, 30, 0, 0, 0, -1))
    assert when_text(now - 3600, now) == "today 14:30"
    assert when_text(now - 86400, now) == "yesterday 15:30"
    assert when_text(now - 10 * 86400, now) == "4 Mar 15:30"
    assert when_text(now - 400 * 86400, now).endswith("2024")
