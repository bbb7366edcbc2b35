"""The Whose Foods how-to-play pages: the text players read, the rule ids each page covers
(for the tests and editors, never shown) and the page's diagram. The text follows the rules
file (shared/rules/whose_foods.md)."""

from __future__ import annotations

from scenes.boards.whose_foods import diagrams
from scenes.kit.i18n import N_
from scenes.kit.rules_drawing import Page, rule_range

PAGES: tuple[Page, ...] = (
    Page(
        N_("The pieces and the goal"),
        N_(
            "Dogs, cats and cans share a 4x4 board. Each size, large and small, has 3 dogs, 3 "
            "cats and 6 cans. Dogs and cats are shared: anyone may place them. The cans are "
            "dealt out as each player's own hand, but on the board a can belongs to nobody "
            "(all cans look alike there): your hand only decides which cans you may place, and "
            "whoever captures a can scores it. Everything is open: hands and supply are in "
            "plain view.\nWin by having captured exactly three cans at the end of your turn."
        ),
        (*rule_range("WF", 1, 6), "WF-22"),
        diagrams.pieces,
    ),
    Page(
        N_("Your turn: place one piece"),
        N_(
            "Place exactly one piece: a dog or cat from the supply, or a can from your hand. "
            "Passing is not allowed.\nA piece goes on an empty square, or a small piece goes on "
            "top of a large piece that has nothing on it. Only the top piece of a square counts. "
            "In memory mode the covered piece is hidden: remember it!"
        ),
        ("WF-7", "WF-8", "WF-9", "WF-10"),
        diagrams.placing,
    ),
    Page(
        N_("Trios and sandwiches"),
        N_(
            "Three visible pieces in a line make a trio when they are all dogs or all cats, or "
            "all the same size (but not three cans). The three pieces are captured (four in a "
            "line lose: see the next page).\nTwo dogs or two cats with one or two cans between "
            "them make a sandwich: the cans are captured, the animals stay. An effect counts "
            "only if it includes a fresh piece: the one just placed, or one uncovered this turn. "
            "When one piece makes several effects, you choose which to take first."
        ),
        (*rule_range("WF", 11, 15), "WF-18", "WF-19", "WF-20"),
        diagrams.effects,
    ),
    Page(
        N_("Four in a line: you lose"),
        N_(
            "Four visible pieces in a line lose at once when they are all dogs, all cats or all "
            "cans (any sizes), or all the same size (any animals, cans too). This comes before "
            "any capture: the trios inside the line are not taken.\nLike every pattern it counts "
            "only with a fresh piece: filling the gap of a line, or uncovering its fourth piece."
        ),
        ("WF-16", "WF-21", "WF-30"),
        diagrams.four,
    ),
    Page(
        N_("Chains, and how to lose"),
        N_(
            "After each capture the board is checked again, so one placement can set off a "
            "chain: a capture may uncover a piece that makes a new pattern.\nThree visible cans "
            "in a line that include a fresh piece make you lose at once. So does overeating: "
            "four or more captured cans at the end of your turn."
        ),
        ("WF-16", "WF-17", "WF-19", "WF-21", "WF-23"),
        diagrams.losing,
    ),
    Page(
        N_("The end and the points"),
        N_(
            "When all 12 dogs and cats have been placed, the game ends after that turn. If "
            "nobody has won or lost by then, count: each captured dog or cat 1 point, each "
            "captured can 2, and each can still in your hand costs 5. Highest score wins.\nWith "
            "3 or 4 players a loser is disqualified instead and play goes on; the last player "
            "left wins."
        ),
        ("WF-24", "WF-25", "WF-26"),
        diagrams.points,
    ),
)
