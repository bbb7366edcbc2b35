"""Whose Foods pieces, moves and their notation (shared/rules/whose_foods.md, WF-2, notation).

Pieces are small ints (`size * 3 + illustration`); events and accessors name them by code
(`"LF"`), and the predicates `is_can`, `is_large`, `illustration` and `animal` read those codes,
so no caller takes a code apart itself. The moves the engine makes are made once here
(`PLACEMENTS`, `take_move`); `malformed` says why any other object is not a well-formed move.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from game.core.engine import InvalidNotation, MadeMoves, read_name, shown
from game.core.grid import SQUARE_NAMES, SQUARES, is_square, parse_square
from game.messages import N_

# --- pieces --------------------------------------------------------------------------------------

DOG, CAT, CAN = 0, 1, 2
LARGE, SMALL = 0, 1
EMPTY = -1
PIECE_NAMES = ("LD", "LC", "LF", "SD", "SC", "SF")
#: each piece as people name it (marked for translation), by its notation code
PIECE_WORDS = {
    "LD": N_("large dog"),
    "LC": N_("large cat"),
    "LF": N_("large can"),
    "SD": N_("small dog"),
    "SC": N_("small cat"),
    "SF": N_("small can"),
}
PIECES = tuple(range(len(PIECE_NAMES)))
_PIECE_BY_NAME = {name: piece for piece, name in enumerate(PIECE_NAMES)}
LD, LC, LF, SD, SC, SF = PIECES
SHARED_PIECES = (LD, LC, SD, SC)
CAN_PIECES = (LF, SF)
SHARED_PER_KIND = 3  # WF-2: 3 dogs and 3 cats of each size
CANS_PER_SIZE = 6


#: WF-4: the cans dealt to each seat, as (large, small), by number of players.
CAN_DEAL = {
    2: ((3, 3), (3, 3)),
    3: ((2, 2), (2, 2), (2, 2)),
    4: ((2, 1), (2, 1), (1, 2), (1, 2)),
}


class Illustration(StrEnum):
    """What a piece shows (WF-2)."""

    DOG = "dog"
    CAT = "cat"
    CAN = "can"


_ILLUSTRATIONS = (Illustration.DOG, Illustration.CAT, Illustration.CAN)


def size(piece: int) -> int:
    """LARGE or SMALL."""
    return piece // 3


def piece_name(piece: int) -> str:
    return PIECE_NAMES[piece]


def parse_piece(text: str) -> int:
    """`'LD'` -> LD; InvalidNotation (a ValueError) for anything that is not a piece code."""
    return read_name(_PIECE_BY_NAME, text, "a piece (LD LC LF SD SC SF)")


def is_can(code: str) -> bool:
    """Whether the piece written `code` (`"LF"`) is a can (WF-2); ValueError for no piece code."""
    return parse_piece(code) % 3 == CAN


def is_large(code: str) -> bool:
    """Whether the piece written `code` is large (WF-2); ValueError for no piece code."""
    return size(parse_piece(code)) == LARGE


def illustration(code: str) -> Illustration:
    """The illustration of the piece written `code`: dog, cat or can (WF-2)."""
    return _ILLUSTRATIONS[parse_piece(code) % 3]


def animal(code: str) -> Illustration | None:
    """The animal of a shared piece written `code` (dog or cat), None for a can (WF-3)."""
    shown = illustration(code)
    return None if shown is Illustration.CAN else shown


# --- moves --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Place:
    """Place `piece` on `square` (WF-8, WF-9). Notation: `SD b3`."""

    piece: int
    square: int

    def __str__(self) -> str:
        return f"{PIECE_NAMES[self.piece]} {SQUARE_NAMES[self.square]}"


@dataclass(frozen=True, slots=True)
class Take:
    """Resolve first the effect removing these squares' pieces (WF-19): `take a1 b2 c3`."""

    squares: tuple[int, ...]  # sorted by square name

    def __str__(self) -> str:
        return "take " + " ".join(SQUARE_NAMES[sq] for sq in self.squares)


Move = Place | Take

#: PLACEMENTS[piece][square]: every placement, made once (legal_moves allocates none).
PLACEMENTS = tuple(tuple(Place(p, sq) for sq in SQUARES) for p in PIECES)
#: every move object this game hands out (legal_moves): `play` takes them as well-formed
MADE = MadeMoves(m for row in PLACEMENTS for m in row)
#: the takes made so far, by their squares (a few dozen sets of squares can ever be effects)
_TAKES: dict[tuple[int, ...], Take] = {}


def sorted_by_name(squares: Iterable[int]) -> tuple[int, ...]:
    """Squares in the order a `take` names them: by square name (`a2` before `b1`)."""
    return tuple(sorted(squares, key=SQUARE_NAMES.__getitem__))


def take_move(squares: tuple[int, ...]) -> Take:
    """The `take` of an effect's squares (sorted by name), made once and reused."""
    move = _TAKES.get(squares)
    if move is None:
        move = _TAKES[squares] = MADE.add(Take(squares))
    return move


def malformed(move: object) -> str | None:
    """Why `move` is not a well-formed Whose Foods move (another class, a field of the wrong
    type or out of range; a bool is not an int), or None."""
    if MADE.get(id(move), MADE) is move:
        return None
    kind = type(move)
    if kind is Place:
        piece, square = getattr(move, "piece", None), getattr(move, "square", None)
        if piece.__class__ is not int or piece not in PIECES:
            return f"{shown(piece)} is not a piece (0 .. 5: LD LC LF SD SC SF)"
        if not is_square(square):
            return f"{shown(square)} is not a square (0 .. 15: a1 .. d4)"
        return None
    if kind is Take:
        squares = getattr(move, "squares", None)
        if squares.__class__ is not tuple:
            return f"{shown(squares)} is not a tuple of squares"
        if not squares:
            return "a take names the squares of an effect: none are given"
        if not all(is_square(sq) for sq in squares):
            return f"{shown(squares)} holds something that is not a square (0 .. 15)"
        if len(set(squares)) != len(squares):
            return f"{move} names a square twice"
        return None
    return f"{shown(move)} is not a Whose Foods move"


def read_move(text: str) -> Move:
    """The move written `text` (`SD b3`, `take a1 b2 c3`), not yet checked against a position;
    InvalidNotation if it does not parse."""
    parts = text.split()
    if not parts:
        raise InvalidNotation("empty move: write a piece and a square (SD b3) or take and squares")
    if parts[0] == "take":
        if len(parts) < 2:
            raise InvalidNotation(
                "take needs the squares of the effect's pieces, e.g. take a1 b2 c3"
            )
        squares = [parse_square(p) for p in parts[1:]]
        if len(set(squares)) != len(squares):
            raise InvalidNotation(f"{text!r} names a square twice")
        return Take(sorted_by_name(squares))
    if len(parts) == 2:
        return PLACEMENTS[parse_piece(parts[0])][parse_square(parts[1])]
    raise InvalidNotation(f"{text!r} is not a move: write a piece and a square, e.g. SD b3")
