"""What a Consequence player's phone shows: their hand, the grid as their view has it (symbols
only of the tiles they placed, and only with the memory aid on, CQ-17), the other hand as colours,
and their legal moves as notation (the page lights the squares and arrows they allow). Drawn by
`phone.js` beside this module."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.consequence import DIRECTIONS, SEAT_NAMES, ConsequenceView, State
from game.consequence.scoring import pairs_of
from game.core.grid import square_name
from scenes.boards.consequence.ending import notes
from scenes.boards.consequence.words import DIRECTIONS as DIRECTIONS_SAID
from scenes.kit.i18n import LP_, N_, Message, _
from scenes.phones.spec import PhoneSpec


def phone_board(
    view: ConsequenceView[State], seat: int, options: Mapping[str, Any]
) -> dict[str, object]:
    """The seat's phone data, from its view alone (a phone may show less, never more)."""
    aid = bool(options.get("memory_aid", False)) or view.is_over
    cells = [
        None if code is None else (code if aid or code.endswith("?") else code[0] + "?")
        for code in view.cells
    ]
    no_move, no_push = view.restricted_squares()
    return {
        "role": _(SEAT_NAMES[seat]),
        "roles": [_(name) for name in SEAT_NAMES],
        "squares": [square_name(square) for square in range(16)],
        "cells": cells,
        "placers": list(view.placers),
        "hand": view.hand(seat),
        "other_hand": view.hand(1 - seat),
        "turn": min(view.turn + 1, view.turn_limit),  # counted from 1, as on the big screen
        "turn_limit": view.turn_limit,
        "final": view.final_placements,
        "no_move": None if no_move is None else square_name(no_move),
        "no_push": None if no_push is None else square_name(no_push),
        "directions": list(DIRECTIONS),
        "moves": [str(move) for move in view.legal_moves()],
        "pairs": scoring_pairs(view) if view.is_over else None,
    }


def scoring_pairs(view: ConsequenceView[State]) -> list[list[list[str]]]:
    """Each side's scoring pairs (CQ-15) as square names, from the finished game's view (every
    tile is face up then)."""
    symbols = [code[1] if code is not None else "" for code in view.cells]
    return [
        [[square_name(a), square_name(b)] for a, b in pairs_of(symbols, seat)] for seat in (0, 1)
    ]


#: the words of phone.js (see scenes.phones.words); `other_holds_one` is the count-1 form
WORDS: dict[str, str | Message] = {
    "tile_b": N_("blue tile, face down"),
    "tile_r": N_("red tile, face down"),
    "tile_bM": N_("blue tile, moon"),
    "tile_bS": N_("blue tile, sun"),
    "tile_bD": N_("blue tile, dot"),
    "tile_rM": N_("red tile, moon"),
    "tile_rS": N_("red tile, sun"),
    "tile_rD": N_("red tile, dot"),
    "only_placements": N_("Only placements now: put a tile from your hand on an empty square."),
    "just_moved": N_("Your opponent just moved that tile: you may not move it on this turn."),
    "no_room": N_("That tile has no empty square next to it."),
    "pick_first": N_("Pick a tile first: from your hand, or a tile on the grid to move."),
    "your_hand": N_("Your hand ({role})"),
    "the_grid": N_("The grid"),
    "square": N_("{square}: {what}"),
    "empty": LP_("a square", "empty"),
    "hint_final": N_("Place a tile from your hand on an empty square."),
    "hint_pending": N_("Place it here, or push the line beside it."),
    "hint_code": N_("Now tap a glowing square."),
    "hint_src": N_("Tap a glowing square to move the tile there."),
    "hint_pick": N_("Pick a tile from your hand, or a tile on the grid to move."),
    "you_play": N_("You play {role}. Turn {turn} of {limit}."),
    "place_on": N_("Place on {square}"),
    "move_to": N_("Move {from} to {square}"),
    "hint_move": N_("Move the tile there, or go back."),
    "hint_place": N_("Place it here, or go back."),
    "push": N_("Push {arrow} {way}"),
    "other_holds_one": N_("{role} holds 1 tile:"),
    "other_holds": N_("{role} holds {count} tiles:"),
    **{f"dir_{code}": words for code, words in DIRECTIONS_SAID.items()},
    # the page's own words, said of tiles (a Consequence hand is tiles, not cards)
    "title": N_("Tabletop Trio: your tiles"),
    "scan": N_("Scan your seat's code on the big screen to open your tiles here."),
    "keep_open": N_("Keep this page open: your tiles appear here when the game starts."),
    "hand_empty": N_("You hold no tiles."),
}

PHONE = PhoneSpec(phone_board, package=__package__ or __name__, words=WORDS, ending=notes)
