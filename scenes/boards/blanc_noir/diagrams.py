"""The diagrams of the En blanc et noir how-to-play pages, each painting a position the engine made
(`positions`). A diagram is `draw(surface, area)`: it draws inside `area` and changes nothing
else."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import pygame

from scenes.boards.blanc_noir import positions
from scenes.boards.blanc_noir.card_art import GOLD, NIGHT, SNOW, CardArt
from scenes.kit import fonts, i18n
from scenes.kit import rules_drawing as drawing
from scenes.kit.i18n import _
from scenes.kit.palette import BAD, GOOD, INK, MUTED
from scenes.kit.pictures import picture
from scenes.kit.rules_drawing import CAPTION


def draw_land(
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


def draw_card(surface: pygame.Surface, card_id: str, rect: pygame.Rect) -> None:
    """The face of a card in `rect` (5:7) as the board draws it: value, bear, and its 2x2
    pattern of small land tiles with a hatched corner where any square will do, or the overlay
    mark."""
    face = _card_art(i18n.language()).card_picture(card_id, rect.width)
    surface.blit(pygame.transform.smoothscale(face, rect.size), rect)


@cache
def _card_art(language: str) -> CardArt:
    """The board's card pictures, for the pages (made once a language: an overlay's face has
    words)."""
    return CardArt(players=2)


def card_rect(centre: tuple[int, int], width: int) -> pygame.Rect:
    rect = pygame.Rect(0, 0, width, round(width * CARD_ASPECT))
    rect.center = centre
    return rect


def setup(surface: pygame.Surface, area: pygame.Rect) -> None:
    deal = positions.deal()
    top = pygame.Rect(area.left, area.top + 44, area.width // 2, 220)
    drawing.caption(surface, _("The land"), (top.centerx, area.top + 4))
    draw_land(surface, top, deal.top_colours(), None, cell=100)
    hunter = picture("hunter", (90, 90))
    surface.blit(hunter, hunter.get_rect(center=(top.right - 20, top.centery - 14)))
    drawing.caption(surface, _("hunter"), (top.right - 20, top.centery + 34))
    deck = pygame.Rect(area.centerx + 40, top.top, area.width // 2 - 40, top.height)
    words = _("The deck: {count} cards").format(count=deal.deck_size)
    drawing.caption(surface, words, (deck.centerx, area.top + 4))
    for i in range(4):
        back = picture("card_back_black" if i % 2 else "card_back_white", (120, 168))
        surface.blit(back, back.get_rect(center=(deck.centerx - 12 + i * 8, deck.centery - i * 6)))
    for i, card_id in enumerate(deal.market):
        centre = (area.centerx + (i - 1) * 150, area.bottom - 142)
        draw_card(surface, card_id, card_rect(centre, 112))
    drawing.caption(surface, _("The market"), (area.centerx, area.bottom - 40))


def turn(surface: pygame.Surface, area: pygame.Rect) -> None:
    shown = positions.expand()
    room = pygame.Rect(area.left, area.top + 50, area.width, area.height - 110)
    rects = draw_land(surface, room, shown.state.top_colours(), shown.state.hunter)
    drawing.ring(surface, rects[shown.square], GOOD)
    words = _("A: expand the land; the hunter follows")
    drawing.caption(surface, words, (area.centerx, area.top))
    words = _("B: score a card   C: draw from the market")
    drawing.caption(surface, words, (area.centerx, area.bottom - 40))


def pattern(surface: pygame.Surface, area: pygame.Rect) -> None:
    shown = positions.fit()
    draw_card(surface, shown.card, card_rect((area.left + 100, area.centery), 160))
    room = pygame.Rect(area.left + 210, area.top, area.width - 210, area.height - 90)
    colours = shown.state.top_colours()
    rects = draw_land(surface, room, colours, shown.state.hunter, cell=120)
    for square in shown.squares:
        disc = SNOW if colours[square] == "W" else NIGHT  # as the board shows a match
        pygame.draw.circle(surface, disc, rects[square].center, 22)
        pygame.draw.circle(surface, GOLD, rects[square].center, 22, 4)
    fit = rects[shown.squares[0]].unionall([rects[s] for s in shown.squares[1:]])
    pygame.draw.rect(surface, GOOD, fit.inflate(10, 10), 8, border_radius=12)
    drawing.caption(surface, _("turned, it fits here"), (fit.centerx, room.bottom + 10), GOOD)
    words = _("(not on the hunter's square)")
    drawing.caption(surface, words, (fit.centerx, room.bottom + 46), MUTED)


def scoring(surface: pygame.Surface, area: pygame.Rect) -> None:
    shown = positions.scoring()
    counts = shown.state.colour_counts()
    lead = max(counts.values()), min(counts.values())
    if (shown.state.bear_colour() or "W") == "W":
        bears = _("Bears: white land leads {more}–{fewer}").format(more=lead[0], fewer=lead[1])
    else:
        bears = _("Bears: black land leads {more}–{fewer}").format(more=lead[0], fewer=lead[1])
    width = 64
    rows: tuple[tuple[str, Sequence[str], int], ...] = (
        (_("Scored"), shown.scored, shown.breakdown["cards"]),
        (bears, [], 0),
        (_("Left in hand"), shown.hand, shown.breakdown["hand"]),
    )
    y = area.top + 10
    for label, cards, points in rows:
        fonts.blit_text(surface, label, CAPTION, INK, "topleft", (area.left + 20, y), bold=True)
        x = area.left + 20
        if label == bears:
            points = shown.breakdown["bear bonus"]
            for card_id, bonus in shown.bears():
                icon = picture("bear_white" if card_id[0] == "W" else "bear_black", (64, 64))
                surface.blit(icon, (x, y + 44))
                colour = GOOD if bonus > 0 else BAD
                fonts.blit_text(
                    surface,
                    drawing.signed(bonus),
                    CAPTION,
                    colour,
                    "midleft",
                    (x + 70, y + 76),
                    True,
                )
                x += 150
        for card_id in cards:
            draw_card(surface, card_id, pygame.Rect(x, y + 40, width, round(width * 1.4)))
            x += width + 12
        colour = GOOD if points > 0 else BAD if points < 0 else INK
        fonts.blit_text(
            surface,
            drawing.signed(points),
            fonts.LARGE,
            colour,
            "midright",
            (area.right - 20, y + 80),
        )
        y += 150
    total = sum(shown.breakdown.values())
    pygame.draw.line(surface, INK, (area.right - 200, y - 6), (area.right - 20, y - 6), 3)
    words = _("Total")
    fonts.blit_text(surface, words, CAPTION, MUTED, "midright", (area.right - 130, y + 28), True)
    fonts.blit_text(
        surface, drawing.signed(total), fonts.LARGE, INK, "midright", (area.right - 20, y + 28)
    )
