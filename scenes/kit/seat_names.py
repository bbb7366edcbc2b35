"""A seat's name in a caption or a sentence about an event: the name of that seat, or
"Someone" for an event whose seat the names do not have."""

from __future__ import annotations

from collections.abc import Sequence


def seat_name(names: Sequence[str], seat: object) -> str:
    """The name of `seat`, or "Someone" for a seat the names do not have."""
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return "Someone"
