"""A callout over a board: a ring of light around what to use (`glow`), and a note with a
heading and words that points at the spots it names (`note`). Lessons, the coach's hint and
the game review draw them the same way."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from scenes.kit import fonts
from scenes.kit.drawn_boxes import note_must_read, note_ring
from scenes.kit.palette import ACCENT, INK, PAPER, RGB
from scenes.kit.rules_drawing import arrow
from scenes.kit.text_fit import fit_line
from scenes.kit.widgets import Button, draw_panel

GLOW: RGB = (255, 214, 64)
#: an arrow longer than this would cross the board: the rings alone point then
LONGEST_ARROW = 820
NOTE_PADDING = 22
BUTTON_HEIGHT = 96


def glow(canvas: pygame.Surface, rect: pygame.Rect, phase: float) -> None:
    """A ring of light around `rect`; `phase` (seconds) makes it breathe, 0 holds it still."""
    swell = 6 + 6 * math.sin(phase * 2 * math.pi * 1.4) if phase > 0 else 6
    ring = rect.inflate(round(18 + swell), round(18 + swell))
    note_must_read(canvas, rect, "what glows")
    pygame.draw.rect(canvas, INK, ring.inflate(6, 6), 12, border_radius=22)
    pygame.draw.rect(canvas, GLOW, ring, 8, border_radius=20)
    note_ring(canvas, ring.inflate(6, 6), 12, "what glows")


def note(
    canvas: pygame.Surface,
    area: pygame.Rect,
    heading: str,
    words: str,
    colour: RGB,
    button: Button | None = None,
    spots: Sequence[pygame.Rect] = (),
    fill: bool = False,
) -> None:
    """The coach's note in `area` (it shrinks to its words, unless it is to `fill` the area): a
    heading (smaller where it would not fit), the words as large as fit, a button at its foot;
    rings on the `spots` it names and an arrow from its edge to the nearest of them."""
    panel, size, lines = _layout(area, words, button is not None, fill)
    step = round(size * 1.2)
    _point_at(canvas, panel, spots)
    draw_panel(canvas, panel, PAPER, radius=24, shadow=10)
    pygame.draw.rect(canvas, colour, panel, 6, border_radius=24)
    x, y = panel.left + NOTE_PADDING, panel.top + NOTE_PADDING
    width = panel.width - 2 * NOTE_PADDING
    line, size_heading = fit_line(heading, fonts.SMALL - 4, width, True, fonts.TINY - 6)
    fonts.blit_text(canvas, line, size_heading, colour, "topleft", (x, y), bold=True)
    y += 50
    for line in lines:
        fonts.blit_text(canvas, line, size, INK, "topleft", (x, y))
        y += step
    if button is not None:
        button.rect.bottomright = (panel.right - NOTE_PADDING, panel.bottom - NOTE_PADDING)
        button.draw(canvas)


#: where a note may stand besides the area a board gives it: the canvas's lower corners
CORNERS = (pygame.Rect(24, 640, 560, 420), pygame.Rect(1336, 640, 560, 420))


def clear_area(first: pygame.Rect, words: str, spots: Sequence[pygame.Rect]) -> pygame.Rect:
    """Where a note with `words` hides none of `spots`: `first` if it does not, else a lower
    corner of the canvas that does not (`first` when none is clear)."""
    for area in (first, *CORNERS):
        panel = note_panel(area, words, with_button=False)
        if not any(panel.colliderect(spot) for spot in spots):
            return area
    return first


def note_panel(area: pygame.Rect, words: str, with_button: bool, fill: bool = False) -> pygame.Rect:
    """Where the note with `words` stands in `area` (what it covers of the board)."""
    return _layout(area, words, with_button, fill)[0]


def _layout(
    area: pygame.Rect, words: str, with_button: bool, fill: bool = False
) -> tuple[pygame.Rect, int, list[str]]:
    """The note's panel, its words' size and lines: the words as large as fit in `area`, the
    panel shrunk to them (or the whole area, to `fill` it)."""
    inner = area.width - 2 * NOTE_PADDING
    foot = BUTTON_HEIGHT + 14 if with_button else 0
    room = area.height - 2 * NOTE_PADDING - 50 - foot
    size = fonts.SMALL
    lines = fonts.wrap(words, size, inner)
    while len(lines) * round(size * 1.2) > room and size > fonts.TINY - 8:
        size -= 2
        lines = fonts.wrap(words, size, inner)
    height = 2 * NOTE_PADDING + 50 + len(lines) * round(size * 1.2) + foot
    height = area.height if fill else min(area.height, height)
    return pygame.Rect(area.left, area.top, area.width, height), size, lines


def _point_at(canvas: pygame.Surface, panel: pygame.Rect, spots: Sequence[pygame.Rect]) -> None:
    """Rings on the `spots`, and an arrow from inside the note (drawn over it afterwards, so
    the arrow leaves its edge) to the nearest spot."""
    for spot in spots:
        note_must_read(canvas, spot, "what the note points at")
        pygame.draw.rect(canvas, INK, spot.inflate(14, 14), 10, border_radius=18)
        pygame.draw.rect(canvas, ACCENT, spot.inflate(10, 10), 6, border_radius=16)
        note_ring(canvas, spot.inflate(14, 14), 10, "what the note points at")
    outside = [spot for spot in spots if not panel.colliderect(spot)]
    if not outside:
        return
    centre = pygame.Vector2(panel.center)
    nearest = min(outside, key=lambda spot: centre.distance_to(spot.center))
    target = pygame.Vector2(nearest.center)
    start = pygame.Vector2(
        min(max(target.x, panel.left + 40), panel.right - 40),
        min(max(target.y, panel.top + 40), panel.bottom - 40),
    )
    direction = target - start
    ring = nearest.inflate(28, 28)  # the arrow stops at the ring, whatever the spot's shape
    entry = ring.clipline((round(start.x), round(start.y)), (round(target.x), round(target.y)))
    edge = pygame.Vector2(entry[0]) if entry else target
    reach = start.distance_to(edge)
    if not 60 <= reach <= LONGEST_ARROW:
        return
    end = start + direction.normalize() * reach
    arrow(canvas, (round(start.x), round(start.y)), (round(end.x), round(end.y)))
