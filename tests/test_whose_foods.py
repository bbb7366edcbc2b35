"""Whose Foods rules: a test per rule id (WF-n) and the worked examples of the rules file."""

import json

import pytest

import game.whose_foods as wf
from game.core.engine import IllegalMove
from game.core.events import GameOver, TurnPassed
from game.core.grid import parse_square
from game.whose_foods import (
    ChainStep,
    ChoiceOffered,
    Disqualified,
    LosingPattern,
    Overeating,
    Placed,
    ThreeCans,
    Uncovered,
    from_diagram,
    new_game,
    parse_move,
)

EMPTY_ROWS = ". . . .\n. . . .\n. . . .\n"


def row1(cells: str, **kwargs) -> wf.State:
    """A position whose only pieces are on row 1."""
    return from_diagram(EMPTY_ROWS + cells, **kwargs)


def kinds(events, kind):
    return [e for e in events if isinstance(e, kind)]


def bottom_row(state) -> str:
    return state.diagram().splitlines()[-1]


# --- worked examples ----------------------------------------------------------------------------


def test_example1_can_between_two_dogs_is_safe_wf13():
    state = row1("LD . LD .")
    events = state.play("SF b1")
    assert kinds(events, ChainStep) == []
    assert bottom_row(state) == "LD SF LD ."
    assert state.captured(0) == []
    assert state.current_player == 1


def test_example2_sandwich_captures_the_can_and_keeps_the_dogs_wf13():
    state = row1("LD LF . .")
    events = state.play("SD c1")
    (step,) = kinds(events, ChainStep)
    assert step.kind == "sandwich"
    assert step.captured == (("b1", "LF"),)
    assert step.points == 2
    assert bottom_row(state) == "LD . SD ."
    assert state.captured(0) == ["LF"]
    assert state.score(0) == 2


def test_example3_trio_by_illustration_captures_three_cats_wf11():
    state = row1("LC SC . .")
    events = state.play("LC c1")
    (step,) = kinds(events, ChainStep)
    assert step.kind == "trio by illustration"
    assert state.captured(0) == ["LC", "LC", "SC"]
    assert state.score(0) == 3
    assert bottom_row(state) == ". . . ."


def test_example4_uncovered_can_completes_three_cans_and_the_placer_loses_wf16_wf21():
    state = from_diagram(". . . .\n. . LF .\n. LF/SD . .\nLF SC . .")
    events = state.play("SD b3")
    step = kinds(events, ChainStep)[0]
    assert step.kind == "trio by size"
    assert sorted(sq for sq, _ in step.captured) == ["b1", "b2", "b3"]
    assert kinds(events, Uncovered) == [Uncovered("b2", "LF")]
    (loss,) = kinds(events, LosingPattern)
    assert sorted(loss.line) == ["a1", "b2", "c3"]
    assert state.is_over
    assert state.result.winners == (1,)
    assert state.result.reason == "losing pattern"


def test_example5_two_trios_share_the_placed_piece_and_the_choice_breaks_the_other_wf19():
    # Row 1 LD LD _ ; column c: c2 LC, c3 LC. LD on c1 makes a row trio (dogs) and a column
    # trio (all large); taking one removes c1, so the other is gone and the chain ends.
    state = from_diagram(". . . .\n. . LC .\n. . LC .\nLD LD . .")
    events = state.play("LD c1")
    (offer,) = kinds(events, ChoiceOffered)
    assert len(offer.options) == 2
    assert state.current_player == 0
    assert sorted(map(str, state.legal_moves())) == ["take a1 b1 c1", "take c1 c2 c3"]
    events = state.play("take a1 b1 c1")
    assert len(kinds(events, ChainStep)) == 1
    assert kinds(events, TurnPassed) == [TurnPassed(0, 1)]
    assert state.diagram() == ". . . .\n. . LC .\n. . LC .\n. . . ."


def test_example6_four_players_three_cans_disqualifies_and_play_goes_on_wf24():
    state = row1("LF SF . .", players=4, to_move=2)
    hand_before = state.hand(2)
    events = state.play("LF c1")
    assert kinds(events, LosingPattern)
    assert kinds(events, Disqualified) == [Disqualified(2, "losing pattern")]
    assert not state.is_over
    assert state.current_player == 3
    assert bottom_row(state) == "LF SF LF ."  # the pieces stay
    assert state.hand(2) == ["SF", "SF"] and hand_before == ["LF", "SF", "SF"]
    state.play("SD d4")
    state.play("SD d3")
    state.play("SD d2")
    assert state.current_player == 3  # seat 2 takes no more turns


def test_example7_four_dogs_in_a_line_lose_though_they_hold_two_trios_wf16_wf21():
    state = row1("LD SD . LD")
    events = state.play("SD c1")
    (loss,) = kinds(events, LosingPattern)
    assert loss == LosingPattern(
        0, ("a1", "b1", "c1", "d1"), "four of one illustration", ("LD", "SD", "SD", "LD")
    )
    assert kinds(events, ChoiceOffered) == [] and kinds(events, ChainStep) == []
    assert bottom_row(state) == "LD SD SD LD"  # nothing captured
    assert state.result.winners == (1,) and state.result.reason == "losing pattern"
    # with 3 or 4 players the placer is disqualified and play goes on
    state = row1("LD SD . LD", players=3)
    events = state.play("SD c1")
    assert kinds(events, Disqualified) == [Disqualified(0, "losing pattern")]
    assert not state.is_over and state.current_player == 1


@pytest.mark.parametrize("piece", ["LD", "LC", "LF"])
def test_example8_four_large_pieces_in_a_line_lose_by_size_wf16(piece):
    state = from_diagram(". . . .\n. . . .\nLD LC . LF\n. . . .")
    (loss,) = kinds(state.play(f"{piece} c2"), LosingPattern)
    assert loss.line == ("a2", "b2", "c2", "d2") and loss.pattern == "four of one size"
    assert state.result.winners == (1,)


def test_issue_example_a_line_of_dogs_placed_in_turns_loses_at_the_fourth_wf16():
    # LD a1, SD b1, LD d1 (the others play elsewhere), then SD c1: four dogs in row 1.
    state = new_game(2)
    for move in ["LD a1", "LC a4", "SD b1", "LC b4", "LD d1", "SC d4"]:
        state.play(move)
    events = state.play("SD c1")
    assert kinds(events, ChoiceOffered) == []
    assert kinds(events, LosingPattern)[0].line == ("a1", "b1", "c1", "d1")
    assert state.result.winners == (1,) and state.result.reason == "losing pattern"


# --- one test per rule --------------------------------------------------------------------------


def test_wf1_a1_is_bottom_left_and_d4_top_right():
    state = new_game()
    state.play("LD a1")
    state.play("LC d4")
    lines = state.diagram().splitlines()
    assert lines[0] == ". . . LC"
    assert lines[3] == "LD . . ."
    assert parse_square("a1") == 0 and parse_square("d4") == 15


def test_wf2_twenty_four_pieces_three_animals_and_six_cans_per_size():
    state = new_game()
    assert state.supply() == sorted(["LD"] * 3 + ["LC"] * 3 + ["SD"] * 3 + ["SC"] * 3)
    cans = state.hand(0) + state.hand(1)
    assert sorted(cans) == ["LF"] * 6 + ["SF"] * 6


def test_wf3_any_player_may_place_any_shared_piece():
    state = new_game()
    state.play("LD a1")
    state.play("LD b3")  # the second player places a dog too
    assert state.supply().count("LD") == 1


@pytest.mark.parametrize(
    "players,deal",
    [
        (2, [["LF"] * 3 + ["SF"] * 3] * 2),
        (3, [["LF"] * 2 + ["SF"] * 2] * 3),
        (4, [["LF", "LF", "SF"], ["LF", "LF", "SF"], ["LF", "SF", "SF"], ["LF", "SF", "SF"]]),
    ],
)
def test_wf4_cans_are_dealt_by_player_count(players, deal):
    state = new_game(players)
    assert [state.hand(seat) for seat in range(players)] == deal


def test_wf5_a_can_on_the_board_belongs_to_nobody_and_anyone_captures_it():
    state = row1("LD . . .")
    state.play("LF b1")  # seat 0's can
    state.play("SD c1")  # seat 1 sandwiches it
    assert state.captured(1) == ["LF"]


def test_wf6_hands_and_supply_are_open_in_every_view():
    state = new_game(3)
    state.play("SF a1")
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert view.hand(0) == ["LF", "LF", "SF"]
        assert view.supply() == state.supply()
        assert view == state


def test_wf7_first_player_is_chosen_and_play_goes_clockwise():
    assert new_game(3).current_player == 0
    state = new_game(3, first_player=2)
    seen = []
    for move in ("LD a1", "LD b3", "LD d1", "LC c4"):
        seen.append(state.current_player)
        state.play(move)
    assert seen == [2, 0, 1, 2]


def test_wf8_a_turn_is_exactly_one_placement_and_no_pass():
    state = new_game()
    assert all(isinstance(m, wf.Place) for m in state.legal_moves())
    with pytest.raises(IllegalMove):
        state.play("pass")
    state = row1("LF LF LF .")  # seat 0 dealt 3 LF, all on the board
    with pytest.raises(IllegalMove, match="no LF left in your hand"):
        state.play("LF d4")


def test_wf9_stacking_is_a_small_piece_on_a_lone_large_piece():
    state = row1("LD LC/SC . SD")
    with pytest.raises(IllegalMove, match="large piece goes only on an empty"):
        state.play("LC a1")
    with pytest.raises(IllegalMove, match="small piece goes only on a lone large"):
        state.play("SC d1")
    with pytest.raises(IllegalMove, match="small piece goes only on a lone large"):
        state.play("SC b1")
    events = state.play("SC a1")
    assert kinds(events, Placed) == [Placed(0, "SC", "a1", False, "LD")]
    assert bottom_row(state) == "LD/SC LC/SC . SD"


def test_wf10_the_covered_piece_takes_no_part_in_patterns_but_views_keep_it():
    # Row 1: LD/SC LD _ : a covered dog does not make LD LD LD with a placed dog.
    state = row1("LD/SC LD . .")
    events = state.play("LD c1")
    assert kinds(events, ChainStep) == []
    assert state.view(1).piece_at(0) == (wf.SC, wf.LD)  # bots know the covered piece


def test_wf11_trio_by_illustration_any_sizes():
    state = row1("SD LD . .")
    events = state.play("SD c1")
    assert kinds(events, ChainStep)[0].kind == "trio by illustration"
    assert state.captured(0) == ["LD", "SD", "SD"]


def test_wf12_trio_by_size_mixes_illustrations_including_cans():
    state = row1("LD LF . .")
    events = state.play("LC c1")
    (step,) = kinds(events, ChainStep)
    assert step.kind == "trio by size"
    assert step.points == 4
    assert state.captured(0) == ["LC", "LD", "LF"]


def test_wf13_sandwich_of_two_cans_and_only_animals_make_sandwiches():
    state = row1("LC LF SF .")
    events = state.play("SC d1")
    (step,) = kinds(events, ChainStep)
    assert step.kind == "sandwich" and step.points == 4
    assert bottom_row(state) == "LC . . SC"
    # A can that completes C F F C captures nothing: the sandwich is made by the animals.
    state = row1("LC LF . SC")
    assert kinds(state.play("SF c1"), ChainStep) == []
    # Different animals at the ends: no sandwich.
    state = row1("LD LF . .")
    assert kinds(state.play("SC c1"), ChainStep) == []


def test_wf14_removing_a_small_piece_uncovers_the_large_piece_below():
    state = row1("SD LC/SD . .")
    events = state.play("SD c1")
    assert kinds(events, Uncovered) == [Uncovered("b1", "LC")]
    assert bottom_row(state) == ". LC . ."


def test_wf15_four_squares_hold_two_overlapping_trios_as_separate_effects():
    # Dogs on a1 b1 c1 (by illustration), small pieces on b1 c1 d1 (by size); the four are
    # neither all dogs nor all small, so no losing pattern (WF-16).
    state = row1("LD SD . SC")
    events = state.play("SD c1")
    (offer,) = kinds(events, ChoiceOffered)
    assert sorted(squares for _, _, squares in offer.options) == [
        ("a1", "b1", "c1"),
        ("b1", "c1", "d1"),
    ]
    state.play("take b1 c1 d1")
    assert bottom_row(state) == "LD . . ."


def test_wf16_three_cans_of_any_sizes_in_a_line_lose():
    state = from_diagram(". . . .\n. . . .\n. SF . .\nLF . . .")
    events = state.play("LF c3")
    assert kinds(events, LosingPattern) == [
        LosingPattern(0, ("a1", "b2", "c3"), "three cans", ("LF", "SF", "LF"))
    ]
    assert kinds(events, ChainStep) == []
    assert state.result.winners == (1,)
    assert state.result.reason == "losing pattern"


@pytest.mark.parametrize(
    "cells,place,pattern",
    [
        ("LD SD . SD", "LD c1", "four of one illustration"),  # dogs, mixed sizes
        ("SC LC . LC", "SC c1", "four of one illustration"),  # cats, mixed sizes
        ("LD LC . LF", "LC c1", "four of one size"),  # large, mixed illustrations, a can too
        ("SD SF . SC", "SD c1", "four of one size"),  # small, mixed illustrations
        ("SF LF . LF", "SF c1", "four of one illustration"),  # four cans (three cans too)
    ],
)
def test_wf16_four_of_one_illustration_or_of_one_size_in_a_line_lose(cells, place, pattern):
    state = row1(cells)
    events = state.play(place)
    (loss,) = kinds(events, LosingPattern)
    assert (loss.line, loss.pattern) == (("a1", "b1", "c1", "d1"), pattern)
    assert loss.pieces == tuple(bottom_row(state).split())
    assert kinds(events, ChainStep) == [] and kinds(events, ChoiceOffered) == []
    assert state.result.winners == (1,) and state.result.reason == "losing pattern"


@pytest.mark.parametrize(
    "diagram,place",
    [
        (". . . .\n. . . .\n. . . .\nLD SD . SC", "SD c1"),  # dogs then small: not four alike
        ("LD . . .\nSC . . .\n. . . .\nLD . . .", "SD a2"),  # a column: D C D D
        (". . . LC\n. . SC .\n. . . .\nLD . . .", "SD b2"),  # a diagonal: L S S L, D D C C
    ],
)
def test_wf16_four_in_a_line_of_neither_one_illustration_nor_one_size_is_no_loss(diagram, place):
    state = from_diagram(diagram)
    events = state.play(place)
    assert kinds(events, LosingPattern) == []
    assert not state.is_over or state.result.reason != "losing pattern"


def test_wf16_four_in_a_line_in_any_direction_lose():
    for diagram, place, line in [
        ("LD . . .\nSD . . .\n. . . .\nLD . . .", "SD a2", ("a1", "a2", "a3", "a4")),
        (". . . LC\n. . SC .\n. . . .\nLC . . .", "SC b2", ("a1", "b2", "c3", "d4")),
        ("LD . . .\n. LC . .\n. . . .\n. . . LF", "LD c2", ("a4", "b3", "c2", "d1")),
    ]:
        state = from_diagram(diagram)
        (loss,) = kinds(state.play(place), LosingPattern)
        assert sorted(loss.line) == sorted(line), diagram
        assert state.result.winners == (1,)


def test_wf17_a_chain_resolves_effects_until_none_is_left():
    # Placing SD on c2 makes the small trio of row 2; removing it uncovers LC on b2, which
    # completes the cat trio of column b: a second step in the same turn.
    state = from_diagram(". . . .\n. LC . .\nSC LC/SC . .\n. LC . .")
    events = state.play("SD c2")
    steps = kinds(events, ChainStep)
    assert [s.step for s in steps] == [1, 2]
    assert sorted(sq for sq, _ in steps[1].captured) == ["b1", "b2", "b3"]
    assert state.diagram() == EMPTY_ROWS + ". . . ."
    assert state.score(0) == 6
    assert state.current_player == 1


def test_wf18_patterns_left_by_earlier_turns_never_fire():
    state = row1("LD LD LD .")  # a trio with no fresh piece
    assert kinds(state.play("SC d4"), ChainStep) == []
    assert bottom_row(state) == "LD LD LD ."


def test_wf19_the_placer_chooses_and_a_single_effect_resolves_by_itself():
    state = row1("LD SD . SC")
    state.play("SD c1")
    assert state.current_player == 0
    with pytest.raises(IllegalMove, match="not on offer"):
        state.play("take a1 b1 d1")
    with pytest.raises(IllegalMove, match="first choose"):
        state.play("LD a4")
    state.play("take a1 b1 c1")
    assert state.current_player == 1
    single = row1("LC SC . .")
    events = single.play("LC c1")
    assert kinds(events, ChoiceOffered) == [] and len(kinds(events, ChainStep)) == 1


def test_wf20_captured_pieces_go_to_the_player_whose_turn_it_is():
    state = row1("LD SF . .", to_move=1)  # seat 0's small can
    state.play("LD c1")
    assert state.captured(1) == ["SF"] and state.captured(0) == []


def test_wf21_a_losing_pattern_comes_before_any_other_effect():
    state = from_diagram(". . . .\n. . LD .\n. . LD .\nLF LF . .")
    events = state.play("LF c1")  # three cans on row 1 and a large trio on column c
    assert kinds(events, ChainStep) == []
    assert kinds(events, LosingPattern)
    assert state.result.winners == (1,)


def test_wf22_exactly_three_captured_cans_win():
    state = row1("LD LF . .", captured=[["LF", "SF"], []])
    events = state.play("SD c1")
    assert kinds(events, ThreeCans) == [ThreeCans(0)]
    assert state.result.winners == (0,) and state.result.reason == "three cans"


def test_wf23_four_or_more_captured_cans_is_overeating():
    state = row1("LD LF SF .", captured=[["LF", "SF"], []])
    events = state.play("SD d1")
    assert kinds(events, Overeating) == [Overeating(0, 4)]
    assert state.result.winners == (1,) and state.result.reason == "overeating"


def test_wf24_a_loss_with_three_players_disqualifies_and_the_last_one_standing_wins():
    state = row1("LF SF . .", players=3, to_move=1)
    state.disqualified.append(2)  # seat 2 is out already
    events = state.play("SF c1")
    assert kinds(events, Disqualified) == [Disqualified(1, "losing pattern")]
    assert state.result.winners == (0,)
    assert state.result.reason == "disqualified"
    assert state.result.disqualified == (2, 1)


def test_wf25_the_game_ends_when_the_shared_supply_is_empty():
    shared = ["LD"] * 3 + ["LC"] * 3 + ["SD"] * 3 + ["SC"] * 2
    state = from_diagram(EMPTY_ROWS + ". . . .", captured=[shared, []])
    assert state.supply() == ["SC"]
    events = state.play("SC a1")
    assert isinstance(events[-1], GameOver)
    assert state.result.reason == "points"
    assert state.result.scores == (11 - 30, -30)
    assert state.result.winners == (0,)


def test_wf25_ruling_no_legal_placement_ends_the_game():
    board = "LF LD LC .\nSF SC LF SF\nLC SF LD LF\nSC LF SF LC"
    state = from_diagram(
        board,
        to_move=1,
        hands=[(0, 0), (0, 0)],
        captured=[["LF", "SF", "SD"], ["LF", "SF", "SD", "SC"]],
    )
    assert state.supply() == ["LD", "SD"]
    events = state.play("SD d4")
    assert kinds(events, ChainStep) == []
    assert state.is_over and state.supply() == ["LD"]
    assert state.result.scores == (5, 6) and state.result.winners == (1,)
    assert state.result.reason == "no moves"


def test_wf26_points_and_disqualified_players_do_not_rank():
    state = row1(
        "LF SF . .",
        players=3,
        to_move=0,
        captured=[["LD", "LD", "LD", "LC", "LC", "LC", "SD", "SD"], [], []],
    )
    state.disqualified.append(0)
    state._current = 1
    state.play("SD c1")  # seat 1: nothing happens; supply: SD SC SC SC left
    for move in ("SC d4", "SC a3", "SC d2"):
        state.play(move)
    result = state.result
    assert result.reason == "points"
    # seat 0: 8 shared - 5 * 2 cans left (2 large + 2 small dealt, LF and SF on the board)
    assert result.scores[0] == 8 - 5 * 2
    assert result.scores[1] == -5 * 4 and result.scores[2] == -5 * 4
    assert result.winners == (1, 2) and result.draw
    assert state.breakdown(0) == {"shared pieces": 8, "cans": 0, "cans in hand": -10}


def test_wf27_identical_removals_are_one_choice():
    state = row1("LD LD . .")
    events = state.play("LD c1")  # all dogs and all large: one effect, not two
    assert kinds(events, ChoiceOffered) == []
    assert kinds(events, ChainStep)[0].kind == "trio by illustration"
    # Two sandwiches (row D F D and column C F C) capturing the same can are one choice.
    top = [wf.EMPTY] * 16
    for name, piece in (("a2", wf.SD), ("b2", wf.LF), ("c2", wf.SD), ("b1", wf.SC), ("b3", wf.SC)):
        top[parse_square(name)] = piece
    fresh = 1 << parse_square("a2") | 1 << parse_square("b1")
    loss, effects = wf.find_effects(top, fresh)
    assert loss is None and [e.squares for e in effects] == [(parse_square("b2"),)]


def test_wf28_a_disqualification_ends_the_chain_and_waiting_effects_never_fire():
    # Seat 0 makes three cans on row 1 and a large trio on column c at once: disqualified.
    state = from_diagram(
        ". . . .\n. . LD .\n. . LD .\nLF LF . .", players=3, hands=[(1, 2), (2, 2), (1, 2)]
    )
    state.play("LF c1")
    assert state.disqualified == [0] and not state.is_over
    events = state.play("SD a4")
    assert kinds(events, ChainStep) == []
    assert state.diagram().splitlines()[1:] == [". . LD .", ". . LD .", "LF LF LF ."]


def test_wf29_the_movers_win_is_settled_before_points():
    shared = ["LD"] * 2 + ["LC"] * 3 + ["SD"] * 2 + ["SC"] * 3
    state = row1("LD LF . .", captured=[[*shared, "LF", "SF"], []])
    assert state.supply() == ["SD"]
    state.play("SD c1")
    assert state.result.reason == "three cans" and state.result.winners == (0,)


def test_wf30_four_cans_in_a_line_lose():
    state = row1("LF LF . LF", to_move=1)
    events = state.play("LF c1")
    assert kinds(events, LosingPattern)
    assert state.result.winners == (0,)


def test_wf30_four_by_size_of_different_illustrations_lose():
    state = row1("LD LC LD .")
    (loss,) = kinds(state.play("LF d1"), LosingPattern)
    assert loss.pattern == "four of one size" and state.result.winners == (1,)


def test_wf30_four_by_illustration_of_different_sizes_lose():
    state = row1("LD SD . LD")
    (loss,) = kinds(state.play("SD c1"), LosingPattern)
    assert loss.pattern == "four of one illustration" and state.result.winners == (1,)


def test_wf30_uncovering_the_fourth_piece_of_a_line_loses():
    # Row 1 dogs on a1 b1 d1 and a small cat on the large dog of c1. A small trio on column c
    # (c1 c2 c3) removes the cat and uncovers the dog: four dogs in row 1, the placer loses.
    state = from_diagram(". . . .\n. . . .\n. . SD .\nLD SD LD/SC LD")
    events = state.play("SC c3")
    assert kinds(events, ChainStep)[0].captured == (("c1", "SC"), ("c2", "SD"), ("c3", "SC"))
    assert kinds(events, Uncovered) == [Uncovered("c1", "LD")]
    (loss,) = kinds(events, LosingPattern)
    assert loss.line == ("a1", "b1", "c1", "d1") and loss.pattern == "four of one illustration"
    assert state.result.winners == (1,) and state.result.reason == "losing pattern"


def test_wf30_a_four_line_left_by_earlier_turns_never_fires_wf18():
    # The four dogs of row 1 were made without a fresh piece (from the diagram, no fresh
    # square): placing elsewhere does not lose.
    state = row1("LD SD SD LD")
    events = state.play("SC a4")
    assert kinds(events, LosingPattern) == [] and not state.is_over


# --- notation, errors, saving -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,reason",
    [
        ("", "empty move"),
        ("XX a1", "not a piece"),
        ("LD e5", "not a square"),
        ("LD", "not a move"),
        ("LD a1 b2", "not a move"),
        ("take a1", "no choice to make"),
        ("take a1 a1", "names a square twice"),
    ],
)
def test_malformed_moves_are_refused_with_a_reason_and_change_nothing(text, reason):
    state = row1("LD . . .")
    before = state.to_dict()
    with pytest.raises(IllegalMove, match=reason):
        state.play(text)
    assert state.to_dict() == before


def test_an_occupied_square_and_a_missing_piece_are_refused():
    state = row1("LD . . .", captured=[["LC"] * 3, []])
    before = state.to_dict()
    with pytest.raises(IllegalMove, match="a1 is occupied"):
        state.play("LF a1")
    with pytest.raises(IllegalMove, match="no LC is left"):
        state.play("LC b2")
    with pytest.raises(IllegalMove):
        state.play(wf.Place(wf.LC, 5))
    assert state.to_dict() == before


def test_a_finished_game_refuses_moves():
    state = row1("LF SF . .")
    state.play("LF c1")
    assert state.legal_moves() == []
    with pytest.raises(IllegalMove, match="over"):
        state.play("LD d4")


def test_notation_of_moves():
    assert str(parse_move(new_game(), "SD b3")) == "SD b3"
    state = row1("LD SD . SC")
    state.play("SD c1")
    assert parse_move(state, "take c1 b1 a1") == wf.Take(
        tuple(map(parse_square, ["a1", "b1", "c1"]))
    )


def test_save_round_trip_in_the_middle_of_a_choice():
    state = row1("SD SC . SD")
    state.play("SC c1")
    copy = wf.State.from_dict(json.loads(json.dumps(state.to_dict())))
    assert copy == state
    assert copy.legal_moves() == state.legal_moves()


def test_from_dict_refuses_a_state_that_loses_pieces():
    d = new_game().to_dict()
    d["supply"]["LD"] = 2
    with pytest.raises(ValueError, match="not conserved"):
        wf.State.from_dict(d)


def test_readme_example_prints_the_board():
    state = new_game()
    state.play("LD a1")
    assert state.diagram() == EMPTY_ROWS + "LD . . ."
