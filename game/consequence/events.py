"""Consequence events (what a scene animates) and their redaction for one viewer.

Tile ids name physical tiles, each with a fixed symbol (TILE_CODES). The full events carry them.
A redacted event carries no tile id at all (None): an id would tell the symbol of a tile the viewer
may not know, and even for a known tile, which of several tiles of one code it is can tell the
history of a hidden hand. Scenes follow a tile by its squares, which every event names; the ids
come back with the reveal at the end.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from game.core.events import Event


@dataclass(frozen=True, slots=True)
class TilePlaced(Event):
    """`seat` put a tile from hand on `square` (Place, or the first half of Place and push)."""

    seat: int
    tile: int | None
    code: str
    square: int


@dataclass(frozen=True, slots=True)
class TileSlid(Event):
    """A grid tile slid from `src` to the neighbouring `dst` (a Move, or one step of a push).
    `placer` is the seat that put it on the grid, the only one who knows its symbol."""

    tile: int | None
    code: str
    placer: int
    src: int
    dst: int


@dataclass(frozen=True, slots=True)
class TilePushedOff(Event):
    """The tile on `square` left the grid and went to the hand of `receiver` (CQ-10)."""

    tile: int | None
    code: str
    placer: int
    square: int
    receiver: int


@dataclass(frozen=True, slots=True)
class FinalPlacements(Event):
    """Play is over (`reason`: "hand empty" or "turn limit"); the tiles still in hand are placed,
    `first` placing first (CQ-14, CQ-19)."""

    reason: str
    first: int


@dataclass(frozen=True, slots=True)
class TileRevealed(Event):
    """At the end every tile is turned face up (CQ-15)."""

    tile: int
    code: str
    square: int


@dataclass(frozen=True, slots=True)
class PairScored(Event):
    """`seat` scores the pair of its symbol on squares `a` and `b` (CQ-15)."""

    seat: int
    a: int
    b: int


def redact_event(event: Event, seat: int | None) -> Event:
    """`event` as `seat` may see it (None: a spectator): no tile id, and for a tile the seat may
    not know (CQ-17; CQ-10 for the receiver of a pushed-off tile) the colour only (`b?`)."""
    if isinstance(event, TilePlaced):
        known = event.seat == seat
    elif isinstance(event, TileSlid):
        known = event.placer == seat
    elif isinstance(event, TilePushedOff):
        known = seat is not None and seat in (event.placer, event.receiver)
    else:
        return event
    return replace(event, tile=None, code=event.code if known else event.code[0] + "?")


def redact_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events of a move as `seat` may see them (None: a spectator), as boardgame.io filters
    its log per viewer. Reveals, pairs, turns and the result are public."""
    return [redact_event(e, seat) for e in events]
