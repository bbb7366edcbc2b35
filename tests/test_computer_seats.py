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


def test_a_new_think_starts_with_no_thoughts_of_the_last_position():
    """A search publishes the moves it weighs (`thoughts`) for the think view, and its next
    search empties them only once it begins: a frame after the turn passed. Meanwhile the view
    showed the last position's candidates as this one's, a market card already taken among
    them (the think view's secrets test met it, at random). The think empties them at once."""
    bot = SlowBot("a move")
    bot.thoughts = ("take the W3d from the market",)  # (the last search's)
    seats = ComputerSeats({1: bot}, {1: random.Random(1)})
    seats.start(1, view="the view of seat 1, a move later")
    assert bot.thoughts == ()
    bot.release.set()
    assert wait_for(seats) == "a move"


def test_a_cancelled_think_is_thrown_away_and_the_interval_restored():
    idle = sys.getswitchinterval()
    bot = SlowBot("never played")
    seats = ComputerSeats({0: bot}, {0: random.Random(1)})
    seats.start(0, view=None)
    assert bot.started.wait(30)
    seats.cancel()
    assert seats.thinking_seat is None and seats.answer() is None
    assert until(lambda: not computers.thinking_anywhere(), 30)
    assert sys.getswitchinterval() == idle


def until(condition, seconds=120.0):
    """Wait for `condition` (true once it holds; false if `seconds` pass first)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        threading.Event().wait(0.01)
    return True


def test_a_search_waits_between_its_iterations_while_a_frame_is_drawn(monkeypatch):
    """While a frame is drawn a search's wait between two iterations does not end; once no frame
    is drawn it does not wait at all. (Outcomes, not times: the longest wait, FRAME_WAIT, is made
    far longer than the test may take, so a search held by a frame stays held until it ends, and
    one that waited without a frame could not make 200 iterations.)"""
    from game import GAMES
    from game.ai import make_bot

    monkeypatch.setattr(computers, "FRAME_WAIT", 3600.0)
    game = next(iter(GAMES))
    state = GAMES[game].new_game(players=2, seed=3)
    seat = state.current_player
    bot = make_bot(game, level="hard")
    bot.iterations, bot.seconds = None, 3600.0  # thinks until cancelled
    seats = ComputerSeats({seat: bot}, {seat: random.Random(1)})
    waits, frame_over_at_each_end = [], []
    gate = computers._between_iterations

    def counted():
        waits.append(1)
        gate()
        frame_over_at_each_end.append(computers._no_frame.is_set())

    monkeypatch.setattr(computers, "_between_iterations", counted)  # (what a think waits on)
    # (begun in a frame, a think would first wait for its end: the next test)
    monkeypatch.setattr(computers, "_after_this_frame", lambda: None)
    try:
        with computers.drawing_frame():
            seats.start(seat, state.view(seat))
            assert until(lambda: waits), "the search never came to wait between iterations"
            during = len(frame_over_at_each_end)
        assert until(lambda: len(waits) >= 200), "the search is still held after the frame"
    finally:
        seats.cancel()
    # no wait ended while the frame was drawn: the first ended only once it was over
    assert during == 0 and all(frame_over_at_each_end)


class CountedWaits(threading.Event):
    """An Event that counts the threads waiting on it."""

    def __init__(self):
        super().__init__()
        self.waiting = 0

    def wait(self, timeout=None):
        self.waiting += 1
        try:
            return super().wait(timeout)
        finally:
            self.waiting -= 1


def test_a_think_begun_in_a_frame_starts_once_the_frame_is_drawn(monkeypatch):
    """The turn passes to a computer in a frame's update: its think (the bot's choose, with its
    setup) begins only when that frame is over, so it does not run beside the rest of the
    frame. (Outcomes: inside the frame the test waits until the think is either choosing or
    waiting; the bot notes whether a frame was being drawn when it began.)"""
    monkeypatch.setattr(computers, "FRAME_WAIT", 3600.0)
    no_frame = CountedWaits()
    no_frame.set()
    monkeypatch.setattr(computers, "_no_frame", no_frame)
    began_in_a_frame = []

    class NotingBot(SlowBot):
        def choose(self, view, rng, stop=None):
            began_in_a_frame.append(not computers._no_frame.is_set())
            return super().choose(view, rng, stop)

    bot = NotingBot("a move")
    seats = ComputerSeats({1: bot}, {1: random.Random(1)})
    try:
        with computers.drawing_frame():
            seats.start(1, view="the view of seat 1")
            assert until(lambda: bot.started.is_set() or no_frame.waiting, 30)
        assert bot.started.wait(30)
        bot.release.set()
        assert wait_for(seats) == "a move"
    finally:
        seats.cancel()
    assert began_in_a_frame == [False]


def test_while_a_computer_thinks_it_stops_one_iteration_before_the_frame_is_due(monkeypatch):
    """`frame_due` sleeps until an iteration's wall time before the frame and holds the search
    from there until the frame is drawn; with no computer thinking it neither sleeps nor holds.
    (A clock of the test's own: no real time is waited or read.)"""
    slept = []
    monkeypatch.setattr(computers.time, "perf_counter", lambda: 100.0)
    monkeypatch.setattr(computers.time, "sleep", slept.append)
    monkeypatch.setattr(computers, "_iteration_wall", 0.004)
    monkeypatch.setattr(computers, "_frame_began", 100.0)  # (the last frame began at 100 s)
    assert until(lambda: not computers.thinking_anywhere())  # (earlier tests' thinks end)
    computers.frame_due(1 / 60)
    assert slept == [] and computers._no_frame.is_set()  # nobody thinks: nothing held
    computers._count(1)  # a computer thinks
    try:
        computers.frame_due(1 / 60)
        assert slept == [100.0 + 1 / 60 - 0.004 - 100.0]
        assert not computers._no_frame.is_set()  # the search waits from here...
        with computers.drawing_frame():  # (a frame begins at 100 s again)
            pass
        assert computers._no_frame.is_set()  # ...until the frame has been drawn
        computers.frame_due(-1.0)  # a frame already late: held at once, no sleep
        assert len(slept) == 1 and not computers._no_frame.is_set()
    finally:
        computers._count(-1)
        computers._no_frame.set()


def test_how_far_ahead_a_think_stops_follows_its_iterations_wall_time(monkeypatch):
    """The longest iteration of late counts at once; shorter ones bring it down by an eighth of
    the difference each; one iteration never counts for more than MAX_AHEAD (a think that
    began long after the last one ended)."""
    now = [0.0]
    monkeypatch.setattr(computers.time, "perf_counter", lambda: now[0])
    monkeypatch.setattr(computers, "_iteration_wall", 0.0)
    monkeypatch.setattr(computers, "_iteration_began", None)

    def iteration(seconds):
        now[0] += seconds
        computers._between_iterations()

    computers._between_iterations()  # (the first iteration begins)
    iteration(0.002)
    iteration(0.002)
    assert computers._iteration_wall == 0.002
    iteration(0.010)
    assert computers._iteration_wall == computers.MAX_AHEAD
    for _ in range(40):
        iteration(0.001)
    assert 0.001 < computers._iteration_wall < 0.0012


def test_the_app_holds_a_thinking_computer_while_it_waits_for_the_next_frame(make_app):
    """The frame loop's wait for the next frame (the clock's tick) comes after `frame_due`: a
    thinking computer is held by then, so the frame begins with the processor free."""
    app = make_app()
    held_at_tick = []
    tick = app.clock.tick

    class Clock:
        def tick(self, *fps):
            held_at_tick.append(not computers._no_frame.is_set())
            return tick(*fps)

    app.clock = Clock()
    computers._count(1)  # a computer thinks
    try:
        app.run(frames=3)
    finally:
        computers._count(-1)
    assert held_at_tick == [True, True, True]
    assert computers._no_frame.is_set()  # the last frame drawn: free again
