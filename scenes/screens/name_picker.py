"""The people who played here before, offered under the name being typed on the setup screen:
a click on one fills the name in (scenes/storage/players.py keeps the list)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from scenes.kit import fonts
from scenes.kit.i18n import _
from scenes.kit.palette import ACCENT, INK, MUTED, PAPER
from scenes.kit.text_fit import fit_line
from scenes.kit.widgets import draw_panel

#: names offered at once, and each one's row
SHOWN = 4
ROW = 78
HEADER = 44
WIDTH = 380
#: the canvas's bottom: a list that would pass it opens above the field instead
BOTTOM = 1060


class NamePicker:
    """The remembered names that fit what is typed, in a list beside a name field."""

    def __init__(self, names: Sequence[str]):
        #: every remembered name, the most recent first (glyphs the fonts lack are left out)
        self.names = [name for name in names if not fonts.missing_characters(name)]
        self.rows: list[tuple[pygame.Rect, str]] = []
        self.panel: pygame.Rect | None = None

    def place(self, field: pygame.Rect | None, typed: str, taken: Sequence[str]) -> None:
        """Offer, beside `field` (None: close the list), the names starting with `typed` (all
        of them when `typed` is empty) that no other seat has and that are not typed already."""
        self.rows, self.panel = [], None
        if field is None:
            return
        start = typed.strip().casefold()
        offered = [
            name
            for name in self.names
            if name not in taken and name != typed and name.casefold().startswith(start)
        ][:SHOWN]
        if not offered:
            return
        height = HEADER + ROW * len(offered) + 10
        top = field.bottom + 8 if field.bottom + 8 + height <= BOTTOM else field.top - 8 - height
        self.panel = pygame.Rect(field.left, top, WIDTH, height)
        for index, name in enumerate(offered):
            rect = pygame.Rect(field.left + 8, top + HEADER + index * ROW, WIDTH - 16, ROW - 6)
            self.rows.append((rect, name))

    def pick(self, event: pygame.event.Event) -> str | None:
        """The name a press landed on, if it landed on one."""
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            for rect, name in self.rows:
                if rect.collidepoint(event.pos):
                    return name
        return None

    def covers(self, pos: tuple[int, int]) -> bool:
        return self.panel is not None and self.panel.collidepoint(pos)

    def draw(self, canvas: pygame.Surface) -> None:
        if self.panel is None:
            return
        draw_panel(canvas, self.panel, PAPER, radius=18, shadow=10)
        pygame.draw.rect(canvas, ACCENT, self.panel, 4, border_radius=18)
        header = _("Played here before")
        at = (self.panel.left + 20, self.panel.top + HEADER // 2 + 2)
        fonts.blit_text(canvas, header, fonts.TINY - 4, MUTED, "midleft", at, bold=True)
        for rect, name in self.rows:
            pygame.draw.rect(canvas, (255, 255, 255), rect, border_radius=12)
            pygame.draw.rect(canvas, INK, rect, 2, border_radius=12)
            shown, size = fit_line(name, fonts.BODY, rect.width - 32)
            fonts.blit_text(canvas, shown, size, INK, "midleft", (rect.left + 16, rect.centery))
