"""The menu's Continue tile: the unfinished game, its seats, when it was saved and a small
picture of its board; clicking it continues that game. The picture is the one saved on leaving,
or, when there is none (the app was killed, or crashed), drawn again from the saved game."""

from __future__ import annotations

import logging
import time
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import GAMES
from game.ai import levels
from scenes.boards import menu_art
from scenes.boards.making import spectator_board
from scenes.kit import fonts, i18n
from scenes.kit.colour import lighter
from scenes.kit.i18n import _, pgettext
from scenes.kit.palette import ACCENT, ACCENT_DARK, INK, MUTED, PAPER
from scenes.kit.pictures import picture
from scenes.kit.speech import spoken
from scenes.kit.text_fit import fit_line
from scenes.kit.widgets import draw_mark, draw_panel
from scenes.phones.marks import draw_phone_mark
from scenes.screens.menu_tile import MenuTile, draw_icon_label
from scenes.storage.saved_game import SavedGame

if TYPE_CHECKING:
    from scenes.services import AppServices

log = logging.getLogger(__name__)

SEAT_STEP = 40
#: pictures drawn from saved games, by the language, the game, when it was saved, its seats and
#: its moves: the menu and the Games in progress list are built again often
_DRAWN: dict[tuple[Any, ...], pygame.Surface] = {}
#: the most pictures kept (the games kept, and a few more)
_MOST_DRAWN = 16


def picture_of_saved_game(app: AppServices, saved: SavedGame) -> pygame.Surface | None:
    """The board of `saved` as it stands, drawn as a spectator sees it (public information
    only: anyone may look at the menu), in the language and text size shown; None if it cannot
    be drawn (logged)."""
    seats = (tuple(saved.setup["names"]), tuple(saved.setup["seats"]))
    key: tuple[Any, ...] = (i18n.generation(), saved.game, saved.saved_at, *seats, *saved.moves)
    if key not in _DRAWN:
        try:
            start = GAMES[saved.game].from_dict(saved.start)
            board = spectator_board(app, saved.game_setup, start, saved.moves)
            if len(_DRAWN) >= _MOST_DRAWN:
                _DRAWN.clear()
            _DRAWN[key] = board.keeper.thumbnail()
        except Exception:  # a picture is not worth a crash of the menu
            log.warning("the board of the unfinished game could not be drawn", exc_info=True)
            return None
    return _DRAWN[key]


#: the computer levels as a player reads them (game.ai.levels.LEVELS)


def _month(number: int) -> str:
    """The short name of month `number` (1-12) in the language shown."""
    names = (
        pgettext("month", "Jan"), pgettext("month", "Feb"), pgettext("month", "Mar"),
        pgettext("month", "Apr"), pgettext("month", "May"), pgettext("month", "Jun"),
        pgettext("month", "Jul"), pgettext("month", "Aug"), pgettext("month", "Sep"),
        pgettext("month", "Oct"), pgettext("month", "Nov"), pgettext("month", "Dec"),
    )  # fmt: skip
    return names[number - 1]


def when_text(saved_at: float, now: float | None = None) -> str:
    """When a game was saved, as a player says it: "today 14:05", "yesterday 09:12",
    "3 Mar 18:40", or "3 Mar 2024" in another year (local time)."""
    then = time.localtime(saved_at)
    today = time.localtime(time.time() if now is None else now)
    clock = f"{then.tm_hour:02d}:{then.tm_min:02d}"
    days = _day_number(today) - _day_number(then)
    if days == 0:
        return _("today {time}").format(time=clock)
    if days == 1:
        return _("yesterday {time}").format(time=clock)
    month = _month(then.tm_mon)
    if then.tm_year == today.tm_year:
        # TRANSLATORS: a day of this year: {day} of the month, {month} its short name, {time} 18:40
        return _("{day} {month} {time}").format(day=then.tm_mday, month=month, time=clock)
    return _("{day} {month} {year}").format(day=then.tm_mday, month=month, year=then.tm_year)


def _day_number(moment: time.struct_time) -> int:
    return date(moment.tm_year, moment.tm_mon, moment.tm_mday).toordinal()


class ContinueTile(MenuTile):
    """The unfinished game as a menu tile, drawn like the game tiles beside it."""

    def __init__(
        self,
        saved: SavedGame,
        rect: pygame.Rect,
        thumbnail: Path | pygame.Surface | None = None,
        now: float | None = None,
    ):
        super().__init__(rect)
        self.saved = saved
        self.setup = saved.game_setup
        self.info = GAMES[saved.game]
        self.thumbnail = thumbnail
        self.now = now
        self.playable = True

    @property
    def seat_lines(self) -> list[tuple[str, str]]:
        """(name, "human", "human, on a phone" or "computer, LEVEL") of each seat, in order."""
        return [
            (
                name,
                f"computer, {seat.level}"
                if not seat.is_human
                else "human, on a phone"
                if number in self.saved.phones
                else "human",
            )
            for number, (seat, name) in enumerate(
                zip(self.setup.seats, self.setup.names, strict=True)
            )
        ]

    def _board_picture(self, size: tuple[int, int]) -> pygame.Surface:
        """The picture of the board (saved, or drawn from the save), fitted into `size`; the
        game's art without one."""
        if self.thumbnail is not None:
            try:
                if isinstance(self.thumbnail, pygame.Surface):
                    image = self.thumbnail
                else:
                    image = pygame.image.load(str(self.thumbnail))
                scale = min(size[0] / image.get_width(), size[1] / image.get_height())
                fitted = (round(image.get_width() * scale), round(image.get_height() * scale))
                return pygame.transform.smoothscale(image, fitted)
            except (pygame.error, OSError, ValueError, ZeroDivisionError):
                log.warning("the picture of the unfinished game could not be read", exc_info=True)
        return picture(menu_art(self.setup.game), size)

    def draw_static(self, canvas: pygame.Surface) -> None:
        rect = self.rect
        draw_panel(canvas, rect, lighter(ACCENT, 0.82), radius=34, shadow=14)
        pygame.draw.rect(canvas, ACCENT, rect, 6, border_radius=34)
        frame = pygame.Rect(rect.left + 22, rect.top + 22, rect.width - 44, 226)
        pygame.draw.rect(canvas, PAPER, frame, border_radius=12)
        image = self._board_picture(frame.inflate(-12, -12).size)
        canvas.blit(image, image.get_rect(center=frame.center))
        pygame.draw.rect(canvas, INK, frame.inflate(6, 6), 4, border_radius=12)
        y = frame.bottom + 12
        fonts.blit_text(
            canvas,
            _("Your unfinished game"),
            fonts.TINY,
            ACCENT_DARK,
            "midtop",
            (rect.centerx, y),
            True,
        )
        y += 32
        title, size = fit_line(_(self.info.title), fonts.LARGE, rect.width - 48, bold=True)
        fonts.blit_text(canvas, title, size, INK, "midtop", (rect.centerx, y), bold=True)
        y += 58
        left, right = rect.left + 36, rect.right - 30
        for number, (seat, name, colour) in enumerate(
            zip(self.setup.seats, self.setup.names, self.setup.colours, strict=True)
        ):
            centre_y = y + SEAT_STEP // 2
            draw_mark(canvas, colour.mark, (left + 14, centre_y), 14, colour.rgb)
            level = seat.level
            x = right
            if level is not None:
                words = fonts.text(_(levels.level(level).title), fonts.TINY, MUTED)
                x -= words.get_width()
                canvas.blit(words, words.get_rect(midleft=(x, centre_y + 2)))
                x -= 8
            icon = picture("icon_human" if seat.is_human else "icon_computer", (34, 34))
            x -= icon.get_width()
            canvas.blit(icon, icon.get_rect(midleft=(x, centre_y)))
            if number in self.saved.phones:  # played on a phone: it will scan a new code
                x = draw_phone_mark(canvas, (x - 16, centre_y), 30, INK).left - 4
            room = x - (left + 40) - 10
            shown, size = fit_line(name, fonts.TINY + 2, room, bold=True)
            fonts.blit_text(canvas, shown, size, INK, "midleft", (left + 40, centre_y + 2), True)
            y += SEAT_STEP
        saved = _("Saved {when}").format(when=when_text(self.saved.saved_at, self.now))
        fonts.blit_text(canvas, saved, fonts.TINY, ACCENT_DARK, "midtop", (rect.centerx, y + 6))
        self.draw_footer(canvas, self.footer_colour)

    @property
    def spoken(self) -> str:
        """What self-voicing says of the tile: Continue, and the game's title."""
        return spoken((_("Continue"), _(self.info.title)))

    def draw_footer_label(self, canvas: pygame.Surface, footer: pygame.Rect) -> None:
        draw_icon_label(canvas, footer, "icon_play", _("Continue"), fonts.LARGE - 6, 52)
