"""A level's measured strength, for the setup screen to say in plain words (from
game/ai/strength.py, which `python main.py bench ai --write` generates)."""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.levels import LEVELS
from game.ai.strength import STRENGTH


@dataclass(frozen=True)
class Measured:
    """`wins` of `games` two-player test games against `against`: the level below (a name of
    LEVELS), or None for the simple baseline (greedy: the move that gains most at once)."""

    wins: int
    games: int
    against: str | None


def measured(game: str, level: str) -> Measured | None:
    """How `level` did in its test games: against the level below when that was measured, else
    against the simple baseline; None if neither was."""
    tallies = STRENGTH.get(game, {}).get(level, {})
    index = LEVELS.index(level) if level in LEVELS else 0
    below = tallies.get("search")
    if index and below and below["games"]:
        return Measured(below["wins"], below["games"], LEVELS[index - 1])
    baseline = tallies.get("greedy")
    if baseline and baseline["games"]:
        return Measured(baseline["wins"], baseline["games"], None)
    return None
