"""Text that must fit a width: shrink it down to a floor size, then cut it with an ellipsis.

Any length of text fits in O(n log n) measuring at worst: the cut is found by halving, and a
text longer than the box is wide in pixels is cut to that many characters before anything is
measured (a drawn character is at least a pixel wide; zero-width ones only make the cut early).
"""

from __future__ import annotations

from scenes.kit import fonts
from scenes.kit.drawn_boxes import note_shortened

ELLIPSIS = "…"


def shorten(words: str, size: int, width: int, bold: bool = False) -> str:
    """`words` as they fit in `width` pixels at `size`: whole, or cut with "…" at the end."""
    cut_early = len(words) > max(0, width)
    if cut_early:
        words = words[: max(0, width)]
    elif fonts.measure(words, size, bold)[0] <= width:
        return words

    def fits(length: int) -> bool:
        return fonts.measure(words[:length].rstrip() + ELLIPSIS, size, bold)[0] <= width

    low, high = 0, len(words)  # words[:low] + "…" fits (or low is 0); words[:high + 1] not
    while low < high:
        middle = (low + high + 1) // 2
        if fits(middle):
            low = middle
        else:
            high = middle - 1
    return note_shortened(words[:low].rstrip() + ELLIPSIS)


def fit_line(
    words: str, size: int, width: int, bold: bool = False, smallest: int = fonts.TINY
) -> tuple[str, int]:
    """(text, size) to draw `words` in `width`: the largest size down to `smallest` at which it
    fits, and below that `smallest` with the words cut by an ellipsis."""
    if len(words) > max(0, width):  # it cannot fit at any size: no size need be tried
        return shorten(words, smallest, width, bold), smallest
    size = fonts.fit(words, size, width, bold, smallest)
    return shorten(words, size, width, bold), size


def fit_lines(
    words: str,
    size: int,
    width: int,
    most: int,
    bold: bool = False,
    smallest: int = fonts.TINY - 8,
) -> tuple[list[str], int]:
    """(lines, size) to draw `words` wrapped to `width` in at most `most` lines: the largest
    size down to `smallest` at which they wrap so (at the large text size, in a fixed place);
    below that, `smallest` with the last line cut by an ellipsis."""
    lines = fonts.wrap(words, size, width, bold)
    while len(lines) > most and size > smallest:
        size -= 2
        lines = fonts.wrap(words, size, width, bold)
    if len(lines) > most:
        lines = [*lines[: most - 1], shorten(" ".join(lines[most - 1 :]), size, width, bold)]
    return lines, size
