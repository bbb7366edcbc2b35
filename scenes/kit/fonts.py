"""Fonts and rendered text for the scenes: pygame's default font, large enough to read from 2 m.

Sizes are in logical pixels of the 1920x1080 canvas. Rendered text is cached (least recently used
first out, at most TEXT_CACHE_BYTES of pixels), so a scene can ask for the same words every frame
at no cost. Any string can be measured and drawn: characters pygame refuses (NUL, a lone
surrogate, only zero-width characters) are dropped or replaced instead of raising.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from scenes.kit.surface_cache import SurfaceCache

#: The text sizes of the app (pygame font sizes; a line is about 0.7 of the size tall).
TITLE = 132
HEADING = 84
LARGE = 64
BODY = 50
SMALL = 40
TINY = 32

#: The most pixel bytes of rendered text kept (a 1500-pixel line at BODY is about 0.3 MB; the
#: boards draw about 1.3 MB of text in any two seconds of the kiosk's attract loop): small, so a
#: long run's memory stays close to its first minutes'.
TEXT_CACHE_BYTES = 4 * 1024 * 1024
TEXT_CACHE_ENTRIES = 2048
_texts = SurfaceCache(TEXT_CACHE_BYTES, TEXT_CACHE_ENTRIES)
_REFUSED = (ValueError, UnicodeError, pygame.error)


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """pygame's default font at `size`."""
    if not pygame.font.get_init():
        pygame.font.init()
    face = pygame.font.Font(None, size)
    face.bold = bold
    return face


def text(words: str, size: int, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
    """`words` rendered anti-aliased on a transparent surface (cached: do not draw on it)."""
    key = (words, size, tuple(colour), bold)
    surface = _texts.get(key)
    if surface is None:
        surface = _texts.put(key, _render(words, size, tuple(colour), bold))
    return surface


def clear_cache() -> None:
    """Forget every rendered text (to free memory)."""
    _texts.clear()


def cached_text_bytes() -> int:
    """The pixel bytes of the rendered text kept now."""
    return _texts.bytes


def drawable(words: str) -> str:
    """`words` without what pygame refuses to draw: NUL and lone surrogates (shown as "?")."""
    return words.replace("\0", "").encode("utf-8", "replace").decode("utf-8")


def _render(words: str, size: int, colour: tuple[int, ...], bold: bool) -> pygame.Surface:
    face = font(size, bold)
    try:
        return face.render(words, True, colour)
    except _REFUSED:
        try:
            return face.render(drawable(words), True, colour)
        except _REFUSED:  # nothing visible left (zero-width characters only)
            return pygame.Surface((0, face.get_height()), pygame.SRCALPHA)


def measure(words: str, size: int, bold: bool = False) -> tuple[int, int]:
    """The (width, height) `words` takes at `size`; any string can be measured."""
    face = font(size, bold)
    try:
        return face.size(words)
    except _REFUSED:
        return face.size(drawable(words))


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """`words` in lines no wider than `width` pixels at `size` (a long word stays whole)."""
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if line and measure(trial, size, bold)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def fit(words: str, size: int, width: int, bold: bool = False, smallest: int = TINY) -> int:
    """The largest size from `size` down to `smallest` at which `words` fits in `width` pixels."""
    while size > smallest and measure(words, size, bold)[0] > width:
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
