"""The 36 cards of En blanc et noir (BN-1, BN-3): ids, colours, values, bears and patterns.

The whole printing lives in `CARD_TABLE`, one row per card, so a different printing can be
dropped in by replacing that table (`check_table` says whether it keeps the BN-1 composition).
Patterns are two rows of a 2x2 window, top row first (top = larger y): `X` the card's own colour,
`Y` the other colour, `.` no icon. Overlay cards have no value and no pattern.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

WHITE = "W"
BLACK = "B"
COLOURS = (WHITE, BLACK)
#: What an overlay card left in hand costs at the end (BN-18).
OVERLAY_PENALTY = 5

#: id, value (None for an overlay), bear, pattern (None for an overlay). DESIGN of rules file.
CARD_TABLE: tuple[tuple[str, int | None, bool, str | None], ...] = (
    ("W2a", 2, True, "YX/X."),
    ("W2b", 2, False, "YX/X."),
    ("W2c", 2, False, "XY/X."),
    ("W2d", 2, False, "XX/Y."),
    ("W2e", 2, False, "YX/X."),
    ("W3a", 3, True, "XX/X."),
    ("W3b", 3, False, "XX/X."),
    ("W3c", 3, False, "XX/YY"),
    ("W3d", 3, False, "XY/YX"),
    ("W4a", 4, True, "XX/XY"),
    ("W4b", 4, False, "XX/XY"),
    ("W4c", 4, False, "XX/XY"),
    ("W5a", 5, True, "XX/XX"),
    ("W5b", 5, False, "XX/XX"),
    ("WOa", None, False, None),
    ("WOb", None, False, None),
    ("WOc", None, False, None),
    ("WOd", None, False, None),
    ("B2a", 2, True, "YX/X."),
    ("B2b", 2, False, "YX/X."),
    ("B2c", 2, False, "XY/X."),
    ("B2d", 2, False, "XX/Y."),
    ("B2e", 2, False, "YX/X."),
    ("B3a", 3, True, "XX/X."),
    ("B3b", 3, False, "XX/X."),
    ("B3c", 3, False, "XX/YY"),
    ("B3d", 3, False, "XY/YX"),
    ("B4a", 4, True, "XX/XY"),
    ("B4b", 4, False, "XX/XY"),
    ("B4c", 4, False, "XX/XY"),
    ("B5a", 5, True, "XX/XX"),
    ("B5b", 5, False, "XX/XX"),
    ("BOa", None, False, None),
    ("BOb", None, False, None),
    ("BOc", None, False, None),
    ("BOd", None, False, None),
)


@dataclass(frozen=True, slots=True)
class Card:
    """One printed card: its id, back colour, value, bear and pattern (None for overlays)."""

    id: str
    colour: str
    value: int
    bear: bool
    overlay: bool
    pattern: str | None

    @property
    def penalty(self) -> int:
        """What this card costs when left in hand at the end (BN-18)."""
        return OVERLAY_PENALTY if self.overlay else self.value


def build_cards(table: tuple[tuple[str, int | None, bool, str | None], ...]) -> dict[str, Card]:
    """Card id -> Card for every row of a card table, in table order."""
    cards: dict[str, Card] = {}
    for card_id, value, bear, pattern in table:
        overlay = value is None
        cards[card_id] = Card(card_id, card_id[0], value or 0, bear, overlay, pattern)
    return cards


def check_table(cards: dict[str, Card]) -> list[str]:
    """The ways a card set breaks BN-1 / BN-3 (empty when it is a valid printing)."""
    problems = []
    if len(cards) != 36:
        problems.append(f"{len(cards)} cards instead of 36")
    for colour in COLOURS:
        own = [c for c in cards.values() if c.colour == colour]
        values = Counter(c.value for c in own if not c.overlay)
        if values != Counter({2: 5, 3: 4, 4: 3, 5: 2}):
            problems.append(f"{colour} values {dict(values)} instead of 2x5 3x4 4x3 5x2")
        if sum(c.overlay for c in own) != 4:
            problems.append(f"{colour} has {sum(c.overlay for c in own)} overlays instead of 4")
        for value in (2, 3, 4, 5):
            bears = sum(c.bear for c in own if c.value == value and not c.overlay)
            if bears != 1:
                problems.append(f"{colour} value {value} has {bears} bears instead of 1")
        if any(c.bear for c in own if c.overlay):
            problems.append(f"{colour} has a bear among its overlays")
        for c in own:
            if c.overlay != (c.pattern is None):
                problems.append(f"{c.id}: overlays, and only overlays, have no pattern")
            elif c.pattern and not _valid_pattern(c.pattern):
                problems.append(f"{c.id}: pattern {c.pattern!r} is not two rows of X, Y, .")
    return problems


def _valid_pattern(pattern: str) -> bool:
    rows = pattern.split("/")
    return len(rows) == 2 and all(len(r) == 2 and set(r) <= set("XY.") for r in rows)


#: The cards of this printing, by id, in table order.
CARDS: dict[str, Card] = build_cards(CARD_TABLE)
#: Every card id, in table order.
CARD_IDS: tuple[str, ...] = tuple(CARDS)
