"""The rules scene: an illustrated how-to-play for each game, a few pages each.

The pages (text, the rule ids they cover, their diagrams) are data in each game's board package
(`pages.py`, named by its BoardSpec); every diagram paints a position made by the rules engine.
The rule ids are not shown to players.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game import GAMES
from scenes.boards import BOARDS, playable_games
from scenes.kit import fonts
from scenes.kit.colour import lighter
from scenes.kit.palette import ACCENT, INK, MUTED, PAPER, WHITE
from scenes.kit.pictures import picture
from scenes.kit.widgets import Button, Choice, draw_panel
from scenes.manager import Scene
from scenes.screens.rules_drawing import Page
from scenes.services import AppServices

PANEL = pygame.Rect(70, 270, 1780, 640)
TEXT_WIDTH = 860
DIAGRAM = pygame.Rect(PANEL.left + 990, PANEL.top + 40, 740, 520)


class RulesScene(Scene):
    """How to play: game tabs, pages with text and a diagram."""

    name = "rules"

    def __init__(self, app: AppServices, game: str | None = None):
        self.app = app
        self.games = playable_games()
        self.game = game if game in BOARDS else self.games[0]
        self.page = 0
        self.back_button = Button(
            (40, 34, 250, 100), "Back", app.back, icon="icon_back", style="secondary"
        )
        self.tabs = Choice(
            (360, 150, 1200, 100),
            [GAMES[g].title for g in self.games],
            self.games.index(self.game),
            self._choose_game,
            size=fonts.BODY,
        )
        self.prev_button = Button(
            (PANEL.left, 940, 340, 110), "‹ Previous", self.previous_page, style="secondary"
        )
        self.next_button = Button((PANEL.right - 340, 940, 340, 110), "Next ›", self.next_page)
        self._pages: dict[tuple[str, int], pygame.Surface] = {}
        self._background: pygame.Surface | None = None

    @property
    def pages(self) -> Sequence[Page]:
        return BOARDS[self.game].how_to_play()

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = {
            "Back": self.back_button.rect,
            "Previous": self.prev_button.rect,
            "Next": self.next_button.rect,
        }
        rects.update({button.key: button.rect for button in self.tabs.buttons})
        return rects

    def _choose_game(self, index: int) -> None:
        self.game = self.games[index]
        self.page = 0

    def next_page(self) -> None:
        self.page = min(self.page + 1, len(self.pages) - 1)

    def previous_page(self) -> None:
        self.page = max(self.page - 1, 0)

    @property
    def animating(self) -> bool:
        """Nothing moves on its own: drawn after input only."""
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.back()
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN):
                self.next_page()
                return True
            if event.key in (pygame.K_LEFT, pygame.K_PAGEUP):
                self.previous_page()
                return True
        used = False
        for widget in (self.back_button, self.tabs, self.prev_button, self.next_button):
            used = widget.handle(event) or used
        return used

    def update(self, dt: float) -> None:
        self.tabs.index = self.games.index(self.game)
        self.prev_button.enabled = self.page > 0
        self.next_button.enabled = self.page < len(self.pages) - 1

    def render_page(self, game: str, index: int) -> pygame.Surface:
        """One page drawn on a panel-sized surface (cached by the scene)."""
        pages = BOARDS[game].how_to_play()
        page = pages[index]
        surface = pygame.Surface(PANEL.size, pygame.SRCALPHA)
        local = PANEL.move(-PANEL.left, -PANEL.top)
        draw_panel(surface, local.inflate(0, -12).move(0, -6), shadow=0)
        fonts.blit_text(surface, page.title, fonts.LARGE, INK, "topleft", (50, 40), bold=True)
        fonts.blit_paragraph(
            surface,
            page.text,
            fonts.SMALL,
            INK,
            pygame.Rect(50, 130, TEXT_WIDTH, 420),
            line_gap=1.2,
        )
        pygame.draw.line(
            surface,
            lighter(MUTED, 0.4),
            (50, local.bottom - 78),
            (TEXT_WIDTH + 50, local.bottom - 78),
            2,
        )
        fonts.blit_text(
            surface,
            f"Page {index + 1} of {len(pages)}",
            fonts.TINY,
            MUTED,
            "topleft",
            (50, local.bottom - 62),
            bold=True,
        )
        diagram = DIAGRAM.move(-PANEL.left, -PANEL.top)
        pygame.draw.rect(surface, WHITE, diagram.inflate(20, 20), border_radius=24)
        pygame.draw.rect(surface, lighter(MUTED, 0.3), diagram.inflate(20, 20), 3, border_radius=24)
        clip = surface.get_clip()
        surface.set_clip(diagram.inflate(20, 20))  # nothing a diagram draws crosses its frame
        page.diagram(surface, diagram)
        surface.set_clip(clip)
        return surface

    def draw(self, canvas: pygame.Surface) -> None:
        if self._background is None:  # caches: the backdrop and each page once drawn
            self._background = pygame.Surface((1920, 1080))
            self._background.blit(picture("background", (1920, 1080)), (0, 0))
            icon = picture("icon_rules", (90, 90))
            title = fonts.text("How to play", fonts.HEADING, INK, True)
            left = 960 - (90 + 24 + title.get_width()) // 2
            self._background.blit(icon, (left, 32))
            self._background.blit(title, title.get_rect(midleft=(left + 114, 78)))
        canvas.blit(self._background, (0, 0))
        key = (self.game, self.page)
        if key not in self._pages:
            self._pages[key] = self.render_page(*key)
        canvas.blit(self._pages[key], PANEL)
        for widget in (self.back_button, self.tabs, self.prev_button, self.next_button):
            widget.draw(canvas)
        dots = len(self.pages)
        for i in range(dots):
            centre = (960 - (dots - 1) * 22 + i * 44, 995)
            pygame.draw.circle(canvas, ACCENT if i == self.page else PAPER, centre, 13)
            pygame.draw.circle(canvas, INK, centre, 13, 3)
