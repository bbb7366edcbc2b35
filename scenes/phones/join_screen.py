"""The codes to join by phone: one QR code per person's seat with the address under it, which
seats have joined, and how many devices are connected. Pushed over the setup screen."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from scenes.kit import fonts
from scenes.kit.i18n import L_, _, ngettext
from scenes.kit.palette import GOOD, INK, MUTED, PAPER, SeatColour
from scenes.kit.text_fit import fit_lines
from scenes.kit.widgets import Button, draw_mark, draw_panel
from scenes.manager import Scene
from scenes.phones.marks import draw_phone_mark
from scenes.phones.qr import qr_surface
from scenes.services import AppServices


class CodesTable(Protocol):
    """The phone table whose codes the screen shows (`scenes.phones.host.PhoneTable`)."""

    @property
    def joined_count(self) -> int: ...
    def row_joined(self, row: int) -> bool: ...
    def url(self, row: int) -> str: ...
    def url_lines(self, row: int) -> tuple[str, str]: ...


PANEL = pygame.Rect(40, 40, 1840, 1000)


class JoinScene(Scene):
    """Shows the table's codes; Done (or Escape, or a click outside) goes back to the setup
    (or the board)."""

    name = "phones"
    overlay = True

    def __init__(
        self,
        app: AppServices,
        table: CodesTable,
        rows: Sequence[tuple[int, str, SeatColour | None]],
        continued: bool = False,
    ) -> None:
        """`rows`: (setup row, name, colour (name, rgb, mark)) of each person's seat (colour None:
        decided when the game starts, by who opens);
        `continued`: a saved game goes on (the codes are new: the phones scan again)."""
        self.app = app
        self.table = table
        self.rows = rows
        self.continued = continued
        self.done_button = Button(
            (PANEL.centerx - 200, PANEL.bottom - 130, 400, 104), L_("Done"), self.close
        )
        self._codes: dict[int, pygame.Surface] = {}
        self._shown: tuple[tuple[bool, ...], int] | None = None
        self._closed = False

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        return {self.done_button.key: self.done_button.rect}

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self.app.manager.pop()

    def _state(self) -> tuple[tuple[bool, ...], int]:
        joined = tuple(self.table.row_joined(row[0]) for row in self.rows)
        return joined, self.table.joined_count

    @property
    def animating(self) -> bool:
        """Redrawn when a phone joins or leaves (the loop wakes for phone messages)."""
        return self._state() != self._shown

    def handle(self, event: pygame.event.Event) -> bool:
        if self.done_button.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.close()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)  # keys: the focus

    def _code(self, row: int, size: int) -> pygame.Surface:
        if row not in self._codes:
            self._codes[row] = qr_surface(self.table.url(row), size)
        return self._codes[row]

    def draw(self, canvas: pygame.Surface) -> None:
        self._shown = self._state()
        veil = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
        veil.fill((*INK, 140))
        canvas.blit(veil, (0, 0))
        draw_panel(canvas, PANEL, PAPER, radius=32, shadow=14)
        centre = PANEL.centerx
        title = _("Hands on phones")
        fonts.blit_text(canvas, title, fonts.HEADING, INK, "midtop", (centre, PANEL.top + 26), True)
        how = (
            _(
                "The game goes on: each person who played on a phone scans their new code. "
                "Phones must be on the same Wi-Fi as this computer."
            )
            if self.continued
            else _(
                "Each person scans their own code with their phone's camera. Phones must be on "
                "the same Wi-Fi as this computer."
            )
        )
        fonts.blit_text(
            canvas,
            how,
            fonts.fit(how, fonts.TINY, PANEL.width - 80),
            MUTED,
            "midtop",
            (centre, PANEL.top + 124),
        )
        count = len(self.rows)
        column = (PANEL.width - 80) // max(1, count)
        size = min(440, column - 60)
        for index, (row, name, colour) in enumerate(self.rows):
            x = PANEL.left + 40 + column * index + column // 2
            top = PANEL.top + 190
            if colour is None:  # (a colour that would change when who opens is drawn)
                said = _("{name} (colour decided at the start)").format(name=name)
                size_said = fonts.fit(said, fonts.SMALL, column - 30, bold=True)
                fonts.blit_text(canvas, said, size_said, INK, "midtop", (x, top), bold=True)
            else:
                _colour_name, rgb, mark = colour
                draw_mark(canvas, mark, (x - fonts.font(fonts.SMALL, True).size(name)[0] // 2 - 30,
                                         top + 24), 18, rgb)  # fmt: skip
                fonts.blit_text(canvas, name, fonts.SMALL, INK, "midtop", (x, top), bold=True)
            code = self._code(row, size)
            rect = code.get_rect(midtop=(x, top + 64))
            canvas.blit(code, rect)
            joined = self.table.row_joined(row)
            words = _("Joined") if joined else _("Waiting for a phone…")
            y = rect.bottom + 16
            if joined:
                draw_phone_mark(canvas, (x - 100, y + 22), 40, GOOD)
            fonts.blit_text(
                canvas, words, fonts.SMALL, GOOD if joined else MUTED, "midtop", (x, y), bold=joined
            )
            for line, text in enumerate(self.table.url_lines(row)):
                letters = fonts.fit(text, fonts.TINY - 4, column - 30)
                fonts.blit_text(canvas, text, letters, MUTED, "midtop", (x, y + 56 + line * 34))
        connected = self.table.joined_count
        tip = ngettext(
            "{count} device joined. Nothing opens? The network may keep devices apart (guest "
            "Wi-Fi): use a phone's hotspot or another network.",
            "{count} devices joined. Nothing opens? The network may keep devices apart (guest "
            "Wi-Fi): use a phone's hotspot or another network.",
            connected,
        ).format(count=connected)
        lines, size = fit_lines(tip, fonts.TINY - 4, PANEL.width - 80, 2)  # (2: large text)
        bottom = self.done_button.rect.top - 16
        for said in reversed(lines):
            bottom = fonts.blit_text(canvas, said, size, INK, "midbottom", (centre, bottom)).top
        self.done_button.draw(canvas)
