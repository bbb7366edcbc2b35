"""The hand-over scene: "Pass to <name> — click when ready". It covers the whole screen and draws
nothing secret; board scenes push it between hot-seat turns of a hidden-information game.

Only its own ready button (or Enter / Space, the keys of that button) shows the next hand: a stray
touch anywhere else, a second finger or a click where the board's Pause stands does not. Its Pause
button (where the board's stands) opens the pause menu instead, like Escape."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.kit import fonts, i18n
from scenes.kit.drawn_boxes import new_layer
from scenes.kit.glyphs import draw_glyph
from scenes.kit.i18n import L_, _
from scenes.kit.keymap import Action
from scenes.kit.palette import INK, MUTED, PAPER, SeatColour
from scenes.kit.pictures import picture
from scenes.kit.seat_names import Called
from scenes.kit.widgets import Button, draw_mark, draw_panel
from scenes.manager import Scene
from scenes.services import AppServices

PANEL = pygame.Rect(360, 220, 1200, 640)
#: where the board's Pause button stands (the top bar's right edge), so the hand-over keeps it
PAUSE_BUTTON = pygame.Rect(1896 - 180, 10, 180, 96)


class HandoverScene(Scene):
    """Hides the table until the next player clicks; then pops itself and calls `on_ready`."""

    name = "handover"
    overlay = False  # drawn alone: the board beneath (and its secrets) is not drawn at all

    def __init__(
        self,
        app: AppServices,
        player: str | Called,
        colour: SeatColour,
        on_ready: Callable[[], object],
        on_escape: Callable[[], object] | None = None,
    ):
        self.app = app
        self.player = player
        self.colour = colour  # (name, rgb, mark) from palette.seat_colours
        self.on_ready = on_ready
        self.on_escape = on_escape
        self.ready_button = Button(
            (PANEL.centerx - 260, PANEL.bottom - 170, 520, 120),
            L_("I am ready"),
            self.ready,
            icon="icon_play",
        )
        self.pause_button = Button(
            PAUSE_BUTTON, L_("Pause"), self.escape, icon="icon_settings", style="secondary",
            size=fonts.BODY,
        )  # fmt: skip
        self._done = False
        self._static: pygame.Surface | None = None
        self._language = i18n.Watch()

    #: the focus of keys and a pad starts on the button that passes the screen
    default_focus = "I am ready"

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = {"I am ready": self.ready_button.rect}
        if self.on_escape is not None:
            rects["Pause"] = self.pause_button.rect
        return rects

    def ready(self) -> None:
        self._close(self.on_ready)

    def escape(self) -> None:
        """Escape: close without showing anything, and let the board open its pause menu."""
        if self.on_escape is not None:
            self._close(self.on_escape)

    def _close(self, then: Callable[[], object]) -> None:
        if self._done:
            return
        self._done = True
        self.app.manager.pop()
        then()

    @property
    def animating(self) -> bool:
        """Nothing moves on its own: drawn after input only."""
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        if self.ready_button.handle(event):
            return True
        if self.on_escape is not None and self.pause_button.handle(event):
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.FINGERDOWN):
            return True  # a touch beside the button shows nothing: only the button reveals
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
        ):
            self.ready()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.escape()
            return True
        return False

    def _render_static(self) -> pygame.Surface:
        layer = new_layer((1920, 1080))
        layer.blit(picture("background", (1920, 1080)), (0, 0))
        veil = pygame.Surface((1920, 1080), pygame.SRCALPHA)
        veil.fill((*INK, 120))
        layer.blit(veil, (0, 0))
        draw_panel(layer, PANEL, PAPER, radius=40, shadow=16)
        draw_mark(layer, self.colour.mark, (PANEL.centerx, PANEL.top + 120), 56, self.colour.rgb)
        # TRANSLATORS: the hand-over screen's title: give the computer to player {name}
        title = _("Pass to {name}").format(name=self.player)
        size = fonts.fit(title, fonts.TITLE, PANEL.width - 100, bold=True)
        fonts.blit_text(
            layer, title, size, INK, "midtop", (PANEL.centerx, PANEL.top + 200), bold=True
        )
        lines = (
            (_("Everyone else, please look away."), MUTED),
            (
                _("{name}, press “I am ready” when only you can see the screen.").format(
                    name=self.player
                ),
                INK,
            ),
        )
        for row, (words, colour) in enumerate(lines):
            size = fonts.fit(words, fonts.BODY, PANEL.width - 100)
            at = (PANEL.centerx, PANEL.top + 330 + 60 * row)
            fonts.blit_text(layer, words, size, colour, "midtop", at)
        return layer

    def draw(self, canvas: pygame.Surface) -> None:
        if self._language.changed() or self._static is None:  # the unchanging picture, cached
            self._static = self._render_static()
        canvas.blit(self._static, (0, 0))
        self.ready_button.draw(canvas)
        device = self.app.focus.device
        if device != "mouse":  # the key or pad button that passes the screen
            corner = (self.ready_button.rect.right + 8, self.ready_button.rect.bottom + 12)
            draw_glyph(canvas, Action.ACTIVATE, device, corner)
        if self.on_escape is not None:
            self.pause_button.draw(canvas)
