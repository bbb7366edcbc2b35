"""Each remembered player's record (`record.json` in the data folder): per game and per opponent
(a computer level, or people), the games played, won, drawn and lost and how many of them had
help (a move taken back, or a hint); per game the current and longest winning streak and the last
ten results. A kiosk keeps none.

Help (a hint, or a move taken back) marks a game: it is counted as played, won, drawn or lost and
as helped, and its result is marked; the ladder (`Entry.ladder_results`), the first win against
a level and the winning streak leave a win with help out, and say so where they are shown.

    book, notice = load_record(home)          # a damaged file is set aside, with the notice
    add_game(home, setup, result, helped)     # after a game's last move, for its named people
    claim_first_wins(home, setup)             # its first wins against a level, marked once
    entry = book.entry("Ada", game)           # (an empty one for a player never seen)

The file is read bounded (`MAX_BYTES`) and checked against its schema field by field, written
atomically, changed under a lock (two copies of the app add up), and bounded: the
`MAX_PLAYERS` players seen last are kept.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import GAMES
from game.ai.levels import LEVELS
from game.core.result import Result
from scenes.kit.i18n import N_, _
from scenes.kit.seat_names import is_default_name, is_reader
from scenes.kit.seats import GameSetup
from scenes.storage.aside import set_aside
from scenes.storage.atomic import write_json_atomically
from scenes.storage.files import Unreadable, read_json
from scenes.storage.locks import FileLock
from scenes.storage.players import MAX_PLAYERS, is_name

log = logging.getLogger(__name__)

FILE = "record.json"
LOCK = "record.lock"
MAX_BYTES = 256 * 1024
#: the results kept per player and game
LAST = 10
#: who a game was against: a computer level, or people only
PEOPLE = "people"
OPPONENTS = (*LEVELS, PEOPLE)
OUTCOMES = ("won", "drawn", "lost")
#: the counts of one opponent
COUNTS = ("played", "won", "drawn", "lost", "helped")
MAX_COUNT = 10**9


class BadRecord(ValueError):
    """The file does not hold a record; the message (marked `N_`) says why."""


@dataclass
class Entry:
    """One player's record at one game."""

    #: opponent -> {"played", "won", "drawn", "lost", "helped": count}
    against: dict[str, dict[str, int]] = field(default_factory=dict)
    streak: int = 0
    best_streak: int = 0
    #: the newest last: {"at": seconds, "outcome": won/drawn/lost, "against": opponent,
    #: "helped": bool}
    last: list[dict[str, Any]] = field(default_factory=list)
    #: the levels whose first win was celebrated (each once: `claim_first_wins`)
    celebrated: list[str] = field(default_factory=list)

    def counts(self, opponent: str) -> dict[str, int]:
        return self.against.get(opponent) or dict.fromkeys(COUNTS, 0)

    def unaided_wins(self, opponent: str) -> int:
        """Wins against `opponent` in games without help (the ones the ladder counts)."""
        tally = self.counts(opponent)
        return max(0, tally["won"] - tally.get("helped_won", 0))

    def helped_wins(self, opponent: str) -> int:
        """Wins against `opponent` in games with help: kept in the record, not on the ladder."""
        return self.counts(opponent)["won"] - self.unaided_wins(opponent)

    def ladder_results(self, opponent: str) -> tuple[int, int, int]:
        """(wins, draws, losses) against `opponent` as the ladder counts them: a win with help
        is left out (help may have won it); a draw or a loss with help counts (help did not
        win it), so help never lifts a player up the ladder."""
        tally = self.counts(opponent)
        return self.unaided_wins(opponent), tally["drawn"], tally["lost"]

    def to_dict(self) -> dict[str, Any]:
        data = {
            "against": self.against,
            "streak": self.streak,
            "best_streak": self.best_streak,
            "last": self.last,
        }
        if self.celebrated:  # (a record without celebrations reads as before)
            data["celebrated"] = self.celebrated
        return data


@dataclass
class Record:
    """Every remembered player's entries, and when each was last seen."""

    players: dict[str, dict[str, Entry]] = field(default_factory=dict)
    seen: dict[str, float] = field(default_factory=dict)

    def entry(self, name: str, game: str) -> Entry:
        return self.players.get(name, {}).get(game) or Entry()

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": 1,
            "players": {
                name: {
                    "seen": self.seen.get(name, 0.0),
                    "games": {game: entry.to_dict() for game, entry in games.items()},
                }
                for name, games in self.players.items()
            },
        }


# --- reading ----------------------------------------------------------------------------------
def _count(value: Any) -> int:
    if type(value) is not int or not 0 <= value <= MAX_COUNT:
        raise BadRecord(N_("it holds a count that is not a count"))
    return value


def _entry(data: Any) -> Entry:
    fields = {"against", "streak", "best_streak", "last"}
    if not isinstance(data, dict) or not fields <= set(data) <= {*fields, "celebrated"}:
        raise BadRecord(N_("it holds a game's record of the wrong shape"))
    celebrated = data.get("celebrated", [])
    if (
        not isinstance(celebrated, list)
        or not all(type(level) is str and level in LEVELS for level in celebrated)
        or len(set(celebrated)) != len(celebrated)
    ):
        raise BadRecord(N_("it holds a level this version does not know"))
    against = data["against"]
    if not isinstance(against, dict) or not set(against) <= set(OPPONENTS):
        raise BadRecord(N_("it holds an opponent this version does not know"))
    counts: dict[str, dict[str, int]] = {}
    for opponent, tally in against.items():
        if not isinstance(tally, dict) or not set(COUNTS) <= set(tally) <= {*COUNTS, "helped_won"}:
            raise BadRecord(N_("it holds a game's record of the wrong shape"))
        counts[opponent] = {name: _count(value) for name, value in tally.items()}
        if (
            counts[opponent]["won"] + counts[opponent]["drawn"] + counts[opponent]["lost"]
            != (counts[opponent]["played"])
        ):
            raise BadRecord(N_("its counts do not add up"))
    last = data["last"]
    if not isinstance(last, list) or len(last) > LAST:
        raise BadRecord(N_("it holds too many results"))
    for item in last:
        if (
            not isinstance(item, dict)
            or set(item) != {"at", "outcome", "against", "helped"}
            or item["outcome"] not in OUTCOMES
            or item["against"] not in OPPONENTS
            or type(item["helped"]) is not bool
            or type(item["at"]) not in (int, float)
            or not 0 <= item["at"] <= 4e9
        ):
            raise BadRecord(N_("it holds a result of the wrong shape"))
    return Entry(
        counts, _count(data["streak"]), _count(data["best_streak"]), list(last), list(celebrated)
    )


def check(data: Any) -> Record:
    """The record in `data`; BadRecord (saying why) unless every field passes its schema."""
    if (
        not isinstance(data, dict)
        or data.get("version") != 1
        or set(data) != {"version", "players"}
    ):
        raise BadRecord(N_("it does not hold a record of players"))
    players = data["players"]
    if not isinstance(players, dict) or len(players) > MAX_PLAYERS:
        raise BadRecord(N_("it holds too many players"))
    record = Record()
    for name, kept in players.items():
        if not is_name(name) or not isinstance(kept, dict) or set(kept) != {"seen", "games"}:
            raise BadRecord(N_("it holds a player of the wrong shape"))
        games = kept["games"]
        if not isinstance(games, dict) or not set(games) <= set(GAMES):
            raise BadRecord(N_("it holds a game this version does not know"))
        if type(kept["seen"]) not in (int, float) or not 0 <= kept["seen"] <= 4e9:
            raise BadRecord(N_("it holds a player of the wrong shape"))
        record.players[name] = {game: _entry(entry) for game, entry in games.items()}
        record.seen[name] = float(kept["seen"])
    return record


def load_record(home: Path) -> tuple[Record, str | None]:
    """(the record, None), or (an empty record, a notice) when the file cannot be used: it is
    then set aside, never deleted."""
    path = Path(home) / FILE
    try:
        data = read_json(path, MAX_BYTES)
        return (Record() if data is None else check(data)), None
    except (Unreadable, BadRecord, OSError) as why:
        log.warning("%s set aside: %s", path, why)
        try:
            set_aside(path)
        except OSError:
            log.warning("could not set %s aside", path, exc_info=True)
        return Record(), _(
            "The players' record could not be read ({why}): it was kept aside."
        ).format(why=_(str(why)))


# --- writing ----------------------------------------------------------------------------------
def opponent_of(setup: GameSetup) -> str:
    """Who a game was against: the strongest computer level at the table, else people."""
    levels = [level for seat in range(setup.players) if (level := setup.level(seat)) is not None]
    return max(levels, key=LEVELS.index) if levels else PEOPLE


def recorded_seats(setup: GameSetup) -> list[int]:
    """The seats whose players are remembered: people with a name typed (not a default name,
    not the lesson's "You")."""
    return [
        seat
        for seat in range(setup.players)
        if setup.is_human(seat)
        and is_name(setup.names[seat])
        and not is_default_name(setup.names[seat], seat)
        and not is_reader(setup.names[seat])
    ]


def outcome(result: Result, seat: int) -> str:
    if result.draw:
        return "drawn"
    return "won" if seat in result.winners else "lost"


def add_game(
    home: Path, setup: GameSetup, result: Result, helped: bool, at: float | None = None
) -> bool:
    """Count a finished game for each remembered person at it (`helped`: a move was taken back
    or a hint was used: counted, and said). False (logged) if it could not be written; a
    damaged record is set aside and counting starts afresh."""
    seats = recorded_seats(setup)
    if not seats:
        return True
    home = Path(home)
    when = time.time() if at is None else at
    opponent = opponent_of(setup)
    with FileLock(home / LOCK):  # another copy counts its own games at the same moment
        record, _notice = load_record(home)
        for seat in seats:
            name = setup.names[seat]
            entry = record.players.setdefault(name, {}).setdefault(setup.game, Entry())
            _count_game(entry, opponent, outcome(result, seat), helped, when)
            record.seen[name] = when
        for name in sorted(record.seen, key=record.seen.__getitem__)[:-MAX_PLAYERS]:
            record.players.pop(name, None)  # the players seen longest ago go first
            record.seen.pop(name, None)
        try:
            write_json_atomically(home / FILE, record.to_dict())
        except (OSError, TypeError, ValueError):
            log.exception("could not write the players' record")
            return False
    return True


def claim_first_wins(home: Path, setup: GameSetup) -> list[tuple[int, str]]:
    """The remembered people at a game just counted whose win in it was their first without
    help against its computer level, as (seat, level), each marked celebrated in the record at
    once so that it is never shown twice (nothing is marked, and nothing returned, if the record
    cannot be written)."""
    seats = recorded_seats(setup)
    level = opponent_of(setup)
    if not seats or level == PEOPLE:
        return []
    home = Path(home)
    with FileLock(home / LOCK):
        record, _notice = load_record(home)
        firsts = []
        for seat in seats:
            entry = record.entry(setup.names[seat], setup.game)
            this_game = entry.last[-1] if entry.last else None
            if (
                this_game is not None
                and this_game["outcome"] == "won"
                and not this_game["helped"]
                and this_game["against"] == level
                and entry.unaided_wins(level) == 1
                and level not in entry.celebrated
            ):
                entry.celebrated.append(level)
                firsts.append((seat, level))
        if not firsts:
            return []
        try:
            write_json_atomically(home / FILE, record.to_dict())
        except (OSError, TypeError, ValueError):
            log.exception("could not write the players' record")
            return []
    return firsts


def _count_game(entry: Entry, opponent: str, result: str, helped: bool, at: float) -> None:
    tally = entry.against.setdefault(opponent, dict.fromkeys(COUNTS, 0))
    tally["played"] += 1
    tally[result] += 1
    if helped:
        tally["helped"] += 1
        if result == "won":
            tally["helped_won"] = tally.get("helped_won", 0) + 1
    if result != "won":
        entry.streak = 0
    elif not helped:  # (a win with help neither lengthens the streak nor ends it)
        entry.streak += 1
    entry.best_streak = max(entry.best_streak, entry.streak)
    item = {"at": at, "outcome": result, "against": opponent, "helped": helped}
    entry.last = [*entry.last, item][-LAST:]
