"""The attract loop's words for En blanc et noir events (see scenes.kiosk.captions), in the
language shown. A card laid face down reaches them as its colour and `?`: only its colour is
told."""

from __future__ import annotations

from collections.abc import Sequence

from game import blanc_noir as bn
from game.core.events import Event
from scenes.boards.blanc_noir import words
from scenes.kit.i18n import N_, _
from scenes.kit.seat_names import Called, seat_name

#: the attract loop's headline: what the game is about, in one sentence a passer-by can check on
#: the board
HEADLINE = N_("Grow a land of white and black forest, and score the cards whose pattern it shows.")


def tell(events: Sequence[Event], names: Sequence[Called]) -> list[tuple[int, str]]:
    """(weight, words) of each event worth telling."""
    told: list[tuple[int, str]] = []
    for event in events:
        who = seat_name(names, getattr(event, "seat", None))
        if isinstance(event, bn.CardDrawn):
            told.append((1, _("{name} takes a card from the market").format(name=who)))
        elif isinstance(event, bn.LandLaid):
            white = str(event.colour).upper().startswith("W")
            if event.overlay:
                said = (
                    _("{name} lays a white card face down as an overlay")
                    if white
                    else _("{name} lays a black card face down as an overlay")
                )
            else:
                said = (
                    _("{name} lays a white card face down")
                    if white
                    else _("{name} lays a black card face down")
                )
            told.append((2, said.format(name=who)))
        elif isinstance(event, bn.HunterMoved):
            told.append((3, _("The hunter moves on")))
        elif isinstance(event, bn.CardScored):
            said = _("{name} scores a {card}").format(name=who, card=words.card(event.card))
            told.append((5, said))
    return told
