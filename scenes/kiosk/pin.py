"""The operator PIN: checking a guess against the stored hash, and the limit on wrong guesses.

- What a good PIN is (4 to 12 digits, not one that is guessed first) is in
  scenes.storage.pin_rules, below the settings that check a stored one.
- It is kept only as a salted hash in the settings (`kiosk_pin_hash`, see
  scenes.storage.secret); the first `--kiosk` start asks the operator to set one.
- `PinGuard` counts wrong guesses across every opening of the PIN pad: after
  `FREE_TRIES` wrong in a row the pad waits `FIRST_WAIT` seconds, and each further wrong guess
  doubles the wait (up to `LONGEST_WAIT`); every wrong guess and every wait is logged, and the
  operator screen shows how many there were since it was last opened.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from scenes.storage.pin_rules import hashed_pin, pin_problem
from scenes.storage.secret import verify

if TYPE_CHECKING:
    from scenes.storage.settings import SettingsStore

log = logging.getLogger(__name__)

FREE_TRIES = 5
FIRST_WAIT = 30.0
LONGEST_WAIT = 30.0 * 2**5  # 16 minutes


def preset_pin(store: SettingsStore, pin: str | None = None) -> str:
    """Set the operator PIN in the settings of `store` before a kiosk starts (benchmarks and
    screenshots, which have no operator to ask); a random good PIN unless `pin` is given.
    Returns the PIN."""
    while pin is None or pin_problem(pin) is not None:
        pin = f"{secrets.randbelow(10**6):06d}"
    settings = store.load()
    settings.kiosk_pin_hash = hashed_pin(pin)
    store.save(settings)
    return pin


class PinGuard:
    """Wrong guesses and the wait they impose, for the whole run of the app (`clock`: seconds,
    monotonic; the tests' is fake)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        #: wrong guesses since the last right one
        self.wrong_in_row = 0
        #: wrong guesses and waits imposed since the operator screen last opened
        self.wrong_since_opened = 0
        self.waits_since_opened = 0
        self._open_at = 0.0
        self._next_wait = FIRST_WAIT

    def wait_left(self) -> float:
        """Seconds before another guess is taken (0: now)."""
        return max(0.0, self._open_at - self.clock())

    def check(self, guess: str, stored: str) -> bool:
        """Is `guess` the PIN `stored` (hashed)? False also while a wait runs (the guess is not
        even tried). A wrong guess counts, and may start a wait."""
        if self.wait_left() > 0:
            return False
        if stored and verify(guess, stored):
            self.wrong_in_row = 0
            self._next_wait = FIRST_WAIT
            return True
        self.wrong_in_row += 1
        self.wrong_since_opened += 1
        log.warning(
            "kiosk: a wrong operator PIN (%d in a row, %d since the operator screen was last open)",
            self.wrong_in_row,
            self.wrong_since_opened,
        )
        if self.wrong_in_row >= FREE_TRIES:
            wait = self._next_wait
            self._open_at = self.clock() + wait
            self._next_wait = min(LONGEST_WAIT, wait * 2)
            self.waits_since_opened += 1
            log.warning(
                "kiosk: the PIN pad waits %.0f s after %d wrong PINs", wait, self.wrong_in_row
            )
        return False

    def opened(self) -> tuple[int, int]:
        """The operator screen opened: (wrong guesses, waits) since it last did; both reset."""
        seen = (self.wrong_since_opened, self.waits_since_opened)
        self.wrong_since_opened = self.waits_since_opened = 0
        return seen
