"""Consequence tiles, moves and their notation, and the legal-move rules on a bare grid.

The functions here work on public facts only (which squares are occupied, which tile codes the
mover holds, which squares are restricted), so the full state and a seat's view share them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.core.engine import InvalidNotation, MadeMoves, shown
from game.core.grid import SIZE, SQUARE_NAMES, column_row, is_square, neighbours, parse_square
from game.messages import N_, said, term

# --- tiles ---------------------------------------------------------------------------------------

MOON, SUN = 0, 1
SEAT_NAMES = ("Moon", "Sun")
#: The symbol each seat scores (CQ-15).
SEAT_SYMBOLS = ("M", "S")
#: Tile id -> code (colour + symbol). Ids 0..6 start in Moon's hand, 7..13 in Sun's (CQ-3, CQ-4).
TILE_CODES: tuple[str, ...] = (
    "bM", "bM", "bM", "bS", "bD", "bD", "bD",
    "rS", "rS", "rS", "rM", "rD", "rD", "rD",
)  # fmt: skip
TILE_COUNT = len(TILE_CODES)
ALL_TILES = (1 << TILE_COUNT) - 1
#: The six tile codes, in the order legal moves list them.
CODES: tuple[str, ...] = ("bM", "bS", "bD", "rM", "rS", "rD")
CODE_INDEX = {code: i for i, code in enumerate(CODES)}
#: each tile code as people name it (marked for translation)
TILE_WORDS = {
    "bM": N_("blue moon tile"),
    "bS": N_("blue sun tile"),
    "bD": N_("blue dot tile"),
    "rM": N_("red moon tile"),
    "rS": N_("red sun tile"),
    "rD": N_("red dot tile"),
}
#: Code index -> bit mask of the tile ids with that code.
CODE_MASKS: tuple[int, ...] = tuple(
    sum(1 << t for t, c in enumerate(TILE_CODES) if c == code) for code in CODES
)


class _HandCodes(dict[int, tuple[int, ...]]):
    """Tile-id bit mask -> the code indices present, ascending; each hand worked out the first
    time it is asked for (a table of all 65,536 hands took a tenth of the app's start-up)."""

    def __missing__(self, hand: int) -> tuple[int, ...]:
        if not 0 <= hand <= ALL_TILES:
            raise KeyError(hand)
        codes = self[hand] = tuple(i for i, m in enumerate(CODE_MASKS) if hand & m)
        return codes


#: Tile-id bit mask -> the code indices present, ascending.
HAND_CODES: dict[int, tuple[int, ...]] = _HandCodes()
BLUE_TILES = sum(1 << t for t, c in enumerate(TILE_CODES) if c[0] == "b")
TURN_LIMIT = 60

DIRECTIONS: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
#: each direction in words (translated where it is shown; row 4 is at the top of the grid)
DIRECTION_WORDS: tuple[str, ...] = (
    N_("up"),
    N_("up and right"),
    N_("right"),
    N_("down and right"),
    N_("down"),
    N_("down and left"),
    N_("left"),
    N_("up and left"),
)
_VECTORS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


def _ray(square: int, direction: int) -> tuple[int, ...]:
    col, row = column_row(square)
    dc, dr = _VECTORS[direction]
    out = []
    col, row = col + dc, row + dr
    while 0 <= col < SIZE and 0 <= row < SIZE:
        out.append(row * SIZE + col)
        col, row = col + dc, row + dr
    return tuple(out)


#: RAYS[square][direction]: the squares met walking from `square` in `direction`, nearest first.
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ray(sq, d) for d in range(8)) for sq in range(SIZE * SIZE)
)


def push_run(occupied: int, square: int, direction: int) -> tuple[int, int]:
    """The run pushed from `square` in `direction` (CQ-9): (its length, the square of the tile
    pushed off or -1 if none leaves)."""
    ray = RAYS[square][direction]
    length = 0
    for sq in ray:
        if not occupied >> sq & 1:
            return length, -1
        length += 1
    return length, (ray[-1] if ray else -1)


# --- moves --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Place:
    """Place: put the tile `code` from hand on the empty `square`."""

    code: str
    square: int

    def __str__(self) -> str:
        return f"place {self.code} {SQUARE_NAMES[self.square]}"


@dataclass(frozen=True, slots=True)
class MoveTile:
    """Move: slide the tile on `src` to the empty neighbouring square `dst`."""

    src: int
    dst: int

    def __str__(self) -> str:
        return f"move {SQUARE_NAMES[self.src]} {SQUARE_NAMES[self.dst]}"


@dataclass(frozen=True, slots=True)
class PlacePush:
    """Place and push: put `code` on the empty `square` and push the run in `direction` (0 = N,
    clockwise to 7 = NW, as in DIRECTIONS)."""

    code: str
    square: int
    direction: int

    def __str__(self) -> str:
        return f"push {self.code} {SQUARE_NAMES[self.square]} {DIRECTIONS[self.direction]}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass (CQ-13): the player to move has no legal action at all. Notation `pass`."""

    def __str__(self) -> str:
        return "pass"


ConsequenceMove = Place | MoveTile | PlacePush | Pass
PASS = Pass()

# Every move that can exist, made once, so that generating moves allocates nothing.
#: PLACES[code index][square]: the placement of that code there.
PLACES = tuple(tuple(Place(code, sq) for sq in range(16)) for code in CODES)
_STEPS = {(a, b): MoveTile(a, b) for a in range(16) for b in neighbours(a)}
_PUSHES = tuple(
    tuple(PlacePush(code, sq, d) for sq in range(16) for d in range(8)) for code in CODES
)
#: every move object this game hands out (legal_moves): `play` takes them as well-formed
MADE = MadeMoves((PASS, *_STEPS.values(), *(m for row in PLACES + _PUSHES for m in row)))


@dataclass(frozen=True, slots=True)
class _Geometry:
    """What an occupancy allows, whatever the hands: empties, steps, pushes with their run end."""

    empties: tuple[int, ...]
    steps: tuple[MoveTile, ...]
    pushes: tuple[int, ...]  # square * 8 + direction, for each push with a run of 2 or more
    push_offs: tuple[int, ...]  # the square pushed off for each of `pushes`, or -1


def _bits(squares: tuple[int, ...]) -> int:
    return sum(1 << sq for sq in squares)


# (key, mask of the first two ray squares, mask of the whole ray, last ray square) for every
# (square, direction) whose ray holds at least two squares: the candidate pushes.
_PUSH_SHAPES = tuple(
    (sq * 8 + d, _bits(RAYS[sq][d][:2]), _bits(RAYS[sq][d]), RAYS[sq][d][-1])
    for sq in range(16)
    for d in range(8)
    if len(RAYS[sq][d]) >= 2
)
_STEPS_FROM = tuple(
    tuple((1 << dst, _STEPS[src, dst]) for dst in neighbours(src)) for src in range(16)
)


@lru_cache(maxsize=1 << 14)
def geometry(occupied: int) -> _Geometry:
    """The placements, moves and pushes an occupancy mask allows, before hands and restrictions."""
    empties = tuple(sq for sq in range(16) if not occupied >> sq & 1)
    steps = tuple(
        step
        for src in range(16)
        if occupied >> src & 1
        for bit, step in _STEPS_FROM[src]
        if not occupied & bit
    )
    pushes, offs = [], []
    for key, first_two, whole, last in _PUSH_SHAPES:
        if occupied & first_two == first_two and not occupied >> (key >> 3) & 1:
            pushes.append(key)
            offs.append(last if occupied & whole == whole else -1)
    return _Geometry(empties, steps, tuple(pushes), tuple(offs))


def generate(
    occupied: int, codes: tuple[int, ...], no_move: int, no_push_off: int, places_only: bool
) -> list[ConsequenceMove]:
    """Every legal move: `codes` are the code indices in the mover's hand, `no_move` the square
    whose tile may not be moved (CQ-11) and `no_push_off` the one whose tile may not be pushed
    off (CQ-12), -1 for none; `places_only` in the final placements (CQ-14, CQ-19)."""
    geo = geometry(occupied)
    empties = geo.empties
    moves: list[ConsequenceMove] = []
    for ci in codes:
        moves.extend(map(PLACES[ci].__getitem__, empties))
    if places_only:
        return moves
    if no_move >= 0:
        moves.extend(m for m in geo.steps if m.src != no_move)
    else:
        moves.extend(geo.steps)
    pushes = geo.pushes
    if pushes and codes:
        if no_push_off >= 0 and no_push_off in geo.push_offs:
            pushes = tuple(
                p for p, off in zip(pushes, geo.push_offs, strict=True) if off != no_push_off
            )
        for ci in codes:
            moves.extend(map(_PUSHES[ci].__getitem__, pushes))
    if not moves:
        moves.append(PASS)
    return moves


def malformed(move: object) -> str | None:
    """Why `move` is not a well-formed Consequence move (another class, a field of the wrong type
    or out of range; a bool is not an int), or None."""
    if MADE.get(id(move), MADE) is move:
        return None
    kind = type(move)
    if kind is Place or kind is PlacePush:
        code, square = getattr(move, "code", None), getattr(move, "square", None)
        if code.__class__ is not str or code not in CODE_INDEX:
            return f"{shown(code)} is not a tile code (bM bS bD rM rS rD)"
        if not is_square(square):
            return f"{shown(square)} is not a square (0 .. 15)"
        direction = getattr(move, "direction", 0)
        if direction.__class__ is not int or not 0 <= direction < len(DIRECTIONS):
            return f"{shown(direction)} is not a direction (0 .. 7: N NE E SE S SW W NW)"
        return None
    if kind is MoveTile:
        for square in (getattr(move, "src", None), getattr(move, "dst", None)):
            if not is_square(square):
                return f"{shown(square)} is not a square (0 .. 15)"
        return None
    if kind is Pass:
        return None
    return f"{shown(move)} is not a Consequence move"


def refusal(
    move: ConsequenceMove,
    occupied: int,
    codes: tuple[int, ...],
    no_move: int,
    no_push_off: int,
    places_only: bool,
) -> str | None:
    """Why the well-formed `move` is not legal (arguments as for `generate`), or None."""
    if isinstance(move, MoveTile):
        return _step_refused(move, occupied, no_move, places_only)
    if isinstance(move, Pass):
        if generate(occupied, codes, no_move, no_push_off, places_only) != [PASS]:
            return N_("a pass is allowed only with no legal action (CQ-13)")
        return None
    return _placing_refused(move, occupied, codes, no_push_off, places_only)


def _placing_refused(
    move: Place | PlacePush, occupied: int, codes: tuple[int, ...], no_push_off: int, only: bool
) -> str | None:
    """Why a Place or a Place and push is refused (CQ-7 .. CQ-9, CQ-12, CQ-14), or None."""
    sq = move.square
    if CODE_INDEX[move.code] not in codes:
        return said(N_("no {tile} in hand"), tile=term(move.code, TILE_WORDS[move.code]))
    if occupied >> sq & 1:
        return said(N_("{square} is occupied"), square=SQUARE_NAMES[sq])
    if isinstance(move, Place):
        return None
    if only:
        return N_("only placements are allowed in the final placements (CQ-14)")
    d = move.direction
    length, off = push_run(occupied, sq, d)
    if length < 2:
        return said(
            N_(
                "the run from {square} {direction} holds {count} tile(s); a push needs at least "
                "2 (CQ-9)"
            ),
            square=SQUARE_NAMES[sq],
            direction=term(DIRECTIONS[d], DIRECTION_WORDS[d]),
            count=length,
        )
    if off >= 0 and off == no_push_off:
        return said(
            N_(
                "the tile on {square} was just placed by the opponent and may not be pushed off "
                "(CQ-12)"
            ),
            square=SQUARE_NAMES[off],
        )
    return None


def _step_refused(move: MoveTile, occupied: int, no_move: int, only: bool) -> str | None:
    """Why a Move is refused (CQ-7, CQ-11, CQ-14), or None."""
    src, dst = move.src, move.dst
    if only:
        return N_("only placements are allowed in the final placements (CQ-14)")
    if not occupied >> src & 1:
        return said(N_("no tile on {square}"), square=SQUARE_NAMES[src])
    if dst not in neighbours(src):
        return said(
            N_("{square} is not next to {other}"), square=SQUARE_NAMES[dst], other=SQUARE_NAMES[src]
        )
    if occupied >> dst & 1:
        return said(N_("{square} is occupied"), square=SQUARE_NAMES[dst])
    if src == no_move:
        return said(
            N_("the tile on {square} was just moved by the opponent (CQ-11)"),
            square=SQUARE_NAMES[src],
        )
    return None


def parse_text(text: str) -> ConsequenceMove:
    """The move written `text` (notation of the rules file), not yet checked against a position;
    InvalidNotation if it does not parse."""
    words = text.split()
    if not words:
        raise InvalidNotation("empty move text")
    kind, args = words[0], words[1:]
    shapes = {"place": 2, "move": 2, "push": 3, "pass": 0}
    if kind not in shapes:
        raise InvalidNotation(f"{kind!r} is not an action (place, move, push, pass)")
    if len(args) != shapes[kind]:
        raise InvalidNotation(f"{kind!r} takes {shapes[kind]} argument(s): {text!r}")
    if kind == "pass":
        return PASS
    if kind == "move":
        src, dst = parse_square(args[0]), parse_square(args[1])
        return _STEPS.get((src, dst)) or MoveTile(src, dst)
    code = args[0]
    if code not in CODE_INDEX:
        raise InvalidNotation(f"{code!r} is not a tile code (bM bS bD rM rS rD)")
    sq = parse_square(args[1])
    if kind == "place":
        return PLACES[CODE_INDEX[code]][sq]
    if args[2] not in DIRECTIONS:
        raise InvalidNotation(f"{args[2]!r} is not a direction ({' '.join(DIRECTIONS)})")
    return _PUSHES[CODE_INDEX[code]][sq * 8 + DIRECTIONS.index(args[2])]
