"""Consequence events (what a scene animates) and their redaction for one viewer.

Tile ids name physical tiles, and each id has a fixed symbol (TILE_CODES), so a redacted event
hides the id as well as the symbol of a tile the viewer may not know: a scene follows such a tile
by its squares.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from game.core import Event


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


def _hidden(event: TilePlaced | TileSlid | TilePushedOff) -> Event:
    return replace(event, tile=None, code=event.code[0] + "?")


def redact_event(event: Event, seat: int | None) -> Event:
    """`event` as `seat` may see it (None: a spectator): an unknown tile shows colour only."""
    cls = event.__class__
    if cls is TilePlaced:
        return event if event.seat == seat else _hidden(event)  # type: ignore[attr-defined]
    if cls is TileSlid:
        return event if event.placer == seat else _hidden(event)  # type: ignore[attr-defined]
    if cls is TilePushedOff:
        known = seat is not None and seat in (event.placer, event.receiver)  # type: ignore[attr-defined]
        return event if known else _hidden(event)  # type: ignore[arg-type]
    return event


def redact_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events of a move as `seat` may see them (None: a spectator), as boardgame.io filters
    its log per viewer. Reveals, pairs, turns and the result are public."""
    return [redact_event(e, seat) for e in events]
