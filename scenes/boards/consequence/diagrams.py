"""The diagrams of the Consequence how-to-play pages, each painting a position the engine made
(`positions`). A diagram is `draw(surface, area)`: it draws inside `area` and changes nothing
else."""

from __future__ import annotations

import pygame

from game import consequence as cq
from game.consequence.moves import TILE_CODES
from game.core.grid import SQUARES, square_name
from scenes.boards.consequence import positions
from scenes.kit import fonts
from scenes.kit import rules_drawing as drawing
from scenes.kit.colour import lighter
from scenes.kit.i18n import _, ngettext
from scenes.kit.palette import ACCENT_DARK, BAD, GOOD, INK, MUTED
from scenes.kit.pictures import picture
from scenes.kit.rules_drawing import CAPTION

#: the colour of each Consequence seat's pairs (Moon blue, Sun orange)
PAIR_COLOURS = ((46, 110, 190), ACCENT_DARK)


def draw_tile(surface: pygame.Surface, code: str, cell: pygame.Rect, scale: float = 0.86) -> None:
    """A Consequence tile: `b` / `r` face down, or `bM`, `rS`, `bD` ... face up."""
    side = round(min(cell.width, cell.height) * scale)
    back = picture("tile_blue" if code[0] == "b" else "tile_red", (side, side))
    surface.blit(back, back.get_rect(center=cell.center))
    if len(code) > 1 and code[1] in "MSD":
        symbol = {"M": "symbol_moon", "S": "symbol_sun", "D": "symbol_dot"}[code[1]]
        image = picture(symbol, (round(side * 0.62), round(side * 0.62)))
        surface.blit(image, image.get_rect(center=cell.center))


def _board(
    surface: pygame.Surface, area: pygame.Rect, state: cq.State, face_up: bool = False
) -> drawing.Square:
    square = drawing.board(surface, area)
    for sq in SQUARES:
        tile = state.tile_at(sq)
        if tile is not None:
            code = TILE_CODES[tile] if face_up else TILE_CODES[tile][0]
            draw_tile(surface, code, square(square_name(sq)))
    return square


def tiles(surface: pygame.Surface, area: pygame.Rect) -> None:
    hands = positions.hands()
    count = max(len(hands.moon), len(hands.sun))
    cell = min(96, (area.width - 40) // count)
    left = area.centerx - cell * count // 2
    top = area.top + 8
    owners = ((_("Moon: the blue tiles"), hands.moon), (_("Sun: the red tiles"), hands.sun))
    for owner, codes in owners:
        drawing.caption(surface, owner, (area.centerx, top))
        for i, code in enumerate(codes):
            draw_tile(surface, code, pygame.Rect(left + i * cell, top + 40, cell, cell), 0.92)
        top += 40 + cell + 34
    pygame.draw.line(surface, lighter(MUTED, 0.4), (area.left + 40, top), (area.right - 40, top), 2)
    top += 24
    words = fonts.text(_("On the grid, face down:"), CAPTION, INK, True)
    backs = 2 * cell + 16
    x = area.centerx - (words.get_width() + 24 + backs) // 2
    surface.blit(words, words.get_rect(midleft=(x, top + cell // 2)))
    x += words.get_width() + 24
    for colour in ("b", "r"):
        draw_tile(surface, colour, pygame.Rect(x, top, cell, cell))
        x += cell + 16


def turn(surface: pygame.Surface, area: pygame.Rect) -> None:
    shown = positions.turn()
    square = _board(surface, drawing.board_area(area), shown.state)
    src, dst = shown.squares
    drawing.arrow(surface, square(src).center, square(dst).center)
    drawing.notes(
        surface,
        area,
        [
            (line, INK)
            for line in _(
                "Move: any tile, one square,\nto an empty neighbour (diagonals too)"
            ).split("\n")
        ],
    )


def push(surface: pygame.Surface, area: pygame.Rect) -> None:
    shown = positions.push()
    room = drawing.board_area(area).inflate(-200, 0).move(-100, 0)
    square = _board(surface, room, shown.state)
    new = square(shown.square)
    draw_tile(surface, shown.code[0], new)
    drawing.ring(surface, new, GOOD)
    last = square(shown.run[-1])
    off = last.move(last.width + 70, 0)
    draw_tile(surface, shown.pushed_off[0], off, 0.7)
    above = new.top - 26
    drawing.arrow(surface, (new.centerx, above), (last.centerx, above))
    drawing.arrow(surface, (last.right - 6, last.centery), (off.left + 4, off.centery), BAD)
    receiver = _(cq.SEAT_NAMES[shown.receiver])
    words = _(
        "Place on {square} and push: the line moves on,\n"
        "the tile from {last} goes to {receiver}'s hand"
    ).format(square=shown.square, last=shown.run[-1], receiver=receiver)
    drawing.notes(surface, area, zip(words.split("\n"), (INK, BAD), strict=False))


def pairs(surface: pygame.Surface, area: pygame.Rect) -> None:
    shown = positions.finish()
    square = _board(surface, drawing.board_area(area), shown.state, face_up=True)
    for seat, pairs in enumerate(shown.pairs):
        for a, b in pairs:
            start = pygame.Vector2(square(a).center)
            end = pygame.Vector2(square(b).center)
            inner = (start.lerp(end, 0.36), start.lerp(end, 0.64))
            pygame.draw.line(surface, INK, *inner, 16)
            pygame.draw.line(surface, PAIR_COLOURS[seat], *inner, 10)
    result = shown.state.result
    assert result is not None
    lines = []
    for seat in (cq.MOON, cq.SUN):
        points = result.scores[seat]
        if seat == cq.MOON:
            words = ngettext(
                "Moon: {count} pair of moons, {count} point",
                "Moon: {count} pairs of moons, {count} points",
                points,
            )
        else:
            words = ngettext(
                "Sun: {count} pair of suns, {count} point",
                "Sun: {count} pairs of suns, {count} points",
                points,
            )
        lines.append((words.format(count=points), PAIR_COLOURS[seat]))
    drawing.notes(surface, area, lines)
