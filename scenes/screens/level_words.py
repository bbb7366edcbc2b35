"""What the setup screen says of a computer level: how it did in its test games, in plain words,
from game/ai/strength.py (which `python main.py bench ai --write` generates: never typed by
hand)."""

from __future__ import annotations

from game.ai import levels
from game.ai.strength import STRENGTH
from scenes.kit.i18n import _, ngettext


def strength_words(game: str, level: str) -> str | None:
    """E.g. "Won 28 of 40 test games against the Normal level": the level against the level
    below (Beginner: against a random mover), saying the losses too when a fifth or more of the
    games were drawn; None if not measured in full (a row of fewer games than
    `levels.games_needed` is a figure so far, not words)."""
    below = levels.below(level)
    tally = STRENGTH.get(game, {}).get(level, {}).get(below or "random")
    if not tally or tally["games"] < levels.games_needed(level):
        return None
    wins, losses, games = tally["wins"], tally["losses"], tally["games"]
    if below is None:
        return ngettext(
            "Won {wins} of {games} test game against a random mover",
            "Won {wins} of {games} test games against a random mover",
            games,
        ).format(wins=wins, games=games)
    name = _(levels.level(below).title)
    if tally["draws"] * 5 >= games:  # a fifth or more drawn: the losses say the rest
        return ngettext(
            "Won {wins} and lost {losses} of {games} test game against the {level} level",
            "Won {wins} and lost {losses} of {games} test games against the {level} level",
            games,
        ).format(wins=wins, losses=losses, games=games, level=name)
    return ngettext(
        "Won {wins} of {games} test game against the {level} level",
        "Won {wins} of {games} test games against the {level} level",
        games,
    ).format(wins=wins, games=games, level=name)
