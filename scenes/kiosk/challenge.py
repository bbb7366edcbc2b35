"""Beat the computer: the event challenge the operator switches on (`kiosk_challenge`, at
`kiosk_challenge_level`), and the board of the day.

A visitor's game counts as a challenge when it was started from the stand's "Play the computer"
with one person against computers at the challenge level or harder (`is_challenge`); it is
beaten when that person alone wins, with no move taken back (`beaten`). Each win goes on the
board of the day (`DayBoard`, `kiosk-challenge.json` in the data folder) with the game, the
level beaten and the time, and, if the visitor types one, a first name or initials: letters,
spaces and hyphens, at most `MAX_NAME` (no other personal data). The board is cleared when the
day changes (local time) and by the operator. The file is read bounded and checked field by
field (scenes.storage); a bad one is set aside once and `notice` says so.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game import GAMES
from game.ai.levels import LEVELS
from game.core.protocols import GameState
from scenes.kit.i18n import _
from scenes.kit.seats import GameSetup
from scenes.storage import schema
from scenes.storage.aside import set_aside
from scenes.storage.atomic import write_json_atomically
from scenes.storage.files import Unreadable, read_json

if TYPE_CHECKING:
    from scenes.storage.settings import Settings

log = logging.getLogger(__name__)

CHALLENGE_FILE = "kiosk-challenge.json"
MAX_NAME = 12
NAME_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ -")
#: the most wins one day's board keeps (a busy stand has a few hundred)
MAX_WINS = 5000
#: a board file larger than this is refused unread (a full one is about 400 kB)
MAX_FILE_BYTES = 1024 * 1024


def challenge_level(settings: Settings) -> str | None:
    """The level visitors are challenged to beat, or None when the challenge is off."""
    if not getattr(settings, "kiosk_challenge", False):
        return None
    level = getattr(settings, "kiosk_challenge_level", None)
    return level if level in LEVELS else None


def at_least(level: str | None, floor: str) -> bool:
    """Is computer `level` the challenge level `floor` or harder?"""
    return level in LEVELS and LEVELS.index(level) >= LEVELS.index(floor)


def is_challenge(setup: GameSetup, level: str) -> bool:
    """One person against computers all at `level` or harder."""
    people = [seat for seat in range(setup.players) if setup.is_human(seat)]
    return len(people) == 1 and all(
        at_least(setup.level(seat), level) for seat in range(setup.players) if seat not in people
    )


def beaten(setup: GameSetup, final: GameState, rewinds: int) -> bool:
    """Did the one person of `setup` win `final` alone, without taking a move back?"""
    result = final.result
    people = [seat for seat in range(setup.players) if setup.is_human(seat)]
    return (
        result is not None
        and not result.draw
        and len(people) == 1
        and tuple(result.winners) == (people[0],)
        and rewinds == 0
    )


def clean_name(text: str) -> str:
    """`text` as the board keeps it: capitals, letters, spaces and hyphens only, trimmed, at most
    MAX_NAME long."""
    kept = "".join(c for c in text.upper() if c in NAME_CHARACTERS)
    return " ".join(kept.split())[:MAX_NAME].strip()


@dataclass
class Win:
    game: str
    level: str  #: the level beaten
    at: str  #: "HH:MM", local time
    name: str = ""

    def to_dict(self) -> dict[str, str]:
        return {"game": self.game, "level": self.level, "at": self.at, "name": self.name}


class DayBoard:
    """Today's wins, kept in `folder` (None: in memory only). `wall` gives the time of day (the
    tests' is fake)."""

    def __init__(self, folder: Path | None, wall: Callable[[], float] = time.time):
        self.path = Path(folder) / CHALLENGE_FILE if folder is not None else None
        self.wall = wall
        self.day = self._today()
        self.wins: list[Win] = []
        #: a sentence for the screen when the file had to be set aside, else None
        self.notice: str | None = None
        self._failed = False
        self._load()

    def _today(self) -> str:
        return time.strftime("%Y-%m-%d", time.localtime(self.wall()))

    def _fresh(self) -> None:
        """A new day: yesterday's names go."""
        today = self._today()
        if today != self.day:
            if self.wins:
                log.info("kiosk: a new day (%s): the board of %s is cleared", today, self.day)
            self.day, self.wins = today, []
            self.save()

    # --- what happened --------------------------------------------------------------------------
    def add(self, game: str, level: str) -> Win:
        """A visitor beat `level` at `game` now: their win, to be named by `name_win`."""
        self._fresh()
        win = Win(game, level, time.strftime("%H:%M", time.localtime(self.wall())))
        self.wins.append(win)
        del self.wins[:-MAX_WINS]
        self.save()
        return win

    def name_win(self, win: Win, name: str) -> None:
        win.name = clean_name(name)
        self.save()

    def clear(self) -> None:
        """The operator cleared the board."""
        self.wins = []
        self.save()
        log.info("kiosk: the board of the day was cleared by the operator")

    # --- reading --------------------------------------------------------------------------------
    def count(self, game: str | None, level: str) -> int:
        """Today's wins at `game` (None: any) against `level` or harder."""
        return len(self.matching(game, level))

    def matching(self, game: str | None, level: str) -> list[Win]:
        self._fresh()
        return [
            win
            for win in self.wins
            if (game is None or win.game == game) and at_least(win.level, level)
        ]

    # --- disk -----------------------------------------------------------------------------------
    def save(self) -> None:
        """Write the board (a failure is logged once; the board plays on in memory)."""
        if self.path is None or self._failed:
            return
        data = {"day": self.day, "wins": [win.to_dict() for win in self.wins]}
        try:
            write_json_atomically(self.path, data)
        except (OSError, ValueError) as error:
            self._failed = True
            log.warning("the board of the day cannot be written to %s: %s", self.path, error)

    def _load(self) -> None:
        """Today's wins from the file; another day's are dropped, a bad file is set aside once
        (with a notice)."""
        if self.path is None:
            return
        try:
            data = read_json(self.path, MAX_FILE_BYTES)
            if data is None:
                return
            day, wins = checked(data)
        except (Unreadable, ValueError) as why:
            log.warning("the board of the day in %s set aside: %s", self.path, why)
            try:
                set_aside(self.path)
                where = _("it was kept aside")
            except OSError:
                where = _("it could not be moved aside")
            self.notice = _("Today's board could not be read ({why}); {where}.").format(
                why=why, where=where
            )
            return
        if day != self.day:
            self.save()  # another day's names do not stay on disk
            return
        self.wins = wins[-MAX_WINS:]


def checked(data: object) -> tuple[str, list[Win]]:
    """The day and the wins in `data` if they pass the schema; schema.Invalid otherwise."""
    if type(data) is not dict or set(data) - {"day", "wins"}:
        raise schema.Invalid("it does not hold a board of the day")
    day = schema.text(data.get("day"), "day", 10)
    wins = []
    for number, item in enumerate(schema.listed(data.get("wins", []), "wins", MAX_WINS), 1):
        if type(item) is not dict or set(item) - {"game", "level", "at", "name"}:
            raise schema.Invalid(f"win {number} is not a win")
        game, level, at, name = (item.get(key) for key in ("game", "level", "at", "name"))
        if game not in GAMES or level not in LEVELS:
            raise schema.Invalid(f"win {number} is of a game or level this version does not know")
        at = schema.text(at, f"the time of win {number}", 5)
        name = schema.text(name if name is not None else "", f"the name of win {number}", MAX_NAME)
        if clean_name(name) != name:
            raise schema.Invalid(f"the name of win {number} is not letters")
        wins.append(Win(game, level, at, name))
    return day, wins
