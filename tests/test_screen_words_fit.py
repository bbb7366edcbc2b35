"""Words a reader tripped on (issue 40, "Screens"): the captured-cans meter's "3 wins" ran over
its tray's edge (in both languages); the "no push-off" tag was cut by the last-move marker's
ring."""

import pygame
import pytest

from scenes.boards.consequence import layout as cq_layout
from scenes.boards.consequence import paint as cq_paint
from scenes.boards.whose_foods import layout as wf_layout
from scenes.boards.whose_foods.paint import Painter
from scenes.kit import fonts, i18n, last_move
from scenes.kit.palette import seat_colours

#: the width of a panel's edge (draw_panel's outline) a word must stay inside of
EDGE = 6


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_meters_words_stand_inside_the_tray(language, monkeypatch):
    i18n.set_language(language)
    pygame.display.init()
    drawn = []
    blit = fonts.blit_text

    def recording(canvas, words, *args, **kwargs):
        rect = blit(canvas, words, *args, **kwargs)
        drawn.append((words, rect))
        return rect

    monkeypatch.setattr(fonts, "blit_text", recording)
    Painter(2, seat_colours("standard")[:2])._render_static()
    meter = {i18n.gettext("3 wins"), i18n.gettext("4 loses")}
    for seat in range(2):
        inside = wf_layout.tray(seat).rect.inflate(-2 * EDGE, -2 * EDGE)
        words = [(w, r) for w, r in drawn if w in meter and inside.colliderect(r)]
        assert len(words) == 2, drawn
        assert all(inside.contains(rect) for _words, rect in words), words


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_squares_tag_stands_inside_the_last_move_ring(language):
    i18n.set_language(language)
    pygame.display.init()
    for words, _colour in cq_paint.TAGS.values():
        size = fonts.text(i18n.gettext(words), fonts.TINY - 8, (0, 0, 0), True).get_size()
        for square in range(16):
            square_rect = cq_layout.square_rect(square)
            tag = cq_paint.tag_rect(square, size)
            # the ring's outline (drawn with an ink edge 2 pixels outside) ends this far in
            ring = last_move.INSET + last_move.WIDTH + 2
            assert square_rect.inflate(-2 * ring, -2 * ring).contains(tag), (words, square)
