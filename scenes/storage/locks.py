"""Locks between copies of the app that share a data folder: a lock file per resource, locked
with the operating system's advisory locks (released when the process ends, even by kill -9).

    with FileLock(folder / "kiosk-figures.lock"):      # waits for the other copy (briefly)
        ...read, merge, write...
    slot = FileLock(folder / "unfinished.lock")
    if slot.try_acquire(): ...                         # held until release() or the process ends
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import time
from pathlib import Path
from types import TracebackType

log = logging.getLogger(__name__)

#: how long `acquire` waits for another copy of the app before going on without the lock
WAIT_SECONDS = 2.0


class FileLock:
    """An exclusive lock on the file `path` (created, mode 0600). Where the file cannot be made
    (a read-only folder), every lock is granted (nothing is written there anyway)."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def try_acquire(self) -> bool:
        """Take the lock if it is free now; False if another process holds it."""
        if self._fd is not None:
            return True
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            log.debug("no lock file %s: going on without it", self.path, exc_info=True)
            return True
        if _lock(fd):
            self._fd = fd
            return True
        os.close(fd)
        return False

    def acquire(self, wait: float = WAIT_SECONDS) -> bool:
        """Take the lock, waiting up to `wait` seconds; False (logged) if it stayed taken."""
        deadline = time.monotonic() + wait
        while not self.try_acquire():
            if time.monotonic() >= deadline:
                log.warning("%s stayed locked by another process: going on", self.path.name)
                return False
            time.sleep(0.01)
        return True

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            with contextlib.suppress(OSError):
                _unlock(fd)
            os.close(fd)

    def __enter__(self) -> FileLock:
        self.acquire()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.release()


if sys.platform == "win32":
    import msvcrt

    def _lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
