"""Setting a bad data file aside: renamed `<name>.bad-<time>` (`-2`, `-3`... when that name is
taken), never over an earlier copy, even when two copies of the app do it at once."""

from __future__ import annotations

import errno
import logging
import os
import time
from collections.abc import Sequence
from pathlib import Path

log = logging.getLogger(__name__)

#: the most set-aside copies of one name within one second
MAX_SERIAL = 1000


def set_aside(path: Path, companions: Sequence[Path] = ()) -> Path:
    """Rename `path` to `<name>.bad-<timestamp>[-N]` and each existing companion file (a save's
    picture) to `<its name>` with the same suffix; the new path of `path`. OSError if it cannot
    be moved (a companion that cannot be moved is logged and left)."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for serial in range(1, MAX_SERIAL):
        suffix = f".bad-{stamp}" if serial == 1 else f".bad-{stamp}-{serial}"
        aside = path.with_name(path.name + suffix)
        if any(os.path.lexists(p.with_name(p.name + suffix)) for p in companions):
            continue
        if not _move_exclusively(path, aside):
            continue
        for companion in companions:
            if os.path.lexists(companion):
                try:
                    _move_exclusively(companion, companion.with_name(companion.name + suffix))
                except OSError:
                    log.warning("could not set %s aside", companion.name, exc_info=True)
        return aside
    raise OSError(errno.EEXIST, "too many set-aside copies", str(path))


def _move_exclusively(path: Path, aside: Path) -> bool:
    """Rename `path` to `aside` unless `aside` exists (False then); OSError if it cannot."""
    try:
        os.link(path, aside, follow_symlinks=False)  # fails if `aside` exists: never overwrites
    except FileExistsError:
        return False
    except (OSError, NotImplementedError):  # no hard links here: look, then rename
        if os.path.lexists(aside):
            return False
        os.rename(path, aside)
        return True
    Path(path).unlink(missing_ok=True)
    return True
