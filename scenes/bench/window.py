"""`python main.py bench window [--seconds S] [--alternatives] [--cpu-share P] [--game-seconds S]`:
the app in a real X server.

Starts its own Xvfb (a 1920x1080 screen) when Xvfb is installed, else uses $DISPLAY, and runs
`python main.py` there on the real X11 video driver, with settings in a temporary folder. Prints
one JSON line per case:

- "start-up": seconds from starting the process until its first menu frame is shown in the
  window (`--frames 1` prints its figures right after it), best and median of 3, the modules'
  bytecode kept from a first run (in the temporary folder) as an installed app has it.
- "idle menu" and "idle GAME board (humans)": the CPU the whole process uses (user + system
  time of all its threads, from /proc, over S seconds after a warm-up) in percent of one core.
- "animating BOARD (computers)", for every board: a whole two-computer game at speed 1,
  fullscreen on the 1920x1080 screen (a 1920x1080 window), to 2 s into its results: the work
  time of drawn frames after a 1 s warm-up (input, update, draw and show: wall time as the
  app's --frames report gives it, and the main thread's CPU time, which other busy programs on
  the machine do not inflate) and the CPU of the whole process meanwhile.

With --cpu-share P (issue 41) the animating cases become the small-machine table: every board,
two computers, fullscreen on a 1920x1080 and on a 1280x720 screen, at full speed and held to P%
of one core (a cgroup CPU quota over 4 ms periods, `scenes.bench.cpu_share`; where none can be
set it says so and stops), each presented whole (`--present-whole`, before) and in parts (after)
one right after the other; one JSON line per game, then the table in Markdown (wall time and CPU
time of the drawing thread, p99 and mean). --game-seconds S measures only each game's first S s.

With --alternatives it first prints what showing one 1920x1080 canvas costs with each way of
presenting it that was weighed (pygame's SCALED, an _sdl2 Renderer with OpenGL or in software,
the window surface with our own scaling) in windows of 1280x720, 1920x1080 and 2560x1440.

GAME is the first game on the menu without hidden information (two people share its board with
no hand-over screen in between).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING

from scenes.bench.summary import with_bytecode

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.bench.cpu_share import CpuShare

ROOT = Path(__file__).resolve().parents[2]
SCREEN = (1920, 1080)
#: seconds a measured computer game may take at most (at 60 frames a second), and how long
#: its results are shown before the measuring stops
GAME_LIMIT = 600
RESULTS_SECONDS = 2


def open_game() -> str:
    """The game measured: the first on the menu without hidden information."""
    from scenes.boards import BOARDS

    return next(key for key, spec in BOARDS.items() if not spec.game.hidden_information)


# --- the child: the app itself, measuring its frames' CPU time -----------------------------------
def _measuring_app(warm_up: int, whole_game: bool = False) -> type[App]:
    """An App that, from frame `warm_up` on (start-up and first drawings left out), keeps each
    drawn frame's work time (wall, as the app does) and the main thread's CPU time for it; its
    --frames report then covers only those, with the CPU figures added and the whole process's
    CPU meanwhile. With `whole_game` it quits RESULTS_SECONDS after a game has finished."""
    from scenes.app import App

    cpu_ms: list[float] = []
    since: list[float] = []  # process CPU time and wall time at the warm-up's end
    finished_at: list[int] = []  # the frame at which the first game finished

    class MeasuringApp(App):
        def frame(self, dt: float, elapsed: float | None = None) -> bool:
            start = time.thread_time()
            drawn = super().frame(dt, elapsed)
            if self.frames == warm_up:
                self.frame_ms.clear()
                since[:] = [time.process_time(), time.monotonic()]
            elif self.frames > warm_up and drawn:
                cpu_ms.append((time.thread_time() - start) * 1000)
            if whole_game and self.games_finished and not finished_at:
                finished_at.append(self.frames)
            if finished_at and self.frames >= finished_at[0] + RESULTS_SECONDS * 60:
                self.running = False
            return drawn

        def stats(self) -> dict[str, object]:
            report = super().stats()
            times = sorted(cpu_ms) or [0.0]
            report["frame_cpu_ms_mean"] = round(sum(times) / len(times), 3)
            report["frame_cpu_ms_p99"] = round(times[int(len(times) * 0.99)], 3)
            report["frames_measured"] = len(cpu_ms)
            if since:
                cpu, wall = time.process_time() - since[0], time.monotonic() - since[1]
                report["cpu_percent_of_one_core"] = round(100 * cpu / max(wall, 1e-9), 2)
            return report

    return MeasuringApp


def child(argv: list[str]) -> int:
    from scenes.app import App
    from scenes.cli import run

    if argv and argv[0] == "--warm-up":
        warm_up, rest = int(argv[1]), argv[2:]
        whole_game = bool(rest) and rest[0] == "--whole-game"
        return run(rest[1:] if whole_game else rest, _measuring_app(warm_up, whole_game))
    return run(argv, App)


# --- measuring ----------------------------------------------------------------------------------
def _cpu_seconds(pid: int) -> float:
    """User + system time so far of process `pid`, all its threads."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _start(
    env: dict[str, str],
    args: list[str],
    warm_up: int = 0,
    whole_game: bool = False,
    share: CpuShare | None = None,
) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "scenes.bench.window", "--child"]
    command += ["--warm-up", str(warm_up)] if warm_up else []
    command += ["--whole-game"] if warm_up and whole_game else []
    command += args
    return subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=None if share is None else share.preexec,
    )


def _stop(process: subprocess.Popen[str]) -> str:
    if process.poll() is None:
        process.terminate()
    try:
        out, _ = process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        out, _ = process.communicate()
    return out


def measure_idle(
    env: dict[str, str], name: str, args: list[str], seconds: float
) -> dict[str, object]:
    process = _start(env, args)
    try:
        time.sleep(4.0)  # start-up, art, the entrance animation
        if process.poll() is not None:
            _, err = process.communicate()
            raise RuntimeError(f"{name}: the app stopped: {err[-800:]}")
        cpu, wall = _cpu_seconds(process.pid), time.monotonic()
        time.sleep(seconds)
        cpu, wall = _cpu_seconds(process.pid) - cpu, time.monotonic() - wall
    finally:
        _stop(process)
    return {
        "case": name,
        "cpu_percent_of_one_core": round(100 * cpu / wall, 2),
        "seconds": round(wall, 1),
    }


def measure_start_up(env: dict[str, str], runs: int = 3) -> dict[str, object]:
    times = []
    for run in range(runs + 1):  # a first run, not counted, compiles the modules
        begin = time.perf_counter()
        process = _start(env, ["--frames", "1"])
        assert process.stdout is not None
        line = process.stdout.readline()
        elapsed = time.perf_counter() - begin
        _stop(process)
        if not line.startswith("{"):
            raise RuntimeError("the app printed no figures after its first frame")
        if run:
            times.append(elapsed)
    times.sort()
    return {
        "case": "start-up: process start to the first menu frame in the window",
        "seconds_best": round(times[0], 3),
        "seconds_median": round(times[len(times) // 2], 3),
        "runs": runs,
    }


def measure_animating(
    env: dict[str, str],
    game: str,
    screen: tuple[int, int] = SCREEN,
    whole: bool = False,
    share: CpuShare | None = None,
    seconds: float | None = None,
) -> dict[str, object]:
    """A whole two-computer game of `game` (Normal against Normal, speed 1), fullscreen on
    `env`'s screen of size `screen`, from its first second to RESULTS_SECONDS into its results
    (or its first `seconds` only). `whole`: every frame drawn and shown whole, as before
    issue 41 (--present-whole); `share`: the app held to that CPU quota."""
    args = ["--game", game, "--seats", "ai,ai", "--speed", "1", "--seed", "3", "--fullscreen"]
    args += ["--present-whole"] if whole else []
    frames = GAME_LIMIT * 60 if seconds is None else 60 + round(seconds * 60)
    process = _start(env, [*args, "--frames", str(frames)], 60, True, share)
    try:
        out, err = process.communicate(timeout=GAME_LIMIT * (4 if share else 1) + 60)
    finally:
        if process.poll() is None:
            _stop(process)
    if process.returncode != 0:
        raise RuntimeError(f"the computer game of {game} stopped: {err[-800:]}")
    report = json.loads(out.strip().splitlines()[-1])
    size = f"{screen[0]}x{screen[1]}"
    return {
        "case": f"animating {game} (computers), {size} window, "
        + ("a whole game" if seconds is None else f"its first {seconds:g} s"),
        "present": "whole (before)" if whole else "parts (after)",
        "cpu_share": f"{share.percent:g}% of one core" if share else "full speed",
        "frame_ms_mean": report["frame_ms_mean"],
        "frame_ms_p99": report["frame_ms_p99"],
        "frame_cpu_ms_mean": report["frame_cpu_ms_mean"],
        "frame_cpu_ms_p99": report["frame_cpu_ms_p99"],
        "frames_measured": report["frames_measured"],
        "frames": report["frames"],
        "frames_drawn": report.get("frames_drawn", report["frames"]),
        "games_finished": report["games_finished"],
        "cpu_percent_of_one_core": report["cpu_percent_of_one_core"],
        "load": _load(),
    }


def _load() -> str:
    """The machine's load averages (1, 5, 15 minutes): figures taken beside other work are
    indicative only."""
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


# --- the small-machine table (issue 41) ----------------------------------------------------------
#: the window sizes of the table: the kiosk's screen, and a laptop's scaled window
TABLE_SCREENS = ((1920, 1080), (1280, 720))


def measure_table(
    screens: dict[tuple[int, int], dict[str, str]], percent: float, seconds: float | None
) -> int:
    """Every board, two computers, each screen of `screens`, at full speed and held to
    `percent`% of one core, presented whole (before) and in parts (after), one after the other
    for each case so the machine's load touches both alike; one JSON line per game, then the
    table. Returns 1 (said, nothing pretended) where no CPU quota can be set."""
    from scenes.bench.cpu_share import CpuShare, QuotaUnavailable
    from scenes.boards import BOARDS

    try:
        with CpuShare(percent):
            pass
    except QuotaUnavailable as error:
        print(json.dumps({"case": f"CPU share {percent:g}%", "error": str(error)}), flush=True)
        return 1
    began, load = time.monotonic(), _load()
    cells: dict[tuple[str, str, str], dict[str, object]] = {}
    for screen, env in screens.items():
        for board in BOARDS:
            for capped in (False, True):
                for whole in (True, False):
                    with ExitStack() as stack:
                        share = stack.enter_context(CpuShare(percent)) if capped else None
                        row = measure_animating(env, board, screen, whole, share, seconds)
                    print(json.dumps(row), flush=True)
                    column = f"{screen[0]}x{screen[1]} " + (
                        f"at {percent:g}%" if capped else "full"
                    )
                    cells[(board, column, "before" if whole else "after")] = row
    print(_table(cells, load, time.monotonic() - began), flush=True)
    return 0


def _table(cells: dict[tuple[str, str, str], dict[str, object]], load: str, took: float) -> str:
    """The issue's table in Markdown, frame p99 (mean) in ms, before -> after: the frames' work
    in wall time (the issue's figure), then in CPU time of the drawing thread (which other
    programs on a busy machine inflate less)."""
    from scenes.boards import BOARDS

    columns = list(dict.fromkeys(column for _board, column, _when in cells))
    lines = []
    for figure, title in (("frame_ms", "wall time"), ("frame_cpu_ms", "CPU time")):
        lines += [
            f"| board ({title}) | " + " | ".join(columns) + " |",
            "|---|" + "---|" * len(columns),
        ]
        for board in BOARDS:
            row = [board]
            for column in columns:
                before, after = cells[(board, column, "before")], cells[(board, column, "after")]
                row.append(
                    f"{before[figure + '_p99']} ({before[figure + '_mean']}) -> "
                    f"{after[figure + '_p99']} ({after[figure + '_mean']})"
                )
            lines.append("| " + " | ".join(row) + " |")
        lines.append("")
    lines.append(
        f"frame work p99 (mean) in ms, before (presented whole) -> after (parts); load at the "
        f"start {load}, at the end {_load()}; {took / 60:.0f} min"
    )
    return "\n".join(lines)


# --- the alternatives -----------------------------------------------------------------------------
ALTERNATIVE = r"""
import json, os, sys, time
mode, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
if mode != "scaled":
    os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "0"
import pygame
pygame.display.init()
size = (1920, 1080)
canvas = pygame.Surface(size)
stripes = pygame.Surface(size)
for x in range(0, 1920, 40):
    pygame.draw.rect(stripes, ((x * 7) % 255, (x * 3) % 255, 120), (x, 0, 40, 1080))
if mode == "scaled":
    import warnings
    warnings.simplefilter("ignore")
    screen = pygame.display.set_mode(size, pygame.SCALED | pygame.RESIZABLE)
    pygame.Window.from_display_module().size = (width, height)
    def show():
        screen.blit(canvas, (0, 0))
        pygame.display.flip()
elif mode.startswith("renderer"):
    from pygame._sdl2.video import Renderer, Texture
    window = pygame.Window("bench", (width, height))
    renderer = Renderer(window, accelerated=0 if mode == "renderer-software" else 1)
    renderer.logical_size = size
    texture = Texture(renderer, size, streaming=True, scale_quality=1)
    def show():
        texture.update(canvas)
        renderer.clear()
        texture.draw()
        renderer.present()
else:
    from scenes.window import Screen
    screen = Screen("bench")
    screen.window.size = (width, height)
    canvas = screen.canvas
    show = screen.present
times = []
for k in range(230):
    pygame.event.pump()
    canvas.blit(stripes, (0, 0))
    pygame.draw.circle(canvas, (255, 255, 255), (100 + (k * 7) % 1700, 540), 80)
    start = time.perf_counter()
    show()
    if k >= 30:
        times.append((time.perf_counter() - start) * 1000)
times.sort()
print(json.dumps({"mean": sum(times) / len(times), "p99": times[int(len(times) * 0.99)]}))
"""

MODES = {
    "scaled": "pygame SCALED (OpenGL renderer)",
    "renderer-gl": "_sdl2 Renderer, OpenGL, logical size",
    "renderer-software": "_sdl2 Renderer, software, logical size",
    "surface": "window surface, own scaling (chosen)",
}


def measure_alternatives(env: dict[str, str]) -> None:
    for mode, title in MODES.items():
        for size in ((1280, 720), (1920, 1080), (2560, 1440)):
            done = subprocess.run(
                [sys.executable, "-c", ALTERNATIVE, mode, str(size[0]), str(size[1])],
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
                timeout=120,
                check=False,
            )
            row: dict[str, object] = {"present": title, "window": f"{size[0]}x{size[1]}"}
            try:
                figures = json.loads(done.stdout.strip().splitlines()[-1])
                row["show_ms_mean"] = round(figures["mean"], 2)
                row["show_ms_p99"] = round(figures["p99"], 2)
            except (IndexError, ValueError):
                row["error"] = done.stderr.strip().splitlines()[-1:] or "no output"
            print(json.dumps(row), flush=True)


# --- main -----------------------------------------------------------------------------------------
def main(argv: list[str]) -> int:
    if argv and argv[0] == "--child":
        return child(argv[1:])
    parser = argparse.ArgumentParser(prog="main.py bench window", description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0, help="measuring time per case")
    parser.add_argument("--alternatives", action="store_true", help="also time each way to show")
    parser.add_argument(
        "--cpu-share",
        type=float,
        metavar="PERCENT",
        help="print the small-machine table instead of the animating cases: every board at "
        "1920x1080 and 1280x720, at full speed and held to PERCENT%% of one core (a cgroup "
        "CPU quota, 4 ms periods), presented whole (before) and in parts (after)",
    )
    parser.add_argument(
        "--game-seconds",
        type=float,
        metavar="S",
        help="measure only the first S seconds of each computer game (default: the whole game)",
    )
    args = parser.parse_args(argv)
    from scenes.bench import xserver

    with ExitStack() as stack:
        home = stack.enter_context(tempfile.TemporaryDirectory())
        if not xserver.available(("Xvfb",)):
            x = stack.enter_context(xserver.Xvfb(*SCREEN))
            env = x.env()
        elif os.environ.get("DISPLAY"):
            env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
            env["SDL_VIDEODRIVER"] = "x11"
        else:
            print("bench window needs Xvfb (apt-get install xvfb) or a DISPLAY", file=sys.stderr)
            return 2
        env.update(TABLETOP_TRIO_HOME=home, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        env = with_bytecode(env, home)
        if args.alternatives:
            big = stack.enter_context(xserver.Xvfb(2560, 1440))
            measure_alternatives({**env, "DISPLAY": big.display})
        print(json.dumps(measure_start_up(env)), flush=True)
        game = open_game()
        cases = [
            ("idle menu", []),
            (f"idle {game} board (humans)", ["--game", game, "--seats", "human,human"]),
        ]
        for name, case_args in cases:
            print(json.dumps(measure_idle(env, name, case_args, args.seconds)), flush=True)
        if args.cpu_share is not None:
            screens = {SCREEN: env}
            for size in TABLE_SCREENS:
                if size not in screens:
                    other = stack.enter_context(xserver.Xvfb(*size))
                    screens[size] = {**env, "DISPLAY": other.display}
            return measure_table(screens, args.cpu_share, args.game_seconds)
        from scenes.boards import BOARDS

        for board in BOARDS:
            figures = measure_animating(env, board, seconds=args.game_seconds)
            print(json.dumps(figures), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
