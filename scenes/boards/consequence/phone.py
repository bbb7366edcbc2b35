"""What a Consequence player's phone shows: their hand, the grid as their view has it (symbols
only of the tiles they placed, and only with the memory aid on, CQ-17), the other hand as colours,
and their legal moves as notation (the page lights the squares and arrows they allow). Drawn by
`phone.js` beside this module."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.consequence import DIRECTIONS, SEAT_NAMES, ConsequenceView
from game.core.grid import square_name
from scenes.phones.spec import PhoneSpec


def phone_board(view: ConsequenceView, seat: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The seat's phone data, from its view alone (a phone may show less, never more)."""
    aid = bool(options.get("memory_aid", False)) or view.is_over
    cells = [
        None if code is None else (code if aid or code.endswith("?") else code[0] + "?")
        for code in view.cells
    ]
    no_move, no_push = view.restricted_squares()
    return {
        "role": SEAT_NAMES[seat],
        "roles": list(SEAT_NAMES),
        "squares": [square_name(square) for square in range(16)],
        "cells": cells,
        "placers": list(view.placers),
        "hand": view.hand(seat),
        "other_hand": view.hand(1 - seat),
        "turn": view.turn,
        "turn_limit": view.turn_limit,
        "final": view.final_placements,
        "no_move": None if no_move is None else square_name(no_move),
        "no_push": None if no_push is None else square_name(no_push),
        "directions": list(DIRECTIONS),
        "moves": [str(move) for move in view.legal_moves()],
        "scores": [view.score(0), view.score(1)] if view.is_over else None,
    }


PHONE = PhoneSpec(phone_board)
