"""The land counted for the players while the game goes on: how many squares are white and how
many black (by their top card's colour, which everyone sees) and which colour's bears lead the
bonus right now (BN-19), on a small plate in the land window's corner."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

import pygame

from scenes.boards.blanc_noir import layout
from scenes.boards.blanc_noir.card_art import GOLD, NIGHT, SNOW
from scenes.canvas import kept
from scenes.kit import fonts
from scenes.kit.i18n import N_, _
from scenes.kit.palette import INK, WHITE

LEADS = {
    "W": N_("White bears +2 now, black bears −2"),
    "B": N_("Black bears +2 now, white bears −2"),
    "": N_("Equal land: no bear bonus now"),
}
PLATE_AT = (layout.LAND.left + 14, layout.LAND.top + 14)
SIZE = fonts.TINY - 6  #: the plate's words


def land_count(land: Mapping[tuple[int, int], Sequence[str]]) -> tuple[int, int, str]:
    """(white squares, black squares, the colour whose bears lead: "W", "B" or "" on equal),
    from the colours of the land's top cards only."""
    tops = [stack[-1][0] for stack in land.values() if stack]
    white, black = tops.count("W"), tops.count("B")
    return white, black, "W" if white > black else "B" if black > white else ""


def _words(land: Mapping[tuple[int, int], Sequence[str]]) -> tuple[str, str]:
    white, black, lead = land_count(land)
    return _("Land: white {white}, black {black}").format(white=white, black=black), _(LEADS[lead])


def plate_rect(land: Mapping[tuple[int, int], Sequence[str]]) -> pygame.Rect:
    """Where the plate stands (its size follows its words: the language, the text size), which
    the land is kept clear of."""
    counts, words = _words(land)
    return _plate_rect(counts, words)


def _plate_rect(counts: str, words: str) -> pygame.Rect:
    width = max(fonts.measure(counts, SIZE, True)[0], fonts.measure(words, SIZE)[0]) + 72
    return pygame.Rect(PLATE_AT, (width, 2 * fonts.line_height(SIZE) + 20))


def draw_land_count(canvas: pygame.Surface, land: Mapping[tuple[int, int], Sequence[str]]) -> None:
    """The plate: a white and a black square with their counts, and the bear lead in words."""
    counts, words = _words(land)
    kept(canvas, (_draw_plate, counts, words), partial(_draw_plate, counts=counts, words=words))


def _draw_plate(canvas: pygame.Surface, counts: str, words: str) -> None:
    """The plate with `counts` and `words` (kept by them: a new veil every frame would be a
    change every frame)."""
    size, line = SIZE, fonts.line_height(SIZE)
    plate = _plate_rect(counts, words)
    veil = pygame.Surface(plate.size, pygame.SRCALPHA)
    pygame.draw.rect(veil, (*INK, 200), veil.get_rect(), border_radius=14)
    canvas.blit(veil, plate)
    swatch = pygame.Rect(plate.left + 14, plate.top + 12, 18, 18)
    pygame.draw.rect(canvas, SNOW, swatch, border_radius=4)
    pygame.draw.rect(canvas, NIGHT, swatch.move(22, 0), border_radius=4)
    pygame.draw.rect(canvas, GOLD, swatch.move(22, 0), 2, border_radius=4)
    x = plate.left + 62
    fonts.blit_text(canvas, counts, size, WHITE, "topleft", (x, plate.top + 8), bold=True)
    fonts.blit_text(canvas, words, size, GOLD, "topleft", (x, plate.top + 10 + line))
