"""Geometry of a square board on the canvas, built on `game.core.engine`'s square helpers.

A square is the engine's int (`a1` = 0, row by row from the bottom); row 1 is drawn at the
bottom, as in the rules' diagrams. Every board and rules picture of a 4x4 game asks a `Grid`
where a square is, instead of redoing `% 4` and `3 - row` by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.grid import SIZE, column_row, square_name


@dataclass(frozen=True)
class Grid:
    """A `size` x `size` board whose squares are `cell` pixels, top-left corner at `origin`."""

    origin: tuple[int, int]
    cell: int
    size: int = SIZE

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.origin, (self.size * self.cell, self.size * self.cell))

    @property
    def squares(self) -> range:
        return range(self.size * self.size)

    def square_rect(self, square: int) -> pygame.Rect:
        col, row = column_row(square)
        left, top = self.origin
        return pygame.Rect(
            left + col * self.cell, top + (self.size - 1 - row) * self.cell, self.cell, self.cell
        )

    def centre(self, square: int) -> tuple[float, float]:
        x, y = self.square_rect(square).center
        return float(x), float(y)

    def square_at(self, pos: tuple[float, float]) -> int | None:
        """The square under a canvas point, or None off the board."""
        if not self.rect.collidepoint(pos):
            return None
        col = int(pos[0] - self.origin[0]) // self.cell
        row = self.size - 1 - int(pos[1] - self.origin[1]) // self.cell
        return row * self.size + col

    def is_light(self, square: int) -> bool:
        """The chequer colour: a1 is dark, as on a chessboard."""
        col, row = column_row(square)
        return (col + row) % 2 == 1

    @staticmethod
    def name(square: int) -> str:
        return square_name(square)
