"""`MoveLogView`: the move log as drawn, in the board's own corner or in a popover behind the
Moves button: newest entry at the bottom, long entries wrapped, the wheel scrolls it back."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import pygame

from scenes.boards.history import LogLine
from scenes.canvas import kept
from scenes.kit import fonts
from scenes.kit.drawn_boxes import note_opened
from scenes.kit.i18n import _
from scenes.kit.palette import INK, MUTED, PAPER, SeatColour
from scenes.kit.pictures import picture
from scenes.kit.widgets import draw_mark, draw_panel

LOG_POPOVER = pygame.Rect(1296, 126, 600, 640)
LOG_LINE = 40
#: the step to a wrapped entry's next row: closer than to the next entry, so an entry reads as one
LOG_WRAP = 31
#: the face of the log's rows (size, bold)
LOG_FACE = (fonts.TINY - 6, False)


class MoveLogView:
    """Where the move log is scrolled to, and whether its popover is open."""

    def __init__(self) -> None:
        self.open = False
        self.scroll = 0  # lines scrolled up from the newest

    def toggle(self) -> None:
        self.open = not self.open
        self.scroll = 0

    def wheel(self, lines: int) -> None:
        self.scroll = max(0, self.scroll + lines)

    def draw(
        self,
        canvas: pygame.Surface,
        log: Sequence[LogLine],
        colours: Sequence[SeatColour],
        corner: pygame.Rect | None,
    ) -> None:
        """The log in the board's `corner`, or in the popover when it is open (else nowhere)."""
        if corner is not None:
            self.draw_rows(canvas, log, colours, corner.inflate(-40, -100).move(0, 30))
        elif self.open:
            note_opened(canvas, LOG_POPOVER)
            draw_panel(canvas, LOG_POPOVER, PAPER, radius=24, shadow=12)
            fonts.blit_text(
                canvas, _("Moves"), fonts.SMALL, INK, "topleft",
                (LOG_POPOVER.left + 28, LOG_POPOVER.top + 20), bold=True,
            )  # fmt: skip
            self.draw_rows(canvas, log, colours, LOG_POPOVER.inflate(-40, -100).move(0, 30))

    def draw_rows(
        self,
        canvas: pygame.Surface,
        log: Sequence[LogLine],
        colours: Sequence[SeatColour],
        rect: pygame.Rect,
    ) -> None:
        """The move log in `rect`, newest entry at the bottom, long entries wrapped; the wheel
        scrolls it back."""
        key = (MoveLogView, tuple(log), tuple(colours), tuple(rect), self.scroll)
        draw = partial(self._draw_rows, log=log, colours=colours, rect=rect)
        self.scroll = kept(canvas, key, draw)

    def _draw_rows(
        self,
        canvas: pygame.Surface,
        log: Sequence[LogLine],
        colours: Sequence[SeatColour],
        rect: pygame.Rect,
    ) -> int:
        """`draw_rows`' drawing; the scroll it was held to."""
        size = LOG_FACE[0]
        rows: list[tuple[LogLine, str, bool]] = []  # (entry, text of the row, first row of it)
        for line in log:
            indent = (32 if line.seat is not None else 0) + (38 if line.icon else 0)
            wrapped = fonts.wrap(line.text, size, rect.width - indent)
            rows += [(line, part, index == 0) for index, part in enumerate(wrapped)]
        steps = [LOG_LINE if first else LOG_WRAP for _, _, first in rows]
        fit_from_top = rows_fitting(steps, 0, 1, rect.height)
        self.scroll = min(self.scroll, max(0, len(rows) - fit_from_top))
        end = len(rows) - self.scroll
        start = end - rows_fitting(steps, end - 1, -1, rect.height)
        while start < end - 1 and not rows[start][2]:
            start += 1  # an entry is shown whole or not at all: no row without its first
        shown = rows[start:end]
        y = rect.top
        for index, (line, text, first) in enumerate(shown):
            if index:
                y += LOG_LINE if first else LOG_WRAP
            x = rect.left
            if line.seat is not None:
                if first:
                    seat_colour = colours[line.seat]
                    centre = (x + 12, y + LOG_LINE // 2 - 2)
                    draw_mark(canvas, seat_colour.mark, centre, 11, seat_colour.rgb)
                x += 32
            if line.icon:
                if first:
                    canvas.blit(picture(line.icon, (32, 32)), (x, y + 2))
                x += 38
            colour = INK if line.seat is not None else MUTED
            fonts.blit_text(canvas, text, size, colour, "topleft", (x, y + 6))
        if self.scroll:
            newer = _("▼ newer below")
            fonts.blit_text(canvas, newer, size, MUTED, "bottomright", rect.bottomright)
        return self.scroll


def rows_fitting(steps: list[int], start: int, direction: int, height: int) -> int:
    """How many rows, from index `start` going `direction` (1 or -1), fit in `height` given each
    row's step; at least one when there is a row."""
    count, used, index = 0, 0, start
    while 0 <= index < len(steps) and (count == 0 or used + steps[index] <= height):
        used += steps[index]
        count += 1
        index += direction
    return count
