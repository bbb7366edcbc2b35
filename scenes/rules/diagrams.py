"""One diagram per rules page, each painting a position the engine made (scenes.rules.positions).

A diagram is `draw(surface, area)`: it draws inside `area` and changes nothing else.
"""

from __future__ import annotations

import pygame

from game import consequence as cq
from game.consequence.moves import TILE_CODES
from game.core.grid import SQUARES, square_name
from game.whose_foods import PIECE_NAMES, EffectKind
from scenes.kit import fonts
from scenes.kit.colour import lighter
from scenes.kit.palette import ACCENT, ACCENT_DARK, BAD, GOOD, INK, MUTED
from scenes.kit.pictures import picture
from scenes.rules import positions
from scenes.screens import rules_drawing as drawing
from scenes.screens.rules_drawing import CAPTION

#: the colour of each Consequence seat's pairs (Moon blue, Sun orange)
PAIR_COLOURS = ((46, 110, 190), ACCENT_DARK)


def describe_line(squares: tuple[str, ...]) -> str:
    """`row 1`, `column c`, or `a1 b2 c3` for a diagonal."""
    if len({name[1] for name in squares}) == 1:
        return f"row {squares[0][1]}"
    if len({name[0] for name in squares}) == 1:
        return f"column {squares[0][0]}"
    return " ".join(squares)


# --- Whose Foods ------------------------------------------------------------------------------
def _wf_board(surface: pygame.Surface, area: pygame.Rect, state: object) -> drawing.Square:
    square = drawing.board(surface, area)
    for sq in SQUARES:
        top, under = state.piece_at(sq)  # type: ignore[attr-defined]
        for piece in (under, top):
            if piece >= 0:
                drawing.piece(surface, PIECE_NAMES[piece], square(square_name(sq)))
    return square


def wf_pieces(surface: pygame.Surface, area: pygame.Rect) -> None:
    counts = positions.wf_pieces()
    names = {"dog": ("dog", "dogs"), "cat": ("cat", "cats"), "can": ("can", "cans")}
    cell = 130
    for row, (size, kinds) in enumerate((("large", counts.large), ("small", counts.small))):
        top = area.top + 20 + row * 250
        fonts.blit_text(
            surface, size.capitalize(), fonts.BODY - 6, INK, "midleft", (area.left + 20, top + 65)
        )
        for i, (kind, code) in enumerate(positions.KINDS):
            rect = pygame.Rect(area.left + 200 + i * 180, top, cell, cell)
            drawing.piece(surface, size[0].upper() + code, rect)
            count = kinds[kind]
            words = f"{count} {names[kind][count != 1]}"
            drawing.caption(surface, words, (rect.centerx, rect.bottom + 12))


def wf_placing(surface: pygame.Surface, area: pygame.Rect) -> None:
    shown = positions.wf_placing()
    square = _wf_board(surface, drawing.board_area(area), shown.state)
    drawing.ring(surface, square(shown.placed_square), GOOD)
    drawing.ring(surface, square(shown.refused_square), BAD)
    drawing.notes(
        surface,
        area,
        (
            (f"{shown.placed_square}: a small dog on a large can", GOOD),
            (f"{shown.refused_square}: nothing goes on a small piece", BAD),
        ),
    )


def wf_effects(surface: pygame.Surface, area: pygame.Rect) -> None:
    shown = positions.wf_effects()
    square = _wf_board(surface, drawing.board_area(area), shown.state)
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
            (f"{describe_line(shown.line(trio))}: a trio of cats, all three captured", GOOD),
            (
                f"{describe_line(shown.line(sandwich))}: a sandwich, the can is captured",
                ACCENT_DARK,
            ),
        ),
    )


def wf_losing(surface: pygame.Surface, area: pygame.Rect) -> None:
    shown = positions.wf_losing()
    square = _wf_board(surface, drawing.board_area(area), shown.state)
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
            (f"{piece} {at}: trio by size, {' '.join(shown.captured)} captured", ACCENT_DARK),
            (f"{shown.uncovered[0]} shows a can: three cans in a line, you lose", BAD),
        ),
    )


def wf_four(surface: pygame.Surface, area: pygame.Rect) -> None:
    shown = positions.wf_four()
    square = _wf_board(surface, drawing.board_area(area), shown.state)
    drawing.line_through(surface, [square(n) for n in shown.line], BAD)
    for name in shown.line:
        drawing.ring(surface, square(name), BAD)
    piece, at = shown.placed.split()
    drawing.notes(
        surface,
        area,
        (
            (f"{piece} {at}: four dogs in {describe_line(shown.line)}, you lose", BAD),
            ("Three in a line capture; four in a line lose", INK),
        ),
    )


def wf_points(surface: pygame.Surface, area: pygame.Rect) -> None:
    values = positions.wf_points()
    rows = (
        ("piece_dog", "captured dog or cat", values.animal),
        ("piece_can", "captured can", values.can),
        ("piece_can", "can left in your hand", values.can_in_hand),
    )
    y = area.top + 50
    for art, words, points in rows:
        surface.blit(picture(art, (120, 120)), (area.left + 40, y))
        fonts.blit_text(surface, words, fonts.SMALL, INK, "midleft", (area.left + 190, y + 60))
        colour = GOOD if points > 0 else BAD
        fonts.blit_text(
            surface, _signed(points), fonts.HEADING, colour, "midright", (area.right - 30, y + 62)
        )
        y += 160


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0"


# --- Consequence ------------------------------------------------------------------------------
def _cq_board(
    surface: pygame.Surface, area: pygame.Rect, state: cq.State, face_up: bool = False
) -> drawing.Square:
    square = drawing.board(surface, area)
    for sq in SQUARES:
        tile = state.tile_at(sq)
        if tile is not None:
            code = TILE_CODES[tile] if face_up else TILE_CODES[tile][0]
            drawing.tile(surface, code, square(square_name(sq)))
    return square


def cq_tiles(surface: pygame.Surface, area: pygame.Rect) -> None:
    hands = positions.cq_hands()
    count = max(len(hands.moon), len(hands.sun))
    cell = min(96, (area.width - 40) // count)
    left = area.centerx - cell * count // 2
    top = area.top + 8
    for owner, codes in (("Moon: the blue tiles", hands.moon), ("Sun: the red tiles", hands.sun)):
        drawing.caption(surface, owner, (area.centerx, top))
        for i, code in enumerate(codes):
            drawing.tile(surface, code, pygame.Rect(left + i * cell, top + 40, cell, cell), 0.92)
        top += 40 + cell + 34
    pygame.draw.line(surface, lighter(MUTED, 0.4), (area.left + 40, top), (area.right - 40, top), 2)
    top += 24
    words = fonts.text("On the grid, face down:", CAPTION, INK, True)
    backs = 2 * cell + 16
    x = area.centerx - (words.get_width() + 24 + backs) // 2
    surface.blit(words, words.get_rect(midleft=(x, top + cell // 2)))
    x += words.get_width() + 24
    for colour in ("b", "r"):
        drawing.tile(surface, colour, pygame.Rect(x, top, cell, cell))
        x += cell + 16


def cq_turn(surface: pygame.Surface, area: pygame.Rect) -> None:
    shown = positions.cq_turn()
    square = _cq_board(surface, drawing.board_area(area), shown.state)
    src, dst = shown.squares
    drawing.arrow(surface, square(src).center, square(dst).center)
    drawing.notes(
        surface,
        area,
        (("Move: any tile, one square,", INK), ("to an empty neighbour (diagonals too)", INK)),
    )


def cq_push(surface: pygame.Surface, area: pygame.Rect) -> None:
    shown = positions.cq_push()
    room = drawing.board_area(area).inflate(-200, 0).move(-100, 0)
    square = _cq_board(surface, room, shown.state)
    new = square(shown.square)
    drawing.tile(surface, shown.code[0], new)
    drawing.ring(surface, new, GOOD)
    last = square(shown.run[-1])
    off = last.move(last.width + 70, 0)
    drawing.tile(surface, shown.pushed_off[0], off, 0.7)
    above = new.top - 26
    drawing.arrow(surface, (new.centerx, above), (last.centerx, above))
    drawing.arrow(surface, (last.right - 6, last.centery), (off.left + 4, off.centery), BAD)
    receiver = cq.SEAT_NAMES[shown.receiver]
    drawing.notes(
        surface,
        area,
        (
            (f"Place on {shown.square} and push: the line moves on,", INK),
            (f"the tile from {shown.run[-1]} goes to {receiver}'s hand", BAD),
        ),
    )


def cq_pairs(surface: pygame.Surface, area: pygame.Rect) -> None:
    shown = positions.cq_finish()
    square = _cq_board(surface, drawing.board_area(area), shown.state, face_up=True)
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
    for seat, symbol in ((cq.MOON, "moons"), (cq.SUN, "suns")):
        points = result.scores[seat]
        lines.append(
            (
                f"{cq.SEAT_NAMES[seat]}: {points} pairs of {symbol}, {points} points",
                PAIR_COLOURS[seat],
            )
        )
    drawing.notes(surface, area, lines)


# --- En blanc et noir ---------------------------------------------------------------------------
def bn_setup(surface: pygame.Surface, area: pygame.Rect) -> None:
    deal = positions.bn_deal()
    top = pygame.Rect(area.left, area.top + 44, area.width // 2, 220)
    drawing.caption(surface, "The land", (top.centerx, area.top + 4))
    drawing.land(surface, top, deal.top_colours(), None, cell=100)
    hunter = picture("hunter", (90, 90))
    surface.blit(hunter, hunter.get_rect(center=(top.right - 20, top.centery - 14)))
    drawing.caption(surface, "hunter", (top.right - 20, top.centery + 34))
    deck = pygame.Rect(area.centerx + 40, top.top, area.width // 2 - 40, top.height)
    drawing.caption(surface, f"The deck: {deal.deck_size} cards", (deck.centerx, area.top + 4))
    for i in range(4):
        back = picture("card_back_black" if i % 2 else "card_back_white", (120, 168))
        surface.blit(back, back.get_rect(center=(deck.centerx - 12 + i * 8, deck.centery - i * 6)))
    for i, card_id in enumerate(deal.market):
        centre = (area.centerx + (i - 1) * 150, area.bottom - 142)
        drawing.card(surface, card_id, drawing.card_rect(centre, 112))
    drawing.caption(surface, "The market", (area.centerx, area.bottom - 40))


def bn_turn(surface: pygame.Surface, area: pygame.Rect) -> None:
    shown = positions.bn_expand()
    room = pygame.Rect(area.left, area.top + 50, area.width, area.height - 110)
    rects = drawing.land(surface, room, shown.state.top_colours(), shown.state.hunter)
    drawing.ring(surface, rects[shown.square], GOOD)
    drawing.caption(surface, "A: expand the land; the hunter follows", (area.centerx, area.top))
    drawing.caption(
        surface, "B: score a card   C: draw from the market", (area.centerx, area.bottom - 40)
    )


def bn_pattern(surface: pygame.Surface, area: pygame.Rect) -> None:
    shown = positions.bn_fit()
    drawing.card(surface, shown.card, drawing.card_rect((area.left + 100, area.centery), 160))
    room = pygame.Rect(area.left + 210, area.top, area.width - 210, area.height - 90)
    colours = shown.state.top_colours()
    rects = drawing.land(surface, room, colours, shown.state.hunter, cell=120)
    for square in shown.squares:
        disc = (245, 245, 240) if colours[square] == "W" else (40, 40, 46)
        pygame.draw.circle(surface, disc, rects[square].center, 22)
        pygame.draw.circle(surface, ACCENT, rects[square].center, 22, 4)
    fit = rects[shown.squares[0]].unionall([rects[s] for s in shown.squares[1:]])
    pygame.draw.rect(surface, GOOD, fit.inflate(10, 10), 8, border_radius=12)
    drawing.caption(surface, "turned, it fits here", (fit.centerx, room.bottom + 10), GOOD)
    drawing.caption(surface, "(not on the hunter's square)", (fit.centerx, room.bottom + 46), MUTED)


def bn_scoring(surface: pygame.Surface, area: pygame.Rect) -> None:
    shown = positions.bn_scoring()
    counts = shown.state.colour_counts()
    leader = {"W": "white", "B": "black"}[shown.state.bear_colour() or "W"]
    width = 64
    rows = (
        ("Scored", shown.scored, shown.breakdown["cards"]),
        (f"Bears: {leader} land leads {max(counts.values())}–{min(counts.values())}", [], 0),
        ("Left in hand", shown.hand, shown.breakdown["hand"]),
    )
    y = area.top + 10
    for label, cards, points in rows:
        fonts.blit_text(surface, label, CAPTION, INK, "topleft", (area.left + 20, y), bold=True)
        x = area.left + 20
        if label.startswith("Bears"):
            points = shown.breakdown["bear bonus"]
            for card_id, bonus in shown.bears():
                icon = picture("bear_white" if card_id[0] == "W" else "bear_black", (64, 64))
                surface.blit(icon, (x, y + 44))
                colour = GOOD if bonus > 0 else BAD
                fonts.blit_text(
                    surface, _signed(bonus), CAPTION, colour, "midleft", (x + 70, y + 76), True
                )
                x += 150
        for card_id in cards:
            drawing.card(surface, card_id, pygame.Rect(x, y + 40, width, round(width * 1.4)))
            x += width + 12
        colour = GOOD if points > 0 else BAD if points < 0 else INK
        fonts.blit_text(
            surface, _signed(points), fonts.LARGE, colour, "midright", (area.right - 20, y + 80)
        )
        y += 150
    total = sum(shown.breakdown.values())
    pygame.draw.line(surface, INK, (area.right - 200, y - 6), (area.right - 20, y - 6), 3)
    fonts.blit_text(surface, "Total", CAPTION, MUTED, "midright", (area.right - 130, y + 28), True)
    fonts.blit_text(
        surface, _signed(total), fonts.LARGE, INK, "midright", (area.right - 20, y + 28)
    )
