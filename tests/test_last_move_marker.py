"""What every board does the same way (issue 23): the last-move marker shows where each piece of
the last turn came from and went (a computer's move, a push and its push-off included) until the
next move; Escape drops what a person holds before it opens the pause menu. Driven by clicks on
the real boards."""

from __future__ import annotations

import pygame
import pytest
from helpers.scene_driver import frames, key, set_position, settle, tap

from game import consequence as cq
from game import whose_foods as wf
from game.blanc_noir import LayLand
from scenes.boards.consequence import layout as cq_layout
from scenes.kit.last_move import Trace

#: each board against a computer, and how a person picks something up on it
GAMES = ("whose-foods", "consequence", "blanc-noir")


def redraw(app):
    """Draw the current frame again (the idle loop draws only when something changed)."""
    motion = {"pos": (5, 1075), "rel": (0, 0), "buttons": (0, 0, 0)}
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, motion))
    frames(app, 2)
    return app.canvas.copy()


def marked_rects(app, board):
    """The rects where the marker changed the drawn frame: the frame with it against the same
    frame drawn without it (each trace's squares must be among them)."""
    shown = redraw(app)
    traces, board.record.last_traces = board.record.last_traces, []
    bare = pygame.Surface(shown.get_size())
    board.draw(bare)
    board.record.last_traces = traces
    changed = []
    for trace in traces:
        for where in (trace.src, trace.dst):
            rect = board.trace_rect(where) if where is not None else None
            if rect is None:
                continue
            differs = any(
                shown.get_at((x, y)) != bare.get_at((x, y))
                for x in range(rect.left, rect.right, 3)
                for y in (rect.top + 4, rect.centery, rect.bottom - 5)
            )
            changed.append((where, differs))
    return changed


def expected_traces(board, before, move):
    """The traces of `move` from `before`, as the board says them for its events."""
    return board.move_traces(before.clone().play(move))


def first_person_move(board):
    moves = board.on_show.shown.legal_moves()
    if board.setup.game == "blanc-noir":
        return next(m for m in moves if isinstance(m, LayLand))
    return moves[0]


@pytest.mark.parametrize("game", GAMES)
def test_a_computers_move_stays_marked_until_the_next_move(open_board, game):
    app, board = open_board(game, ["human", "ai:easy"], seed=4)
    settle(app)
    for _ in range(2):  # a blanc-noir turn is two actions
        if board.human_to_move:
            board.play(first_person_move(board))
            settle(app)
    assert board.human_to_move and board.state.current_player == 0
    turn = board.record.turns[-1]
    assert turn.seat == 1, "the computer has played"
    state = turn.state.clone()
    expected = []
    for move in board.moves[turn.moves :]:
        expected += expected_traces(board, state, move)
        state.play(move)
    if game != "blanc-noir" or expected:  # (a computer's turn may only draw and score)
        assert expected and board.record.last_traces == expected
        assert board.chrome.shows_last_move
        marks = marked_rects(app, board)
        assert marks and all(differs for _, differs in marks), marks
    before = board.state.clone()
    board.play(first_person_move(board))  # the next move replaces the marker
    assert board.record.last_traces == expected_traces(board, before, board.moves[-1])


def row_of_three():
    """Moon to move, b1 c1 d1 filled: a push east from a1 pushes d1's tile off."""
    state = cq.new_game()
    for text in ["place bD b1", "place rD c1", "place bD d1", "place rS b3"]:
        state.play(text)
    return state


def test_a_push_marks_every_tile_it_moved_and_the_tile_pushed_off(open_board):
    app, board = open_board("consequence", ["human", "ai:easy"], seed=4)
    set_position(app, board, row_of_three())
    board.play(cq.parse_move(board.state, "push bM a1 E"))
    a1, b1, c1, d1 = range(4)
    assert set(board.record.last_traces) == {
        Trace(c1, d1),
        Trace(b1, c1),
        Trace(a1, b1),
        Trace(d1, ("off", d1, cq.DIRECTIONS.index("E"))),
    }
    settle(app)  # (the computer answers: its own move is marked then)
    board.set_state(row_of_three())
    board.play(cq.parse_move(board.state, "push bM a1 E"))
    for _ in range(200):
        frames(app)
        if board.presenter.idle:
            break
    assert board.chrome.shows_last_move
    marks = dict(marked_rects(app, board))
    assert marks[("off", d1, 2)] and marks[a1] and marks[d1]
    beyond = board.trace_rect(("off", d1, 2))
    assert beyond.left > cq_layout.BOARD.right - 20  # drawn past the grid's edge


def test_the_marker_waits_for_the_animation_and_hides_while_a_piece_is_held(open_board):
    app, board = open_board("whose-foods", ["human", "human"], speed=1.0)
    board.play(wf.parse_move(board.state, "LD b2"))
    frames(app, 2)
    assert board.record.last_traces == [Trace(None, wf.parse_square("b2"))]
    assert not board.chrome.shows_last_move  # the piece is still flying
    settle(app)
    assert board.chrome.shows_last_move
    tap(app, board.piece_pos("SC"))
    assert board.selected == "SC" and not board.chrome.shows_last_move
    board.undo.back_to(len(board.record.turns) - 1)
    assert board.record.last_traces == [] and not board.chrome.shows_last_move


# --- Escape ---------------------------------------------------------------------------------------


def pick_something(app, board):
    """Pick up a piece, as a person would, on `board`'s game."""
    game = board.setup.game
    if game == "whose-foods":
        tap(app, board.piece_pos("LD"))
    elif game == "consequence":
        tap(app, board.hand_tile_pos(board.on_show.shown.hand(0)[0]))
    else:
        tap(app, board.hand_card_pos(board.on_show.shown.hand(0)[0]))


@pytest.mark.parametrize("game", GAMES)
def test_escape_drops_what_is_held_before_it_pauses(open_board, game):
    app, board = open_board(game, ["human", "ai:easy"])
    settle(app)
    pick_something(app, board)
    assert board.has_selection()
    key(app, pygame.K_ESCAPE)
    assert not board.has_selection() and app.manager.current is board
    key(app, pygame.K_ESCAPE)
    assert app.manager.current.name == "pause"


def test_escape_drops_a_consequence_tile_waiting_for_its_arrow(open_board):
    app, board = open_board("consequence", ["human", "ai:easy"])
    set_position(app, board, row_of_three())
    tap(app, board.hand_tile_pos("bM"))
    tap(app, cq_layout.square_centre(0))
    assert board.pending is not None
    key(app, pygame.K_ESCAPE)
    assert board.pending is None and board.selected_code is None
    assert app.manager.current is board
