"""The pictures of the En blanc et noir board: card faces (value, bear, 2x2 pattern, overlay
mark) and backs, and the square art of the land, hunter and marks, each rendered once per size
and kept in caches with a budget. A card flying between sizes is scaled from the nearest larger
rendering, so a frame costs a scale, never a render."""

from __future__ import annotations

import pygame

from game.blanc_noir.cards import CARDS
from scenes.boards.blanc_noir import layout
from scenes.boards.blanc_noir.layout import CARD_RATIO
from scenes.kit import art, fonts
from scenes.kit.i18n import _
from scenes.kit.palette import INK, MUTED, PAPER, RGB
from scenes.kit.surface_cache import SurfaceCache
from scenes.kit.widgets import lighter, picture

SNOW: RGB = (244, 247, 250)
NIGHT: RGB = (34, 38, 44)
SLAB = {"W": (196, 204, 212), "B": (18, 20, 24)}
LAND_WINDOW: RGB = (96, 124, 112)
GOLD: RGB = (255, 196, 40)
EMPTY_CELL: RGB = (214, 204, 188)
MASTER = 256  # land art is rendered once at this size and scaled
#: the square art rendered at MASTER and the card art rendered at the widths cards rest at:
#: rendered ahead, between frames, when a board opens (a first move waits for none)
SQUARE_ART = ("land_white", "land_black", "hunter", "bear_white", "bear_black", "overlay_mark")
CARD_ART = ("card_white", "card_black", "card_back_white", "card_back_black")
#: the card art's colour marks (a snowflake, a triangle) at the top and bottom of a face, as
#: fractions of the card's height (assets/art/card_white.svg, card_black.svg)
ART_MARKS = ((0.095, 0.165), (0.815, 0.885))


# A board's pictures are its painter's, gone with it (as every board's), the least recently used
# dropped past a budget of pixel bytes (a card in hand is 0.14 MB; a board shows some 2 MB of
# faces at once, 0.8 MB of land tiles).
FACES_BYTES = 6 * 2**20  # cards at the sizes they rest at
SCALED_BYTES = 2 * 2**20  # cards scaled while they fly
TILES_BYTES = 4 * 2**20  # land, hunter, marks and stack edges at the camera's zoom


def _slab(colour: str, side: int) -> pygame.Surface:
    surface = pygame.Surface((side, side), pygame.SRCALPHA)
    radius = max(3, side // 14)
    pygame.draw.rect(surface, SLAB[colour], surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, INK, surface.get_rect(), 2, border_radius=radius)
    return surface


def _neutral_back(width: int, height: int) -> pygame.Surface:
    """The deck's back: half white, half black, so its top card's colour stays unknown (BN-21)."""
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surface.get_rect().inflate(-4, -4)
    radius = max(6, width // 10)
    pygame.draw.rect(surface, (90, 74, 66), rect, border_radius=radius)
    inner = rect.inflate(-width // 6, -width // 6)
    half = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(half, SNOW, half.get_rect(), border_radius=radius // 2)
    pygame.draw.polygon(
        half, NIGHT, [(inner.width, 0), (inner.width, inner.height), (0, inner.height)]
    )
    surface.blit(half, inner)
    pygame.draw.rect(surface, GOLD, inner, 3, border_radius=radius // 2)
    label = fonts.text("?", max(24, width // 3), GOLD, True)
    disc = pygame.Rect(0, 0, width // 3, width // 3)
    disc.center = rect.center
    pygame.draw.circle(surface, INK, disc.center, width // 5)
    surface.blit(label, label.get_rect(center=disc.center))
    pygame.draw.rect(surface, INK, rect, 4, border_radius=radius)
    return surface


class CardArt:
    """The caches of one board's pictures (gone with its painter, as every board's)."""

    def __init__(self, players: int) -> None:
        self._faces = SurfaceCache(FACES_BYTES)
        self._scaled = SurfaceCache(SCALED_BYTES)
        self._tiles = SurfaceCache(TILES_BYTES)
        self._masters: dict[str, pygame.Surface] = {}  # one large rendering of each square art
        place = layout.panel(0, players)
        self._rest_widths = {
            layout.HAND_CARD_W,
            layout.MARKET_CARD_W,
            round(place.fan_width),
            round(place.back_width),
        }
        art.render_ahead(
            [(name, (MASTER, MASTER)) for name in SQUARE_ART]
            + [
                (name, (width, round(width * CARD_RATIO)))
                for width in sorted(self._rest_widths, reverse=True)
                for name in CARD_ART
            ]
        )

    def master(self, name: str) -> pygame.Surface:
        if name not in self._masters:
            self._masters[name] = picture(name, (MASTER, MASTER))
        return self._masters[name]

    def tile(self, name: str, side: int) -> pygame.Surface:
        """Square art (land, hunter, marks) at `side` pixels, scaled from one rendering."""
        side = max(4, side)
        key = (name, side)
        return self._tiles.get_or_make(
            key, lambda: pygame.transform.smoothscale(self.master(name), (side, side))
        )

    def slab(self, colour: str, side: int) -> pygame.Surface:
        """The edge of a land card under the top one (the stack's thickness)."""
        return self._tiles.get_or_make(("slab " + colour, side), lambda: _slab(colour, side))

    def card_picture(self, kind: str, width: int) -> pygame.Surface:
        """A card's face (`kind` its id) or back (`back W`, `back B`, `back ?` for the deck's
        neutral back) at `width`: rendered at the sizes cards rest at, scaled from the nearest
        larger rendering while they fly (a frame costs a scale, never a render)."""
        width = max(4, width)
        key = (kind, width)
        surface = self._faces.get(key)
        if surface is not None:
            return surface
        if width in self._rest_widths:
            return self._faces.put(key, self._render_card(kind, width))
        larger = [w for w in self._rest_widths if w >= width]
        base = self.card_picture(kind, min(larger) if larger else max(self._rest_widths))
        return self._scaled.get_or_make(
            key, lambda: pygame.transform.smoothscale(base, (width, round(width * CARD_RATIO)))
        )

    def _render_card(self, kind: str, width: int) -> pygame.Surface:
        height = round(width * CARD_RATIO)
        if kind == "back ?":
            return _neutral_back(width, height)
        if kind.startswith("back"):
            name = "card_back_white" if kind[-1] == "W" else "card_back_black"
            return picture(name, (width, height)).copy()
        return self._render_face(kind, width, height)

    def _render_face(self, card: str, width: int, height: int) -> pygame.Surface:
        face = CARDS[card]
        white = card[0] == "W"
        surface = picture("card_white" if white else "card_black", (width, height)).copy()
        ink = INK if white else PAPER
        small = width <= 110
        if face.overlay:
            if not small:
                self._overlay_face(surface, ink)
            else:
                mark = self.tile("overlay_mark", round(width * 0.5))
                surface.blit(mark, mark.get_rect(center=(width // 2, round(height * 0.42))))
                label = fonts.text("O", max(24, round(width * 0.4)), ink, True)
                surface.blit(label, (round(width * 0.1), round(height * 0.05)))
            return surface
        size = max(24, round(width * (0.42 if small else 0.34)))
        value = fonts.text(str(face.value), size, ink, True)
        surface.blit(value, (round(width * (0.1 if small else 0.12)), round(height * 0.05)))
        if face.bear:
            side = round(width * (0.34 if small else 0.3))
            bear = self.tile("bear_white" if white else "bear_black", side)
            if small:
                spot = bear.get_rect(
                    topleft=(round(width * 0.06), round(height * 0.05) + value.get_height())
                )
            else:
                spot = bear.get_rect(
                    topleft=(width - side - round(width * 0.09), round(height * 0.05))
                )
            if not white:  # a black bear on a black card stands on a light disc
                pygame.draw.circle(surface, PAPER, spot.center, side // 2 + 2)
            surface.blit(bear, spot)
        cell = round(width * (0.28 if small else 0.33))
        window = pygame.Rect(0, 0, 2 * cell + 3, 2 * cell + 3)
        if small:
            window.bottomright = (width - round(width * 0.1), height - round(height * 0.07))
        else:
            window.midbottom = (width // 2, height - round(height * 0.09))
        self._draw_pattern(surface, face.pattern or "../..", card[0], window, cell)
        return surface

    def _overlay_face(self, surface: pygame.Surface, ink: RGB) -> None:
        """An overlay's face: its mark, then "overlay" and "−5 in hand", all between the card
        art's colour marks (never over them)."""
        width, height = surface.get_size()
        top = round(height * ART_MARKS[0][1]) + 4
        bottom = round(height * ART_MARKS[1][0]) - 4
        size = max(20, round(width * 0.15))
        line = fonts.font(size, True).get_linesize()
        side = min(round(width * 0.46), bottom - top - 2 * line - 8)
        mark = self.tile("overlay_mark", side)
        surface.blit(mark, mark.get_rect(midtop=(width // 2, top + 2)))
        y = top + side + 8
        for words in (_("overlay"), _("−5 in hand")):
            label = fonts.text(words, size, ink, True)
            surface.blit(label, label.get_rect(midtop=(width // 2, y)))
            y += line

    def _draw_pattern(
        self, surface: pygame.Surface, pattern: str, colour: str, window: pygame.Rect, cell: int
    ) -> None:
        """The 2x2 pattern as the rules file writes it (top row first): own-colour and
        other-colour land squares, and a blank where any square will do."""
        plate = window.inflate(10, 10)
        pygame.draw.rect(surface, PAPER, plate, border_radius=8)
        pygame.draw.rect(surface, INK, plate, 3, border_radius=8)
        other = "B" if colour == "W" else "W"
        for row, line in enumerate(pattern.split("/")):
            for col, mark in enumerate(line):
                rect = pygame.Rect(
                    window.left + 2 + col * (cell + 1),
                    window.top + 2 + row * (cell + 1),
                    cell - 1,
                    cell - 1,
                )
                if mark == ".":
                    pygame.draw.rect(surface, EMPTY_CELL, rect, border_radius=4)
                    for k in range(0, 2 * cell, 9):
                        a = (rect.left + max(0, k - cell), rect.top + min(k, cell - 1))
                        b = (rect.left + min(k, cell - 1), rect.top + max(0, k - cell))
                        pygame.draw.line(surface, lighter(MUTED, 0.35), a, b, 2)
                    continue
                shade = colour if mark == "X" else other
                surface.blit(
                    self.tile("land_white" if shade == "W" else "land_black", cell - 1), rect
                )
