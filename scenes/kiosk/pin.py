"""The operator PIN: checking a guess against the stored hash, and the limit on wrong guesses.

- What a good PIN is (4 to 12 digits, not one that is guessed first) is in
  scenes.storage.pin_rules, below the settings that check a stored one.
- It is kept only as a salted hash in the settings (`kiosk_pin_hash`, see
  scenes.storage.secret); the first `--kiosk` start asks the operator to set one.
- `PinGuard` counts wrong guesses across every opening of the PIN pad: after
  `FREE_TRIES` wrong in a row the pad waits `FIRST_WAIT` seconds, and each further wrong guess
  doubles the wait (up to `LONGEST_WAIT`); every wrong guess and every wait is logged, and the
  operator screen shows how many there were since it was last opened. The count and the wait are
  kept in the data folder (scenes.storage.pin_tries) and survive a restart; a damaged file
  counts as `FREE_TRIES` wrong guesses, with a wait of `FIRST_WAIT` from the start.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from scenes.storage.pin_rules import hashed_pin, pin_problem
from scenes.storage.pin_tries import PinTries, load_tries, save_tries
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
    """Wrong guesses and the wait they impose, across every opening of the pad and every restart
    (`folder`: the data folder they are kept in, None: in memory; `clock`: seconds, monotonic;
    `wall`: seconds since 1970, for the file; the tests' are fake). `notice` says when the kept
    figures could not be read (the pad then waits)."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        folder: Path | None = None,
        wall: Callable[[], float] = time.time,
    ):
        self.clock = clock
        self.wall = wall
        self.folder = folder
        #: wrong guesses since the last right one
        self.wrong_in_row = 0
        #: wrong guesses and waits imposed since the operator screen last opened
        self.wrong_since_opened = 0
        self.waits_since_opened = 0
        self._open_at = 0.0
        self._wait_length = 0.0  # the length of the wait running (or last run)
        self._next_wait = FIRST_WAIT
        self.notice: str | None = None
        if folder is not None:
            self._restore(folder)

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
            self._keep()
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
            self._wait(wait)
            log.warning(
                "kiosk: the PIN pad waits %.0f s after %d wrong PINs", wait, self.wrong_in_row
            )
        self._keep()
        return False

    def opened(self) -> tuple[int, int]:
        """The operator screen opened: (wrong guesses, waits) since it last did; both reset."""
        seen = (self.wrong_since_opened, self.waits_since_opened)
        self.wrong_since_opened = self.waits_since_opened = 0
        self._keep()
        return seen

    def _wait(self, seconds: float) -> None:
        """Start a wait of `seconds`; the next one is twice as long."""
        self._open_at = self.clock() + seconds
        self._wait_length = seconds
        self._next_wait = min(LONGEST_WAIT, seconds * 2)
        self.waits_since_opened += 1

    # --- kept in the data folder ----------------------------------------------------------------
    def _restore(self, folder: Path) -> None:
        tries, self.notice = load_tries(folder)
        if self.notice is not None:  # the safe side: the free guesses are spent, and a wait
            self.wrong_in_row = FREE_TRIES
            self._wait(FIRST_WAIT)
            log.warning("kiosk: the PIN pad waits %.0f s (its count was damaged)", FIRST_WAIT)
            self._keep()
            return
        if tries is None:
            return
        self.wrong_in_row = tries.wrong_in_row
        self.wrong_since_opened = tries.wrong_since_opened
        self.waits_since_opened = tries.waits_since_opened
        self._next_wait = min(LONGEST_WAIT, max(FIRST_WAIT, tries.next_wait))
        length = min(tries.wait_seconds, LONGEST_WAIT)
        left = min(length, max(0.0, tries.wait_until - self.wall()))  # (a clock set back)
        self._open_at = self.clock() + left
        self._wait_length = length
        if left > 0:
            log.warning("kiosk: the PIN pad still waits %.0f s (kept from before)", left)

    def _keep(self) -> None:
        if self.folder is None:
            return
        left = self.wait_left()
        tries = PinTries(
            wrong_in_row=self.wrong_in_row,
            wrong_since_opened=self.wrong_since_opened,
            waits_since_opened=self.waits_since_opened,
            next_wait=self._next_wait,
            wait_until=self.wall() + left if left > 0 else 0.0,
            wait_seconds=min(self._wait_length, LONGEST_WAIT) if left > 0 else 0.0,
        )
        save_tries(self.folder, tries)
