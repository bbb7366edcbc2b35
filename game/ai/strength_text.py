"""A level's measured strength in plain words, for the setup screen (from game/ai/strength.py,
which `python main.py bench ai --write` generates)."""

from __future__ import annotations

from game.ai.strength import STRENGTH

#: The opponents named on the setup screen, in the order shown.
SHOWN = (("greedy", "greedy"), ("random", "random"))


def strength_words(game: str, level: str) -> str | None:
    """E.g. "Won 16 of 20 games vs greedy, 20 of 20 vs random"; None if not measured."""
    figures = STRENGTH.get(game, {}).get(level, {})
    parts = []
    for opponent, label in SHOWN:
        tally = figures.get(opponent)
        if tally and tally["games"]:
            games = f"{tally['games']} games" if not parts else str(tally["games"])
            parts.append(f"{tally['wins']} of {games} vs {label}")
    return "Won " + ", ".join(parts) if parts else None
