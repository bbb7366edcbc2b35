"""Consequence positions drawn in the notation of `State.diagram()`, checked against the rules.

`from_diagram` (re-exported by game.consequence) reads a diagram and what a diagram cannot show
(hands, whose turn, who placed which tile, the restrictions of CQ-11 / CQ-12, the turn count, the
final placements); ValueError for a position no game can reach, so a picture in the rules screen
or a test never shows one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.consequence.moves import CODE_INDEX, MOON, SEAT_NAMES, SUN, TILE_CODES, TURN_LIMIT
from game.consequence.state import State
from game.core.grid import parse_square, read_grid

Seat = int


def from_diagram(
    diagram: str,
    hands: Sequence[Sequence[str]] | None = None,
    to_move: Seat = MOON,
    *,
    placers: Mapping[str, Seat] | None = None,
    last_moved: Mapping[Seat, str] | None = None,
    last_placed: Mapping[Seat, str] | None = None,
    turn: int | None = None,
    end_reason: str | None = None,
) -> State:
    """The position `diagram` draws (row 4 first, `.` empty, tile codes such as `bM`), `to_move`
    to act; ValueError for one no game reaches.

    `hands`: (Moon's codes, Sun's codes); by default each tile off the grid is in the hand of its
    colour. `placers`: square name -> seat that placed its tile; by default the seat of the
    tile's colour. `last_moved` / `last_placed`: seat -> square name of the tile that seat moved
    / placed on its last turn (CQ-11, CQ-12). `turn`: turns played after the opening; by default
    the fewest that put this many tiles on the grid with `to_move` to act. `end_reason`: "hand
    empty" or "turn limit" during the final placements (CQ-14, CQ-19), else None.
    """
    if to_move not in (MOON, SUN):
        raise ValueError(f"to_move is a seat of Consequence (0 Moon, 1 Sun), not {to_move!r}")
    grid = [_code(cell) for cell in read_grid(diagram)]
    free: dict[str, list[int]] = {}
    for tile, code in enumerate(TILE_CODES):
        free.setdefault(code, []).append(tile)
    board = [-1 if code is None else _take(free, code, "on the grid") for code in grid]
    if hands is None:
        left = sorted(t for tiles in free.values() for t in tiles)
        hand_tiles = [[t for t in left if TILE_CODES[t][0] == "b"], [t for t in left if t >= 7]]
    else:
        if len(hands) != 2:
            raise ValueError("hands are (Moon's codes, Sun's codes)")
        hand_tiles = [[_take(free, code, "in hand") for code in hand] for hand in hands]
        missing = sorted(TILE_CODES[t] for tiles in free.values() for t in tiles)
        if missing:
            raise ValueError(f"the 14 tiles are all in play: {' '.join(missing)} are nowhere")
    on_grid = sum(t >= 0 for t in board)
    turn = _turn(on_grid, to_move, turn, end_reason)
    _check_hands(hand_tiles, to_move, on_grid, end_reason)
    placed_by = _placers(board, placers or {})
    last_moved, last_placed = last_moved or {}, last_placed or {}
    if set(last_moved) & set(last_placed):
        raise ValueError("a turn is one action: a seat last moved a tile or placed one (CQ-7)")
    return State.from_parts(
        board=board,
        hands=(hand_tiles[MOON], hand_tiles[SUN]),
        moon_knows=hand_tiles[MOON] + [t for sq, t in enumerate(board) if placed_by[sq] == MOON],
        current=to_move,
        turn=turn,
        last_moved=_last_tiles(board, last_moved, "moved"),
        last_placed=_last_tiles(board, last_placed, "placed"),
        end_reason=end_reason,
        ply=turn + (1 if on_grid else 0),
        placed_at=[0 if t in board else -1 for t in range(len(TILE_CODES))],
    )


def _code(cell: str) -> str | None:
    if cell == ".":
        return None
    if cell not in CODE_INDEX:
        raise ValueError(f"{cell!r} is not a tile code (bM bS bD rM rS rD) nor '.'")
    return cell


def _take(free: dict[str, list[int]], code: str, where: str) -> int:
    """The lowest tile id of `code` not used yet; ValueError when every such tile is used."""
    if not isinstance(code, str) or code not in free:
        raise ValueError(f"{code!r} is not a tile code (bM bS bD rM rS rD)")
    if not free[code]:
        count = TILE_CODES.count(code)
        raise ValueError(f"too many {code} {where}: the game has {count} (CQ-3)")
    return free[code].pop(0)


def _turn(on_grid: int, to_move: Seat, turn: int | None, end_reason: str | None) -> int:
    """The turn count, checked: each turn adds at most one tile to the grid, and after the
    opening Sun acts on even counts, Moon on odd ones (CQ-6, CQ-7)."""
    if end_reason not in (None, "hand empty", "turn limit"):
        raise ValueError(f"end_reason is None, 'hand empty' or 'turn limit', not {end_reason!r}")
    if on_grid == 0:
        if to_move != MOON or turn not in (None, 0) or end_reason is not None:
            raise ValueError("an empty grid is the start of the game: Moon opens (CQ-6)")
        return 0
    least = on_grid - 1
    if turn is None:
        turn = TURN_LIMIT if end_reason == "turn limit" else least
        if end_reason is None and turn % 2 != (to_move == MOON):
            turn += 1
    if turn < least:
        raise ValueError(f"{on_grid} tiles on the grid take {least} turns at least, not {turn}")
    if end_reason is None and turn % 2 != (to_move == MOON):
        raise ValueError(f"after {turn} turns {SEAT_NAMES[1 - to_move]} acts (CQ-7)")
    last = TURN_LIMIT - 1 if end_reason is None else TURN_LIMIT
    if turn > last or (end_reason == "turn limit" and turn != TURN_LIMIT):
        raise ValueError(f"the game lasts {TURN_LIMIT} turns, then the final placements (CQ-19)")
    return turn


def _check_hands(
    hands: list[list[int]], to_move: Seat, on_grid: int, end_reason: str | None
) -> None:
    """A hand empties only by its own last placement, which begins the final placements
    (CQ-14); and the seat to act in them has a tile to place."""
    if on_grid == 0:
        if sorted(hands[MOON]) != list(range(7)):
            raise ValueError("at the start Moon holds the blue tiles and Sun the red ones (CQ-4)")
        return
    if end_reason is None and not (hands[MOON] and hands[SUN]):
        raise ValueError("an empty hand ends play (CQ-14): give end_reason='hand empty'")
    if end_reason is not None and not hands[to_move]:
        raise ValueError(f"{SEAT_NAMES[to_move]} has no tile left to place (CQ-14)")
    if end_reason == "hand empty" and hands[1 - to_move]:
        raise ValueError("in the final placements after 'hand empty' one hand is empty (CQ-14)")


def _placers(board: list[int], placers: Mapping[str, Seat]) -> list[Seat | None]:
    """Per square, the seat that placed its tile: as given, else the seat of its colour."""
    by_square: list[Seat | None] = [
        None if t < 0 else (MOON if TILE_CODES[t][0] == "b" else SUN) for t in board
    ]
    for name, seat in placers.items():
        sq = parse_square(name)
        if board[sq] < 0 or seat not in (MOON, SUN):
            raise ValueError(f"placers: {name} holds no tile, or {seat!r} is not a seat")
        by_square[sq] = seat
    return by_square


def _last_tiles(board: list[int], squares: Mapping[Seat, str], what: str) -> tuple[int, int]:
    """Per seat, the tile on the square given for it (-1 for none)."""
    tiles = [-1, -1]
    for seat, name in squares.items():
        if seat not in (MOON, SUN) or board[parse_square(name)] < 0:
            raise ValueError(f"last {what}: {name} of seat {seat!r} holds no tile")
        tiles[seat] = board[parse_square(name)]
    return tiles[0], tiles[1]
