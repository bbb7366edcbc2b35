"""What every game states about itself before any state exists (as OpenSpiel's game type).

One `GameType` per game, kept in that game's rules module as `DESCRIPTOR` and gathered in
`game.GAMES`. The menu, setup, rules and results scenes and `game.ai` read it; nothing outside a
game's own modules branches on the game's name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Self


class EndReason(StrEnum):
    """Why a game ended. Each game subclasses it with members written
    `NAME = value, text, decided_by_points`: the value is `Result.reason` (API.md), `text` the
    sentence a player reads (`{winner}` and `{loser}` stand for the names), `decided_by_points`
    True when the scores decided the game rather than an instant win or loss."""

    text: str
    decided_by_points: bool

    def __new__(cls, value: str, text: str = "", decided_by_points: bool = False) -> Self:
        member = str.__new__(cls, value)
        member._value_ = value
        member.text = text
        member.decided_by_points = decided_by_points
        return member


@dataclass(frozen=True)
class GameOption:
    """A yes/no option of a game, shown in the setup scene and passed to `new_game`."""

    key: str
    label: str
    default: bool
    help: str


@dataclass(frozen=True)
class GameType:
    """The static facts of one game."""

    key: str  #: the name on the command line and in saves: "whose-foods"
    title: str
    player_counts: tuple[int, ...]
    #: True when a seat may not see everything (hands, face-down symbols): hot seat between
    #: humans then needs the hand-over screen, and bots must work from views
    hidden_information: bool
    pitch: str  #: one line for the menu tile
    end_reasons: type[EndReason]
    new_game: Callable[..., Any]  #: new_game(players=, seed=, first_player=, **options)
    parse_move: Callable[[Any, str], Any]
    state_class: type  #: has the classmethod `from_dict`
    #: the module whose `BOTS` maps each bot name to its class, weakest first (imported by
    #: game.ai.make_bot when a bot is made: the rules never import their players); None: only
    #: the random bot plays it
    bots: str | None = None
    options: tuple[GameOption, ...] = ()
    #: fixed names of the seats' roles (Consequence: Moon opens, Sun follows), or None
    roles: tuple[str, ...] | None = None
    #: seats may choose who opens (False: seat 0 always opens, as in Consequence)
    free_first_player: bool = True
    #: the parts of `State.breakdown` that only ever take points away (cards left in a hand)
    penalties: tuple[str, ...] = ()
    #: the parts of `State.breakdown` in words (marked `N_`), as the results' legend names them
    part_words: Mapping[str, str] | None = None
    #: `bench rules`: random 2-player games a second this engine must reach (issue 30), and what
    #: the code before issue 30 did on the issue's machine (the target read on another machine
    #: is this ratio to that code's figure there: scenes/bench/summary.py); None: no target
    throughput_target: int | None = None
    throughput_before: int | None = None
    #: the longest random playout the tests take a position from: past the game's usual length,
    #: so that finished games are among the positions
    longest_playout: int = 100
    #: the events of a move as one seat may see them (`redact_events(events, seat)`; None: a
    #: spectator); None when every event is public
    redact_events: Callable[[list[Any], int | None], list[Any]] | None = None

    def events_seen_by(self, events: list[Any], seat: int | None) -> list[Any]:
        """`events` as `seat` may see them (a secret of another seat blanked)."""
        return list(events) if self.redact_events is None else self.redact_events(events, seat)

    @property
    def players_text(self) -> str:
        low, high = min(self.player_counts), max(self.player_counts)
        return f"{low} players" if low == high else f"{low}–{high} players"

    def check_setup(self, players: int, first_player: int, options: Mapping[str, object]) -> None:
        """ValueError unless this game is played by `players` with `first_player` opening and
        `options` are among its own."""
        if players not in self.player_counts:
            raise ValueError(f"{self.title} is for {self.players_text}, not {players!r}")
        if first_player not in range(players):
            raise ValueError(f"first_player must be a seat 0..{players - 1}, not {first_player!r}")
        if first_player != 0 and not self.free_first_player:
            role = self.roles[0] if self.roles else "seat 0"
            raise ValueError(f"in {self.title} {role} (seat 0) always opens")
        unknown = set(options) - {option.key for option in self.options}
        if unknown:
            raise ValueError(f"unknown {self.title} option(s): {', '.join(sorted(unknown))}")

    def default_options(self) -> dict[str, bool]:
        return {option.key: option.default for option in self.options}

    def reason(self, value: str) -> EndReason | None:
        """The end reason written `value`, or None if this game has no such ending."""
        try:
            return self.end_reasons(value)
        except ValueError:
            return None

    def from_dict(self, data: dict[str, Any]) -> Any:
        return self.state_class.from_dict(data)  # type: ignore[attr-defined]
