"""The kiosk's figures hour by hour: what the operator screen charts and the CSV export lists.

The figures file keeps, under `hours`, one bucket per hour of local time that saw anything
(`"2026-11-24 14"`), each holding the stand's visitors, crashes and stalls of that hour and, per
game, the visitors' games started, finished and abandoned, the seconds the finished ones took,
the lessons opened, the challenges won and the demo games the computers played. Buckets older
than `KEEP_DAYS` days are folded into `earlier`, one bucket per hour of the day (`"14"`), so the
all-time figures per hour stay whole while the file stays small. Every count only ever adds up,
so two copies of the app merge their buckets by adding them (`added`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from dataclasses import dataclass, fields
from typing import Literal, TypedDict

from game import GAMES

#: what each game counts per hour (seconds_played is a float, the rest whole numbers)
GAME_COUNTS = ("started", "finished", "abandoned", "challenge_wins", "demo_games", "lessons")
SECONDS = "seconds_played"
#: what the stand counts per hour, whatever the game
StandCount = Literal["crashes", "stalls", "visitors"]
STAND_COUNTS: tuple[StandCount, ...] = ("crashes", "stalls", "visitors")
KEEP_DAYS = 92
MAX_COUNT = 10**9
MAX_SECONDS = 1e12


#: one game's counts in one hour, by the names of GAME_COUNTS and SECONDS
GameRow = dict[str, float]


class Bucket(TypedDict, total=False):
    """One hour's counts: the stand's, and each game's (by its key)."""

    crashes: int
    stalls: int
    visitors: int
    games: dict[str, GameRow]


class Hours(TypedDict):
    """The figures file's `hours`: dated hours ("2026-11-24 14") and folded ones ("14")."""

    buckets: dict[str, Bucket]
    earlier: dict[str, Bucket]


Part = Literal["buckets", "earlier"]
PARTS: tuple[Part, ...] = ("buckets", "earlier")


def hour_key(wall: float) -> str:
    """The bucket of the local hour at `wall` (seconds since the epoch)."""
    return time.strftime("%Y-%m-%d %H", time.localtime(wall))


def day_of(wall: float) -> str:
    return time.strftime("%Y-%m-%d", time.localtime(wall))


def blank() -> Hours:
    return {"buckets": {}, "earlier": {}}


def add(hours: Hours, key: str, name: str, game: str | None, amount: float = 1) -> None:
    """Count `amount` of `name` (of `game`, or of the stand: then a whole number of one of
    STAND_COUNTS) in the bucket `key`."""
    bucket = hours["buckets"].setdefault(key, {})
    if game is None:
        for stand in STAND_COUNTS:
            if stand == name:
                bucket[stand] = bucket.get(stand, 0) + round(amount)
    else:
        row = bucket.setdefault("games", {}).setdefault(game, {})
        row[name] = row.get(name, 0) + amount


def added(one: Hours, two: Hours) -> Hours:
    """The buckets of `one` and `two` added together (neither is changed)."""
    total = blank()
    for part in PARTS:
        for source in (one[part], two[part]):
            for key, bucket in source.items():
                _add_bucket(total[part].setdefault(key, {}), bucket)
    return total


def _add_bucket(into: Bucket, bucket: Bucket) -> None:
    for stand in STAND_COUNTS:
        if count := bucket.get(stand, 0):
            into[stand] = into.get(stand, 0) + count
    for game, row in bucket.get("games", {}).items():
        target = into.setdefault("games", {}).setdefault(game, {})
        for name, value in row.items():
            target[name] = target.get(name, 0) + value


def folded(hours: Hours, today: str, keep_days: int = KEEP_DAYS) -> Hours:
    """`hours` with the buckets older than `keep_days` before `today` folded into `earlier`
    (by hour of the day)."""
    start = time.mktime(time.strptime(today, "%Y-%m-%d")) - keep_days * 86400
    cutoff = time.strftime("%Y-%m-%d", time.localtime(start))
    if all(key[:10] >= cutoff for key in hours["buckets"]):
        return hours
    kept = blank()
    kept["earlier"] = added(blank(), {"buckets": {}, "earlier": hours["earlier"]})["earlier"]
    for key, bucket in hours["buckets"].items():
        if key[:10] >= cutoff:
            _add_bucket(kept["buckets"].setdefault(key, {}), bucket)
        else:
            _add_bucket(kept["earlier"].setdefault(key[11:13], {}), bucket)
    return kept


def checked(data: object) -> Hours:
    """The hours in `data` if every bucket is well formed; ValueError saying what is not."""
    if data is None:
        return blank()
    if type(data) is not dict or set(data) - {"buckets", "earlier"}:
        raise ValueError("its hours are not buckets")
    hours = blank()
    for part, length in zip(PARTS, (13, 2), strict=True):
        source = data.get(part, {})
        if type(source) is not dict:
            raise ValueError(f"its {part} are not buckets")
        for key, bucket in source.items():
            if type(key) is not str or len(key) != length or not _hour_key_ok(key):
                raise ValueError(f"{key!r} is not an hour")
            hours[part][key] = _checked_bucket(bucket, key)
    return hours


def _hour_key_ok(key: str) -> bool:
    try:
        if len(key) == 2:
            return 0 <= int(key) <= 23 and key.isdigit()
        time.strptime(key, "%Y-%m-%d %H")
    except ValueError:
        return False
    return True


def _checked_bucket(bucket: object, key: str) -> Bucket:
    if type(bucket) is not dict or set(bucket) - {*STAND_COUNTS, "games"}:
        raise ValueError(f"the hour {key} is not a bucket")
    clean: Bucket = {}
    for stand in STAND_COUNTS:
        if stand in bucket:
            clean[stand] = _count(bucket[stand], f"{stand} at {key}")
    games = bucket.get("games", {})
    if type(games) is not dict:
        raise ValueError(f"the games of the hour {key} are not counts")
    for game, row in games.items():
        if game not in GAMES or type(row) is not dict or set(row) - {*GAME_COUNTS, SECONDS}:
            raise ValueError(f"the hour {key} counts what this version does not know")
        counts: GameRow = {}
        for name in GAME_COUNTS:
            if name in row:
                counts[name] = _count(row[name], f"{name} at {key}")
        if SECONDS in row:
            seconds = row[SECONDS]
            if type(seconds) not in (int, float) or not (
                math.isfinite(seconds) and 0 <= seconds <= MAX_SECONDS
            ):
                raise ValueError(f"{SECONDS} at {key} is not a number of seconds")
            counts[SECONDS] = float(seconds)
        clean.setdefault("games", {})[game] = counts
    return clean


def _count(value: object, what: str) -> int:
    if type(value) is not int or not 0 <= value <= MAX_COUNT:
        raise ValueError(f"{what} is not a count")
    return value


# --- reading -----------------------------------------------------------------------------------
@dataclass
class Hour:
    """One hour's figures (of one game, or of them all)."""

    started: int = 0
    finished: int = 0
    abandoned: int = 0
    challenge_wins: int = 0
    demo_games: int = 0
    seconds_played: float = 0.0
    lessons: int = 0
    visitors: int = 0
    crashes: int = 0
    stalls: int = 0

    @property
    def average_minutes(self) -> float:
        """The average length of the finished games, in minutes (0 when none finished)."""
        return self.seconds_played / self.finished / 60 if self.finished else 0.0

    def add_bucket(self, bucket: Bucket, game: str | None) -> None:
        self.crashes += bucket.get("crashes", 0)
        self.stalls += bucket.get("stalls", 0)
        self.visitors += bucket.get("visitors", 0)
        for name, row in bucket.get("games", {}).items():
            if game is None or name == game:
                for field in fields(self):
                    if field.name in row:
                        setattr(self, field.name, getattr(self, field.name) + row[field.name])


def per_hour(hours: Hours, day: str | None, game: str | None = None) -> list[Hour]:
    """The 24 hours of `day` ("YYYY-MM-DD"; None: every day added up, all time), for `game`
    (None: every game). Crashes and stalls are the stand's, whatever the game."""
    rows = [Hour() for _ in range(24)]
    for key, bucket in hours["buckets"].items():
        if day is None or key[:10] == day:
            rows[int(key[11:13])].add_bucket(bucket, game)
    if day is None:
        for key, bucket in hours["earlier"].items():
            rows[int(key)].add_bucket(bucket, game)
    return rows


def total(rows: list[Hour]) -> Hour:
    whole = Hour()
    for row in rows:
        for field in fields(whole):
            setattr(whole, field.name, getattr(whole, field.name) + getattr(row, field.name))
    return whole


#: the columns of the CSV export: the operator screen's table of hours (started to
#: challenge_wins), then the rest of the figures; every cell holds a number (0 where zero)
CSV_COLUMNS = (
    "date", "hour", "game", "started", "finished", "abandoned", "lessons", "visitors",
    "challenge_wins", "average_minutes", "seconds_played", "demo_games", "crashes", "stalls",
)  # fmt: skip


def csv_rows(hours: Hours, day: str | None = None) -> Iterator[list[str]]:
    """The rows of the CSV export, oldest first: per dated hour, one row per game that counted
    anything, then one row "all" with every game added up. Visitors, crashes and stalls are the
    stand's, whatever the game: the "all" row counts them, a game's row says 0. `day`
    ("YYYY-MM-DD"): that day's hours only; None: every hour kept (folded hours first, with the
    date "earlier")."""
    keys = [(key[:10], key[11:13], bucket) for key, bucket in sorted(hours["buckets"].items())]
    if day is None:
        keys = [("earlier", key, bucket) for key, bucket in sorted(hours["earlier"].items())] + keys
    else:
        keys = [(date, hour, bucket) for date, hour, bucket in keys if date == day]
    for date, hour, bucket in keys:
        for game in sorted(bucket.get("games", {})):
            row = Hour()
            row.add_bucket({"games": {game: bucket["games"][game]}}, game)
            yield _csv_row(date, hour, game, row)
        whole = Hour()
        whole.add_bucket(bucket, None)
        yield _csv_row(date, hour, "all", whole)


def _csv_row(day: str, hour: str, game: str, row: Hour) -> list[str]:
    return [
        day, f"{hour}:00", game, str(row.started), str(row.finished), str(row.abandoned),
        str(row.lessons), str(row.visitors), str(row.challenge_wins),
        f"{row.average_minutes:.2f}", f"{row.seconds_played:.1f}", str(row.demo_games),
        str(row.crashes), str(row.stalls),
    ]  # fmt: skip
