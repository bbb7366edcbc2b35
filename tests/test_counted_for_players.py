"""What players would count by hand is counted for them (issue 44, item 8): En blanc et noir
shows, while the game goes on, the white and black land squares (by the top card's colour,
which everyone sees, BN-19) and which colour's bears lead the bonus now."""

import pygame
from helpers.drawn_text import install
from helpers.scene_driver import settle

from game import blanc_noir as bn
from scenes.app import App, Options
from scenes.boards.blanc_noir.land_count import land_count
from scenes.boards.blanc_noir.lesson import END, LESSON
from scenes.boards.making import board_scene_class
from scenes.storage.settings import SettingsStore


def test_the_land_is_counted_by_its_top_colours():
    land = {(0, 0): ["W2a"], (1, 0): ["B2b", "WO?"], (0, 1): ["B?"], (1, 1): ["W?", "BO?"]}
    assert land_count(land) == (2, 2, "")
    land[(2, 0)] = ["B3a"]
    assert land_count(land) == (2, 3, "B")


def open_near_the_end(app):
    """A board at the lesson's last position (two actions from the game's end), seat 0 a
    person, seat 1 a computer; settled."""
    state = bn.from_diagram(END, **LESSON.steps[4].position.details)
    board = board_scene_class("blanc-noir")(
        app, app.quick_setup("blanc-noir", ["human", "ai:easy"]), start_state=state
    )
    app.manager.switch(board, fade=False)
    settle(app)
    return board


def test_the_board_shows_the_land_count_and_the_bear_lead_as_the_game_goes(home, monkeypatch):
    app = App(Options(seed=1, speed=10.0), SettingsStore(home))
    pygame.event.clear()
    try:
        board = open_near_the_end(app)
        tops = board.state.view(0).top_colours().values()
        white, black = list(tops).count("W"), list(tops).count("B")
        assert black > white
        drawn = install(monkeypatch)
        app.manager.draw(app.canvas)
        assert f"Land: white {white}, black {black}" in drawn.words
        assert "Black bears +2 now, white bears −2" in drawn.words
    finally:
        app.close()


def test_the_plate_gives_way_when_the_bear_count_is_announced(home, monkeypatch):
    """The last action played: "The bear count" is announced across the land, then its own
    box counts the squares. The plate in the land window's corner is not drawn under the
    banner (it stood there, half covered, while the banner showed)."""
    app = App(Options(seed=1, speed=1.0), SettingsStore(home))
    pygame.event.clear()
    try:
        board = open_near_the_end(app)
        drawn = install(monkeypatch)
        app.manager.draw(app.canvas)
        assert "Land: white" in drawn.words  # (the plate, while the game goes on)
        board.play(bn.DrawCard(card="B2b"))
        settle(app)
        board.play(bn.ScoreCard(card="B2b"))  # the game's last action
        effects = board.presenter
        for _ in range(600):
            app.run(frames=1, fixed_dt=1 / 60)
            banner = effects.banner
            if banner is not None and "bear count" in str(banner.words):
                break
        else:
            raise AssertionError("the bear count was never announced")
        drawn.clear()
        app.manager.draw(app.canvas)
        assert board.state.is_over and "Land: white" not in drawn.words
    finally:
        app.close()


def test_the_consequence_lesson_offers_its_memory_aid_on_its_last_screen(home):
    """Off by default; the last screen's switch turns it on for the game it offers next (and
    the setups after), remembered in the settings."""
    from helpers.scene_driver import click

    from game import GAMES

    app = App(Options(seed=1, speed=10.0), SettingsStore(home))
    pygame.event.clear()
    try:
        settle(app)
        app.open_lesson("consequence")
        settle(app)
        lesson = app.manager.current
        assert lesson.offer is not None and not lesson.offer.value
        assert not app.quick_setup("consequence", ["human", "ai"]).options["memory_aid"]
        lesson.finish()
        settle(app)
        click(app, lesson.offer.rect.center)
        assert lesson.offer.value
        assert app.quick_setup("consequence", ["human", "ai"]).options["memory_aid"]
        saved = SettingsStore(app.store.folder).load().last_setup
        assert saved["consequence"]["options"]["memory_aid"] is True
        click(app, lesson.last_buttons[0].rect.center)  # the game against the weakest computer
        settle(app)
        board = app.manager.current
        assert board.name == "board" and board.memory_aid
        assert GAMES["consequence"].options[0].default is False
    finally:
        app.close()


def test_a_first_consequence_game_is_set_up_with_the_memory_aid_on(home, monkeypatch):
    """A game never set up before starts with its lesson's offered aid on, and says so; once a
    setup is remembered, what was chosen stands."""
    from helpers.drawn_text import install

    from scenes.screens.setup import SetupScene

    app = App(Options(seed=1, speed=10.0), SettingsStore(home))
    pygame.event.clear()
    try:
        drawn = install(monkeypatch)
        setup = SetupScene(app, "consequence")
        app.manager.switch(setup, fade=False)
        settle(app)
        app.manager.draw(app.canvas)
        assert setup.options["memory_aid"] is True
        assert "On for a first game." in drawn.words
        setup._set_option("memory_aid", False)
        app.settings.last_setup["consequence"] = setup.remembered()
        again = SetupScene(app, "consequence")
        assert again.options["memory_aid"] is False
    finally:
        app.close()
