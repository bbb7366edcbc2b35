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


#: the largest seed: seeds are 63-bit, so that every tool and file keeps them as they are
MAX_SEED = 2**63 - 1


def quoted(text: str, limit: int = 24) -> str:
    """`text` quoted for an error message, cut to about `limit` characters."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text)} chars)"


def _whole(text: str) -> int | None:
    """The whole number written `text` in ASCII digits (an optional sign), or None."""
    digits = text.strip()
    if digits[:1] in "+-":
        digits = digits[1:]
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 30:
        return None
    return int(text, 10)


def integer(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argument type: a whole number from `low` to `high` (no upper limit if None), written
    in ASCII digits."""
    wanted = (
        f"a whole number from {low} to {high}" if high is not None else f"a whole number >= {low}"
    )

    def convert(text: str) -> int:
        value = _whole(text)
        if value is None or value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{quoted(text)} is not {wanted}")
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
            value = float(text) if text.isascii() and len(text) <= 40 else math.nan
        except ValueError:
            raise argparse.ArgumentTypeError(f"{quoted(text)} is not {wanted}") from None
        in_range = value > low if above_low else value >= low
        if not (math.isfinite(value) and in_range and value <= high):
            raise argparse.ArgumentTypeError(f"{quoted(text)} is not {wanted}")
        return value

    convert.__name__ = wanted
    return convert


seed_number = integer(0, MAX_SEED)
seed_number.__doc__ = "An argument type: a seed, a whole number from 0 to 2**63 - 1."
