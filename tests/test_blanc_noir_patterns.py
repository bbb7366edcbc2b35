"""En blanc et noir pattern matching (BN-4): small lands drawn as pictures, and a brute force.

In the pictures the top row is the largest y; `.` is no land; lower case marks the hunter.
Patterns (rules file): 2a/b/e `YX/X.`, 2c `XY/X.`, 2d `XX/Y.`, 3a/b `XX/X.`, 3c `XX/YY`,
3d `XY/YX`, 4 `XX/XY`, 5 `XX/XX` (X own colour, Y the other).
"""

from __future__ import annotations

import random

import pytest
from helpers.blanc_noir_positions import brute_force_matches, position

from game import blanc_noir as bn
from game.blanc_noir.cards import CARDS

CASES = [
    # (name, picture, card, matches)
    (
        "checkerboard start fits both checkerboard cards",
        """
        B W
        W B
        """,
        ["W3d", "B3d"],
        True,
    ),
    (
        "full white square scores the white 5",
        """
        W W
        W W
        """,
        ["W5a", "W5b", "W3a"],
        True,
    ),
    (
        "three own and one other needs the other colour",
        """
        W W
        W W
        """,
        ["W4a", "W3c", "W2a", "B3a"],
        False,
    ),
    (
        "hunter alone blocks the full square",
        """
        W W
        W w
        """,
        ["W5a", "W4a"],
        False,
    ),
    (
        "the hunter may stand under a corner with no icon",
        """
        W W
        W b
        """,
        ["W3a", "W3b"],
        True,
    ),
    (
        "L corner own, clockwise arm other: 2c as printed",
        """
        W B
        W .
        """,
        ["W2c"],
        True,
    ),
    (
        "mirror image of 2c is 2d and must not match",
        """
        W B
        W .
        """,
        ["W2d"],
        False,
    ),
    (
        "2c turned a quarter turn still matches",
        """
        B .
        W W
        """,
        ["W2c"],
        True,
    ),
    (
        "its mirror image again does not",
        """
        B .
        W W
        """,
        ["W2d"],
        False,
    ),
    (
        "three own and one other, turned half a turn",
        """
        B W
        W W
        """,
        ["W4a", "W4b", "W4c"],
        True,
    ),
    (
        "the other-colour icon under the hunter blocks the 4 but not the L of three",
        """
        b W
        W W
        """,
        ["W4a"],
        False,
    ),
    (
        "own row beside other row, as columns",
        """
        W B
        W B
        """,
        ["W3c", "B3c"],
        True,
    ),
    (
        "black 2: white corner, black arms; the white 2 needs the opposite",
        """
        W B
        B .
        """,
        ["B2a", "B2b", "B2e"],
        True,
    ),
    (
        "white 2 on the same land does not fit",
        """
        W B
        B .
        """,
        ["W2a", "W2c", "W2d"],
        False,
    ),
    (
        "a plus of whites holds no full square",
        """
        . W .
        W W W
        . W .
        """,
        ["W5a", "W4a", "W3c", "W3d"],
        False,
    ),
    (
        "diagonal neighbours do not make an L",
        """
        W . W
        . W .
        W . W
        """,
        ["W3a", "W2c", "W2d"],
        False,
    ),
    (
        "a checkerboard's own colour squares are not a full square",
        """
        W B W
        B W B
        """,
        ["W5a", "B5a", "W3c"],
        False,
    ),
]


@pytest.mark.parametrize(("name", "picture", "cards", "expected"), CASES, ids=[c[0] for c in CASES])
def test_bn4_pattern_pictures(name, picture, cards, expected):
    lines = "\n".join(line.strip() for line in picture.strip().splitlines())
    for origin in ((0, 0), (-7, 3)):  # the same picture anywhere on the unbounded land
        state = position(lines, origin=origin)
        for card in cards:
            assert state.scorable(card) is expected, f"{card} on {name} at {origin}"
            assert (state.match_squares(card) is not None) is expected
            assert brute_force_matches(state, card) is expected


def test_bn4_match_squares_are_the_icon_squares():
    state = position("W B\nW .")
    assert state.match_squares("W2c") == ((0, 0), (0, 1), (1, 1))
    state.play(f"draw {state.market[0]}")  # keep the hunter off the land
    scored = bn.new_game(seed=1)
    assert scored.match_squares("W3d") == ((0, 0), (0, 1), (1, 0), (1, 1))


# --- an independent matcher: rotate the printed 2x2 picture like a matrix ---------------------


@pytest.mark.slow
def test_bn4_matcher_agrees_with_brute_force_in_random_games():
    rng = random.Random(4)
    checked = 0
    for game in range(12):
        state = bn.new_game(players=2 + game % 3, seed=rng.randrange(10**6))
        while not state.is_over:
            for card in CARDS:
                assert state.scorable(card) == brute_force_matches(state, card), card
                checked += 1
            state.play(rng.choice(state.legal_moves()))
    assert checked > 3_000
