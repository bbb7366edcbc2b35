"""A level's measured strength in plain words, for the setup screen (from game/ai/strength.py,
which `python main.py bench ai --write` generates)."""

from __future__ import annotations

from game.ai.strength import STRENGTH


def strength_words(game: str, level: str) -> str | None:
    """E.g. "Beat greedy 16 of 20 games" (two-player matches against the greedy bot at the same
    level); None if not measured."""
    tally = STRENGTH.get(game, {}).get(level, {}).get("greedy")
    if not tally or not tally["games"]:
        return None
    return f"Beat greedy {tally['wins']} of {tally['games']} games"
