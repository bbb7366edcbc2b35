"""The words the En blanc et noir board says about cards in its move log and refusals (marked for
translation, drawn in the language shown). A card nobody may see is told by its colour only
(BN-21)."""

from __future__ import annotations

from game.blanc_noir.cards import CARDS
from scenes.kit.i18n import L_, Message


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
