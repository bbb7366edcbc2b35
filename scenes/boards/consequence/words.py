"""The words the Consequence board says in its move log (marked for translation, drawn in the
language shown): tiles by their colour only, never their symbol (CQ-17)."""

from __future__ import annotations

from scenes.kit.i18n import L_, N_, Message

#: a push's direction (notation N .. NW; row 4 is at the top of the grid)
DIRECTIONS = {
    "N": N_("up"),
    "NE": N_("up and right"),
    "E": N_("right"),
    "SE": N_("down and right"),
    "S": N_("down"),
    "SW": N_("down and left"),
    "W": N_("left"),
    "NW": N_("up and left"),
}


def placed(name: str, colour: str, square: str) -> Message:
    if colour == "b":
        return L_("{name} places a blue tile on {square}", name=name, square=square)
    return L_("{name} places a red tile on {square}", name=name, square=square)


def pushed(name: str, colour: str, square: str, direction: str) -> Message:
    way = L_(DIRECTIONS[direction])
    if colour == "b":
        return L_(
            "{name} places a blue tile on {square} and pushes {way}",
            name=name,
            square=square,
            way=way,
        )
    return L_(
        "{name} places a red tile on {square} and pushes {way}", name=name, square=square, way=way
    )


def fell_off(colour: str, receiver: str) -> Message:
    """A tile pushed off the grid goes to `receiver` (a seat's role, translated)."""
    if colour == "b":
        return L_("a blue tile falls off to {role}", role=L_(receiver))
    return L_("a red tile falls off to {role}", role=L_(receiver))
