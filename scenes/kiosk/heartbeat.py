"""The kiosk's heartbeat: a file in the data folder (`kiosk-heartbeat`) whose time of last change
the main loop moves on every `BEAT_SECONDS`. A loop that stops (stuck, or the process frozen)
stops the heartbeat; the packaging's timer runs the check below every 20 s and restarts the
kiosk's service when the heartbeat is older than a minute.

    python -m scenes.kiosk.heartbeat [--max-age 60] [--restart tabletop-trio-kiosk.service]

exits 0 while the heartbeat is fresh and 1 (saying why) when it is stale or missing; with
`--restart UNIT` it also restarts that systemd user unit, if the unit is running (a kiosk
stopped on purpose stays stopped).
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from scenes.storage.atomic import write_bytes_atomically

log = logging.getLogger(__name__)

HEARTBEAT_FILE = "kiosk-heartbeat"
BEAT_SECONDS = 5.0
MAX_AGE_SECONDS = 60.0


class Heartbeat:
    """Moves the heartbeat file's time on from the main loop (`beat(elapsed)` every frame)."""

    def __init__(self, folder: Path | None):
        self.path = Path(folder) / HEARTBEAT_FILE if folder is not None else None
        self.since = BEAT_SECONDS  # the first frame beats at once
        self.failed = False

    def beat(self, elapsed: float) -> None:
        self.since += elapsed
        if self.since < BEAT_SECONDS or self.path is None or self.failed:
            return
        self.since = 0.0
        try:
            beat = f"{os.getpid()} {time.time():.0f}\n".encode("ascii")
            write_bytes_atomically(self.path, beat, durable=False)
        except OSError as error:
            self.failed = True  # a full or read-only disk: the service cannot watch this run
            log.warning("the heartbeat file %s cannot be written: %s", self.path, error)


def age(path: Path, now: float | None = None) -> float | None:
    """Seconds since the heartbeat at `path` last beat (None: there is none)."""
    try:
        changed = os.stat(path).st_mtime
    except OSError:
        return None
    return max(0.0, (time.time() if now is None else now) - changed)


def check(
    path: Path,
    max_age: float = MAX_AGE_SECONDS,
    restart: str | None = None,
    run: Callable[[Sequence[str]], int] | None = None,
    now: float | None = None,
) -> tuple[bool, str]:
    """(fresh?, what was found); a stale heartbeat restarts the unit `restart` if it is active."""
    seconds = age(path, now)
    if seconds is not None and seconds <= max_age:
        return True, f"the heartbeat beat {seconds:.0f} s ago"
    said = (
        "there is no heartbeat" if seconds is None else f"the heartbeat stopped {seconds:.0f} s ago"
    )
    if restart is not None:
        run = run or _run
        if run(["systemctl", "--user", "is-active", "--quiet", restart]) != 0:
            return False, f"{said}; {restart} is not running (left alone)"
        code = run(["systemctl", "--user", "restart", restart])
        said += f"; restarted {restart}" if code == 0 else f"; restarting {restart} failed ({code})"
    return False, said


def _run(command: Sequence[str]) -> int:
    try:
        return subprocess.run(list(command), check=False, timeout=60).returncode
    except (OSError, subprocess.TimeoutExpired) as error:
        print(f"heartbeat: {' '.join(command)}: {error}", file=sys.stderr)
        return 1


def main(argv: Sequence[str] | None = None) -> int:
    from scenes.arguments import Parser, number
    from scenes.storage.settings import data_dir

    parser = Parser(
        prog="python -m scenes.kiosk.heartbeat",
        description="Check the kiosk's heartbeat; restart its service when it stopped.",
    )
    parser.add_argument(
        "--max-age",
        type=number(1, 86400),
        default=MAX_AGE_SECONDS,
        help="seconds without a beat that count as stopped (default 60)",
    )
    parser.add_argument("--folder", type=Path, help="the data folder (default: the app's)")
    parser.add_argument(
        "--restart", metavar="UNIT", help="systemd user unit to restart when the heartbeat stopped"
    )
    args = parser.parse_args(list(argv) if argv is not None else None)
    folder = args.folder or data_dir()
    fresh, said = check(Path(folder) / HEARTBEAT_FILE, args.max_age, args.restart)
    print(f"heartbeat: {said}", file=sys.stdout if fresh else sys.stderr, flush=True)
    return 0 if fresh else 1


if __name__ == "__main__":
    sys.exit(main())
