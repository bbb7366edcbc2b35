"""The games the app offers, the setup a game starts from, and the registry of board scenes.

`BOARD_SCENES` maps a game name (`whose-foods`, `consequence`, `blanc-noir`) to the board scene
class that plays it, written `"module:Class"` (imported only when a game starts). It starts empty:
each board scene's issue adds its own line. A game without an entry shows "coming soon" on its
menu tile and cannot be started.

A board is a `scenes.boards.base.BoardScene` subclass in its own package
(`scenes/boards/<game>/`: scene, presenter, painter, layout), built as
`Class(app, setup, start_state=None, moves=(), spectator=False)`; the base module says what a
subclass supplies and what the base does for every board.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from importlib import import_module
from typing import Any

from game import GAMES
from game.ai.levels import DEFAULT_LEVEL, LEVELS
from game.descriptor import GameType

#: game name -> "module:Class" of its board scene (see the module docstring).
BOARD_SCENES: dict[str, str] = {
    "whose-foods": "scenes.boards.whose_foods.scene:WhoseFoodsBoard",
    "consequence": "scenes.boards.consequence.scene:ConsequenceBoard",
    "blanc-noir": "scenes.boards.blanc_noir.scene:BlancNoirBoard",
}

__all__ = ["GAMES", "LEVELS", "GameSetup", "board_scene_class", "is_playable", "menu_art"]


def menu_art(game: str) -> str:
    """The art name of `game`'s menu tile (scenes/assets/art/menu_<key>.svg)."""
    return "menu_" + game.replace("-", "_")


def is_playable(game: str) -> bool:
    """True when a board scene is registered for `game` (else its tile says "coming soon")."""
    return game in BOARD_SCENES


def board_scene_class(game: str) -> type:
    """The board scene class registered for `game`; ValueError if there is none yet."""
    try:
        module, name = BOARD_SCENES[game].split(":")
    except KeyError:
        raise ValueError(f"{GAMES[game].title if game in GAMES else game} is coming soon") from None
    return getattr(import_module(module), name)


def parse_seat(text: str) -> str:
    """`human`, `ai` or `ai:LEVEL` -> the seat spec `human` / `ai:LEVEL`; ValueError otherwise."""
    text = text.strip().lower()
    if text == "human":
        return "human"
    if text == "ai":
        return f"ai:{DEFAULT_LEVEL}"
    kind, _, level = text.partition(":")
    if kind == "ai" and level in LEVELS:
        return f"ai:{level}"
    raise ValueError(
        f"bad seat {text!r}: use human, ai, or ai:LEVEL with LEVEL one of {', '.join(LEVELS)}"
    )


@dataclass(frozen=True)
class GameSetup:
    """Everything a board scene needs to start a game; seat i of the setup is seat i of the state.

    `seats[i]` is `"human"` or `"ai:LEVEL"`; `colours[i]` is `(name, rgb, mark)` from
    `palette.seat_colours`; `options` holds the game's options (GameType.options keys);
    `first_player` is the seat that moves first (Consequence: always 0, Moon).
    """

    game: str
    seats: tuple[str, ...]
    names: tuple[str, ...]
    colours: tuple[tuple[str, tuple[int, int, int], str], ...]
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    first_player: int = 0

    @property
    def players(self) -> int:
        return len(self.seats)

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == "human"

    def level(self, seat: int) -> str | None:
        """The computer level of `seat`, or None for a human seat."""
        return None if self.is_human(seat) else self.seats[seat].partition(":")[2]

    @property
    def humans(self) -> int:
        return sum(self.is_human(seat) for seat in range(self.players))

    @property
    def info(self) -> GameType:
        return GAMES[self.game]

    def new_state(self) -> Any:
        """A new game state for this setup (from the game's descriptor)."""
        return self.info.new_game(
            players=self.players, seed=self.seed, first_player=self.first_player, **self.options
        )

    def make_bot(self, seat: int) -> Any:
        """The strongest bot of this game at the level of computer seat `seat`."""
        from game.ai import make_bot

        level = self.level(seat)
        if level is None:
            raise ValueError(f"seat {seat} is a human seat")
        return make_bot(self.game, None, level)

    def bot_rng(self, seat: int) -> random.Random:
        """A random generator for seat `seat`'s bot, fixed by the setup's seed."""
        return random.Random(self.seed * 10 + seat)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (for replays)."""
        data = asdict(self)
        data["colours"] = [[name, list(rgb), mark] for name, rgb, mark in self.colours]
        data["seats"], data["names"] = list(self.seats), list(self.names)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameSetup:
        return cls(
            game=data["game"],
            seats=tuple(data["seats"]),
            names=tuple(data["names"]),
            colours=tuple((name, tuple(rgb), mark) for name, rgb, mark in data["colours"]),
            options=dict(data.get("options", {})),
            seed=int(data.get("seed", 0)),
            first_player=int(data.get("first_player", 0)),
        )

    def rematch(self, seed: int) -> GameSetup:
        """The same setup with a new seed (for "Rematch")."""
        return GameSetup(
            self.game,
            self.seats,
            self.names,
            self.colours,
            dict(self.options),
            seed,
            self.first_player,
        )
