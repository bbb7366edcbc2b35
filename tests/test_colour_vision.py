"""Issue 45 item 3: no seat and no board element is told apart by colour alone, for viewers with
protanopia, deuteranopia or tritanopia (Machado et al. 2009, severity 1.0), in either colour
scheme: every pair is more than 20 CIEDE2000 apart as each viewer sees it, or a shape separates
it and it is named below as relying on that shape."""

from __future__ import annotations

import itertools

import pytest

from scenes.boards.blanc_noir.card_art import NIGHT, SNOW
from scenes.boards.blanc_noir.presenter import GOOD_POINTS
from scenes.kit.effects import GOLD, RED
from scenes.kit.palette import BAD, GOOD, RGB, SEAT_COLOURS
from scenes.kit.vision import DEFICIENCIES, TOLD_APART, ciede2000, delta_e_2000, simulate

VIEWERS = (None, *DEFICIENCIES)

#: board elements that colour separates: (what, first colour, second colour)
ELEMENTS: tuple[tuple[str, RGB, RGB], ...] = (
    ("legal target / refused move (GOOD / BAD)", GOOD, BAD),
    ("gain / loss announcement (GOLD / RED)", GOLD, RED),
    ("bonus / penalty points (GOOD_POINTS / RED)", GOOD_POINTS, RED),
    ("white / black cards (SNOW / NIGHT)", SNOW, NIGHT),
)

#: pairs whose colours a viewer cannot tell apart, with the shape that separates them
RELY_ON_SHAPE: dict[tuple[str, str, str], str] = {
    ("standard", "red", "green"): "seat marks: circle / triangle",
    ("standard", "red", "gold"): "seat marks: circle / diamond",
    ("standard", "blue", "green"): "seat marks: square / triangle",
    ("standard", "green", "gold"): "seat marks: triangle / diamond",
    ("elements", "legal target / refused move (GOOD / BAD)", ""): (
        "a target is a ring, a refusal a cross or a bubble with words; points carry + / −"
    ),
}


def seen_apart(first: RGB, second: RGB) -> list[tuple[str, float]]:
    """The viewers (and the difference they see) for whom two colours are too close."""
    close = []
    for viewer in VIEWERS:
        difference = ciede2000(simulate(first, viewer), simulate(second, viewer))
        if difference <= TOLD_APART:
            close.append((viewer or "normal", round(difference, 1)))
    return close


# Sharma, Wu and Dalal (2005), table 1: pairs 1, 7, 17, 24 and 34 with their published difference
@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
        ((50.0, 2.5, 0.0), (50.0, 3.1736, 0.5854), 1.0000),
        ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
    ],
)
def test_ciede2000_matches_the_published_pairs(first, second, expected) -> None:
    assert delta_e_2000(first, second) == pytest.approx(expected, abs=1e-4)


def test_the_simulation_merges_red_and_green_for_deuteranopes_only() -> None:
    red, green = (200, 60, 40), (90, 140, 40)
    assert ciede2000(red, green) > 40
    assert ciede2000(simulate(red, "deuteranopia"), simulate(green, "deuteranopia")) < 15
    assert simulate((255, 255, 255), "tritanopia") == (255, 255, 255)


@pytest.mark.parametrize("scheme", sorted(SEAT_COLOURS))
def test_every_seat_colour_pair_is_told_apart_by_colour_or_by_its_mark(scheme: str) -> None:
    colours = SEAT_COLOURS[scheme]
    assert len({colour.mark for colour in colours}) == len(colours)
    failures = []
    for first, second in itertools.combinations(colours, 2):
        close = seen_apart(first.rgb, second.rgb)
        if close and (scheme, first.name, second.name) not in RELY_ON_SHAPE:
            failures.append(f"{scheme} {first.name} / {second.name}: {close}")
        if not close:
            assert (scheme, first.name, second.name) not in RELY_ON_SHAPE, "listed for nothing"
    assert not failures


def test_the_colour_blind_scheme_needs_no_shape() -> None:
    assert not [key for key in RELY_ON_SHAPE if key[0] == "colour-blind"]
    for first, second in itertools.combinations(SEAT_COLOURS["colour-blind"], 2):
        assert not seen_apart(first.rgb, second.rgb), (first.name, second.name)


@pytest.mark.parametrize(("what", "first", "second"), ELEMENTS, ids=[e[0] for e in ELEMENTS])
def test_every_board_element_pair_is_told_apart_by_colour_or_by_shape(
    what: str, first: RGB, second: RGB
) -> None:
    close = seen_apart(first, second)
    listed = ("elements", what, "") in RELY_ON_SHAPE
    assert listed == bool(close), (what, close)
