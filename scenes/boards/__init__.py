"""The boards: what every board shares (`base.BoardScene` and the parts it holds: `on_show`,
`undo`, `keeping`, `chrome`, `phone_seats`, `computers`, `history`; `dialogs`, `spec`, and
`making`, which builds a game's board from this registry), one package per game, and the
registry `BOARDS`.

Each game's board package states everything the app shows of it in one `BoardSpec` (its
`SPEC`); the line below registers it. A game without a board package shows "coming soon" on its
menu tile and cannot be started. A board is a `BoardScene` subclass, built as
`Class(app, setup, start_state=None, moves=(), spectator=False)`; the base module says what a
subclass supplies and what the base does for every board.
"""

from __future__ import annotations

from collections.abc import Sequence

from game import GAMES
from scenes.boards import blanc_noir, consequence, whose_foods
from scenes.boards.spec import BoardSpec
from scenes.kit.palette import SeatColour

#: game key -> how the app shows that game, in menu order (a new game's board package adds its
#: SPEC here, beside its rules package in game.GAMES)
BOARDS: dict[str, BoardSpec] = {
    spec.key: spec for spec in (whose_foods.SPEC, consequence.SPEC, blanc_noir.SPEC)
}

__all__ = [
    "BOARDS",
    "BoardSpec",
    "board_spec",
    "is_playable",
    "menu_art",
    "playable_games",
    "seat_colours_for",
]


def playable_games() -> list[str]:
    """The games that have a board, in menu order (the order of game.GAMES)."""
    return [game for game in GAMES if game in BOARDS]


def is_playable(game: str) -> bool:
    """True when a board is registered for `game` (else its tile says "coming soon")."""
    return game in BOARDS


def board_spec(game: str) -> BoardSpec:
    """How the app shows `game`; ValueError ("coming soon") if no board is registered for it."""
    try:
        return BOARDS[game]
    except KeyError:
        raise ValueError(f"{GAMES[game].title if game in GAMES else game} is coming soon") from None


def menu_art(game: str) -> str:
    """The art of `game`'s menu tile (the app's logo for a game still coming soon)."""
    spec = BOARDS.get(game)
    return spec.menu_art if spec is not None else "logo"


def seat_colours_for(
    game: str, scheme: Sequence[SeatColour], players: int
) -> tuple[SeatColour, ...]:
    """The colours of `players` seats of `game` from the colour scheme `scheme`: the game's fixed
    colours (each seat's pieces'), or the scheme's first ones."""
    spec = BOARDS.get(game)
    if spec is None:
        return tuple(scheme[:players])
    return spec.colours(scheme, players)
