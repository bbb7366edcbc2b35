"""The app's log: a file in the data folder (rotated past LOG_MAX_BYTES), or the terminal when
the file cannot be written (with a line saying so, once)."""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import os
import sys
from pathlib import Path
from typing import Any

log = logging.getLogger("scenes.app")  # (the app's own lines, under its name)

LOG_FILE = "tabletop-trio.log"
LOG_MAX_BYTES = 1024 * 1024


class _LogFile(logging.handlers.RotatingFileHandler):
    """The log file, opened at once (OSError if it cannot be), kept under LOG_MAX_BYTES (the
    older half in `<name>.1`). A write that fails later never raises: the file is given up and
    records of WARNING and above go to stderr instead."""

    def __init__(self, path: Path):
        super().__init__(path, maxBytes=LOG_MAX_BYTES, backupCount=1, encoding="utf-8")
        self.broken = False
        self._fallback = logging.StreamHandler()

    def _open(self) -> Any:
        """The log file, its user's only (0600), whoever made it first."""
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        with contextlib.suppress(OSError, AttributeError):  # (no fchmod on Windows)
            os.fchmod(fd, 0o600)
        return os.fdopen(fd, "a", encoding=self.encoding, errors=self.errors)

    def setFormatter(self, fmt: logging.Formatter | None) -> None:
        super().setFormatter(fmt)
        self._fallback.setFormatter(fmt)

    def emit(self, record: logging.LogRecord) -> None:
        if self.broken:
            if record.levelno >= logging.WARNING:
                self._fallback.emit(record)
            return
        try:
            super().emit(record)
        except Exception:
            self.handleError(record)

    def handleError(self, record: logging.LogRecord) -> None:
        if self.broken:
            return
        self.broken = True
        _say(f"tabletop-trio: cannot write the log file {self.baseFilename}; logging to stderr")
        self.emit(record)

    def close(self) -> None:
        with contextlib.suppress(OSError, ValueError):  # an unwritable file cannot be flushed
            super().close()


_file_handler: logging.Handler | None = None
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
#: Where the log goes when the log file cannot be opened.
STDERR_LOG = "the terminal (the log file cannot be written)"


def _say(line: str) -> None:
    """One line on stderr, if there is one (pythonw has none)."""
    try:
        if sys.stderr is not None:
            print(line, file=sys.stderr)
    except (OSError, ValueError):
        pass


def stop_logging() -> None:
    """Stop writing to the log file (or stderr) of the last app started."""
    global _file_handler
    if _file_handler is not None:
        logging.getLogger().removeHandler(_file_handler)
        _file_handler.close()
        _file_handler = None


def start_logging(folder: Path) -> tuple[Path | str, str | None]:
    """Log warnings and crashes to the log file in the user data folder. Returns where the log
    goes (the file's path, or STDERR_LOG) and why the file cannot be used (None when it can);
    a file that cannot be opened sends WARNING and above to stderr instead."""
    global _file_handler
    stop_logging()
    path = Path(folder) / LOG_FILE
    handler, problem = _open_log_file(path)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    root = logging.getLogger()
    root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > logging.INFO:
        root.setLevel(logging.INFO)
    _file_handler = handler
    if problem:
        log.warning("the log file %s cannot be written: %s", path, problem)
        return STDERR_LOG, problem
    return path, None


def _open_log_file(path: Path) -> tuple[logging.Handler, str | None]:
    """The handler of the log file at `path`, or of stderr with the reason it cannot be opened."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = _LogFile(path)
        handler.setLevel(logging.INFO)
        return handler, None
    except (OSError, ValueError) as error:
        handler = logging.StreamHandler()
        handler.setLevel(logging.WARNING)
        return handler, getattr(error, "strerror", None) or str(error)
