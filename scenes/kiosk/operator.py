"""The organiser's screen (behind the PIN), touch only, in two pages:

- Figures: today's or all-time figures of every game or one, as a small chart per hour
  (visitors' games started, finished, abandoned, challenge wins, average length, crashes,
  stalls, demo games); export as CSV to a folder picked on the screen; reset.
- Stand: the games offered, the "beat the computer" challenge and its level, the idle time,
  hands on phones (`kiosk_phones`), the board of the day (cleared here), the PIN (changed
  here) and the other settings.

Wrong PINs typed since the screen was last open are reported at the top. "Back to the stand"
returns to the attract loop, as does leaving the screen alone for a minute; "Quit the kiosk"
asks first.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game import GAMES
from game.ai.levels import LEVELS
from scenes.boards import playable_games
from scenes.kiosk.challenge import challenge_level
from scenes.kiosk.charts import draw_hour_chart
from scenes.kiosk.hours import Hour, total
from scenes.kiosk.stand import level_msgid, offered_games
from scenes.kit import fonts
from scenes.kit.i18n import L_, N_, _, ngettext
from scenes.kit.palette import ACCENT, BAD, GOOD, INK, MUTED, PAPER
from scenes.kit.text_fit import fit_line
from scenes.kit.widgets import Button, Choice, Stepper, Toggle, draw_panel
from scenes.manager import Scene
from scenes.services import AppServices

IDLE_CHOICES = (30, 45, 60, 90, 120, 180, 300, 600)


def whole(value: float) -> str:
    return f"{value:.0f}"


def minutes(value: float) -> str:
    return _("{minutes} min").format(minutes=f"{value:.1f}")


def seconds_text(value: float) -> str:
    return _("{seconds} s").format(seconds=f"{value:g}")


CHART_SIZE = (435, 280)
CHART_TOP = 330
CHART_GAP = 20
CHART_WIDTH = 4 * CHART_SIZE[0] + 3 * CHART_GAP
CONFIRM = pygame.Rect(0, 0, 900, 380)
CONFIRM.center = (960, 540)
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


class OperatorScene(Scene):
    """The figures and the stand's choices, for the organiser (see the module)."""

    name = "operator"

    def __init__(self, app: AppServices, page: str = "figures"):
        self.app = app
        self.page = page
        self.confirming: str | None = None  # "quit" or "reset" while asking
        self.period = 0  # 0 today, 1 all time
        self.game_index = 0  # 0 every game, then one game each
        control = app.kiosk_control
        wrong, waits = control.pin_guard.opened() if control is not None else (0, 0)
        #: wrong PINs typed since the screen was last open, and the waits they caused
        self.wrong_pins = (wrong, waits)
        self._build()

    # --- layout -----------------------------------------------------------------------------------
    def _build(self) -> None:
        self.tabs = [
            Button((600, 20, 300, 100), L_("Figures"), partial(self.show, "figures"),
                   style="secondary", size=fonts.BODY),
            Button((920, 20, 300, 100), L_("Stand"), partial(self.show, "stand"),
                   style="secondary", size=fonts.BODY),
        ]  # fmt: skip
        for tab in self.tabs:
            tab.selected = tab.key.lower() == self.page
        self.back = Button((1440, 20, 420, 100), L_("Back to the stand"), self.app.start_attract,
                           icon="icon_play", size=fonts.BODY)  # fmt: skip
        self.quit = Button((1440, 950, 420, 110), L_("Quit the kiosk"),
                           partial(self.ask, "quit"), icon="icon_quit", style="dark",
                           size=fonts.BODY)  # fmt: skip
        self.yes = Button((CONFIRM.centerx - 320, CONFIRM.bottom - 140, 300, 110), L_("Quit"),
                          self.app.quit, style="dark")  # fmt: skip
        self.no = Button((CONFIRM.centerx + 20, CONFIRM.bottom - 140, 300, 110), L_("Cancel"),
                         self.cancel, style="secondary")  # fmt: skip
        self.widgets: list[Any] = []
        if self.page == "figures":
            self._build_figures()
        else:
            self._build_stand()

    def _build_figures(self) -> None:
        games = playable_games()
        self.period_choice = Choice((60, 150, 560, 100), [L_("Today"), L_("All time")], self.period,
                                    self._choose_period, size=fonts.SMALL)  # fmt: skip
        names = [L_("All games")] + [L_(GAMES[game].title) for game in games]
        self.game_choice = Choice((660, 150, 1200, 100), names, self.game_index,
                                  self._choose_game, size=fonts.TINY + 4)  # fmt: skip
        self.export = Button((60, 950, 560, 110), L_("Export CSV"), self.open_export,
                             icon="icon_save", size=fonts.BODY)  # fmt: skip
        self.reset = Button((660, 950, 560, 110), L_("Reset figures"), partial(self.ask, "reset"),
                            style="secondary", size=fonts.BODY)  # fmt: skip
        self.widgets = [self.period_choice, self.game_choice, self.export, self.reset]

    def _build_stand(self) -> None:
        settings = self.app.settings
        offered = set(offered_games(settings))
        self.game_toggles = []
        for i, game in enumerate(playable_games()):
            self.game_toggles.append(
                Toggle(
                    (60, 240 + 112 * i, 820, 96),
                    L_(GAMES[game].title),
                    game in offered,
                    partial(self._offer, game),
                )
            )
        idle_index = min(
            range(len(IDLE_CHOICES)),
            key=lambda i: abs(IDLE_CHOICES[i] - settings.kiosk_idle_seconds),
        )
        self.idle = Stepper((60, 660, 820, 100), L_("Idle time"), IDLE_CHOICES, idle_index,
                            self._set_idle, show=seconds_text, label_width=260)  # fmt: skip
        self.challenge = Toggle((1000, 160, 860, 96), L_("Beat the computer"),
                                settings.kiosk_challenge, self._set_challenge)  # fmt: skip
        level = settings.kiosk_challenge_level
        self.level = Choice((1000, 320, 860, 100), [L_(level_msgid(lv)) for lv in LEVELS],
                            LEVELS.index(level) if level in LEVELS else 0, self._set_level,
                            size=fonts.TINY + 4, gap=10)  # fmt: skip
        self.clear_board = Button(
            (1000, 510, 860, 110),
            L_("Clear today's board"),
            self.clear_day_board,
            style="secondary",
            size=fonts.BODY,
        )
        self.change_pin = Button((1000, 700, 420, 110), L_("Change the PIN"), self.open_new_pin,
                                 style="secondary", size=fonts.BODY)  # fmt: skip
        self.more = Button((1440, 700, 420, 110), L_("More settings"), self.open_settings,
                           icon="icon_settings", style="secondary", size=fonts.BODY)  # fmt: skip
        self.phones = Toggle((60, 790, 820, 96), L_("Hands on phones"), settings.kiosk_phones,
                             self._set_phones)  # fmt: skip
        self.widgets = [*self.game_toggles, self.idle, self.phones, self.challenge, self.level]
        self.widgets += [self.clear_board, self.change_pin, self.more]

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = {tab.key: tab.rect for tab in self.tabs}
        rects.update({"Back to the stand": self.back.rect, "Quit the kiosk": self.quit.rect})
        if self.confirming:
            rects.update({self.yes.key: self.yes.rect, "Cancel": self.no.rect})
        if self.page == "figures":
            rects.update({"Export CSV": self.export.rect, "Reset figures": self.reset.rect})
            for label, button in zip(["Today", "All time"], self.period_choice.buttons,
                                     strict=True):  # fmt: skip
                rects[label] = button.rect
            for game, button in zip([None, *playable_games()], self.game_choice.buttons,
                                    strict=True):  # fmt: skip
                rects[f"figures {game or 'all'}"] = button.rect
        else:
            for game, toggle in zip(playable_games(), self.game_toggles, strict=True):
                rects[f"offer {game}"] = toggle.rect
            for level, button in zip(LEVELS, self.level.buttons, strict=True):
                rects[f"level {level}"] = button.rect
            rects.update(
                {
                    "Beat the computer": self.challenge.rect,
                    "Idle -": self.idle.minus.rect,
                    "Idle +": self.idle.plus.rect,
                    "Hands on phones": self.phones.rect,
                    "Clear today's board": self.clear_board.rect,
                    "Change the PIN": self.change_pin.rect,
                    "More settings": self.more.rect,
                }
            )
        return rects

    # --- actions ----------------------------------------------------------------------------------
    def show(self, page: str) -> None:
        self.page, self.confirming = page, None
        self._build()

    def ask(self, what: str) -> None:
        self.confirming = what
        self.yes.label = L_("Quit") if what == "quit" else L_("Reset")
        self.yes.on_click = self.app.quit if what == "quit" else self.reset_figures

    def cancel(self) -> None:
        self.confirming = None

    def reset_figures(self) -> None:
        self.confirming = None
        control = self.app.kiosk_control
        if control is not None:
            control.figures.reset()
            self.app.notify(_("The figures were reset."))

    def clear_day_board(self) -> None:
        control = self.app.kiosk_control
        if control is not None:
            control.day_board.clear()
            self.app.notify(_("Today's board was cleared."))

    def open_export(self) -> None:
        from scenes.kiosk.folder import FolderScene

        self.app.manager.push(FolderScene(self.app), fade=True)

    def open_new_pin(self) -> None:
        from scenes.kiosk.pinpad import NewPinScene

        self.app.manager.push(NewPinScene(self.app, self._pin_changed))

    def _pin_changed(self) -> None:
        self.app.manager.pop()
        self.app.notify(_("The PIN was changed."))

    def open_settings(self) -> None:
        self.app.open_settings(operator=True)

    def _choose_period(self, index: int) -> None:
        self.period = index

    def _choose_game(self, index: int) -> None:
        self.game_index = index

    def _offer(self, game: str, on: bool) -> None:
        settings = self.app.settings
        offered = set(offered_games(settings))
        offered = offered | {game} if on else offered - {game}
        if not offered:  # at least one game stays on offer
            self._build()
            self.app.notify(_("At least one game stays on offer."))
            return
        settings.kiosk_games = [g for g in playable_games() if g in offered]
        self.app.save_settings()

    def _set_idle(self, seconds: int) -> None:
        self.app.settings.kiosk_idle_seconds = seconds
        self.app.save_settings()

    def _set_phones(self, on: bool) -> None:
        self.app.settings.kiosk_phones = on
        self.app.save_settings()

    def _set_challenge(self, on: bool) -> None:
        self.app.settings.kiosk_challenge = on
        self.app.save_settings()

    def _set_level(self, index: int) -> None:
        self.app.settings.kiosk_challenge_level = LEVELS[index]
        self.app.save_settings()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.confirming:
            return self.yes.handle(event) or self.no.handle(event) or (
                event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
            )  # fmt: skip
        used = False
        for widget in [*self.tabs, self.back, self.quit, *self.widgets]:
            used = widget.handle(event) or used
        return used

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, canvas: pygame.Surface) -> None:
        canvas.fill(PAPER)
        fonts.blit_text(canvas, _("Operator"), fonts.HEADING, INK, "midleft", (60, 70), bold=True)
        if self.page == "figures":
            self._draw_figures(canvas)
        else:
            self._draw_stand(canvas)
        for widget in [*self.tabs, self.back, self.quit, *self.widgets]:
            widget.draw(canvas)
        self._draw_wrong_pins(canvas)
        if self.confirming:
            self._draw_confirm(canvas)

    def _draw_wrong_pins(self, canvas: pygame.Surface) -> None:
        wrong, waits = self.wrong_pins
        if not wrong:
            return
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
        at = (60, 124) if self.page == "stand" else (60, 272)
        fonts.blit_text(canvas, words, fonts.TINY, BAD, "topleft", at, bold=True)

    def _figures_rows(self) -> list[Hour]:
        control = self.app.kiosk_control
        if control is None:
            return [Hour() for _ in range(24)]
        games = playable_games()
        game = games[self.game_index - 1] if self.game_index else None
        day = control.figures.today() if self.period == 0 else None
        return control.figures.per_hour(day, game)

    def _draw_figures(self, canvas: pygame.Surface) -> None:
        control = self.app.kiosk_control
        if control is None:
            words = _("No figures: not in kiosk mode.")
            fonts.blit_text(canvas, words, fonts.BODY, MUTED, "center", (960, 540))
            return
        rows = self._figures_rows()
        whole = total(rows)
        now = control.figures.hour_now() if self.period == 0 else None
        if not self.wrong_pins[0]:
            since = control.figures.data["since"]
            if self.period == 0:
                words = _("Today, hour by hour")
            else:
                words = _("All time, since {since}").format(since=since)
            fonts.blit_text(canvas, words, fonts.TINY, MUTED, "topleft", (60, 272))
        for i, (title, of, show, colour) in enumerate(CHARTS):
            column, row = i % 4, i // 4
            rect = pygame.Rect(
                60 + column * (CHART_SIZE[0] + CHART_GAP),
                CHART_TOP + row * (CHART_SIZE[1] + CHART_GAP),
                *CHART_SIZE,
            )
            values = [of(hour) for hour in rows]
            summary = show(of(whole))
            draw_hour_chart(canvas, rect, _(title), values, summary, colour, show, now)
        line, size = fit_line(self._file_line(), fonts.TINY - 6, CHART_WIDTH)
        fonts.blit_text(canvas, line, size, MUTED, "bottomleft", (60, 940))

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

    def _draw_stand(self, canvas: pygame.Surface) -> None:
        fonts.blit_text(
            canvas, _("Games on offer"), fonts.BODY, INK, "topleft", (60, 160), bold=True
        )
        fonts.blit_text(canvas, _("Seconds without a touch before a game asks: Still playing?"),
                        fonts.TINY, MUTED, "topleft", (60, 620))  # fmt: skip
        phones = _("Play a friend: each person may hold their hand on their own phone (same "
                   "Wi-Fi), in the games with hidden hands.")  # fmt: skip
        fonts.blit_paragraph(canvas, phones, fonts.TINY - 4, MUTED,
                             pygame.Rect(60, 890, 820, 60))  # fmt: skip
        fonts.blit_text(canvas, _("Level a visitor must beat (or harder):"), fonts.TINY, MUTED,
                        "topleft", (1000, 276))  # fmt: skip
        control = self.app.kiosk_control
        level = challenge_level(self.app.settings)
        if control is not None:
            count = control.day_board.count(None, LEVELS[0])
            named = sum(1 for win in control.day_board.wins if win.name)
            words = ngettext(
                "Today's board: {count} win, {named} with a name.",
                "Today's board: {count} wins, {named} with a name.",
                count,
            ).format(count=count, named=named)
            if level is None:
                words += " " + _("The challenge is off.")
            fonts.blit_text(canvas, words, fonts.TINY, INK, "topleft", (1000, 460))
        fonts.blit_text(canvas, _("The PIN is stored only as a salted hash."), fonts.TINY, MUTED,
                        "topleft", (1000, 830))  # fmt: skip

    def _draw_confirm(self, canvas: pygame.Surface) -> None:
        veil = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
        veil.fill((*INK, 140))
        canvas.blit(veil, (0, 0))
        panel = CONFIRM
        draw_panel(canvas, panel, PAPER, radius=30, shadow=14)
        if self.confirming == "quit":
            title = _("Quit the kiosk?")
            words = _("The stand closes until it is started again.")
        else:
            title = _("Reset the figures?")
            words = _("Every figure counted so far goes, all time too.")
        fonts.blit_text(canvas, title, fonts.HEADING - 10, INK, "midtop", (960, panel.top + 30),
                        bold=True)  # fmt: skip
        fonts.blit_text(canvas, words, fonts.SMALL, MUTED, "midtop", (960, panel.top + 130))
        self.yes.draw(canvas)
        self.no.draw(canvas)
