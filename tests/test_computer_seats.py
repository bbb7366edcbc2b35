"""Computer seats think on a thread (scenes/boards/computers.py): the answer comes back, a
cancelled think is thrown away, and while one runs the drawing thread gets the GIL back quickly
(a short switch interval, issue 30), restored once no computer thinks; a search waits between
its iterations while a frame is drawn."""

import random
import sys
import threading
import time

from scenes.boards import computers
from scenes.boards.computers import ComputerSeats


class SlowBot:
    """Answers `move` once `release` is set (or at once when stopped)."""

    def __init__(self, move):
        self.move = move
        self.started = threading.Event()
        self.release = threading.Event()
        self.seen_interval = None

    def choose(self, view, rng, stop=None):
        self.seen_interval = sys.getswitchinterval()
        self.started.set()
        while not self.release.wait(0.005):
            if stop is not None and stop.is_set():
                return None
        return self.move


def wait_for(seats, seconds=30.0):
    done = threading.Event()
    for _ in range(int(seconds / 0.01)):
        answer = seats.answer()
        if answer is not None:
            return answer
        done.wait(0.01)
    raise AssertionError("no answer")


def test_a_think_answers_and_shortens_the_switch_interval_while_it_runs():
    idle = sys.getswitchinterval()
    assert idle > computers.THINKING_SWITCH
    bot = SlowBot("a move")
    seats = ComputerSeats({1: bot}, {1: random.Random(1)})
    seats.start(1, view="the view of seat 1")
    assert bot.started.wait(30)
    assert computers.thinking_anywhere() and seats.thinking_seat == 1
    assert bot.seen_interval == computers.THINKING_SWITCH
    assert seats.answer() is None  # not yet
    bot.release.set()
    assert wait_for(seats) == "a move"
    assert not computers.thinking_anywhere()
    assert sys.getswitchinterval() == idle


def test_a_cancelled_think_is_thrown_away_and_the_interval_restored():
    idle = sys.getswitchinterval()
    bot = SlowBot("never played")
    seats = ComputerSeats({0: bot}, {0: random.Random(1)})
    seats.start(0, view=None)
    assert bot.started.wait(30)
    seats.cancel()
    assert seats.thinking_seat is None and seats.answer() is None
    for _ in range(3000):
        if not computers.thinking_anywhere():
            break
        threading.Event().wait(0.01)
    assert not computers.thinking_anywhere() and sys.getswitchinterval() == idle


def test_a_search_waits_between_its_iterations_while_a_frame_is_drawn():
    from game import GAMES
    from game.ai import make_bot

    game = next(iter(GAMES))
    state = GAMES[game].new_game(players=2, seed=3)
    seat = state.current_player
    bot = make_bot(game, level="hard")
    bot.iterations, bot.seconds = None, 60.0  # thinks until cancelled
    seats = ComputerSeats({seat: bot}, {seat: random.Random(1)})
    iterations = []
    try:
        with computers.drawing_frame():
            seats.start(seat, state.view(seat))
            gate = bot.pause
            assert gate is not None
            bot.pause = lambda: iterations.append(1) or gate()
            threading.Event().wait(0.5)  # a frame of half a second
            during = len(iterations)
        # after it, as many as it can: 200 more come long before 200 waits of FRAME_WAIT could
        # pass, the bound on the time taken (a search still held by a frame would reach it)
        held = 200 * computers.FRAME_WAIT
        deadline = time.monotonic() + held
        while len(iterations) < during + 200 and time.monotonic() < deadline:
            time.sleep(0.01)
        after = len(iterations) - during
    finally:
        seats.cancel()
    # during the frame: at most one iteration per FRAME_WAIT (a loaded machine runs fewer)
    assert during <= 0.5 / computers.FRAME_WAIT + 2
    assert after >= 200, f"{after} iterations in {held:.0f} s after the frame: still held"
