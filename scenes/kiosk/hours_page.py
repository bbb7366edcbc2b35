"""The operator screen's Opening hours page: whether the stand keeps opening hours, when it opens
and closes (in steps of half an hour, on one day), and what that means, with the stand's state
now by its own clock."""

from __future__ import annotations

import pygame

from scenes.kiosk.opening import (
    DEFAULT_HOURS,
    STEP_MINUTES,
    clock_text,
    is_open,
    minute_of_day,
    minutes,
    opens_today,
)
from scenes.kit import fonts
from scenes.kit.i18n import L_, _
from scenes.kit.palette import ACCENT_DARK, INK, MUTED
from scenes.kit.widgets import Stepper, Toggle, Widget
from scenes.services import AppServices

TOP = 172
WIDTH = 1100
#: the times the operator picks from: every half hour, and one minute before midnight
TIMES = (*(clock_text(m) for m in range(0, 24 * 60, STEP_MINUTES)), "23:59")


class HoursPage:
    """The opening hours (see the module)."""

    def __init__(self, app: AppServices):
        self.app = app
        #: the hours last chosen, kept while they are switched off
        self.chosen = list(app.settings.kiosk_hours or DEFAULT_HOURS)
        self._build()

    def _build(self) -> None:
        hours = self.app.settings.kiosk_hours
        self.keep = Toggle((60, TOP, WIDTH, 96), L_("Keep opening hours"), bool(hours),
                           self._switch)  # fmt: skip
        self.opens = Stepper((60, TOP + 140, WIDTH, 100), L_("Opens at"), TIMES[:-1],
                             _index(self.chosen[0]), self._set_opening,
                             label_width=420)  # fmt: skip
        self.closes = Stepper((60, TOP + 270, WIDTH, 100), L_("Closes at"), TIMES[1:],
                              _index(self.chosen[1]) - 1, self._set_closing,
                              label_width=420)  # fmt: skip
        for stepper in (self.opens, self.closes):  # greyed while the stand is always open
            stepper.enabled = bool(hours)
            stepper.minus.enabled = stepper.minus.enabled and stepper.enabled
            stepper.plus.enabled = stepper.plus.enabled and stepper.enabled

    @property
    def widgets(self) -> list[Widget]:
        return [self.keep, self.opens, self.closes]

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        return {
            "Keep opening hours": self.keep.rect,
            "Opens -": self.opens.minus.rect,
            "Opens +": self.opens.plus.rect,
            "Closes -": self.closes.minus.rect,
            "Closes +": self.closes.plus.rect,
        }

    # --- actions ----------------------------------------------------------------------------------
    def _switch(self, on: bool) -> None:
        self._save(self.chosen if on else [])

    def _set_opening(self, value: str) -> None:
        opens, closes = value, self.chosen[1]
        if minutes(opens) >= minutes(closes):  # the closing time moves on with it
            closes = TIMES[_index(opens) + 1]
        self._save([opens, closes])

    def _set_closing(self, value: str) -> None:
        opens, closes = self.chosen[0], value
        if minutes(closes) <= minutes(opens):  # the opening time moves back with it
            opens = TIMES[_index(closes) - 1]
        self._save([opens, closes])

    def _save(self, hours: list[str]) -> None:
        if hours:
            self.chosen = list(hours)
        self.app.settings.kiosk_hours = list(hours)
        self.app.save_settings()
        self._build()

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, canvas: pygame.Surface) -> None:
        words = _(
            "Outside these hours the stand shows a closed screen, and it opens again by itself. "
            "A game or a lesson in progress at closing time is finished first. The day's figures "
            "end at closing: a game left open then counts as abandoned, and nothing is counted "
            "while the stand is closed."
        )
        above_state = pygame.Rect(60, TOP + 410, WIDTH, 120)
        fonts.blit_paragraph(canvas, words, fonts.TINY, MUTED, above_state, smallest=fonts.TINY - 8)
        fonts.blit_text(canvas, self.state_now(), fonts.SMALL, ACCENT_DARK, "topleft",
                        (60, TOP + 540), bold=True)  # fmt: skip
        fonts.blit_text(canvas, _("The stand's clock says {time}.").format(time=self._clock()),
                        fonts.TINY, INK, "topleft", (60, TOP + 600))  # fmt: skip

    def _wall(self) -> float:
        control = self.app.kiosk_control
        return control.wall() if control is not None else 0.0

    def _clock(self) -> str:
        return clock_text(minute_of_day(self._wall()))

    def state_now(self) -> str:
        """Whether the stand is open now, and until when (or when it opens)."""
        hours = self.app.settings.kiosk_hours
        wall = self._wall()
        if not hours:
            return _("Always open.")
        if is_open(hours, wall):
            return _("Open now, until {closes}.").format(closes=hours[1])
        if opens_today(hours, wall):
            return _("Closed now; opens today at {opens}.").format(opens=hours[0])
        return _("Closed now; opens tomorrow at {opens}.").format(opens=hours[0])


def _index(clock: str) -> int:
    """The position of `clock` among TIMES (the nearest earlier step for a time off the steps)."""
    if clock in TIMES:
        return TIMES.index(clock)
    return max(i for i, t in enumerate(TIMES) if minutes(t) <= minutes(clock))
