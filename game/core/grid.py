"""Squares of the 4x4 grid two games share: names, neighbours, diagrams.

A square is an int 0..15: index = row * 4 + column, with a1 = 0, d1 = 3, a4 = 12, d4 = 15.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.engine import read_name

FILES = "abcd"
SIZE = 4
SQUARES = tuple(range(SIZE * SIZE))
SQUARE_NAMES = tuple(FILES[sq % SIZE] + str(sq // SIZE + 1) for sq in SQUARES)
_SQUARE_BY_NAME = {name: sq for sq, name in enumerate(SQUARE_NAMES)}


def square_name(square: int) -> str:
    """`0` -> `'a1'`, `15` -> `'d4'`."""
    return SQUARE_NAMES[square]


def parse_square(text: str) -> int:
    """`'a1'` -> `0`; InvalidNotation for anything that is not a square of the 4x4 grid."""
    return read_name(_SQUARE_BY_NAME, text, "a square (a1 .. d4)")


def is_square(value: object) -> bool:
    """Whether `value` is a square of the 4x4 grid: an int 0..15 (a bool is not)."""
    return value.__class__ is int and 0 <= value < SIZE * SIZE


def column_row(square: int) -> tuple[int, int]:
    """The (column, row) of a square, both 0-based: `a1` -> (0, 0), `d4` -> (3, 3)."""
    return square % SIZE, square // SIZE


def neighbours(square: int) -> tuple[int, ...]:
    """The up-to-eight squares touching `square` orthogonally or diagonally."""
    return _NEIGHBOURS[square]


def _compute_neighbours(square: int) -> tuple[int, ...]:
    col, row = column_row(square)
    return tuple(
        r * SIZE + c
        for r in range(row - 1, row + 2)
        for c in range(col - 1, col + 2)
        if (c, r) != (col, row) and 0 <= c < SIZE and 0 <= r < SIZE
    )


_NEIGHBOURS = tuple(_compute_neighbours(sq) for sq in SQUARES)


def render_grid(cells: Sequence[str]) -> str:
    """Four lines, row 4 first, the 16 cell texts of each row separated by spaces."""
    return "\n".join(
        " ".join(cells[row * SIZE + col] for col in range(SIZE)) for row in reversed(range(SIZE))
    )


def read_grid(diagram: str) -> list[str]:
    """The 16 cell texts of a 4x4 diagram (row 4 first), by square; ValueError if the diagram
    is not 4 rows of 4 cells."""
    rows = [row.split() for row in diagram.strip().splitlines()]
    if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
        raise ValueError("a diagram is 4 rows of 4 cells")
    return [rows[SIZE - 1 - sq // SIZE][sq % SIZE] for sq in SQUARES]
