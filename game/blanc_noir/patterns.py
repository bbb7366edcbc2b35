"""Pattern matching for En blanc et noir (BN-4): card patterns against the land's top colours.

Every 2x2 window of the land is summarised by a *window code* 0..80: each corner is 0 (no land,
or the hunter's square), 1 (white top) or 2 (black top), code = c0 + 3*c1 + 9*c2 + 27*c3 with
corners 0 = (x, y), 1 = (x+1, y), 2 = (x, y+1), 3 = (x+1, y+1) of the window anchored at (x, y).
A card's *mask* is the 81-bit set of window codes that any rotation of its pattern matches, so
a card is scorable exactly when `mask & bits` is non-zero, where `bits` is the set of window
codes present on the land. `WindowCounts` keeps each window's code, how many windows have each
code, and those bits; a square whose colour changes (a card laid, the hunter coming or going)
shifts the codes of its four windows only, so a land action costs the same on any land.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from game.blanc_noir.cards import Card

Square = tuple[int, int]
#: Corner offsets of a window, in code order.
CORNERS: tuple[Square, ...] = ((0, 0), (1, 0), (0, 1), (1, 1))
COLOUR_CODE = {"W": 1, "B": 2}
#: The weight of each corner in a window's code.
WEIGHTS = (1, 3, 9, 27)

#: Squares and window anchors are kept as one int, `x * STRIDE + y`, inside `WindowCounts`:
#: one step right is `+ STRIDE`, one step up `+ 1`, and the ints sort as the squares do.
STRIDE = 101
#: Coordinates stay below STRIDE / 2 in size (a state's land reaches at most `LAND_REACH`, 36,
#: from the start; a window's anchor or a frontier square one more), so the keys are distinct
#: and sort as their squares. A stride that is no power of two spreads the keys of a land over
#: a dict's slots (with 1 << 16, the squares of one row all started at the same slot).

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


def decode(code: int) -> tuple[int, int, int, int]:
    """The corner colours (0 none, 1 white, 2 black) of a window code, in corner order."""
    return (code % 3, code // 3 % 3, code // 9 % 3, code // 27 % 3)


def mask_of(reqs: Iterable[Requirement]) -> int:
    """The set of window codes (as bits) satisfying at least one of `reqs`."""
    reqs = tuple(reqs)
    mask = 0
    for code in range(81):
        corners = decode(code)
        if any(all(corners[i] == c for i, c in req) for req in reqs):
            mask |= 1 << code
    return mask


def card_mask(card: Card) -> int:
    """The window codes on which `card` scores; 0 for an overlay (BN-13)."""
    if card.pattern is None:
        return 0
    return mask_of(rotations(card.pattern, card.colour))


def key_of(square: Square) -> int:
    """The int `WindowCounts` keeps `square` as."""
    return square[0] * STRIDE + square[1]


def square_of(key: int) -> Square:
    """The square kept as `key`."""
    x, y = divmod(key + STRIDE // 2, STRIDE)
    return x, y - STRIDE // 2


class WindowCounts:
    """The land's pattern windows: `codes` (anchor key -> window code, of every window that
    touches land), `counts` (how many windows have each code) and `bits` (the codes present,
    0 left out). The hunter's square counts as no land."""

    __slots__ = ("bits", "codes", "counts")

    def __init__(self, codes: dict[int, int], counts: list[int], bits: int) -> None:
        self.codes = codes
        self.counts = counts
        self.bits = bits

    @classmethod
    def of_land(cls, top: Mapping[Square, int], hunter: Square | None) -> WindowCounts:
        """The windows of a whole land (square -> top colour code) with the hunter at `hunter`."""
        codes: dict[int, int] = {}
        get = codes.get
        for (x, y), colour in top.items():  # the hunter's square too: taken out below
            key = x * STRIDE + y
            left, down = key - STRIDE, key - 1
            codes[key] = get(key, 0) + colour
            codes[left] = get(left, 0) + 3 * colour
            codes[down] = get(down, 0) + 9 * colour
            codes[left - 1] = get(left - 1, 0) + 27 * colour
        if hunter is not None and (colour := top.get(hunter, 0)):
            key = key_of(hunter)
            for anchor in (key, key - STRIDE, key - 1, key - STRIDE - 1):
                if left := codes[anchor] - colour:
                    codes[anchor] = left
                else:  # a window of no land but the hunter's square is no window
                    del codes[anchor]
                colour *= 3
        counts = [0] * 81
        bits = 0
        for code in codes.values():
            if not counts[code]:
                bits |= 1 << code
            counts[code] += 1
        return cls(codes, counts, bits & ~1)

    def copy(self) -> WindowCounts:
        """An independent copy."""
        return WindowCounts(self.codes.copy(), self.counts[:], self.bits)

    def shift(self, key: int, change: int) -> None:
        """The square kept as `key` changed colour code by `change` (new - old, as the windows
        see it: the hunter's square is 0)."""
        codes = self.codes
        counts = self.counts
        bits = self.bits
        get = codes.get
        # its four windows: the square is their corner 0, 1, 2 and 3 (weights 1, 3, 9, 27)
        for anchor in (key, key - STRIDE, key - 1, key - STRIDE - 1):
            old = get(anchor, 0)
            new = codes[anchor] = old + change
            change *= 3
            if old:
                left = counts[old] = counts[old] - 1
                if not left:
                    bits ^= 1 << old
            if new:
                now = counts[new] = counts[new] + 1
                if now == 1:
                    bits |= 1 << new
        self.bits = bits

    def lay(self, top: Mapping[Square, int], hunter: Square | None, square: Square) -> None:
        """A card is about to be laid at `square` and the hunter to move there from `hunter`
        (call before `top` changes): the old hunter's square shows its colour again, `square`
        is hidden under the hunter whatever its colour."""
        if hunter == square:
            return  # hidden under the hunter before and after
        if hunter is not None and (shown := top.get(hunter, 0)):
            self.shift(hunter[0] * STRIDE + hunter[1], shown)
        if shown := top.get(square, 0):
            self.shift(square[0] * STRIDE + square[1], -shown)

    def bits_if(
        self,
        top: Mapping[Square, int],
        hunter: Square | None,
        square: Square,
        colour: int,
        new_hunter: Square | None,
    ) -> int:
        """The codes present if `square` took top colour `colour` and the hunter went to
        `new_hunter` (None: nowhere). Changes nothing."""
        changes: list[tuple[int, int]] = []
        shown = 0 if hunter is None or hunter in (square, new_hunter) else top.get(hunter, 0)
        if shown:
            changes.append((hunter[0] * STRIDE + hunter[1], shown))  # type: ignore[index]
        before = 0 if square == hunter else top.get(square, 0)
        after = 0 if square == new_hunter else colour
        if after != before:
            changes.append((square[0] * STRIDE + square[1], after - before))
        if not changes:
            return self.bits
        codes = self.codes
        moved: dict[int, int] = {}
        for key, change in changes:
            for anchor in (key, key - STRIDE, key - 1, key - STRIDE - 1):
                moved[anchor] = moved.get(anchor, codes.get(anchor, 0)) + change
                change *= 3
        delta: dict[int, int] = {}
        for anchor, new in moved.items():
            old = codes.get(anchor, 0)
            if old != new:
                delta[old] = delta.get(old, 0) - 1
                delta[new] = delta.get(new, 0) + 1
        bits = self.bits
        counts = self.counts
        for code, change in delta.items():
            if change and code:
                if counts[code] + change > 0:
                    bits |= 1 << code
                else:
                    bits &= ~(1 << code)
        return bits

    def match(self, mask: int, reqs: tuple[Requirement, ...]) -> tuple[Square, ...] | None:
        """The icon squares of the first match of `reqs` (the rotations of a card whose mask is
        `mask`): at the lowest anchor (x, then y) whose code is in `mask`, the first rotation
        that fits there; None when no window fits."""
        if not mask & self.bits:
            return None
        anchor = min(a for a, code in self.codes.items() if mask >> code & 1)
        corners = decode(self.codes[anchor])
        ax, ay = square_of(anchor)
        for req in reqs:
            if all(corners[corner] == colour for corner, colour in req):
                return tuple(sorted((ax + CORNERS[c][0], ay + CORNERS[c][1]) for c, _ in req))
        raise AssertionError("a window code in the mask fits one of its rotations")
