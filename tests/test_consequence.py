"""Consequence rules: one or more tests per rule id (CQ-1 .. CQ-19), the worked examples of
shared/rules/consequence.md, illegal input, and the move-count file
tests/data/consequence_moves.txt.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from conftest import ROOT

from game.consequence import (
    MOON,
    PASS,
    SUN,
    TILE_CODES,
    TURN_LIMIT,
    FinalPlacements,
    IllegalMove,
    MoveTile,
    PairScored,
    Place,
    PlacePush,
    State,
    TilePlaced,
    TilePushedOff,
    TileRevealed,
    TileSlid,
    new_game,
    parse_move,
)
from game.core.events import GameOver, TurnPassed
from game.core.grid import parse_square

MOVES_FILE = ROOT / "tests" / "data" / "consequence_moves.txt"


# --- building positions ----------------------------------------------------------------------


def grid(text: str) -> dict[str, str]:
    """A diagram (row 4 first, `.` empty) -> {square name: code}."""
    rows = text.strip().splitlines()
    assert len(rows) == 4
    out = {}
    for r, line in enumerate(rows):
        for c, cell in enumerate(line.split()):
            if cell != ".":
                out["abcd"[c] + str(4 - r)] = cell
    return out


def position(
    board: dict[str, str] | str,
    hands: tuple[list[str], list[str]] | None = None,
    to_move: int | None = MOON,
    placers: dict[str, int] | None = None,
    last_moved: dict[int, str] | None = None,
    last_placed: dict[int, str] | None = None,
    turn: int = 10,
    end_reason: str | None = None,
) -> State:
    """A hand-made state. Board tiles are placed by the seat of their colour unless `placers`
    says otherwise; without `hands` every tile not on the board is in its colour's hand."""
    if isinstance(board, str):
        board = grid(board)
    free: dict[str, list[int]] = {}
    for t, code in enumerate(TILE_CODES):
        free.setdefault(code, []).append(t)
    squares = [-1] * 16
    for name, code in board.items():
        squares[parse_square(name)] = free[code].pop(0)
    if hands is None:
        left = [t for ids in free.values() for t in ids]
        hand_ids = [[t for t in left if t < 7], [t for t in left if t >= 7]]
    else:
        hand_ids = [[free[code].pop(0) for code in hands[s]] for s in (MOON, SUN)]
    placers = placers or {}
    moon_knows = list(hand_ids[0])
    for sq, t in enumerate(squares):
        name = "abcd"[sq % 4] + str(sq // 4 + 1)
        if t >= 0 and placers.get(name, MOON if TILE_CODES[t][0] == "b" else SUN) == MOON:
            moon_knows.append(t)

    def tiles(marks: dict[int, str] | None) -> list[int]:
        marks = marks or {}
        return [squares[parse_square(marks[s])] if s in marks else -1 for s in (MOON, SUN)]

    return State.from_dict(
        {
            "board": squares,
            "hands": hand_ids,
            "moon_knows": moon_knows,
            "last_moved": tiles(last_moved),
            "last_placed": tiles(last_placed),
            "turn": turn,
            "current": to_move,
            "end_reason": end_reason,
            "result": None,
        }
    )


def played(*moves: str) -> State:
    state = new_game()
    for move in moves:
        state.play(move)
    return state


def sq(name: str) -> int:
    return parse_square(name)


def kinds(events: list) -> list[str]:
    return [type(e).__name__ for e in events]


# --- the worked examples ---------------------------------------------------------------------


ROW1_XYZ = """
. . . .
. . . .
. . . .
. rS bM rD
"""


def test_example1_push_east_pushes_z_off_to_the_opponent():
    """Worked example 1 (CQ-9, CQ-10): `. X Y Z`, push bD a1 E."""
    state = position(ROW1_XYZ)
    x, y, z = state.tile_at(sq("b1")), state.tile_at(sq("c1")), state.tile_at(sq("d1"))
    sun_hand = state.hand_size(SUN)
    events = state.play("push bD a1 E")
    new = state.tile_at(sq("b1"))
    assert TILE_CODES[new] == "bD"
    assert state.tile_at(sq("c1")) == x and state.tile_at(sq("d1")) == y
    assert state.tile_at(sq("a1")) is None
    assert z in state.hand_tiles(SUN) and state.hand_size(SUN) == sun_hand + 1
    assert events[:5] == [
        TilePlaced(MOON, new, "bD", sq("a1")),
        TilePushedOff(z, "rD", SUN, sq("d1"), SUN),
        TileSlid(y, "bM", MOON, sq("c1"), sq("d1")),
        TileSlid(x, "rS", SUN, sq("b1"), sq("c1")),
        TileSlid(new, "bD", MOON, sq("a1"), sq("b1")),
    ]
    assert events[5] == TurnPassed(MOON, SUN)


def test_example2_push_east_with_room_pushes_nothing_off():
    """Worked example 2 (CQ-9): `. X Y .`, push bD a1 E: nothing leaves."""
    state = position(". . . .\n. . . .\n. . . .\n. rS bM .")
    hands = state.hand_size(MOON), state.hand_size(SUN)
    events = state.play("push bD a1 E")
    assert state.diagram().splitlines()[3] == ". bD rS bM"
    assert (state.hand_size(MOON), state.hand_size(SUN)) == (hands[0] - 1, hands[1])
    assert not any(isinstance(e, TilePushedOff) for e in events)


def test_example3_push_of_a_one_tile_run_is_illegal():
    """Worked example 3 (CQ-9): `. X . .`: no push east from a1."""
    state = position(". . . .\n. . . .\n. . . .\n. rS . .")
    assert all(not isinstance(m, PlacePush) for m in state.legal_moves())
    before = state.to_dict()
    with pytest.raises(IllegalMove, match="at least 2"):
        state.play("push bD a1 E")
    assert state.to_dict() == before


def test_example4_cannot_push_off_the_tile_just_placed_by_the_opponent():
    """Worked example 4 (CQ-12): Z on d1 placed by the opponent last turn."""
    state = position(ROW1_XYZ, last_placed={SUN: "d1"})
    assert PlacePush("bD", sq("a1"), 2) not in state.legal_moves()
    before = state.to_dict()
    with pytest.raises(IllegalMove, match="CQ-12"):
        state.play("push bD a1 E")
    assert state.to_dict() == before


def test_example5_three_moons_make_three_pairs():
    """Worked example 5 (CQ-15): moons on a1, b2, a2 score 3 for Moon."""
    state = position(". . . .\n. . . .\nbM rM . .\nbM . . .")
    assert state.score(MOON) == 3
    assert state.score(SUN) == 0
    assert state.breakdown(MOON) == {"pairs": 3}


# --- one test (at least) per rule ------------------------------------------------------------


def test_cq1_grid_is_4x4_with_squares_a1_to_d4():
    """CQ-1: columns a-d, rows 1-4; the diagram shows row 4 first."""
    state = played("place bM d4", "place rS a1")
    assert state.diagram() == ". . . bM\n. . . .\n. . . .\nrS . . ."
    assert len(new_game().legal_moves()) == 3 * 16
    with pytest.raises(IllegalMove, match="not a square"):
        parse_move(new_game(), "place bM e1")
    with pytest.raises(IllegalMove, match="not a square"):
        parse_move(new_game(), "place bM a5")


def test_cq2_two_players_moon_and_sun():
    """CQ-2: two seats, 0 = Moon, 1 = Sun; any other player count is refused."""
    state = new_game()
    assert state.players == 2
    assert (MOON, SUN) == (0, 1)
    with pytest.raises(ValueError):
        new_game(players=3)


def test_cq3_fourteen_tiles_of_the_stated_symbols():
    """CQ-3: blue 3 moons, 1 sun, 3 dots; red 3 suns, 1 moon, 3 dots."""
    state = new_game()
    counts = Counter(state.hand(MOON) + state.hand(SUN))
    assert counts == {"bM": 3, "bS": 1, "bD": 3, "rS": 3, "rM": 1, "rD": 3}
    assert len(TILE_CODES) == 14


def test_cq4_each_player_holds_their_colour_as_a_hidden_hand():
    """CQ-4: Moon holds the blue tiles, Sun the red ones, each hidden from the other."""
    state = new_game()
    assert state.hand(MOON) == ["bD", "bD", "bD", "bM", "bM", "bM", "bS"]
    assert state.hand(SUN) == ["rD", "rD", "rD", "rM", "rS", "rS", "rS"]
    assert state.view(SUN).hand(MOON) == ["b?"] * 7
    assert state.view(MOON).hand(SUN) == ["r?"] * 7
    assert state.view(MOON).hand(MOON) == state.hand(MOON)


def test_cq5_grid_tiles_lie_face_down():
    """CQ-5: everyone sees a grid tile's colour; only its placer sees its symbol."""
    state = played("place bM a1")
    assert state.view(SUN).diagram().splitlines()[3] == "b? . . ."
    assert state.view(None).diagram().splitlines()[3] == "b? . . ."
    assert state.view(MOON).diagram().splitlines()[3] == "bM . . ."


def test_cq6_moon_opens_with_one_placement():
    """CQ-6: Moon places first; the opening is a placement and is not counted as a turn."""
    state = new_game()
    assert state.current_player == MOON
    assert all(isinstance(m, Place) for m in state.legal_moves())
    state.play("place bD c2")
    assert state.current_player == SUN and state.turn == 0
    with pytest.raises(ValueError):
        new_game(first_player=SUN)
    assert new_game(seed=7).to_dict() == new_game().to_dict()


def test_cq7_a_turn_is_one_place_move_or_push():
    """CQ-7: the three actions; Sun plays after Moon's opening and then they alternate."""
    state = played("place bM a1", "place rS b1")
    moves = state.legal_moves()
    assert {type(m) for m in moves} == {Place, MoveTile, PlacePush}
    assert state.current_player == MOON
    one = state.clone()
    one.play("place bS d4")
    assert one.tile_at(sq("d4")) is not None and one.current_player == SUN
    two = state.clone()
    two.play("move b1 c2")
    assert two.tile_at(sq("b1")) is None and two.tile_at(sq("c2")) is not None
    three = state.clone()
    three.play("push bD c1 W")
    assert three.diagram().splitlines()[3] == "rS bD . ."
    assert [s.turn for s in (one, two, three)] == [2, 2, 2]


def test_cq8_any_tile_may_be_played_moved_or_pushed_by_either_player():
    """CQ-8: Moon may place a red tile it holds and move or push red tiles."""
    state = position(
        ". . . .\n. . . .\n. . . .\n. rS rD .",
        hands=(["bM", "rD"], ["rS", "rS", "rM", "rD", "bM", "bM", "bS", "bD", "bD", "bD"]),
    )
    moves = set(state.legal_moves())
    assert Place("rD", sq("d4")) in moves
    assert MoveTile(sq("b1"), sq("b2")) in moves
    assert PlacePush("rD", sq("a1"), 2) in moves
    state.play("place rD d4")
    assert state.view(MOON).diagram().splitlines()[0] == ". . . rD"


def test_cq9_push_moves_the_run_and_the_new_tile_ends_next_to_its_square():
    """CQ-9: a diagonal push; the new tile ends on the square the run vacated, E is empty."""
    state = position("bM . . .\n. rD . .\n. . bD .\n. . . .")
    events = state.play("push bS d1 NW")
    assert state.diagram() == "rD . . .\n. bD . .\n. . bS .\n. . . ."
    pushed = [e for e in events if isinstance(e, TilePushedOff)]
    assert len(pushed) == 1 and pushed[0].square == sq("a4") and pushed[0].receiver == SUN


def test_cq9_push_needs_two_tiles_and_stops_at_the_first_gap():
    """CQ-9: the run is the unbroken line next to E; at most one tile leaves."""
    state = position(". . . .\n. . . .\n. . . .\n. bD bM .")
    assert PlacePush("bS", sq("a1"), 2) in state.legal_moves()
    assert PlacePush("bS", sq("d1"), 6) in state.legal_moves()
    lone = position(". . . .\n. . . .\n. . . .\n. bD . bM")
    assert not [m for m in lone.legal_moves() if isinstance(m, PlacePush)]
    full = position(". . . .\n. . . .\n. . . .\n. bD bM rS")
    events = full.play("push bS a1 E")
    assert sum(isinstance(e, TilePushedOff) for e in events) == 1


def test_cq10_pushed_off_tile_goes_to_the_opponent_who_sees_it():
    """CQ-10: Sun pushes off Moon's tile; Moon receives it and sees it, Sun does not."""
    state = position(". . . .\n. . . .\n. . . .\n. rS bM bM", to_move=SUN)
    moon_before = state.hand(MOON)
    events = state.play("push rD a1 E")
    gone = next(e for e in events if isinstance(e, TilePushedOff))
    assert gone.receiver == MOON and gone.code == "bM"
    assert state.hand(MOON) == sorted([*moon_before, "bM"])
    assert state.view(MOON).hand(MOON) == state.hand(MOON)
    assert state.view(SUN).hand(MOON) == ["b?"] * len(state.hand(MOON))
    assert state.knows(MOON, gone.tile) and not state.knows(SUN, gone.tile)
    # tiles return to a hand only by a push-off: a plain move or place changes no hand of the other
    sizes = state.hand_size(MOON), state.hand_size(SUN)
    state.play("move c1 c2")
    assert (state.hand_size(MOON), state.hand_size(SUN)) == sizes


def test_cq11_cannot_move_the_tile_the_opponent_just_moved():
    """CQ-11: only a Move is barred, and only for one turn; pushing that tile is allowed."""
    state = played("place bM a1", "place rS c3", "move a1 b2")
    assert state.restricted_squares() == (sq("b2"), None)
    assert all(not (isinstance(m, MoveTile) and m.src == sq("b2")) for m in state.legal_moves())
    before = state.to_dict()
    with pytest.raises(IllegalMove, match="CQ-11"):
        state.play("move b2 a1")
    assert state.to_dict() == before
    assert PlacePush("rD", sq("a1"), 1) in state.legal_moves()  # pushes b2 along: allowed
    state.play("place rD d1")
    state.play("place bD a4")
    assert MoveTile(sq("b2"), sq("a1")) in state.legal_moves()  # the bar lasted one turn


def test_cq12_cannot_push_off_the_tile_just_placed_but_may_push_it_along():
    """CQ-12: the tile placed (by Place or by Place and push) on the opponent's last turn."""
    state = played("place bM b1", "place rS a1")
    assert PlacePush("bD", sq("c1"), 6) not in state.legal_moves()  # would push a1 off
    inside = played("place bM a1", "place rS b1")
    assert PlacePush("bD", sq("c1"), 6) in inside.legal_moves()  # pushes b1 along, a1 off
    # the new tile of a Place and push counts as placed
    state = position(". . . .\n. . . .\n. bS . .\nbD bM . .", to_move=SUN)
    state.play("push rD c1 W")  # bD off to Moon, bM to a1, rD to b1
    assert state.restricted_squares() == (None, sq("b1"))
    before = state.to_dict()
    with pytest.raises(IllegalMove, match="CQ-12"):
        state.play("push bD b3 S")  # the run b2 b1 would push the new rD off
    assert state.to_dict() == before
    state.play("place bD d4")
    state.play("place rS c4")  # Sun's new placement lifts the bar on b1
    assert state.restricted_squares() == (None, sq("c4"))
    events = state.play("push bD b3 S")
    assert [e.code for e in events if isinstance(e, TilePushedOff)] == ["rD"]


def test_cq13_pass_when_no_legal_action():
    """CQ-13: a hand-made position where Moon holds nothing and no tile is on the grid."""
    state = position(". . . .\n. . . .\n. . . .\n. . . .", hands=([], list(TILE_CODES)), turn=3)
    assert state.legal_moves() == [PASS]
    events = state.play("pass")
    # Moon's hand is empty after its own action, so play ends at once (CQ-14)
    assert events == [FinalPlacements("hand empty", SUN), TurnPassed(MOON, SUN)]
    assert state.turn == 4 and state.current_player == SUN
    normal = new_game()
    before = normal.to_dict()
    with pytest.raises(IllegalMove, match="CQ-13"):
        normal.play("pass")
    assert normal.to_dict() == before


CQ14 = """
bM bS . .
bD rS . .
bM rS bD .
bM rD . rD
"""
CQ14_HANDS = (["bD"], ["rS", "rD", "rM"])


def finish(state: State) -> list:
    """Play the final placements on the empty squares in order; the last move's events."""
    events: list = []
    while not state.is_over:
        empty = next(s for s in range(16) if state.tile_at(s) is None)
        events = state.play(Place(state.hand(state.current_player)[0], empty))
    return events


def test_cq14_empty_hand_ends_play_and_the_other_places_all_tiles():
    """CQ-14: Moon empties its hand; Sun places its 3 tiles in a row, nothing else."""
    state = position(CQ14, hands=CQ14_HANDS)
    events = state.play("place bD d4")
    assert FinalPlacements("hand empty", SUN) in events
    assert state.current_player == SUN and not state.is_over
    for square in ("c3", "c4", "d2"):
        assert state.legal_moves() and all(isinstance(m, Place) for m in state.legal_moves())
        before = state.to_dict()
        with pytest.raises(IllegalMove, match="CQ-14"):
            state.play("move a1 b2" if square != "c3" else "push rD d3 W")
        assert state.to_dict() == before
        state.play(Place(state.hand(SUN)[0], sq(square)))
    assert state.is_over and state.result.reason == "hand empty"
    assert state.turn == 11  # Moon's placement was turn 11; the final placements are not turns


def test_cq14_hand_emptied_by_a_push_ends_play_too():
    """CQ-14: the push that plays Moon's last tile ends play even though Sun gains a tile."""
    state = position(CQ14, hands=CQ14_HANDS)
    state.play("push bD c4 W")  # the run b4 a4: bM off to Sun, bS to a4, bD to b4
    assert state.end_reason == "hand empty" and state.current_player == SUN
    assert state.hand_size(SUN) == 4


def test_cq15_pairs_of_the_own_symbol_whatever_the_colour():
    """CQ-15: every neighbouring unordered pair counts once; colour does not matter."""
    state = position("rM bM . .\nbM . . .\n. bS rS .\n. . rS rS")
    assert state.score(MOON) == 3  # a4-b4, a4-a3, b4-a3
    assert state.score(SUN) == 5  # b2-c2, b2-c1, c2-c1, c2-d1, c1-d1


def test_cq15_score_counts_each_pair_once():
    """CQ-15: a full block of four moons holds six pairs."""
    state = position(". . . .\n. . . .\nbM rM . .\nbM bM . .")
    assert state.score(MOON) == 6


def last_placement(diagram: str, tile: str, square: str) -> State:
    """Sun places its last tile `tile` on `square` of the 13-tile `diagram` (Moon's hand empty)."""
    state = position(diagram, hands=([], [tile]), to_move=SUN, end_reason="hand empty")
    state.play(Place(tile, sq(square)))
    assert state.is_over
    return state


def test_cq16_higher_score_wins():
    """CQ-16: Moon 3 pairs against Sun 1 pair: Moon wins on points."""
    state = last_placement("rS rS bD bS\nbD . rD .\nbM rM . rD\nbM bD rD bM", "rS", "c2")
    assert state.result.scores == (3, 1)
    assert state.result.winners == (MOON,) and not state.result.draw
    assert state.result.reason == "hand empty"


def test_cq16_equal_scores_four_in_a_line_wins():
    """CQ-16: 3 pairs each; Moon's four moons fill row 1, so Moon wins."""
    state = last_placement("rS rS bD .\nbS bD rD .\nbD rD . rD\nbM bM bM rM", "rS", "c2")
    assert state.result.scores == (3, 3)
    assert state.result.winners == (MOON,) and not state.result.draw
    assert state.four_in_line(MOON) and not state.four_in_line(SUN)


def test_cq16_equal_scores_with_both_lines_is_a_draw():
    """CQ-16: 3 pairs each, moons fill row 1 and suns row 4: a draw."""
    state = last_placement("rS rS rS bS\nbD rD bD .\nbD rD . .\nbM bM bM rM", "rD", "c2")
    assert state.result.scores == (3, 3)
    assert state.four_in_line(MOON) and state.four_in_line(SUN)
    assert state.result.draw and state.result.winners == (MOON, SUN)


def test_cq16_equal_scores_without_lines_is_a_draw():
    """CQ-16: 3 pairs each and no line of four: a draw."""
    state = last_placement("rS rS bD .\nbS bD rD .\nbD rM . rD\nbM bM rD bM", "rS", "c2")
    assert state.result.scores == (3, 3)
    assert not state.four_in_line(MOON) and not state.four_in_line(SUN)
    assert state.result.draw and state.result.winners == (MOON, SUN)


def test_cq17_each_seat_sees_only_the_symbols_it_placed():
    """CQ-17: own hand, own placed tiles; the opponent's hand as a count; spectators colours."""
    state = played("place bM a1", "place rS b1", "move a1 a2")
    moon, sun, spectator = state.view(MOON), state.view(SUN), state.view(None)
    assert moon.diagram().splitlines()[2:] == ["bM . . .", ". r? . ."]
    assert sun.diagram().splitlines()[2:] == ["b? . . .", ". rS . ."]
    assert spectator.diagram().splitlines()[2:] == ["b? . . .", ". r? . ."]
    assert moon.hand(SUN) == ["r?"] * 6 and moon.hand_size(SUN) == 6
    assert spectator.hand(MOON) == ["b?"] * 6 and spectator.hand(SUN) == ["r?"] * 6
    assert moon.placed_by(sq("a2")) == MOON and sun.placed_by(sq("b1")) == SUN


def test_cq17_knowledge_follows_a_tile_and_is_lost_in_the_other_hand():
    """CQ-17: a tile Sun placed and then pushed off to Moon is no longer known to Sun."""
    state = position(". . . .\n. . . .\n. . . .\n. bM rS rD", to_move=MOON)
    rd = state.tile_at(sq("d1"))
    assert state.knows(SUN, rd) and not state.knows(MOON, rd)
    state.play("push bD a1 E")  # rD (placed by Sun) pushed off to Sun: only Sun knows it
    assert state.knows(SUN, rd)
    state = position(". . . .\n. . . .\n. . . .\n. rS bM rD", to_move=SUN)
    rd = state.tile_at(sq("d1"))
    state.play("push rS a1 E")  # Sun pushes its own rD off to Moon
    assert state.knows(MOON, rd) and not state.knows(SUN, rd)
    state.play(Place("rD", sq("a4")))  # Moon places it: Sun cannot tell which tile that is
    assert state.view(SUN).diagram().splitlines()[0] == "r? . . ."
    assert state.view(MOON).diagram().splitlines()[0] == "rD . . ."


def test_cq17_all_face_up_once_over():
    """CQ-17: after the end every view shows every symbol, spectators too."""
    state = position(CQ14, hands=CQ14_HANDS)
    state.play("place bD d4")
    finish(state)
    for seat in (MOON, SUN, None):
        assert state.view(seat).diagram() == state.diagram()


def test_cq17_views_of_states_differing_only_in_hidden_symbols_are_equal():
    """CQ-17: Moon's choice of symbol is invisible to Sun and spectators."""
    a = played("place bM a1", "place rS c3", "place bD b1", "place rD d4")
    b = played("place bD a1", "place rS c3", "place bM b1", "place rD d4")
    assert a.to_dict() != b.to_dict()
    assert a.view(SUN) == b.view(SUN) and a.view(None) == b.view(None)
    assert a.view(MOON) != b.view(MOON)
    c = played("place bM a1", "place rD c3", "place bD b1", "place rS d4")
    assert a.view(MOON) == c.view(MOON) and a.view(None) == c.view(None)
    assert a.view(SUN) != c.view(SUN)
    # Sun pushes off a tile of Moon's: Moon receives it, Sun still cannot tell which it was
    for state in (a, b):
        state.play("place bS a4")
        state.play("push rD c1 W")
    assert a.view(SUN) == b.view(SUN) and a.view(None) == b.view(None)
    assert a.view(MOON) != b.view(MOON)
    assert a.view(SUN).legal_moves() == [] and a.view(MOON).legal_moves() == a.legal_moves()


def test_cq17_which_tile_the_opponent_places_from_hand_stays_hidden():
    """CQ-17: Sun's last moved tile is pushed off to Sun and play ends; whichever red tile Sun
    then places, Moon's view (and the marks of last moved / placed tiles) is the same."""
    board = "bM bD bD .\n. bS bD .\n. rD rD .\n. bM rS rS"
    hands = (["bM"], ["rS", "rM", "rD"])
    views = []
    for tile in ("rS", "rD"):
        state = position(board, hands=hands, last_moved={SUN: "d1"}, last_placed={MOON: "c4"})
        state.play("push bM a1 E")  # d1 off to Sun; Moon's hand is empty
        assert state.final_placements and state.current_player == SUN
        state.play(f"place {tile} d4")
        views.append(state.view(MOON))
    assert views[0] == views[1]
    assert views[0].last_moved_squares == (None, None)


def test_cq17_samples_respect_a_symbol_the_seat_remembers_giving_away():
    """Sun pushes off its own rM to Moon: Sun's samples keep that rM with Moon, in hand until
    Moon places a red tile, then on that tile; the memory ends when the tile comes back."""
    state = position("rD . . .\n. . . .\n. . . .\n. bD rS rM", placers={"a4": MOON}, to_move=SUN)
    state.play("push rD a1 E")  # rM (placed by Sun) off to Moon
    assert state.memory[SUN] == (("rM", 0),) and state.memory[MOON] == ()
    rng = random.Random(5)
    view = state.view(SUN)
    assert view.hand(MOON).count("r?") == 1 and view.cells[sq("a4")] == "r?"
    for _ in range(30):
        sample = view.sample(rng)
        assert "rM" in sample.hand(MOON) and sample.diagram().startswith("rD")
    state.play("place rM a2")
    state.play("place rS b2")
    view = state.view(SUN)
    assert view.cells[sq("a2")] == "r?"
    for _ in range(30):
        assert TILE_CODES[view.sample(rng).tile_at(sq("a2"))] == "rM"
    state.play("push bD c2 W")  # Moon pushes its own rM (a2) off: back to Sun
    assert state.memory == ((("rM", 3),), ())


def test_cq18_final_events_reveal_every_tile_then_draw_the_pairs():
    """CQ-18: the last move's events: reveal of all 14 tiles, then each pair, then game over."""
    state = position(CQ14, hands=CQ14_HANDS)
    state.play("place bD d4")
    events = finish(state)
    names = kinds(events)
    assert names[0] == "TilePlaced"
    reveals = [e for e in events if isinstance(e, TileRevealed)]
    assert sorted(e.tile for e in reveals) == list(range(14))
    assert all(TILE_CODES[e.tile] == e.code and state.tile_at(e.square) == e.tile for e in reveals)
    first_pair = names.index("PairScored")
    assert names[1:first_pair] == ["TileRevealed"] * 14
    pairs = [e for e in events if isinstance(e, PairScored)]
    assert Counter(e.seat for e in pairs) == {MOON: state.score(MOON), SUN: state.score(SUN)}
    assert names[-2:] == ["TurnPassed", "GameOver"] and events[-2] == TurnPassed(SUN, None)
    assert events[-1] == GameOver(state.result)


def test_cq19_turn_limit_then_alternate_final_placements():
    """CQ-19: after the 60th turn both place their tiles alternately, the player to move first,
    skipping a seat whose hand is empty."""
    state = position(
        ". . . .\n. bM rS .\n. bM bS .\n. rS rD .",
        hands=(["bM", "bD", "bD", "bD"], ["rS", "rM", "rD", "rD"]),
        turn=TURN_LIMIT - 1,
        to_move=MOON,
    )
    events = state.play("move b2 a1")
    assert FinalPlacements("turn limit", SUN) in events and state.turn == TURN_LIMIT
    order = []
    empties = iter(["a2", "a3", "a4", "b4", "c4", "d4", "d1", "d2"])
    while not state.is_over:
        order.append(state.current_player)
        assert all(isinstance(m, Place) for m in state.legal_moves())
        state.play(Place(state.hand(state.current_player)[0], sq(next(empties))))
    assert order == [SUN, MOON, SUN, MOON, SUN, MOON, SUN, MOON]
    assert state.result.reason == "turn limit" and state.turn == TURN_LIMIT


def test_cq19_an_empty_hand_is_skipped_in_the_final_placements():
    """CQ-19: Moon holds 1 tile and Sun 3 at the limit: Sun, Moon, Sun, Sun."""
    state = position(
        ". . . .\n. bM rS .\nbM bM bS bD\nbD rS rD rD",
        hands=(["bD"], ["rS", "rM", "rD"]),
        turn=TURN_LIMIT - 1,
        to_move=MOON,
    )
    state.play("move b3 a4")
    order = []
    for square in ("b4", "c4", "d4", "d3"):
        order.append(state.current_player)
        state.play(Place(state.hand(state.current_player)[0], sq(square)))
    assert order == [SUN, MOON, SUN, SUN] and state.is_over


def test_cq19_an_empty_hand_on_the_60th_turn_ends_as_hand_empty():
    """CQ-14 before CQ-19: Moon's 60th turn plays its last tile, so Sun places the rest."""
    state = position(
        ". . . .\n. bM rS .\nbM bM bS bD\nbD rS rD rD",
        hands=(["bD"], ["rS", "rM", "rD"]),
        turn=TURN_LIMIT - 1,
        to_move=MOON,
    )
    events = state.play("place bD a4")
    assert FinalPlacements("hand empty", SUN) in events and state.turn == TURN_LIMIT
    assert finish(state) and state.result.reason == "hand empty"


def test_cq19_game_of_moves_only_stops_at_turn_60():
    """CQ-19: a game that only moves tiles ends after 60 turns; the counter shows each turn."""
    state = played("place bM a1", "place rS d4")
    seen = []
    while state.end_reason is None:
        seen.append(state.turn)
        state.play(next(m for m in state.legal_moves() if isinstance(m, MoveTile)))
    assert seen == list(range(1, TURN_LIMIT))
    assert state.end_reason == "turn limit" and state.current_player == SUN
    assert state.hand_size(MOON) == state.hand_size(SUN) == 6


# --- illegal input changes nothing -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("jump a1 b2", "not an action"),
        ("place rS", "takes 2"),
        ("place bX a1", "not a tile code"),
        ("place rS z9", "not a square"),
        ("push rD a1 UP", "not a direction"),
        ("place rS a2", "occupied"),
        ("place bM c3", "no bM in hand"),
        ("move c3 d4", "no tile"),
        ("move b1 d3", "not next to"),
        ("move b1 a2", "occupied"),
        ("push rD c1 W", "holds 1 tile"),
        ("move a2 a3", "CQ-11"),
        ("pass", "CQ-13"),
    ],
)
def test_illegal_input_raises_with_a_reason_and_changes_nothing(text, reason):
    state = played("place bM a1", "place rS b1", "move a1 a2")  # Sun to move; a2 just moved
    before = state.to_dict()
    with pytest.raises(IllegalMove, match=reason):
        state.play(text)
    assert state.to_dict() == before


@pytest.mark.parametrize(
    "move",
    [
        Place("xx", 3),
        Place("bM", 99),
        Place(["bM"], 3),
        MoveTile(0, 40),
        MoveTile("a1", "a2"),
        PlacePush("bM", 2, 9),
        PlacePush("bD", 2, None),
        "nonsense",
        42,
    ],
)
def test_malformed_move_objects_are_illegal(move):
    state = played("place bM a1", "place rS b1")
    before = state.to_dict()
    with pytest.raises(IllegalMove):
        state.play(move)
    assert state.to_dict() == before


def test_a_view_takes_moves_only_from_the_seat_to_move():
    state = played("place bM a1")
    assert parse_move(state.view(SUN), "place rS b1") == Place("rS", sq("b1"))
    with pytest.raises(IllegalMove, match="not this seat's turn"):
        parse_move(state.view(MOON), "place bM b1")
    with pytest.raises(IllegalMove, match="no bM in hand"):
        parse_move(state.view(SUN), "place bM b1")


def test_no_move_once_the_game_is_over():
    state = position(CQ14, hands=CQ14_HANDS)
    state.play("place bD d4")
    finish(state)
    assert state.current_player is None and state.legal_moves() == []
    with pytest.raises(IllegalMove, match="over"):
        state.play("place bM a1")


# --- the move-count file ---------------------------------------------------------------------


def read_move_counts() -> list[tuple[int, list[str], int]]:
    """Lines `count | move; move; ...` (moves from new_game), `#` comments."""
    out = []
    for number, line in enumerate(MOVES_FILE.read_text().splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        count, _, moves = line.partition("|")
        out.append((number, [m.strip() for m in moves.split(";") if m.strip()], int(count)))
    return out


def test_move_count_file_has_ten_positions_or_more():
    assert len(read_move_counts()) >= 10


@pytest.mark.parametrize(("line", "moves", "count"), read_move_counts())
def test_move_counts_match_the_file(line, moves, count):
    state = played(*moves)
    legal = state.legal_moves()
    assert len(legal) == count, f"line {line}"
    assert len(set(legal)) == len(legal)


def test_to_dict_is_json():
    state = played("place bM a1", "place rS b1", "push bD c1 W")
    assert State.from_dict(json.loads(json.dumps(state.to_dict()))).to_dict() == state.to_dict()
