"""Who sits at a game: `Seat` (a person, or a computer at a level) and `GameSetup`, everything a
board needs to start a game (the seats' default names are scenes.kit.seat_names').

A seat is written `human` or `ai:LEVEL` in the settings, saved games and replays; the command
line also takes `ai` (the default level) and any letter case.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypedDict, cast

from game import GAMES
from game.ai import levels
from game.ai.levels import DEFAULT_LEVEL, LEVELS, check_level
from game.core.descriptor import GameType
from scenes.kit.i18n import Message, _, join_names
from scenes.kit.palette import SeatColour
from scenes.kit.seat_names import Called, bot_name, called, human_name, says

if TYPE_CHECKING:
    from game.ai import Bot

#: the most seats any game has
MAX_SEATS = 4


@dataclass(frozen=True)
class Seat:
    """Who plays one seat: a person (`level` None) or a computer at `level` (one of LEVELS)."""

    level: str | None = None

    def __post_init__(self) -> None:
        if self.level is not None:
            check_level(self.level)

    @classmethod
    def computer(cls, level: str = DEFAULT_LEVEL) -> Seat:
        return cls(level)

    @property
    def is_human(self) -> bool:
        return self.level is None

    def default_name(self, index: int) -> str:
        """The name this seat gets at place `index` when nobody typed one."""
        return human_name(index) if self.is_human else bot_name(index)

    def __str__(self) -> str:
        """The stored form: `human` or `ai:LEVEL`."""
        return "human" if self.level is None else f"ai:{self.level}"

    @classmethod
    def from_str(cls, text: object) -> Seat:
        """The seat stored as `text` (exactly `human` or `ai:LEVEL`); ValueError otherwise."""
        if text == "human":
            return HUMAN
        if isinstance(text, str) and text.startswith("ai:") and text[3:] in LEVELS:
            return cls(text[3:])
        raise ValueError(f"{text!r} is not a seat (human or ai:LEVEL)")

    @classmethod
    def parse(cls, text: str) -> Seat:
        """A seat as the command line writes it: `human`, `ai` or `ai:LEVEL`, in any case;
        ValueError saying what is expected otherwise."""
        words = text.strip().lower()
        if words == "ai":
            return cls(DEFAULT_LEVEL)
        try:
            return cls.from_str(words)
        except ValueError:
            raise ValueError(
                f"bad seat {text!r}: use human, ai, or ai:LEVEL with LEVEL one of "
                f"{', '.join(LEVELS)}"
            ) from None


#: a person's seat
HUMAN = Seat()


def default_names(seats: Sequence[Seat]) -> tuple[str, ...]:
    """Each seat's default name: "Player 1" for a person, a computer's name otherwise."""
    return tuple(seat.default_name(index) for index, seat in enumerate(seats))


#: a seat's colour as saved: [its name, [red, green, blue], its mark] (a list in JSON and in
#: `to_dict`)
ColourData = tuple[str, list[int], str]


class SetupData(TypedDict):
    """A GameSetup as saves and replays keep it (`GameSetup.to_dict`)."""

    game: str
    seats: list[str]  #: each seat as `str(Seat)`
    names: list[str]
    colours: list[ColourData]
    options: dict[str, bool]
    seed: int
    first_player: int


@dataclass(frozen=True)
class GameSetup:
    """Everything a board scene needs to start a game; seat i of the setup is seat i of the state.

    `colours[i]` comes from `palette.seat_colours`; `options` holds the game's options
    (GameType.options keys); `first_player` is the seat that moves first (a game whose seat 0
    always opens has 0).
    """

    game: str
    seats: tuple[Seat, ...]
    names: tuple[str, ...]
    colours: tuple[SeatColour, ...]
    options: dict[str, bool] = field(default_factory=dict)
    seed: int = 0
    first_player: int = 0

    @property
    def players(self) -> int:
        return len(self.seats)

    def is_human(self, seat: int) -> bool:
        return self.seats[seat].is_human

    def level(self, seat: int) -> str | None:
        """The computer level of `seat`, or None for a human seat."""
        return self.seats[seat].level

    @property
    def humans(self) -> int:
        return sum(seat.is_human for seat in self.seats)

    def called(self, seat: int) -> Called:
        """Seat `seat`'s name as a sentence says it: a typed name with the language's honorific,
        a default name ("Player 2", "Pepper") as it is (scenes.kit.seat_names)."""
        return called(self.names[seat], seat)

    def name_with_level(self, seat: int) -> str:
        """Seat `seat`'s name as lists show it, a computer's with its level in the language
        shown: "Pepper (Beginner)"."""
        level = self.level(seat)
        if level is None:
            return self.names[seat]
        # TRANSLATORS: a computer player's name and its level, as lists show them: "Pepper (Easy)"
        return _("{name} ({level})").format(
            name=self.names[seat], level=_(levels.level(level).title)
        )

    def who_plays(self) -> str:
        """Every seat's `name_with_level`, joined as a list says them: "Ada and Pepper (Easy)"."""
        return join_names([self.name_with_level(seat) for seat in range(self.players)])

    def called_names(self) -> tuple[Called, ...]:
        """Every seat's name as a sentence says it (`called`)."""
        return tuple(self.called(seat) for seat in range(self.players))

    def says(self, seat: int, theirs: str, yours: str, **fields: object) -> Message:
        """A sentence about seat `seat`, lazy: `yours` (marked `N_`, "You lay a card") when the
        seat is the reader's, else `theirs` ("{name} lays a card") with the seat's name as
        `{name}` (scenes.kit.seat_names.says); `fields` fill both."""
        return says(self.names[seat], seat, theirs, yours, **fields)

    @property
    def info(self) -> GameType:
        return GAMES[self.game]

    def new_state(self) -> Any:
        """A new game state for this setup (from the game's descriptor)."""
        return self.info.new_game(
            players=self.players, seed=self.seed, first_player=self.first_player, **self.options
        )

    def make_bot(self, seat: int) -> Bot[Any, Any]:
        """The strongest bot of this game at the level of computer seat `seat`."""
        from game.ai import make_bot  # the bots load their search only when a computer plays

        level = self.level(seat)
        if level is None:
            raise ValueError(f"seat {seat} is a human seat")
        return make_bot(self.game, None, level)

    def bot_rng(self, seat: int) -> random.Random:
        """A random generator for seat `seat`'s bot, fixed by the setup's seed."""
        return random.Random(self.seed * 10 + seat)

    def with_seat(self, index: int, seat: Seat, name: str) -> GameSetup:
        """The same setup with `seat` (named `name`) at place `index`."""
        seats, names = list(self.seats), list(self.names)
        seats[index], names[index] = seat, name
        return replace(self, seats=tuple(seats), names=tuple(names))

    def rematch(self, seed: int) -> GameSetup:
        """The same setup with a new seed (for "Rematch")."""
        return replace(self, options=dict(self.options), seed=seed)

    def to_dict(self) -> SetupData:
        """JSON-ready form (for saves and replays)."""
        return {
            "game": self.game,
            "seats": [str(seat) for seat in self.seats],
            "names": list(self.names),
            # (a list, as JSON reads it back: typed as the triple it holds)
            "colours": [
                cast(ColourData, [name, list(rgb), mark]) for name, rgb, mark in self.colours
            ],
            "options": dict(self.options),
            "seed": self.seed,
            "first_player": self.first_player,
        }

    @classmethod
    def from_dict(cls, data: SetupData) -> GameSetup:
        """The setup `to_dict` wrote; KeyError, TypeError or ValueError for one it did not."""
        return cls(
            game=data["game"],
            seats=tuple(Seat.from_str(seat) for seat in data["seats"]),
            names=tuple(data["names"]),
            colours=tuple(_colour(*colour) for colour in data["colours"]),
            options=dict(data.get("options", {})),
            seed=int(data.get("seed", 0)),
            first_player=int(data.get("first_player", 0)),
        )


def _colour(name: str, rgb: Sequence[int], mark: str) -> SeatColour:
    red, green, blue = rgb
    return SeatColour(name, (int(red), int(green), int(blue)), mark)
