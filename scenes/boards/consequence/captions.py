"""The attract loop's words for Consequence events (see scenes.kiosk.captions). A tile reaches
them as its colour only: its symbol is never told."""

from __future__ import annotations

from collections.abc import Sequence

from game import consequence as cq
from game.core.events import Event
from scenes.kiosk.captions import seat_name


def tell(events: Sequence[Event], names: Sequence[str]) -> list[tuple[int, str]]:
    """(weight, words) of each event worth telling."""
    told: list[tuple[int, str]] = []
    for event in events:
        if isinstance(event, cq.TilePlaced):
            told.append((1, f"{seat_name(names, event.seat)} places a tile"))
        elif isinstance(event, cq.TileSlid):
            told.append((2, "A tile slides across the grid"))
        elif isinstance(event, cq.TilePushedOff):
            pusher = seat_name(names, 1 - event.receiver) if len(names) == 2 else "A push"
            told.append((5, f"{pusher} pushes a tile off the edge"))
        elif isinstance(event, cq.FinalPlacements):
            told.append((4, "Play is over: the last tiles go down"))
        elif isinstance(event, cq.PairScored):
            told.append((3, f"{seat_name(names, event.seat)} scores a pair"))
    return told
