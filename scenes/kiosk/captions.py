"""One-line captions for the attract loop, made from the events a spectator may see.

`caption(events, names)` reads only what `BoardScene.presenter_events` hands the presenter for a
spectator (the boards' redaction), so a caption can never tell a secret: a card laid face down
reaches it as its colour and `?`, a Consequence tile as its colour only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.core.events import GameOver

_WF_PIECES = {
    "LD": "large dog",
    "SD": "small dog",
    "LC": "large cat",
    "SC": "small cat",
    "LF": "large can",
    "SF": "small can",
}
_WF_PLURAL = {"dog": "dogs", "cat": "cats", "can": "cans"}
_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _count(number: int) -> str:
    return _NUMBERS[number] if 0 <= number < len(_NUMBERS) else str(number)


def _captured(pieces: Sequence[str]) -> str:
    """("SC", "LC", "LC") -> "Three cats captured"."""
    kinds: dict[str, int] = {}
    for piece in pieces:
        kind = _WF_PIECES.get(piece, "piece").split()[-1]
        kinds[kind] = kinds.get(kind, 0) + 1
    parts = [
        f"{_count(n)} {_WF_PLURAL.get(kind, kind + 's') if n != 1 else kind}"
        for kind, n in kinds.items()
    ]
    text = " and ".join(parts) + " captured"
    return text[:1].upper() + text[1:]


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return "Someone"


def _land(e: Any, names: Sequence[str]) -> tuple[int, str]:
    colour = "white" if str(e.colour).upper().startswith("W") else "black"
    how = " as an overlay" if e.overlay else ""
    return 2, f"{_name(names, e.player)} lays a {colour} card face down{how}"


def _pushed_off(e: Any, names: Sequence[str]) -> tuple[int, str]:
    pusher = _name(names, 1 - e.receiver) if len(names) == 2 else "A push"
    return 5, f"{pusher} pushes a tile off the edge"


#: event class name -> (weight, caption) of one event; the heaviest event of a move is told
_TELL: dict[str, Callable[[Any, Sequence[str]], tuple[int, str]]] = {
    "Placed": lambda e, n: (
        1, f"{_name(n, e.player)} puts a {_WF_PIECES.get(e.piece, 'piece')} on {e.square}"
    ),
    "LosingPattern": lambda e, n: (6, f"{_name(n, e.player)} loses: {_losing_line(e)}"),
    "Overeating": lambda e, n: (7, f"{_name(n, e.player)} has eaten {e.cans} cans: too many!"),
    "ThreeCans": lambda e, n: (8, f"Three cans for {_name(n, e.player)}: a win!"),
    "Disqualified": lambda e, n: (6, f"{_name(n, e.player)} is out of the game"),
    "TilePlaced": lambda e, n: (1, f"{_name(n, e.seat)} places a tile"),
    "TileSlid": lambda e, n: (2, "A tile slides across the grid"),
    "TilePushedOff": _pushed_off,
    "FinalPlacements": lambda e, n: (4, "Play is over: the last tiles go down"),
    "PairScored": lambda e, n: (3, f"{_name(n, e.seat)} scores a pair"),
    "CardDrawn": lambda e, n: (1, f"{_name(n, e.player)} takes a card from the market"),
    "LandLaid": _land,
    "HunterMoved": lambda e, n: (3, "The hunter moves on"),
    "CardScored": lambda e, n: (5, f"{_name(n, e.player)} scores a {_card_words(e.card)}"),
}  # fmt: skip


def caption(events: Sequence[Any], names: Sequence[str]) -> str | None:
    """The most telling thing in `events` as one line, or None if nothing is worth saying."""
    told: list[tuple[int, str]] = []
    chain = [e for e in events if type(e).__name__ == "ChainStep"]
    for event in events:
        tell = _TELL.get(type(event).__name__)
        if tell is not None:
            told.append(tell(event, names))
        elif isinstance(event, GameOver):
            told.append((9, _game_over(event, names)))
    if chain:
        pieces = [piece for step in chain for _, piece in step.captured]
        who = _name(names, chain[0].player)
        if len(chain) > 1:
            told.append((7, f"Chain x{len(chain)}! {_captured(pieces)} by {who}"))
        elif pieces:
            told.append((5, f"{who}: {_captured(pieces).lower()}"))
    if not told:
        return None
    return max(told, key=lambda item: item[0])[1]


def _losing_line(event: Any) -> str:
    """A losing pattern as words ("four dogs in a line!"), from the Whose Foods board."""
    from scenes.boards.whose_foods.presenter import loss_text

    return loss_text(event.pattern, event.pieces).lower()


def _card_words(card: str) -> str:
    """A scored card's id as words, from the public card table ("B5x" -> "black 5")."""
    try:
        from game.blanc_noir.cards import CARDS

        info = CARDS[card]
    except (ImportError, KeyError):
        return "card"
    colour = "white" if info.colour.upper().startswith("W") else "black"
    return f"{colour} {info.value}" if not info.overlay else f"{colour} overlay"


def _game_over(event: Any, names: Sequence[str]) -> str:
    result = getattr(event, "result", None)
    winners = list(getattr(result, "winners", ()) or ())
    if len(winners) == 1:
        return f"{_name(names, winners[0])} wins!"
    if winners:
        return "A shared win for " + " and ".join(_name(names, w) for w in winners)
    return "Game over"
