"""The rules scene: an illustrated how-to-play for each game, a few pages each.

The pages (text, the rule ids they cover, their diagrams) are data in each game's board package
(`pages.py`, named by its BoardSpec); every diagram paints a position made by the rules engine.
The rule ids are not shown to players. The pages' words are marked `N_` where they are written
and translated here, when a page is drawn (a page is cached per language and text size).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game import GAMES
from scenes.boards import BOARDS, playable_games
from scenes.kit import fonts
from scenes.kit.colour import lighter
from scenes.kit.drawn_boxes import new_layer
from scenes.kit.i18n import L_, Watch, _, generation
from scenes.kit.palette import ACCENT, INK, MUTED, PAPER, WHITE
from scenes.kit.pictures import picture
from scenes.kit.rules_drawing import Page
from scenes.kit.widgets import Button, Choice, draw_panel
from scenes.manager import Scene
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
            (40, 34, 250, 100), L_("Back"), app.back, icon="icon_back", style="secondary"
        )
        self.learn_button = Button(
            (1500, 34, 380, 100),
            L_("Learn (2 min)"),
            lambda: app.open_lesson(self.game),
            icon="icon_learn",
            style="secondary",
            size=fonts.BODY,
        )
        self.tabs = Choice(
            (360, 150, 1200, 100),
            [L_(GAMES[g].title) for g in self.games],
            self.games.index(self.game),
            self._choose_game,
            size=fonts.BODY,
        )
        self.prev_button = Button(
            (PANEL.left, 940, 340, 110), L_("‹ Previous"), self.previous_page, style="secondary"
        )
        self.next_button = Button((PANEL.right - 340, 940, 340, 110), L_("Next ›"), self.next_page)
        self._pages: dict[tuple[str, int, int], pygame.Surface] = {}
        self._background: pygame.Surface | None = None
        self._language = Watch()

    @property
    def pages(self) -> Sequence[Page]:
        return BOARDS[self.game].how_to_play()

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = {
            "Back": self.back_button.rect,
            "Learn": self.learn_button.rect,
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
        for widget in (self.back_button, self.learn_button, self.tabs, self.prev_button):
            used = widget.handle(event) or used
        return self.next_button.handle(event) or used

    def update(self, dt: float) -> None:
        self.tabs.index = self.games.index(self.game)
        self.prev_button.enabled = self.page > 0
        self.next_button.enabled = self.page < len(self.pages) - 1
        self.learn_button.visible = BOARDS[self.game].lesson is not None

    def render_page(self, game: str, index: int) -> pygame.Surface:
        """One page drawn on a panel-sized surface (cached by the scene)."""
        pages = BOARDS[game].how_to_play()
        page = pages[index]
        surface = new_layer(PANEL.size, pygame.SRCALPHA)
        local = PANEL.move(-PANEL.left, -PANEL.top)
        draw_panel(surface, local.inflate(0, -12).move(0, -6), shadow=0)
        title = _(page.title)
        size = fonts.fit(title, fonts.LARGE, TEXT_WIDTH, bold=True)
        fonts.blit_text(surface, title, size, INK, "topleft", (50, 40), bold=True)
        room = pygame.Rect(50, 130, TEXT_WIDTH, local.bottom - 90 - 130)  # (above the line)
        fonts.blit_paragraph(
            surface, _(page.text), fonts.SMALL, INK, room, line_gap=1.2, smallest=fonts.TINY - 4
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
            _("Page {number} of {count}").format(number=index + 1, count=len(pages)),
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
        if self._language.changed():
            self._background = None  # (the pages are kept per language)
        if self._background is None:  # caches: the backdrop and each page once drawn
            self._background = new_layer((1920, 1080))
            self._background.blit(picture("background", (1920, 1080)), (0, 0))
            icon = picture("icon_rules", (90, 90))
            title = fonts.text(_("How to play"), fonts.HEADING, INK, True)
            left = 960 - (90 + 24 + title.get_width()) // 2
            self._background.blit(icon, (left, 32))
            self._background.blit(title, title.get_rect(midleft=(left + 114, 78)))
        canvas.blit(self._background, (0, 0))
        key = (self.game, self.page, generation())  # (a new language or text size)
        if key not in self._pages:
            self._pages[key] = self.render_page(self.game, self.page)
        canvas.blit(self._pages[key], PANEL)
        for widget in (self.back_button, self.learn_button, self.tabs, self.prev_button):
            widget.draw(canvas)
        self.next_button.draw(canvas)
        dots = len(self.pages)
        for i in range(dots):
            centre = (960 - (dots - 1) * 22 + i * 44, 995)
            pygame.draw.circle(canvas, ACCENT if i == self.page else PAPER, centre, 13)
            pygame.draw.circle(canvas, INK, centre, 13, 3)
