"""Command-line arguments for `main.py` and every benchmark: one parser class whose errors are one
line on stderr with exit code 2, and typed, range-checked values.

    parser = Parser(prog="python main.py bench frames", description=...)
    parser.add_argument("frames", nargs="?", type=integer(1, 1_000_000), default=300)
    args = parser.parse_args(argv)   # `abc`, `0`, `1.5`: one line, SystemExit(2)
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from typing import NoReturn


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose every error is one line on stderr and exit code 2."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: error: {message}", file=sys.stderr, flush=True)
        raise SystemExit(2)


def integer(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argument type: a whole number from `low` to `high` (no upper limit if None)."""
    wanted = (
        f"a whole number from {low} to {high}" if high is not None else f"a whole number >= {low}"
    )

    def convert(text: str) -> int:
        try:
            value = int(text, 10)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {wanted}") from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{text!r} is not {wanted}")
        return value

    convert.__name__ = wanted
    return convert


def number(low: float, high: float, *, above_low: bool = False) -> Callable[[str], float]:
    """An argument type: a finite number from `low` to `high` (greater than `low` if
    `above_low`); `nan` and `inf` are refused."""
    if above_low:
        wanted = f"a number above {low:g} and at most {high:g}"
    else:
        wanted = f"a number from {low:g} to {high:g}"

    def convert(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {wanted}") from None
        in_range = value > low if above_low else value >= low
        if not (math.isfinite(value) and in_range and value <= high):
            raise argparse.ArgumentTypeError(f"{text!r} is not {wanted}")
        return value

    convert.__name__ = wanted
    return convert


def any_integer(text: str) -> int:
    """An argument type: any whole number (a seed)."""
    try:
        return int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
