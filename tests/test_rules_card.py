"""A rules card in every game (issue 44, item 7): a board whose game has one shows a Rules
button in the top bar; a click opens the card (the turn's choices and the scoring) over the
board, in the language shown; a click beside it or Escape closes it and plays nothing."""

import pygame
import pytest
from helpers.drawn_text import install
from helpers.scene_driver import click, key, settle

from scenes.app import App, Options
from scenes.boards import BOARDS
from scenes.boards.making import board_scene_class
from scenes.kit.i18n import gettext, set_language
from scenes.storage.settings import SettingsStore


def _board(home, game):
    app = App(Options(seed=1, speed=10.0), SettingsStore(home))
    pygame.event.clear()
    board = board_scene_class(game)(app, app.quick_setup(game, ["human", "ai:easy"]))
    app.manager.switch(board, fade=False)
    settle(app)
    return app, board


CARDED = [game for game in BOARDS if getattr(board_scene_class(game), "rules_card", None)]


def test_the_boards_without_a_guide_panel_have_a_rules_card():
    """Whose Foods keeps its guide panel on the board; the two others have a card."""
    assert len(CARDED) == len(BOARDS) - 1


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game", CARDED)
def test_the_rules_button_opens_the_card_and_a_click_beside_it_closes_it(
    home, monkeypatch, game, language
):
    app, board = _board(home, game)
    set_language(language)
    try:
        card = board.rules_card
        assert "Rules" in board.button_rects
        drawn = install(monkeypatch)
        app.manager.draw(app.canvas)
        first = gettext(card.sections[0].heading)
        assert first not in drawn.words
        click(app, board.button_rects["Rules"].center)
        drawn.clear()
        app.manager.draw(app.canvas)
        for section in card.sections:
            assert gettext(section.heading) in drawn.words
        assert gettext(card.sections[-1].lines[0])[:12] in drawn.words.replace("\n", "")
        before = list(board.moves)
        click(app, (900, 700))  # beside the card, on the board
        assert not board.chrome.rules.open and board.moves == before
        click(app, board.button_rects["Rules"].center)
        key(app, pygame.K_ESCAPE)
        assert not board.chrome.rules.open and app.manager.current is board  # no pause menu
    finally:
        set_language("en")
        app.close()
