"""Session figures for the organiser: games started, finished and abandoned (per game), their
average length, crashes; kept on disk as JSON (`kiosk-figures.json` in the data folder).

- started: a person began a game (from setup, Continue, or by taking a seat in the attract game);
- finished: such a game reached its results;
- abandoned: such a game was left unfinished (idle timeout, or left for the menu);
- average length: of finished games, from start (or takeover) to the last move, in seconds;
- challenge wins: visitors who beat the challenge level (scenes.kiosk.challenge);
- lessons: lessons opened (Learn);
- visitors: touches that took the stand out of the attract loop, one per visitor (the stand's,
  whatever the game: a visitor counts again only after the stand went idle);
- demo games: attract games the computers played to the end (not visitors' games);
- crashes: scenes that failed and were replaced (the log file has each traceback);
- stalls: times the watchdog found the main loop stuck; stall exits: times it then ended the
  process (the supervisor starts it again), with `last_stall`, when and how long.
The file accumulates over every run until it is deleted or the operator resets it (`sessions`
counts the runs). Each count is also kept hour by hour (`hours`, see scenes.kiosk.hours): the
operator screen's charts and the CSV export.

Durability: a visitor's game, a crash or a stall is written at once; demo games within
`FLUSH_SECONDS` (`flush_due`, every frame), so a kill or the watchdog's exit loses at most those
seconds. Each write adds this process's new counts to what the file holds now, under a lock file,
so two copies of the app on one folder add up instead of overwriting each other. A file that
fails the schema (types, ranges, finite numbers, games this version knows) is set aside once as
`kiosk-figures.json.bad-<time>` and `notice` says so.
"""

from __future__ import annotations

import contextlib
import logging
import math
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Literal, TypedDict

from game import GAMES
from scenes.kiosk import hours
from scenes.storage import schema
from scenes.storage.aside import set_aside
from scenes.storage.atomic import write_json_atomically
from scenes.storage.files import Unreadable, read_json
from scenes.storage.locks import WAIT_SECONDS, FileLock

log = logging.getLogger(__name__)

FIGURES_FILE = "kiosk-figures.json"
LOCK_FILE = "kiosk-figures.lock"
#: a figures file larger than this is refused unread (a real one is under 2 kB)
MAX_FILE_BYTES = 64 * 1024
#: changes that are not written at once (demo games) are written within this many seconds
FLUSH_SECONDS = 5.0
#: how long the last write, as the app quits, waits for another copy that holds the lock
CLOSE_WAIT_SECONDS = 30.0
Counter = Literal["sessions", "crashes", "stalls", "stall_exits", "visitors"]
COUNTERS: tuple[Counter, ...] = ("sessions", "crashes", "stalls", "stall_exits", "visitors")
GAME_COUNTS = ("started", "finished", "abandoned", "demo_games", "challenge_wins", "lessons")
MAX_COUNT = 10**9
MAX_SECONDS = 1e12


class FiguresData(TypedDict):
    """The figures file: the stand's counters since `since`, each game's counts (a row of
    GAME_COUNTS and seconds_played), the last stall, and the counts hour by hour."""

    since: str | None
    sessions: int
    crashes: int
    stalls: int
    stall_exits: int
    visitors: int
    last_stall: str | None
    games: dict[str, hours.GameRow]
    hours: hours.Hours


def _blank_game() -> hours.GameRow:
    return {**dict.fromkeys(GAME_COUNTS, 0), "seconds_played": 0.0}


def _blank() -> FiguresData:
    return {
        "since": None,
        "sessions": 0,
        "crashes": 0,
        "stalls": 0,
        "stall_exits": 0,
        "visitors": 0,
        "last_stall": None,
        "games": {},
        "hours": hours.blank(),
    }


class Figures:
    """The figures, loaded from `folder` (None: kept in memory only)."""

    def __init__(
        self,
        folder: Path | None,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
    ):
        self.path = Path(folder) / FIGURES_FILE if folder is not None else None
        self.lock = FileLock(Path(folder) / LOCK_FILE) if folder is not None else None
        self.clock = clock  #: lengths of games (monotonic seconds)
        self.wall = wall  #: the hour a count belongs to (seconds since the epoch)
        #: a sentence for the screen when the file had to be set aside, else None
        self.notice: str | None = None
        self._mutex = threading.RLock()  # the watchdog's thread records stalls
        #: what the file held when last read or written, and the counts not written yet
        self.stored = _blank()
        self.pending = _blank()
        self.pending["since"] = self._now_text()
        self.pending["sessions"] = 1
        self._failed = False
        self._written_at = clock()
        self._dirty = True
        self._changes = 0  # counts changes to `stored` and `pending` (for the cache of `data`)
        self._cached: tuple[int, FiguresData] | None = None
        #: the visitors' game in progress: (game, started at)
        self.open_game: tuple[str, float] | None = None
        if self.path is not None:
            self.stored = self._read()
        self.save()

    # --- the figures as they stand --------------------------------------------------------------
    @property
    def data(self) -> FiguresData:
        """What the file holds plus this process's counts not written yet (worked out again only
        after a change: the operator screen reads it every frame; not to be changed)."""
        with self._mutex:
            if self._cached is None or self._cached[0] != self._changes:
                self._cached = (self._changes, _added(self.stored, self.pending))
            return self._cached[1]

    def game(self, game: str) -> hours.GameRow:
        return self.data["games"].get(game, _blank_game())

    def _add(self, key: str, game: str | None = None, amount: float = 1) -> None:
        """Count `amount` of `key` (of `game`, or of the stand: a whole number of one of
        COUNTERS), all time and in this hour."""
        with self._mutex:
            if game is None:
                for counter in COUNTERS:
                    if counter == key:
                        self.pending[counter] += round(amount)
            else:
                row = self.pending["games"].setdefault(game, _blank_game())
                row[key] += amount
            if game is not None or key in hours.STAND_COUNTS:
                hours.add(self.pending["hours"], hours.hour_key(self.wall()), key, game, amount)
            self._changes += 1
            self._dirty = True

    def _now_text(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(self.wall()))

    def _stall(self, seconds: float) -> str:
        """When a stall was found (by the figures' wall clock) and how long it lasted."""
        shown = f"{seconds:.0f}" if math.isfinite(seconds) else "?"
        return f"{self._now_text()} ({shown} s)"

    # --- what happened ----------------------------------------------------------------------------
    def started(self, game: str) -> None:
        if self.open_game is not None:
            self.abandoned()
        self._add("started", game)
        self.open_game = (game, self.clock())
        self.save()

    def finished(self, game: str) -> None:
        self._add("finished", game)
        if self.open_game is not None and self.open_game[0] == game:
            self._add("seconds_played", game, max(0.0, self.clock() - self.open_game[1]))
        self.open_game = None
        self.save()

    def abandoned(self) -> None:
        if self.open_game is None:
            return
        self._add("abandoned", self.open_game[0])
        self.open_game = None
        self.save()

    def challenge_won(self, game: str) -> None:
        self._add("challenge_wins", game)
        self.save()

    def lesson(self, game: str) -> None:
        """A visitor opened `game`'s lesson."""
        self._add("lessons", game)
        self.save()

    def visitor(self) -> None:
        """A visitor took the stand out of the attract loop."""
        self._add("visitors")
        self.save()

    def demo_finished(self, game: str) -> None:
        self._add("demo_games", game)  # written within FLUSH_SECONDS: demos come often

    def crashed(self) -> None:
        self._add("crashes")
        self.save()

    def stalled(self, seconds: float = 0.0) -> None:
        """The watchdog found the loop stuck for `seconds` (from its thread): written at once."""
        self._record_stall("stalls", seconds)

    def stall_exit(self, seconds: float) -> None:
        """The watchdog is about to end the process, stuck for `seconds`: written at once."""
        self._record_stall("stall_exits", seconds)

    def _record_stall(self, key: str, seconds: float) -> None:
        # from the watchdog's thread: never wait long for a main thread that may be stuck here
        if not self._mutex.acquire(timeout=1.0):
            log.error("the kiosk figures are busy: the stall is only in the log")
            return
        try:
            self._add(key)
            self.pending["last_stall"] = self._stall(seconds)  # (under the lock: `data` waits)
            self.save()
        finally:
            self._mutex.release()

    def reset(self) -> None:
        """The operator resets the figures: everything counted so far goes, on disk too (a
        visitor's game in progress counts from now)."""
        with self._mutex:
            self.stored, self.pending = _blank(), _blank()
            self.pending["since"] = self._now_text()
            if self.path is not None and self.lock is not None and not self._failed:
                with self.lock:
                    try:
                        write_json_atomically(self.path, self.pending)
                    except (OSError, ValueError) as error:
                        log.warning("the kiosk figures cannot be reset in %s: %s", self.path, error)
                        with contextlib.suppress(OSError):  # the old counts must not come back
                            self.path.unlink(missing_ok=True)
                    else:
                        self.stored, self.pending = self.pending, _blank()
            self._changes += 1
            self._dirty = True
        log.info("kiosk: the figures were reset by the operator")

    # --- reading ------------------------------------------------------------------------------
    def total(self, key: str) -> int:
        """The count `key` (one of GAME_COUNTS) of every game added up."""
        return round(sum(row[key] for row in self.data["games"].values()))

    def average_seconds(self, game: str | None = None) -> float | None:
        games = self.data["games"]
        rows = [games.get(game, _blank_game())] if game else list(games.values())
        finished = sum(r["finished"] for r in rows)
        if not finished:
            return None
        return sum(r["seconds_played"] for r in rows) / finished

    def per_hour(self, day: str | None, game: str | None = None) -> list[hours.Hour]:
        """The 24 hours of `day` ("YYYY-MM-DD", None: all time) for `game` (None: all)."""
        return hours.per_hour(self.data["hours"], day, game)

    def today(self) -> str:
        return hours.day_of(self.wall())

    def hour_now(self) -> int:
        return int(hours.hour_key(self.wall())[11:13])

    def summary(self) -> dict[str, object]:
        data = self.data
        games = {
            game: {
                **{k: v for k, v in row.items() if k != "seconds_played"},
                "average_seconds": round(self.average_seconds(game) or 0.0, 1),
            }
            for game, row in sorted(data["games"].items())
        }
        return {
            "since": data["since"],
            "sessions": data["sessions"],
            "started": self.total("started"),
            "finished": self.total("finished"),
            "abandoned": self.total("abandoned"),
            "lessons": self.total("lessons"),
            "visitors": data["visitors"],
            "average_seconds": round(self.average_seconds() or 0.0, 1),
            "crashes": data["crashes"],
            "stalls": data["stalls"],
            "stall_exits": data["stall_exits"],
            "last_stall": data["last_stall"],
            "games": games,
        }

    # --- disk ---------------------------------------------------------------------------------
    def save(self, wait: float = WAIT_SECONDS) -> None:
        """Add the counts not written yet to the file (under its lock); a failure is logged
        once and the counts stay pending (in memory). While another copy of the app holds the
        lock for longer than `wait` seconds, nothing is written: the counts stay pending for
        the next save (written without the lock, they could overwrite the other copy's)."""
        with self._mutex:
            self._dirty = False
            self._written_at = self.clock()
            if self.path is None or self.lock is None or self._failed:
                return
            if not self.lock.acquire(wait):
                self._dirty = True  # (flush_due tries again)
                return
            try:
                on_disk = self._read()
                merged = _added(on_disk, self.pending)
                merged["hours"] = hours.folded(merged["hours"], self.today())
                try:
                    write_json_atomically(self.path, merged)
                except (OSError, ValueError) as error:
                    self._failed = True  # a full or read-only disk: stop trying
                    log.warning("the kiosk figures cannot be written to %s: %s", self.path, error)
                    return
            finally:
                self.lock.release()
            self.stored, self.pending = merged, _blank()
            self._changes += 1

    def flush_due(self) -> None:
        """Write what changed if the last write is FLUSH_SECONDS old (every frame)."""
        if self._dirty and self.clock() - self._written_at >= FLUSH_SECONDS:
            self.save()

    def flush(self) -> None:
        if self._dirty:
            self.save()

    def close(self) -> None:
        """The app quits: a game in progress counts as abandoned; everything is written."""
        with contextlib.suppress(Exception):
            self.abandoned()
        self.save(wait=CLOSE_WAIT_SECONDS)

    def _read(self) -> FiguresData:
        """The figures in the file (blank if there is none); a bad file is set aside once,
        with a notice, and the last figures read stand in for it."""
        assert self.path is not None
        try:
            data = read_json(self.path, MAX_FILE_BYTES)
            return _blank() if data is None else checked(data)
        except (Unreadable, ValueError) as why:
            log.warning("the kiosk figures in %s set aside: %s", self.path, why)
            try:
                set_aside(self.path)
                where = "it was kept aside"
            except OSError:
                where = "it could not be moved aside"
            self.notice = f"The kiosk figures could not be read ({why}); {where}."
            return FiguresData(**self.stored)


def checked(data: object) -> FiguresData:
    """The figures in `data` if every field passes the schema; schema.Invalid otherwise."""
    if type(data) is not dict or type(data.get("games")) is not dict:
        raise schema.Invalid("it does not hold kiosk figures")
    figures = _blank()
    if data.get("since") is not None:
        figures["since"] = schema.text(data["since"], "since")
    for counter in COUNTERS:
        figures[counter] = schema.whole(data.get(counter, 0), counter, 0, MAX_COUNT)
    if data.get("last_stall") is not None:
        figures["last_stall"] = schema.text(data["last_stall"], "last_stall")
    for game, row in data["games"].items():
        if game not in GAMES or type(row) is not dict:
            raise schema.Invalid("it counts a game this version does not know")
        clean = _blank_game()
        for key in GAME_COUNTS:
            clean[key] = schema.whole(row.get(key, 0), f"{key} of {game}", 0, MAX_COUNT)
        seconds = row.get("seconds_played", 0.0)
        if type(seconds) not in (int, float) or not 0 <= seconds <= MAX_SECONDS:
            raise schema.Invalid(f"seconds_played of {game} is not a number of seconds")
        clean["seconds_played"] = float(seconds)
        figures["games"][game] = clean
    try:
        figures["hours"] = hours.checked(data.get("hours"))
    except ValueError as why:
        raise schema.Invalid(str(why)) from None
    return figures


def _added(base: FiguresData, more: FiguresData) -> FiguresData:
    """`base` with the counts of `more` added (the earlier `since`, the later `last_stall`)."""
    total = _blank()
    starts = [s for s in (base["since"], more["since"]) if s]
    total["since"] = min(starts) if starts else None
    for key in COUNTERS:
        total[key] = base[key] + more[key]
    total["last_stall"] = more["last_stall"] or base["last_stall"]
    for game in sorted(set(base["games"]) | set(more["games"])):
        one, two = base["games"].get(game, _blank_game()), more["games"].get(game, _blank_game())
        total["games"][game] = {key: one[key] + two[key] for key in _blank_game()}
    total["hours"] = hours.added(base["hours"], more["hours"])
    return total
