"""One visual language (issue 44, item 3): a lesson gives the seats the colours a real game of
that game gives them (Consequence's Moon plays blue tiles with a blue badge), and the rules
pages draw a card as the board does (small land tiles, a hatched corner), and say what the
hatched corner means."""

import pygame
import pytest
from helpers.scene_driver import settle

from scenes.app import App, Options
from scenes.boards import BOARDS
from scenes.boards.blanc_noir import layout
from scenes.boards.blanc_noir.card_art import CardArt
from scenes.boards.blanc_noir.diagrams import draw_card
from scenes.boards.blanc_noir.pages import PAGES
from scenes.storage.settings import SettingsStore


@pytest.mark.parametrize("game", list(BOARDS))
def test_a_lesson_gives_the_seats_a_real_games_colours(home, game):
    app = App(Options(seed=1, speed=10.0), SettingsStore(home))
    pygame.event.clear()
    try:
        settle(app)
        app.open_lesson(game)
        settle(app)
        lesson = app.manager.current
        real = app.quick_setup(game, ["human"] * lesson.lesson.players)
        assert lesson.board.setup.colours == real.colours
    finally:
        app.close()


def test_the_pages_draw_a_card_as_the_board_does():
    pygame.init()
    width = layout.HAND_CARD_W
    rect = pygame.Rect(0, 0, width, round(width * layout.CARD_RATIO))
    page = pygame.Surface(rect.size, pygame.SRCALPHA)
    draw_card(page, "W2b", rect)  # (a card with a hatched corner)
    board = CardArt(players=2).card_picture("W2b", width)
    assert pygame.image.tobytes(page, "RGBA") == pygame.image.tobytes(board, "RGBA")


def test_the_pages_say_what_the_hatched_corner_means():
    words = " ".join(page.text for page in PAGES)
    assert "hatched corner may fall anywhere" in words
