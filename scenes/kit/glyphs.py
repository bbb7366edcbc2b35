"""The glyph of a key or a pad button drawn on screen beside what it does: a key cap for the
keyboard ("P", "Ctrl+Z"), a round button for a pad ("A" green, "B" red, "Start")."""

from __future__ import annotations

import pygame

from scenes.kit import fonts, keymap
from scenes.kit.keymap import Action
from scenes.kit.palette import INK, PAPER, WHITE

GLYPH_HEIGHT = 40


def draw_glyph(
    canvas: pygame.Surface, action: Action, device: str, corner: tuple[int, int]
) -> None:
    """The glyph of `action` on `device` ("keys" or "pad"), its bottom-right corner at
    `corner`; nothing if that device has no binding for it."""
    name = keymap.glyph(action, device)
    if name is None:
        return
    words = fonts.text(name, fonts.TINY, WHITE if device == "pad" else INK, True)
    width = max(GLYPH_HEIGHT, words.get_width() + 18)
    rect = pygame.Rect(0, 0, width, GLYPH_HEIGHT)
    rect.bottomright = corner
    if device == "pad":
        fill = keymap.pad_colour(name) or INK
        pygame.draw.rect(canvas, fill, rect, border_radius=GLYPH_HEIGHT // 2)
        pygame.draw.rect(canvas, INK, rect, 3, border_radius=GLYPH_HEIGHT // 2)
    else:
        pygame.draw.rect(canvas, INK, rect.move(0, 4), border_radius=8)
        pygame.draw.rect(canvas, PAPER, rect, border_radius=8)
        pygame.draw.rect(canvas, INK, rect, 3, border_radius=8)
    canvas.blit(words, words.get_rect(center=rect.center))
