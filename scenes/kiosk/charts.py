"""Small bar charts of the operator screen: one figure over the 24 hours of a day."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from scenes.kit import fonts
from scenes.kit.colour import lighter
from scenes.kit.i18n import _
from scenes.kit.palette import ACCENT, INK, MUTED, PAPER, RGB
from scenes.kit.widgets import draw_panel


def draw_hour_chart(
    canvas: pygame.Surface,
    rect: pygame.Rect,
    title: str,
    values: Sequence[float],
    summary: str,
    colour: RGB = ACCENT,
    show: Callable[[float], str] = lambda v: f"{v:g}",
    now: int | None = None,
) -> None:
    """`values[h]` for each hour h of the day as bars in `rect`, with `title`, the highest value
    and `summary` (the day's total or average); `now`: the hour to mark as the present one."""
    draw_panel(canvas, rect, PAPER, radius=20, shadow=6)
    fonts.blit_text(canvas, title, fonts.TINY, INK, "topleft", (rect.left + 18, rect.top + 12),
                    bold=True)  # fmt: skip
    fonts.blit_text(canvas, summary, fonts.TINY, INK, "topright",
                    (rect.right - 18, rect.top + 12), bold=True)  # fmt: skip
    plot = pygame.Rect(rect.left + 18, rect.top + 58, rect.width - 36, rect.height - 100)
    highest = max(values, default=0)
    pygame.draw.line(canvas, lighter(MUTED, 0.5), plot.bottomleft, plot.bottomright, 2)
    step = plot.width / 24
    for hour, value in enumerate(values):
        left = round(plot.left + hour * step + 1)
        width = max(2, round(step) - 3)
        if hour == now:
            mark = pygame.Rect(left - 1, plot.top, width + 2, plot.height)
            pygame.draw.rect(canvas, lighter(ACCENT, 0.75), mark)
        if value > 0 and highest > 0:
            height = max(3, round(plot.height * value / highest))
            pygame.draw.rect(canvas, colour, (left, plot.bottom - height, width, height))
    for hour in (0, 6, 12, 18):
        fonts.blit_text(canvas, f"{hour:02d}", fonts.TINY - 8, MUTED, "midtop",
                        (round(plot.left + (hour + 0.5) * step), plot.bottom + 4))  # fmt: skip
    if highest > 0:
        # TRANSLATORS: the highest value of an hour on a small chart ("max 12")
        most = _("max {value}").format(value=show(highest))
        fonts.blit_text(canvas, most, fonts.TINY - 8, MUTED, "topright",
                        (plot.right, plot.top - 4))  # fmt: skip
