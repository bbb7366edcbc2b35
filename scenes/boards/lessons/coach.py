"""What a lesson draws over the real board besides its callouts (`scenes.kit.callout`: the glow
on what to use, the note pointing at what happened): its own top bar (the goal, the steps) and
the last screen. Everything here draws only; the lesson scene decides."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from scenes.boards.layers import TOP_BAR
from scenes.kit import fonts
from scenes.kit.drawn_boxes import note_cover
from scenes.kit.palette import ACCENT, INK, MUTED, PAPER, WHITE
from scenes.kit.text_fit import fit_lines
from scenes.kit.widgets import Button, draw_panel

GOAL_LEFT, GOAL_RIGHT = 412, 1700  # the goal stands between Back and Skip


def top_bar(
    canvas: pygame.Surface, goal: str, step: int, steps: int, buttons: Sequence[Button]
) -> None:
    """The lesson's bar over the board's own: its buttons, the goal (up to two lines) and a
    dot per step (the current one filled)."""
    canvas.fill(INK, TOP_BAR)
    note_cover(canvas, TOP_BAR)
    for button in buttons:
        button.draw(canvas)
    width = GOAL_RIGHT - GOAL_LEFT
    size = fonts.SMALL
    lines = fonts.wrap(goal, size, width, bold=True)
    while (len(lines) > 2 or (len(lines) == 2 and size > fonts.SMALL - 4)) and size > fonts.TINY:
        size -= 2
        lines = fonts.wrap(goal, size, width, bold=True)
    if len(lines) > 2:  # (large text) smaller still, rather than a line left out
        lines, size = fit_lines(goal, size, width, 2, bold=True)
    step_y = round(size * 1.12)
    y = (TOP_BAR.height - 18 - step_y * len(lines[:2])) // 2 + 2
    middle = (GOAL_LEFT + GOAL_RIGHT) // 2
    for line in lines[:2]:
        fonts.blit_text(canvas, line, size, WHITE, "midtop", (middle, y), bold=True)
        y += step_y
    left = middle - (steps - 1) * 14
    for index in range(steps):
        centre = (left + index * 28, TOP_BAR.bottom - 11)
        pygame.draw.circle(canvas, ACCENT if index == step else PAPER, centre, 7)
        if index > step:
            pygame.draw.circle(canvas, MUTED, centre, 7)


def last_screen(
    canvas: pygame.Surface, panel: pygame.Rect, title: str, words: str, buttons: Sequence[Button]
) -> None:
    """The lesson's end over a veiled board: what was learnt, and where to go next."""
    veil = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
    veil.fill((*INK, 130))
    canvas.blit(veil, (0, 0))
    draw_panel(canvas, panel, PAPER, radius=36, shadow=16)
    size = fonts.fit(title, fonts.HEADING, panel.width - 80, bold=True)
    fonts.blit_text(canvas, title, size, INK, "midtop", (panel.centerx, panel.top + 36), True)
    area = pygame.Rect(panel.left + 70, panel.top + 150, panel.width - 140, 200)
    fonts.blit_paragraph(canvas, words, fonts.SMALL, INK, area, 1.2, smallest=fonts.TINY - 6)
    for button in buttons:
        button.draw(canvas)
