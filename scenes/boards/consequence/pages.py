"""The Consequence how-to-play pages: the text players read, the rule ids each page covers
(for the tests and editors, never shown) and the page's diagram. The text follows the rules
file (shared/rules/consequence.md)."""

from __future__ import annotations

from scenes.boards.consequence import diagrams
from scenes.kit.i18n import N_
from scenes.kit.rules_drawing import Page, rule_range

PAGES: tuple[Page, ...] = (
    Page(
        N_("Moon and Sun"),
        N_(
            "Two players: Moon plays the blue tiles, Sun the red. Blue holds 3 moons, 1 sun and "
            "3 dots; red holds 3 suns, 1 moon and 3 dots. Your tiles are your hidden hand.\nOn "
            "the grid every tile lies face down: all see its colour, nobody sees its symbol, and "
            "nobody may look."
        ),
        rule_range("CQ", 1, 5),
        diagrams.tiles,
    ),
    Page(
        N_("Your turn: place, move or push"),
        N_(
            "Moon opens by placing a tile. Then, starting with Sun, do one of:\n– Place a tile "
            "from your hand on an empty square.\n– Move any tile one square, diagonals too, to "
            "an empty square.\n– Place and push (next page).\nAny tile may be used, whatever its "
            "colour, but you may not move the tile your opponent just moved."
        ),
        ("CQ-6", "CQ-7", "CQ-8", "CQ-11"),
        diagrams.turn,
    ),
    Page(
        N_("Place and push"),
        N_(
            "Put a tile on an empty square next to a line of at least two tiles, and push along "
            "the line: every tile moves one square and the new tile follows.\nIf the last tile "
            "leaves the grid, your opponent takes it into their hand and sees it; you do not. "
            "You may not push off the tile your opponent just placed."
        ),
        ("CQ-9", "CQ-10", "CQ-12"),
        diagrams.push,
    ),
    Page(
        N_("The end and the pairs"),
        N_(
            "When a player's hand is empty after their own action, the other places the tiles "
            "they still hold. Then every tile is turned up: Moon scores 1 per pair of "
            "neighbouring moons, Sun 1 per pair of suns, diagonals included.\nOn equal scores, "
            "four of your symbol in a line wins. A game lasts at most 60 turns."
        ),
        ("CQ-14", "CQ-15", "CQ-16", "CQ-19"),
        diagrams.pairs,
    ),
)
