"""What the menu's tiles share (a game's tile, the Continue tile): the rectangle, hover and press,
the entrance animation's rise and opacity, and the footer strip (Play, Continue) that lights up
under the pointer."""

from __future__ import annotations

import pygame

from scenes.kit import fonts
from scenes.kit.colour import darker, lighter
from scenes.kit.drawn_boxes import note_panel
from scenes.kit.palette import ACCENT, INK, WHITE
from scenes.kit.pictures import picture

FOOTER_HEIGHT = 100


class MenuTile:
    """A tile of the menu; a subclass draws its face (`draw_static`) and its footer's label."""

    def __init__(self, rect: pygame.Rect):
        self.rect = rect
        self.hover = False
        self.pressed = False
        #: entrance animation: how far below its place the tile is, and its opacity
        self.rise = 0.0
        self.alpha = 255.0

    @property
    def footer(self) -> pygame.Rect:
        """The strip at the bottom of the tile that says what a click does."""
        return pygame.Rect(
            self.rect.left + 20,
            self.rect.bottom - FOOTER_HEIGHT - 20,
            self.rect.width - 40,
            FOOTER_HEIGHT,
        )

    @property
    def footer_colour(self) -> tuple[int, int, int]:
        return ACCENT

    def draw_static(self, canvas: pygame.Surface) -> None:
        raise NotImplementedError

    def draw_footer_label(self, canvas: pygame.Surface, footer: pygame.Rect) -> None:
        raise NotImplementedError

    def draw_footer(self, canvas: pygame.Surface, colour: tuple[int, int, int]) -> None:
        footer = self.footer
        pygame.draw.rect(canvas, colour, footer, border_radius=20)
        pygame.draw.rect(canvas, INK, footer, 4, border_radius=20)
        note_panel(canvas, footer)  # (a checker sees any word of the tile it would cover)
        self.draw_footer_label(canvas, footer)

    def draw_live(self, canvas: pygame.Surface) -> None:
        """The hover / press state over the cached tile."""
        if self.pressed or self.hover:
            base = self.footer_colour
            self.draw_footer(canvas, darker(base, 0.2) if self.pressed else lighter(base, 0.15))
            pygame.draw.rect(canvas, base, self.rect.inflate(10, 10), 6, border_radius=38)


def draw_icon_label(
    canvas: pygame.Surface, footer: pygame.Rect, icon: str, text: str, size: int, icon_px: int
) -> None:
    """`icon` then `text` in white, centred together in `footer`."""
    image = picture(icon, (icon_px, icon_px))
    label = fonts.text(text, size, WHITE, True)
    gap = icon_px // 4
    x = footer.centerx - (icon_px + gap + label.get_width()) // 2
    canvas.blit(image, (x, footer.centery - icon_px // 2))
    canvas.blit(label, label.get_rect(midleft=(x + icon_px + gap, footer.centery + 2)))
