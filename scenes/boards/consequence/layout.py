"""Where everything of the Consequence board stands on the 1920x1080 canvas.

The grid in the middle, Moon's side (hand and panel) on the left, Sun's on the right; the turn
counter under the grid.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes.boards.layers import TOP_BAR
from scenes.kit.grid import Grid

CELL = 184
GRID = Grid((592, 150), CELL)
BOARD = GRID.rect
BOARD_FRAME = BOARD.inflate(36, 36)
COUNTER = pygame.Rect(BOARD.left, BOARD_FRAME.bottom + 14, BOARD.width, 80)
TILE_PX = 150  # a tile on the grid at scale 1
#: a lifted tile (in flight) is drawn this much larger, and this many pixels higher, at lift 1
LIFT_GROWTH = 0.08
LIFT_RISE = 24
HAND_SCALE = 0.78
HAND_COLUMNS = 3
PANEL_W, PANEL_H = 500, 920
_PANELS = ((36, 136), (1384, 136))

#: one square step for each direction of DIRECTIONS (N, NE, E, SE, S, SW, W, NW), in pixels
#: on the canvas (y grows downwards, so north is -y)
STEPS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
ARROW_REACH = 0.44  # how far from a square's centre its push arrows stand, in cells
ARROW_RADIUS = 30

square_rect = GRID.square_rect
square_at = GRID.square_at


def square_centre(square: int) -> tuple[float, float]:
    return GRID.centre(square)


def arrow_centre(square: int, direction: int) -> tuple[float, float]:
    x, y = GRID.centre(square)
    dx, dy = STEPS[direction]
    return x + dx * CELL * ARROW_REACH, y + dy * CELL * ARROW_REACH


def arrow_at(square: int, pos: tuple[int, int], directions: list[int]) -> int | None:
    """The push arrow of `square` under `pos`, among `directions`."""
    for direction in directions:
        x, y = arrow_centre(square, direction)
        if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= (ARROW_RADIUS + 8) ** 2:
            return direction
    return None


def off_room() -> pygame.Rect:
    """Where the centre of a tile pushed off the grid may stand, lifted: its picture stays
    clear of the top bar (a lesson's goal, the status line), the side panels and the turn
    counter under the grid, never hiding them nor hidden by them."""
    half = round(TILE_PX * (1 + LIFT_GROWTH) / 2)
    left = _PANELS[0][0] + PANEL_W + 8 + half
    right = _PANELS[1][0] - 8 - half
    top = TOP_BAR.bottom + 8 + half + LIFT_RISE
    bottom = COUNTER.top - 8 - half + LIFT_RISE
    return pygame.Rect(left, top, right - left, bottom - top)


def off_grid(square: int, direction: int) -> tuple[float, float]:
    """Just past the edge of the grid, beyond `square` in `direction`, as far as `off_room`
    lets it: where a pushed-off tile slides (lifted) before it flies to a hand."""
    x, y = GRID.centre(square)
    dx, dy = STEPS[direction]
    room = off_room()
    x = min(max(x + dx * CELL * 0.9, room.left), room.right)
    return x, min(max(y + dy * CELL * 0.9, room.top), room.bottom)


def off_edge(square: int, direction: int) -> pygame.Rect:
    """Where the last-move marker shows a tile pushed off the grid from `square` in
    `direction`: a small box astride the grid's edge, clear of the top bar's status line
    above the grid and of the turn counter below it."""
    x, y = GRID.centre(square)
    dx, dy = STEPS[direction]
    reach = CELL / 2 + 6
    rect = pygame.Rect(0, 0, 44, 44)
    rect.center = round(x + dx * reach), round(y + dy * reach)
    return rect


@dataclass(frozen=True)
class SidePanel:
    """One player's side: header (name, role, points), then the hand."""

    rect: pygame.Rect

    @property
    def header(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left, self.rect.top, self.rect.width, 92)

    @property
    def hand_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left + 16, self.rect.top + 150, self.rect.width - 32, 740)

    def hand_slot(self, index: int) -> tuple[float, float]:
        row, col = divmod(index, HAND_COLUMNS)
        return (
            float(self.rect.left + 100 + col * 150),
            float(self.rect.top + 222 + row * 140),
        )


def panel(seat: int) -> SidePanel:
    x, y = _PANELS[seat]
    return SidePanel(pygame.Rect(x, y, PANEL_W, PANEL_H))


def seat_at(pos: tuple[int, int]) -> int | None:
    for seat in (0, 1):
        if panel(seat).rect.collidepoint(pos):
            return seat
    return None
