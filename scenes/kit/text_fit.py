"""Text that must fit a width: shrink it down to a floor size, then cut it with an ellipsis."""

from __future__ import annotations

from scenes.kit import fonts

ELLIPSIS = "…"


def shorten(words: str, size: int, width: int, bold: bool = False) -> str:
    """`words` as they fit in `width` pixels at `size`: whole, or cut with "…" at the end."""
    if fonts.measure(words, size, bold)[0] <= width:
        return words
    cut = words
    while cut and fonts.measure(cut.rstrip() + ELLIPSIS, size, bold)[0] > width:
        cut = cut[:-1]
    return cut.rstrip() + ELLIPSIS


def fit_line(
    words: str, size: int, width: int, bold: bool = False, smallest: int = fonts.TINY
) -> tuple[str, int]:
    """(text, size) to draw `words` in `width`: the largest size down to `smallest` at which it
    fits, and below that `smallest` with the words cut by an ellipsis."""
    size = fonts.fit(words, size, width, bold, smallest)
    return shorten(words, size, width, bold), size
