"""What the stand offers a visitor, as the operator set it: the games (`kiosk_games`), the games a
visitor may start (against the computer at a level, or with friends at one screen) and whether a
game has a lesson."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import GAMES
from game.ai.levels import LEVELS
from scenes.boards import BOARDS, playable_games
from scenes.kit.i18n import N_, gettext
from scenes.kit.seats import HUMAN, GameSetup, Seat

if TYPE_CHECKING:
    from scenes.services import AppServices
    from scenes.storage.settings import Settings


def offered_games(settings: Settings) -> list[str]:
    """The games the operator offers (every playable one when none is chosen), in menu order."""
    chosen = set(getattr(settings, "kiosk_games", None) or ())
    games = playable_games()
    offered = [game for game in games if game in chosen]
    return offered or games


#: the levels' names for people (the ladder's steps, weakest first)
LEVEL_TITLES = {
    "beginner": N_("Beginner"),
    "easy": N_("Easy"),
    "normal": N_("Normal"),
    "hard": N_("Hard"),
    "expert": N_("Expert"),
}


def level_msgid(level: str) -> str:
    """A level's name in English (a msgid)."""
    return LEVEL_TITLES.get(level, level.capitalize())


def level_title(level: str) -> str:
    """A level's name for people, in the current language ("Normal")."""
    return gettext(level_msgid(level))


def game_title(game: str) -> str:
    """A game's name in the current language."""
    return gettext(GAMES[game].title)


def game_headline(game: str) -> str:
    """What a game is about, in one sentence in the current language (the attract loop's)."""
    return gettext(BOARDS[game].headline_msgid())


def first_level() -> str:
    """The level a visitor meets first: the ladder's lowest."""
    return LEVELS[0]


def has_lesson(game: str) -> bool:
    """Does `game` come with a short lesson (its board spec's `lesson`)?"""
    return getattr(BOARDS.get(game), "lesson", None) is not None


def against_computer(app: AppServices, game: str, level: str) -> GameSetup:
    """The visitor (seat 0, first to move) against computers at `level`, as few seats as the
    game allows."""
    players = min(GAMES[game].player_counts)
    return app.quick_setup(game, (HUMAN, *[Seat.computer(level)] * (players - 1)))


def with_friends(app: AppServices, game: str, players: int) -> GameSetup:
    """`players` people at one screen (hot seat)."""
    return app.quick_setup(game, (HUMAN,) * players)
