"""The En blanc et noir how-to-play pages: the text players read, the rule ids each page covers
(for the tests and editors, never shown) and the page's diagram. The text follows the rules
file (shared/rules/blanc_noir.md)."""

from __future__ import annotations

from scenes.boards.blanc_noir import diagrams
from scenes.kit.i18n import N_
from scenes.kit.rules_drawing import Page, rule_range

PAGES: tuple[Page, ...] = (
    Page(
        N_("Cards, land and market"),
        N_(
            "36 cards: 18 with a white back and 18 with a black back, worth 2 to 5, and 4 "
            "overlays of each colour with no value. One card of each value and colour shows a "
            "bear.\nEach player gets 3 secret cards. Two white and two black cards form a "
            "checkerboard: the land. Three cards lie face up: the market."
        ),
        rule_range("BN", 1, 8),
        diagrams.setup,
    ),
    Page(
        N_("Your turn: two actions"),
        N_(
            "Do two actions, in any order; the same one twice is fine.\nA. Expand: lay a card "
            "from your hand face down next to the land. The hunter moves onto it. Overlays may "
            "also go on top of any land card.\nB. Score a card whose pattern fits the land.\nC. "
            "Draw a card from the market (at most 5 in hand)."
        ),
        rule_range("BN", 10, 15),
        diagrams.turn,
    ),
    Page(
        N_("Patterns"),
        N_(
            "A card shows up to four icons in the corners of a 2x2 window: its own colour, the "
            "other colour, or nothing (a hatched corner).\nIt fits if it can be laid on the land, "
            "turned any of four ways, so that every icon sits on a square of that colour, and none "
            "on the hunter's square. A hatched corner may fall anywhere, even off the land. The "
            "land is never used up."
        ),
        ("BN-3", "BN-4", "BN-13"),
        diagrams.pattern,
    ),
    Page(
        N_("The end and the bears"),
        N_(
            "When the last card has been drawn, the game ends with that turn. Add the values of "
            "the cards you scored and subtract the cards still in your hand (an overlay costs "
            "5).\nBear bonus: if one colour holds more land squares, each scored bear of that "
            "colour gives +2 and each bear of the other colour −2; on equal counts, no bonus.\nA "
            "tie on points goes to the one who scored more cards of the colour that won the bear "
            "count; if still tied (or the land was tied), they share the win."
        ),
        rule_range("BN", 17, 20),
        diagrams.scoring,
    ),
)
