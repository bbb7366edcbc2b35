"""A level's measured strength in plain words, for the setup screen (from game/ai/strength.py,
which `python main.py bench ai --write` generates)."""

from __future__ import annotations

from game.ai.strength import STRENGTH

#: The opponents named on the setup screen, in the order shown.
SHOWN = (("greedy", "greedy"), ("random", "random"))


def strength_words(game: str, level: str) -> str | None:
    """E.g. "Wins 80% vs greedy, 100% vs random" (draws count half); None if not measured."""
    figures = STRENGTH.get(game, {}).get(level, {})
    parts = []
    for opponent, label in SHOWN:
        tally = figures.get(opponent)
        if tally and tally["games"]:
            won = (tally["wins"] + tally["draws"] / 2) / tally["games"]
            parts.append(f"{won:.0%} vs {label}")
    return "Wins " + ", ".join(parts) if parts else None
