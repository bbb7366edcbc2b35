"""Pattern matching for En blanc et noir (BN-4): card patterns against the land's top colours.

Every 2x2 window of the land is summarised by a *window code* 0..80: each corner is 0 (no land,
or the hunter's square), 1 (white top) or 2 (black top), code = c0 + 3*c1 + 9*c2 + 27*c3 with
corners 0 = (x, y), 1 = (x+1, y), 2 = (x, y+1), 3 = (x+1, y+1) of the window anchored at (x, y).
A card's *mask* is the 81-bit set of window codes that any rotation of its pattern matches, so
a card is scorable exactly when `mask & land_bits` is non-zero, where `land_bits` is the set of
window codes present on the land. `WindowCounts` keeps those codes up to date square by square.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.blanc_noir.cards import Card

Square = tuple[int, int]
#: Corner offsets of a window, in code order.
CORNERS: tuple[Square, ...] = ((0, 0), (1, 0), (0, 1), (1, 1))
COLOUR_CODE = {"W": 1, "B": 2}

#: A pattern requirement: (corner index, colour code) for every icon.
Requirement = tuple[tuple[int, int], ...]


def requirement(pattern: str, colour: str) -> Requirement:
    """The icons of `pattern` (as printed, unrotated) for a card of `colour`."""
    own = COLOUR_CODE[colour]
    top, bottom = pattern.split("/")
    # Top row is y + 1 (corners 2, 3); bottom row is y (corners 0, 1).
    cells = ((2, top[0]), (3, top[1]), (0, bottom[0]), (1, bottom[1]))
    return tuple(
        sorted((corner, own if ch == "X" else 3 - own) for corner, ch in cells if ch != ".")
    )


def _rotate(req: Requirement) -> Requirement:
    """The requirement turned 90 degrees anticlockwise: corner (x, y) -> (1 - y, x)."""
    out = []
    for corner, colour in req:
        x, y = CORNERS[corner]
        out.append((CORNERS.index((1 - y, x)), colour))
    return tuple(sorted(out))


def rotations(pattern: str, colour: str) -> tuple[Requirement, ...]:
    """The distinct rotations (0, 90, 180, 270 degrees; never mirrored) of a card's pattern."""
    req = requirement(pattern, colour)
    found: list[Requirement] = []
    for _ in range(4):
        if req not in found:
            found.append(req)
        req = _rotate(req)
    return tuple(found)


def _decode(code: int) -> tuple[int, int, int, int]:
    return (code % 3, code // 3 % 3, code // 9 % 3, code // 27 % 3)


def mask_of(reqs: Iterable[Requirement]) -> int:
    """The set of window codes (as bits) satisfying at least one of `reqs`."""
    reqs = tuple(reqs)
    mask = 0
    for code in range(81):
        corners = _decode(code)
        if any(all(corners[i] == c for i, c in req) for req in reqs):
            mask |= 1 << code
    return mask


def card_mask(card: Card) -> int:
    """The window codes on which `card` scores; 0 for an overlay (BN-13)."""
    if card.pattern is None:
        return 0
    return mask_of(rotations(card.pattern, card.colour))


def anchors_touching(squares: Iterable[Square | None]) -> set[Square]:
    """The anchors of every window that contains one of `squares`."""
    out: set[Square] = set()
    for sq in squares:
        if sq is not None:
            x, y = sq
            out.update(((x, y), (x - 1, y), (x, y - 1), (x - 1, y - 1)))
    return out


def window_codes(
    top: dict[Square, int], hunter: Square | None, anchors: Iterable[Square]
) -> list[int]:
    """The codes of the windows anchored at `anchors`; the hunter's square counts as no land."""
    saved = top.get(hunter) if hunter is not None else None
    if saved is not None:
        top[hunter] = 0  # type: ignore[index]  # the hunter's square counts as no land
    get = top.get
    try:
        return [
            get((ax, ay), 0)
            + 3 * get((ax + 1, ay), 0)
            + 9 * get((ax, ay + 1), 0)
            + 27 * get((ax + 1, ay + 1), 0)
            for ax, ay in anchors
        ]
    finally:
        if saved is not None:
            top[hunter] = saved  # type: ignore[index]


class WindowCounts:
    """How many windows of the land have each code, and `bits`: the codes present (non-zero)."""

    __slots__ = ("bits", "counts")

    def __init__(self, counts: list[int] | None = None, bits: int = 0) -> None:
        self.counts = counts if counts is not None else [0] * 81
        self.bits = bits

    @classmethod
    def of_land(cls, top: dict[Square, int], hunter: Square | None) -> WindowCounts:
        """Counts built from scratch for a whole land."""
        windows = cls()
        windows.add(top, hunter, anchors_touching(top))
        return windows

    def copy(self) -> WindowCounts:
        """An independent copy."""
        return WindowCounts(self.counts[:], self.bits)

    def remove(self, top: dict[Square, int], hunter: Square | None, anchors: set[Square]) -> None:
        """Forget the windows at `anchors` as they are now (call before changing the land)."""
        counts = self.counts
        for code in window_codes(top, hunter, anchors):
            if code:
                counts[code] -= 1
                if not counts[code]:
                    self.bits &= ~(1 << code)

    def add(self, top: dict[Square, int], hunter: Square | None, anchors: set[Square]) -> None:
        """Count the windows at `anchors` as they are now (call after changing the land)."""
        counts = self.counts
        for code in window_codes(top, hunter, anchors):
            if code:
                counts[code] += 1
                if counts[code] == 1:
                    self.bits |= 1 << code

    def bits_if(
        self,
        top: dict[Square, int],
        hunter: Square | None,
        square: Square,
        colour: int,
        new_hunter: Square | None,
    ) -> int:
        """The codes present if `square` took top colour `colour` and the hunter went to
        `new_hunter` (None: nowhere). Changes nothing."""
        anchors = anchors_touching((square, hunter))
        delta: dict[int, int] = {}
        for code in window_codes(top, hunter, anchors):
            if code:
                delta[code] = delta.get(code, 0) - 1
        old = top.get(square)
        top[square] = colour
        try:
            for code in window_codes(top, new_hunter, anchors):
                if code:
                    delta[code] = delta.get(code, 0) + 1
        finally:
            if old is None:
                del top[square]
            else:
                top[square] = old
        bits = self.bits
        counts = self.counts
        for code, change in delta.items():
            if change:
                if counts[code] + change > 0:
                    bits |= 1 << code
                else:
                    bits &= ~(1 << code)
        return bits


def land_bits(top: dict[Square, int], hunter: Square | None) -> int:
    """The window codes present on a land, computed from scratch."""
    bits = 0
    for code in window_codes(top, hunter, anchors_touching(top)):
        bits |= 1 << code
    return bits & ~1


def find_match(
    reqs: tuple[Requirement, ...], top: dict[Square, int], hunter: Square | None
) -> tuple[Square, ...] | None:
    """The icon squares of the first match (anchors in sorted order) of any rotation, or None."""
    for ax, ay in sorted(anchors_touching(top)):
        for req in reqs:
            squares = []
            for corner, colour in req:
                dx, dy = CORNERS[corner]
                sq = (ax + dx, ay + dy)
                if sq == hunter or top.get(sq) != colour:
                    break
                squares.append(sq)
            else:
                return tuple(sorted(squares))
    return None
