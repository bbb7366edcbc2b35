"""Nothing is refused in silence: the reason shows beside what was clicked (bug 6), names show
their limit and an ellipsis when cut, coming-soon games say so, and no text is tiny."""

import pygame
import pytest
from helpers.boards import no_board, swap_board
from helpers.drawn_text import install
from helpers.played_games import GAMES, show_results
from helpers.scene_driver import click, key, settle, tap, type_text

from scenes.kit import fonts
from scenes.kit.refusal import SECONDS


@pytest.fixture
def no_boards(monkeypatch):
    """No game has a board scene yet: every game is coming soon."""
    for game in GAMES:
        no_board(monkeypatch, game)


def shows_note(app, scene):
    """The scene's refusal note is up and drawn on the canvas over what was there."""
    note = scene.refusal
    assert note.active, "no reason was given"
    rect = note.rect
    assert app.canvas.get_rect().contains(rect)
    point = (rect.left + 20, rect.centery)  # the bubble's margin, between stripe and words
    assert app.canvas.get_at(point)[:3] != scene_without_note(app, scene, point)
    return note.text


def scene_without_note(app, scene, point):
    canvas = pygame.Surface(app.canvas.get_size())
    text, left = scene.refusal.text, scene.refusal.left
    scene.refusal.clear()
    scene.draw(canvas)
    scene.refusal.text, scene.refusal.left = text, left
    return canvas.get_at(point)[:3]


def open_setup(app, game="whose-foods"):
    app.open_setup(game)
    settle(app)
    return app.manager.current


def test_a_name_past_the_limit_is_refused_with_its_reason(make_app, monkeypatch):
    app = make_app()
    setup = open_setup(app)
    drawn = install(monkeypatch)
    click(app, setup.button_rects["seat 1 name"].center)
    for _ in range(10):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Abcdefghijklm")  # 13 letters: no refusal yet
    assert not setup.refusal.active and "13/14" in drawn.words
    for letter in "no":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    app.run(frames=2, fixed_dt=1 / 60)
    assert setup.names[0] == "Abcdefghijklmn"
    assert "14 letters" in shows_note(app, setup)
    assert "14/14" in drawn.words
    note, field = setup.refusal.rect, setup.name_fields[0].rect
    assert field.top <= note.centery <= field.bottom and note.left >= field.right  # beside it


def test_the_note_goes_away_after_a_few_seconds(make_app):
    app = make_app()
    setup = open_setup(app)
    setup.refuse("Not now.", setup.start_button.rect)
    assert setup.animating
    app.run(frames=round(SECONDS * 60) + 5, fixed_dt=1 / 60)
    assert not setup.refusal.active and not setup.animating


def test_a_taken_colour_is_refused_with_its_reason(make_app):
    app = make_app()
    setup = open_setup(app)
    click(app, setup.count_choice.buttons[2].rect.center)  # 4 players: every colour in use
    before = list(setup.colours)
    tap(app, setup.swatches[0].rect.center)
    assert setup.colours == before
    assert "colours are taken" in shows_note(app, setup)


def test_a_free_colour_is_taken_without_a_note(make_app):
    app = make_app()
    setup = open_setup(app)
    assert setup.players == 2
    before = setup.colours[0]
    tap(app, setup.swatches[0].rect.center)
    assert setup.colours[0] != before and setup.colours[0] != setup.colours[1]
    assert not setup.refusal.active


def test_a_coming_soon_tile_says_so_and_opens_nothing(make_app, no_boards):
    app = make_app()
    menu = app.manager.current
    tap(app, menu.button_rects["consequence"].center)
    app.run(frames=30, fixed_dt=1 / 60)
    assert app.manager.current is menu
    assert "Consequence is coming soon" in shows_note(app, menu)


def test_start_of_a_coming_soon_game_says_why_in_the_scene(make_app, no_boards):
    app = make_app()
    setup = open_setup(app)
    assert not setup.start_button.enabled
    tap(app, setup.button_rects["Start"].center)
    assert app.manager.current is setup
    assert "coming soon" in shows_note(app, setup)


def test_a_long_name_is_drawn_with_an_ellipsis_inside_its_field(make_app, monkeypatch):
    app = make_app()
    setup = open_setup(app)
    setup.names[0] = setup.name_fields[0].value = "W" * 14
    drawn = install(monkeypatch)
    setup.draw(app.canvas)
    field = setup.name_fields[0]
    shown = [(words, size) for words, size in drawn.seen if words.startswith("WWW")]
    assert shown
    for words, size in shown:
        assert words == "W" * 14 or words.endswith("…")
        assert fonts.font(size).size(words)[0] <= field.rect.width - 40


@pytest.mark.parametrize("name", ["menu", "setup", "setup-typing", "rules", "results"])
def test_no_text_in_these_scenes_is_smaller_than_22_pixels(make_app, monkeypatch, name):
    app = make_app()
    drawn = install(monkeypatch)
    if name == "menu":
        app.go_menu()
    elif name.startswith("setup"):
        setup = open_setup(app, "blanc-noir")
        click(app, setup.count_choice.buttons[2].rect.center)
        if name == "setup-typing":
            click(app, setup.button_rects["seat 2 name"].center)
    elif name == "rules":
        for game in GAMES:
            app.open_rules(game)
            settle(app)
            rules = app.manager.current
            for _ in range(len(rules.pages)):
                key(app, pygame.K_RIGHT)
    else:
        show_results(app, players=4)
    settle(app)
    app.manager.current.draw(app.canvas)
    assert drawn.seen and drawn.smallest() >= 22


def test_a_menu_tile_of_a_playable_game_still_opens_its_setup(make_app, monkeypatch):
    swap_board(monkeypatch, "blanc-noir", "scenes.screens.setup:SetupScene")
    app = make_app()
    click(app, app.manager.current.button_rects["blanc-noir"].center)
    assert app.manager.current.name == "setup" and app.manager.current.game == "blanc-noir"
