"""The operator screen's Figures page: today's or all-time figures of every game or one, as a small
chart per hour for each count (games started, finished, abandoned, challenge wins, average length,
crashes, stalls, demo games) beside a table of the hours in numbers (scenes.kiosk.hour_table);
the figures shown saved as CSV with one touch on the removable drive plugged in, or in a folder
picked on the screen; reset (asked first)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pygame

from game import GAMES
from scenes.boards import playable_games
from scenes.kiosk.charts import draw_hour_chart
from scenes.kiosk.export import drives, export_csv
from scenes.kiosk.hour_table import draw_hour_table, listed_hours, rows_that_fit
from scenes.kiosk.hours import Hour, total
from scenes.kit import fonts
from scenes.kit.focus import clear_of_ring
from scenes.kit.i18n import L_, N_, _, ngettext
from scenes.kit.palette import ACCENT, BAD, GOOD, MUTED
from scenes.kit.text_fit import fit_line
from scenes.kit.widgets import Button, Choice, Widget
from scenes.services import AppServices

log = logging.getLogger(__name__)


def whole(value: float) -> str:
    return f"{value:.0f}"


def minutes(value: float) -> str:
    return _("{minutes} min").format(minutes=f"{value:.1f}")


CHOICES_TOP = 172
SUBTITLE_Y = 286
#: (the charts end 36 px above the buttons at the bottom: room for the line of the data folder
#: above the keys' focus ring round them)
CHART_SIZE = (420, 140)
CHART_TOP = 314
CHART_GAP = 10
CHART_COLUMNS = 2
#: the table beside the charts, as tall as they are; when it has more hours than fit, lower,
#: under its page buttons
TABLE = pygame.Rect(960, CHART_TOP, 900, 4 * CHART_SIZE[1] + 3 * CHART_GAP)
PAGED_TABLE = pygame.Rect(960, 390, 900, TABLE.bottom - 390)
PAGE_BUTTONS_Y = 284
BOTTOM = 950
#: each chart: title, what it shows of an hour, how a value reads, colour
CHARTS: tuple[tuple[str, Callable[[Hour], float], Callable[[float], str], Any], ...] = (
    (N_("Games started"), lambda h: h.started, whole, ACCENT),
    (N_("Finished"), lambda h: h.finished, whole, GOOD),
    (N_("Abandoned"), lambda h: h.abandoned, whole, MUTED),
    (N_("Challenge wins"), lambda h: h.challenge_wins, whole, (236, 170, 40)),
    (N_("Average length"), lambda h: h.average_minutes, minutes, (70, 128, 190)),
    (N_("Crashes"), lambda h: h.crashes, whole, BAD),
    (N_("Stalls"), lambda h: h.stalls, whole, BAD),
    (N_("Demo games"), lambda h: h.demo_games, whole, (150, 96, 180)),
)


class FiguresPage:
    """The figures, as charts and a table (see the module); `ask(what)` asks the operator before
    a reset."""

    def __init__(self, app: AppServices, ask: Callable[[str], object], period: int = 0,
                 game_index: int = 0):  # fmt: skip
        self.app = app
        self.ask = ask
        self.period = period  # 0 today, 1 all time
        self.game_index = game_index  # 0 every game, then one game each
        #: the first hour of the table on show (its page), None: the page with the latest hours
        self.first: int | None = None
        self.drives = drives()
        self._build()

    def _build(self) -> None:
        games = playable_games()
        self.period_choice = Choice((60, CHOICES_TOP, 560, 100), [L_("Today"), L_("All time")],
                                    self.period, self._choose_period, size=fonts.SMALL)  # fmt: skip
        names = [L_("All games")] + [L_(GAMES[game].title) for game in games]
        self.game_choice = Choice((660, CHOICES_TOP, 1200, 100), names, self.game_index,
                                  self._choose_game, size=fonts.TINY + 4)  # fmt: skip
        self.to_drive = Button((60, BOTTOM, 440, 110), L_("Save to a USB stick"),
                               self.save_to_drive, icon="icon_save", size=fonts.BODY)  # fmt: skip
        if self.drives:
            self.to_drive.label = _("Save to {drive}").format(drive=self.drives[0].name)
        else:
            self.to_drive.enabled = False
            self.to_drive.refusal = _(
                "No USB stick is plugged in: plug one in, or pick a folder with Export CSV."
            )
            self.to_drive.on_refuse = self.app.notify
        self.export = Button((520, BOTTOM, 440, 110), L_("Export CSV"), self.open_export,
                             icon="icon_save", style="secondary", size=fonts.BODY)  # fmt: skip
        self.reset = Button((980, BOTTOM, 440, 110), L_("Reset figures"),
                            partial(self.ask, "reset"), style="secondary",
                            size=fonts.BODY)  # fmt: skip
        self.earlier = Button((1240, PAGE_BUTTONS_Y, 300, 96), L_("Earlier hours"),
                              partial(self.turn, -1), style="secondary",
                              size=fonts.TINY + 4)  # fmt: skip
        self.later = Button((1560, PAGE_BUTTONS_Y, 300, 96), L_("Later hours"),
                            partial(self.turn, 1), style="secondary",
                            size=fonts.TINY + 4)  # fmt: skip
        self._sync_pages()

    @property
    def widgets(self) -> list[Widget]:
        return [self.period_choice, self.game_choice, self.to_drive, self.export, self.reset,
                self.earlier, self.later]  # fmt: skip

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = {"Export CSV": self.export.rect, "Reset figures": self.reset.rect,
                 "Save to drive": self.to_drive.rect}  # fmt: skip
        if self.earlier.visible:  # (only while the table has more hours than fit)
            rects.update({"Earlier hours": self.earlier.rect, "Later hours": self.later.rect})
        for label, button in zip(["Today", "All time"], self.period_choice.buttons, strict=True):
            rects[label] = button.rect
        for game, button in zip([None, *playable_games()], self.game_choice.buttons, strict=True):
            rects[f"figures {game or 'all'}"] = button.rect
        return rects

    # --- what is shown ----------------------------------------------------------------------------
    @property
    def day(self) -> str | None:
        """The day shown ("YYYY-MM-DD"), None for all time."""
        control = self.app.kiosk_control
        return control.figures.today() if control is not None and self.period == 0 else None

    def rows(self) -> list[Hour]:
        """The 24 hours of the day (or of all time) shown, for the game shown."""
        control = self.app.kiosk_control
        if control is None:
            return [Hour() for _hour in range(24)]
        games = playable_games()
        game = games[self.game_index - 1] if self.game_index else None
        return control.figures.per_hour(self.day, game)

    def now(self) -> int | None:
        control = self.app.kiosk_control
        return control.figures.hour_now() if control is not None and self.period == 0 else None

    def table_hours(self) -> list[int]:
        """Every hour the table lists (its page on show: `page_hours`)."""
        opening = self.app.settings.kiosk_hours if self.period == 0 else []
        return listed_hours(self.rows(), opening, self.now())

    def table_rect(self) -> pygame.Rect:
        """Where the table stands: as tall as the charts, or under its page buttons."""
        return PAGED_TABLE if len(self.table_hours()) > rows_that_fit(TABLE) else TABLE

    def page_hours(self) -> list[int]:
        hours = self.table_hours()
        fit = rows_that_fit(self.table_rect())
        first = max(0, len(hours) - fit) if self.first is None else self.first
        return hours[first : first + fit]

    # --- actions ----------------------------------------------------------------------------------
    def _choose_period(self, index: int) -> None:
        self.period, self.first = index, None
        self._sync_pages()

    def _choose_game(self, index: int) -> None:
        self.game_index, self.first = index, None
        self._sync_pages()

    def turn(self, by: int) -> None:
        hours, fit = self.table_hours(), rows_that_fit(PAGED_TABLE)
        first = max(0, len(hours) - fit) if self.first is None else self.first
        self.first = max(0, min(len(hours) - fit, first + by * fit))
        self._sync_pages()

    def _sync_pages(self) -> None:
        hours, fit = self.table_hours(), rows_that_fit(PAGED_TABLE)
        paged = len(hours) > rows_that_fit(TABLE)
        first = max(0, len(hours) - fit) if self.first is None else self.first
        self.earlier.visible = self.later.visible = paged
        self.earlier.enabled = first > 0
        self.later.enabled = first + fit < len(hours)

    def drives_changed(self) -> bool:
        """Look for removable drives again; True if one was plugged in or pulled out."""
        now = drives()
        if now == self.drives:
            return False
        self.drives = now
        self._build()
        return True

    def save_to_drive(self) -> None:
        """The figures shown, as CSV on the first removable drive plugged in: one touch."""
        if self.drives:
            self.save_in(self.drives[0])

    def save_in(self, folder: Path) -> Path | None:
        control = self.app.kiosk_control
        if control is None:
            return None
        control.figures.flush()
        try:
            path = export_csv(control.figures.data["hours"], folder, control.wall(), self.day)
        except OSError as error:
            log.warning("the figures could not be saved in %s: %s", folder, error)
            why = error.strerror or str(error)
            self.app.notify(_("Not saved: {reason}.").format(reason=why))
            return None
        log.info("kiosk: the figures were saved to %s", path)
        self.app.notify(_("The figures were saved to {path}.").format(path=path))
        return path

    def open_export(self) -> None:
        from scenes.kiosk.folder import FolderScene

        self.app.manager.push(FolderScene(self.app, self.day), fade=True)

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, canvas: pygame.Surface) -> None:
        control = self.app.kiosk_control
        if control is None:
            words = _("No figures: not in kiosk mode.")
            fonts.blit_text(canvas, words, fonts.BODY, MUTED, "center", (960, 540))
            return
        rows = self.rows()
        whole_day = total(rows)
        now = self.now()
        if self.period == 0:
            words = _("Today, hour by hour")
        else:
            words = _("All time, since {since}").format(since=control.figures.data["since"])
        fonts.blit_text(canvas, words, fonts.TINY, MUTED, "topleft", (60, SUBTITLE_Y))
        for i, (title, of, show, colour) in enumerate(CHARTS):
            column, row = i % CHART_COLUMNS, i // CHART_COLUMNS
            rect = pygame.Rect(
                60 + column * (CHART_SIZE[0] + 20),
                CHART_TOP + row * (CHART_SIZE[1] + CHART_GAP),
                *CHART_SIZE,
            )
            values = [of(hour) for hour in rows]
            draw_hour_chart(canvas, rect, _(title), values, show(of(whole_day)), colour, show, now)
        draw_hour_table(canvas, self.table_rect(), rows, self.page_hours(), now)
        line, size = fit_line(self._file_line(), fonts.TINY - 6, 860)
        above = clear_of_ring(self.to_drive.rect).top  # (clear of the keys' focus ring)
        fonts.blit_text(canvas, line, size, MUTED, "bottomleft", (60, above))

    def _file_line(self) -> str:
        """Where the figures are kept (the only screen that shows the folder), and how often
        the watchdog had to end the app."""
        control = self.app.kiosk_control
        path = control.figures.path if control is not None else None
        if path is None:
            words = _("The figures are kept in memory only: the data folder cannot be used.")
        else:
            words = _("Data folder: {folder}").format(folder=path.parent)
        exits = control.figures.data["stall_exits"] if control is not None else 0
        if exits:
            words += "  " + ngettext(
                "The watchdog ended the app {count} time after a stall (it was started again).",
                "The watchdog ended the app {count} times after a stall (it was started again).",
                exits,
            ).format(count=exits)
        return words
