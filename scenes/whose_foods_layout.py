"""Where everything of the Whose Foods board scene stands on the 1920x1080 canvas.

The board is in the middle with the shared supply under it; the players' trays stand at the
four corners, clockwise from the top left (seat 0 top left, 1 top right, 2 bottom right, 3 bottom
left). Corners without a player hold the pattern guide and the move log.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

SQUARE = 176
BOARD = pygame.Rect(608, 136, 4 * SQUARE, 4 * SQUARE)
BOARD_FRAME = BOARD.inflate(36, 36)
SUPPLY = pygame.Rect(BOARD_FRAME.left, BOARD_FRAME.bottom + 14, BOARD_FRAME.width, 196)
SUPPLY_ORDER = ("LD", "LC", "SD", "SC")
TOP_BAR = pygame.Rect(0, 0, 1920, 118)
MENU_BUTTON = pygame.Rect(24, 10, 200, 96)
UNDO_BUTTON = pygame.Rect(240, 10, 200, 96)
HINTS_BUTTON = pygame.Rect(1696, 10, 200, 96)
STATUS = pygame.Rect(460, 10, 1000, 96)

#: diameter in pixels of a large and a small piece at scale 1 (on the board)
LARGE_PX, SMALL_PX = 144, 98
SUPPLY_SCALE = 0.62
HAND_SCALE = 0.58
CAPTURED_SCALE = 0.4
CAN_METER_SCALE = 0.46
STACK_LIFT = 10  # a small piece on a stack is drawn this much higher

TRAY_W, TRAY_H = 560, 460
_CORNERS = ((24, 136), (1336, 136), (1336, 604), (24, 604))


def square_rect(square: int) -> pygame.Rect:
    col, row = square % 4, square // 4
    return pygame.Rect(BOARD.left + col * SQUARE, BOARD.top + (3 - row) * SQUARE, SQUARE, SQUARE)


def square_centre(square: int, level: int = 0) -> tuple[float, float]:
    """Centre of a piece on `square`; level 1 is a small piece on a stack."""
    x, y = square_rect(square).center
    return float(x), float(y - STACK_LIFT * level)


def square_at(pos: tuple[int, int]) -> int | None:
    """The square under a canvas point, or None."""
    if not BOARD.collidepoint(pos):
        return None
    col = (pos[0] - BOARD.left) // SQUARE
    row = 3 - (pos[1] - BOARD.top) // SQUARE
    return row * 4 + col


def supply_group_rect(code: str) -> pygame.Rect:
    width = SUPPLY.width // len(SUPPLY_ORDER)
    index = SUPPLY_ORDER.index(code)
    return pygame.Rect(SUPPLY.left + index * width, SUPPLY.top, width, SUPPLY.height)


def supply_slot(code: str, index: int) -> tuple[float, float]:
    group = supply_group_rect(code)
    return float(group.centerx - 40 + index * 40), float(group.top + 82)


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
        return float(self.rect.left + 64 + index * 86), float(self.rect.top + 158)

    def hand_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left + 16, self.rect.top + 112, self.rect.width - 32, 92)

    def captured_slot(self, index: int) -> tuple[float, float]:
        row, col = divmod(index, 8)
        return (float(self.rect.left + 52 + col * 64), float(self.rect.top + 262 + row * 60))

    def meter_slot(self, index: int) -> tuple[float, float]:
        return float(self.rect.left + 64 + index * 86), float(self.rect.top + 404)


def tray(seat: int) -> TrayLayout:
    return TrayLayout(corner_rect(seat))


def free_corners(players: int) -> list[pygame.Rect]:
    """The corners no player uses (for the pattern guide and the move log)."""
    return [corner_rect(corner) for corner in range(players, 4)]
