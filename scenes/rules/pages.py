"""The how-to-play pages of each game, keyed by game key: the text players read, the rule ids each
page covers (kept for the tests and for editors, not shown to players) and the page's diagram.

The text follows the rules files (shared/rules/*.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from scenes.rules import diagrams

Diagram = Callable[[pygame.Surface, pygame.Rect], None]


@dataclass(frozen=True)
class Page:
    """One page of a game's how-to-play."""

    title: str
    text: str
    rules: tuple[str, ...]  #: the rule ids the page covers (not shown on screen)
    diagram: Diagram


def rule_range(prefix: str, first: int, last: int) -> tuple[str, ...]:
    """`rule_range("WF", 1, 3)` -> ("WF-1", "WF-2", "WF-3")."""
    return tuple(f"{prefix}-{n}" for n in range(first, last + 1))


WHOSE_FOODS = (
    Page(
        "The pieces and the goal",
        "Dogs, cats and cans share a 4x4 board. Each size, large and small, has 3 dogs, 3 cats "
        "and 6 cans. Dogs and cats are shared: anyone may place them. The cans are dealt out as "
        "each player's own hand. Everything is open: hands and supply are in plain view.\n"
        "Win by having captured exactly three cans at the end of your turn.",
        (*rule_range("WF", 1, 6), "WF-22"),
        diagrams.wf_pieces,
    ),
    Page(
        "Your turn: place one piece",
        "Place exactly one piece: a dog or cat from the supply, or a can from your hand. Passing "
        "is not allowed.\nA piece goes on an empty square, or a small piece goes on top of a "
        "large piece that has nothing on it. Only the top piece of a square counts. In memory "
        "mode the covered piece is hidden: remember it!",
        ("WF-7", "WF-8", "WF-9", "WF-10"),
        diagrams.wf_placing,
    ),
    Page(
        "Trios and sandwiches",
        "Three visible pieces in a line make a trio when they are all dogs or all cats, or all "
        "the same size (but not three cans). The three pieces are captured (four in a line "
        "lose: see the next page).\nTwo dogs or two "
        "cats with one or two cans between them make a sandwich: the cans are captured, the "
        "animals stay. An effect counts only if it includes a fresh piece: the one just placed, "
        "or one uncovered this turn. When one piece makes several effects, you choose which to "
        "take first.",
        (*rule_range("WF", 11, 15), "WF-18", "WF-19", "WF-20"),
        diagrams.wf_effects,
    ),
    Page(
        "Four in a line: you lose",
        "Four visible pieces in a line lose at once when they are all dogs, all cats or all cans "
        "(any sizes), or all the same size (any animals, cans too). This comes before any "
        "capture: the trios inside the line are not taken.\nLike every pattern it counts only "
        "with a fresh piece: filling the gap of a line, or uncovering its fourth piece.",
        ("WF-16", "WF-21", "WF-30"),
        diagrams.wf_four,
    ),
    Page(
        "Chains, and how to lose",
        "After each capture the board is checked again, so one placement can set off a chain: "
        "a capture may uncover a piece that makes a new pattern.\nThree visible cans in a line "
        "that include a fresh piece make you lose at once. So does overeating: four or more "
        "captured cans at the end of your turn.",
        ("WF-16", "WF-17", "WF-19", "WF-21", "WF-23"),
        diagrams.wf_losing,
    ),
    Page(
        "The end and the points",
        "When all 12 dogs and cats have been placed, the game ends after that turn. If nobody "
        "has won or lost by then, count: each captured dog or cat 1 point, each captured can 2, "
        "and each can still in your hand costs 5. Highest score wins.\nWith 3 or 4 players a "
        "loser is disqualified instead and play goes on; the last player left wins.",
        ("WF-24", "WF-25", "WF-26"),
        diagrams.wf_points,
    ),
)

CONSEQUENCE = (
    Page(
        "Moon and Sun",
        "Two players: Moon plays the blue tiles, Sun the red. Blue holds 3 moons, 1 sun and 3 "
        "dots; red holds 3 suns, 1 moon and 3 dots. Your tiles are your hidden hand.\nOn the "
        "grid every tile lies face down: all see its colour, nobody sees its symbol, and nobody "
        "may look.",
        rule_range("CQ", 1, 5),
        diagrams.cq_tiles,
    ),
    Page(
        "Your turn: place, move or push",
        "Moon opens by placing a tile. Then, starting with Sun, do one of:\n"
        "– Place a tile from your hand on an empty square.\n"
        "– Move any tile one square, diagonals too, to an empty square.\n"
        "– Place and push (next page).\nAny tile may be used, whatever its colour, but you may "
        "not move the tile your opponent just moved.",
        ("CQ-6", "CQ-7", "CQ-8", "CQ-11"),
        diagrams.cq_turn,
    ),
    Page(
        "Place and push",
        "Put a tile on an empty square next to a line of at least two tiles, and push along the "
        "line: every tile moves one square and the new tile follows.\nIf the last tile leaves "
        "the grid, your opponent takes it into their hand and sees it; you do not. You may not "
        "push off the tile your opponent just placed.",
        ("CQ-9", "CQ-10", "CQ-12"),
        diagrams.cq_push,
    ),
    Page(
        "The end and the pairs",
        "When a player's hand is empty after their own action, the other places the tiles they "
        "still hold. Then every tile is turned up: Moon scores 1 per pair of neighbouring moons, "
        "Sun 1 per pair of suns, diagonals included.\nOn equal scores, four of your symbol in a "
        "line wins. A game lasts at most 60 turns.",
        ("CQ-14", "CQ-15", "CQ-16", "CQ-19"),
        diagrams.cq_pairs,
    ),
)

BLANC_NOIR = (
    Page(
        "Cards, land and market",
        "36 cards: 18 with a white back and 18 with a black back, worth 2 to 5, and 4 overlays "
        "of each colour with no value. One card of each value and colour shows a bear.\nEach "
        "player gets 3 secret cards. Two white and two black cards form a checkerboard: the "
        "land. Three cards lie face up: the market.",
        rule_range("BN", 1, 8),
        diagrams.bn_setup,
    ),
    Page(
        "Your turn: two actions",
        "Do two actions, in any order; the same one twice is fine.\n"
        "A. Expand: lay a card from your hand face down next to the land. The hunter moves onto "
        "it. Overlays may also go on top of any land card.\n"
        "B. Score a card whose pattern fits the land.\n"
        "C. Draw a card from the market (at most 5 in hand).",
        rule_range("BN", 10, 15),
        diagrams.bn_turn,
    ),
    Page(
        "Patterns",
        "A card shows up to four icons in the corners of a 2x2 window: its own colour, the other "
        "colour, or nothing.\nIt fits if it can be laid on the land, turned any of four ways, so "
        "that every icon sits on a square of that colour, and none on the hunter's square. The "
        "land is never used up.",
        ("BN-3", "BN-4", "BN-13"),
        diagrams.bn_pattern,
    ),
    Page(
        "The end and the bears",
        "When the last card has been drawn, the game ends with that turn. Add the values of the "
        "cards you scored and subtract the cards still in your hand (an overlay costs 5).\nBear "
        "bonus: if one colour holds more land squares, each scored bear of that colour gives +2 "
        "and each bear of the other colour −2.",
        rule_range("BN", 17, 20),
        diagrams.bn_scoring,
    ),
)

#: game key -> its pages, in reading order
PAGES: dict[str, tuple[Page, ...]] = {
    "whose-foods": WHOSE_FOODS,
    "consequence": CONSEQUENCE,
    "blanc-noir": BLANC_NOIR,
}
