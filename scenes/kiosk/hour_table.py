"""The operator screen's table of the figures hour by hour, beside the charts: one row per hour
(the hours that counted anything, and the opening hours), a column per figure a visitor makes
(the CSV export's first columns, under the same names), a total row, every cell a number."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from scenes.kiosk.hours import Hour, total
from scenes.kiosk.opening import minutes
from scenes.kit import fonts
from scenes.kit.colour import lighter
from scenes.kit.i18n import N_, _
from scenes.kit.palette import ACCENT, INK, MUTED, PAPER
from scenes.kit.widgets import draw_panel

#: the columns after the hour: (CSV column, heading, the figure of an hour)
COLUMNS: tuple[tuple[str, str, Callable[[Hour], int]], ...] = (
    ("started", N_("Started"), lambda h: h.started),
    ("finished", N_("Finished"), lambda h: h.finished),
    ("abandoned", N_("Abandoned"), lambda h: h.abandoned),
    ("lessons", N_("Lessons"), lambda h: h.lessons),
    ("visitors", N_("Visitors"), lambda h: h.visitors),
    ("challenge_wins", N_("Challenge wins"), lambda h: h.challenge_wins),
)
HEADER_HEIGHT = 78
ROW_HEIGHT = 38
HOUR_WIDTH = 120
SIZE = fonts.TINY - 2


def listed_hours(
    rows: Sequence[Hour], opening: Sequence[str] = (), now: int | None = None
) -> list[int]:
    """The hours of the day the table lists: each that counted anything, each of the opening
    hours, and `now` (the hour on the clock, for today)."""
    listed = {hour for hour, row in enumerate(rows) if any(of(row) for _k, _w, of in COLUMNS)}
    if opening:
        first, last = minutes(opening[0]) // 60, (minutes(opening[1]) - 1) // 60
        listed |= set(range(first, last + 1))
    if now is not None:
        listed.add(now)
    return sorted(listed)


def rows_that_fit(rect: pygame.Rect) -> int:
    """How many hours the table shows at once in `rect` (besides its heading and total)."""
    return max(1, (rect.height - HEADER_HEIGHT - ROW_HEIGHT - 16) // ROW_HEIGHT)


def draw_hour_table(
    canvas: pygame.Surface,
    rect: pygame.Rect,
    rows: Sequence[Hour],
    hours: Sequence[int],
    now: int | None = None,
) -> None:
    """The table of `rows[h]` for each hour h of `hours` (those that fit), then the total of every
    hour of `rows`; `now`: the hour to mark as the present one."""
    draw_panel(canvas, rect, PAPER, radius=20, shadow=6)
    width = (rect.width - HOUR_WIDTH - 24) // len(COLUMNS)
    left = rect.left + 12 + HOUR_WIDTH
    top = rect.top + 10
    fonts.blit_text(canvas, _("Hour"), SIZE, INK, "bottomleft",
                    (rect.left + 24, top + HEADER_HEIGHT - 12), bold=True)  # fmt: skip
    for i, (_key, words, _of) in enumerate(COLUMNS):
        room = width - 14  # (a gap before the column to the left)
        heading = _(words)  # one line, a little smaller if need be; else two
        size = fonts.fit(heading, SIZE - 2, room, True, fonts.TINY - 10)
        lines = [heading]
        if fonts.measure(heading, size, True)[0] > room:
            lines = fonts.wrap(heading, SIZE - 2, room, bold=True)[:2]
            size = min(fonts.fit(line, SIZE - 2, room, True, fonts.TINY - 12) for line in lines)
        bottom = top + HEADER_HEIGHT - 12
        for j, line in enumerate(reversed(lines)):
            at = (left + i * width + width - 10, bottom - j * fonts.line_height(size, True))
            fonts.blit_text(canvas, line, size, INK, "bottomright", at, bold=True)
    y = top + HEADER_HEIGHT
    pygame.draw.line(canvas, INK, (rect.left + 12, y), (rect.right - 12, y), 3)
    for index, hour in enumerate(hours[: rows_that_fit(rect)]):
        band = pygame.Rect(rect.left + 8, y, rect.width - 16, ROW_HEIGHT)
        if hour == now:
            pygame.draw.rect(canvas, lighter(ACCENT, 0.75), band, border_radius=8)
        elif index % 2:
            pygame.draw.rect(canvas, lighter(MUTED, 0.85), band, border_radius=8)
        _draw_row(canvas, f"{hour:02d}:00", rows[hour], rect.left + 24, left, width, band.centery,
                  INK, bold=False)  # fmt: skip
        y += ROW_HEIGHT
    pygame.draw.line(canvas, INK, (rect.left + 12, y + 4), (rect.right - 12, y + 4), 3)
    _draw_row(canvas, _("Total"), total(list(rows)), rect.left + 24, left, width,
              y + 8 + ROW_HEIGHT // 2, INK, bold=True)  # fmt: skip


def _draw_row(
    canvas: pygame.Surface,
    label: str,
    row: Hour,
    label_left: int,
    left: int,
    width: int,
    middle: int,
    colour: tuple[int, int, int],
    bold: bool,
) -> None:
    fonts.blit_text(canvas, label, SIZE, colour, "midleft", (label_left, middle), bold=bold)
    for i, (_key, _words, of) in enumerate(COLUMNS):
        value = of(row)
        shade = colour if value else MUTED
        at = (left + i * width + width - 10, middle)
        fonts.blit_text(canvas, str(value), SIZE, shade, "midright", at, bold=bold)
