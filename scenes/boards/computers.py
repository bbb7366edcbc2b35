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
from collections.abc import Callable, Iterator
from typing import Any

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


@contextlib.contextmanager
def drawing_frame() -> Iterator[None]:
    """Around one frame of the window: thinking computers wait between two iterations."""
    _no_frame.clear()
    try:
        yield
    finally:
        _no_frame.set()


def _between_iterations() -> None:
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


class OffThread:
    """`work(stop)` run on a daemon thread, counted as a think (the frame loop leaves it room): a
    computer's choice, the coach's hint or review. `done` once it returned (`result`) or raised
    (`error`); `cancel()` sets `stop` (the thread ends on its own, unheard)."""

    def __init__(self, work: Callable[[threading.Event], Any], name: str) -> None:
        self.stop = threading.Event()
        self._done = threading.Event()
        self.result: Any = None
        self.error: BaseException | None = None

        def run() -> None:
            _count(1)
            try:
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


class ComputerSeats:
    """The bots of a board's computer seats, and the one think running at a time."""

    def __init__(self, bots: dict[int, Any], rngs: dict[int, random.Random]) -> None:
        self.bots = dict(bots)
        self.rngs = dict(rngs)
        #: the running think: (its seat, its thread)
        self._think: tuple[int, OffThread] | None = None

    def __contains__(self, seat: object) -> bool:
        return seat in self.bots

    def __bool__(self) -> bool:
        return bool(self.bots)

    @property
    def thinking_seat(self) -> int | None:
        return None if self._think is None else self._think[0]

    def start(self, seat: int, view: Any) -> None:
        """Let `seat`'s bot choose a move for `view` (the seat's view only) off the main thread."""
        self.cancel()
        bot, rng = self.bots[seat], self.rngs[seat]
        if hasattr(bot, "pause"):  # a search: it waits while a frame is drawn
            bot.pause = _between_iterations
        takes_stop = "stop" in inspect.signature(bot.choose).parameters

        def choose(stop: threading.Event) -> Any:
            return bot.choose(view, rng, stop=stop) if takes_stop else bot.choose(view, rng)

        self._think = (seat, OffThread(choose, f"bot-seat-{seat}"))

    def answer(self) -> Any:
        """The chosen move once the think is over (None before); re-raises a bot's error."""
        if self._think is None or not self._think[1].done:
            return None
        (seat, think), self._think = self._think, None
        if think.error is not None:
            raise RuntimeError(f"the computer of seat {seat} failed") from think.error
        return think.result

    def cancel(self) -> None:
        """Forget the running think at once (its thread ends on its own, unheard)."""
        if self._think is not None:
            self._think[1].cancel()
            self._think = None

    def hand_to_person(self, seat: int) -> None:
        """`seat` is played by a person from now on."""
        if self.thinking_seat == seat:
            self.cancel()
        self.bots.pop(seat, None)
        self.rngs.pop(seat, None)
