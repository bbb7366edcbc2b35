"""`ConfirmScene`: a yes/no question pushed over the scene that asks it (leaving a game,
quitting, a phone joining a seat held): that scene stays drawn beneath, dimmed, and does not
update meanwhile, so nothing moves while the question is open."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.kit import fonts
from scenes.kit.i18n import Message
from scenes.kit.palette import INK, MUTED, PAPER
from scenes.kit.text_fit import fit_lines
from scenes.kit.veils import lay_veil
from scenes.kit.widgets import Button, draw_panel
from scenes.manager import Scene
from scenes.services import AppServices

CANVAS = pygame.Rect(0, 0, 1920, 1080)


def veil(canvas: pygame.Surface) -> None:
    """The dimmed scene beneath a question."""
    lay_veil(canvas, (*INK, 120), CANVAS)


class ConfirmScene(Scene):
    """A question with two answers; `on_yes()` runs after "yes", "no" just closes it."""

    name = "confirm"
    overlay = True

    def __init__(
        self,
        app: AppServices,
        question: str | Message,
        detail: str | Message,
        yes: str | Message,
        no: str | Message,
        on_yes: Callable[[], object],
    ) -> None:
        self.app = app
        self.question = question
        self.spoken_title = lambda: str(self.question)
        self.detail = detail
        self.on_yes = on_yes
        self.panel = pygame.Rect(0, 0, 1040, 440)
        self.panel.center = CANVAS.center
        width = 440
        top = self.panel.bottom - 150
        self.yes_button = Button((self.panel.left + 60, top, width, 110), yes, self._yes)
        self.no_button = Button(
            (self.panel.right - 60 - width, top, width, 110), no, self.close, style="secondary"
        )
        self._closed = False

    @property
    def default_focus(self) -> str:
        """The focus of keys and a pad starts on "no": the answer that loses nothing."""
        return self.no_button.key

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        return {
            self.yes_button.key: self.yes_button.rect,
            self.no_button.key: self.no_button.rect,
        }

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self.app.manager.pop()

    def _yes(self) -> None:
        self.close()
        self.on_yes()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.yes_button.handle(event) or self.no_button.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)  # keys: the focus

    def draw(self, canvas: pygame.Surface) -> None:
        veil(canvas)
        draw_panel(canvas, self.panel, PAPER, radius=32, shadow=14)
        question = str(self.question)  # (a Message is drawn in the language shown now)
        size = fonts.fit(question, fonts.HEADING, self.panel.width - 80, bold=True)
        fonts.blit_text(
            canvas,
            question,
            size,
            INK,
            "midtop",
            (self.panel.centerx, self.panel.top + 36),
            bold=True,
        )
        y = self.panel.top + 150
        lines, size = fit_lines(str(self.detail), fonts.SMALL, self.panel.width - 100, 2)
        for line in lines:
            fonts.blit_text(canvas, line, size, MUTED, "midtop", (self.panel.centerx, y))
            y += max(52, fonts.line_height(size))
        self.yes_button.draw(canvas)
        self.no_button.draw(canvas)
