"""The checks run on every board after every frame (scenes.bench.board_checks): each can fail, and
says what went wrong and where. Whole games of Consequence and En blanc et noir are judged in their
scene tests; the monkey (tests/test_monkey.py) judges every board."""

import pytest
from helpers.scene_driver import hover, settle

from game import whose_foods as wf
from scenes.bench.board_checks import BoardWatch


def covered_b2(open_board, memory_mode):
    """A Whose Foods board where a small cat covers the large dog on b2."""
    app, board = open_board("whose-foods", ["human", "human"], memory_mode=memory_mode)
    state = wf.new_game(players=2, seed=1)
    state.play("LD b2")
    state.play("SC b2")
    board.set_state(state)
    settle(app)
    under, top = board.presenter.board[5]
    assert (under.code, top.code) == ("LD", "SC")
    return app, board, under


def test_wf10_memory_mode_draws_no_covered_piece_and_a_leak_is_named(open_board):
    app, board, under = covered_b2(open_board, memory_mode=True)
    watch = BoardWatch(board)
    hover(app, (960, 1000))  # input: a frame is drawn
    drawn = {(code, place) for _, code, place in board.on_show.faces_seen}
    assert ("SC", "board b2") in drawn and ("LD", "board b2") not in drawn
    assert watch.leaks() == [] and watch.faces_checked > 0
    under.hidden = False  # the leak: the presenter forgets that the dog is covered
    hover(app, (960, 1010))
    assert watch.leaks() == [
        "whose-foods: the face LD drawn at board b2 for nobody's view (a spectator, or under "
        "the hand-over): a covered piece in memory mode (WF-10)"
    ]


def test_in_open_mode_the_covered_piece_is_no_secret(open_board):
    app, board, under = covered_b2(open_board, memory_mode=False)
    assert under.hidden is False
    watch = BoardWatch(board)
    hover(app, (960, 1000))
    assert ("LD", "board b2") in {(code, place) for _, code, place in board.on_show.faces_seen}
    assert watch.leaks() == []


@pytest.mark.parametrize("game", ["consequence", "blanc-noir"])
def test_a_face_drawn_into_another_hand_is_named_with_its_seat_and_place(open_board, game):
    app, board = open_board(game, ["human", "ai:easy"])
    settle(app)
    watch = BoardWatch(board)
    secret = board.state.hand(1)[0]
    board.on_show.saw(
        secret, "hand 1"
    )  # as a painter that drew the computer's card would report it
    (leak,) = watch.leaks()
    assert leak.startswith(f"{game}: the face {secret} drawn at hand 1 for ")
    assert leak.endswith("(seat 0): that hand is not the one on show")
    assert not board.on_show.faces_seen and watch.leaks() == []  # judged once, then forgotten
