"""The words the Consequence board says in its move log (marked for translation, drawn in the
language shown): tiles by their colour only, never their symbol (CQ-17)."""

from __future__ import annotations

from game import consequence as cq
from game.consequence.moves import TILE_WORDS
from scenes.kit.i18n import L_, N_, Message
from scenes.kit.seats import GameSetup

#: a tile by its code as the seat on show knows it (`b?`: its symbol hidden from that seat)
TILES = {
    **TILE_WORDS,
    "b?": N_("blue tile, face down"),
    "r?": N_("red tile, face down"),
}

#: a push's direction (notation N .. NW) -> its words (row 4 is at the top of the grid)
DIRECTIONS = dict(zip(cq.DIRECTIONS, cq.DIRECTION_WORDS, strict=True))


def way(direction: str) -> Message:
    """A push's direction (notation "NE") in words ("up and right"), never its code."""
    return L_(DIRECTIONS[direction])


def placed(setup: GameSetup, seat: int, colour: str, square: str) -> Message:
    if colour == "b":
        return setup.says(
            seat,
            N_("{name} places a blue tile on {square}"),
            N_("You place a blue tile on {square}"),
            square=square,
        )
    return setup.says(
        seat,
        N_("{name} places a red tile on {square}"),
        N_("You place a red tile on {square}"),
        square=square,
    )


def pushed(setup: GameSetup, seat: int, colour: str, square: str, direction: str) -> Message:
    if colour == "b":
        return setup.says(
            seat,
            N_("{name} places a blue tile on {square} and pushes {way}"),
            N_("You place a blue tile on {square} and push {way}"),
            square=square,
            way=way(direction),
        )
    return setup.says(
        seat,
        N_("{name} places a red tile on {square} and pushes {way}"),
        N_("You place a red tile on {square} and push {way}"),
        square=square,
        way=way(direction),
    )


def fell_off(colour: str, receiver: str) -> Message:
    """A tile pushed off the grid goes to `receiver` (a seat's role, translated)."""
    if colour == "b":
        return L_("a blue tile falls off to {role}", role=L_(receiver))
    return L_("a red tile falls off to {role}", role=L_(receiver))


def tile(code: str) -> Message:
    """A tile as the seat on show knows it: its colour and symbol, or its colour only."""
    return L_(TILES[code])
