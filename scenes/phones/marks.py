"""The phone mark: a seat whose hand is on its phone shows it (setup screen, codes, boards)."""

from __future__ import annotations

import pygame

from scenes.kit.palette import INK, PAPER, RGB


def draw_phone_mark(
    canvas: pygame.Surface,
    centre: tuple[int, int],
    height: int,
    colour: RGB = INK,
    screen_colour: RGB = PAPER,
) -> pygame.Rect:
    """A small phone: the mark of a seat whose hand is on its phone. Returns where it is."""
    width = max(8, height * 11 // 18)
    body = pygame.Rect(0, 0, width, height)
    body.center = centre
    pygame.draw.rect(canvas, colour, body, border_radius=max(3, width // 4))
    screen = body.inflate(-max(4, width // 4), -max(8, height * 2 // 5))
    screen.top = body.top + max(3, height // 9)
    pygame.draw.rect(canvas, screen_colour, screen, border_radius=2)
    pygame.draw.circle(
        canvas,
        screen_colour,
        (body.centerx, body.bottom - max(3, height // 9)),
        max(2, width // 10),
    )
    return body
