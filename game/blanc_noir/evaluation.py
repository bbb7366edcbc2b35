"""The features of an En blanc et noir position that Expert's learned evaluation weighs: a
reading of the rules, with no AI in it. The bots (bots.py: `FEATURES`) load their weights,
`evaluation.json` beside this module, fitted from self-play by tools/fit_evaluation.py.

Each feature is of one seat, read from a full state (a search's sampled state): its points so
far, what its hand may still bring or cost (by whether each card matches the land now, or once
the hunter leaves), how much of the game is left, and its chances to act first.
"""

from __future__ import annotations

from typing import Any

from game.blanc_noir.cards import CARDS
from game.blanc_noir.table import HAND_LIMIT, MASKS

#: The cards left to draw at the start of a two-player game (36 less the land, the hands).
START_LEFT = 26

NAMES = (
    "scored",
    "scored, x left",
    "bear bonus",
    "bear bonus, x left",
    "hand scorable now",
    "hand scorable now, x left",
    "hand scorable once the hunter leaves",
    "hand scorable once the hunter leaves, x left",
    "hand not scorable",
    "hand not scorable, x left",
    "overlays in hand",
    "overlays in hand, x left",
    "cards in hand",
    "cards in hand, x left",
    "actions left now",
    "best market card scorable now, to act",
)


def features(state: Any, seat: int) -> list[float]:
    """The features of `seat` in the full state `state` (NAMES, in order)."""
    left = min(1.0, (state.deck_size + len(state.market)) / START_LEFT)
    parts = state.breakdown(seat)
    bits = state.land_bits()
    later_bits = None
    now = later = stuck = 0
    overlays = 0
    hand = state.hand(seat)
    for card in hand:
        info = CARDS[card]
        if info.overlay:
            overlays += 1
            continue
        mask = MASKS[card]
        if mask & bits:
            now += info.value
            continue
        if later_bits is None:
            later_bits = _without_hunter(state)
        if mask & later_bits:
            later += info.value
        else:
            stuck += info.value
    acting = state.current_player == seat
    market = 0
    if acting and len(hand) < HAND_LIMIT:
        for card in state.market:
            if MASKS[card] & bits and CARDS[card].value > market:
                market = CARDS[card].value
    size = len(hand)
    return [
        parts["cards"],
        parts["cards"] * left,
        parts["bear bonus"],
        parts["bear bonus"] * left,
        now,
        now * left,
        later,
        later * left,
        stuck,
        stuck * left,
        overlays,
        overlays * left,
        size,
        size * left,
        2 - state.actions_done if acting else 0,
        market,
    ]


def _without_hunter(state: Any) -> int:
    """The land's window codes as if the hunter stood nowhere."""
    hunter = state.hunter
    if hunter is None:
        return int(state.land_bits())
    colour = state._land[hunter][-1][0]  # its top card's colour (the `land` copy is slow)
    return int(state.land_bits_if(hunter, colour, hunter_there=False))
