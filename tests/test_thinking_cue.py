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


def test_a_caption_over_the_points_leaves_the_bubble_in_the_header():
    """A seat header with "Score if the game ended now" over its points (Whose Foods): the
    caption runs left of the points, above the bubble's row, so the bubble still stands in the
    header between the name and the points, not on its lower edge over the panel's first
    words ("Cans in hand"); the word, which would sit under the caption, does not."""
    named = pygame.Rect(HEADER.left + 86, HEADER.top + 20, 300 - HEADER.left - 86, 40)
    points = pygame.Rect(380, HEADER.top + 30, HEADER.right - 24 - 380, 40)
    caption = pygame.Rect(228, HEADER.top + 1, HEADER.right - 22 - 228, 20)
    worded, spot = thinking_spot(HEADER, named, points, WORD, caption)
    assert not worded and HEADER.contains(spot), spot
    assert not any(spot.colliderect(rect) for rect in (named, points, caption))
    # a caption as low as the bubble's row keeps it left of the caption (here: on the edge)
    low = caption.move(0, 25)
    worded, spot = thinking_spot(HEADER, named, points, WORD, low)
    assert not worded and not spot.colliderect(low) and spot.centery == HEADER.bottom
