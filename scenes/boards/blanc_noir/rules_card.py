"""The En blanc et noir rules card (behind the board's Rules button): the turn's two actions
and the scoring (BN-4, BN-10 to BN-20)."""

from __future__ import annotations

from scenes.boards.rules_card import RulesCard, RulesSection
from scenes.kit.i18n import N_

RULES_CARD = RulesCard(
    (
        RulesSection(
            N_("Your turn: two actions, each one of"),
            (
                N_(
                    "Lay a hand card face down next to the land (an overlay may also go on top of "
                    "any land card). The hunter moves onto it."
                ),
                N_(
                    "Score a hand card whose pattern matches the land, turned any way, with no "
                    "icon on the hunter's square. A hatched corner may fall anywhere."
                ),
                N_("Draw a card from the market (at most 5 in hand)."),
            ),
        ),
        RulesSection(
            N_("The end and the scoring"),
            (
                N_("The game ends after the turn that takes the last card."),
                N_(
                    "Scored cards add their value; cards left in hand take theirs away (an "
                    "overlay 5)."
                ),
                N_(
                    "Bears of the colour with more land squares add 2 each; those of the other "
                    "colour take 2 away."
                ),
            ),
        ),
    )
)
