"""The wrong guesses at the kiosk's operator PIN and the wait they impose, kept in the data folder
(`kiosk-pin-tries.json`), so that a restart (the packaged service restarts the app after any
crash) neither ends a wait nor gives fresh guesses.

    tries, notice = load_tries(folder)   # (None, None): no file; (None, notice): set aside
    save_tries(folder, tries)            # atomically; False (logged) if it cannot be written

A wait is kept as the moment it ends on the wall clock and its length, so a clock set back
cannot make it longer than it was. A file that cannot be read or fails the schema is set aside
(`.bad-<time>`) with a notice; its reader then takes the safe side (a wait, never "no wait").
What a wrong guess costs is the kiosk's (`scenes.kiosk.pin`): this module only keeps the figures.
"""

from __future__ import annotations

import logging
import math
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from scenes.kit.i18n import _
from scenes.storage import schema
from scenes.storage.aside import set_aside
from scenes.storage.atomic import write_json_atomically
from scenes.storage.files import Unreadable, read_json

log = logging.getLogger(__name__)

TRIES_FILE = "kiosk-pin-tries.json"
#: a real file is under 300 bytes
MAX_FILE_BYTES = 4096
MAX_COUNT = 10**6
#: the longest wait a file may hold, in seconds (a day: far above the kiosk's longest)
MAX_WAIT = 86_400.0


@dataclass
class PinTries:
    """The figures of the PIN pad's guard."""

    wrong_in_row: int = 0  #: wrong guesses since the last right one
    wrong_since_opened: int = 0  #: ... since the operator screen last opened
    waits_since_opened: int = 0
    next_wait: float = 0.0  #: the wait the next wrong guess past the free ones starts (0: first)
    wait_until: float = 0.0  #: when the wait running ends, seconds since 1970 (0: none)
    wait_seconds: float = 0.0  #: that wait's length (what is left never exceeds it)


def load_tries(folder: Path) -> tuple[PinTries | None, str | None]:
    """(the tries kept in `folder`, None), (None, None) when there is no file, or (None, a
    notice) when the file could not be used: it is then set aside."""
    path = Path(folder) / TRIES_FILE
    try:
        data = read_json(path, MAX_FILE_BYTES)
        return (None if data is None else checked(data)), None
    except (Unreadable, ValueError) as why:
        log.warning("the PIN pad's wrong guesses in %s set aside: %s", path, why)
        try:
            set_aside(path)
            where = _("it was kept aside")
        except OSError:
            where = _("it could not be moved aside")
        notice = _(
            "The count of wrong PINs could not be read ({why}); {where}. The PIN pad waits "
            "before the next try."
        )
        return None, notice.format(why=_(str(why)), where=where)


def save_tries(folder: Path, tries: PinTries) -> bool:
    """Write `tries` to `folder` atomically; False (logged) if it cannot be written."""
    try:
        write_json_atomically(Path(folder) / TRIES_FILE, asdict(tries))
    except (OSError, ValueError) as error:
        log.warning("the PIN pad's wrong guesses cannot be written to %s: %s", folder, error)
        return False
    return True


def checked(data: object) -> PinTries:
    """The tries in `data` if every field passes the schema; schema.Invalid otherwise."""
    names = {field.name for field in fields(PinTries)}
    if type(data) is not dict or set(data) != names:
        raise schema.Invalid("it does not hold the PIN pad's wrong guesses")
    counts = ("wrong_in_row", "wrong_since_opened", "waits_since_opened")
    tries = PinTries(**{name: schema.whole(data[name], name, 0, MAX_COUNT) for name in counts})
    tries.next_wait = _seconds(data["next_wait"], "next_wait")
    tries.wait_seconds = _seconds(data["wait_seconds"], "wait_seconds")
    if data["wait_until"] != 0:
        tries.wait_until = schema.moment(data["wait_until"], "wait_until")
    return tries


def _seconds(value: Any, what: str) -> float:
    if type(value) not in (int, float) or not math.isfinite(value) or not 0 <= value <= MAX_WAIT:
        raise schema.Invalid(f"{what} is not a number of seconds")
    return float(value)
