"""Drawing for the rules diagrams: boards, pieces, tiles, land and cards in kit art, with rings,
arrows and captions. Everything draws inside the rect it is given."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pygame

from game.blanc_noir.cards import CARDS
from game.core.grid import FILES, SIZE
from scenes.kit import fonts
from scenes.kit.colour import lighter
from scenes.kit.palette import ACCENT, INK, MUTED, PAPER, TABLE
from scenes.kit.pictures import picture

RGB = tuple[int, int, int]
Square = Callable[[str], pygame.Rect]

#: the smallest text of a diagram (captions, square names)
CAPTION = fonts.TINY
NOTE = fonts.SMALL - 4
NOTE_STEP = 38


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
    y = area.bottom - 8 - NOTE_STEP * len(lines)
    for words, colour in lines:
        size = fonts.fit(words, NOTE, area.width - 20, bold=True, smallest=CAPTION)
        fonts.blit_text(surface, words, size, colour, "midtop", (area.centerx, y), bold=True)
        y += NOTE_STEP


def caption(surface: pygame.Surface, words: str, at: tuple[int, int], colour: RGB = INK) -> None:
    fonts.blit_text(surface, words, CAPTION, colour, "midtop", at, bold=True)


# --- pieces, tiles, land, cards -------------------------------------------------------------------
_PIECE_ART = {"D": "piece_dog", "C": "piece_cat", "F": "piece_can"}


def piece(surface: pygame.Surface, name: str, cell: pygame.Rect) -> None:
    """A Whose Foods piece (`LD`, `SC`, ...) in a square: large pieces fill it, small ones less."""
    side = round(cell.width * (0.86 if name[0] == "L" else 0.56))
    image = picture(_PIECE_ART[name[1]], (side, side))
    surface.blit(image, image.get_rect(center=cell.center))


def tile(surface: pygame.Surface, code: str, cell: pygame.Rect, scale: float = 0.86) -> None:
    """A Consequence tile: `b` / `r` face down, or `bM`, `rS`, `bD` ... face up."""
    side = round(min(cell.width, cell.height) * scale)
    back = picture("tile_blue" if code[0] == "b" else "tile_red", (side, side))
    surface.blit(back, back.get_rect(center=cell.center))
    if len(code) > 1 and code[1] in "MSD":
        symbol = {"M": "symbol_moon", "S": "symbol_sun", "D": "symbol_dot"}[code[1]]
        image = picture(symbol, (round(side * 0.62), round(side * 0.62)))
        surface.blit(image, image.get_rect(center=cell.center))


def land(
    surface: pygame.Surface,
    area: pygame.Rect,
    colours: dict[tuple[int, int], str],
    hunter: tuple[int, int] | None,
    cell: int = 130,
) -> dict[tuple[int, int], pygame.Rect]:
    """En blanc et noir land, (x, y) -> `W` / `B` (y grows upwards), centred in `area`, at most
    `cell` pixels a square; the hunter on its square. Returns each square's rect."""
    xs = [x for x, _ in colours]
    ys = [y for _, y in colours]
    columns, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    cell = min(cell, area.width // columns, area.height // rows)
    left = area.centerx - columns * cell // 2
    top = area.centery - rows * cell // 2
    rects = {}
    for (x, y), colour in colours.items():
        rect = pygame.Rect(left + (x - min(xs)) * cell, top + (max(ys) - y) * cell, cell, cell)
        rects[(x, y)] = rect
        image = picture("land_white" if colour == "W" else "land_black", (cell - 6, cell - 6))
        surface.blit(image, rect.inflate(-6, -6))
        pygame.draw.rect(surface, INK, rect.inflate(-4, -4), 3, border_radius=6)
    if hunter is not None:
        image = picture("hunter", (round(cell * 0.7), round(cell * 0.7)))
        surface.blit(image, image.get_rect(center=rects[hunter].center))
    return rects


CARD_ASPECT = 7 / 5


def card(surface: pygame.Surface, card_id: str, rect: pygame.Rect) -> None:
    """The face of a printed card in `rect` (5:7): value, bear, and its 2x2 pattern of icons
    (own colour and other colour as filled discs), or the overlay mark."""
    face = CARDS[card_id]
    white = face.colour == "W"
    surface.blit(picture("card_white" if white else "card_black", rect.size), rect)
    ink = INK if white else PAPER
    if face.overlay:
        side = round(rect.width * 0.6)
        mark = picture("overlay_mark", (side, side))
        surface.blit(mark, mark.get_rect(center=rect.center))
        return
    size = max(CAPTION, round(rect.width * 0.3))
    fonts.blit_text(
        surface, str(face.value), size, ink, "topleft", (rect.left + 12, rect.top + 8), bold=True
    )
    if face.bear:
        side = round(rect.width * 0.32)
        icon = picture("bear_white" if white else "bear_black", (side, side))
        surface.blit(icon, (rect.right - side - 10, rect.top + 8))
    own, other = ((245, 245, 240), (40, 40, 46)) if white else ((40, 40, 46), (245, 245, 240))
    cell = rect.width // 3
    window = pygame.Rect(0, 0, cell * 2, cell * 2)
    window.center = (rect.centerx, rect.centery + rect.height // 9)
    pygame.draw.rect(surface, MUTED, window, 2)
    for row, marks in enumerate((face.pattern or "../..").split("/")):
        for column, mark in enumerate(marks):
            if mark == ".":
                continue
            centre = (window.left + column * cell + cell // 2, window.top + row * cell + cell // 2)
            pygame.draw.circle(surface, own if mark == "X" else other, centre, cell // 2 - 5)
            pygame.draw.circle(surface, ACCENT, centre, cell // 2 - 5, 3)


def card_rect(centre: tuple[int, int], width: int) -> pygame.Rect:
    rect = pygame.Rect(0, 0, width, round(width * CARD_ASPECT))
    rect.center = centre
    return rect
