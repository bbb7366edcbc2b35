"""Kit art for the scenes, with a drawn stand-in while an SVG is missing or unreadable."""

from __future__ import annotations

import logging

import pygame

from scenes.kit import art
from scenes.kit.colour import lighter
from scenes.kit.palette import MUTED

log = logging.getLogger(__name__)

_missing_art: set[str] = set()


def picture(name: str, size: tuple[int, int]) -> pygame.Surface:
    """Kit art `name` at `size`; if its SVG cannot be loaded, a drawn stand-in (logged once)."""
    try:
        return art.image(name, size)
    except (ValueError, FileNotFoundError, OSError, pygame.error) as error:
        if name not in _missing_art:
            _missing_art.add(name)
            log.warning("art %s unavailable (%s); drawing a stand-in", name, error)
        stand_in = pygame.Surface(size, pygame.SRCALPHA)
        rect = stand_in.get_rect().inflate(-4, -4)
        pygame.draw.rect(stand_in, lighter(MUTED, 0.5), rect, border_radius=12)
        pygame.draw.rect(stand_in, MUTED, rect, 3, border_radius=12)
        return stand_in
