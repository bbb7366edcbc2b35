"""Where everything of the Whose Foods board scene stands on the 1920x1080 canvas.

The board is in the middle with the shared supply under it; the players' trays stand at the
four corners, clockwise from the top left (seat 0 top left, 1 top right, 2 bottom right, 3 bottom
left). Corners without a player hold the pattern guide and the move log.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes.kit.grid import Grid

SQUARE = 176
GRID = Grid((608, 136), SQUARE)
BOARD = GRID.rect
BOARD_FRAME = BOARD.inflate(36, 36)
SUPPLY = pygame.Rect(BOARD_FRAME.left, BOARD_FRAME.bottom + 14, BOARD_FRAME.width, 196)
SUPPLY_ORDER = ("LD", "LC", "SD", "SC")

#: diameter in pixels of a large and a small piece at scale 1 (on the board)
LARGE_PX, SMALL_PX = 144, 98
SUPPLY_SCALE = 0.56
HAND_SCALE = 0.5
#: the side of a can in hand as a place to click (and to glow around): the can itself
HAND_SPOT = round(LARGE_PX * HAND_SCALE)
CAPTURED_SCALE = 0.4
CAN_METER_SCALE = 0.46
STACK_LIFT = 10  # a small piece on a stack is drawn this much higher

TRAY_W, TRAY_H = 560, 460
_CORNERS = ((24, 136), (1336, 136), (1336, 604), (24, 604))


square_rect = GRID.square_rect
square_at = GRID.square_at


def square_centre(square: int, level: int = 0) -> tuple[float, float]:
    """Centre of a piece on `square`; level 1 is a small piece on a stack."""
    x, y = GRID.centre(square)
    return x, y - STACK_LIFT * level


def supply_group_rect(code: str) -> pygame.Rect:
    width = SUPPLY.width // len(SUPPLY_ORDER)
    index = SUPPLY_ORDER.index(code)
    return pygame.Rect(SUPPLY.left + index * width, SUPPLY.top, width, SUPPLY.height)


def supply_slot(code: str, index: int) -> tuple[float, float]:
    group = supply_group_rect(code)
    return float(group.centerx - 40 + index * 40), float(group.top + 92)


def corner_rect(corner: int) -> pygame.Rect:
    x, y = _CORNERS[corner]
    return pygame.Rect(x, y, TRAY_W, TRAY_H)


@dataclass(frozen=True)
class TrayLayout:
    """One player's tray: header, cans in hand, captured shared pieces, the captured-cans meter."""

    rect: pygame.Rect

    @property
    def header(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left, self.rect.top, self.rect.width, 92)

    def hand_slot(self, index: int) -> tuple[float, float]:
        return float(self.rect.left + 60 + index * 80), float(self.rect.top + 166)

    def hand_rect(self) -> pygame.Rect:
        """The hand's row: a ring of light around it, or around a can in it (`HAND_SPOT`),
        stays between the labels above and below (Cans in hand, Captured)."""
        return pygame.Rect(self.rect.left + 16, self.rect.top + 124, self.rect.width - 32, 88)

    def hand_label_bottom(self) -> int:
        """How low the "Cans in hand" label's ink may reach: above the ring of light round a can
        in hand (`callout.glow` reaches 18 px beyond what glows, at its widest)."""
        return round(self.hand_slot(0)[1]) - HAND_SPOT // 2 - 18

    def captured_slot(self, index: int) -> tuple[float, float]:
        row, col = divmod(index, 8)
        return (float(self.rect.left + 52 + col * 64), float(self.rect.top + 262 + row * 60))

    def captured_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left + 16, self.rect.top + 212, self.rect.width - 32, 150)

    def meter_slot(self, index: int) -> tuple[float, float]:
        return float(self.rect.left + 64 + index * 86), float(self.rect.top + 404)


def tray(seat: int) -> TrayLayout:
    return TrayLayout(corner_rect(seat))


def free_corners(players: int) -> list[pygame.Rect]:
    """The corners no player uses (for the pattern guide and the move log)."""
    return [corner_rect(corner) for corner in range(players, 4)]


def seat_at(pos: tuple[int, int], players: int) -> int | None:
    """The seat whose tray header is at `pos` (hovering it shows the score's breakdown)."""
    for seat in range(players):
        if tray(seat).header.collidepoint(pos):
            return seat
    return None
