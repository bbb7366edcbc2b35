"""Colour maths of the scenes: lighter and darker shades of an RGB colour."""

from __future__ import annotations

from scenes.kit.palette import RGB


def lighter(colour: RGB, amount: float = 0.18) -> RGB:
    """`colour` moved towards white by `amount` (0..1)."""
    return tuple(round(c + (255 - c) * amount) for c in colour)  # type: ignore[return-value]


def darker(colour: RGB, amount: float = 0.18) -> RGB:
    """`colour` moved towards black by `amount` (0..1)."""
    return tuple(round(c * (1 - amount)) for c in colour)  # type: ignore[return-value]
