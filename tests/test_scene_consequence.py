"""The Consequence board, driven headless by posted clicks: whole games in hot seat (with the
hand-over) and against every computer level, push-offs, both restrictions refused with their
reason, the reveal and tie-break, the 60-turn limit, and never a face drawn for the wrong seat."""

from __future__ import annotations

import random

import pytest
from helpers.scene_driver import (
    drag,
    frames,
    hover,
    play_by_clicks,
    set_position,
    settle,
    tap,
    watch_faces,
)

from game import consequence as cq
from game.ai import LEVELS
from game.consequence.view import ConsequenceView
from game.core.events import GameOver
from game.core.grid import parse_square
from game.core.result import Result
from scenes.boards.consequence import layout
from scenes.boards.consequence.presenter import Presenter
from scenes.boards.consequence.scene import ConsequenceBoard


@pytest.fixture
def make_board(open_board):
    def make(seats=("human", "human"), speed=10.0, memory_aid=False):
        return open_board("consequence", seats, speed=speed, seed=7, memory_aid=memory_aid)

    return make


def click_move(app, board, move) -> None:
    """Make `move` as a person would: pick, drop, and choose the arrow when asked."""
    if isinstance(move, cq.MoveTile):
        tap(app, layout.square_centre(move.src))
        tap(app, layout.square_centre(move.dst))
        return
    tap(app, board.hand_tile_pos(move.code))
    tap(app, layout.square_centre(move.square))
    if board.pending is not None:
        if isinstance(move, cq.PlacePush):
            tap(app, layout.arrow_centre(move.square, move.direction))
        else:
            tap(app, layout.square_centre(move.square))


def play_game(app, board, rng):
    return play_by_clicks(app, board, rng, lambda move: click_move(app, board, move), limit=400)


# --- whole games ----------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("memory_aid", [False, True])
def test_cq18_hot_seat_games_never_draw_a_face_for_the_wrong_seat(make_board, memory_aid):
    app, board = make_board(memory_aid=memory_aid)
    watch = watch_faces(app, board)
    assert play_game(app, board, random.Random(2 + memory_aid)) > 10  # hand-overs
    assert app.manager.current.name == "results"
    assert watch.faces_checked > 200


def test_cq18_nothing_secret_is_drawn_while_the_hand_over_shows(make_board):
    app, board = make_board()
    settle(app)
    assert app.manager.current.name == "handover" and board.on_show.viewer is None
    board.on_show.faces_seen.clear()
    frames(app, 10)
    assert not board.on_show.faces_seen  # the board is not drawn under the hand-over screen


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_games_against_each_computer_level_reach_the_results(make_board, level):
    app, board = make_board(("human", f"ai:{level}"))
    seen_views = []
    bot = board.computers.bots[1]
    real = bot.choose
    bot.choose = lambda view, rng: seen_views.append(view) or real(view, rng)
    watch = watch_faces(app, board)
    play_game(app, board, random.Random(5))
    assert app.manager.current.name == "results"
    assert seen_views and all(isinstance(v, ConsequenceView) and v.seat == 1 for v in seen_views)
    assert watch.faces_checked > 100  # and never the computer's hand


@pytest.mark.slow
def test_the_drawn_board_equals_the_view_whenever_it_is_still(make_board):
    app, board = make_board(("ai:easy", "ai:normal"))
    checked = 0
    for _ in range(6000):
        if not isinstance(app.manager.current, ConsequenceBoard):
            break
        if board.presenter.idle:
            view = board.on_show.shown
            assert board.presenter.cell_codes() == tuple(view.cells)
            for seat in (0, 1):
                assert board.presenter.hand_codes(seat) == sorted(view.hand(seat))
            for tile in board.presenter.tiles():
                assert (tile.x, tile.y, tile.scale) == board.presenter.home(tile)
            checked += 1
        frames(app)
    assert app.manager.current.name == "results" and checked > 10


# --- moves and refusals ---------------------------------------------------------------------------


def state_after(texts):
    state = cq.new_game()
    for text in texts:
        state.play(text)
    return state


def test_cq10_a_push_off_goes_to_the_opponents_hand(make_board):
    app, board = make_board(("human", "ai:easy"), speed=1.0)
    # Moon to move with b1 c1 d1 filled: push east from a1 sends d1's tile to Sun
    state = state_after(["place bD b1", "place rD c1", "place bD d1", "place rD b3"])
    set_position(app, board, state)
    sun_before = len(board.state.hand(1))
    tap(app, board.hand_tile_pos("bM"))
    tap(app, layout.square_centre(parse_square("a1")))
    assert board.pending is not None and 2 in board.pending[2]  # east is on offer
    hover(app, layout.arrow_centre(0, 2))
    preview = board.push_preview
    assert preview.off == 3 and preview.receiver == "Sun"
    tap(app, layout.arrow_centre(0, 2))
    assert board.moves[-1] == "push bM a1 E"
    assert len(board.state.hand(1)) == sun_before + 1
    flying = None
    for _ in range(120):
        frames(app)
        airborne = [t for t in board.presenter.hands[1] if t.lift > 0.05]
        if airborne:
            flying = airborne[0]
            break
    assert flying is not None and not flying.face_up  # Sun's hand is not on show


def test_cq11_the_tile_the_opponent_moved_cannot_be_moved_and_says_why(make_board):
    app, board = make_board(("human", "human"))
    # Sun has just moved the tile b1 -> b2; Moon may not move it back
    state = state_after(["place bD a1", "place rD b1", "place bD d4", "move b1 b2"])
    set_position(app, board, state)
    assert board.state.current_player == 0
    tap(app, layout.square_centre(5))  # b2
    assert board.selected_square is None
    assert board.status.refusal is not None and "just moved that tile" in board.status.refusal[0]
    assert any(m.kind == "move" and m.square == 5 for m in board.presenter.markers)


def test_cq12_pushing_off_the_tile_just_placed_is_greyed_and_refused(make_board):
    app, board = make_board(("human", "human"))
    # Sun has just placed d1; Moon's push east from a1 would push it off
    state = state_after(["place bD b1", "place rD c1", "place bD a4", "place rD d1"])
    set_position(app, board, state)
    tap(app, board.hand_tile_pos("bM"))
    tap(app, layout.square_centre(0))
    assert board.pending is not None and 2 in board.pending[4]  # east: greyed
    tap(app, layout.arrow_centre(0, 2))
    assert board.moves == []
    assert board.status.refusal is not None and "push" in board.status.refusal[0].lower()


def test_an_undo_asked_in_hot_seat_hides_the_hand_while_the_other_decides(make_board):
    """Issue 23, defect 3, on a real board with secrets: Sun asks to take back Moon's move; the
    question names Sun, Moon decides, and no face of Sun's hand is drawn meanwhile."""
    app, board = make_board(("human", "human"))
    watch = watch_faces(app, board)
    settle(app)
    tap(app, app.manager.current.button_rects["I am ready"].center)
    settle(app)
    click_move(app, board, cq.parse_move(board.state, "place bD b2"))
    settle(app)
    tap(app, app.manager.current.button_rects["I am ready"].center)  # Sun takes the device
    settle(app)
    assert board.on_show.viewer == 1
    tap(app, board.button_rects["Undo"].center)
    assert board.undo.prompt.question == "Player 2 asks to take back Player 1's last move."
    assert board.undo.prompt.decider == 0 and board.on_show.viewer is None
    assert not any(t.face_up for t in board.presenter.hands[1])
    tap(app, board.button_rects["Allow"].center)
    settle(app)
    assert board.moves == [] and app.manager.current.name == "handover"
    assert watch.faces_checked > 0


# --- the push arrows ------------------------------------------------------------------------------

#: where each direction points on screen (x to the right, y down): north is up, east right
SCREEN = {
    "N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1),
    "S": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1),
}  # fmt: skip
#: (tiles on the grid, the square a hand tile waits on, the pushes it offers)
ARROW_CASES = (
    (("b3", "b4", "c3", "d4", "d2", "c2"), "b2", ("N", "NE", "E")),
    (("c2", "c1", "b2", "a1", "a3", "b3"), "c3", ("S", "SW", "W")),
    (("b3", "c2"), "a4", ("SE",)),
    (("b3", "c2"), "d1", ("NW",)),
)


def drawn_arrow(canvas, centre):
    """(tip direction, shaft direction) of the dark arrow drawn inside the push button at
    `centre`: unit vectors from the centre to the ink furthest away, and to the middle of the
    ink's narrowest end."""
    ink = []
    cx, cy = round(centre[0]), round(centre[1])
    reach = layout.ARROW_RADIUS - 7  # inside the button's outline
    for y in range(cy - reach, cy + reach + 1):
        for x in range(cx - reach, cx + reach + 1):
            if (x - cx) ** 2 + (y - cy) ** 2 > reach**2:
                continue
            r, g, b, *_ = canvas.get_at((x, y))
            if r + g + b < 200:  # the arrow is drawn in ink on an orange or white button
                ink.append((x - cx, y - cy))
    assert len(ink) > 150, "no arrow drawn there"
    far = max(ink, key=lambda p: p[0] ** 2 + p[1] ** 2)
    length = (far[0] ** 2 + far[1] ** 2) ** 0.5
    return (far[0] / length, far[1] / length), ink


@pytest.mark.parametrize("case", range(len(ARROW_CASES)))
def test_each_push_arrow_points_the_way_it_pushes(make_board, case):
    """Issue 23, defect 2: the arrow drawn on the board points in its push direction, in all
    eight directions (the diagonal ones were drawn pointing elsewhere)."""
    tiles, square, directions = ARROW_CASES[case]
    app, board = make_board(("human", "human"))
    state = cq.new_game()
    for index, where in enumerate(tiles):
        state.play(f"place {'b' if index % 2 == 0 else 'r'}D {where}")
    set_position(app, board, state)
    seat = board.state.current_player
    code = next(c for c in board.on_show.shown.hand(seat) if c[1] != "D")
    tap(app, board.hand_tile_pos(code))
    tap(app, layout.square_centre(parse_square(square)))
    assert board.pending is not None
    offered = {cq.DIRECTIONS[d] for d in board.pending[2]}
    assert offered == set(directions)
    for name in directions:
        direction = cq.DIRECTIONS.index(name)
        centre = layout.arrow_centre(parse_square(square), direction)
        (tx, ty), ink = drawn_arrow(app.canvas, centre)
        sx, sy = SCREEN[name]
        norm = (sx * sx + sy * sy) ** 0.5
        along = [(x * sx + y * sy) / norm for x, y in ink]
        across = [abs(-x * sy + y * sx) / norm for x, y in ink]
        assert (tx * sx + ty * sy) / norm > 0.95, f"{name}: the tip points to ({tx:.2f}, {ty:.2f})"
        front = max(w for w, a in zip(across, along, strict=True) if a > 4)
        back = max(w for w, a in zip(across, along, strict=True) if a < -4)
        assert front > back + 4, f"{name}: the head is not at the front"


# --- the end --------------------------------------------------------------------------------------


def test_cq16_the_tie_break_by_a_line_of_four_is_shown():
    class Finished:
        cells = ["bM", "rM", "bM", "rM"] + [None] * 12

    presenter = Presenter(("Ana", "Ben"), [("red", (200, 0, 0), "circle")] * 2, False, Finished)
    presenter.animate([GameOver(Result((0,), False, (1, 1), "hand empty"))])
    for _ in range(40):
        presenter.update(0.05)
        if presenter.banner is not None:
            break
    assert presenter.banner.text == "Equal pairs: four moons in a line win!"
    assert presenter.glows and presenter.glows[0].cells == (0, 1, 2, 3)


def test_cq19_the_60_turn_limit_is_announced(make_board):
    app, board = make_board(("human", "human"))
    state = cq.new_game()
    rng = random.Random(3)
    while state.turn < cq.TURN_LIMIT - 1:
        moves = state.legal_moves()
        steps = [m for m in moves if isinstance(m, cq.MoveTile)]
        state.play(rng.choice(steps) if steps and state.turn > 2 else rng.choice(moves))
    assert state.current_player == 0 and not state.final_placements
    set_position(app, board, state)
    move = next(m for m in board.on_show.shown.legal_moves() if isinstance(m, cq.MoveTile))
    click_move(app, board, move)
    texts = []
    for _ in range(200):
        frames(app)
        if board.presenter.banner is not None:
            texts.append(board.presenter.banner.text)
    assert "Turn 60: the last tiles are placed" in texts


def test_tiles_are_placed_and_moved_by_drag_and_drop(make_board):
    app, board = make_board(("human", "ai:easy"))
    settle(app)
    drag(app, board.hand_tile_pos("bD"), layout.square_centre(parse_square("b2")))
    assert board.moves == ["place bD b2"]
    settle(app)  # the computer answers
    assert board.human_to_move
    free = next(
        m for m in board.on_show.shown.legal_moves() if isinstance(m, cq.MoveTile) and m.src == 5
    )
    drag(app, layout.square_centre(free.src), layout.square_centre(free.dst))
    assert board.moves[-1] == str(free)
