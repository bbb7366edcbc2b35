"""The pause menu a board opens over itself (its yes/no question is `scenes.kit.confirm`).

It is a scene pushed over the board (`overlay = True`): the board stays drawn beneath, dimmed,
and does not update meanwhile (only the top scene updates), so nothing moves and no computer
move is played while it is open.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.boards import BOARDS
from scenes.kit import fonts
from scenes.kit.confirm import CANVAS, veil
from scenes.kit.i18n import L_, _
from scenes.kit.palette import INK, PAPER
from scenes.kit.widgets import Button, Label, draw_panel
from scenes.manager import Scene
from scenes.services import AppServices


class PauseScene(Scene):
    """The in-game menu: Resume, Rules (this game's pages), Learn (its lesson, when it has one),
    Settings, Leave. A kiosk's visitors get no Settings (they are the organisers', behind the
    operator screen)."""

    name = "pause"
    spoken_title = L_("Paused")
    overlay = True

    def __init__(self, app: AppServices, game: str, on_leave: Callable[[], object]) -> None:
        self.app = app
        self.game = game
        self.on_leave = on_leave
        actions: list[tuple[Label, Callable[[], object], str, str]] = [
            (L_("Resume"), self.resume_game, "icon_play", "primary"),
            (L_("Rules"), lambda: app.open_rules(game), "icon_rules", "secondary"),
            (L_("Learn (2 min)"), lambda: app.open_lesson(game), "icon_learn", "secondary"),
            (L_("Settings"), app.open_settings, "icon_settings", "secondary"),
            (L_("Leave"), self._leave, "icon_back", "secondary"),
        ]
        if getattr(app, "kiosk", False):
            del actions[3]
        if BOARDS[game].lesson is None:
            del actions[2]
        self.panel = pygame.Rect(0, 0, 720, 200 + 140 * len(actions))
        self.panel.center = CANVAS.center
        self.buttons = [
            Button(
                (self.panel.left + 80, self.panel.top + 150 + 140 * i, self.panel.width - 160, 110),
                label,
                action,
                icon=icon,
                style=style,
            )
            for i, (label, action, icon, style) in enumerate(actions)
        ]
        self._closed = False

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        return {button.key: button.rect for button in self.buttons}

    def resume_game(self) -> None:
        if not self._closed:
            self._closed = True
            self.app.manager.pop()

    def _leave(self) -> None:
        self.resume_game()
        self.on_leave()

    def handle(self, event: pygame.event.Event) -> bool:
        if any(button.handle(event) for button in self.buttons):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume_game()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)  # keys: the focus

    def draw(self, canvas: pygame.Surface) -> None:
        veil(canvas)
        draw_panel(canvas, self.panel, PAPER, radius=36, shadow=16)
        fonts.blit_text(
            canvas,
            _("Paused"),
            fonts.HEADING,
            INK,
            "midtop",
            (self.panel.centerx, self.panel.top + 34),
            bold=True,
        )
        for button in self.buttons:
            button.draw(canvas)
