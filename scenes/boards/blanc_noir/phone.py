"""What an En blanc et noir player's phone shows: their hand with each card's pattern (turned as
it would match, where it matches the land now), the land's colours and the hunter, the market, the
others' hands as colours (BN-21), the scored cards, and their legal moves as notation. Drawn by
`phone.js` beside this module."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.blanc_noir.cards import CARDS
from game.blanc_noir.state import State
from game.blanc_noir.view import View
from scenes.boards.blanc_noir import words
from scenes.boards.blanc_noir.ending import notes
from scenes.boards.blanc_noir.hunter import hunter_blocks
from scenes.kit.i18n import LP_, N_, Message, _
from scenes.phones.spec import PhoneSpec


def card_face(card: str) -> dict[str, object]:
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


def match_window(view: View[State], card: str) -> dict[str, object] | None:
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


def why_not_scored(view: View[State], card: str, moves: set[str]) -> str | None:
    """Why `card` may not be scored now, in words (None: it may, or it is an overlay, which the
    page says itself); asked only on the seat's turn."""
    face = CARDS.get(card)
    if face is None or face.overlay or f"score {card}" in moves:
        return None
    said = words.card(card)
    if hunter_blocks(view, card):
        return _(
            "The hunter blocks that spot: the {card} matches only where the hunter stands."
        ).format(card=said)
    return _("The {card} matches nowhere on the land now: lay it, or keep it.").format(card=said)


def phone_board(view: View[State], seat: int, options: Mapping[str, Any]) -> dict[str, object]:
    """The seat's phone data, from its view alone."""
    top = view.top_colours()
    hunter = view.hunter
    hand = view.hand(seat)
    land = view.land
    my_turn = view.current_player == seat
    moves = [str(move) for move in view.legal_moves()]
    legal = set(moves)
    return {
        "hand": [
            {
                **card_face(card),
                "match": match_window(view, card) if my_turn else None,
                "why_not": why_not_scored(view, card, legal) if my_turn else None,
            }
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
        "moves": moves,
    }


#: the words of phone.js (see scenes.phones.words)
WORDS: dict[str, str | Message] = {
    "card_W": N_("white card"),
    "card_B": N_("black card"),
    "overlay_W": N_("white overlay"),
    "overlay_B": N_("black overlay"),
    "value_card_W": N_("white {value}"),
    "value_card_B": N_("black {value}"),
    "bear_card_W": N_("white {value} with a bear"),
    "bear_card_B": N_("black {value} with a bear"),
    "overlay": N_("overlay"),
    "bear": N_("bear"),
    "pattern": N_("pattern"),
    "pattern_turned": N_("pattern, turned as it matches"),
    "scores_now": N_("scores now"),
    "card_scores": N_("{card}, scores now"),
    "the_land": N_("The land"),
    "land_W": N_("white land"),
    "land_B": N_("black land"),
    "land_W_deep": N_("white land, {depth} cards"),
    "land_B_deep": N_("black land, {depth} cards"),
    "land_W_hunter": N_("white land, the hunter"),
    "land_B_hunter": N_("black land, the hunter"),
    "land_W_deep_hunter": N_("white land, {depth} cards, the hunter"),
    "land_B_deep_hunter": N_("black land, {depth} cards, the hunter"),
    "edge": N_("empty, next to the land"),
    "square": N_("{x}, {y}: {what}"),
    "hunter": N_("the hunter"),
    "pick_first": N_("Pick a card from your hand first, then a glowing square."),
    "hint_match": N_(
        "Score it (it matches where the land is ringed), or tap a glowing square to lay it."
    ),
    "hint_lay": N_("Tap a glowing square of the land to lay it."),
    "hint_draw": N_("Draw it into your hand?"),
    "hint_two": N_("2 actions: lay or score a hand card, or draw from the market."),
    "hint_one": N_("1 more action: lay or score a hand card, or draw from the market."),
    "hint_private": N_("Your hand, private to you. The land and market are on the big screen too."),
    "your_hand": N_("Your hand ({count} of 5)"),
    "score": N_("Score"),
    "score_points": N_("Score +{points}"),
    "overlay_on_top": N_("An overlay may also go on top of land."),
    "market": N_("Market (deck: {deck})"),
    "draw_card": N_("Draw the {card}"),
    "table": N_("Table"),
    "points_hand": N_("{name}: {points} points scored, hand "),
    "empty": LP_("a hand", "empty"),
}

PHONE = PhoneSpec(
    phone_board, package=__package__ or __name__, words=WORDS, ending=notes, art=("hunter",)
)
