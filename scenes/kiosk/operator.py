"""The organiser's screen (behind the PIN), touch only, in three pages:

- Figures (scenes.kiosk.figures_page): charts and a table per hour, today or all time, every game
  or one; saved as CSV with one touch on a USB stick plugged in, or in a folder picked on the
  screen; reset (asked first).
- Stand (scenes.kiosk.stand_page): the games offered, the idle time, hands on phones, the
  challenge and its level, the board of the day (cleared here, asked first), Continue for a game
  a visitor left, the PIN (changed here) and the other settings.
- Opening hours (scenes.kiosk.hours_page).

Wrong PINs typed since the screen was last open are reported at the top, on a line of their own.
"Back to the stand" returns to the attract loop, as does leaving the screen alone for a minute;
"Quit the kiosk" asks first.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from scenes.kiosk.figures_page import FiguresPage
from scenes.kiosk.hours_page import HoursPage
from scenes.kiosk.stand_page import StandPage
from scenes.kit import fonts
from scenes.kit.focus import Only, Targets, clear_of_ring
from scenes.kit.i18n import L_, N_, _, ngettext
from scenes.kit.palette import BAD, INK, MUTED, PAPER
from scenes.kit.text_fit import fit_line
from scenes.kit.widgets import Button, Widget, draw_panel
from scenes.manager import Scene
from scenes.services import AppServices

CONFIRM = pygame.Rect(0, 0, 1000, 420)
CONFIRM.center = (960, 540)
#: the line that reports wrong PINs: under the tabs, above every page's first row (y 172)
NOTICE = pygame.Rect(60, 136, 1800, 26)
#: how often the Figures page looks for a USB stick plugged in or pulled out (seconds)
DRIVE_LOOK_SECONDS = 1.0
#: what the operator is asked before an action that loses something: title, words, answer
QUESTIONS = {
    "quit": (N_("Quit the kiosk?"), N_("The stand closes until it is started again."),
             N_("Quit")),
    "reset": (N_("Reset the figures?"), N_("Every figure counted so far goes, all time too."),
              N_("Reset")),
    "clear": (N_("Clear today's board?"),
              N_("Every win on today's board goes, with the names the visitors typed."),
              N_("Clear")),
}  # fmt: skip
PAGES = (("figures", N_("Figures"), 280), ("stand", N_("Stand"), 280),
         ("hours", N_("Opening hours"), 360))  # fmt: skip


class OperatorScene(Scene):
    """The figures and the stand's choices, for the organiser (see the module)."""

    name = "operator"

    def __init__(self, app: AppServices, page: str = "figures"):
        self.app = app
        self.page = page
        self.confirming: str | None = None  # a key of QUESTIONS while asking
        control = app.kiosk_control
        wrong, waits = control.pin_guard.opened() if control is not None else (0, 0)
        #: wrong PINs typed since the screen was last open, and the waits they caused
        self.wrong_pins = (wrong, waits)
        self._look_for_drives = DRIVE_LOOK_SECONDS
        self._build()

    # --- layout -----------------------------------------------------------------------------------
    def _build(self) -> None:
        self.tabs = []
        left = 440
        for key, words, width in PAGES:
            tab = Button((left, 20, width, 100), L_(words), partial(self.show, key),
                         style="secondary", size=fonts.BODY)  # fmt: skip
            tab.selected = key == self.page
            self.tabs.append(tab)
            left += width + 20
        self.back = Button((1440, 20, 420, 100), L_("Back to the stand"), self.app.start_attract,
                           icon="icon_play", size=fonts.BODY)  # fmt: skip
        self.quit = Button((1440, 950, 420, 110), L_("Quit the kiosk"),
                           partial(self.ask, "quit"), icon="icon_quit", style="dark",
                           size=fonts.BODY)  # fmt: skip
        self.yes = Button((CONFIRM.centerx - 320, CONFIRM.bottom - 140, 300, 110), L_("Quit"),
                          self.app.quit, style="dark")  # fmt: skip
        self.no = Button((CONFIRM.centerx + 20, CONFIRM.bottom - 140, 300, 110), L_("Cancel"),
                         self.cancel, style="secondary")  # fmt: skip
        self.body: FiguresPage | StandPage | HoursPage
        if self.page == "figures":
            self.body = FiguresPage(self.app, self.ask)
        elif self.page == "stand":
            self.body = StandPage(self.app, self.ask)
        else:
            self.body = HoursPage(self.app)

    @property
    def widgets(self) -> list[Widget]:
        return [*self.tabs, self.back, self.quit, *self.body.widgets]

    @property
    def focus(self) -> Only | None:
        """While a question is up, the keys' focus stops on its answers only (the page under
        it takes no press)."""
        if not self.confirming:
            return None
        answers = Targets()
        for button in (self.yes, self.no):
            answers.add_widget(button)
        return Only(answers.in_reading_order())

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = {tab.key: tab.rect for tab in self.tabs}
        rects.update({"Back to the stand": self.back.rect, "Quit the kiosk": self.quit.rect})
        rects.update(self.body.button_rects)
        if self.confirming:
            rects.update({self.yes.key: self.yes.rect, "Cancel": self.no.rect})
        return rects

    # --- actions ----------------------------------------------------------------------------------
    def show(self, page: str) -> None:
        self.page, self.confirming = page, None
        self._build()

    def ask(self, what: str) -> None:
        """Ask before `what` (a key of QUESTIONS); its answer button does it."""
        self.confirming = what
        self.yes.label = L_(QUESTIONS[what][2])
        self.yes.on_click = self._answers()[what]

    def _answers(self) -> dict[str, Callable[[], None]]:
        return {"quit": self.app.quit, "reset": self.reset_figures, "clear": self.clear_board}

    def cancel(self) -> None:
        self.confirming = None

    def reset_figures(self) -> None:
        self.confirming = None
        control = self.app.kiosk_control
        if control is not None:
            control.figures.reset()
            self.app.notify(_("The figures were reset."))

    def clear_board(self) -> None:
        self.confirming = None
        if isinstance(self.body, StandPage):
            self.body.clear_day_board()

    # --- the frame --------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return False  # (a USB stick is looked for once a second: wake_in)

    def wake_in(self) -> float | None:
        return max(0.0, self._look_for_drives) if isinstance(self.body, FiguresPage) else None

    def update(self, dt: float) -> None:
        self._look_for_drives -= dt
        if self._look_for_drives <= 0:
            self._look_for_drives = DRIVE_LOOK_SECONDS
            if isinstance(self.body, FiguresPage):
                self.body.drives_changed()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.confirming:
            return self.yes.handle(event) or self.no.handle(event) or (
                event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
            )  # fmt: skip
        used = False
        for widget in self.widgets:
            used = widget.handle(event) or used
        return used

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, canvas: pygame.Surface) -> None:
        canvas.fill(PAPER)
        room = clear_of_ring(self.tabs[0].rect).left - 60  # (clear of the keys' focus ring)
        size = fonts.fit(_("Operator"), fonts.HEADING, room, True)
        fonts.blit_text(canvas, _("Operator"), size, INK, "midleft", (60, 70), bold=True)
        self.body.draw(canvas)
        for widget in self.widgets:
            widget.draw(canvas)
        self._draw_wrong_pins(canvas)
        if self.confirming:
            self._draw_confirm(canvas)

    def wrong_pins_line(self) -> str:
        """What the screen says of the wrong PINs typed since it was last open ("" if none)."""
        wrong, waits = self.wrong_pins
        if not wrong:
            return ""
        words = ngettext(
            "{count} wrong PIN was typed since this screen was last open.",
            "{count} wrong PINs were typed since this screen was last open.",
            wrong,
        ).format(count=wrong)
        if waits:
            words += " " + ngettext(
                "The pad made them wait {count} time.",
                "The pad made them wait {count} times.",
                waits,
            ).format(count=waits)
        return words

    def _draw_wrong_pins(self, canvas: pygame.Surface) -> None:
        words = self.wrong_pins_line()
        if words:
            line, size = fit_line(words, fonts.TINY, NOTICE.width, True, fonts.TINY - 8)
            fonts.blit_text(canvas, line, size, BAD, "midleft", NOTICE.midleft, bold=True)

    def _draw_confirm(self, canvas: pygame.Surface) -> None:
        veil = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
        veil.fill((*INK, 140))
        canvas.blit(veil, (0, 0))
        panel = CONFIRM
        draw_panel(canvas, panel, PAPER, radius=30, shadow=14)
        assert self.confirming is not None
        title, words, _answer = QUESTIONS[self.confirming]
        fonts.blit_text(canvas, _(title), fonts.HEADING - 10, INK, "midtop",
                        (960, panel.top + 30), bold=True)  # fmt: skip
        y = panel.top + 130
        for line in fonts.wrap(_(words), fonts.SMALL, panel.width - 80)[:2]:
            fonts.blit_text(canvas, line, fonts.SMALL, MUTED, "midtop", (960, y))
            y += fonts.line_height(fonts.SMALL)
        self.yes.draw(canvas)
        self.no.draw(canvas)
