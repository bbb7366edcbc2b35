"""Every board by keys and a pad (issue 45, item 2): the cursor's places (`scenes.boards.cursor`),
the same previews and refusals as clicks, the board actions of the keymap and their glyphs,
the hot-seat hand-over passed by a button, and whole games without a mouse
(`python main.py bench keyboard`)."""

import json
import random

import pygame
import pytest
from helpers.scene_driver import click, hover, key, settle, tap

from scenes.bench import keyboard
from scenes.bench.keyboard import NoMouse, play_without_mouse
from scenes.boards import BOARDS
from scenes.boards.whose_foods import layout
from scenes.kit.focus import targets
from scenes.kit.keymap import Action


def pad(app, button):
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button))
    settle(app)


def place_centres(board):
    return [t.rect.center for t in targets(board)]


@pytest.mark.parametrize("game", list(BOARDS))
def test_every_legal_moves_next_click_is_a_place_of_the_cursor(open_board, game):
    """At each turn of a few random games' openings, whatever the input holds (nothing, or the
    first click of a move made), each legal move's next click is somewhere the cursor stops."""
    app, board = open_board(game, ["human", "human"])
    rng = random.Random(7)
    for _turn in range(6):
        if board.state.is_over:
            break
        if app.manager.current is not board:  # a hand-over between the two people
            key(app, pygame.K_RETURN)
        places = place_centres(board)
        for move in board.state.legal_moves():
            assert board.click_path(move)[0].center in places, move
        move = rng.choice(board.state.legal_moves())
        first = board.click_path(move)[0]
        played = len(board.record.moves)
        click(app, first.center)  # half a move: the places of its next click
        if len(board.record.moves) == played:
            places = place_centres(board)
            for rest in board.state.legal_moves():
                path = board.click_path(rest)
                if path:
                    assert path[0].center in places, rest
            board.reset_input()
            board.play(move)
        settle(app)


@pytest.mark.slow  # (every place of the board, pressed both ways: a minute under load)
@pytest.mark.parametrize("game", list(BOARDS))
def test_a_refused_place_says_why_by_key_as_by_click(open_board, game):
    """Each place of the cursor, pressed by Enter at the start, says the same refusal as a
    click there (or none, as the click); at least one place refuses."""
    app, board = open_board(game, ["human", "ai"])
    said = []
    board.status.watch_refusals = said.append
    player = NoMouse(app, "keys")
    refused = 0
    for target in targets(board):
        if target.name in board.button_rects or app.manager.current is not board:
            continue
        board.reset_input()
        tap(app, target.rect.center)
        by_click = said[:]
        if len(board.record.moves):
            break  # (a move made by one click: the start has gone)
        board.reset_input()
        said.clear()
        player.go_to(target.rect)
        player.press(Action.ACTIVATE)
        assert said == by_click, target.name
        refused += bool(said)
        said.clear()
    assert refused, f"no place of the {game} board refuses a press at the start"


def test_moving_the_cursor_shows_the_same_preview_as_the_pointer(open_board):
    """Whose Foods previews what a square would do when hints are on: the cursor on the square
    shows the preview the pointer over it shows."""
    app, board = open_board("whose-foods", ["human", "ai"])
    app.settings.hints = True
    player = NoMouse(app, "keys")
    player.choose(board.cursor_places()["LD"])
    assert board.has_selection()
    b2 = board.cursor_places()["b2"]
    player.go_to(b2)
    by_key = board.preview
    assert by_key is not None and board.hover_square == layout.GRID.square_at(b2.center)
    hover(app, (5, 5))
    assert board.preview is None
    hover(app, b2.center)
    assert board.preview == by_key


def test_undo_pause_thinking_previews_and_hint_by_key_and_by_pad(open_board):
    app, board = open_board("whose-foods", ["human", "ai"])
    player = NoMouse(app, "keys")
    move = board.state.legal_moves()[0]
    for rect in board.click_path(move):
        player.choose(rect)
    settle(app)
    assert len(board.record.moves) == 2  # the person's move and the computer's answer
    key(app, pygame.K_u)
    assert len(board.record.moves) == 0
    thinking = board.think_view.on
    key(app, pygame.K_t)
    assert board.think_view.on is not thinking
    pad(app, pygame.CONTROLLER_BUTTON_BACK)
    assert board.think_view.on is thinking
    hints = app.settings.hints
    key(app, pygame.K_v)
    assert app.settings.hints is not hints
    pad(app, pygame.CONTROLLER_BUTTON_Y)  # the coach's hint
    assert board.coach_hint.thinking or board.coach_hint.shown is not None
    assert app.settings.hints is not hints  # the previews untouched
    key(app, pygame.K_p)
    assert app.manager.current.name == "pause"
    pad(app, pygame.CONTROLLER_BUTTON_B)  # back from the pause menu
    assert app.manager.current is board
    pad(app, pygame.CONTROLLER_BUTTON_START)
    assert app.manager.current.name == "pause"


def test_the_top_bar_shows_the_glyphs_of_the_device_in_use(open_board):
    app, board = open_board("consequence", ["human", "ai"])
    corner = board.chrome.pause_button.rect.bottomright

    def picture():
        app._dirty = True
        app.run(frames=1, fixed_dt=1 / 60)
        area = pygame.Rect(corner[0] - 40, corner[1] - 30, 46, 40)
        return pygame.image.tobytes(app.canvas.subsurface(area), "RGB")

    mouse = picture()
    key(app, pygame.K_TAB)
    keys = picture()
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    pads = picture()
    assert len({mouse, keys, pads}) == 3  # none, the P key cap, the pad's Start button


def test_the_hot_seat_hand_over_is_passed_by_the_pads_a(open_board):
    app, board = open_board("consequence", ["human", "human"])
    if app.manager.current.name == "handover":
        pad(app, pygame.CONTROLLER_BUTTON_A)
    assert app.manager.current is board
    move = board.state.legal_moves()[0]
    board.play(move)
    settle(app)
    assert app.manager.current.name == "handover"
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert app.manager.current is board
    assert board.on_show.viewer == board.state.current_player


@pytest.mark.slow
@pytest.mark.parametrize("game", list(BOARDS))
def test_bench_keyboard_plays_each_game_by_keys_and_by_pad_alone(game, home, capsys):
    """`python main.py bench keyboard`: menu -> setup -> a whole game against Beginner -> menu,
    once by keys and once by the pad; one JSON line for each."""
    assert keyboard.main(["--games", game]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(line["game"], line["input"]) for line in lines] == [
        (game, "keys"),
        (game, "gamepad"),
    ]
    for line in lines:
        assert line["finished"] is True and line["moves"] > 0
        assert line["presses"] >= 3 * line["moves"]


@pytest.mark.slow
def test_a_game_played_by_keys_ends_on_the_menu_and_counts_as_finished(make_app):
    app = make_app(speed=20.0)
    figures = play_without_mouse(app, "consequence", "keys")
    assert figures["finished"] and app.manager.current.name == "menu"
    assert app.games_finished == 1


def test_the_bench_player_posts_only_its_devices_events(make_app):
    app = make_app()
    posted = []
    player = NoMouse(app, "gamepad")
    for action in (Action.DOWN, Action.NEXT, Action.ACTIVATE):
        posted += [event.type for event in player.events(action)]
    assert set(posted) <= {
        pygame.CONTROLLERAXISMOTION,
        pygame.CONTROLLERBUTTONDOWN,
        pygame.CONTROLLERBUTTONUP,
    }


@pytest.mark.slow
@pytest.mark.parametrize("device", ["keys", "gamepad"])
@pytest.mark.parametrize("game", [game for game, spec in BOARDS.items() if spec.lesson])
def test_each_lesson_is_played_to_its_end_without_a_mouse(make_app, game, device):
    """A stand's Learn by keys or a pad: what glows is reached by the cursor and pressed, Next
    by Enter / A, to the lesson's last screen; the board's undo key takes nothing back."""
    app = make_app(speed=20.0)
    app.open_lesson(game)
    settle(app)
    lesson = app.manager.current
    player = NoMouse(app, device)
    undone = False
    for _ in range(600):
        if lesson.finished:
            break
        if lesson.step_done:
            if not undone and len(lesson.board.record.moves):
                moves = list(lesson.board.record.moves)
                key(app, pygame.K_u)  # a lesson is not the board: no undo
                assert lesson.board.record.moves == moves
                undone = True
            player.press(Action.ACTIVATE)
            continue
        path = lesson.hint_path()
        if not path:
            player.settle()
            app.run(frames=1, fixed_dt=1 / 60)
            continue
        player.choose(path[0])
    assert lesson.finished and undone


@pytest.mark.slow
def test_a_kept_replay_is_opened_and_closed_by_keys(make_app):
    app = make_app(speed=20.0)
    play_without_mouse(app, "consequence", "keys")
    player = NoMouse(app, "keys")
    player.choose(app.manager.current.button_rects["Replays"])
    replays = app.manager.current
    assert replays.name == "replays" and "replay 0" in replays.button_rects
    player.choose(replays.button_rects["replay 0"])
    assert app.manager.current.name == "replay"
    player.press(Action.BACK)
    assert app.manager.current is replays


@pytest.mark.parametrize("game", list(BOARDS))
def test_the_cursor_stops_on_nothing_hidden_under_a_question_or_a_popover(open_board, game):
    """The keys' focus ring stood on squares under a hot-seat undo's veiled question (crossing
    its words, a press doing nothing) and on places under the open Moves popover: while the
    question is up it stops on Allow and Refuse only; while a popover is open, on no place
    under it."""
    app, board = open_board(game, ["human", "human"])
    board.play(board.state.legal_moves()[0])
    settle(app)
    if app.manager.current is not board:  # a hand-over between the two people
        key(app, pygame.K_RETURN)
    board.undo.request()
    settle(app)
    assert board.undo.prompt is not None
    assert {t.name for t in targets(board)} == {"Allow", "Refuse"}
    board.undo.refuse()
    settle(app)
    board.chrome.toggle_log()
    opened = board.chrome.opened()
    if opened is not None:  # (a board whose log has its own corner opens no popover)
        assert not [t.name for t in targets(board) if t.rect.colliderect(opened)]
    board.chrome.toggle_log()
    board.chrome.toggle_rules()
    opened = board.chrome.opened()
    assert opened is not None
    under = [t.name for t in targets(board) if t.rect.colliderect(opened)]
    assert not under, under
