"""`RulesCard` and `RulesCardView`: a game's rules card (the turn's choices and the scoring, in a
few lines) one click away on the board, behind the top bar's Rules button, without leaving the
game. A board that has one names it in its class (`BoardScene.rules_card`); its words live in
the game's own package."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes.kit import fonts
from scenes.kit.drawn_boxes import note_opened
from scenes.kit.i18n import _
from scenes.kit.palette import INK, MUTED, PAPER
from scenes.kit.widgets import draw_panel

CARD = pygame.Rect(1016, 126, 880, 760)
PADDING = 32


@dataclass(frozen=True)
class RulesSection:
    """A heading and its lines (marked for translation with `N_`)."""

    heading: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class RulesCard:
    """A game's rules card: its sections, in order."""

    sections: tuple[RulesSection, ...]


class RulesCardView:
    """Whether the rules card is open, and how it is drawn."""

    def __init__(self) -> None:
        self.open = False

    def toggle(self) -> None:
        self.open = not self.open

    def draw(self, canvas: pygame.Surface, card: RulesCard) -> None:
        """The card in its popover, the words as large as fit."""
        if not self.open:
            return
        size, rows = _layout(card, fonts.TINY)
        height = sum(step for _kind, _words, step in rows) + 2 * PADDING + 60
        rect = CARD.copy()
        rect.height = min(CARD.height, height)
        note_opened(canvas, rect)
        draw_panel(canvas, rect, PAPER, radius=24, shadow=12)
        x, y = rect.left + PADDING, rect.top + 20
        fonts.blit_text(canvas, _("Rules card"), fonts.SMALL, INK, "topleft", (x, y), bold=True)
        y += 60
        for kind, words, step in rows:
            if kind == "heading":
                fonts.blit_text(canvas, words, size, INK, "topleft", (x, y + 6), bold=True)
            elif kind == "first":
                dot = (x + 12, y + fonts.line_height(size) // 2)
                pygame.draw.circle(canvas, MUTED, dot, max(3, size // 8))
                fonts.blit_text(canvas, words, size, INK, "topleft", (x + 32, y))
            else:
                fonts.blit_text(canvas, words, size, INK, "topleft", (x + 32, y))
            y += step


def _layout(card: RulesCard, size: int) -> tuple[int, list[tuple[str, str, int]]]:
    """The size the card's words are drawn at (from `size` down, until they fit the popover)
    and its rows: (kind, words, the step to the next row)."""
    width = CARD.width - 2 * PADDING - 32
    room = CARD.height - 2 * PADDING - 60
    while True:
        line = fonts.line_height(size)
        rows: list[tuple[str, str, int]] = []
        for section in card.sections:
            rows.append(("heading", _(section.heading), line + 14))
            for words in section.lines:
                wrapped = fonts.wrap(_(words), size, width)
                rows += [
                    ("first" if i == 0 else "more", part, line) for i, part in enumerate(wrapped)
                ]
                rows[-1] = (rows[-1][0], rows[-1][1], line + 8)
        if sum(step for _kind, _words, step in rows) <= room or size <= fonts.TINY - 8:
            return size, rows
        size -= 2
