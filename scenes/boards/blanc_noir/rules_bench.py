"""En blanc et noir's own figures for `python main.py bench rules`: the pattern search (which
hand cards are scorable) on a grown land, from scratch and incrementally."""

from __future__ import annotations

import random
import time
from typing import Any

from game.blanc_noir.cards import CARDS, Card
from game.blanc_noir.patterns import Square, WindowCounts, card_mask


def figures() -> list[dict[str, Any]]:
    """The JSON lines `bench rules` prints for this game."""
    return [time_scorable_search(CARDS, squares=40, hand=5)]


def grown_land(squares: int, rng: random.Random) -> dict[Square, int]:
    """A random connected land of `squares` squares grown from (0, 0), random top colours."""
    top = {(0, 0): rng.choice((1, 2))}
    while len(top) < squares:
        x, y = rng.choice(list(top))
        dx, dy = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
        top.setdefault((x + dx, y + dy), rng.choice((1, 2)))
    return top


def time_scorable_search(
    cards: dict[str, Card], squares: int = 40, hand: int = 5, lands: int = 200, seed: int = 1
) -> dict[str, float | int | str]:
    """Microseconds to find every scorable card of a `hand`-card hand on `squares`-square lands:
    from scratch (every window of the land coded), and incrementally after one land action."""
    rng = random.Random(seed)
    valued = [c for c in cards.values() if c.pattern]
    masks = {c.id: card_mask(c) for c in valued}
    cases = []
    for _ in range(lands):
        top = grown_land(squares, rng)
        hunter = rng.choice(list(top))
        cases.append((top, hunter, [c.id for c in rng.sample(valued, hand)]))
    found = 0
    start = time.perf_counter()
    for top, hunter, ids in cases:
        bits = WindowCounts.of_land(top, hunter).bits
        found += len([c for c in ids if masks[c] & bits])
    scratch = (time.perf_counter() - start) / lands
    windows = [WindowCounts.of_land(top, hunter) for top, hunter, _ in cases]
    start = time.perf_counter()
    for (top, hunter, ids), counts in zip(cases, windows, strict=True):
        new = next(sq for sq in top if sq != hunter)  # an overlay laid there: hunter moves
        counts.lay(top, hunter, new)
        top[new] = 3 - top[new]
        bits = counts.bits
        found += len([c for c in ids if masks[c] & bits])
    incremental = (time.perf_counter() - start) / lands
    return {
        "bench": "patterns",
        "game": "blanc-noir",
        "land_squares": squares,
        "hand": hand,
        "scratch_us": round(scratch * 1e6, 1),
        "after_one_land_us": round(incremental * 1e6, 1),
        "scorable_found": found,
    }
