"""What an En blanc et noir player's phone shows: their hand with each card's pattern (turned as
it would match, where it matches the land now), the land's colours and the hunter, the market, the
others' hands as colours (BN-21), the scored cards, and their legal moves as notation. Drawn by
`phone.js` beside this module."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.blanc_noir.cards import CARDS
from game.blanc_noir.view import View
from scenes.phones.spec import PhoneSpec


def card_face(card: str) -> dict[str, Any]:
    """A card as a phone draws it: a known card's face (pattern in land colours, top row
    first), or only its colour (`W?`, `B?`, `WO?`)."""
    face = CARDS.get(card)
    if face is None:
        return {"id": card, "colour": card[0], "known": False}
    own, other = card[0], "B" if card[0] == "W" else "W"
    pattern = None
    if face.pattern is not None:
        pattern = face.pattern.replace("X", own).replace("Y", other).split("/")
    return {
        "id": card,
        "colour": own,
        "known": True,
        "value": face.value,
        "bear": face.bear,
        "overlay": face.overlay,
        "pattern": pattern,
    }


def match_window(view: View, card: str) -> dict[str, Any] | None:
    """Where `card` matches the land now: its icon squares and the card's pattern as it lies
    there (turned), top row first; None if it matches nowhere."""
    squares = view.match_squares(card)
    if not squares:
        return None
    left = min(x for x, _ in squares)
    bottom = min(y for _, y in squares)
    top = view.top_colours()
    rows = [
        "".join(top.get((x, y), ".") if (x, y) in squares else "." for x in (left, left + 1))
        for y in (bottom + 1, bottom)
    ]
    return {"squares": [list(square) for square in squares], "pattern": rows}


def phone_board(view: View, seat: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The seat's phone data, from its view alone."""
    top = view.top_colours()
    hunter = view.hunter
    hand = view.hand(seat)
    land = view.land
    my_turn = view.current_player == seat
    return {
        "hand": [
            {**card_face(card), "match": match_window(view, card) if my_turn else None}
            for card in hand
        ],
        "hands": [len(view.hand(s)) for s in range(view.players)],
        "hand_colours": [[card[0] for card in view.hand(s)] for s in range(view.players)],
        "land": [
            {"x": x, "y": y, "colour": top[(x, y)], "depth": len(land[(x, y)])}
            for (x, y) in sorted(land)
        ],
        "hunter": None if hunter is None else list(hunter),
        "frontier": [list(square) for square in sorted(view.frontier())],
        "market": [card_face(card) for card in view.market],
        "deck": view.deck_size,
        "scored": [[card_face(card) for card in view.scored(s)] for s in range(view.players)],
        "points": [view.score(s) for s in range(view.players)],
        "actions_done": view.actions_done,
        "moves": [str(move) for move in view.legal_moves()],
    }


PHONE = PhoneSpec(phone_board)
