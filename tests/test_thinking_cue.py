"""The "thinking" cue in a seat's header: the word between the name and the points where it
fits, else a bubble of three dots, never over the name, the points or (beyond half of itself)
the panel's body below the header, where the hand's cards stand."""

from __future__ import annotations

import pygame
import pytest

from scenes.kit.effects_paint import THINKING_BUBBLE, thinking_spot

HEADER = pygame.Rect(20, 130, 430, 80)
WORD = (110, 30)


def spots(name_right: int, points_left: int) -> tuple[bool, pygame.Rect, pygame.Rect, pygame.Rect]:
    named = pygame.Rect(HEADER.left + 86, HEADER.top + 20, name_right - HEADER.left - 86, 40)
    scored = pygame.Rect(points_left, HEADER.top + 20, HEADER.right - 24 - points_left, 40)
    worded, spot = thinking_spot(HEADER, named, scored, WORD)
    return worded, spot, named, scored


@pytest.mark.parametrize(
    ("name_right", "points_left", "expected"),
    [
        (220, 380, "word"),  # a short name: the word fits between name and points
        (270, 350, "bubble in the header"),  # "Player 1" and "0 pt" in a narrow panel
        (300, 320, "bubble on the edge"),  # a long name and many points
    ],
)
def test_the_cue_stands_clear_of_the_name_the_points_and_the_cards(
    name_right, points_left, expected
):
    worded, spot, named, scored = spots(name_right, points_left)
    found = "word" if worded else (
        "bubble in the header" if HEADER.contains(spot) else "bubble on the edge"
    )  # fmt: skip
    assert found == expected
    assert not spot.colliderect(named) and not spot.colliderect(scored)
    assert spot.bottom <= HEADER.bottom + THINKING_BUBBLE[1] // 2
    if not worded:
        assert spot.size == THINKING_BUBBLE
