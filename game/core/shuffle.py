"""`shuffle`: the order `random.Random.shuffle` gives, at a fraction of its cost.

Dealing a game shuffles its cards, and the rules engines' random games deal thousands of games a
second; `random.Random.shuffle` spends most of its time calling `_randbelow` for each card. The
steps are written out here, drawing the same numbers from the generator in the same order, so a
seed deals exactly what it dealt before (tests/test_shuffle.py holds this against the library's
own shuffle).
"""

from __future__ import annotations

import random
from typing import TypeVar

T = TypeVar("T")


def shuffle(items: list[T], rng: random.Random) -> None:
    """Shuffle `items` in place exactly as `rng.shuffle(items)` does: for i from the end down
    to 1, swap item i with item j, j drawn uniformly from 0..i by `getrandbits` of the bit
    length of i + 1, drawn again while it is over i."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        bits = (i + 1).bit_length()
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
