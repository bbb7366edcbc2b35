"""The computer players' levels, weakest first: the one list the bots, the setup screen, the
command line, the settings and the saved games all read."""

from __future__ import annotations

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
#: the level a computer seat gets when none is named (`--seats ai`, a new seat in the setup)
DEFAULT_LEVEL = "normal"


def check_level(level: object) -> str:
    """`level` if it is one of LEVELS; ValueError naming the choices otherwise."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    return str(level)
