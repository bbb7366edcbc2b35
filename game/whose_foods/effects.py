"""Whose Foods patterns: the lines of the board, the effects that fire and the losing patterns
(shared/rules/whose_foods.md, WF-11 .. WF-18, WF-27, WF-30).

Effects are found only on the lines through fresh squares (WF-18), so a chain step looks at a
handful of lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.core.grid import SQUARES
from game.whose_foods.moves import CAN, EMPTY, Take, sorted_by_name, take_move

_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def _lines(length: int) -> tuple[tuple[int, ...], ...]:
    found = []
    for sq in SQUARES:
        col, row = sq % 4, sq // 4
        for dc, dr in _DIRECTIONS:
            cells = [(col + i * dc, row + i * dr) for i in range(length)]
            if all(0 <= c < 4 and 0 <= r < 4 for c, r in cells):
                found.append(tuple(r * 4 + c for c, r in cells))
    return tuple(found)


TRIPLES = _lines(3)  # 28 lines of three consecutive squares
QUADS = _lines(4)  # 10 lines of four
_TRIPLE_MASKS = tuple((t, (1 << t[0]) | (1 << t[1]) | (1 << t[2])) for t in TRIPLES)
_QUAD_ENDS = tuple((q, (1 << q[0]) | (1 << q[3])) for q in QUADS)
_QUAD_MASKS = tuple((q, sum(1 << sq for sq in q)) for q in QUADS)


class EffectKind(StrEnum):
    TRIO_ILLUSTRATION = "trio by illustration"  # WF-11
    TRIO_SIZE = "trio by size"  # WF-12
    SANDWICH = "sandwich"  # WF-13


class LossKind(StrEnum):
    """The losing patterns (WF-16): four of one illustration or of one size, three cans."""

    FOUR_ILLUSTRATION = "four of one illustration"
    FOUR_SIZE = "four of one size"
    THREE_CANS = "three cans"


@dataclass(frozen=True, slots=True)
class LosingLine:
    """A losing pattern through a fresh piece: `line` is its squares (WF-16, WF-21)."""

    kind: LossKind
    line: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Effect:
    """A pattern that fires: `line` is every square of the pattern, `squares` the pieces removed."""

    kind: EffectKind
    line: tuple[int, ...]
    squares: tuple[int, ...]  # sorted by square name, as in `take`

    @property
    def take(self) -> Take:
        return take_move(self.squares)


def find_effects(top: list[int], fresh: int) -> tuple[LosingLine | None, list[Effect]]:
    """The losing pattern (if any) and the effects that include a fresh piece (WF-11..WF-18).

    A losing pattern comes before every effect (WF-21), so when there is one no effect is
    returned. Effects removing exactly the same pieces are one (WF-27); they come in board order.
    """
    loss = losing_four(top, fresh)
    if loss is not None:
        return loss, []
    effects: dict[tuple[int, ...], Effect] = {}
    loss = _trios_and_short_sandwiches(top, fresh, effects)
    if loss is not None:
        return loss, []
    _long_sandwiches(top, fresh, effects)
    return None, list(effects.values())


def losing_four(top: list[int], fresh: int) -> LosingLine | None:
    """The first line of four visible pieces through a fresh square that are all of one
    illustration or all of one size (WF-16, WF-30), if there is one."""
    for line, mask in _QUAD_MASKS:
        if not fresh & mask:
            continue
        a, b, c, d = line
        pa, pb, pc, pd = top[a], top[b], top[c], top[d]
        if EMPTY in (pa, pb, pc, pd):
            continue
        if pa % 3 == pb % 3 == pc % 3 == pd % 3:
            return LosingLine(LossKind.FOUR_ILLUSTRATION, line)
        if pa // 3 == pb // 3 == pc // 3 == pd // 3:
            return LosingLine(LossKind.FOUR_SIZE, line)
    return None


def _trios_and_short_sandwiches(
    top: list[int], fresh: int, effects: dict[tuple[int, ...], Effect]
) -> LosingLine | None:
    """Add the trios and the `D F D` sandwiches on lines of three through a fresh square;
    return the first line of three cans instead, if there is one (WF-16)."""
    for line, mask in _TRIPLE_MASKS:
        if not fresh & mask:
            continue
        a, b, c = line
        pa, pb, pc = top[a], top[b], top[c]
        if pa == EMPTY or pb == EMPTY or pc == EMPTY:
            continue
        ka, kb, kc = pa % 3, pb % 3, pc % 3
        if ka == kb == kc == CAN:  # WF-16: cans lose at three
            return LosingLine(LossKind.THREE_CANS, line)
        kind = None
        if ka == kb == kc:
            kind = EffectKind.TRIO_ILLUSTRATION  # WF-11
        elif pa // 3 == pb // 3 == pc // 3:
            kind = EffectKind.TRIO_SIZE  # WF-12
        if kind is not None:
            squares = sorted_by_name(line)
            if squares not in effects:
                effects[squares] = Effect(kind, line, squares)
        if kb == CAN and ka == kc != CAN and fresh & ((1 << a) | (1 << c)):  # WF-13
            squares = (b,)
            if squares not in effects:
                effects[squares] = Effect(EffectKind.SANDWICH, line, squares)
    return None


def _long_sandwiches(top: list[int], fresh: int, effects: dict[tuple[int, ...], Effect]) -> None:
    """Add the `D F F D` sandwiches whose end animals include a fresh one (WF-13)."""
    for line, ends in _QUAD_ENDS:
        if not fresh & ends:
            continue
        a, b, c, d = line
        pa, pb, pc, pd = top[a], top[b], top[c], top[d]
        if EMPTY in (pa, pb, pc, pd):
            continue
        if pb % 3 == CAN and pc % 3 == CAN and pa % 3 == pd % 3 != CAN:  # WF-13: D F F D
            squares = sorted_by_name((b, c))
            if squares not in effects:
                effects[squares] = Effect(EffectKind.SANDWICH, line, squares)
