"""Consequence positions from diagrams (game.consequence.diagram, `consequence.from_diagram`):
the worked examples drawn, round trips of random positions, and positions no game reaches
refused."""

from __future__ import annotations

import random

import pytest

from game import consequence as cq
from game.core.grid import SQUARE_NAMES

ROW1_XYZ = """
. . . .
. . . .
. . . .
. rS bM rD
"""


def random_positions(count: int, seed: int):
    """Positions in play after random playouts of random length."""
    rng = random.Random(seed)
    for _ in range(count):
        state = cq.new_game()
        for _ in range(rng.randrange(80)):
            if state.is_over:
                break
            state.play(rng.choice(state.legal_moves()))
        if not state.is_over:
            yield state


def squares_of(state: cq.State, tiles: tuple[int, int]) -> dict[int, str]:
    """seat -> square name of each seat's tile in `tiles` that is on the grid."""
    out = {}
    for seat, tile in enumerate(tiles):
        square = state.square_of(tile) if tile >= 0 else None
        if square is not None:
            out[seat] = SQUARE_NAMES[square]
    return out


def redrawn(state: cq.State) -> cq.State:
    """`state` rebuilt from its diagram and what a diagram cannot show."""
    return cq.from_diagram(
        state.diagram(),
        hands=(state.hand(cq.MOON), state.hand(cq.SUN)),
        to_move=state.current_player,
        placers={
            SQUARE_NAMES[sq]: state.placed_by(sq)
            for sq in range(16)
            if state.tile_at(sq) is not None
        },
        last_moved=squares_of(state, state.last_moved),
        last_placed=squares_of(state, state.last_placed),
        turn=state.turn,
        end_reason=state.end_reason,
    )


def test_random_positions_round_trip_through_their_diagrams_cq1():
    checked = 0
    for state in random_positions(300, seed=21):
        again = redrawn(state)
        assert again.diagram() == state.diagram()
        assert [again.hand(s) for s in (0, 1)] == [state.hand(s) for s in (0, 1)]
        assert again.restricted_squares() == state.restricted_squares()
        assert sorted(map(str, again.legal_moves())) == sorted(map(str, state.legal_moves()))
        for seat in (cq.MOON, cq.SUN, None):
            assert again.view(seat).diagram() == state.view(seat).diagram()
            assert again.view(seat).hands == state.view(seat).hands
        checked += 1
    assert checked > 80


def test_a_diagram_alone_gives_an_equal_looking_position_cq4():
    for state in random_positions(100, seed=22):
        again = cq.from_diagram(
            state.diagram(),
            hands=(state.hand(cq.MOON), state.hand(cq.SUN)),
            to_move=state.current_player,
            end_reason=state.end_reason,
        )
        assert again.diagram() == state.diagram()
        assert again.current_player == state.current_player


def test_worked_example_1_drawn_then_played_cq9_cq10():
    state = cq.from_diagram(ROW1_XYZ, to_move=cq.MOON)
    assert state.turn == 3  # three tiles take two turns after the opening; Moon acts on odd ones
    assert state.hand(cq.MOON) == ["bD", "bD", "bD", "bM", "bM", "bS"]
    state.play("push bD a1 E")
    assert state.diagram().splitlines()[-1] == ". bD rS bM"
    assert state.hand(cq.SUN) == ["rD", "rD", "rD", "rM", "rS", "rS"]


def test_the_empty_grid_is_the_opening_cq6():
    state = cq.from_diagram(". . . .\n. . . .\n. . . .\n. . . .")
    assert state.to_dict() == cq.new_game().to_dict() | {"placed_at": [-1] * 14}
    with pytest.raises(ValueError, match="Moon opens"):
        cq.from_diagram(". . . .\n. . . .\n. . . .\n. . . .", to_move=cq.SUN)


def test_a_restricted_tile_is_drawn_with_last_moved_cq11():
    state = cq.from_diagram(ROW1_XYZ, to_move=cq.MOON, last_moved={cq.SUN: "c1"})
    assert state.restricted_squares() == (2, None)
    with pytest.raises(cq.IllegalMove, match="CQ-11"):
        state.play("move c1 c2")


@pytest.mark.parametrize(
    ("diagram", "kwargs", "reason"),
    [
        (". . . .\n. . . .\n. . . .\nbM bM bM bM", {}, "too many bM"),
        (". . . .\n. . . .\n. . . .\nb? . . .", {}, "not a tile code"),
        (". . . .\n. . . .\n. . .\n. . . .", {}, "4 rows of 4 cells"),
        (ROW1_XYZ, {"to_move": cq.MOON, "turn": 2}, "Sun acts"),
        (ROW1_XYZ, {"turn": 1}, "take 2 turns at least"),
        (ROW1_XYZ, {"turn": 61}, "60 turns"),
        (ROW1_XYZ, {"turn": 61, "end_reason": "turn limit"}, "60 turns"),
        (ROW1_XYZ, {"end_reason": "bored"}, "end_reason"),
        (ROW1_XYZ, {"hands": (["bM"], ["rS"])}, "are nowhere"),
        (ROW1_XYZ, {"to_move": 2}, "seat of Consequence"),
        (ROW1_XYZ, {"last_moved": {cq.SUN: "a4"}}, "holds no tile"),
        (ROW1_XYZ, {"last_moved": {0: "b1"}, "last_placed": {0: "c1"}}, "one action"),
        (ROW1_XYZ, {"placers": {"a1": cq.SUN}}, "holds no tile"),
    ],
)
def test_positions_no_game_reaches_are_refused_cq3_cq6_cq7_cq19(diagram, kwargs, reason):
    with pytest.raises(ValueError, match=reason):
        cq.from_diagram(diagram, **kwargs)


def test_an_empty_hand_ends_play_so_it_is_drawn_only_in_the_final_placements_cq14():
    full = ". rS bM rD\nbD bD bD bS\nbM bM rS rS\n. . . ."
    hands = ([], ["rM", "rD", "rD"])
    with pytest.raises(ValueError, match="empty hand ends play"):
        cq.from_diagram(full, hands=hands, to_move=cq.SUN)
    state = cq.from_diagram(full, hands=hands, to_move=cq.SUN, end_reason="hand empty")
    assert state.final_placements and state.current_player == cq.SUN
    assert all(str(move).startswith("place") for move in state.legal_moves())
    with pytest.raises(ValueError, match="no tile left"):
        cq.from_diagram(full, hands=hands, to_move=cq.MOON, end_reason="hand empty")
