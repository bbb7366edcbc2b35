"""The words the En blanc et noir board says about cards in its move log and refusals (marked for
translation, drawn in the language shown). A card nobody may see is told by its colour only
(BN-21)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.blanc_noir.cards import CARDS
from scenes.boards.cursor import place_said
from scenes.kit.i18n import L_, Message, _

if TYPE_CHECKING:
    from game.blanc_noir import State, View
    from scenes.boards.blanc_noir.sprites import CardSprite


def card(code: str) -> Message:
    """ "white 4 with a bear", "black overlay", "white card" (a card seen from its back)."""
    white = code[0] == "W"
    face = CARDS.get(code)
    if face is None:
        if code.endswith("O?"):
            return L_("white overlay") if white else L_("black overlay")
        return L_("white card") if white else L_("black card")
    if face.overlay:
        return L_("white overlay") if white else L_("black overlay")
    if face.bear:
        if white:
            return L_("white {value} with a bear", value=face.value)
        return L_("black {value} with a bear", value=face.value)
    return L_("white {value}", value=face.value) if white else L_("black {value}", value=face.value)


def place(
    name: str, shown: View[State], hand: Sequence[CardSprite], market: Sequence[CardSprite]
) -> str:
    """What self-voicing says of the cursor's place `name`: a land square's top card and how
    many lie there, a card of the hand on show (`hand`) or of the `market`, or the deck's size;
    from `shown`, the view of the seat on show (BN-21: a card it may not see by its colour
    only, the deck by its size only)."""
    kind, _space, rest = name.partition(" ")
    if kind == "deck":
        return _("Deck: {count} cards").format(count=shown.deck_size)
    if kind == "land":
        x, y = (int(n) for n in rest.split())
        square = _("Land {x}, {y}").format(x=x, y=y)
        stack = shown.land.get((x, y), ())
        if not stack:
            return place_said(square)
        top = str(card(stack[-1]))
        if len(stack) > 1:
            top = _("{card} on a stack of {count}").format(card=top, count=len(stack))
        return place_said(square, top)
    sprites = hand if kind == "hand" else market
    where = (_("Hand {number}") if kind == "hand" else _("Market {number}")).format(number=rest)
    index = int(rest) - 1
    if index >= len(sprites):
        return place_said(where)
    sprite = sprites[index]
    code = sprite.code if sprite.face_up or kind == "hand" else sprite.code[0] + "?"
    return place_said(where, str(card(code)))
