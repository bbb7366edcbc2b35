"""Consequence scoring on a grid of symbols: neighbour pairs (CQ-15) and lines of four (CQ-16)."""

from __future__ import annotations

from collections.abc import Sequence

from game.consequence.moves import SEAT_SYMBOLS
from game.core.grid import neighbours

#: Every unordered pair of neighbouring squares (orthogonal or diagonal), each once: 42 pairs.
PAIRS: tuple[tuple[int, int], ...] = tuple(
    (a, b) for a in range(16) for b in neighbours(a) if a < b
)
#: The 4 rows, 4 columns and 2 long diagonals of the grid.
LINES: tuple[tuple[int, ...], ...] = (
    tuple(tuple(row * 4 + col for col in range(4)) for row in range(4))
    + tuple(tuple(row * 4 + col for row in range(4)) for col in range(4))
    + ((0, 5, 10, 15), (3, 6, 9, 12))
)


def pairs_of(symbols: Sequence[str], seat: int) -> list[tuple[int, int]]:
    """The neighbouring pairs of squares both showing `seat`'s symbol (`symbols` per square)."""
    mine = SEAT_SYMBOLS[seat]
    return [(a, b) for a, b in PAIRS if symbols[a] == mine and symbols[b] == mine]


def four_in_line(symbols: Sequence[str], seat: int) -> bool:
    """Whether `seat`'s symbol fills a row, column or long diagonal."""
    mine = SEAT_SYMBOLS[seat]
    return any(all(symbols[sq] == mine for sq in line) for line in LINES)
