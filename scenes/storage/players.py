"""The people who played on this computer: the names typed at setup, the most recent first, so
that the setup screen offers them again (`players.json` in the data folder). A kiosk keeps none.

    names, notice = load_players(home)       # a damaged file is set aside, with the notice
    remember_players(home, ["Ada", "Ben"])    # to the front of the list, at most MAX_PLAYERS

The file is read bounded and schema-checked (a list of short printable names), written
atomically, and changed under a lock so that two copies of the app add up their players.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from scenes.kit.i18n import N_, _
from scenes.storage.aside import set_aside
from scenes.storage.atomic import write_json_atomically
from scenes.storage.files import Unreadable, read_json
from scenes.storage.locks import FileLock

log = logging.getLogger(__name__)

FILE = "players.json"
LOCK = "players.lock"
#: the most people remembered (the oldest go first)
MAX_PLAYERS = 12
#: the longest name kept (the setup screen's limit)
MAX_NAME = 14
MAX_BYTES = 16 * 1024


class BadPlayers(ValueError):
    """The file does not hold a list of players; the message says why."""


def check(data: Any) -> list[str]:
    """The names in `data` (`{"names": [...]}`); BadPlayers unless each is a printable name of
    1 to MAX_NAME letters, without repeats, at most MAX_PLAYERS of them."""
    if not isinstance(data, dict) or not isinstance(data.get("names"), list):
        raise BadPlayers(N_("it does not hold a list of players"))
    names = data["names"]
    if len(names) > MAX_PLAYERS:
        raise BadPlayers(N_("it holds too many names"))
    for name in names:
        if not is_name(name):
            raise BadPlayers(N_("it holds something that is not a name"))
    if len(set(names)) != len(names):
        raise BadPlayers(N_("it holds a name twice"))
    return list(names)


def is_name(name: Any) -> bool:
    """A name as the setup screen lets one be typed: printable, 1 to MAX_NAME letters."""
    return (
        isinstance(name, str)
        and 0 < len(name) <= MAX_NAME
        and name.isprintable()
        and name.strip() == name
    )


def load_players(home: Path) -> tuple[list[str], str | None]:
    """(the names, most recent first; None) or, when the file cannot be used, ([], a notice):
    it is then set aside, never deleted."""
    path = Path(home) / FILE
    try:
        data = read_json(path, MAX_BYTES)
        return ([] if data is None else check(data)), None
    except (Unreadable, BadPlayers, OSError) as why:
        log.warning("%s set aside: %s", path, why)
        try:
            set_aside(path)
        except OSError:
            log.warning("could not set %s aside", path, exc_info=True)
        return [], _("The list of players could not be read ({why}): it was kept aside.").format(
            why=_(str(why))
        )


def remember_players(home: Path, names: Sequence[str]) -> bool:
    """Put `names` (each a name as `is_name` says; others are skipped) at the front of the
    list, keeping the most recent MAX_PLAYERS; False (logged) if it could not be written."""
    fresh = [name for name in dict.fromkeys(names) if is_name(name)]
    if not fresh:
        return True
    home = Path(home)
    with FileLock(home / LOCK):  # another copy adds its own at the same moment
        known, _notice = load_players(home)
        kept = (fresh + [name for name in known if name not in fresh])[:MAX_PLAYERS]
        try:
            write_json_atomically(home / FILE, {"names": kept})
        except (OSError, TypeError, ValueError):
            log.exception("could not remember the players")
            return False
    return True
