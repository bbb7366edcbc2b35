"""`Speech`: self-voicing (issue 45): text spoken through the system's speech command, espeak-ng,
where it is installed. Screens only hand it text (`say`); this module alone knows the command.

Speaking starts the command in a subprocess and returns at once, so the frame loop never waits
on it; a new utterance stops the one still speaking (the focus moving on cuts off the old
control's name, as a screen reader does). The voice follows the language shown (espeak-ng's
Japanese voice for Japanese). `start` is the function that starts the command (tests pass a
recorder of the words handed to it).
"""

from __future__ import annotations

import logging
import shutil
import subprocess
from collections.abc import Callable, Sequence
from typing import Any, Protocol

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
        self._speaking: Running | None = None
        self._stopped: list[Running] = []  # stopped, not yet reaped

    @property
    def available(self) -> bool:
        """The speech command is installed."""
        return self.command is not None

    def argv(self, text: str) -> list[str]:
        """The command line that speaks `text` in the language shown."""
        voice = VOICES.get(i18n.language(), VOICES["en"])
        assert self.command is not None
        return [self.command, "-v", voice, "--", text]

    def say(self, text: str) -> None:
        """Speak `text` (in the language shown), stopping what is still being spoken; nothing
        while self-voicing is off or the command is not installed."""
        words = " ".join(text.split())[:MAX_CHARACTERS]
        if not (self.on and self.available and words):
            return
        self.hush()
        try:
            self._speaking = self.start(
                self.argv(words),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError:  # (removed since the app started, or not runnable): say it once
            log.exception("the speech command %s could not be started", self.command)
            self.command = None

    def hush(self) -> None:
        """Stop the utterance still being spoken, if any."""
        self._stopped = [p for p in self._stopped if p.poll() is None]
        speaking, self._speaking = self._speaking, None
        if speaking is not None and speaking.poll() is None:
            speaking.terminate()
            self._stopped.append(speaking)

    @property
    def speaking(self) -> Running | None:
        """The utterance started last, while it is still being spoken."""
        if self._speaking is not None and self._speaking.poll() is not None:
            self._speaking = None
        return self._speaking

    def close(self, wait: float = 1.0) -> None:
        """Stop speaking and reap the stopped commands (waiting at most `wait` seconds each)."""
        self.hush()
        for process in self._stopped:
            waiter: Any = getattr(process, "wait", None)
            if waiter is not None:
                try:
                    waiter(timeout=wait)
                except subprocess.TimeoutExpired:
                    log.warning("the speech command did not stop")
        self._stopped = []


def spoken(parts: Sequence[str]) -> str:
    """Several things said one after another, as one utterance (empty parts left out)."""
    # TRANSLATORS: spoken: between two things said one after another (a pause)
    pause = i18n.pgettext("spoken", ". ")
    return pause.join(p.strip().rstrip(".。") for p in parts if p and p.strip())
