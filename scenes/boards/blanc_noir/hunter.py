"""Whether the hunter is what keeps a card from scoring (BN-4): the board's refusal and a phone's
"why not" both name the hunter then."""

from __future__ import annotations

from typing import Any

from game import blanc_noir as bn


def hunter_blocks(view: Any, card: str) -> bool:
    """Whether `card` would match the land of `view` (a seat's view or the state) if the hunter
    stood nowhere."""
    hunter = view.hunter
    if hunter is None:
        return False
    colour = view.top_colours()[hunter]
    return bool(bn.MASKS.get(card, 0) & view.land_bits_if(hunter, colour, hunter_there=False))
