"""Session figures for the organiser: games started, finished and abandoned (per game), their
average length, crashes; kept on disk as JSON (`kiosk-figures.json` in the data folder),
written atomically whenever they change and when the app quits.

- started: a person began a game (from setup, Continue, or by taking a seat in the attract game);
- finished: such a game reached its results;
- abandoned: such a game was left unfinished (idle timeout, or left for the menu);
- average length: of finished games, from start (or takeover) to the last move, in seconds;
- challenge wins: visitors who beat the challenge level (scenes.kiosk.challenge);
- demo games: attract games the computers played to the end (not visitors' games);
- crashes: scenes that failed and were replaced (the log file has each traceback);
- stalls: times the watchdog found the main loop stuck.
The file accumulates over every run until it is deleted or the operator resets it (`sessions`
counts the runs). Each count is also kept hour by hour (`hours`, see scenes.kiosk.hours): the
operator screen's charts and the CSV export.
"""

from __future__ import annotations

import contextlib
import json
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scenes.kiosk import hours

log = logging.getLogger(__name__)

FIGURES_FILE = "kiosk-figures.json"


def _blank_game() -> dict[str, Any]:
    return {
        "started": 0,
        "finished": 0,
        "abandoned": 0,
        "seconds_played": 0.0,
        "demo_games": 0,
        "challenge_wins": 0,
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
        self.clock = clock  #: lengths of games (monotonic seconds)
        self.wall = wall  #: the hour a count belongs to (seconds since the epoch)
        self.data = self._blank()
        self._load()
        self.data["sessions"] += 1
        #: the visitors' game in progress: (game, started at)
        self.open_game: tuple[str, float] | None = None
        self._dirty = True

    def _blank(self) -> dict[str, Any]:
        since = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(self.wall()))
        return {
            "since": since,
            "sessions": 0,
            "crashes": 0,
            "stalls": 0,
            "games": {},
            "hours": hours.blank(),
        }

    def _load(self) -> None:
        if self.path is None or not self.path.exists():
            return
        try:
            loaded = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(loaded, dict) or not isinstance(loaded.get("games"), dict):
                raise ValueError("not a figures file")
            for key in ("sessions", "crashes", "stalls"):
                self.data[key] = int(loaded.get(key, 0))
            self.data["since"] = str(loaded.get("since", self.data["since"]))
            for game, row in loaded["games"].items():
                blank = _blank_game()
                blank.update({k: type(blank[k])(row.get(k, 0)) for k in blank})
                self.data["games"][str(game)] = blank
            self.data["hours"] = hours.checked(loaded.get("hours"))
        except (OSError, ValueError, TypeError, AttributeError):
            log.warning("the kiosk figures in %s could not be read: starting afresh", self.path)

    def game(self, game: str) -> dict[str, Any]:
        return self.data["games"].setdefault(game, _blank_game())

    # --- what happened ----------------------------------------------------------------------------
    def _count(self, name: str, game: str | None = None, amount: float = 1) -> None:
        """Add `amount` to `name` (of `game`, or of the stand), all time and in this hour."""
        if game is None:
            self.data[name] += amount
        else:
            self.game(game)[name] += amount
        hours.add(self.data["hours"], hours.hour_key(self.wall()), name, game, amount)

    def started(self, game: str) -> None:
        if self.open_game is not None:
            self.abandoned()
        self._count("started", game)
        self.open_game = (game, self.clock())
        self.save()

    def finished(self, game: str) -> None:
        self._count("finished", game)
        if self.open_game is not None and self.open_game[0] == game:
            self._count("seconds_played", game, max(0.0, self.clock() - self.open_game[1]))
        self.open_game = None
        self.save()

    def abandoned(self) -> None:
        if self.open_game is None:
            return
        self._count("abandoned", self.open_game[0])
        self.open_game = None
        self.save()

    def challenge_won(self, game: str) -> None:
        self._count("challenge_wins", game)
        self.save()

    def demo_finished(self, game: str) -> None:
        self._count("demo_games", game)
        self._dirty = True  # written with the next change or on quit: demos come often

    def crashed(self) -> None:
        self._count("crashes")
        self.save()

    def stalled(self) -> None:
        self._count("stalls")
        self._dirty = True

    def reset(self) -> None:
        """The operator resets the figures: everything counted so far goes (a visitor's game in
        progress counts from now)."""
        open_game = self.open_game
        self.data = self._blank()
        self.open_game = open_game
        self.save()
        log.info("kiosk: the figures were reset by the operator")

    # --- reading ------------------------------------------------------------------------------
    def total(self, key: str) -> int:
        return sum(row[key] for row in self.data["games"].values())

    def average_seconds(self, game: str | None = None) -> float | None:
        rows = [self.game(game)] if game else list(self.data["games"].values())
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

    def summary(self) -> dict[str, Any]:
        games = {
            game: {
                **{k: v for k, v in row.items() if k != "seconds_played"},
                "average_seconds": round(self.average_seconds(game) or 0.0, 1),
            }
            for game, row in sorted(self.data["games"].items())
        }
        return {
            "since": self.data["since"],
            "sessions": self.data["sessions"],
            "started": self.total("started"),
            "finished": self.total("finished"),
            "abandoned": self.total("abandoned"),
            "average_seconds": round(self.average_seconds() or 0.0, 1),
            "crashes": self.data["crashes"],
            "stalls": self.data["stalls"],
            "games": games,
        }

    # --- disk ---------------------------------------------------------------------------------
    def save(self) -> None:
        self._dirty = False
        if self.path is None:
            return
        from scenes.storage.settings import write_json_atomically

        self.data["hours"] = hours.folded(self.data["hours"], self.today())
        try:
            write_json_atomically(self.path, self.data)
        except OSError:
            log.warning("the kiosk figures cannot be written to %s", self.path, exc_info=True)

    def flush(self) -> None:
        if self._dirty:
            self.save()

    def close(self) -> None:
        """The app quits: a game in progress counts as abandoned; everything is written."""
        with contextlib.suppress(Exception):
            self.abandoned()
        self.save()
