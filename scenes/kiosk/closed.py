"""The stand's closed screen: shown outside the opening hours the operator set
(`kiosk_hours`), it says when the stand opens again, with the games it offers; a touch does
nothing (the operator's corner still opens the PIN pad). The kiosk opens the stand by itself at
the opening time (`Kiosk`)."""

from __future__ import annotations

import pygame

from scenes.boards import menu_art
from scenes.kiosk.opening import opens_today
from scenes.kiosk.stand import game_title, offered_games
from scenes.kit import fonts, i18n
from scenes.kit.drawn_boxes import new_layer
from scenes.kit.i18n import _
from scenes.kit.palette import ACCENT_DARK, INK, PAPER
from scenes.kit.pictures import picture
from scenes.kit.widgets import draw_panel
from scenes.manager import Scene
from scenes.services import AppServices

PANEL = pygame.Rect(0, 0, 1500, 860)
PANEL.center = (960, 540)
ART = (380, 285)


class ClosedScene(Scene):
    """ "Closed: open again today (tomorrow) from 10:00 to 18:00", over the games' pictures."""

    name = "closed"

    def __init__(self, app: AppServices, wall: float):
        """`wall`: the stand's clock when it closed (today's or tomorrow's opening follows)."""
        self.app = app
        self.wall = wall
        self._picture: tuple[int, pygame.Surface] | None = None

    def when(self) -> str:
        """When the stand opens again, as a sentence."""
        hours = self.app.settings.kiosk_hours
        if not hours:
            return ""
        opens, closes = hours
        if opens_today(hours, self.wall):
            words = _("Open again today from {opens} to {closes}.")
        else:
            words = _("Open again tomorrow from {opens} to {closes}.")
        return words.format(opens=opens, closes=closes)

    def handle(self, event: pygame.event.Event) -> bool:
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def draw(self, canvas: pygame.Surface) -> None:
        key = i18n.generation()
        if self._picture is None or self._picture[0] != key:
            self._picture = (key, self._render())
        canvas.blit(self._picture[1], (0, 0))

    def _render(self) -> pygame.Surface:
        layer = new_layer((1920, 1080))
        layer.blit(picture("background", (1920, 1080)), (0, 0))
        draw_panel(layer, PANEL, PAPER, radius=40, shadow=16)
        fonts.blit_text(layer, _("The stand is closed"), fonts.TITLE, INK, "midtop",
                        (960, PANEL.top + 50), bold=True)  # fmt: skip
        fonts.blit_text(layer, self.when(), fonts.LARGE, ACCENT_DARK, "midtop",
                        (960, PANEL.top + 220), bold=True)  # fmt: skip
        games = offered_games(self.app.settings)
        gap = 40
        left = 960 - (len(games) * ART[0] + (len(games) - 1) * gap) // 2
        for i, game in enumerate(games):
            rect = pygame.Rect(left + i * (ART[0] + gap), PANEL.top + 360, *ART)
            layer.blit(picture(menu_art(game), ART), rect)
            pygame.draw.rect(layer, INK, rect.inflate(6, 6), 4, border_radius=12)
            title = game_title(game)
            size = fonts.fit(title, fonts.BODY, ART[0], bold=True)
            fonts.blit_text(layer, title, size, INK, "midtop", (rect.centerx, rect.bottom + 24),
                            bold=True)  # fmt: skip
        return layer
