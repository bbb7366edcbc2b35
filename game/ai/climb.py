"""Which level of the ladder a player should try next, from the levels' measured strengths
(`game.ai.strength.STRENGTH`, written by `bench ai`) and the player's own results.

Each level is placed on one scale (Elo points, Beginner at 0) by its measured match against the
level below: a share `s` of the points (a draw half a point) puts it `400 * log10(s / (1 - s))`
above. A level whose row has fewer than `levels.TARGET_GAMES` games is placed `UNMEASURED_STEP`
above the one below. The player is placed on the same scale by their results against the levels
(the likeliest rating, with one win and one loss added against the strongest level played, so
that three wins out of three are strong evidence and one is not). The level to try is the
weakest one rated above the player: the first where the player is expected to win less than
half the games.

    climb = next_level(game, {"beginner": (3, 0, 0)})   # wins, draws, losses by level
    climb.level, climb.chance, climb.skipped
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from game.ai.levels import LEVELS, TARGET_GAMES
from game.ai.strength import STRENGTH

#: Elo points between a level and the one below when their match is not measured in full
UNMEASURED_STEP = 100.0
#: the results added against the strongest level played (a win and a loss): a prior towards "as
#: strong as that level", so that a few games move the estimate only so far (added against the
#: weaker levels too, it would pull a player who beat them down towards them)
PRIOR_GAMES = 2
#: the player's rating is sought in this range of Elo points
_LOW, _HIGH = -2000.0, 4000.0


@dataclass(frozen=True)
class Climb:
    """The level to try next (None: the player is rated above the top of the ladder and has
    beaten it), the chance the measurements give the player against it (0..1), the levels
    between the highest one beaten and it that the player is rated above (`skipped`, weakest
    first) and the player's rating."""

    level: str | None
    chance: float
    skipped: tuple[str, ...]
    rating: float


def level_ratings(game: str) -> dict[str, float]:
    """Each level's place on one scale (Elo points, the first level at 0), from its measured
    match against the level below."""
    rows = STRENGTH.get(game, {})
    ratings: dict[str, float] = {}
    rating = 0.0
    for index, level in enumerate(LEVELS):
        if index:
            below = LEVELS[index - 1]
            tally = rows.get(level, {}).get(below)
            if tally and tally["games"] >= TARGET_GAMES:
                points = tally["wins"] + tally["draws"] / 2
                rating += elo_gap((points + 0.5) / (tally["games"] + 1))
            else:
                rating += UNMEASURED_STEP
        ratings[level] = rating
    return ratings


def elo_gap(share: float) -> float:
    """The Elo points between two players when the first takes `share` (0..1, exclusive) of the
    points."""
    return 400 * math.log10(share / (1 - share))


def expected(rating: float, against: float) -> float:
    """The share of the points a player of `rating` is expected to take against `against`."""
    return 1 / (1 + 10 ** ((against - rating) / 400))


def player_rating(
    ratings: Mapping[str, float], results: Mapping[str, tuple[int, int, int]]
) -> float:
    """The likeliest rating of a player with `results` (wins, draws, losses by level) against
    levels rated `ratings`, with `PRIOR_GAMES` (half won) added against the strongest level
    played; 0 (the first level) without results."""
    played = {
        level: (wins + draws / 2, wins + draws + losses)
        for level, (wins, draws, losses) in results.items()
        if wins + draws + losses
    }
    if not played:
        return 0.0
    strongest = max(played, key=ratings.__getitem__)
    points, games = played[strongest]
    played[strongest] = (points + PRIOR_GAMES / 2, games + PRIOR_GAMES)

    def surplus(rating: float) -> float:  # points taken above those expected: falls as it rises
        return sum(
            points - games * expected(rating, ratings[level])
            for level, (points, games) in played.items()
        )

    low, high = _LOW, _HIGH
    for _step in range(60):
        middle = (low + high) / 2
        if surplus(middle) > 0:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def next_level(game: str, results: Mapping[str, tuple[int, int, int]]) -> Climb:
    """The level of `game` to try next for a player with `results` (wins, draws, losses by level,
    the wins without help only): the weakest level rated above the player; the top level when
    the player is rated above every level but has not beaten the top; None beyond that."""
    ratings = level_ratings(game)
    rating = player_rating(ratings, results)
    beaten = [level for level in LEVELS if results.get(level, (0, 0, 0))[0]]
    top = LEVELS.index(beaten[-1]) if beaten else -1
    above = [level for level in LEVELS if ratings[level] > rating]
    if above:
        level: str | None = above[0]
    else:
        level = None if top == len(LEVELS) - 1 else LEVELS[-1]
    if level is None:
        return Climb(None, 1.0, (), rating)
    index = LEVELS.index(level)
    skipped = tuple(LEVELS[top + 1 : index]) if index > top + 1 else ()
    return Climb(level, expected(rating, ratings[level]), skipped, rating)
