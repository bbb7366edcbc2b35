"""The unchanging layers of the boards, kept across board scenes: the table every board is drawn
on, and the last board's static layer (panels, labels: what never moves), so that a new game
or a return to a board does not spend its first frame rendering 1920x1080 pixels again.

A static layer is kept by what it depends on (the painter's `key`: its class, seats, colours)
and the language shown; one layer is kept (8 MB), besides the table (8 MB).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from scenes.kit import i18n
from scenes.kit.palette import INK
from scenes.kit.pictures import picture

TOP_BAR = pygame.Rect(0, 0, 1920, 118)

_table: pygame.Surface | None = None
_kept: tuple[Hashable, pygame.Surface] | None = None


def table_layer() -> pygame.Surface:
    """A new Surface of the table every board is drawn on (the background and the dark top
    bar), to draw a static layer on; copied from the one kept."""
    global _table
    if _table is None:
        layer = pygame.Surface((1920, 1080))
        layer.blit(picture("background", (1920, 1080)), (0, 0))
        bar = pygame.Surface(TOP_BAR.size, pygame.SRCALPHA)
        bar.fill((*INK, 150))
        layer.blit(bar, TOP_BAR)
        _table = layer
    return _table.copy()


def static_layer(key: Hashable, render: Callable[[], pygame.Surface]) -> pygame.Surface:
    """The static layer of a board known by `key` in the language shown: the one kept, or
    `render()`'s (then kept in its place). Not to be drawn on."""
    global _kept
    full_key = (key, i18n.generation())
    if _kept is None or _kept[0] != full_key:
        _kept = (full_key, render())
    return _kept[1]
