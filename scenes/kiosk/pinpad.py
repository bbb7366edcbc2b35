"""The PIN pads of the operator: `PinScene` (a long press on the bottom-left corner opens it;
the right PIN opens the operator screen, wrong ones are limited by the kiosk's `PinGuard`) and
`NewPinScene` (set the PIN at the first kiosk start, or change it from the operator screen:
typed twice, refused with the reason when it is too easy to guess).

Digits are typed on big on-screen keys (a keyboard's digits work too); the pad shows a dot per
digit, never the digits. A warning (a wrong PIN, one too easy to guess) stays until the next PIN
is begun: its first digit brings the pad's question back."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable

import pygame

from scenes.kiosk.keys import KeyGrid
from scenes.kiosk.pin import PinGuard
from scenes.kit import fonts
from scenes.kit.i18n import L_, N_, _, ngettext
from scenes.kit.keymap import NAVIGATION_KEYS, typed
from scenes.kit.palette import BAD, INK, MUTED, PAPER
from scenes.kit.veils import lay_veil
from scenes.kit.widgets import Button, draw_panel
from scenes.manager import Scene
from scenes.services import AppServices
from scenes.storage.pin_rules import LONGEST, hashed_pin, pin_problem

log = logging.getLogger(__name__)

PIN_PANEL = pygame.Rect(0, 0, 760, 1020)
PIN_PANEL.center = (960, 540)
DIGIT_ROWS = (("1", "2", "3"), ("4", "5", "6"), ("7", "8", "9"), ("Del", "0", "OK"))
CHOOSE_PIN = N_("Choose a PIN of 4 to 12 digits for the operator screen, not 0000 or 1234.")


class _Pad(Scene):
    """A panel with a title, a line of words, the dots of the digits typed and the keys."""

    name = "pad"

    def __init__(self, app: AppServices):
        self.app = app
        self.entered = ""
        self.title = ""
        self.spoken_title = lambda: self.title
        self.message = ""
        #: the words shown when there is nothing to warn about
        self.ask = ""
        self.warning = False  # the message is drawn as a warning
        self.keys = KeyGrid(
            DIGIT_ROWS,
            self.press,
            PIN_PANEL.centerx,
            PIN_PANEL.top + 260,
            wide={},
            styles={"OK": "primary"},
        )
        self.cancel = Button(
            (PIN_PANEL.left + 80, self.keys.bottom + 30, PIN_PANEL.width - 160, 110),
            L_("Cancel"),
            self.close,
            style="dark",
        )

    def press(self, label: str) -> None:
        if label == "Del":
            self.entered = self.entered[:-1]
        elif label == "OK":
            self.submit()
        elif len(self.entered) < LONGEST:
            if not self.entered and self.warning and not self.holds_warning:
                self.warning, self.message = False, self.ask  # a new PIN: the old error goes
            self.entered += label

    @property
    def holds_warning(self) -> bool:
        """The warning on show must stay while digits are typed (the pad's wait)."""
        return False

    def submit(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        self.app.manager.pop()

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        return {**self.keys.rects, "Cancel": self.cancel.rect}

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.unicode and event.unicode.isascii() and event.unicode.isdigit():
                self.press(event.unicode)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and typed(event):
                self.press("OK")
            elif event.key == pygame.K_BACKSPACE:
                self.press("Del")
            elif event.key in NAVIGATION_KEYS or not typed(event):
                return False  # the focus's: a pad's d-pad walks the keys, its A presses one
            return True  # (Escape included: the pad closes by touch or by itself)
        if self.keys.handle(event) or self.cancel.handle(event):
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, canvas: pygame.Surface) -> None:
        lay_veil(canvas, (*INK, 170))
        draw_panel(canvas, PIN_PANEL, PAPER, radius=36, shadow=16)
        fonts.blit_text(canvas, self.title, fonts.HEADING, INK, "midtop",
                        (960, PIN_PANEL.top + 24), bold=True)  # fmt: skip
        lines = fonts.wrap(self.message, fonts.TINY, PIN_PANEL.width - 80)[:2]
        for i, line in enumerate(lines):
            y = PIN_PANEL.top + 118 + i * 38 + (19 if len(lines) == 1 else 0)
            fonts.blit_text(canvas, line, fonts.TINY, BAD if self.warning else MUTED, "midtop",
                            (960, y))  # fmt: skip
        self._draw_entered(canvas, (960, PIN_PANEL.top + 220))
        self.keys.draw(canvas)
        self.cancel.draw(canvas)

    def _draw_entered(self, canvas: pygame.Surface, centre: tuple[int, int]) -> None:
        """A dot for each digit entered (never the digits), a dash when there is none."""
        count = len(self.entered)
        if not count:
            pygame.draw.line(
                canvas, MUTED, (centre[0] - 20, centre[1]), (centre[0] + 20, centre[1]), 6
            )
            return
        step = 44
        x = centre[0] - step * (count - 1) // 2
        for i in range(count):
            pygame.draw.circle(canvas, INK, (x + i * step, centre[1]), 14)


class PinScene(_Pad):
    """The PIN asked before the operator screen; wrong guesses are counted by the kiosk's guard
    across every opening of the pad."""

    name = "pin"
    overlay = True

    def __init__(self, app: AppServices, on_right: Callable[[], Scene]):
        """`on_right()`: the scene a right PIN opens (the operator screen), in place of the pad."""
        super().__init__(app)
        self.on_right = on_right
        self.title = _("Operator")
        self.message = self.ask = _("Organisers only: enter the PIN.")
        self.waiting = False
        self.wrong = 0

    @property
    def guard(self) -> PinGuard:
        control = self.app.kiosk_control
        assert control is not None, "the PIN pad is a kiosk's"
        return control.pin_guard

    @property
    def animating(self) -> bool:
        return self.guard.wait_left() > 0  # the seconds of the wait count down

    @property
    def holds_warning(self) -> bool:
        return self.waiting

    def update(self, dt: float) -> None:
        left = self.guard.wait_left()
        self.keys.enable(left <= 0)
        if left > 0:
            self.warning = True
            self.waiting = True
            self.message = ngettext(
                "Too many wrong PINs: wait {count} second before the next try.",
                "Too many wrong PINs: wait {count} seconds before the next try.",
                math.ceil(left),
            ).format(count=math.ceil(left))
        elif self.waiting:
            self.waiting = False
            self.warning, self.message = False, self.ask

    def submit(self) -> None:
        guess, self.entered = self.entered, ""
        if self.guard.wait_left() > 0 or not guess:
            return
        if self.guard.check(guess, self.app.settings.kiosk_pin_hash):
            self.app.manager.replace(self.on_right(), fade=True)
            return
        self.wrong += 1
        self.warning = True
        self.message = _("Wrong PIN: try again.")
        self.update(0.0)


class NewPinScene(_Pad):
    """Choose the operator PIN: typed twice; a PIN too easy to guess is refused with the reason.

    `first`: the first kiosk start (nothing to cancel: the stand goes live once a PIN is set)."""

    name = "new-pin"

    def __init__(self, app: AppServices, on_done: Callable[[], object], first: bool = False):
        super().__init__(app)
        self.on_done = on_done
        self.first = first
        self.chosen: str | None = None
        self.title = _("Set the operator PIN") if first else _("Change the PIN")
        self.message = self.ask = _(CHOOSE_PIN)
        self.cancel.visible = not first

    @property
    def step(self) -> str:
        return "new" if self.chosen is None else "again"

    def submit(self) -> None:
        typed, self.entered = self.entered, ""
        if self.chosen is None:
            problem = pin_problem(typed)
            if problem is not None:
                self.warning, self.message = True, problem
                return
            self.chosen = typed
            self.warning, self.message = False, _("Type the same PIN again to confirm it.")
            self.ask = self.message
            return
        if typed != self.chosen:
            self.chosen = None
            self.warning, self.message = True, _("The two PINs differ: choose the PIN again.")
            self.ask = _(CHOOSE_PIN)
            return
        self.app.settings.kiosk_pin_hash = hashed_pin(typed)
        self.app.save_settings()
        log.info("kiosk: the operator PIN was %s", "set" if self.first else "changed")
        self.on_done()

    def close(self) -> None:
        if not self.first:
            self.app.manager.pop()

    def draw(self, canvas: pygame.Surface) -> None:
        if self.first:
            canvas.fill(INK)
        super().draw(canvas)
