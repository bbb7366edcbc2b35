"""The unchanging layers of the boards: the table every board is drawn on, and the last board's
static layer (panels, labels: what never moves) kept across board scenes, so that a new game or
a return to the board does not spend its first frame rendering it again.

A static layer is kept by what it depends on (the painter's `key`: its class, seats, colours)
and the language shown; one layer is kept (8 MB; the board shown holds it anyway).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from scenes.kit import i18n
from scenes.kit.drawn_boxes import new_layer
from scenes.kit.palette import INK
from scenes.kit.pictures import picture

TOP_BAR = pygame.Rect(0, 0, 1920, 118)

_kept: tuple[Hashable, pygame.Surface] | None = None


def table_layer() -> pygame.Surface:
    """A new Surface of the table every board is drawn on (the background and the dark top
    bar), to draw a static layer on."""
    layer = new_layer((1920, 1080))
    layer.blit(picture("background", (1920, 1080)), (0, 0))
    bar = pygame.Surface(TOP_BAR.size, pygame.SRCALPHA)
    bar.fill((*INK, 150))
    layer.blit(bar, TOP_BAR)
    return layer


def static_layer(key: Hashable, render: Callable[[], pygame.Surface]) -> pygame.Surface:
    """The static layer of a board known by `key` in the language shown: the one kept, or
    `render()`'s (then kept in its place). Not to be drawn on."""
    global _kept
    full_key = (key, i18n.generation())
    if _kept is None or _kept[0] != full_key:
        _kept = (full_key, render())
    return _kept[1]
