"""Tabletop Trio: start the app, or run a benchmark (`python main.py bench ...`)."""

from __future__ import annotations

import os
import sys
from importlib import import_module

#: `python main.py bench NAME [args]` -> the module whose `main(args)` runs that benchmark.
BENCHMARKS = {
    "rules": "game.bench",
    "cards": "game.ai.card_balance",
    "frames": "scenes.bench_frames",
    "window": "scenes.bench_window",
}


def bench(argv: list[str]) -> int:
    if not argv or argv[0] not in BENCHMARKS:
        print(f"usage: python main.py bench {{{','.join(BENCHMARKS)}}} [args]", file=sys.stderr)
        return 2
    return import_module(BENCHMARKS[argv[0]]).main(argv[1:])


def main(argv: list[str]) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if argv and argv[0] == "bench":
        return bench(argv[1:])
    from scenes.cli import run

    return run(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
