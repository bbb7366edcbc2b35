"""Colours of the whole app, and the seat colours with a mark shape per seat."""

from typing import NamedTuple

#: a colour as pygame takes it: red, green, blue 0..255
RGB = tuple[int, int, int]


class SeatColour(NamedTuple):
    """A seat's colour: its name ("red"), its RGB, and the mark shape drawn beside it."""

    name: str
    rgb: RGB
    mark: str


INK: RGB = (43, 33, 28)  # outlines and text: warm near-black
PAPER: RGB = (250, 240, 222)  # light warm background of panels
TABLE: RGB = (168, 106, 62)  # the wooden tabletop
ACCENT: RGB = (232, 125, 62)  # buttons, highlights
ACCENT_DARK: RGB = (168, 78, 34)  # pressed buttons, accent text on paper
GOOD: RGB = (62, 140, 78)  # legal target, success
BAD: RGB = (196, 58, 52)  # illegal, warning
MUTED: RGB = (128, 112, 98)  # secondary text, disabled
WHITE: RGB = (255, 255, 255)

#: The shape drawn beside a seat colour, so no seat is told apart by colour alone.
SEAT_MARKS: tuple[str, ...] = ("circle", "square", "triangle", "diamond")

#: Scheme name -> seat colours in seat order, each (name, rgb, mark).
SEAT_COLOURS: dict[str, tuple[SeatColour, ...]] = {
    "standard": (
        SeatColour("red", (206, 64, 56), "circle"),
        SeatColour("blue", (46, 110, 190), "square"),
        SeatColour("green", (58, 146, 72), "triangle"),
        SeatColour("gold", (226, 164, 30), "diamond"),
    ),
    # Okabe-Ito's hues moved apart in lightness until every pair stays more than 20 CIEDE2000
    # apart for protanopes, deuteranopes and tritanopes too (tests/test_colour_vision.py).
    "colour-blind": (
        SeatColour("amber", (251, 196, 13), "circle"),
        SeatColour("blue", (3, 84, 159), "square"),
        SeatColour("green", (7, 160, 111), "triangle"),
        SeatColour("lavender", (160, 132, 173), "diamond"),
    ),
}


def seat_colours(scheme: str) -> list[SeatColour]:
    """The seat colours (name, rgb, mark) of the scheme `standard` or `colour-blind`."""
    try:
        return list(SEAT_COLOURS[scheme])
    except KeyError:
        known = ", ".join(SEAT_COLOURS)
        raise ValueError(f"unknown colour scheme {scheme!r}; choose one of {known}") from None
