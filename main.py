"""Tabletop Trio from a checkout: `python main.py [options]`, or `python main.py bench ...`
(installed, the same is the `tabletop-trio` command; see scenes/launcher.py)."""

from __future__ import annotations

from scenes.launcher import BENCHMARKS, USAGE, bench, console, main

__all__ = ["BENCHMARKS", "USAGE", "bench", "main"]

if __name__ == "__main__":
    console()
