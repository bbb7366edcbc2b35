"""Computer seats: each bot thinks on a daemon thread, so the window never freezes and quitting
never waits for a think; a think that is no longer wanted (the move was undone, the scene left,
the seat taken by a person) is cancelled at once and its answer thrown away.

A bot is `choose(view, rng) -> move` (game.ai) and receives only its seat's view. A bot whose
`choose` accepts a `stop` keyword is also handed a `threading.Event` that is set on cancel, so a
search can end early.
"""

from __future__ import annotations

import contextlib
import inspect
import random
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar, cast

from game.core.protocols import MoveT, ViewT

if TYPE_CHECKING:
    from game.ai import Bot

_running = 0  # thinks under way now, on any board
_count_lock = threading.Lock()
#: The interpreter's thread switch interval while a computer thinks, in seconds. The think holds
#: the GIL while it runs; at Python's default (5 ms) the drawing thread, each time it wants the
#: GIL back (when a frame begins, after the window's flip, an SDL call), waited up to 5 ms for
#: it, and a frame of 5 ms of work took 15-20 ms in a real window (issue 30). At 0.5 ms it waits
#: at most that; and while a frame is drawn the think waits between two of its iterations
#: (`drawing_frame`), so the drawing thread is not interrupted for the rest of the frame.
THINKING_SWITCH = 0.0005
_idle_switch = sys.getswitchinterval()
#: Set while no frame is being drawn; a think waits on it between two iterations.
_no_frame = threading.Event()
_no_frame.set()
#: The longest a think waits for a frame to end in one go (a frame that never ends, or a
#: crash in one, must not stop it).
FRAME_WAIT = 0.05
#: The most a think stops ahead of a frame (`frame_due`), in seconds.
MAX_AHEAD = 0.008
#: How long a think's iterations take in wall time now (seconds: the longest of late, falling
#: back by an eighth of the difference each iteration), and when the running one began.
_iteration_wall = 0.0
_iteration_began: float | None = None
#: when the last frame began (`time.perf_counter()`)
_frame_began = 0.0


@contextlib.contextmanager
def drawing_frame() -> Iterator[None]:
    """Around one frame of the window: thinking computers wait between two iterations."""
    global _frame_began
    _frame_began = time.perf_counter()
    _no_frame.clear()
    try:
        yield
    finally:
        _no_frame.set()


def frame_due(interval: float) -> None:
    """The next frame is due `interval` seconds after the last one began: while a computer
    thinks, sleep until one of its iterations before then, and have the think wait from there
    until the frame is drawn (`drawing_frame` ends the wait). The frame then finds the
    processor free: on a slow machine, or one held to a share of a core, a think running up to
    the frame's start would have used the time (the quota) the frame needs and shared the
    interpreter with it for the rest of an iteration. The computer thinks less there: weaker,
    still on time."""
    if not _running:
        return
    rest = _frame_began + interval - _iteration_wall - time.perf_counter()
    if rest > 0:
        time.sleep(rest)
    _no_frame.clear()


def _between_iterations() -> None:
    global _iteration_wall, _iteration_began
    began, now = _iteration_began, time.perf_counter()
    if began is not None:
        took, typical = min(MAX_AHEAD, now - began), _iteration_wall
        _iteration_wall = took if took > typical else typical + (took - typical) / 8
    _no_frame.wait(FRAME_WAIT)
    _iteration_began = time.perf_counter()


def _after_this_frame() -> None:
    """A think's first step: begun by a frame's update (the turn passing to a computer), it
    starts once that frame is drawn. Its setup (the view dealt out, the search's root) would
    otherwise run beside the rest of the frame: on a slow machine, or one held to a share of a
    core, using the time the frame needs, and taking the interpreter from it every switch."""
    _no_frame.wait(FRAME_WAIT)


#: what a search off the main thread calls between two of its iterations: it waits while a
#: frame is drawn (the coach's hint and review pause like the computers' thinks)
between_iterations = _between_iterations


def thinking_anywhere() -> bool:
    """Is a computer thinking now, on any board? (A main loop that does not wait between frames
    then leaves its thread a moment each frame, or the GIL would starve it.)"""
    return _running > 0


def _count(step: int) -> None:
    global _running
    with _count_lock:
        _running += step
        sys.setswitchinterval(THINKING_SWITCH if _running else _idle_switch)


_V_contra = TypeVar("_V_contra", contravariant=True)
_M_co = TypeVar("_M_co", covariant=True)


class _Stoppable(Protocol[_V_contra, _M_co]):
    """A bot whose `choose` takes a `stop` event (a search that can end early)."""

    def choose(
        self, view: _V_contra, rng: random.Random, stop: threading.Event | None = None
    ) -> _M_co: ...


@dataclass(eq=False)
class _Think(Generic[MoveT]):
    seat: int
    stop: threading.Event = field(default_factory=threading.Event)
    done: threading.Event = field(default_factory=threading.Event)
    move: MoveT | None = None
    error: BaseException | None = None


_R = TypeVar("_R")


class OffThread(Generic[_R]):
    """`work(stop)` run on a daemon thread, counted as a think (the frame loop leaves it room, as
    for a computer's): the coach's hint or review. `done` once it returned (`result`) or raised
    (`error`); `cancel()` sets `stop` (the thread ends on its own, unheard)."""

    def __init__(self, work: Callable[[threading.Event], _R], name: str) -> None:
        self.stop = threading.Event()
        self._done = threading.Event()
        self.result: _R | None = None
        self.error: BaseException | None = None

        def run() -> None:
            _count(1)
            try:
                _after_this_frame()
                self.result = work(self.stop)
            except Exception as error:
                self.error = error
            finally:
                _count(-1)
                self._done.set()

        threading.Thread(target=run, name=name, daemon=True).start()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, seconds: float) -> bool:
        """Wait up to `seconds` for the work to end (tests); whether it did."""
        return self._done.wait(seconds)

    def cancel(self) -> None:
        self.stop.set()


class ComputerSeats(Generic[ViewT, MoveT]):
    """The bots of a board's computer seats, and the one think running at a time."""

    def __init__(self, bots: dict[int, Bot[ViewT, MoveT]], rngs: dict[int, random.Random]) -> None:
        self.bots = dict(bots)
        self.rngs = dict(rngs)
        self._think: _Think[MoveT] | None = None

    def __contains__(self, seat: object) -> bool:
        return seat in self.bots

    def __bool__(self) -> bool:
        return bool(self.bots)

    @property
    def thinking_seat(self) -> int | None:
        return None if self._think is None else self._think.seat

    def start(self, seat: int, view: ViewT) -> None:
        """Let `seat`'s bot choose a move for `view` (the seat's view only) off the main thread."""
        self.cancel()
        think: _Think[MoveT] = _Think(seat)
        bot, rng = self.bots[seat], self.rngs[seat]
        if hasattr(bot, "pause"):  # a search: it waits while a frame is drawn
            bot.pause = _between_iterations
        if hasattr(bot, "thoughts"):  # (its last search's, of the position before: the think
            bot.thoughts = ()  # view would show them as this one's until the search begins)
        takes_stop = "stop" in inspect.signature(bot.choose).parameters

        def run() -> None:
            _count(1)
            try:
                _after_this_frame()
                if takes_stop:
                    stoppable = cast("_Stoppable[ViewT, MoveT]", bot)
                    think.move = stoppable.choose(view, rng, stop=think.stop)
                else:
                    think.move = bot.choose(view, rng)
            except Exception as error:
                think.error = error
            finally:
                _count(-1)
                think.done.set()

        self._think = think
        threading.Thread(target=run, name=f"bot-seat-{seat}", daemon=True).start()

    def answer(self) -> MoveT | None:
        """The chosen move once the think is over (None before); re-raises a bot's error."""
        think = self._think
        if think is None or not think.done.is_set():
            return None
        self._think = None
        if think.error is not None:
            raise RuntimeError(f"the computer of seat {think.seat} failed") from think.error
        return think.move

    def cancel(self) -> None:
        """Forget the running think at once (its thread ends on its own, unheard)."""
        if self._think is not None:
            self._think.stop.set()
            self._think = None

    def hand_to_person(self, seat: int) -> None:
        """`seat` is played by a person from now on."""
        if self.thinking_seat == seat:
            self.cancel()
        self.bots.pop(seat, None)
        self.rngs.pop(seat, None)
