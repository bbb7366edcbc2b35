"""Whose Foods pieces, moves and notation (game.whose_foods.moves): the piece predicates scenes
use instead of taking codes apart, the well-formedness of hand-built moves, and the notation."""

from __future__ import annotations

import pytest

from game import whose_foods as wf
from game.core.engine import InvalidNotation
from game.whose_foods.moves import malformed, read_move


@pytest.mark.parametrize(
    ("code", "can", "large", "shown", "animal"),
    [
        ("LD", False, True, "dog", "dog"),
        ("LC", False, True, "cat", "cat"),
        ("LF", True, True, "can", None),
        ("SD", False, False, "dog", "dog"),
        ("SC", False, False, "cat", "cat"),
        ("SF", True, False, "can", None),
    ],
)
def test_piece_predicates_read_size_and_illustration_from_the_code_wf2(
    code, can, large, shown, animal
):
    assert wf.is_can(code) is can
    assert wf.is_large(code) is large
    assert wf.illustration(code) == shown and isinstance(wf.illustration(code), wf.Illustration)
    assert wf.animal(code) == animal


def test_predicates_agree_with_the_events_and_accessors_codes_wf2_wf3():
    state = wf.from_diagram(". . . .\n. . . .\n. . . .\nLD LF . .")
    events = state.play("SD c1")
    captured = next(e for e in events if isinstance(e, wf.ChainStep)).captured
    assert [wf.is_can(piece) for _, piece in captured] == [True]
    assert all(not wf.is_can(code) and wf.animal(code) for code in state.supply())
    assert all(wf.is_can(code) for seat in (0, 1) for code in state.hand(seat))


@pytest.mark.parametrize("code", ["", "XX", "ld", "LF/SD", None, 2, "F"])
def test_predicates_refuse_what_is_not_a_piece_code(code):
    for predicate in (wf.is_can, wf.is_large, wf.illustration, wf.animal):
        with pytest.raises(ValueError, match="is not a piece"):
            predicate(code)


def test_moves_from_legal_moves_are_known_well_formed_and_equal_fresh_ones_are_checked():
    state = wf.new_game()
    for move in state.legal_moves():
        assert malformed(move) is None
        assert malformed(wf.Place(move.piece, move.square)) is None
    assert "not a square" in malformed(wf.Place(wf.LD, True))
    assert "not a piece" in malformed(wf.Place(True, 0))
    assert "names a square twice" in malformed(wf.Take((0, 0, 1)))


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("SD b3", wf.Place(wf.SD, 9)),
        ("  LF   a1 ", wf.Place(wf.LF, 0)),
        ("take c1 a1 b1", wf.Take((0, 1, 2))),
        ("take b1 a2", wf.Take((4, 1))),  # sorted as text: a2 before b1
    ],
)
def test_notation_reads_back_to_moves(text, move):
    assert read_move(text) == move


@pytest.mark.parametrize("text", ["", "take", "SD", "SD b3 c4", "XX a1", "SD e5", "take a1 a1"])
def test_text_that_does_not_parse_is_invalid_notation(text):
    with pytest.raises(InvalidNotation):
        read_move(text)
