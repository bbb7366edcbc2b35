"""Where everything of the En blanc et noir board stands on the 1920x1080 canvas, and the camera
that maps the edgeless land (BN-23) into its window.

The players' panels stand in the left column (hand colours, scored fan, points), the land in
the middle with the hand of the seat on show along the bottom, the market and the deck at the
top right with the move log under them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pygame

Square = tuple[int, int]

CARD_RATIO = 7 / 5  # a card is 5 wide by 7 tall

# --- the columns ----------------------------------------------------------------------------------
LEFT = pygame.Rect(16, 132, 440, 932)
LAND = pygame.Rect(472, 132, 1016, 640)  # the land's window
HAND = pygame.Rect(472, 784, 1016, 280)  # the hand of the seat on show
MARKET = pygame.Rect(1504, 132, 400, 612)  # market (3 slots) and deck, as a 2x2 grid
LOG = pygame.Rect(1504, 756, 400, 308)

PANEL_GAP = 12

# --- the hand strip -------------------------------------------------------------------------------
HAND_CARD_W = 156
HAND_GAP = 12
HAND_TOP = HAND.top + 52  # the cards' top edge
HAND_CARDS = pygame.Rect(HAND.left + 16, HAND.top + 44, 5 * HAND_CARD_W + 4 * HAND_GAP, 232)
SCORE_BUTTON = pygame.Rect(HAND.right - 164, HAND.bottom - 116, 150, 96)
PIPS_CENTRE = (HAND.right - 89, HAND.top + 96)
HAND_LIFT = 12  # a picked card stands this much higher

# --- the market -----------------------------------------------------------------------------------
MARKET_CARD_W = 172
_MARKET_GRID = ((0, 0), (1, 0), (0, 1), (1, 1))  # slots 0..2, then the deck


def market_slot(index: int) -> tuple[float, float]:
    """Centre of market slot `index` (0..2); index 3 is the deck."""
    col, row = _MARKET_GRID[min(index, 3)]
    height = MARKET_CARD_W * CARD_RATIO
    x = MARKET.left + 22 + MARKET_CARD_W / 2 + col * (MARKET_CARD_W + 12)
    y = MARKET.top + 60 + height / 2 + row * (height + 24)
    return x, y


def deck_centre() -> tuple[float, float]:
    return market_slot(3)


def card_rect(centre: tuple[float, float], width: float) -> pygame.Rect:
    rect = pygame.Rect(0, 0, round(width), round(width * CARD_RATIO))
    rect.center = (round(centre[0]), round(centre[1]))
    return rect


def market_rect(index: int) -> pygame.Rect:
    return card_rect(market_slot(index), MARKET_CARD_W)


def hand_slot(index: int, count: int) -> tuple[float, float]:
    """Centre of card `index` of a hand of `count` cards along the bottom strip."""
    step = HAND_CARD_W + HAND_GAP
    x = HAND_CARDS.left + HAND_CARD_W / 2 + index * step
    return x, HAND_TOP + HAND_CARD_W * CARD_RATIO / 2


def revealed_hands(
    counts: Sequence[int],
) -> tuple[float, list[pygame.Rect], list[list[tuple[float, float]]]]:
    """Every hand face up along the strip, seat after seat (a finished game's "show all faces"):
    (card width, each seat's group rect for its name above it, each seat's card centres)."""
    total = sum(counts)
    groups = sum(1 for count in counts if count)
    group_gap, card_gap, label = 40, 8, 36
    room = HAND_CARDS.width - group_gap * max(0, groups - 1) - card_gap * max(0, total - groups)
    width = min((HAND_CARDS.height - label - 4) / CARD_RATIO, room / max(1, total))
    y = HAND_CARDS.top + label + width * CARD_RATIO / 2
    x = float(HAND_CARDS.left)
    rects: list[pygame.Rect] = []
    slots: list[list[tuple[float, float]]] = []
    for count in counts:
        span = count * width + card_gap * max(0, count - 1)
        rects.append(pygame.Rect(round(x), HAND_CARDS.top, round(span), label))
        slots.append([(x + width / 2 + i * (width + card_gap), y) for i in range(count)])
        if count:
            x += span + group_gap
    return width, rects, slots


# --- the players' panels --------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatPanel:
    """One player's panel: header (mark, name, points), the colours of the hand, the scored fan."""

    rect: pygame.Rect

    @property
    def header(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left, self.rect.top, self.rect.width, 64)

    @property
    def _body(self) -> int:
        return self.rect.height - 72

    @property
    def hand_row(self) -> pygame.Rect:
        height = min(112, round(self._body * 0.32))
        return pygame.Rect(self.rect.left + 8, self.header.bottom + 4, self.rect.width - 16, height)

    @property
    def fan_row(self) -> pygame.Rect:
        top = self.hand_row.bottom + 4
        return pygame.Rect(
            self.rect.left + 8, top, self.rect.width - 16, self.rect.bottom - top - 6
        )

    @property
    def back_width(self) -> float:
        return min(68.0, (self.hand_row.height - 10) / CARD_RATIO)

    @property
    def fan_width(self) -> float:
        return min(104.0, (self.fan_row.height - 12) / CARD_RATIO)

    CONTENT_LEFT = 120  # rows start after their label

    def hand_slot(self, index: int, count: int = 1) -> tuple[float, float]:
        """Centre of card `index` of a hand of `count` backs: side by side, overlapping when
        that many would pass the panel's right edge."""
        width = self.back_width
        room = self.rect.right - 16 - (self.rect.left + self.CONTENT_LEFT) - width
        step = min(width + 8, room / max(1, count - 1))
        x = self.rect.left + self.CONTENT_LEFT + width / 2 + index * step
        return x, float(self.hand_row.centery)

    def fan_slot(self, index: int, count: int) -> tuple[float, float]:
        width = self.fan_width
        room = self.rect.right - 16 - (self.rect.left + self.CONTENT_LEFT) - width
        step = min(width * 0.66, room / max(1, count - 1))
        x = self.rect.left + self.CONTENT_LEFT + width / 2 + index * step
        return x, float(self.fan_row.centery)


def panel(seat: int, players: int) -> SeatPanel:
    height = (LEFT.height - (players - 1) * PANEL_GAP) // players
    top = LEFT.top + seat * (height + PANEL_GAP)
    return SeatPanel(pygame.Rect(LEFT.left, top, LEFT.width, height))


def seat_at(pos: tuple[int, int], players: int) -> int | None:
    for seat in range(players):
        if panel(seat, players).rect.collidepoint(pos):
            return seat
    return None


# --- the camera over the land ---------------------------------------------------------------------

MAX_CELL = 170.0
MIN_CELL = 28.0
FIT_MARGIN = 1  # squares shown around the land (where it may grow next)
VIEW = LAND.inflate(-24, -24)
TALLY_BOX = pygame.Rect(0, 0, 620, 132)
TALLY_BOX.midbottom = (LAND.centerx, LAND.bottom - 14)
#: where the land is fitted while the bear count's box stands under it
TALLY_VIEW = pygame.Rect(VIEW.left, VIEW.top, VIEW.width, TALLY_BOX.top - 8 - VIEW.top)
#: where a lesson's or a review's note stands: the land window's lower-right corner, which the
#: land then keeps clear of (`fit_clear_of`); the hand, the actions, Score and the market stay
#: in sight
NOTE_CORNER = pygame.Rect(0, 0, 560, 400)
NOTE_CORNER.bottomright = (VIEW.right, VIEW.bottom)


@dataclass(eq=False)
class Camera:
    """Which part of the land the window shows: the land point at the window's centre and the
    side of a square in pixels. Land y grows upwards, canvas y downwards."""

    x: float = 0.5
    y: float = 0.5
    cell: float = 120.0

    def centre(self, square: tuple[float, float]) -> tuple[float, float]:
        sx = VIEW.centerx + (square[0] - self.x) * self.cell
        sy = VIEW.centery - (square[1] - self.y) * self.cell
        return sx, sy

    def square_rect(self, square: Square) -> pygame.Rect:
        x, y = self.centre(square)
        side = round(self.cell)
        left = round(x - self.cell / 2)
        top = round(y - self.cell / 2)
        return pygame.Rect(left, top, side, side)

    def square_at(self, pos: tuple[float, float]) -> Square | None:
        """The land square under a canvas point inside the window, or None."""
        if not LAND.collidepoint(pos):
            return None
        fx = (pos[0] - VIEW.centerx) / self.cell + self.x
        fy = (VIEW.centery - pos[1]) / self.cell + self.y
        return round(fx), round(fy)

    def shows(self, squares: Iterable[Square]) -> bool:
        """Whether every square is wholly inside the window."""
        return all(VIEW.contains(self.square_rect(sq)) for sq in squares)

    def pan(self, dx: float, dy: float) -> None:
        """Move the picture by (dx, dy) canvas pixels."""
        self.x -= dx / self.cell
        self.y += dy / self.cell

    def zoom(self, factor: float, about: tuple[float, float]) -> None:
        """Scale by `factor`, keeping the land point under `about` where it is."""
        fx = (about[0] - VIEW.centerx) / self.cell + self.x
        fy = (VIEW.centery - about[1]) / self.cell + self.y
        self.cell = max(MIN_CELL, min(MAX_CELL * 1.6, self.cell * factor))
        self.x = fx - (about[0] - VIEW.centerx) / self.cell
        self.y = fy + (about[1] - VIEW.centery) / self.cell


def fit(squares: Iterable[Square], area: pygame.Rect = VIEW) -> tuple[float, float, float]:
    """(x, y, cell) of a camera showing every square, with a margin of FIT_MARGIN around them,
    in `area` of the window."""
    squares = list(squares) or [(0, 0)]
    xs = [x for x, _ in squares]
    ys = [y for _, y in squares]
    low_x, high_x = min(xs) - FIT_MARGIN, max(xs) + FIT_MARGIN
    low_y, high_y = min(ys) - FIT_MARGIN, max(ys) + FIT_MARGIN
    cols, rows = high_x - low_x + 1, high_y - low_y + 1
    cell = min(MAX_CELL, area.width / cols, area.height / rows)
    x = (low_x + high_x) / 2 - (area.centerx - VIEW.centerx) / cell
    y = (low_y + high_y) / 2 + (area.centery - VIEW.centery) / cell
    return x, y, cell


#: a square and those beside it by an edge
NEAR = ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))


def fit_clear_of(
    squares: Iterable[Square], keep_clear: Sequence[pygame.Rect]
) -> tuple[float, float, float]:
    """(x, y, cell) of a camera showing every square (as `fit`) and none of them, nor the
    squares beside them (where a card may go), under any rect of `keep_clear` (the land
    count's plate at the top left, a note's lower-right corner): the whole view if they stay
    clear of them there, else the part of the view beside each of them (left of, right of,
    above or below it) that shows the land largest."""
    squares = list(squares) or [(0, 0)]
    whole = fit(squares, VIEW)
    camera = Camera(*whole)
    near = {(x + dx, y + dy) for x, y in squares for dx, dy in NEAR}
    if all(camera.square_rect(square).collidelist(list(keep_clear)) < 0 for square in near):
        return whole
    areas = [VIEW]
    for rect in keep_clear:
        areas = [area.clip(side) for area in areas for side in _beside(rect)]
        areas = [area for area in areas if area.width > 0 and area.height > 0]
    return max((fit(squares, area) for area in areas), key=lambda fitted: fitted[2], default=whole)


def _beside(rect: pygame.Rect) -> list[pygame.Rect]:
    """The parts of the view left of, right of, above and below `rect` (8 apart), where they
    have room."""
    sides = [
        pygame.Rect(VIEW.left, VIEW.top, rect.left - 8 - VIEW.left, VIEW.height),
        pygame.Rect(rect.right + 8, VIEW.top, VIEW.right - rect.right - 8, VIEW.height),
        pygame.Rect(VIEW.left, VIEW.top, VIEW.width, rect.top - 8 - VIEW.top),
        pygame.Rect(VIEW.left, rect.bottom + 8, VIEW.width, VIEW.bottom - rect.bottom - 8),
    ]
    return [side for side in sides if side.width > 0 and side.height > 0]


def beside(squares: Iterable[Square]) -> Square:
    """Where the hunter stands before the first land is laid: off the land's lower-left
    corner, diagonally (on no square that touches the land by an edge)."""
    squares = list(squares) or [(0, 0)]
    return min(x for x, _ in squares) - 1, min(y for _, y in squares) - 1
