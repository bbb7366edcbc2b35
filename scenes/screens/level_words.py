"""What the setup screen says of a computer level: its measured strength in plain words, from
game/ai/strength.py (which `python main.py bench ai --write` generates: never typed by hand)."""

from __future__ import annotations

from game.ai import levels
from game.ai.strength import STRENGTH
from scenes.kit.i18n import _, ngettext


def strength_words(game: str, level: str) -> str | None:
    """E.g. "Beats Easy 7 games in 10": the level against the level below (Beginner: against
    random moves), its share of the games that were not drawn, in tenths; None if not measured
    in full (a row of fewer games than `levels.TARGET_GAMES` is a figure so far, not words)."""
    below = levels.below(level)
    tally = STRENGTH.get(game, {}).get(level, {}).get(below or "random")
    if not tally or tally["games"] < levels.TARGET_GAMES:
        return None
    decided = tally["wins"] + tally["losses"]
    if not decided:
        return None
    count = round(10 * tally["wins"] / decided)
    drawn = tally["draws"] * 5 >= tally["games"]  # a fifth or more drawn
    if below is None:
        if drawn:
            text = ngettext(
                "Beats a random mover {count} game in 10, draws aside",
                "Beats a random mover {count} games in 10, draws aside",
                count,
            )
        else:
            text = ngettext(
                "Beats a random mover {count} game in 10",
                "Beats a random mover {count} games in 10",
                count,
            )
        return text.format(count=count)
    if drawn:
        text = ngettext(
            "Beats {name} {count} game in 10, draws aside",
            "Beats {name} {count} games in 10, draws aside",
            count,
        )
    else:
        text = ngettext(
            "Beats {name} {count} game in 10", "Beats {name} {count} games in 10", count
        )
    return text.format(name=_(levels.level(below).title), count=count)
