"""Whose Foods as a new user plays it (issue "Tried as a new user would"): scores the rules would
give now, hints that keep memory mode's secret, a choice that says what it costs, refusals with
reasons, capture callouts, the last move marked, a plain-language log, drag and drop and keys."""

from __future__ import annotations

import itertools

import pygame
import pytest
from helpers.scene_driver import drag, frames, hover, key, settle, tap

from game import whose_foods as wf
from scenes.boards.whose_foods import layout
from scenes.boards.whose_foods.preview import preview_of
from scenes.boards.whose_foods.scene import WhoseFoodsBoard
from scenes.kit.last_move import Trace

EMPTY_ROWS = ". . . .\n. . . .\n. . . .\n"


@pytest.fixture
def board(open_board):
    def make(seats=("human", "human"), speed=10.0, memory_mode=True):
        return open_board("whose-foods", seats, speed=speed, memory_mode=memory_mode)

    return make


def square(name: str) -> tuple[int, int]:
    return layout.square_rect(wf.parse_square(name)).center


def place(app, scene, text: str) -> None:
    code, where = text.split()
    tap(app, scene.piece_pos(code))
    tap(app, square(where))
    settle(app)


# --- scores (bug 2, board side) -------------------------------------------------------------------


def test_wf26_each_tray_shows_the_score_the_rules_would_give_now(board):
    app, scene = board()
    assert [round(p.seats[s].points) for p in [scene.presenter] for s in (0, 1)] == [-30, -30]
    place(app, scene, "LF a1")  # a can out of the hand: 5 points less of penalty
    assert round(scene.presenter.seats[0].points) == scene.state.final_score(0) == -25


def test_hovering_a_tray_header_shows_the_breakdown(board):
    app, scene = board()
    hover(app, layout.tray(1).header.center)
    assert scene.hover_seat == 1
    hover(app, layout.BOARD.center)
    assert scene.hover_seat is None


# --- hints (bug 3) --------------------------------------------------------------------------------


def test_wf10_memory_mode_hints_never_depend_on_covered_pieces():
    """Two positions differing only under covered pieces give identical hints everywhere."""
    one = wf.from_diagram(". . . .\n. LD/SC . .\n. . LC/SD .\n. . . .")
    two = wf.from_diagram(". . . .\n. LC/SC . .\n. . LD/SD .\n. . . .")
    assert one.supply() == two.supply()
    texts = 0
    for move in one.legal_moves():
        first = preview_of(one, move, memory_mode=True)
        second = preview_of(two, move, memory_mode=True)
        assert first == second, str(move)
        texts += 1
    assert texts > 20


def test_memory_mode_hint_stops_where_a_piece_would_be_uncovered():
    state = wf.from_diagram(EMPTY_ROWS + "SD LD/SD . .")
    preview = preview_of(state, wf.parse_move(state, "SD c1"), memory_mode=True)
    assert preview.text == "Captures 3 pieces: score +3 …then b1 is uncovered"
    open_preview = preview_of(state, wf.parse_move(state, "SD c1"), memory_mode=False)
    assert "uncovered" not in open_preview.text


def test_hints_are_one_remembered_setting_with_one_name(board):
    """Issue 23: the board's Previews button and Settings' Move previews are one setting, named
    alike and remembered from game to game, against computers as in hot seat (key V; issue 38:
    named apart from the coach's Hint, whose key is H; P is the pause menu's)."""
    app, scene = board(("human", "ai:normal"))
    assert app.settings.hints is True  # the default
    assert scene.chrome.hints is True and scene.chrome.hints_button.label.msgid == "Previews: on"
    key(app, pygame.K_v)
    assert scene.chrome.hints is False and scene.chrome.hints_button.label.msgid == "Previews: off"
    assert app.settings.hints is False and app.store.load().hints is False  # saved at once
    app.open_settings()
    settle(app)
    toggle = app.manager.current.hints
    assert str(toggle.label) == "Move previews" and toggle.value is False
    _, again = board()  # a new game, hot seat this time
    assert again.chrome.hints is False and again.chrome.hints_button.label.msgid == "Previews: off"


@pytest.mark.parametrize(
    "row,move,words",
    [
        ("LD SD . LD", "SD c1", "You would lose: four dogs in a line!"),
        ("LD LC . LF", "LC c1", "You would lose: four large pieces in a line!"),
        ("LF SF . .", "LF c1", "You would lose: three cans in a line!"),
    ],
)
def test_wf16_hovering_a_losing_placement_says_so_before_it_is_made(board, row, move, words):
    app, scene = board()
    scene.set_state(wf.from_diagram(EMPTY_ROWS + row))
    code, where = move.split()
    tap(app, scene.piece_pos(code))
    hover(app, square(where))
    assert scene.preview.text == words and scene.preview.loses
    line = 3 if "three" in words else 4
    assert sorted(scene.preview.danger) == sorted(wf.parse_square(f"{c}1") for c in "abcd"[:line])
    assert scene.moves == []  # only a preview: nothing was placed


def test_wf16_the_log_and_the_banner_name_the_losing_four(board):
    app, scene = board()
    scene.set_state(wf.from_diagram(EMPTY_ROWS + "LD SD . LD"))
    place(app, scene, "SD c1")
    assert scene.state.result.reason == "losing pattern"
    assert scene.record.log[-1].text == "Player 1: small dog on c1 – four dogs in a line: loses"


# --- the choice (bug 4) ---------------------------------------------------------------------------


def test_wf19_the_choice_asks_which_capture_first_and_digits_pick(board):
    app, scene = board()
    scene.set_state(wf.from_diagram(EMPTY_ROWS + "LD SD . SC"))
    place(app, scene, "SD c1")
    assert scene.status_text() == "Player 1: which capture first?"
    labels = [button.label for button in scene.option_buttons]
    assert labels == ["1: Trio of dogs\na1 b1 c1", "2: Trio by size\nb1 c1 d1"]
    key(app, pygame.K_2)
    settle(app)
    assert scene.moves[-1] == "take b1 c1 d1"


def test_a_square_in_both_options_shows_both_numbers_apart(board):
    app, scene = board()
    scene.set_state(wf.from_diagram(EMPTY_ROWS + "LD SD . SC"))
    place(app, scene, "SD c1")
    tap(app, square("b1"))  # in both captures: refused with the reason
    assert "both captures" in scene.status.refusal[0] and scene.moves == ["SD c1"]
    centres = [
        (layout.square_rect(sq).left + 34 + 46 * index, layout.square_rect(sq).top + 34)
        for index, (_, _, squares) in enumerate(scene.presenter.choice.options)
        for sq in squares
        if sq == wf.parse_square("b1")
    ]
    assert len(centres) == 2 and abs(centres[0][0] - centres[1][0]) >= 40  # badges 40 wide


# --- refusals (bug 6) -----------------------------------------------------------------------------


def test_refusals_say_why(board):
    app, scene = board()
    tap(app, square("a1"))
    assert scene.status.refusal[0].startswith("Pick a piece first")
    scene.set_state(wf.from_diagram(EMPTY_ROWS + "LD/SC . . ."))
    tap(app, scene.piece_pos("LC"))
    tap(app, square("a1"))
    assert scene.moves == [] and "a1 is occupied" in scene.status.refusal[0]
    tap(app, layout.tray(1).rect.center)
    assert "Player 2's" in scene.status.refusal[0]


def test_an_empty_supply_group_says_it_is_empty(board):
    app, scene = board()
    scene.set_state(wf.from_diagram(". . . .\n. . . .\nLD LD . .\n. . LD ."))
    tap(app, layout.supply_group_rect("LD").center)
    assert scene.selected is None and "No large dog is left" in scene.status.refusal[0]


# --- every capture explained ----------------------------------------------------------------------


def test_a_capture_is_called_out_with_a_line_in_the_capturers_colour(board):
    app, scene = board(speed=1.0)
    scene.set_state(wf.from_diagram(EMPTY_ROWS + "SC SC . ."))
    tap(app, scene.piece_pos("LC"))
    tap(app, square("c1"))
    seen = None
    for _ in range(200):
        if scene.presenter.callouts:
            seen = scene.presenter.callouts[0]
            break
        frames(app)
    assert seen is not None and seen.text == "Trio of cats!"
    assert seen.colour == scene.setup.colours[0][1]
    assert len(seen.points) == 3
    settle(app)
    assert scene.record.log[-1].text == "Player 1: large cat on c1 – trio of cats, takes 3, +3"


def test_the_last_placement_stays_marked_until_the_next(board):
    app, scene = board()
    assert scene.record.last_traces == []
    place(app, scene, "LD b2")
    assert scene.record.last_traces == [Trace(None, wf.parse_square("b2"))]
    place(app, scene, "SC c3")
    assert scene.record.last_traces == [Trace(None, wf.parse_square("c3"))]


@pytest.mark.parametrize("players", [3, 4])
def test_the_move_log_exists_in_the_3_and_4_player_layouts(board, players):
    app, scene = board(("human",) * players)
    place(app, scene, "LD b2")
    assert "Moves" in scene.button_rects
    tap(app, scene.button_rects["Moves"].center)
    assert scene.chrome.log.open
    assert scene.record.log[-1].text == "Player 1: large dog on b2"


# --- input ----------------------------------------------------------------------------------------


def test_drag_and_drop_places_a_piece(board):
    app, scene = board()
    drag(app, scene.piece_pos("SD"), square("c2"))
    settle(app)
    assert scene.moves == ["SD c2"]


def test_ctrl_z_undoes_and_escape_pauses(board):
    app, scene = board(("human", "ai:easy"))
    place(app, scene, "LD a1")
    settle(app)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.moves == []
    key(app, pygame.K_ESCAPE)
    assert app.manager.current.name == "pause"


def test_no_board_text_is_smaller_than_22_pixels(board, monkeypatch):
    """Every text the board draws, at every moment of a game with a choice and a chain."""
    from scenes.kit import fonts

    sizes = set()
    real = fonts.text

    def recording(words, size, colour, bold=False):
        sizes.add(size)
        return real(words, size, colour, bold)

    monkeypatch.setattr(fonts, "text", recording)
    app, scene = board(("human", "human", "human"))
    scene.painter._static = None
    for move in itertools.islice(["LD b2", "SC b2", "LF a1"], 3):
        place(app, scene, move)
    tap(app, scene.button_rects["Moves"].center)
    frames(app, 3)
    assert sizes and min(sizes) >= 22


# --- a game is never lost ------------------------------------------------------------------------


def _quit_through_the_window(app):
    """Close the window mid-game: the board asks first; the player confirms."""
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 2)
    confirm = app.manager.current
    assert confirm.name == "confirm" and app.running
    tap(app, confirm.button_rects["Quit"].center)
    assert not app.running
    app.close()


@pytest.mark.slow
@pytest.mark.parametrize("moment", ["chain", "choice", "think"])
def test_a_game_quit_at_any_moment_continues_identically(board, make_app, moment):
    seats = ("human", "ai:normal") if moment == "think" else ("human", "human")
    app, scene = board(seats, speed=1.0)
    if moment == "chain":
        scene.set_state(wf.from_diagram(". . . .\nLD LD/SC LD .\nSC LC/SC . .\n. LC . ."))
        tap(app, scene.piece_pos("SD"))
        tap(app, square("c2"), frames=20)
        assert not scene.presenter.idle  # in the middle of the chain
    elif moment == "choice":
        scene.set_state(wf.from_diagram(EMPTY_ROWS + "LD SD . SC"))
        place(app, scene, "SD c1")
        assert scene.state.pending
    else:
        tap(app, scene.piece_pos("LD"))
        tap(app, square("a1"))
        for _ in range(600):
            if scene.computers.thinking_seat == 1:
                break
            frames(app)
        assert scene.computers.thinking_seat == 1 and scene.moves == ["LD a1"]
    state, moves = scene.state.to_dict(), list(scene.moves)
    _quit_through_the_window(app)

    again = make_app()
    assert again.manager.current.name == "menu"
    assert "Continue" in again.manager.current.button_rects
    assert again.continue_game()
    settle(again)
    board_again = again.manager.current
    assert isinstance(board_again, WhoseFoodsBoard)
    if moment == "think":  # the computer thinks again and moves: the rest is as it was
        assert board_again.moves[: len(moves)] == moves
    else:
        assert board_again.state.to_dict() == state and board_again.moves == moves
        assert board_again.presenter.diagram() == board_again.state.diagram()
    if moment == "choice":
        assert board_again.presenter.choice is not None and len(board_again.option_buttons) == 2
