"""`Speech`: self-voicing (issue 45): text spoken through the system's speech command, espeak-ng,
where it is installed. Screens only hand it text (`say`); this module alone knows the command.

`say` only leaves the text for a thread of its own, which stops the utterance still speaking (the
focus moving on cuts off the old control's name, as a screen reader does) and starts the command
for the newest text: the frame loop never waits on a process being started or stopped (tens of
milliseconds on a busy machine). Texts handed over faster than the thread starts them are
dropped but the newest. The voice follows the language shown (espeak-ng's Japanese voice for
Japanese). A screen that opens is announced (`announce`): its title goes before the first words
said in the same frame (a board's whose turn), or is said alone at the frame's end
(`end_frame`), so neither cuts the other off. `start` is the function that starts the command
(tests pass a recorder, and may set `in_background` False to have every text started at once,
in order).
"""

from __future__ import annotations

import logging
import shutil
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from typing import Protocol

from scenes.kit import i18n

log = logging.getLogger(__name__)

#: the speech command looked for on the PATH
COMMAND = "espeak-ng"
#: the language shown -> espeak-ng's voice for it
VOICES = {"en": "en", "ja": "ja"}
#: the longest text handed to the command at once (a move log line is far shorter)
MAX_CHARACTERS = 600


class Running(Protocol):
    """A started command, as `subprocess.Popen` is."""

    def poll(self) -> int | None: ...
    def terminate(self) -> None: ...
    def wait(self, timeout: float | None = None) -> int: ...


Starter = Callable[..., Running]


class Speech:
    """The speech command of the app: whether it is installed, whether self-voicing is on, and
    the utterance still speaking."""

    def __init__(self, command: str | None = None, start: Starter = subprocess.Popen) -> None:
        """`command`: the speech command's path (default: espeak-ng found on the PATH, or
        None: self-voicing is unavailable)."""
        self.command = command if command is not None else shutil.which(COMMAND)
        self.start = start
        #: the player's setting (off by default); nothing is spoken while it is off
        self.on = False
        #: start commands on the thread (False: in `say`, every one: tests that read each)
        self.in_background = True
        self._wake = threading.Condition()
        self._pending: list[str] | None = None  # the newest command line not yet started
        self._hush = False  # stop what is speaking, start nothing
        self._busy = False  # the thread is starting or stopping a command
        self._closed = False
        self._thread: threading.Thread | None = None
        self._speaking: Running | None = None  # (the thread's own)
        self._title = ""  # a screen's title announced this frame, not yet said

    @property
    def available(self) -> bool:
        """The speech command is installed."""
        return self.command is not None

    def argv(self, text: str) -> list[str]:
        """The command line that speaks `text` in the language shown."""
        voice = VOICES.get(i18n.language(), VOICES["en"])
        assert self.command is not None
        return [self.command, "-v", voice, "--", text]

    def announce(self, title: str | i18n.Message | Callable[[], str]) -> None:
        """A screen called `title` (its words, a lazy message or a function giving them) has
        opened: it is said first, before what `say` is handed in the same frame, or alone at
        `end_frame`."""
        self._title = title() if callable(title) else str(title)

    def end_frame(self) -> None:
        """The frame is over: a title announced and not yet said is said now."""
        if self._title:
            self.say("")

    def say(self, text: str) -> None:
        """Speak `text` (in the language shown), after a screen's title announced this frame,
        stopping what is still being spoken; nothing while self-voicing is off or the command
        is not installed. Returns at once."""
        if self._title:
            text, self._title = spoken((self._title, text)), ""
        words = " ".join(text.split())[:MAX_CHARACTERS]
        if not (self.on and self.available and words) or self._closed:
            return
        if not self.in_background:
            self._stop(0.5)
            self._begin(self.argv(words))
            return
        with self._wake:
            self._pending = self.argv(words)
            self._hush = False
            self._wake.notify()
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
            self._thread.start()

    def hush(self) -> None:
        """Stop the utterance still being spoken, if any (self-voicing turned off)."""
        if not self.in_background:
            self._stop(0.5)
            return
        with self._wake:
            self._pending = None
            self._hush = True
            self._wake.notify()

    @property
    def speaking(self) -> Running | None:
        """The utterance started last, while it is still being spoken."""
        speaking = self._speaking
        return speaking if speaking is not None and speaking.poll() is None else None

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until what was handed over has been started (or stopped): False if that took
        longer than `timeout` seconds."""
        deadline = time.monotonic() + timeout
        with self._wake:
            while self._pending is not None or self._hush or self._busy:
                left = deadline - time.monotonic()
                if left <= 0 or self._thread is None:
                    return False
                self._wake.wait(left)
        return True

    def close(self, wait: float = 2.0) -> None:
        """Stop speaking and end the thread (waiting at most `wait` seconds)."""
        with self._wake:
            self._closed = True
            self._pending = None
            self._wake.notify()
        if self._thread is not None:
            self._thread.join(wait)
        self._stop(wait)

    # --- the thread ------------------------------------------------------------------------------
    def _run(self) -> None:
        while True:
            with self._wake:
                while self._pending is None and not self._hush and not self._closed:
                    self._wake.wait()
                if self._closed:
                    return
                argv, self._pending, self._hush = self._pending, None, False
                self._busy = True
            try:
                self._stop(0.5)
                if argv is not None:
                    self._begin(argv)
            finally:
                with self._wake:
                    self._busy = False
                    self._wake.notify_all()

    def _begin(self, argv: list[str]) -> None:
        try:
            self._speaking = self.start(
                argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
        except OSError:  # (removed since the app started, or not runnable): said once
            log.exception("the speech command %s could not be started", self.command)
            self.command = None

    def _stop(self, wait: float) -> None:
        """Stop the utterance speaking and reap it (waiting at most `wait` seconds)."""
        speaking, self._speaking = self._speaking, None
        if speaking is None:
            return
        if speaking.poll() is None:
            speaking.terminate()
        try:
            speaking.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            log.warning("the speech command did not stop")


def spoken(parts: Sequence[str]) -> str:
    """Several things said one after another, as one utterance (empty parts left out)."""
    # TRANSLATORS: spoken: between two things said one after another (a pause)
    pause = i18n.pgettext("spoken", ". ")
    return pause.join(p.strip().rstrip(".。") for p in parts if p and p.strip())
