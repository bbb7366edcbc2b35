"""Fonts and rendered text for the scenes: pygame's default font, large enough to read from 2 m.

Sizes are in logical pixels of the 1920x1080 canvas. Rendered text is cached, so a scene can ask
for the same words every frame at no cost.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

#: The text sizes of the app (pygame font sizes; a line is about 0.7 of the size tall).
TITLE = 132
HEADING = 84
LARGE = 64
BODY = 50
SMALL = 40
TINY = 32


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """pygame's default font at `size`."""
    if not pygame.font.get_init():
        pygame.font.init()
    face = pygame.font.Font(None, size)
    face.bold = bold
    return face


@lru_cache(maxsize=1024)
def text(words: str, size: int, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
    """`words` rendered anti-aliased on a transparent surface (cached: do not draw on it)."""
    return font(size, bold).render(words, True, colour)


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """`words` broken into lines no wider than `width` pixels at `size` (a long word stays whole)."""
    face = font(size, bold)
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if line and face.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def fit(words: str, size: int, width: int, bold: bool = False, smallest: int = TINY) -> int:
    """The largest size from `size` down to `smallest` at which `words` fits in `width` pixels."""
    while size > smallest and font(size, bold).size(words)[0] > width:
        size -= 2
    return size


def blit_text(
    canvas: pygame.Surface,
    words: str,
    size: int,
    colour: tuple[int, int, int],
    anchor: str = "topleft",
    at: tuple[int, int] = (0, 0),
    bold: bool = False,
) -> pygame.Rect:
    """Draw `words` with its `anchor` point (a pygame.Rect attribute name) at `at`; its rect."""
    surface = text(words, size, colour, bold)
    rect = surface.get_rect(**{anchor: at})
    canvas.blit(surface, rect)
    return rect


def blit_paragraph(
    canvas: pygame.Surface,
    words: str,
    size: int,
    colour: tuple[int, int, int],
    rect: pygame.Rect,
    line_gap: float = 1.12,
    bold: bool = False,
) -> int:
    """Draw `words` wrapped to `rect`'s width from its top-left; returns the y below the text."""
    y = rect.top
    step = round(font(size, bold).get_linesize() * line_gap)
    for line in wrap(words, size, rect.width, bold):
        if line:
            canvas.blit(text(line, size, colour, bold), (rect.left, y))
        y += step
    return y
