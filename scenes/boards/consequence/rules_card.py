"""The Consequence rules card (behind the board's Rules button): the turn's three choices and
the scoring (CQ-7 to CQ-16, CQ-19)."""

from __future__ import annotations

from scenes.boards.rules_card import RulesCard, RulesSection
from scenes.kit.i18n import N_

RULES_CARD = RulesCard(
    (
        RulesSection(
            N_("Your turn: one of"),
            (
                N_("Place a tile from your hand face down on an empty square."),
                N_(
                    "Move any tile, yours or your opponent's, one step to an empty square, "
                    "diagonals too; not the tile your opponent has just moved."
                ),
                N_(
                    "Place a tile next to a line of two or more and push the line one step. A tile "
                    "pushed off goes to the pusher's opponent; not the tile your opponent has just "
                    "placed."
                ),
            ),
        ),
        RulesSection(
            N_("The end and the scoring"),
            (
                N_(
                    "When a hand is empty (or after turn 60), the other player places the rest and "
                    "every tile turns face up."
                ),
                N_(
                    "Moon scores each pair of neighbouring moons, Sun each pair of suns, "
                    "diagonals included; dots score for nobody."
                ),
                N_("On equal pairs, four of your symbol in one row, column or long diagonal wins."),
            ),
        ),
    )
)
