"""`python main.py bench monkey`: random input on every scene, looking for anything that breaks.

The monkey drives the real app from outside, as a player would: it only posts pygame events
(`scenes.bench.monkey_input`: clicks, drags, finger touches, wheel turns, keys and typed text,
window resizes, focus losses) and runs frames. When the menu's Quit button (or the operator's) is
hit it counts the quit and carries on from the menu. To cover every scene it starts stretches of
input from *stations* (`scenes.bench.monkey_stations`), each reached through the app's own
navigation; a run is an ordinary app or a kiosk app (which adds the kiosk's screens).

After every frame it checks each board on the scene stack (a game's own, the replay viewer's,
the attract loop's) with `scenes.bench.board_checks.BoardWatch`: the board's state equals its start
state with its move list replayed, and no face was drawn that the seat on show may not see.

A run fails if an exception escapes the app, the scene manager had to recover from a crash
(the crash-recovery notice, or in a kiosk the return to the attract loop), a board drifted from
its replay, a secret was drawn, or the app set aside a file of its data folder as unreadable
(it wrote every one of them itself). It also measures each frame's work (input, update, draw and
show: the loop never sleeps in a monkey run), as wall time and as the main thread's CPU time,
and prints figures, never a verdict: how many frames took over 50 ms, the slowest and the 99th
percentile, and the slowest frame per scene.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from scenes.arguments import Parser, integer, number, seed_number
from scenes.bench.board_checks import BoardWatch
from scenes.bench.monkey_input import KEYS, Monkey
from scenes.bench.monkey_stations import stations

if TYPE_CHECKING:
    import argparse

    from scenes.app import App
    from scenes.boards.base import AnyBoard

#: Frame lengths the monkey feeds the loop: mostly 60 fps, sometimes a stall or no time at all.
DTS = (1 / 60,) * 8 + (0.0, 1 / 30, 0.1)
#: a frame with more work than this is counted (the budget of issue 15)
SLOW_FRAME_MS = 50.0
#: how many different drifts and leaks a report keeps (the first ones)
KEPT = 20


@dataclass
class Report:
    """What one monkey run found."""

    seed: int
    kiosk: bool = False
    frames: int = 0
    #: each frame's work in ms: input, update, draw and show (wall time)
    work_ms: list[float] = field(default_factory=list)
    #: the main thread's CPU time in each frame, in ms (other processes and threads do not
    #: inflate it, as they can the wall time on a busy machine)
    cpu_ms: list[float] = field(default_factory=list)
    #: the slowest frame's work per scene on top (when the frame began), in ms
    worst_by_scene: dict[str, float] = field(default_factory=dict)
    #: the scenes (and kiosk overlays) that random input was given to
    scenes: set[str] = field(default_factory=set)
    quits: int = 0
    crashes: list[tuple[str, BaseException]] = field(default_factory=list)
    #: every notice the app showed (a crash recovered from shows one)
    notices: set[str] = field(default_factory=set)
    #: boards whose state was not their start state with their moves replayed: (station, why)
    drifts: list[tuple[str, str]] = field(default_factory=list)
    #: frames on which a board's state was checked against its replay
    replay_checks: int = 0
    #: faces drawn that the seat on show may not see: (station, what and where)
    leaks: list[tuple[str, str]] = field(default_factory=list)
    #: faces drawn and judged
    faces_checked: int = 0
    #: files of the app's own data folder that it set aside as unreadable (`*.bad-*`): it wrote
    #: every file there itself, so each is one it cannot read back
    set_aside: list[str] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return bool(self.crashes or self.drifts or self.leaks or self.set_aside)

    def frame_figures(self) -> dict[str, object]:
        slowest = max(self.worst_by_scene, key=self.worst_by_scene.__getitem__, default="")
        return {
            **_figures("frame_work_ms", self.work_ms, mean=True),
            **_figures("frame_cpu_ms", self.cpu_ms),
            "worst_scene": slowest,
            "frame_work_ms_max_by_scene": {
                name: round(ms, 3) for name, ms in sorted(self.worst_by_scene.items())
            },
        }

    def as_dict(self) -> dict[str, object]:
        return {
            "bench": "monkey",
            "mode": "kiosk" if self.kiosk else "app",
            "seed": self.seed,
            "frames": self.frames,
            **self.frame_figures(),
            "scenes": sorted(self.scenes),
            "quits": self.quits,
            "crashes": [f"{name}: {error!r}" for name, error in self.crashes],
            "notices": sorted(self.notices),
            "replay_checks": self.replay_checks,
            "drifts": [f"{station}: {why}" for station, why in self.drifts],
            "faces_checked": self.faces_checked,
            "leaks": [f"{station}: {what}" for station, what in self.leaks],
            "set_aside": self.set_aside,
        }


def _figures(name: str, values: list[float], mean: bool = False) -> dict[str, float]:
    """`name`_over_50 (how many), _max, _p99 (and _mean) of frame times in ms."""
    times = sorted(values) or [0.0]
    figures = {
        f"{name}_over_{SLOW_FRAME_MS:g}": sum(1 for ms in times if ms > SLOW_FRAME_MS),
        f"{name}_max": round(times[-1], 3),
        f"{name}_p99": round(times[min(len(times) - 1, int(len(times) * 0.99))], 3),
    }
    if mean:
        figures[f"{name}_mean"] = round(sum(times) / len(times), 3)
    return figures


def run_monkey(app: App, seed: int, frames: int, frames_per_station: int = 150) -> Report:
    """Random input on `app` for `frames` frames, going round the stations; an exception that
    escapes the app propagates. The report's `crashes` are the scene crashes recovered from."""
    rng = random.Random(seed)
    monkey = Monkey(rng, KEYS)
    report = Report(seed, kiosk=app.kiosk_control is not None)
    route = stations(kiosk=report.kiosk)
    rng.shuffle(route)
    watches: dict[int, BoardWatch] = {}
    pygame.event.clear()
    while report.frames < frames:
        station = route[(report.frames // frames_per_station) % len(route)]
        if report.frames % frames_per_station == 0:
            monkey.coming.clear()
            station.enter(app)
        _one_frame(app, monkey, rng, report)
        _check_boards(app, watches, station.name, report)
    report.crashes = list(app.manager.crashes)
    if not app.store.in_memory:
        folder = Path(app.store.folder)
        report.set_aside = sorted(str(p.relative_to(folder)) for p in folder.rglob("*.bad-*"))
    return report


def _one_frame(app: App, monkey: Monkey, rng: random.Random, report: Report) -> None:
    names = _names_on_show(app)  # what this frame's input is given to
    report.scenes.update(names)
    for event in monkey.next_events(app.manager.current):
        pygame.event.post(event)
    start, start_cpu = time.perf_counter(), time.thread_time()
    app.run(frames=1, fixed_dt=rng.choice(DTS))
    work = (time.perf_counter() - start) * 1000
    report.cpu_ms.append((time.thread_time() - start_cpu) * 1000)
    report.work_ms.append(work)
    top = names[0]
    report.worst_by_scene[top] = max(report.worst_by_scene.get(top, 0.0), work)
    report.notices.update(text for text, _ in app.notices)
    report.frames += 1
    if not app.running:  # a Quit button: a real outcome; carry on from the menu
        report.quits += 1
        app.running = True
        app.go_menu()


def _names_on_show(app: App) -> list[str]:
    """The top scene's name, then what the kiosk shows over it (the seat offer, the countdown)."""
    top = app.manager.current
    names = [top.name if top is not None else "starting"]
    if getattr(top, "offer", None) is not None:
        names.append("seat offer")
    control = app.kiosk_control
    if control is not None and control.countdown is not None:
        names.append("countdown")
    return names


def _board_of(scene: object) -> AnyBoard | None:
    from scenes.boards.base import BoardScene

    if isinstance(scene, BoardScene):
        return scene
    inner = getattr(scene, "board", None)  # the replay viewer's board, the attract loop's
    return inner if isinstance(inner, BoardScene) else None


def _check_boards(app: App, watches: dict[int, BoardWatch], station: str, report: Report) -> None:
    """Every board on the scene stack equals its replay and drew no secret this frame."""
    boards = [b for b in map(_board_of, app.manager.stack) if b is not None]
    for board in boards:
        watch = watches.get(id(board))
        if watch is None:
            watch = watches[id(board)] = BoardWatch(board)
        before = watch.faces_checked
        for what in watch.leaks():
            _keep(report.leaks, (station, what))
        report.faces_checked += watch.faces_checked - before
        why = watch.drift()
        report.replay_checks += 1
        if why is not None:
            _keep(report.drifts, (station, why))
    shown = {id(board) for board in boards}
    for key in [key for key in watches if key not in shown]:
        del watches[key]


def _keep(found: list[tuple[str, str]], item: tuple[str, str]) -> None:
    if item not in found and len(found) < KEPT:
        found.append(item)


def make_parser() -> Parser:
    parser = Parser(
        prog="python main.py bench monkey",
        description="Random input on every scene of the app (dummy video driver), in an "
        "ordinary app and in a kiosk app; one JSON line per seed and mode; exit code 1 if a "
        "scene crashed, a board drifted from its replay, a secret was drawn, the app set aside "
        "a file it wrote itself, or an error escaped the app. Frame work is a figure, never a "
        "failure.",
    )
    parser.add_argument(
        "--frames", type=integer(1, 100_000_000), default=20_000, help="frames per seed and mode"
    )
    parser.add_argument("--seed", type=seed_number, default=1, help="the first seed (default 1)")
    parser.add_argument("--seeds", type=integer(1, 10_000), default=1, help="seeds to run")
    parser.add_argument(
        "--mode",
        choices=("both", "app", "kiosk"),
        default="both",
        help="an ordinary app, a kiosk app (--kiosk, with its screens), or both (default)",
    )
    parser.add_argument(
        "--station-frames",
        type=integer(1, 1_000_000),
        default=150,
        help="frames of input from each station before the next (default 150)",
    )
    parser.add_argument(
        "--speed", type=number(0.1, 10), help="animation speed, as --speed of the app"
    )
    return parser


def main(argv: list[str]) -> int:
    args = make_parser().parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    modes = {"both": (False, True), "app": (False,), "kiosk": (True,)}[args.mode]
    failed = False
    for seed in range(args.seed, args.seed + args.seeds):
        for kiosk in modes:
            report = _run_seed(seed, kiosk, args)
            print(json.dumps(report.as_dict()), flush=True)
            failed = _say_failures(report) or failed
    return 1 if failed else 0


def _say_failures(report: Report) -> bool:
    where = f"monkey: seed {report.seed} ({'kiosk' if report.kiosk else 'app'})"
    for station, why in report.drifts:
        print(f"{where}: from {station}, a board drifted: {why}", file=sys.stderr)
    for station, what in report.leaks:
        print(f"{where}: from {station}, a secret was drawn: {what}", file=sys.stderr)
    for name in report.set_aside:
        print(f"{where}: the app set aside a file it wrote itself: {name}", file=sys.stderr)
    for name, error in report.crashes:
        print(f"{where}: the {name} scene crashed:", file=sys.stderr)
        traceback.print_exception(error, file=sys.stderr)
    return report.failed


def _run_seed(seed: int, kiosk: bool, args: argparse.Namespace) -> Report:
    """One run in a fresh app whose data folder is a temporary one (never the player's)."""
    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLETOP_TRIO_HOME"] = home
        from scenes.app import App, Options
        from scenes.storage.settings import SettingsStore

        store = SettingsStore(Path(home))
        if kiosk:
            from scenes.kiosk.pin import preset_pin

            preset_pin(store)  # as after the first start, when the operator chose it
        app = App(Options(seed=seed, speed=args.speed, kiosk=kiosk), store)
        try:
            return run_monkey(app, seed, args.frames, args.station_frames)
        finally:
            app.close()
