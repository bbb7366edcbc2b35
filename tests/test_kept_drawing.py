"""Groups of drawing kept by their keys (`scenes.canvas.kept`, issue 41): a button in its state,
a seat's header with its points, the move log's rows, a board's square names are noted again
frame after frame without being drawn again, and drawn anew the moment what they show changes.

A stale group shows as a difference between the canvas (kept groups, presented in parts) and
the same frame drawn whole on a plain Surface (where nothing is kept): each case below changes
one thing a group shows (a hover, a move and its score and log line, the language, the text
size, the window's size) by posted input and compares the two.
"""

import random

import pygame
import pytest
from helpers.scene_driver import click, frames, hover, play_random_moves, settle

from scenes.canvas import Canvas, kept
from scenes.kit import i18n


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _whole(app) -> pygame.Surface:
    """The frame the app shows now, drawn whole on a plain Surface (nothing kept)."""
    canvas, plain = app.canvas, pygame.Surface((1920, 1080))
    app.canvas = plain
    try:
        app._draw_all()
    finally:
        app.canvas = canvas
    return plain


def _shown(app) -> pygame.Surface:
    return pygame.Surface.copy(app.canvas)  # (past the recording canvas's own copy)


def _same_as_whole(app) -> pygame.Surface:
    """Runs a frame; asserts the canvas is the frame drawn whole; the canvas."""
    frames(app, 1)
    shown = _shown(app)
    assert _pixels(shown) == _pixels(_whole(app)), "a kept group shows a stale picture"
    return shown


def _area(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return _pixels(surface.subsurface(rect))


# --- the canvas -----------------------------------------------------------------------------------
def test_a_group_is_drawn_once_per_key_and_noted_again_as_it_was():
    canvas = Canvas((200, 100))
    drawn = []
    red, blue = pygame.Surface((20, 20)), pygame.Surface((20, 20))
    red.fill((200, 0, 0))
    blue.fill((0, 0, 200))

    def draw(piece, at):
        def group(surface):
            drawn.append(at)
            surface.fill((10, 10, 10))
            return surface.blit(piece, at)

        return group

    def frame(key, piece, at):
        canvas.record()
        placed = kept(canvas, key, draw(piece, at))
        return canvas.finish(), placed

    assert frame("red", red, (10, 10))[0] is None  # (the first frame: whole)
    rects, placed = frame("red", red, (10, 10))
    assert rects == [] and drawn == [(10, 10)] and placed == pygame.Rect(10, 10, 20, 20)
    rects, _ = frame("blue", blue, (50, 10))  # another key: drawn, and the change is seen
    assert drawn == [(10, 10), (50, 10)] and rects
    assert pygame.Surface.get_at(canvas, (55, 15))[:3] == (0, 0, 200)
    assert pygame.Surface.get_at(canvas, (15, 15))[:3] == (10, 10, 10)  # no trail
    frame("red", red, (10, 10))  # kept still: not drawn again, shown again
    assert drawn == [(10, 10), (50, 10)]
    assert pygame.Surface.get_at(canvas, (15, 15))[:3] == (200, 0, 0)


def test_a_group_is_drawn_anew_in_another_language_and_always_off_a_recording():
    canvas = Canvas((100, 100))
    drawn = []

    def group(surface):
        drawn.append(i18n.language())
        surface.fill((0, 0, 0))

    for _ in range(2):
        canvas.record()
        kept(canvas, "words", group)
        canvas.finish()
    assert drawn == ["en"]
    i18n.set_language("ja")
    try:
        canvas.record()
        kept(canvas, "words", group)
        canvas.finish()
    finally:
        i18n.set_language("en")
    assert drawn == ["en", "ja"]
    kept(canvas, "words", group)  # (not recording: drawn directly)
    kept(pygame.Surface((10, 10)), "words", group)  # (a plain surface: drawn)
    assert drawn == ["en", "ja", "en", "en"]


def test_a_group_drawn_under_another_clip_is_drawn_anew():
    canvas = Canvas((100, 100))
    drawn = []

    def group(surface):
        drawn.append(surface.get_clip())
        surface.fill((90, 0, 0))

    for clip in (None, pygame.Rect(0, 0, 50, 50), pygame.Rect(0, 0, 50, 50)):
        canvas.record()
        canvas.set_clip(clip)
        kept(canvas, "clipped", group)
        canvas.set_clip(None)
        canvas.finish()
    assert drawn == [pygame.Rect(0, 0, 100, 100), pygame.Rect(0, 0, 50, 50)]


def test_a_key_that_cannot_be_hashed_draws_the_group_without_keeping_it():
    canvas = Canvas((100, 100))
    drawn = []
    for _ in range(2):
        canvas.record()
        kept(canvas, ("words", ["a list"]), lambda surface: drawn.append(surface.fill((1, 2, 3))))
        canvas.finish()
    assert len(drawn) == 2 and pygame.Surface.get_at(canvas, (5, 5))[:3] == (1, 2, 3)


# --- on a board, by posted input ------------------------------------------------------------------
def test_a_hovered_button_is_drawn_in_its_hover_colour(open_board):
    app, board = open_board("whose-foods", ["human", "human"], speed=1.0)
    settle(app)
    menu = board.chrome.menu_button.rect
    before = _same_as_whole(app)
    hover(app, menu.center)
    hovered = _same_as_whole(app)
    assert _area(hovered, menu) != _area(before, menu)
    hover(app, (960, 1070))
    assert _area(_same_as_whole(app), menu) == _area(before, menu)


@pytest.mark.slow
def test_moves_redraw_the_headers_points_and_the_move_log(open_board):
    """Moves on each board change a seat's points or tile count and add log lines: every frame
    of them is the frame drawn whole."""
    for game in ("whose-foods", "consequence", "blanc-noir"):
        app, board = open_board(game, ["human", "human"], speed=1.0)
        rng = random.Random(7)
        logged = len(board.record.log)

        def twenty_frames_whole(app=app):
            for _frame in range(20):
                _same_as_whole(app)

        play_random_moves(app, board, rng, 3, twenty_frames_whole)
        assert len(board.record.log) > logged


def _settings_from_board(app, board):
    click(app, board.chrome.pause_button.rect.center)
    pause = app.manager.current
    assert pause.name == "pause"
    click(app, pause.button_rects["Settings"].center)
    settings = app.manager.current
    assert settings.name == "settings"
    return settings


def _back_to_board(app, board, settings):
    click(app, settings.button_rects["Done"].center)
    click(app, app.manager.current.button_rects["Resume"].center)
    assert app.manager.current is board
    settle(app)


def test_a_language_switch_redraws_every_kept_group(open_board):
    app, board = open_board("whose-foods", ["human", "human"], speed=1.0)
    board.play(sorted(board.state.legal_moves(), key=str)[0])  # (a line in the move log)
    settle(app)
    english = _same_as_whole(app)
    settings = _settings_from_board(app, board)
    try:
        click(app, settings.button_rects["日本語"].center)
        assert i18n.language() == "ja"
        _back_to_board(app, board, settings)
        japanese = _same_as_whole(app)
    finally:
        i18n.set_language("en")
    pause = board.chrome.pause_button.rect
    assert _area(japanese, pause) != _area(english, pause)


def test_a_text_size_switch_redraws_every_kept_group(open_board):
    app, board = open_board("whose-foods", ["human", "human"], speed=1.0)
    settle(app)
    normal = _same_as_whole(app)
    settings = _settings_from_board(app, board)
    click(app, settings.button_rects["Large text"].center)
    assert app.settings.text_size == "large"
    try:
        _back_to_board(app, board, settings)
        large = _same_as_whole(app)
    finally:
        settings = _settings_from_board(app, board)
        click(app, settings.button_rects["Normal text"].center)
        _back_to_board(app, board, settings)
    menu = board.chrome.menu_button.rect
    assert _area(large, menu) != _area(normal, menu)
    hover(app, (960, 1070))  # (the pointer off the Pause button clicked last)
    assert _pixels(_same_as_whole(app)) == _pixels(normal)


def test_a_resized_window_shows_the_kept_groups_whole(open_board):
    app, board = open_board("whose-foods", ["human", "human"], speed=1.0)
    settle(app)
    assert app.manager.current is board
    before = _same_as_whole(app)
    app.screen.copy_when_headless = True
    app.screen.window.size = (1280, 720)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1280, y=720))
    frames(app, 2)
    assert _pixels(_same_as_whole(app)) == _pixels(before)
    shown = app.screen._surface.subsurface(app.screen.view)
    assert _pixels(shown) == _pixels(pygame.transform.smoothscale(before, app.screen.view.size))
