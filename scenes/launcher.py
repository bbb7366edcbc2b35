"""Tabletop Trio: start the app, or run a benchmark (`python main.py bench ...`).

Both `python main.py` in a checkout and the installed `tabletop-trio` command (the console
script of pyproject.toml) come here."""

from __future__ import annotations

import os
import sys
from importlib import import_module

from scenes.bench.catalog import BENCHMARKS, USAGE


def bench(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    if not argv or argv[0] not in BENCHMARKS:
        named = f"unknown benchmark {argv[0]!r}; " if argv else ""
        print(f"main.py bench: error: {named}{USAGE}", file=sys.stderr)
        return 2
    return import_module(BENCHMARKS[argv[0]]).main(argv[1:])


def main(argv: list[str]) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from scenes.kit.file_limit import raise_open_files
    from scenes.kit.memory import return_large_blocks_to_the_system

    return_large_blocks_to_the_system()  # steady memory over long runs (see the module)
    raise_open_files()  # room for the phones' server's budget and the app's own files
    try:
        if argv and argv[0] == "bench":
            return bench(argv[1:])
        from scenes.cli import run

        return run(argv)
    except BrokenPipeError:  # the reader of our output went away (`| head`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def console() -> None:
    """The `tabletop-trio` command."""
    sys.exit(main(sys.argv[1:]))


if __name__ == "__main__":
    console()
