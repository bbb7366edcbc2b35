"""`python main.py bench all`: every figure of the app in one run, one JSON line per figure.

Each line has "figure" (what is measured) and the figures themselves:
- "rules throughput": random full games per second of each rules engine and player count
  (`bench rules`);
- "frame work": update + draw time of each scene at 1920x1080, mean and p99 (`bench frames`);
- "window": frame time and idle CPU in a real X window (`bench window`) when Xvfb or a DISPLAY is
  there, else one line saying why it was skipped;
- "idle cpu": CPU of the app idle on the menu (dummy video driver), percent of one core;
- "start-up": seconds from starting the process to its first menu frame (best and median of 3);
- "peak memory": the largest resident memory of the app through a computer-only game of each
  board;
- "search speed": the search bots' iterations per second, one line per game (`bench ai --speed`);
- "bot strength": the summary of docs/ai-strength.md, when that file exists.

Each figure with a target of issue 30 carries "target" (the target in words) and "met" (whether
this run's figure meets it): read them on a quiet machine only.

Every run is a separate process with its settings in a temporary folder, never the user's.
"""

from __future__ import annotations

import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game import GAMES
from game.core.descriptor import GameType
from scenes.arguments import Parser, integer, number

ROOT = Path(__file__).resolve().parents[2]
AI_STRENGTH = ROOT / "docs" / "ai-strength.md"


def memory_games() -> list[tuple[str, str]]:
    """The games run for peak memory, each with the most seats it takes, all easy computers:
    (game, --seats)."""
    from scenes.boards import BOARDS

    return [
        (game, ",".join(["ai:easy"] * max(spec.game.player_counts)))
        for game, spec in BOARDS.items()
    ]


PEAK_CHILD = """
import json, resource, sys
from scenes.launcher import main
code = main(sys.argv[1:])
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"peak_rss_mb": round(peak, 1), "code": code}), flush=True)
"""


#: The targets of issue 30: (figure, what the line must match, target in words, test of the line)
Check = Callable[[dict[str, Any]], bool]
TARGETS: list[tuple[str, dict[str, Any], str, Check]] = [
    *(
        ("rules throughput", {"game": info.key, "players": 2},
         f">= {info.throughput_target} games/s",
         lambda v, least=info.throughput_target: v["games_per_s"] >= least)
        for info in GAMES.values()
        if info.throughput_target is not None
    ),
    ("rules throughput", {"bench": "patterns"}, "scratch <= 19.3 us (twice 38.5 us)",
     lambda v: v["scratch_us"] <= 19.3),
    ("frame work", {}, "mean < 4 ms and p99 < 8 ms",
     lambda v: v["frame_ms_mean"] < 4 and v["frame_ms_p99"] < 8),
    ("window", {"frame_ms_p99": None}, "frame time p99 < 16.7 ms",
     lambda v: v["frame_ms_p99"] < 16.7),
    ("window", {"cpu_percent_of_one_core": None, "frame_ms_p99": False}, "< 1% of a core",
     lambda v: v["cpu_percent_of_one_core"] < 1),
    ("window", {"seconds_best": None}, "< 0.35 s", lambda v: v["seconds_best"] < 0.35),
]  # fmt: skip
#: ("idle cpu" and "start-up" on the dummy driver have none: the targets are in a real window.)

#: "Not slower" allows this much less than before: the spread of one figure between quiet runs.
SPREAD = 0.97


def _times_before(info: GameType) -> tuple[str, Callable[[dict[str, Any], dict[str, Any]], bool]]:
    """A game's throughput target read on this machine: the issue's target over its figure of
    the code before it (both on the issue's machine), times this machine's figure before."""
    target, before = info.throughput_target, info.throughput_before or info.throughput_target
    assert target is not None and before is not None
    ratio = target / before
    if ratio == 1:
        return (
            f"not slower than before (within {round(100 * (1 - SPREAD))}%)",
            lambda before, after: after["games_per_s"] >= SPREAD * before["games_per_s"],
        )
    return (
        f">= {ratio:.2f} x before ({target} / {before} on the issue's machine)",
        lambda before, after: after["games_per_s"] >= ratio * before["games_per_s"],
    )


#: Issue 30's targets read against the code before it run on this same machine (`--before` of
#: tools/performance_doc.py): the issue measured on another machine and asks to compare runs
#: on one machine. (figure, what the line must match, target in words, test of before, after)
Relative = Callable[[dict[str, Any], dict[str, Any]], bool]
RELATIVE_TARGETS: list[tuple[str, dict[str, Any], str, Relative]] = [
    *(
        ("rules throughput", {"game": info.key, "players": 2}, *_times_before(info))
        for info in GAMES.values()
        if info.throughput_target is not None
    ),
    ("rules throughput", {"bench": "patterns"}, "scratch at most half of before",
     lambda before, after: after["scratch_us"] <= before["scratch_us"] / 2),
]  # fmt: skip


def judged_against(
    figure: str, before: dict[str, Any], after: dict[str, Any]
) -> tuple[str, bool] | None:
    """The relative target `after` answers, in words, and whether it meets it against `before`
    (the same figure of a run before issue 30 on this machine); None without one."""
    for name, wanted, target, check in RELATIVE_TARGETS:
        if name == figure and _matches(after, wanted) and _matches(before, wanted):
            try:
                return target, bool(check(before, after))
            except (KeyError, TypeError):
                return None
    return None


def _matches(values: dict[str, Any], wanted: dict[str, Any]) -> bool:
    """`values` has each wanted key at its value (None: present at all; False: absent)."""
    for key, value in wanted.items():
        if value is None:
            if key not in values:
                return False
        elif value is False:
            if key in values:
                return False
        elif values.get(key) != value:
            return False
    return True


def judged(figure: str, values: dict[str, Any]) -> dict[str, Any]:
    """`values` with the target of issue 30 it answers and whether it is met, if it has one."""
    if "skipped" in values:
        return values
    for name, wanted, target, check in TARGETS:
        if name == figure and _matches(values, wanted):
            try:
                met = bool(check(values))
            except (KeyError, TypeError):
                continue
            return {**values, "target": target, "met": met}
    return values


def emit(figure: str, **values: Any) -> None:
    print(json.dumps({"figure": figure, **judged(figure, values)}), flush=True)


def _env(home: str, video: str = "dummy") -> dict[str, str]:
    env = with_bytecode(dict(os.environ), home)
    env.update(
        TABLETOP_TRIO_HOME=home,
        SDL_VIDEODRIVER=video,
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    return env


def with_bytecode(env: dict[str, str], home: str) -> dict[str, str]:
    """`env` where Python keeps its compiled modules (in `home`, never in the checkout), as an
    installed app does: a shell with PYTHONDONTWRITEBYTECODE would make every start compile
    every module again (about a third of the start-up)."""
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = os.path.join(home, "bytecode")
    return env


def _app(*args: str) -> list[str]:
    return [sys.executable, "-m", "scenes.launcher", *args]


def _json_lines(text: str) -> list[dict[str, Any]]:
    lines = []
    for line in text.splitlines():
        if line.startswith("{"):
            try:
                lines.append(json.loads(line))
            except ValueError:
                continue
    return lines


def run_bench(figure: str, args: list[str], home: str, timeout: float) -> None:
    """Run `main.py bench ARGS` in its own process; each JSON line it prints becomes a figure."""
    try:
        done = subprocess.run(
            _app("bench", *args),
            cwd=ROOT,
            env=_env(home),
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        emit(figure, skipped=f"bench {args[0]} took longer than {timeout:.0f} s")
        return
    lines = _json_lines(done.stdout)
    if done.returncode != 0 or not lines:
        why = (done.stderr.strip().splitlines() or [f"exit code {done.returncode}"])[-1]
        emit(figure, skipped=f"bench {args[0]} failed: {why}")
        return
    for line in lines:
        emit(figure, **line)


def window(home: str, seconds: float) -> None:
    from scenes.bench import xserver

    if xserver.available(("Xvfb",)) and not os.environ.get("DISPLAY"):  # Xvfb missing
        emit("window", skipped="no X server: neither Xvfb (apt-get install xvfb) nor a DISPLAY")
        return
    run_bench("window", ["window", "--seconds", f"{seconds:g}"], home, timeout=2400)


def idle_cpu(home: str, seconds: float) -> None:
    """The app idle on the menu (dummy video driver): CPU of the whole process."""
    process = subprocess.Popen(
        _app(), cwd=ROOT, env=_env(home), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        time.sleep(4.0)  # start-up and the menu's entrance animation
        if process.poll() is not None:
            emit("idle cpu", skipped="the app stopped before it was measured")
            return
        cpu, wall = _cpu_seconds(process.pid), time.monotonic()
        time.sleep(seconds)
        cpu, wall = _cpu_seconds(process.pid) - cpu, time.monotonic() - wall
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    emit(
        "idle cpu",
        case="idle menu (dummy video driver)",
        cpu_percent_of_one_core=round(100 * cpu / wall, 2),
        seconds=round(wall, 1),
    )


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_up(home: str, runs: int = 3) -> None:
    """Seconds from starting the process until it printed the figures of its first frame
    (`--frames 1` prints them right after drawing the menu, before closing), with the modules'
    bytecode kept from a first run as an installed app has it."""
    times = []
    for run in range(runs + 1):  # a first run, not counted, compiles the modules
        begin = time.perf_counter()
        process = subprocess.Popen(
            _app("--frames", "1"),
            cwd=ROOT,
            env=_env(home),
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert process.stdout is not None
        line = process.stdout.readline()
        elapsed = time.perf_counter() - begin
        process.communicate(timeout=60)
        if not line.startswith("{"):
            emit("start-up", skipped="the app printed no figures")
            return
        if run:
            times.append(elapsed)
    emit(
        "start-up",
        case="process start to the first menu frame",
        seconds_best=round(min(times), 3),
        seconds_median=round(statistics.median(times), 3),
        runs=runs,
    )


def peak_memory(home: str, frames: int) -> None:
    """The peak resident memory of the app through a computer-only game of each board."""
    peaks = {}
    for game, seats in memory_games():
        args = ["--game", game, "--seats", seats, "--frames", str(frames), "--speed", "4"]
        done = subprocess.run(
            [sys.executable, "-c", PEAK_CHILD, *args, "--uncapped"],
            cwd=ROOT,
            env=_env(home),
            capture_output=True,
            text=True,
            timeout=600,
        )
        lines = [line for line in _json_lines(done.stdout) if "peak_rss_mb" in line]
        if not lines:
            emit("peak memory", game=game, skipped=f"the app failed ({done.returncode})")
            continue
        peaks[game] = lines[-1]["peak_rss_mb"]
        games = [line.get("games_finished") for line in _json_lines(done.stdout)]
        emit("peak memory", game=game, seats=seats, frames=frames, peak_rss_mb=peaks[game],
             games_finished=next((g for g in games if g is not None), None))  # fmt: skip
    if peaks:
        emit("peak memory", game="all", peak_rss_mb=max(peaks.values()))


def bot_strength() -> None:
    """The summary of docs/ai-strength.md: the rows of its first table under "## Targets" (or of
    its first table, or its first paragraph), each keyed by that table's own header."""
    if not AI_STRENGTH.is_file():
        emit("bot strength", skipped="docs/ai-strength.md is not there yet")
        return
    text = AI_STRENGTH.read_text(encoding="utf-8")
    _, targets, after = text.partition("\n## Targets")
    rows = _first_table(after if targets else text)
    if len(rows) >= 2:
        header, *body = rows
        for row in body:
            emit("bot strength", **dict(zip(header, row, strict=False)))
        return
    paragraph = text.strip().split("\n\n")[1 if text.startswith("#") else 0]
    emit("bot strength", summary=" ".join(paragraph.split()))


def _first_table(text: str) -> list[list[str]]:
    """The cells of the first Markdown table in `text`, header first (separator left out)."""
    rows: list[list[str]] = []
    for line in text.splitlines():
        if line.lstrip().startswith("|"):
            if not re.fullmatch(r"[\s|:-]+", line):
                rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif rows:
            break
    return rows


def make_parser() -> Parser:
    parser = Parser(
        prog="python main.py bench all",
        description="Every figure in one run: rules throughput, frame work per scene, search "
        "speed, the real window (or why not), idle CPU, start-up time, peak memory and the bot "
        "strength summary; one JSON line per figure, with issue 30's target where it has one.",
    )
    parser.add_argument(
        "--seconds",
        type=number(0, 600, above_low=True),
        default=2.0,
        help="seconds per rules engine, and of idle and window measuring (x5) (default 2)",
    )
    parser.add_argument(
        "--frames",
        type=integer(1, 100_000),
        default=300,
        help="frames per scene for frame work, x6 for peak memory (default 300)",
    )
    return parser


def main(argv: list[str]) -> int:
    args = make_parser().parse_args(argv)
    frames = int(args.frames)
    emit(
        "machine",
        python=platform.python_version(),
        system=platform.platform(terse=True),
        cores=os.cpu_count(),
        date=time.strftime("%Y-%m-%d %H:%M %Z"),
        load=[round(x, 2) for x in os.getloadavg()],
    )
    with tempfile.TemporaryDirectory() as home:
        run_bench("rules throughput", ["rules", f"{args.seconds:g}"], home, timeout=900)
        run_bench("frame work", ["frames", str(frames)], home, timeout=900)
        run_bench("search speed", ["ai", "--speed"], home, timeout=600)
        window(home, 5 * args.seconds)
        idle_cpu(home, 5 * args.seconds)
        start_up(home)
        peak_memory(home, 6 * frames)
    bot_strength()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
