"""Words on the boards and the setup (issue 44, item 5): a setup says it has no rule variants
without claiming "no options" above its options, and the Consequence board's guide says what
the turn counter, the dots and the one tile of the other symbol are for."""

import pygame
from helpers.drawn_text import install
from helpers.scene_driver import settle

from scenes.app import App, Options
from scenes.boards import BOARDS
from scenes.boards.making import board_scene_class
from scenes.screens.setup import SetupScene
from scenes.storage.settings import SettingsStore


def _app(home):
    app = App(Options(seed=1, speed=10.0), SettingsStore(home))
    pygame.event.clear()
    settle(app)
    return app


def test_a_setup_with_options_below_never_says_the_game_has_none(home, monkeypatch):
    app = _app(home)
    try:
        drawn = install(monkeypatch)  # (the panels' words are drawn once, on a layer)
        for game in BOARDS:
            drawn.clear()
            app.manager.switch(SetupScene(app, game), fade=False)
            settle(app)
            app.manager.draw(app.canvas)
            assert "First player" in drawn.words or "(begins)" in drawn.words
            assert "has no options" not in drawn.words, game
    finally:
        app.close()


def test_the_consequence_board_says_what_the_counter_dots_and_other_symbol_are_for(
    home, monkeypatch
):
    app = _app(home)
    try:
        board = board_scene_class("consequence")(
            app, app.quick_setup("consequence", ["human", "human"])
        )
        app.manager.switch(board, fade=False)
        settle(app)
        app.manager.current.ready()  # the hand-over to the first player
        settle(app)
        drawn = install(monkeypatch)
        app.manager.draw(app.canvas)
        assert "After turn 60 the tiles left in hand are placed" in drawn.words
        assert "Dots score for nobody" in drawn.words
        assert "one tile of the other symbol scores for the other side" in drawn.words
    finally:
        app.close()


def test_a_draw_the_rules_force_of_an_overlay_is_explained(home):
    """The last market card is an overlay and the hand to move is empty: the only action is to
    draw it, and it costs 5 at the end (BN-10, BN-14, BN-18); the status line says so."""
    from game import blanc_noir as bn
    from scenes.boards.blanc_noir.lesson import END, LESSON

    app = _app(home)
    try:
        details = dict(LESSON.steps[4].position.details)
        details.update(hands=((), ("W2e", "B4a", "B2b")), market=("WOd",))
        state = bn.from_diagram(END, **details)
        assert [str(move) for move in state.legal_moves()] == ["draw WOd"]
        setup = app.quick_setup("blanc-noir", ["human", "ai:easy"])
        board = board_scene_class("blanc-noir")(app, setup, start_state=state)
        app.manager.switch(board, fade=False)
        settle(app)
        status = board.status_text()
        assert "only the draw" in status and "costs 5" in status
        details.update(hands=(("B4a",), ("W2e", "B2b")))
        board.set_state(bn.from_diagram(END, **details))
        assert "only the draw" not in board.status_text()
    finally:
        app.close()
