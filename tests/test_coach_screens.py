"""The coach on screen (issue 38 items 2-5): the Hint on the board (it thinks off the frame loop
with the thinking cue, then the suggested move glows with a few words from the game's events;
only for the seat to act at this screen; off in the kiosk's challenge; the game is marked), the
Review after the game (from the results and the replay viewer: a progress bar that can be
cancelled, then the turning points on the real board, back and forth, "Show the whole game"),
each person's own review (a seat's view only in a game with secrets), and the kiosk's "See where
it turned". Driven by posted clicks and keys."""

from __future__ import annotations

import json
import random
import re

import pygame
import pytest
from helpers.coach_games import known_game, losing_move, open_review, run_until
from helpers.kept import saved_data
from helpers.kiosk_driver import kiosk_app, top, touch
from helpers.kiosk_driver import settle as kiosk_settle
from helpers.scene_driver import click, frames, key, pass_time, settle, tap, watch_faces

from game import GAMES
from game.ai import coach
from game.ai.coach import Grade, hint
from scenes.bench.board_checks import BoardWatch
from scenes.boards import BOARDS
from scenes.boards.coach_words import hint_words
from scenes.kiosk.welcome import WelcomeScene
from scenes.kit.i18n import set_language
from scenes.kit.keymap import KEYMAP, Action, Key, bind
from scenes.kit.palette import seat_colours
from scenes.kit.seats import HUMAN, GameSetup, Seat
from scenes.storage.saved_game import SavedGame

GAME_KEYS = list(BOARDS)


@pytest.fixture(autouse=True)
def quick_coach(monkeypatch):
    """The coach searches a few iterations (its judgement is `bench coach`'s; its answers stay
    deterministic: budgets are counts)."""
    monkeypatch.setattr(
        coach,
        "ITERATIONS",
        {"beginner": 40, "easy": 60, "normal": 80, "hard": 120, "expert": 160},
    )


def hinted(app, board):
    """Click Hint and wait until the hint is on show; its words."""
    tap(app, board.button_rects["Hint"].center)
    assert board.coach_hint.thinking or board.coach_hint.shown is not None
    run_until(app, lambda: board.coach_hint.shown is not None)
    return board.coach_hint.words


# --- the hint -----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_click_on_hint_thinks_with_the_cue_then_the_move_glows_with_its_words(
    open_board, game, home
):
    app, board = open_board(game, ("human", "ai:normal"))
    assert board.human_to_move and "Hint" in board.button_rects
    tap(app, board.button_rects["Hint"].center)
    seat = board.state.current_player
    assert board.coach_hint.thinking and board.presenter.seats[seat].thinking  # the usual cue
    run_until(app, lambda: board.coach_hint.shown is not None)
    shown = board.coach_hint.shown
    assert not board.presenter.seats[seat].thinking
    assert shown.move in board.state.legal_moves()
    words = board.coach_hint.words
    assert re.search(r"wins on the spot|wins \d+% of the coach's tries|won \d+ of", words), words
    frames(app, 2)
    assert board.coach_hint.said[-1] == (board.on_show.viewer, words)  # drawn
    spots = board.coach_hint.spots()
    assert spots and spots == board.click_path(shown.move)
    assert not any(board.coach_hint.note_rect.colliderect(spot) for spot in spots)
    # the game is marked, in the save of the game in progress
    assert board.record.hints == [0]
    saved = saved_data(home)
    assert saved["hints"] == [0]
    # the glowing clicks play the suggested move; the hint goes with the position
    for spot in spots:
        click(app, spot.center)
    assert board.moves[0] == str(shown.move)
    assert board.coach_hint.shown is None and board.coach_hint.words == ""


def test_the_key_h_asks_and_v_switches_the_move_previews(open_board):
    """The coach's Hint (H) and the move previews (V, "Previews: on") are two names and keys."""
    app, board = open_board("whose-foods", ("human", "ai:normal"))
    key(app, pygame.K_h)
    assert board.coach_hint.thinking or board.coach_hint.shown is not None
    assert app.settings.hints is True  # the previews untouched
    run_until(app, lambda: board.coach_hint.shown is not None)
    key(app, pygame.K_v)
    assert app.settings.hints is False
    assert str(board.chrome.hints_button.label) == "Previews: off"
    assert str(board.coach_hint.button.label) == "Hint"


def test_a_hint_is_never_given_for_a_seat_whose_hand_is_not_on_show(open_board):
    """Hot seat with secrets: before the hand-over, nobody's hand is on show: no hint (the
    coach would read the seat's hand); after it, the hint is that seat's."""
    app, board = open_board("consequence", ("human", "human"))
    frames(app, 5)
    assert board.on_show.viewer is None
    board.coach_hint.ask()
    assert not board.coach_hint.thinking and board.coach_hint.shown is None
    assert board.status.note() is not None  # said why
    settle(app)
    handover = app.manager.current
    assert handover.name == "handover"
    click(app, handover.button_rects["I am ready"].center)
    settle(app)
    assert board.on_show.viewer == board.state.current_player
    hinted(app, board)
    assert board.coach_hint.shown.move in board.state.legal_moves()


@pytest.mark.parametrize("game", [g for g in GAME_KEYS if GAMES[g].hidden_information])
def test_the_hint_is_decided_from_the_seat_s_view_only(open_board, game):
    """Nothing the hint draws shows a face the seat may not see (judged on every frame), and two
    positions the seat cannot tell apart (what it cannot see dealt anew) get the same hint and
    the same words."""
    app, board = open_board(game, ("human", "ai:normal"))
    watch = watch_faces(app, board)
    rng = random.Random(5)
    for played in range(40):  # a few moves in, the person (seat 0) to move: something hidden
        board.play(rng.choice(board.state.legal_moves()))
        if board.state.current_player == 0 and played > 4:
            break
    settle(app)
    words = hinted(app, board)
    assert watch.faces_checked > 0
    state = board.state
    view = state.view(0)
    twin = view.sample(random.Random(99))
    assert twin.view(0) == view and twin.to_dict() != state.to_dict()
    spec, names = BOARDS[game], board.setup.called_names()
    seed = len(board.moves)
    told = [hint_words(spec, hint(s, 0, "normal", seed), names) for s in (state, twin)]
    assert told[0] == told[1] == words


def test_the_hint_is_not_offered_in_the_kiosk_challenge(home, apps):
    app = kiosk_app(home, idle=600)
    apps.append(app)
    app.settings.kiosk_challenge, app.settings.kiosk_challenge_level = True, "normal"
    for level, offered in (("hard", False), ("beginner", True)):
        app.manager.switch(WelcomeScene(app, "whose-foods"), fade=False)
        kiosk_settle(app)
        welcome = app.manager.current
        touch(app, welcome.button_rects[level].center)
        touch(app, welcome.button_rects["Play the computer"].center)
        kiosk_settle(app)
        board = app.manager.current
        assert board.name == "board"
        assert ("Hint" in board.button_rects) is offered, level
        board.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0))
        assert board.coach_hint.thinking is offered


def test_a_hint_marks_the_replay_and_continue_keeps_the_mark(open_board, home):
    app, board = open_board("whose-foods", ("human", "ai:normal"))
    hinted(app, board)
    assert board.record.hints == [0]
    app.continue_game()
    settle(app)
    again = app.manager.current
    assert again is not board and again.record.hints == [0]
    state, move = losing_move("whose-foods")
    again.set_state(state)
    again.record.hints = [0]
    again.play(move)
    settle(app)
    assert app.manager.current.name == "results"
    replays = sorted((home / "replays").glob("*.json"))
    assert len(replays) == 1 and json.loads(replays[0].read_text())["hints"] == [0]


def test_a_saved_game_refuses_hint_marks_out_of_order_or_beyond_its_moves(home):
    from helpers.played_games import table

    setup = table()
    start = setup.new_state()
    good = SavedGame.of(setup, start, [], hints=[0]).to_dict()
    assert SavedGame.from_dict(good).hints == (0,)
    for bad in ([1], [0, -1], "x", [True]):
        with pytest.raises(ValueError):
            SavedGame.from_dict({**good, "hints": bad})


# --- the review ---------------------------------------------------------------------------------
def lost_table(game, players=2, people=(0,)):
    seats = tuple(HUMAN if seat in people else Seat.computer("normal") for seat in range(players))
    names = ("Ada", "Bo", "Cy", "Di")[:players]
    return GameSetup(game, seats, names, tuple(seat_colours("standard")[:players]), {}, 1, 0)


def review_from_results(app, game, people=None, press=tap):
    """The results of a game whose person missed a win on the spot (a known answer), and a
    click on Review: (the review, start, moves, the person's seat, the known move's index)."""
    start, moves, seat, index = known_game(game)
    final = start.clone()
    for text in moves:
        final.play(text)
    app.show_results(lost_table(game, people=people or (seat,)), final, start, moves)
    settle(app)
    results = app.manager.current
    press(app, results.button_rects["Review"].center)
    for _ in range(120):  # (through the fade)
        if not app.manager.busy:
            break
        frames(app)
    review = next(scene for scene in app.manager.stack if scene.name == "review")
    return review, start, moves, seat, index


@pytest.mark.parametrize("game", GAME_KEYS)
def test_the_review_shows_a_missed_win_on_the_real_board(make_app, game):
    app = make_app()
    review, start, moves, seat, index = review_from_results(app, game)
    run_until(app, lambda: not review.judging)
    assert review.seat == seat
    marked = [m for m in review.moments if m.index == index]
    assert marked and marked[0].grade is Grade.MISSED_WIN and marked[0].at_once
    while review.moment.index != index:
        click(app, review.button_rects["Next"].center)
    moment = review.moment
    assert str(moment.played) == moves[index] and moment.better != moment.played
    board = review.board
    before = start.clone()
    for text in moves[:index]:
        before.play(text)
    assert board.state.to_dict() == before.to_dict()  # the position before the move
    watch = BoardWatch(board)
    if GAMES[game].hidden_information:
        assert board.on_show.viewer == seat  # the reviewed seat's view, nobody else's
    frames(app, 2)
    assert watch.leaks() == [] and watch.faces_checked > 0  # every face drawn, judged
    said_seat, words = review.said[-1]
    assert said_seat == seat and "The glowing move won on the spot" in words
    heading, said = review.words()
    assert heading.endswith(": Missed win") and said == words


def test_the_progress_bar_moves_and_cancel_stops_the_coach(make_app, monkeypatch):
    monkeypatch.setattr(coach, "ITERATIONS", {**coach.ITERATIONS, "normal": 4000})
    app = make_app()
    review = review_from_results(app, "whose-foods", press=tap)[0]
    assert review.judging and 0.0 <= review.progress < 1.0
    assert list(review.button_rects) == ["Cancel"]
    think = review._think
    frames(app, 30)  # the window stays responsive: frames go on while the coach judges
    assert review.judging
    click(app, review.button_rects["Cancel"].center)
    assert app.manager.current.name == "results"
    assert think.stop.is_set()  # the coach was told to stop
    assert think.wait(30.0)  # and it did


def test_back_and_next_step_between_moments_and_show_the_whole_game(make_app):
    """A lost game of several moves: every moment on the board, the replay viewer at its move."""
    app = make_app()
    game = "whose-foods"
    state = GAMES[game].new_game(players=2, seed=12)
    start = state.clone()
    rng = random.Random(12)
    moves = []
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        moves.append(str(move))
        state.play(move)
    app.show_results(lost_table(game, people=(0, 1)), state, start, moves)
    settle(app)
    review = open_review(app, app.manager.current.button_rects["Review"].center)
    assert review.moments, "a random game has a turning point"
    count = len(review.moments)
    seen = [review.moment.index]
    for _ in range(count - 1):
        click(app, review.button_rects["Next"].center)
        seen.append(review.moment.index)
        prefix = GAMES[game].new_game(players=2, seed=12)
        for text in moves[: review.moment.index]:
            prefix.play(text)
        assert review.board.state.to_dict() == prefix.to_dict()
    assert seen == sorted(seen) and len(set(seen)) == count
    if count > 1:
        click(app, review.button_rects["Back"].center)
        assert review.moment.index == seen[-2]
    index = review.moment.index
    click(app, review.button_rects["Show the whole game"].center)
    viewer = app.manager.current
    assert viewer.name == "replay" and viewer.index == index and not viewer.playing
    click(app, viewer.button_rects["Close"].center)
    assert app.manager.current is review


def test_each_person_gets_their_own_review_after_the_hand_over_with_secrets(make_app):
    """Two people, a game with secrets: each review waits behind the hand-over screen of its
    seat, and shows that seat's view only."""
    app = make_app()
    review = review_from_results(app, "consequence", people=(0, 1))[0]
    run_until(app, lambda: not review.judging)
    assert review.waiting and app.manager.current.name == "handover"  # seat 0's hand waits
    assert review.board is None  # nothing of a hand drawn meanwhile
    click(app, app.manager.current.button_rects["I am ready"].center)
    assert app.manager.current is review and review.seat == 0
    assert review.board is None or review.board.on_show.viewer == 0
    click(app, review.button_rects["seat 1"].center)
    assert review.seat == 1 and review.board is None
    run_until(app, lambda: not review.judging)
    assert app.manager.current.name == "handover"
    click(app, app.manager.current.button_rects["I am ready"].center)
    assert review.board is None or review.board.on_show.viewer == 1
    assert all(seat == 1 for seat, _words in review.said[-1:])


def pad(app, button):
    """A game controller's button pressed and let go."""
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button))
    settle(app)


def lean_left(app):
    """The left stick leant left and let go (the keymap reads it as the d-pad's Left)."""
    for value in (-32767, 0):
        pygame.event.post(
            pygame.event.Event(
                pygame.CONTROLLERAXISMOTION, axis=pygame.CONTROLLER_AXIS_LEFTX, value=value
            )
        )
    settle(app)


def test_a_game_controller_steps_the_review_and_the_replay_and_leaves_them(make_app, monkeypatch):
    """The review and the replay viewer read the keymap's Left, Right and Back: a pad's d-pad
    and stick step them, its B leaves them, and a key bound to Right in the map steps them too."""
    monkeypatch.setitem(KEYMAP, Action.RIGHT, KEYMAP[Action.RIGHT])  # (the map as it was after)
    bind(Action.RIGHT, Key(pygame.K_l))  # a new input is a line of the map
    app = make_app()
    game = "whose-foods"
    state = GAMES[game].new_game(players=2, seed=12)
    start = state.clone()
    rng = random.Random(12)
    moves = []
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        moves.append(str(move))
        state.play(move)
    app.show_results(lost_table(game, people=(0, 1)), state, start, moves)
    settle(app)
    results = app.manager.current
    review = open_review(app, results.button_rects["Review"].center)
    assert len(review.moments) > 1, "this game has several turning points"
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    assert review.at == 1
    lean_left(app)
    assert review.at == 0
    key(app, pygame.K_l)
    assert review.at == 1
    click(app, review.button_rects["Show the whole game"].center)
    viewer = app.manager.current
    index = review.moment.index
    assert viewer.name == "replay" and viewer.index == index and not viewer.playing
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    assert viewer.index == index + 1 and not viewer.playing
    lean_left(app)
    lean_left(app)
    assert viewer.index == index - 1
    expected = GAMES[game].new_game(players=2, seed=12)
    for text in moves[: index - 1]:
        expected.play(text)
    assert viewer.board.state.to_dict() == expected.to_dict()
    key(app, pygame.K_l)
    assert viewer.index == index
    pad(app, pygame.CONTROLLER_BUTTON_B)  # leaves the replay: back to the review
    assert app.manager.current is review
    pad(app, pygame.CONTROLLER_BUTTON_B)  # and the review: back to the results
    assert app.manager.current is results
    assert not app.manager.crashes


def test_the_replay_viewer_opens_the_review(make_app, home):
    app = make_app()
    start, moves, seat, index = known_game("blanc-noir")
    final = start.clone()
    for text in moves:
        final.play(text)
    app.show_results(lost_table("blanc-noir", people=(seat,)), final, start, moves)
    settle(app)
    app.open_replays()
    settle(app)
    replays = app.manager.current
    tap(app, replays.row_rect(0).center)
    frames(app, 60)
    viewer = app.manager.current
    assert viewer.name == "replay"
    tap(app, viewer.button_rects["Pause"].center)
    settle(app)
    review = open_review(app, viewer.button_rects["Review"].center)
    assert review.name == "review"
    assert any(m.index == index for m in review.moments)
    shown = review.moment.index
    click(app, review.button_rects["Show the whole game"].center)
    assert app.manager.current is viewer and viewer.index == shown and not viewer.playing


# --- the kiosk ------------------------------------------------------------------------------------
def test_a_visitor_who_lost_sees_where_it_turned_then_the_welcome(home, apps):
    app = kiosk_app(home, idle=600)
    apps.append(app)
    app.manager.switch(WelcomeScene(app, "whose-foods"), fade=False)
    kiosk_settle(app)
    welcome = app.manager.current
    touch(app, welcome.button_rects["normal"].center)
    touch(app, welcome.button_rects["Play the computer"].center)
    kiosk_settle(app)
    board = app.manager.current
    before, move = losing_move("whose-foods")
    board.set_state(before)
    board.play(move)
    for _ in range(3000):
        if top(app) == "turned" and not app.manager.busy:
            break
        app.run(frames=1, fixed_dt=1 / 60)
    assert top(app) == "turned" and app.manager.stack[-2].name == "results"
    offer = app.manager.current
    touch(app, offer.button_rects["See where it turned"].center)
    kiosk_settle(app)
    review = app.manager.current
    assert review.name == "review" and review.first_only
    run_until(app, lambda: not review.judging)
    assert review.moment is not None and review.moment.played == move
    assert review.linger is not None
    pass_time(app, review.linger + 1)
    kiosk_settle(app)
    assert top(app) == "welcome"


def test_no_offer_after_a_visitor_wins(home, apps):
    from scenes.kiosk.turned import lost_to_the_computer

    setup = lost_table("whose-foods")
    before, move = losing_move("whose-foods")
    final = before.clone()
    final.play(move)
    assert lost_to_the_computer(setup, final) == 0
    won = GameSetup(
        "whose-foods", (Seat.computer("normal"), HUMAN), ("A", "B"), setup.colours, {}, 1, 0
    )
    assert lost_to_the_computer(won, final) is None  # seat 1, the person, won
    two = lost_table("whose-foods", people=(0, 1))
    assert lost_to_the_computer(two, final) is None  # no visitor against the computer


# --- words --------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAME_KEYS)
def test_the_coach_speaks_japanese(make_app, game):
    app = make_app()
    set_language("ja")
    review = review_from_results(app, game)[0]
    run_until(app, lambda: not review.judging)
    heading, words = review.words()
    assert heading and words
    assert not re.search("[A-Za-z]{4,}", heading + words.replace("Ada", "")), (heading, words)


def test_the_hint_takes_its_place_when_a_watcher_takes_a_seat(open_board):
    """The attract loop's game: a spectator's board has no Hint; a visitor who takes a seat
    gets it, standing beside the other right-hand buttons, not over Menu."""
    app, board = open_board("consequence", ("ai:normal", "ai:normal"), spectator=True)
    assert "Hint" not in board.button_rects
    board.on_show.take_seat(0)
    frames(app, 2)
    rects = board.button_rects
    assert "Hint" in rects and not rects["Hint"].colliderect(rects["Menu"])
    others = [rect for name, rect in rects.items() if name not in ("Hint", "Menu", "Undo")]
    assert not any(rects["Hint"].colliderect(rect) for rect in others)
    assert rects["Hint"].right <= rects["Pause"].left
