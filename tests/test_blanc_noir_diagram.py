"""En blanc et noir positions from diagrams (game.blanc_noir.diagram, `blanc_noir.from_diagram`):
round trips of random positions, the stacks a picture implies, and lands or tables no game
reaches refused."""

from __future__ import annotations

import random

import pytest

from game import blanc_noir as bn
from game.blanc_noir.cards import CARD_IDS, CARDS


def random_positions(count: int, seed: int):
    """Positions at the start of a turn after random playouts of random length, 2-4 players."""
    rng = random.Random(seed)
    for game in range(count):
        state = bn.new_game(players=2 + game % 3, seed=rng.randrange(2**32), first_player=game % 2)
        for _ in range(rng.randrange(90)):
            if state.is_over:
                break
            state.play(rng.choice(state.legal_moves()))
        if not state.is_over and state.actions_done == 0:
            yield state


def origin_of(state: bn.State) -> tuple[int, int]:
    return min(x for x, _ in state.land), min(y for _, y in state.land)


def test_random_positions_round_trip_through_their_diagrams_bn7_bn11():
    checked = 0
    for state in random_positions(200, seed=31):
        seats = range(state.players)
        again = bn.from_diagram(
            state.diagram(),
            state.players,
            state.current_player,
            origin=origin_of(state),
            hands=[state.hand(s) for s in seats],
            market=state.market,
            deck=state.deck,
            scored=[state.scored(s) for s in seats],
            stacks=state.land,
            laid_by={
                c: state.laid_by(c)
                for st in state.land.values()
                for c in st
                if state.laid_by(c) is not None
            },
            turn=state.turn,
        )
        assert again.to_dict() == state.to_dict()
        assert again.diagram() == state.diagram()
        for seat in (*seats, None):
            assert again.view(seat) == state.view(seat)
        checked += 1
    assert checked > 40


def test_a_diagram_alone_gives_an_equal_looking_position_bn12():
    for state in random_positions(60, seed=32):
        again = bn.from_diagram(state.diagram(), state.players, origin=origin_of(state))
        assert again.diagram() == state.diagram()
        assert again.hunter == state.hunter
        assert again.top_colours() == state.top_colours()


def test_the_starting_land_is_the_checkerboard_and_the_market_is_full_bn7_bn8():
    state = bn.from_diagram("B W\nW B")
    assert state.land == {(0, 0): ["W2a"], (1, 0): ["B2a"], (0, 1): ["B2b"], (1, 1): ["W2b"]}
    assert state.hunter is None and len(state.market) == 3 and state.deck_size == 29
    assert sorted(c for part in (state.market, state.deck) for c in part) == sorted(
        set(CARD_IDS) - {"W2a", "B2a", "B2b", "W2b"}
    )


def test_a_starting_square_shown_in_the_other_colour_is_covered_by_an_overlay_bn12():
    state = bn.from_diagram("w W\nW B")
    assert state.land[(0, 1)][0][0] == "B"  # the starting card, black (BN-7)
    assert CARDS[state.land[(0, 1)][1]].overlay and state.land[(0, 1)][1][0] == "W"
    assert state.hunter == (0, 1) and state.diagram() == "w W\nW B"


def test_origin_places_the_picture_and_the_hunter_is_lower_case_bn23():
    state = bn.from_diagram(". W w\nB W .\nW B .", hands=[["W2a"], []])
    assert state.hunter == (2, 2) and set(state.land) == {
        (0, 0), (1, 0), (0, 1), (1, 1), (1, 2), (2, 2)
    }  # fmt: skip
    state = bn.from_diagram("W b W\n. W B", origin=(-1, 0))
    assert state.hunter == (0, 1) and (-1, 1) in state.land


@pytest.mark.parametrize(
    ("diagram", "kwargs", "reason"),
    [
        ("B W\nW X", {}, "not a land cell"),
        ("B W .\nW B", {}, "rows of equal length"),
        ("B W W\nW B .", {"origin": (-1, 0)}, "starting squares"),
        ("B W . W\nW B . .", {}, "one piece"),
        ("b W\nW b", {}, "one hunter"),
        ("B W W\nW B .", {}, "hunter stands on the newest land"),
        ("B W\nW B", {"players": 5}, "2 to 4 players"),
        ("B W\nW B", {"current": 2}, "seats 0..1"),
        ("B W\nW B", {"current": 1, "first_player": 0, "turn": 2}, "BN-9"),
        ("B W\nW B", {"hands": [["W2a"] * 2, []]}, "named twice"),
        (
            "B W\nW B",
            {"hands": [["W2a", "W2b", "W2c", "W2d", "W2e", "W3a"], []]},
            "5 cards at most",
        ),
        ("B W\nW B", {"hands": [["W9z"], []]}, "unknown card"),
        ("B W\nW B", {"scored": [["WOa"], []]}, "overlays cannot be scored"),
        ("B W\nW B", {"deck": []}, "are nowhere"),
        ("B W\nW B", {"market": ["W3a"]}, "refilled to 3"),
        ("B W\nW B", {"market": [], "deck": []}, "game is over"),
        ("B W\nW B", {"stacks": {(0, 0): ["B2a"]}}, "top card gives the square its colour"),
        ("B W\nW B", {"stacks": {(0, 0): ["W2a", "W3a"]}}, "only overlay cards"),
        ("B w\nW B", {"stacks": {(1, 1): ["B2a", "WOa"]}}, "checkerboard"),
        ("B W\nW B", {"stacks": {(5, 5): ["W2a"]}}, "without land"),
    ],
)
def test_positions_no_game_reaches_are_refused_bn1_to_bn17(diagram, kwargs, reason):
    with pytest.raises(ValueError, match=reason):
        bn.from_diagram(diagram, **kwargs)


def test_the_starting_land_needs_cards_of_both_colours_left_bn7():
    whites = [c for c in CARD_IDS if c[0] == "W"]
    hands = [whites[0:5], whites[5:10], whites[10:15], whites[15:]]
    with pytest.raises(ValueError, match="no W card is left"):
        bn.from_diagram("B W\nW B", players=4, hands=hands)
