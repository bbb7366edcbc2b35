"""The attract loop's words for En blanc et noir events (see scenes.kiosk.captions). A card laid
face down reaches them as its colour and `?`: only its colour is told."""

from __future__ import annotations

from collections.abc import Sequence

from game import blanc_noir as bn
from game.blanc_noir.cards import CARDS
from game.core.events import Event
from scenes.kiosk.captions import seat_name


def tell(events: Sequence[Event], names: Sequence[str]) -> list[tuple[int, str]]:
    """(weight, words) of each event worth telling."""
    told: list[tuple[int, str]] = []
    for event in events:
        if isinstance(event, bn.CardDrawn):
            told.append((1, f"{seat_name(names, event.seat)} takes a card from the market"))
        elif isinstance(event, bn.LandLaid):
            colour = "white" if str(event.colour).upper().startswith("W") else "black"
            how = " as an overlay" if event.overlay else ""
            who = seat_name(names, event.seat)
            told.append((2, f"{who} lays a {colour} card face down{how}"))
        elif isinstance(event, bn.HunterMoved):
            told.append((3, "The hunter moves on"))
        elif isinstance(event, bn.CardScored):
            told.append((5, f"{seat_name(names, event.seat)} scores a {_card_words(event.card)}"))
    return told


def _card_words(card: str) -> str:
    """A scored card's id as words, from the public card table ("B5x" -> "black 5")."""
    info = CARDS.get(card)
    if info is None:
        return "card"
    colour = "white" if info.colour.upper().startswith("W") else "black"
    return f"{colour} {info.value}" if not info.overlay else f"{colour} overlay"
