"""The attract loop's words for Whose Foods events (see scenes.kiosk.captions)."""

from __future__ import annotations

from collections.abc import Sequence

from game import whose_foods as wf
from game.core.events import Event
from scenes.boards.whose_foods.presenter import loss_text
from scenes.kiosk.captions import count_words, seat_name

_PIECES = {
    "LD": "large dog",
    "SD": "small dog",
    "LC": "large cat",
    "SC": "small cat",
    "LF": "large can",
    "SF": "small can",
}
_PLURAL = {"dog": "dogs", "cat": "cats", "can": "cans"}


def tell(events: Sequence[Event], names: Sequence[str]) -> list[tuple[int, str]]:
    """(weight, words) of each event worth telling; a chain is told as one."""
    told: list[tuple[int, str]] = []
    for event in events:
        if isinstance(event, wf.Placed):
            piece = _PIECES.get(event.piece, "piece")
            told.append((1, f"{seat_name(names, event.seat)} puts a {piece} on {event.square}"))
        elif isinstance(event, wf.LosingPattern):
            words = loss_text(event.pattern, event.pieces).lower()
            told.append((6, f"{seat_name(names, event.seat)} loses: {words}"))
        elif isinstance(event, wf.Overeating):
            who = seat_name(names, event.seat)
            told.append((7, f"{who} has eaten {event.cans} cans: too many!"))
        elif isinstance(event, wf.ThreeCans):
            told.append((8, f"Three cans for {seat_name(names, event.seat)}: a win!"))
        elif isinstance(event, wf.Disqualified):
            told.append((6, f"{seat_name(names, event.seat)} is out of the game"))
    chain = [event for event in events if isinstance(event, wf.ChainStep)]
    if chain:
        pieces = [piece for step in chain for _, piece in step.captured]
        who = seat_name(names, chain[0].seat)
        if len(chain) > 1:
            told.append((7, f"Chain x{len(chain)}! {_captured(pieces)} by {who}"))
        elif pieces:
            told.append((5, f"{who}: {_captured(pieces).lower()}"))
    return told


def _captured(pieces: Sequence[str]) -> str:
    """("SC", "LC", "LC") -> "Three cats captured"."""
    kinds: dict[str, int] = {}
    for piece in pieces:
        kind = _PIECES.get(piece, "piece").split()[-1]
        kinds[kind] = kinds.get(kind, 0) + 1
    parts = [
        f"{count_words(n)} {_PLURAL.get(kind, kind + 's') if n != 1 else kind}"
        for kind, n in kinds.items()
    ]
    text = " and ".join(parts) + " captured"
    return text[:1].upper() + text[1:]
