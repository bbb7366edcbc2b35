"""A level's measured strength in plain words, for the setup screen (from game/ai/strength.py,
which `python main.py bench ai --write` generates: never typed by hand)."""

from __future__ import annotations

from game.ai import levels
from game.ai.strength import STRENGTH

#: How the words name an opponent that is not a level.
_BASELINE_WORDS = {"random": "a random mover", "greedy": "a point-grabber"}


def strength_words(game: str, level: str) -> str | None:
    """E.g. "Beats Easy 7 games in 10": the level against the level below (Beginner: against
    random moves), its share of the games that were not drawn; None if not measured."""
    opponent = levels.below(level) or "random"
    tally = STRENGTH.get(game, {}).get(level, {}).get(opponent)
    if not tally:
        return None
    decided = tally["wins"] + tally["losses"]
    if not decided:
        return None
    tenths = round(10 * tally["wins"] / decided)
    name = _BASELINE_WORDS.get(opponent) or levels.level(opponent).title
    words = f"Beats {name} {tenths} games in 10"
    if tally["draws"] * 5 >= tally["games"]:  # a fifth or more drawn
        words += ", draws aside"
    return words
