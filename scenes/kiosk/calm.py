""" "Back in a moment": shown after three crashes within a minute; it retries after a pause."""

from __future__ import annotations

import math

import pygame

from scenes.kit import fonts
from scenes.kit.drawn_boxes import new_layer
from scenes.kit.i18n import _
from scenes.kit.palette import ACCENT, INK, PAPER
from scenes.kit.pictures import picture
from scenes.manager import Scene
from scenes.services import AppServices

RETRY_SECONDS = 30.0


class CalmScene(Scene):
    name = "calm"

    def __init__(self, app: AppServices, retry_seconds: float = RETRY_SECONDS):
        self.app = app
        self.left = retry_seconds
        self.clock = 0.0
        self._backdrop: pygame.Surface | None = None

    @property
    def animating(self) -> bool:
        return True  # the dots breathe; a cheap screen

    def update(self, dt: float) -> None:
        self.clock += dt
        self.left -= dt
        if self.left <= 0:
            self.left = float("inf")
            self.app.start_attract()

    def handle(self, event: pygame.event.Event) -> bool:
        return True  # nothing to press: it comes back by itself

    def draw(self, canvas: pygame.Surface) -> None:
        if self._backdrop is None:
            layer = new_layer((1920, 1080))
            layer.blit(picture("background", (1920, 1080)), (0, 0))
            veil = pygame.Surface((1920, 1080), pygame.SRCALPHA)
            veil.fill((*PAPER, 170))
            layer.blit(veil, (0, 0))
            layer.blit(picture("logo", (220, 220)), (850, 250))
            fonts.blit_text(layer, _("Back in a moment"), fonts.TITLE, INK, "midtop", (960, 500),
                            bold=True)  # fmt: skip
            fonts.blit_text(layer, _("The games are taking a short break."), fonts.BODY, INK,
                            "midtop", (960, 680))  # fmt: skip
            self._backdrop = layer
        canvas.blit(self._backdrop, (0, 0))
        for i in range(3):
            glow = 0.5 + 0.5 * math.sin(self.clock * 2.5 - i * 0.8)
            radius = round(14 + 8 * glow)
            pygame.draw.circle(canvas, ACCENT, (900 + 60 * i, 820), radius)
