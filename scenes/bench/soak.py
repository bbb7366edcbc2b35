"""`python main.py bench soak --minutes M`: computer-vs-computer games through the real app for M
minutes (dummy video driver), watching the memory.

Plays every registered board (`scenes.boards.BOARDS`) in turn with computer seats only,
cycling the player counts and levels, and shows each game's results for a moment before the
next. Prints one JSON line after the first part (`--first-minutes`, default 10, or a sixth of a
shorter run) and one at the end, with the resident memory (RSS) then, its growth since the
first line, and the bytes held by the picture and text caches. Issue 10 asks that over a long
run the RSS stays within 10% of its value after the first 10 minutes.

`--attract` runs a kiosk instead (`--kiosk --attract`, its operator PIN preset, heartbeat and
figures written): the attract loop plays game after game on its own, sped up: frames run back
to back, uncapped, each counting `--step` seconds (default 0.1, the longest step the app's own
loop takes), so an hour of the attract loop's time passes in a few minutes. The first line
comes after `--first-hours` of that time (default 1), the last at the end; both say how many
hours of attract play were covered (`attract_hours`) and how many games the computers played.
Issue 29 asks that the RSS of 8 hours of attract play stays within 10% of its value after the
first hour.
"""

from __future__ import annotations

import gc
import json
import os
import resource
import sys
import tempfile
import time
from itertools import cycle
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.ai.levels import LEVELS
from scenes.arguments import Parser, number, seed_number

if TYPE_CHECKING:
    import argparse

    from scenes.app import App

RESULTS_FRAMES = 90  # how long each game's results stay on screen (frames)
FRAME_SECONDS = 1 / 60
SAMPLE_SECONDS = 5.0
#: how often the attract soak samples the RSS, in hours of attract time
SAMPLE_HOURS = 1 / 12


def rss_mb() -> float:
    """The resident memory of this process now, in MB (the peak where /proc is missing)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / 2**20 if sys.platform == "darwin" else peak / 2**10


def games_to_play() -> cycle:
    """(game, seats) for ever: each registered board, each player count, each level."""
    from game import GAMES
    from scenes.boards import BOARDS

    plans = [
        (game, [f"ai:{level}"] * players)
        for level in LEVELS
        for game in BOARDS
        for players in GAMES[game].player_counts
    ]
    return cycle(plans)


class Soak:
    """Runs computer games in `app` and keeps the figures."""

    def __init__(self, app: App):
        self.app = app
        self.plans = games_to_play()
        self.games_started = 0
        self.results_frames = 0
        #: RSS samples (MB) taken every SAMPLE_SECONDS by `run_for`
        self.samples: list[float] = []

    def step(self) -> None:
        """One frame; starts the next game when none is running."""
        scene = self.app.manager.current
        name = scene.name if scene is not None else None
        if name == "results":
            self.results_frames += 1
        if not self.app.manager.busy and (
            name not in ("board", "results") or self.results_frames >= RESULTS_FRAMES
        ):
            self.results_frames = 0
            game, seats = next(self.plans)
            self.app.start_game(self.app.quick_setup(game, seats), fade=True)
            self.games_started += 1
        self.app.run(frames=1, fixed_dt=FRAME_SECONDS)
        self.app.running = True  # nothing here asks to quit; stay on whatever happens

    def run_for(self, seconds: float) -> None:
        """Frames for `seconds` of wall time, sampling the RSS every SAMPLE_SECONDS."""
        now = time.monotonic()
        end, sample_at = now + seconds, now + SAMPLE_SECONDS
        while (now := time.monotonic()) < end:
            self.step()
            if now >= sample_at:
                self.samples.append(rss_mb())
                sample_at = now + SAMPLE_SECONDS

    def figures(self, started: float, first_rss: float | None = None) -> dict[str, Any]:
        from scenes.kit import art, fonts

        gc.collect()
        rss = rss_mb()
        figures = {
            "bench": "soak",
            "minutes": round((time.monotonic() - started) / 60, 2),
            "rss_mb": round(rss, 1),
            "games_started": self.games_started,
            "games_finished": self.app.games_finished,
            "frames": self.app.frames,
            "art_cache_mb": round(art.cached_bytes() / 2**20, 1),
            "text_cache_mb": round(fonts.cached_text_bytes() / 2**20, 1),
            "crashes": len(self.app.manager.crashes),
        }
        if first_rss is not None:
            figures["rss_growth_pct"] = round(100 * (rss - first_rss) / first_rss, 1)
            figures["rss_mb_min_since_first"] = round(min(self.samples, default=rss), 1)
            figures["rss_mb_max_since_first"] = round(max(self.samples, default=rss), 1)
        return figures


class AttractSoak:
    """Runs the kiosk's attract loop in `app` at `step` seconds a frame, keeping the figures."""

    def __init__(self, app: App, step: float):
        self.app = app
        self.step = step
        self.frames = 0
        #: (attract hours, RSS MB) every SAMPLE_HOURS of attract time
        self.samples: list[tuple[float, float]] = []

    @property
    def hours(self) -> float:
        return self.frames * self.step / 3600

    def run_until(self, hours: float, deadline: float) -> None:
        """Frames until `hours` of attract time have passed or the wall clock reaches
        `deadline`, sampling the RSS every SAMPLE_HOURS of attract time."""
        every = max(1, round(SAMPLE_HOURS * 3600 / self.step))
        while self.hours < hours and time.monotonic() < deadline:
            self.app.run(frames=1, fixed_dt=self.step)
            self.app.running = True  # nothing here asks to quit; stay on whatever happens
            self.frames += 1
            if self.frames % every == 0:
                self.samples.append((self.hours, rss_mb()))

    def figures(self, started: float, first_rss: float | None = None) -> dict[str, Any]:
        from scenes.kit import art, fonts

        gc.collect()
        rss = rss_mb()
        control = self.app.kiosk_control
        demos = control.figures.total("demo_games") if control is not None else None
        figures: dict[str, Any] = {
            "bench": "soak",
            "mode": "attract",
            "minutes": round((time.monotonic() - started) / 60, 2),
            "attract_hours": round(self.hours, 2),
            "step_seconds": self.step,
            "frames": self.frames,
            "attract_games": demos,
            "rss_mb": round(rss, 1),
            "art_cache_mb": round(art.cached_bytes() / 2**20, 1),
            "text_cache_mb": round(fonts.cached_text_bytes() / 2**20, 1),
            "crashes": len(self.app.manager.crashes),
        }
        if first_rss is not None:
            after = [mb for hours, mb in self.samples] or [rss]
            figures["rss_mb_at_first_hours"] = round(first_rss, 1)
            figures["rss_growth_pct"] = round(100 * (rss - first_rss) / first_rss, 1)
            figures["rss_mb_min_since_first"] = round(min(after), 1)
            figures["rss_mb_max_since_first"] = round(max(after), 1)
            figures["rss_max_growth_pct"] = round(100 * (max(after) - first_rss) / first_rss, 1)
            per_hour = round(1 / SAMPLE_HOURS)
            figures["rss_mb_by_hour"] = [
                round(mb, 1) for i, (_, mb) in enumerate(self.samples) if (i + 1) % per_hour == 0
            ]
        return figures


def make_parser() -> Parser:
    parser = Parser(
        prog="python main.py bench soak",
        description="Computer-vs-computer games through the real app (dummy video driver); "
        "prints the resident memory after the first part and at the end as JSON lines.",
    )
    parser.add_argument(
        "--minutes",
        type=number(0, 7 * 24 * 60, above_low=True),
        default=60.0,
        help="how long to run (default 60)",
    )
    parser.add_argument(
        "--first-minutes",
        type=number(0, 7 * 24 * 60, above_low=True),
        help="when to take the first figure (default 10, or a sixth of a shorter run)",
    )
    parser.add_argument(
        "--attract",
        action="store_true",
        help="soak a kiosk's attract loop, sped up (see the module); --minutes is wall time",
    )
    parser.add_argument(
        "--step",
        type=number(0.001, 0.1),
        default=0.1,
        help="with --attract: seconds of attract time a frame counts (default 0.1)",
    )
    parser.add_argument(
        "--first-hours",
        type=number(0, 1000, above_low=True),
        default=1.0,
        help="with --attract: hours of attract time before the first figure (default 1)",
    )
    parser.add_argument(
        "--hours",
        type=number(0, 1000, above_low=True),
        help="with --attract: stop after this many hours of attract time (default: --minutes)",
    )
    parser.add_argument("--seed", type=seed_number, default=1, help="random seed (default 1)")
    parser.add_argument(
        "--speed",
        type=number(0.1, 10),
        default=3.0,
        help="animation speed, as --speed of the app (default 3)",
    )
    return parser


def main(argv: list[str]) -> int:
    parser = make_parser()
    args = parser.parse_args(argv)
    if args.attract:
        return _soak_attract(args)
    first = args.first_minutes if args.first_minutes is not None else min(10, args.minutes / 6)
    if first >= args.minutes:
        parser.error("argument --first-minutes: must be less than --minutes")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLETOP_TRIO_HOME"] = home
        from scenes.app import App, Options
        from scenes.storage.settings import SettingsStore

        app = App(Options(seed=args.seed, speed=args.speed), SettingsStore(Path(home)))
        try:
            soak = Soak(app)
            started = time.monotonic()
            soak.run_for(first * 60)
            at_first = soak.figures(started)
            print(json.dumps(at_first), flush=True)
            soak.samples.clear()
            soak.run_for((args.minutes - first) * 60)
            at_end = soak.figures(started, first_rss=at_first["rss_mb"])
            print(json.dumps(at_end), flush=True)
        finally:
            app.close()
    return 1 if at_end["crashes"] else 0


def _soak_attract(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLETOP_TRIO_HOME"] = home
        from scenes.app import App, Options
        from scenes.kiosk.pin import preset_pin
        from scenes.storage.settings import SettingsStore

        store = SettingsStore(Path(home))
        preset_pin(store)  # as the operator would at the first start
        options = Options(seed=args.seed, kiosk=True, attract=True, uncapped=True)
        app = App(options, store)
        try:
            soak = AttractSoak(app, args.step)
            started = time.monotonic()
            deadline = started + args.minutes * 60
            soak.run_until(args.first_hours, deadline)
            at_first = soak.figures(started)
            print(json.dumps(at_first), flush=True)
            soak.samples.clear()
            soak.run_until(args.hours or float("inf"), deadline)
            at_end = soak.figures(started, first_rss=at_first["rss_mb"])
            print(json.dumps(at_end), flush=True)
        finally:
            app.close()
    return 1 if at_end["crashes"] else 0
