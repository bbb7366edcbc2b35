"""The diagrams of the Whose Foods how-to-play pages, each painting a position the engine made
(`positions`). A diagram is `draw(surface, area)`: it draws inside `area` and changes nothing
else."""

from __future__ import annotations

import pygame

from game.core.grid import SQUARES, square_name
from game.whose_foods import PIECE_NAMES, EffectKind
from scenes.boards.whose_foods import positions
from scenes.kit import fonts
from scenes.kit import rules_drawing as drawing
from scenes.kit.colour import lighter
from scenes.kit.i18n import N_, _, join_squares, ngettext
from scenes.kit.palette import ACCENT, ACCENT_DARK, BAD, GOOD, INK, MUTED
from scenes.kit.pictures import picture

#: a piece as the notes name it (its notation is for the developers)
PIECE_WORDS = {
    "LD": N_("the large dog"),
    "LC": N_("the large cat"),
    "LF": N_("the large can"),
    "SD": N_("the small dog"),
    "SC": N_("the small cat"),
    "SF": N_("the small can"),
}


def describe_line(squares: tuple[str, ...]) -> str:
    """`row 1`, `column c`, or `a1 b2 c3` for a diagonal (in the language shown)."""
    if len({name[1] for name in squares}) == 1:
        return _("row {row}").format(row=squares[0][1])
    if len({name[0] for name in squares}) == 1:
        return _("column {column}").format(column=squares[0][0])
    return join_squares(squares)


def count_words(kind: str, count: int) -> str:
    """ "3 dogs", "1 cat", "6 cans" (kind: dog, cat or can)."""
    if kind == "dog":
        words = ngettext("{count} dog", "{count} dogs", count)
    elif kind == "cat":
        words = ngettext("{count} cat", "{count} cats", count)
    else:
        words = ngettext("{count} can", "{count} cans", count)
    return words.format(count=count)


_PIECE_ART = {"D": "piece_dog", "C": "piece_cat", "F": "piece_can"}


def draw_piece(surface: pygame.Surface, name: str, cell: pygame.Rect) -> None:
    """A Whose Foods piece (`LD`, `SC`, ...) in a square: large pieces fill it, small ones less."""
    side = round(cell.width * (0.86 if name[0] == "L" else 0.56))
    image = picture(_PIECE_ART[name[1]], (side, side))
    surface.blit(image, image.get_rect(center=cell.center))


def _board(surface: pygame.Surface, area: pygame.Rect, state: object) -> drawing.Square:
    square = drawing.board(surface, area)
    for sq in SQUARES:
        top, under = state.piece_at(sq)  # type: ignore[attr-defined]
        for piece in (under, top):
            if piece >= 0:
                draw_piece(surface, PIECE_NAMES[piece], square(square_name(sq)))
    return square


def pieces(surface: pygame.Surface, area: pygame.Rect) -> None:
    counts = positions.pieces()
    cell = 130
    for row, (size, kinds) in enumerate((("L", counts.large), ("S", counts.small))):
        top = area.top + 20 + row * 250
        title = _("Large") if size == "L" else _("Small")
        fonts.blit_text(
            surface, title, fonts.BODY - 6, INK, "midleft", (area.left + 20, top + 65), bold=True
        )
        for i, (kind, code) in enumerate(positions.KINDS):
            rect = pygame.Rect(area.left + 200 + i * 180, top, cell, cell)
            draw_piece(surface, size + code, rect)
            count = kinds[kind]
            words = count_words(kind, count)
            drawing.caption(surface, words, (rect.centerx, rect.bottom + 12))


def placing(surface: pygame.Surface, area: pygame.Rect) -> None:
    shown = positions.placing()
    square = _board(surface, drawing.board_area(area), shown.state)
    drawing.ring(surface, square(shown.placed_square), GOOD)
    drawing.ring(surface, square(shown.refused_square), BAD)
    drawing.notes(
        surface,
        area,
        (
            (_("{square}: a small dog on a large can").format(square=shown.placed_square), GOOD),
            (
                _("{square}: nothing goes on a small piece").format(square=shown.refused_square),
                BAD,
            ),
        ),
    )


def effects(surface: pygame.Surface, area: pygame.Rect) -> None:
    shown = positions.effects()
    square = _board(surface, drawing.board_area(area), shown.state)
    trio = EffectKind.TRIO_ILLUSTRATION
    sandwich = EffectKind.SANDWICH
    drawing.line_through(surface, [square(n) for n in shown.line(sandwich)], ACCENT)
    for name in shown.squares(trio):
        drawing.ring(surface, square(name), GOOD)
    for name in shown.squares(sandwich):
        drawing.ring(surface, square(name), ACCENT)
    drawing.notes(
        surface,
        area,
        (
            (
                _("{line}: a trio of cats, all three captured").format(
                    line=describe_line(shown.line(trio))
                ),
                GOOD,
            ),
            (
                _("{line}: a sandwich, the can is captured").format(
                    line=describe_line(shown.line(sandwich))
                ),
                ACCENT_DARK,
            ),
        ),
    )


def losing(surface: pygame.Surface, area: pygame.Rect) -> None:
    shown = positions.losing()
    square = _board(surface, drawing.board_area(area), shown.state)
    for name in shown.captured:
        if name not in shown.line:
            pygame.draw.rect(surface, lighter(MUTED, 0.4), square(name).inflate(-30, -30), 5, 12)
    drawing.line_through(surface, [square(n) for n in shown.line], BAD)
    for name in shown.line:
        drawing.ring(surface, square(name), BAD)
    piece, at = shown.placed.split()
    drawing.notes(
        surface,
        area,
        (
            (
                _("{piece} on {square}: a trio by size, {squares} captured").format(
                    piece=_(PIECE_WORDS[piece]), square=at, squares=join_squares(shown.captured)
                ),
                ACCENT_DARK,
            ),
            (
                _("{square} shows a can: three cans in a line, you lose").format(
                    square=shown.uncovered[0]
                ),
                BAD,
            ),
        ),
    )


def four(surface: pygame.Surface, area: pygame.Rect) -> None:
    shown = positions.four()
    square = _board(surface, drawing.board_area(area), shown.state)
    drawing.line_through(surface, [square(n) for n in shown.line], BAD)
    for name in shown.line:
        drawing.ring(surface, square(name), BAD)
    piece, at = shown.placed.split()
    drawing.notes(
        surface,
        area,
        (
            (
                _("{piece} on {square}: four dogs in {line}, you lose").format(
                    piece=_(PIECE_WORDS[piece]), square=at, line=describe_line(shown.line)
                ),
                BAD,
            ),
            (_("Three in a line capture; four in a line lose"), INK),
        ),
    )


def points(surface: pygame.Surface, area: pygame.Rect) -> None:
    values = positions.points()
    rows = (
        ("piece_dog", N_("captured dog or cat"), values.animal),
        ("piece_can", N_("captured can"), values.can),
        ("piece_can", N_("can left in your hand"), values.can_in_hand),
    )
    y = area.top + 50
    for art, words, points in rows:
        surface.blit(picture(art, (120, 120)), (area.left + 40, y))
        fonts.blit_text(surface, _(words), fonts.SMALL, INK, "midleft", (area.left + 190, y + 60))
        colour = GOOD if points > 0 else BAD
        fonts.blit_text(
            surface,
            drawing.signed(points),
            fonts.HEADING,
            colour,
            "midright",
            (area.right - 30, y + 62),
        )
        y += 160
