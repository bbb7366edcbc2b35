"""Veils: a colour laid over the canvas, or a part of it, at some opacity (the scene beneath a
question dimmed, a disqualified seat's panel greyed).

Each veil is one Surface per size and colour, made once. A veil made anew every frame is, to the
recording canvas (`scenes.canvas`), a new picture over everything it covers: every frame under it
was redrawn and shown whole, though nothing beneath moved (the pause menu over a board stopped
mid-move drew 60 whole frames a second).
"""

from __future__ import annotations

import functools

import pygame

#: veils kept, the most recently laid (one over the whole canvas holds 8 MB; one or two are on
#: screen at once: a question over a board with its own)
KEPT = 2


def lay_veil(
    canvas: pygame.Surface, colour: tuple[int, int, int, int], rect: pygame.Rect | None = None
) -> None:
    """Lay `colour` (red, green, blue, opacity) over `rect` of `canvas` (all of it if None)."""
    place = canvas.get_rect() if rect is None else pygame.Rect(rect)
    canvas.blit(_veil(place.size, tuple(colour)), place)


@functools.lru_cache(maxsize=KEPT)
def _veil(size: tuple[int, int], colour: tuple[int, ...]) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill(colour)
    return veil
