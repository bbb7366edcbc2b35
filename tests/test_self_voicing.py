"""Self-voicing (issue 45, item 5): the focused control, the board cursor's square and what stands
on it, whose turn it is and the last move, spoken through the system's speech command
(`scenes.kit.speech`). The tests capture the command lines handed to it (a recorder in place of
the command) while real scenes are driven by posted keys, and check that no secret is spoken."""

import random
import re
import shutil
import threading
import time

import pygame
import pytest
from helpers.scene_driver import click, key, settle
from helpers.speech_recorder import SpeechRecorder, record_speech

from game import blanc_noir as bn
from game import consequence as cq
from game.core.grid import square_name
from scenes.bench.keyboard import NoMouse
from scenes.boards.blanc_noir import words as bn_words
from scenes.boards.consequence import layout as cq_layout
from scenes.boards.consequence import words as cq_words
from scenes.boards.whose_foods import words as wf_words
from scenes.kit import i18n
from scenes.kit.focus import targets
from scenes.kit.keymap import Action
from scenes.kit.speech import Speech


def spoken_for(recorder, place):
    """The last words said of `place` (its words start with its name)."""
    said = [text for text in recorder.said if text.startswith(f"{place}: ")]
    assert said, f"nothing was said of {place}: {recorder.said[-5:]}"
    return said[-1]


# --- the speech command ---------------------------------------------------------------------------


def test_a_new_utterance_stops_the_one_still_speaking_and_the_voice_follows_the_language():
    recorder = SpeechRecorder()
    speech = Speech("/usr/bin/espeak-ng", recorder)
    recorder.speech = speech
    speech.say("not yet")  # off by default
    assert recorder.started == []
    speech.on = True
    speech.say("Settings")
    speech.flush()
    speech.say("Quit")
    first, second = recorder.started
    assert first.argv == ["/usr/bin/espeak-ng", "-v", "en", "--", "Settings"]
    assert first.stopped and not second.stopped
    i18n.set_language("ja")
    speech.say("設定")
    assert recorder.started[-1].argv == ["/usr/bin/espeak-ng", "-v", "ja", "--", "設定"]
    assert second.stopped
    speech.close()
    assert recorder.started[-1].stopped  # closing stops what speaks


def test_say_never_waits_for_the_command_and_texts_handed_meanwhile_give_way_to_the_newest():
    """The frame loop hands text over and goes on: a command slow to start holds up only the
    speech thread; what was handed meanwhile gives way to the newest."""
    recorder = SpeechRecorder()
    entered, release = threading.Event(), threading.Event()

    def slow_start(argv, **pipes):
        entered.set()
        assert release.wait(10), "the test never let the command start"
        return recorder(argv, **pipes)

    speech = Speech("/usr/bin/espeak-ng", slow_start)
    recorder.speech = speech
    speech.on = True
    speech.say("Menu")
    assert entered.wait(10)  # the thread is starting it, and holds
    for text in ("Undo", "Rules", "Pause"):
        speech.say(text)  # returns, though the start of "Menu" has not
    release.set()
    assert [u.argv[-1] for u in recorder.started] == ["Menu", "Pause"]
    assert recorder.started[0].stopped and not recorder.started[1].stopped
    speech.close()


def test_without_the_command_nothing_is_started():
    recorder = SpeechRecorder()
    speech = Speech(None, recorder)  # (none found on the PATH: conftest's no_speech_command)
    speech.on = True
    speech.say("Settings")
    assert not speech.available and recorder.started == []


def test_the_real_speech_command_speaks_a_short_text():
    """espeak-ng is installed here (and in CI): it is run once, for real, to its end."""
    command = shutil.which("espeak-ng")
    assert command, "espeak-ng is not installed (apt-get install espeak-ng)"
    speech = Speech(command)
    speech.on = True
    speech.say("Hi")
    assert speech.flush()
    running = speech.speaking
    assert running is not None
    deadline = time.monotonic() + 20
    while running.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert running.poll() == 0
    speech.close()


# --- the focus on screens -------------------------------------------------------------------------


def test_focus_moves_on_the_menu_speak_each_controls_label(make_app):
    app = make_app()
    recorder = record_speech(app)
    menu = app.manager.current
    found = targets(menu)
    for _press in range(len(found) + 1):  # the first key shows the ring, then once round
        key(app, pygame.K_TAB)
    said = recorder.said
    labels = [str(button.label) for button in menu.buttons]
    titles = [i18n._(tile.info.title) for tile in menu.tiles]
    for label in labels:
        assert label in said, label
    for title in titles:
        assert any(text.startswith(title + ".") for text in said), title
    assert said[0] == said[-1]  # once round: back on the first


def test_in_japanese_the_japanese_voice_says_the_japanese_label(make_app):
    app = make_app()
    recorder = record_speech(app)
    app.settings.language = "ja"
    app.save_settings()
    app.open_settings()
    settle(app)
    NoMouse(app, "keys").go_to(app.manager.current.done.rect)
    argv = recorder.started[-1].argv
    assert argv[1:4] == ["-v", "ja", "--"] and argv[-1] == "完了"  # Done


def test_self_voicing_is_off_by_default_and_its_key_turns_it_on_anywhere(make_app):
    app = make_app()
    recorder = record_speech(app, on=False)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert recorder.started == []
    key(app, pygame.K_s)
    assert app.settings.self_voicing
    assert app.store.load().self_voicing  # kept
    assert recorder.said == ["Self-voicing on"]
    key(app, pygame.K_TAB)
    assert len(recorder.said) == 2
    pygame.event.post(
        pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_RIGHTSTICK)
    )
    settle(app)
    assert not app.settings.self_voicing
    assert len(recorder.said) == 2  # off: nothing more is said


def test_the_settings_switch_is_said_with_its_state_and_said_again_when_pressed(make_app):
    app = make_app()
    recorder = record_speech(app)
    app.open_settings()
    settle(app)
    scene = app.manager.current
    player = NoMouse(app, "keys")
    player.go_to(scene.hints.rect)
    assert recorder.said[-1] == "Move previews: On"
    player.press(Action.ACTIVATE)
    assert recorder.said[-1] == "Move previews: Off"
    player.go_to(scene.voicing.rect)
    assert recorder.said[-1] == "Self-voicing: On"


@pytest.mark.parametrize(("language", "words"), [("en", "{count} players"), ("ja", "{count}人")])
def test_the_setups_player_counts_say_they_are_numbers_of_players(make_app, language, words):
    """The row of bare numbers on the setup screen says "3 players", not "3"."""
    from game import GAMES
    from scenes.screens.setup import SetupScene

    app = make_app()
    recorder = record_speech(app)
    app.settings.language = language
    app.save_settings()
    game = next(code for code, info in GAMES.items() if len(info.player_counts) > 1)
    app.manager.switch(SetupScene(app, game), fade=False)
    settle(app)
    choice = app.manager.current.count_choice
    player = NoMouse(app, "keys")
    for index, count in enumerate(GAMES[game].player_counts):
        player.go_to(choice.buttons[index].rect)
        said = recorder.said[-1]
        assert said.startswith(words.format(count=count)), said
        assert (index == choice.index) == said.endswith(("chosen", "選ばれています")), said


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_setting_says_it_is_unavailable_without_espeak_ng(make_app, language):
    app = make_app()
    app.speech.command = None
    app.settings.language = language
    app.save_settings()
    app.open_settings()
    settle(app)
    toggle = app.manager.current.voicing
    words = str(toggle.label)
    assert not toggle.enabled
    if language == "en":
        assert words == "Self-voicing: unavailable"
    else:
        assert words != "Self-voicing: unavailable" and "読み上げ" in words
    key(app, pygame.K_s)
    assert not app.settings.self_voicing
    assert app.notices and "espeak-ng" in app.notices[-1][0]


# --- a screen that opens says its title ----------------------------------------------------------


@pytest.mark.parametrize(("language", "title"), [("en", "Settings"), ("ja", "設定")])
def test_a_screen_that_opens_says_its_title_before_any_key(make_app, language, title):
    """Only while self-voicing is on; a screen come back on top (the menu) says it too."""
    app = make_app()
    recorder = record_speech(app, on=False)
    app.settings.language = language
    app.save_settings()
    menu = app.manager.current
    click(app, menu.button_rects["Settings"].center)
    click(app, app.manager.current.button_rects["Done"].center)
    assert recorder.started == []
    app.settings.self_voicing = True
    app.save_settings()
    click(app, menu.button_rects["Settings"].center)
    assert recorder.said == [title]
    click(app, app.manager.current.button_rects["Done"].center)
    assert recorder.said[-1] == i18n._("Tabletop Trio")


def test_a_board_says_the_games_title_and_then_whose_turn_it_is_in_one_utterance(open_board):
    """The turn, said by the board in the frame it opens, does not cut the title off."""
    from game import GAMES

    app, board = open_board("whose-foods", ["human", "human"])
    recorder = record_speech(app)
    app.manager.switch(board.__class__(app, board.setup), fade=False)  # (opened while on)
    settle(app)
    turn = board.setup.says(0, "{name}'s turn", "Your turn")
    assert recorder.said[0] == f"{GAMES['whose-foods'].title}. {turn}"


# --- boards: the cursor's square, the turn, the last move, and no secret ------------------------


def test_the_board_cursor_says_each_square_and_what_stands_on_it(open_board):
    app, board = open_board("whose-foods", ["human", "ai"], memory_mode=False)
    recorder = record_speech(app)
    player = NoMouse(app, "keys")
    places = board.cursor_places()
    player.go_to(places["b2"])
    assert spoken_for(recorder, "b2") == "b2: empty"
    board.play("SD b2")
    settle(app)
    player.go_to(places["a1"])
    player.go_to(places["b2"])
    assert spoken_for(recorder, "b2").startswith("b2: small dog")


def test_a_push_arrow_and_a_score_button_say_what_they_do(open_board):
    """The places a move goes on by (a push's arrow, En blanc et noir's Score) say their words,
    reached by keys after the first step of the move."""
    app, board = open_board("consequence", ["human", "human"])
    recorder = record_speech(app)
    rng = random.Random(4)
    for _turn in range(60):
        if any(isinstance(m, cq.PlacePush) for m in board.state.legal_moves()):
            break
        _play_a_few_turns(app, board, rng, 1)
    move = next(m for m in board.state.legal_moves() if isinstance(m, cq.PlacePush))
    player = NoMouse(app, "keys")
    *first, arrow = board.click_path(move)
    for rect in first:
        player.choose(rect)
    player.go_to(arrow)
    assert recorder.said[-1] == f"Push {cq_words.way(cq.DIRECTIONS[move.direction])}"
    app, board = open_board("blanc-noir", ["human", "human"])
    recorder = record_speech(app)
    player = NoMouse(app, "keys")
    for _turn in range(60):
        if any(isinstance(m, bn.ScoreCard) for m in board.state.legal_moves()):
            break
        _play_a_few_turns(app, board, rng, 1)
    move = next(m for m in board.state.legal_moves() if isinstance(m, bn.ScoreCard))
    *first, score = board.click_path(move)
    for rect in first:
        player.choose(rect)
    player.go_to(score)
    assert recorder.said[-1] == "Score"


def test_the_last_move_and_whose_turn_it_is_are_said_after_a_move(open_board):
    app, board = open_board("consequence", ["human", "ai"])
    recorder = record_speech(app)
    settle(app)
    recorder.clear()
    move = board.state.legal_moves()[0]
    board.play(move)
    settle(app)
    lines = [line.text for line in board.record.log]
    said = " ".join(recorder.said)
    assert lines[0] in said  # the person's move, in the log's words
    assert lines[1] in said  # the computer's answer
    turn = board.setup.says(board.state.current_player, "{name}'s turn", "Your turn")
    assert said.endswith(str(turn))


def _walk_the_board(app, board, recorder, rng):
    """Every place of the cursor said, reached by posted keys (Tab, then arrows at random)."""
    player = NoMouse(app, "keys")
    for target in targets(board):
        if target.name not in board.button_rects:
            player.go_to(target.rect)
    for _press in range(12):
        key(app, rng.choice([pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT]))
    return recorder.said


def _play_a_few_turns(app, board, rng, turns):
    """Random moves of the people; a hand-over between them is passed by Enter."""
    for _turn in range(turns):
        if app.manager.current is not board:
            key(app, pygame.K_RETURN)
        if board.state.is_over or not board.human_to_move:
            break
        board.play(rng.choice(board.state.legal_moves()))
        settle(app)
    if app.manager.current is not board:
        key(app, pygame.K_RETURN)


@pytest.mark.parametrize("seats", [["human", "ai"], ["human", "human"]])
def test_no_hidden_consequence_tile_is_ever_spoken(open_board, seats):
    """Consequence (CQ-17): a tile the seat on show did not place is said by its colour only,
    and the other seat's hand is never named (against a computer, and in hot seat after the
    hand-over); checked against the hidden truth."""
    app, board = open_board("consequence", seats)
    recorder = record_speech(app)
    rng = random.Random(3)
    _play_a_few_turns(app, board, rng, 5)
    said = _walk_the_board(app, board, recorder, rng)
    viewer = board.on_show.viewer
    state = board.state
    checked = 0
    for square in cq_layout.GRID.squares:
        name = square_name(square)
        text = spoken_for(recorder, name)
        tile = state.board[square]
        if tile < 0:
            assert text == f"{name}: empty"
            continue
        shown = board.on_show.shown.cells[square]
        if shown.endswith("?"):  # placed by the other seat: its symbol is the secret
            checked += 1
            colour = "blue" if shown[0] == "b" else "red"
            assert text == f"{name}: {colour} tile, face down", text
    assert checked, "no tile of the other seat was on the grid"
    secret_hand = state.hand(1 - viewer)
    assert secret_hand
    for text in said:
        for word in ("moon", "sun", "dot"):
            if word in text and "face down" not in text:
                # a symbol said is one the seat on show knows: on a tile it placed, or in its hand
                assert text.split(":")[0].startswith(("Hand", *_own_squares(board))), text


def _own_squares(board):
    viewer = board.on_show.viewer
    cells = board.on_show.shown.cells
    return tuple(
        square_name(sq)
        for sq in cq_layout.GRID.squares
        if cells[sq] is not None
        and not cells[sq].endswith("?")
        and board.on_show.shown.placers[sq] == viewer
    )


@pytest.mark.parametrize("seats", [["human", "ai", "ai"], ["human", "human"]])
def test_no_other_hand_in_en_blanc_et_noir_is_ever_spoken(open_board, seats):
    """En blanc et noir (BN-21): the cards of the other seats' hands, and the faces of land cards
    they laid, are never said (a face seen elsewhere, in the market or the seat's own hand, may
    be); against computers, and in hot seat after the hand-over."""
    app, board = open_board("blanc-noir", seats)
    recorder = record_speech(app)
    rng = random.Random(5)
    _play_a_few_turns(app, board, rng, 1)
    said = _walk_the_board(app, board, recorder, rng)
    viewer = board.on_show.viewer
    shown = board.on_show.shown
    seen = set(shown.market) | set(shown.hand(viewer))
    for stack in shown.land.values():
        seen |= set(stack)
    allowed = {str(bn_words.card(code)) for code in seen}
    secret = set()
    for seat in range(board.setup.players):
        if seat != viewer:
            secret |= {str(bn_words.card(code)) for code in board.state.hand(seat)}
    forbidden = {words for words in secret - allowed if words not in ("white card", "black card")}
    assert forbidden, "the other hands hold no face the seat on show has not seen"
    hidden_land = 0
    for (x, y), stack in shown.land.items():
        if stack[-1].endswith("?"):  # laid by another seat: its face is that seat's secret
            hidden_land += 1
            text = spoken_for(recorder, f"Land {x}, {y}")
            assert text.split(": ")[1].startswith(str(bn_words.card(stack[-1]))), text
    assert hidden_land
    places = [text.partition(": ") for text in said if ": " in text]
    stands = {re.sub(r" on a stack of \d+$", "", what) for _place, _colon, what in places}
    assert not stands & forbidden
    assert any(place == "Hand 1" for place, _colon, _what in places)  # its own hand is said


def test_a_covered_piece_in_memory_mode_is_never_spoken(open_board):
    """Whose Foods in memory mode (WF-10): a square says its visible piece and that it covers a
    piece, never which."""
    app, board = open_board("whose-foods", ["human", "human"], memory_mode=True)
    recorder = record_speech(app)
    for move in ("LD b2", "SC b2", "LC c3", "SD c3"):
        board.play(move)
        settle(app)
    rng = random.Random(1)
    said = _walk_the_board(app, board, recorder, rng)
    for square, top in (("b2", "SC"), ("c3", "SD")):
        text = spoken_for(recorder, square)
        assert text == f"{square}: {wf_words.piece(top)} over a covered piece", text
    for square, covered in (("b2", "large dog"), ("c3", "large cat")):
        assert not any(t.startswith(f"{square}: ") and covered in t for t in said), square
