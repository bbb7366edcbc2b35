"""The benchmarks `python main.py bench NAME` runs, by name (the launcher runs them, the command
line's help names them)."""

from __future__ import annotations


def _benchmarks() -> dict[str, str]:
    """`python main.py bench NAME [args]` -> the module whose `main(args)` runs that benchmark
    (each parses its arguments with scenes.arguments.Parser: `--help`, one-line errors, exit 2);
    a game's own benchmarks come from its BoardSpec."""
    from scenes.boards import BOARDS

    games = {name: module for spec in BOARDS.values() for name, module in spec.benchmarks.items()}
    return {
        "rules": "scenes.bench.rules",
        **games,
        "frames": "scenes.bench.frames",
        "window": "scenes.bench.window",
        "monkey": "scenes.bench.monkey",
        "soak": "scenes.bench.soak",
        "lessons": "scenes.bench.lessons",
        "hostile": "scenes.bench.hostile",
        "all": "scenes.bench.summary",
        "ai": "scenes.bench.ai",
        "coach": "scenes.bench.coach",
        "keyboard": "scenes.bench.keyboard",
    }


BENCHMARKS = _benchmarks()
USAGE = f"usage: python main.py bench {{{','.join(BENCHMARKS)}}} [args] (each has --help)"
