"""Session figures for the organiser: games started, finished and abandoned (per game), their
average length, crashes; kept on disk as JSON (`kiosk-figures.json` in the data folder),
written atomically whenever they change and when the app quits.

- started: a person began a game (from setup, Continue, or by taking a seat in the attract game);
- finished: such a game reached its results;
- abandoned: such a game was left unfinished (idle timeout, or left for the menu);
- average length: of finished games, from start (or takeover) to the last move, in seconds;
- demo games: attract games the computers played to the end (not visitors' games);
- crashes: scenes that failed and were replaced (the log file has each traceback);
- stalls: times the watchdog found the main loop stuck.
The file accumulates over every run until it is deleted (`sessions` counts the runs).
"""

from __future__ import annotations

import contextlib
import json
import logging
import time
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

FIGURES_FILE = "kiosk-figures.json"


def _blank_game() -> dict[str, Any]:
    return {"started": 0, "finished": 0, "abandoned": 0, "seconds_played": 0.0, "demo_games": 0}


class Figures:
    """The figures, loaded from `folder` (None: kept in memory only)."""

    def __init__(self, folder: Path | None, clock: Any = time.monotonic):
        self.path = Path(folder) / FIGURES_FILE if folder is not None else None
        self.clock = clock
        self.data: dict[str, Any] = {
            "since": time.strftime("%Y-%m-%d %H:%M:%S"),
            "sessions": 0,
            "crashes": 0,
            "stalls": 0,
            "games": {},
        }
        self._load()
        self.data["sessions"] += 1
        #: the visitors' game in progress: (game, started at)
        self.open_game: tuple[str, float] | None = None
        self._dirty = True

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
        except (OSError, ValueError, TypeError, AttributeError):
            log.warning("the kiosk figures in %s could not be read: starting afresh", self.path)

    def game(self, game: str) -> dict[str, Any]:
        return self.data["games"].setdefault(game, _blank_game())

    # --- what happened ----------------------------------------------------------------------------
    def started(self, game: str) -> None:
        if self.open_game is not None:
            self.abandoned()
        self.game(game)["started"] += 1
        self.open_game = (game, self.clock())
        self.save()

    def finished(self, game: str) -> None:
        row = self.game(game)
        row["finished"] += 1
        if self.open_game is not None and self.open_game[0] == game:
            row["seconds_played"] += max(0.0, self.clock() - self.open_game[1])
        self.open_game = None
        self.save()

    def abandoned(self) -> None:
        if self.open_game is None:
            return
        self.game(self.open_game[0])["abandoned"] += 1
        self.open_game = None
        self.save()

    def demo_finished(self, game: str) -> None:
        self.game(game)["demo_games"] += 1
        self._dirty = True  # written with the next change or on quit: demos come often

    def crashed(self) -> None:
        self.data["crashes"] += 1
        self.save()

    def stalled(self) -> None:
        self.data["stalls"] += 1
        self._dirty = True

    # --- reading ------------------------------------------------------------------------------
    def total(self, key: str) -> int:
        return sum(row[key] for row in self.data["games"].values())

    def average_seconds(self, game: str | None = None) -> float | None:
        rows = [self.game(game)] if game else list(self.data["games"].values())
        finished = sum(r["finished"] for r in rows)
        if not finished:
            return None
        return sum(r["seconds_played"] for r in rows) / finished

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
