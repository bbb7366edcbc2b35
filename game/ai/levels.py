"""The computer players' ladder, weakest first: Beginner, Easy, Normal, Hard, Expert.

Every place that names a level (the bots, `bench ai`, the setup screen, the seats
`Seat("LEVEL")`, stored as `ai:LEVEL` in saved games, settings and the command line) reads it from
here. Saved games and
settings from before the ladder hold `ai:easy`, `ai:normal` or `ai:hard`: those names are kept,
with the same meaning (the same budget and search), so old saves load as they were.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.messages import N_


@dataclass(frozen=True)
class Level:
    """One step of the ladder."""

    #: the name in seat specs, settings and the command line (`ai:easy`)
    key: str
    #: the name a player reads (marked with N_: translated where it is shown)
    title: str
    #: the bot that plays it (`game.ai` bot name): `beginner`, or `search` within a budget
    bot: str
    #: think budget per move, in seconds of one core (0: no search)
    seconds: float
    #: how often the search plays a runner-up move instead of its best (human-like slips)
    slip: float
    #: who it is, in a few plain words (the setup screen; marked with N_)
    blurb: str
    #: its step over the level below (`bench ai`'s target): the least share of decided games
    #: it wins, the least low end of that share's 95% interval (above it, not at it), and
    #: the games the match needs before its figure counts (fewer: the row is partial, and the
    #: setup screen shows no words from it)
    step: tuple[float, float, int] = (0.6, 0.5, 40)

    @property
    def face(self) -> str:
        """The art name of its face (assets/art/level_<key>.svg)."""
        return f"level_{self.key}"


LADDER: tuple[Level, ...] = (
    Level(
        "beginner",
        N_("Beginner"),
        "beginner",
        0.0,
        0.0,
        N_("Plays like someone in their first game"),
    ),
    Level("easy", N_("Easy"), "search", 0.1, 0.25, N_("Thinks a moment, slips now and then")),
    Level("normal", N_("Normal"), "search", 0.33, 0.0, N_("A steady player")),
    Level("hard", N_("Hard"), "search", 1.0, 0.0, N_("Reads the game well")),
    Level(
        "expert",
        N_("Expert"),
        "search",
        3.0,
        0.0,
        N_("Thinks longest and sees furthest"),
        step=(0.65, 0.55, 80),  # the top of the ladder clearly above Hard (issue 43)
    ),
)
#: The level keys, weakest first.
LEVELS: tuple[str, ...] = tuple(level.key for level in LADDER)
#: The level a new computer seat starts at.
DEFAULT_LEVEL = "normal"
#: Seconds of search per move by level (0: the level does not search).
SECONDS: dict[str, float] = {level.key: level.seconds for level in LADDER}
#: How often each level plays a runner-up move instead of its best.
SLIPS: dict[str, float] = {level.key: level.slip for level in LADDER}

#: Games a match needs before its figure counts: `bench ai` judges a row's target only from
#: this many (fewer: the row says it is partial), and the setup screen shows words only for
#: such rows; a level's step over the one below may ask for more (`games_needed`).
TARGET_GAMES = 40

_BY_KEY = {level.key: level for level in LADDER}


def level(key: str) -> Level:
    """The level called `key`; ValueError naming the levels otherwise."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise ValueError(f"unknown level {key!r}; choose one of {', '.join(LEVELS)}") from None


def check_level(key: object) -> str:
    """`key` if it is one of LEVELS; ValueError naming the choices otherwise."""
    if key not in _BY_KEY:
        raise ValueError(f"unknown level {key!r}; choose one of {', '.join(LEVELS)}")
    return str(key)


def games_needed(key: str, opponent: str | None = None) -> int:
    """The games a match of level `key` against `opponent` (by default the level below) needs
    before its figure counts: its step's own number against the level below, else
    TARGET_GAMES."""
    if opponent is None or opponent == below(key):
        return max(TARGET_GAMES, level(key).step[2])
    return TARGET_GAMES


def below(key: str) -> str | None:
    """The level one step below `key` (None for the first)."""
    index = LEVELS.index(key)
    return LEVELS[index - 1] if index else None


def at_least(key: str, floor: str) -> bool:
    """Is level `key` at `floor` or above? (A game's search gives some of its knowledge to the
    levels from one step up.)"""
    return LEVELS.index(key) >= LEVELS.index(floor)
