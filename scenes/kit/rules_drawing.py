"""What every game's how-to-play pages are made of: `Page`, the drawing their diagrams share
(boards, rings, arrows, notes, captions; everything draws inside the rect it is given) and
`WrongPicture`, for a picture the engine does not agree with. Each game's pages, diagrams and
positions live in its board package (`scenes/boards/<game>/pages.py`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pygame

from game.core.engine import IllegalMove
from game.core.grid import FILES, SIZE
from scenes.kit import fonts
from scenes.kit.colour import lighter
from scenes.kit.palette import ACCENT, INK, MUTED, RGB, TABLE

Square = Callable[[str], pygame.Rect]
#: a page's picture: `draw(surface, area)` draws inside `area` and changes nothing else
Diagram = Callable[[pygame.Surface, pygame.Rect], None]

#: the smallest text of a diagram (captions, square names)
CAPTION = fonts.TINY
NOTE = fonts.SMALL - 4
NOTE_STEP = 38
#: the smallest a note is made to fit its diagram's width (below CAPTION only at the large size)
NOTE_SMALLEST = fonts.TINY - 8


def board(
    surface: pygame.Surface, area: pygame.Rect, names: bool = True, colour: RGB = TABLE
) -> Square:
    """A 4x4 board as large as fits in `area` (with room for a1..d4 names); square name -> rect."""
    margin = 44 if names else 0
    cell = min((area.width - margin - 16) // SIZE, (area.height - margin - 16) // SIZE)
    grid = pygame.Rect(0, 0, cell * SIZE, cell * SIZE)
    grid.center = (area.centerx + margin // 2, area.centery - margin // 2)
    pygame.draw.rect(surface, lighter(colour, 0.35), grid.inflate(16, 16), border_radius=14)
    pygame.draw.rect(surface, INK, grid.inflate(16, 16), 4, border_radius=14)

    def square(name: str) -> pygame.Rect:
        column, row = FILES.index(name[0]), int(name[1]) - 1
        return pygame.Rect(grid.left + column * cell, grid.bottom - (row + 1) * cell, cell, cell)

    for column in range(SIZE):
        for row in range(SIZE):
            rect = square(f"{FILES[column]}{row + 1}")
            shade = lighter(colour, 0.55 if (column + row) % 2 else 0.45)
            pygame.draw.rect(surface, shade, rect.inflate(-4, -4), border_radius=8)
    if names:
        for column in range(SIZE):
            at = (square(f"{FILES[column]}1").centerx, grid.bottom + 12)
            fonts.blit_text(surface, FILES[column], CAPTION, MUTED, "midtop", at, bold=True)
        for row in range(SIZE):
            at = (grid.left - 14, square(f"a{row + 1}").centery)
            fonts.blit_text(surface, str(row + 1), CAPTION, MUTED, "midright", at, bold=True)
    return square


def board_area(area: pygame.Rect, notes: int = 2) -> pygame.Rect:
    """The part of a diagram's area left for a board above `notes` lines of notes."""
    return pygame.Rect(area.left, area.top + 8, area.width, area.height - 16 - NOTE_STEP * notes)


def ring(surface: pygame.Surface, cell: pygame.Rect, colour: RGB, width: int = 7) -> None:
    pygame.draw.rect(surface, colour, cell.inflate(-2, -2), width, border_radius=14)


def line_through(surface: pygame.Surface, cells: Iterable[pygame.Rect], colour: RGB) -> None:
    """A thick line from the first cell's centre to the last one's."""
    centres = [cell.center for cell in cells]
    pygame.draw.line(surface, INK, centres[0], centres[-1], 14)
    pygame.draw.line(surface, colour, centres[0], centres[-1], 8)


def arrow(
    surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int], colour: RGB = ACCENT
) -> None:
    """A thick arrow with an outlined head."""
    vector = pygame.Vector2(end) - pygame.Vector2(start)
    if vector.length() == 0:
        return
    direction = vector.normalize()
    side = pygame.Vector2(-direction.y, direction.x)
    tip = pygame.Vector2(end)
    base = tip - direction * 34
    pygame.draw.line(surface, INK, start, base, 16)
    pygame.draw.line(surface, colour, start, base, 9)
    head = [tip, base + side * 22, base - side * 22]
    pygame.draw.polygon(surface, colour, head)
    pygame.draw.polygon(surface, INK, head, 4)


def notes(surface: pygame.Surface, area: pygame.Rect, lines: Iterable[tuple[str, RGB]]) -> None:
    """Lines of explanation at the bottom of a diagram's area, each fitted to its width."""
    lines = list(lines)
    step = max(NOTE_STEP, fonts.line_height(NOTE, bold=True))  # (taller at the large text size)
    y = area.bottom - 8 - step * len(lines)
    for words, colour in lines:
        size = fonts.fit(words, NOTE, area.width - 20, bold=True, smallest=NOTE_SMALLEST)
        fonts.blit_text(surface, words, size, colour, "midtop", (area.centerx, y), bold=True)
        y += step


def caption(surface: pygame.Surface, words: str, at: tuple[int, int], colour: RGB = INK) -> None:
    fonts.blit_text(surface, words, CAPTION, colour, "midtop", at, bold=True)


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0"


@dataclass(frozen=True)
class Page:
    """One page of a game's how-to-play."""

    title: str
    text: str
    rules: tuple[str, ...]  #: the rule ids the page covers (not shown on screen)
    diagram: Diagram


def rule_range(prefix: str, first: int, last: int) -> tuple[str, ...]:
    """`rule_range("XX", 1, 3)` -> ("XX-1", "XX-2", "XX-3")."""
    return tuple(f"{prefix}-{n}" for n in range(first, last + 1))


class WrongPicture(ValueError):
    """The engine does not agree with what a rules picture is meant to show."""


def refusal_of(state: object, move: str, parse: object) -> str:
    """The engine's reason for refusing `move`; WrongPicture if it would accept it."""
    try:
        parse(state, move)  # type: ignore[operator]
    except IllegalMove as error:
        return str(error)
    raise WrongPicture(f"{move!r} was meant to be refused, but the engine allows it")
