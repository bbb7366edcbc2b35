"""The parts of a game's points (the keys of `breakdown`: "cards", "hand", "bear bonus") in the
words of the language shown, as the results and a phone's end screen say them."""

from __future__ import annotations

from game import GAMES
from scenes.kit.i18n import _


def part_words(game: str, label: str) -> str:
    """A part of the points of `game` in words (the game's own `part_words`, else the key)."""
    words = (GAMES[game].part_words or {}).get(label)
    return _(words) if words else label.capitalize()
