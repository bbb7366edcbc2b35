"""The attract loop's words for Consequence events (see scenes.kiosk.captions), in the language
shown. A tile reaches them as its colour only: its symbol is never told."""

from __future__ import annotations

from collections.abc import Sequence

from game import consequence as cq
from game.core.events import Event
from scenes.kit.i18n import N_, _
from scenes.kit.seat_names import Called, seat_name

#: the attract loop's headline: what the game is about, in one sentence a passer-by can check on
#: the board
HEADLINE = N_("Push the tiles around: touching pairs of your hidden symbol score at the end.")


def tell(events: Sequence[Event], names: Sequence[Called]) -> list[tuple[int, str]]:
    """(weight, words) of each event worth telling."""
    told: list[tuple[int, str]] = []
    for event in events:
        if isinstance(event, cq.TilePlaced):
            told.append((1, _("{name} places a tile").format(name=seat_name(names, event.seat))))
        elif isinstance(event, cq.TileSlid):
            told.append((2, _("A tile slides across the grid")))
        elif isinstance(event, cq.TilePushedOff):
            if len(names) == 2:
                pusher = seat_name(names, 1 - event.receiver)
                said = _("{name} pushes a tile off the edge").format(name=pusher)
            else:
                said = _("A push sends a tile off the edge")
            told.append((5, said))
        elif isinstance(event, cq.FinalPlacements):
            told.append((4, _("Play is over: the last tiles go down")))
        elif isinstance(event, cq.PairScored):
            told.append((3, _("{name} scores a pair").format(name=seat_name(names, event.seat))))
    return told
