"""The operator screen's Stand page: the games offered, the idle time, hands on phones (all on
the left); the "beat the computer" challenge and its level, the board of the day (cleared here,
asked first), whether a game a visitor left is offered as Continue, the PIN (changed here) and
the other settings (on the right)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from game import GAMES
from game.ai.levels import LEVELS
from scenes.boards import playable_games
from scenes.kiosk.challenge import challenge_level
from scenes.kiosk.stand import level_msgid, offered_games
from scenes.kit import fonts
from scenes.kit.focus import clear_of_ring
from scenes.kit.i18n import L_, _, ngettext
from scenes.kit.palette import INK, MUTED, RGB
from scenes.kit.widgets import Button, Choice, Stepper, Toggle, Widget
from scenes.services import AppServices

IDLE_CHOICES = (30, 45, 60, 90, 120, 180, 300, 600)
TOP = 172
LEFT, LEFT_WIDTH = 60, 820
RIGHT, RIGHT_WIDTH = 1000, 860
#: the right column's controls, top to bottom: a line between two stands clear of the keys'
#: focus ring round each (`clear_of_ring`), at the large text size too
CHALLENGE_TOP, LEVEL_TOP, CLEAR_TOP, CONTINUE_TOP, PIN_TOP = 172, 332, 492, 608, 830
ROW = 96
#: the PIN's note stands under Change the PIN only (Quit the kiosk is beside it, lower)
PIN_WIDTH = 420


def seconds_text(value: float) -> str:
    return _("{seconds} s").format(seconds=f"{value:g}")


class StandPage:
    """The stand's choices (see the module); `ask(what)` asks the operator before clearing."""

    def __init__(self, app: AppServices, ask: Callable[[str], object]):
        self.app = app
        self.ask = ask
        self._build()

    def _build(self) -> None:
        settings = self.app.settings
        offered = set(offered_games(settings))
        self.game_toggles = [
            Toggle(
                (LEFT, TOP + 64 + 106 * i, LEFT_WIDTH, 96),
                L_(GAMES[game].title),
                game in offered,
                partial(self._offer, game),
            )
            for i, game in enumerate(playable_games())
        ]
        idle_index = min(
            range(len(IDLE_CHOICES)),
            key=lambda i: abs(IDLE_CHOICES[i] - settings.kiosk_idle_seconds),
        )
        self.idle = Stepper((LEFT, 640, LEFT_WIDTH, 100), L_("Idle time"), IDLE_CHOICES,
                            idle_index, self._set_idle, show=seconds_text,
                            label_width=260)  # fmt: skip
        self.phones = Toggle((LEFT, 766, LEFT_WIDTH, 96), L_("Hands on phones"),
                             settings.kiosk_phones, self._set_phones)  # fmt: skip
        self.challenge = Toggle((RIGHT, CHALLENGE_TOP, RIGHT_WIDTH, ROW), L_("Beat the computer"),
                                settings.kiosk_challenge, self._set_challenge)  # fmt: skip
        level = settings.kiosk_challenge_level
        names = [L_(level_msgid(lv)) for lv in LEVELS]
        self.level = Choice((RIGHT, LEVEL_TOP, RIGHT_WIDTH, ROW), names,
                            LEVELS.index(level) if level in LEVELS else 0, self._set_level,
                            size=fonts.TINY + 4, gap=10)  # fmt: skip
        self.clear_board = Button((RIGHT, CLEAR_TOP, RIGHT_WIDTH, ROW), L_("Clear today's board"),
                                  partial(self.ask, "clear"), style="secondary",
                                  size=fonts.BODY)  # fmt: skip
        self.offer_continue = Toggle((RIGHT, CONTINUE_TOP, RIGHT_WIDTH, ROW),
                                     L_("Offer a game left unfinished"), settings.kiosk_continue,
                                     self._set_continue, size=fonts.SMALL)  # fmt: skip
        self.change_pin = Button((RIGHT, PIN_TOP, PIN_WIDTH, 100), L_("Change the PIN"),
                                 self.open_new_pin, style="secondary",
                                 size=fonts.BODY)  # fmt: skip
        self.more = Button((1440, PIN_TOP, 420, 100), L_("More settings"), self.open_settings,
                           icon="icon_settings", style="secondary", size=fonts.BODY)  # fmt: skip

    @property
    def widgets(self) -> list[Widget]:
        return [*self.game_toggles, self.idle, self.phones, self.challenge, self.level,
                self.clear_board, self.offer_continue, self.change_pin, self.more]  # fmt: skip

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        games = zip(playable_games(), self.game_toggles, strict=True)
        rects = {f"offer {game}": toggle.rect for game, toggle in games}
        for level, button in zip(LEVELS, self.level.buttons, strict=True):
            rects[f"level {level}"] = button.rect
        rects.update(
            {
                "Beat the computer": self.challenge.rect,
                "Idle -": self.idle.minus.rect,
                "Idle +": self.idle.plus.rect,
                "Hands on phones": self.phones.rect,
                "Clear today's board": self.clear_board.rect,
                "Offer a game left unfinished": self.offer_continue.rect,
                "Change the PIN": self.change_pin.rect,
                "More settings": self.more.rect,
            }
        )
        return rects

    # --- actions ----------------------------------------------------------------------------------
    def clear_day_board(self) -> None:
        control = self.app.kiosk_control
        if control is not None:
            control.day_board.clear()
            self.app.notify(_("Today's board was cleared."))

    def open_new_pin(self) -> None:
        from scenes.kiosk.pinpad import NewPinScene

        self.app.manager.push(NewPinScene(self.app, self._pin_changed))

    def _pin_changed(self) -> None:
        self.app.manager.pop()
        self.app.notify(_("The PIN was changed."))

    def open_settings(self) -> None:
        self.app.open_settings(operator=True)

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

    def _set_continue(self, on: bool) -> None:
        self.app.settings.kiosk_continue = on
        self.app.save_settings()

    def _set_challenge(self, on: bool) -> None:
        self.app.settings.kiosk_challenge = on
        self.app.save_settings()

    def _set_level(self, index: int) -> None:
        self.app.settings.kiosk_challenge_level = LEVELS[index]
        self.app.save_settings()

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, canvas: pygame.Surface) -> None:
        fonts.blit_text(canvas, _("Games on offer"), fonts.BODY, INK, "topleft", (LEFT, TOP),
                        bold=True)  # fmt: skip
        fonts.blit_text(canvas, _("Seconds without a touch before a game asks: Still playing?"),
                        fonts.TINY, MUTED, "topleft", (LEFT, 598))  # fmt: skip
        phones = _("Play a friend: each person may hold their hand on their own phone (same "
                   "Wi-Fi), in the games with hidden hands.")  # fmt: skip
        fonts.blit_paragraph(canvas, phones, fonts.TINY - 4, MUTED,
                             pygame.Rect(LEFT, below(self.phones), LEFT_WIDTH, 60))  # fmt: skip
        between(canvas, _("Level a visitor must beat (or harder):"), MUTED, self.challenge,
                self.level)  # fmt: skip
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
            between(canvas, words, INK, self.level, self.clear_board)
        continued = _(
            "On: the welcome offers the next visitor the game left unfinished, saying which game "
            "and when it was left. Off: every visitor starts a new game."
        )
        top = below(self.offer_continue)
        room = pygame.Rect(RIGHT, top, RIGHT_WIDTH, clear_of_ring(self.change_pin.rect).top - top)
        fonts.blit_paragraph(canvas, continued, fonts.TINY - 4, MUTED, room,
                             smallest=fonts.TINY - 12)  # fmt: skip
        note = pygame.Rect(RIGHT, below(self.change_pin), PIN_WIDTH, 100)
        fonts.blit_paragraph(canvas, _("The PIN is stored only as a salted hash."),
                             fonts.TINY - 4, MUTED, note)  # fmt: skip


def below(control: Widget) -> int:
    """Where a line under `control` starts: below the keys' focus ring round it."""
    return clear_of_ring(control.rect).bottom


def between(canvas: pygame.Surface, words: str, colour: RGB, above: Widget, under: Widget) -> None:
    """`words` on one line under the control `above`, over `under`, clear of the keys' focus
    ring round each (smaller if the text size leaves too little room)."""
    top = below(above)
    size = fonts.fit_height(fonts.TINY, clear_of_ring(under.rect).top - top)
    fonts.blit_text(canvas, words, size, colour, "topleft", (above.rect.left, top))
