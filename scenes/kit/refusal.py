"""A refusal, said where it happened: a short note beside the thing that could not be done.

A scene keeps one `RefusalNote`; `show(reason, near)` puts the reason in a bubble next to the
rect clicked, for a few seconds (a new refusal replaces the old one). While a note is up the
scene is `animating` (it fades out on its own).
"""

from __future__ import annotations

import pygame

from scenes.kit import fonts
from scenes.kit.palette import BAD, INK, PAPER

CANVAS = pygame.Rect(0, 0, 1920, 1080)
SECONDS = 4.0
FADE = 0.5
MAX_WIDTH = 820
PADDING = 24
GAP = 14
SIZE = fonts.SMALL


class RefusalNote:
    """The reason something was refused, shown beside it for a few seconds."""

    def __init__(self, seconds: float = SECONDS):
        self.seconds = seconds
        self.text: str | None = None
        self.near = pygame.Rect(0, 0, 0, 0)
        self.side = "below"
        self.width = MAX_WIDTH
        self.left = 0.0
        self._bubble: pygame.Surface | None = None

    @property
    def active(self) -> bool:
        return self.text is not None and self.left > 0

    def show(
        self, text: str, near: pygame.Rect, side: str = "below", width: int = MAX_WIDTH
    ) -> None:
        """Say `text` next to `near` (the rect of what was clicked), on its `side` ("below",
        "above" or "right"), in a bubble at most `width` pixels wide."""
        if side not in ("below", "above", "right"):
            raise ValueError(f"a note goes below, above or right of what was clicked, not {side}")
        self.text = text
        self.near = pygame.Rect(near)
        self.side = side
        self.width = width
        self.left = self.seconds
        self._bubble = None

    def clear(self) -> None:
        self.text = None
        self.left = 0.0

    def update(self, dt: float) -> None:
        if self.text is not None:
            self.left -= dt
            if self.left <= 0:
                self.clear()

    def _lines(self) -> list[str]:
        return fonts.wrap(self.text or "", SIZE, self.width - 2 * PADDING - 10)

    @property
    def rect(self) -> pygame.Rect:
        """Where the bubble is: on the asked side of the rect clicked (above it when there is
        no room below), always on screen."""
        lines = self._lines()
        face = fonts.font(SIZE)
        width = max(face.size(line)[0] for line in lines) + 2 * PADDING + 10
        height = len(lines) * face.get_linesize() + 2 * PADDING - 8
        bubble = pygame.Rect(0, 0, width, height)
        if self.side == "right":
            bubble.midleft = (self.near.right + GAP, self.near.centery)
            return bubble.clamp(CANVAS.inflate(-16, -16))
        bubble.midtop = (self.near.centerx, self.near.bottom + GAP)
        if self.side == "above" or bubble.bottom > CANVAS.bottom - 8:
            bubble.midbottom = (self.near.centerx, self.near.top - GAP)
        return bubble.clamp(CANVAS.inflate(-16, -16))

    def _render(self) -> pygame.Surface:
        rect = self.rect
        bubble = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(bubble, (*INK, 242), bubble.get_rect(), border_radius=20)
        stripe = pygame.Rect(0, 0, 10, rect.height)
        pygame.draw.rect(
            bubble, BAD, stripe, border_top_left_radius=20, border_bottom_left_radius=20
        )
        lines = self._lines()
        step = fonts.font(SIZE).get_linesize()
        y = (rect.height - step * len(lines)) // 2 + 2
        for line in lines:
            words = fonts.text(line, SIZE, PAPER)
            bubble.blit(words, (PADDING + 10, y))
            y += step
        return bubble

    def draw(self, canvas: pygame.Surface) -> None:
        if not self.active:
            return
        if self._bubble is None:
            self._bubble = self._render()
        self._bubble.set_alpha(255 if self.left > FADE else round(255 * self.left / FADE))
        canvas.blit(self._bubble, self.rect)
