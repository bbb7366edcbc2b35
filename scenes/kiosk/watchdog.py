"""The stall watchdog: a thread that notices when the main loop has not ticked for a while (a
scene stuck in a loop, a wait that never ends) and gets the app going again.

The loop calls `beat()` every frame (an idle loop still wakes every second). After
`stall_seconds` without a beat the watchdog logs the main thread's stack and interrupts it with
SIGUSR1, whose handler raises `Stalled` there: the scene that was running is treated as crashed
and the app goes back to the attract loop. If the loop still does not tick `exit_after` seconds
later (stuck outside Python, where no signal can reach), the process exits with code 70 so that
its supervisor (the systemd unit in packaging/) starts it again.
"""

from __future__ import annotations

import _thread
import logging
import os
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

STALL_SECONDS = 5.0
EXIT_AFTER_SECONDS = 30.0
EXIT_CODE = 70


class Stalled(Exception):
    """Raised in the main thread when the watchdog found the loop stuck."""


def _raise_stalled(*_: object) -> None:
    raise Stalled("the main loop did not tick in time (stall watchdog)")


def exit_process(code: int) -> None:
    """End the process at once (no cleanup can run in a stuck process), the log flushed first."""
    logging.shutdown()
    os._exit(code)


class Watchdog:
    """Watches the beats of the main loop from a thread. `clock` and `exit_process` are what the
    tests replace (a fake clock; an exit that is only noted)."""

    def __init__(
        self,
        on_stall: Callable[[float], object] | None = None,
        stall_seconds: float = STALL_SECONDS,
        exit_after: float | None = EXIT_AFTER_SECONDS,
        check_every: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        exit_process: Callable[[int], object] = exit_process,
        on_exit: Callable[[float], object] | None = None,
    ):
        self.on_stall = on_stall
        #: called (from the watchdog's thread) just before the process exits, with the gap
        self.on_exit = on_exit
        self.stall_seconds = stall_seconds
        self.exit_after = exit_after
        self.check_every = check_every or max(0.05, stall_seconds / 10)
        self.clock = clock
        self.exit_process = exit_process
        self.stalls = 0
        self._beat = clock()
        #: watched only while the loop runs (`App.run` sets it), never between runs
        self.active = False
        self._reported_at: float | None = None
        self._stop = threading.Event()
        self._main = threading.main_thread().ident
        self._old_handler: Any = None
        self._interrupts = False
        if hasattr(signal, "SIGUSR1") and threading.current_thread() is threading.main_thread():
            self._old_handler = signal.signal(signal.SIGUSR1, _raise_stalled)
            self._interrupts = True
        self._thread = threading.Thread(target=self._watch, name="stall-watchdog", daemon=True)
        self._thread.start()

    def watch(self, active: bool) -> None:
        """Start (the loop runs) or stop (it has returned) watching."""
        self.beat()
        self.active = active

    def beat(self) -> None:
        self._beat = self.clock()
        self._reported_at = None

    def _watch(self) -> None:
        while not self._stop.wait(self.check_every):
            self.check()

    def check(self) -> None:
        """One look at the loop (the thread's, every `check_every` s): a stall is reported and
        interrupted once; if it outlasts that by `exit_after`, the process exits."""
        if not self.active:
            return
        now = self.clock()
        gap = now - self._beat
        if gap < self.stall_seconds:
            return
        if self._reported_at is None:
            self._reported_at = now
            self._stalled(gap)
        elif self.exit_after is not None and now - self._reported_at > self.exit_after:
            log.critical("the main loop is still stuck after %.0f s: exiting", gap)
            if self.on_exit is not None:
                try:
                    self.on_exit(gap)
                except Exception:
                    log.exception("the exit handler failed")
            self.exit_process(EXIT_CODE)

    def _stalled(self, gap: float) -> None:
        self.stalls += 1
        frame = sys._current_frames().get(self._main or 0)
        stack = "".join(traceback.format_stack(frame)) if frame is not None else "(unknown)"
        log.error("stall: the main loop has not ticked for %.1f s; it is at\n%s", gap, stack)
        if self.on_stall is not None:
            try:
                self.on_stall(gap)
            except Exception:
                log.exception("the stall handler failed")
        if self._interrupts:
            _thread.interrupt_main(signal.SIGUSR1)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=1.0)
        if self._interrupts and threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGUSR1, self._old_handler or signal.SIG_DFL)
            self._interrupts = False
