"""What a lesson is made of: data a game's board package writes (`scenes/boards/<game>/lesson.py`)
and the runner plays on the real board.

A `Lesson` is a few `Step`s. Its words are whole sentences marked with `N_` (translated
where they are shown). A step may set up a new `Position` (a diagram the game's engine
reads, with what a diagram cannot show), or go on from where the last one ended. Its `beats`
are the moves in order: the person's (`You`: the moves it accepts, the first of them glowing)
and the other seat's scripted replies (`Reply`). After them a `Callout` names what happened
and points at it. A `Wrong` is a legal move a step turns down with a reason of its own.

Whatever a lesson claims (a capture, a push-off, a score) is a `Claim`, checked against the
events the engine returns (`scenes.boards.lessons.check`): a lesson the engine disagrees with
is refused with the reason. Claims that read only the common state API are here; each game
adds its own in its lesson module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.core.events import Event
from game.core.protocols import GameState
from scenes.kit.i18n import N_


class Claim(Protocol):
    """Something a lesson says the engine does."""

    def check(self, events: Sequence[Event], state: Any) -> str | None:
        """Why the engine's `events` (of the moves the claim is about) and the `state` after
        them disagree with the claim; None when they agree. `state` is the lesson's game's
        `State` (a game's own claims take its type; the claims below, any `GameState`)."""


@dataclass(frozen=True)
class Position:
    """A position written as the game's diagram; `details` are the keyword arguments of its
    `from_diagram` for what a diagram cannot show (whose turn, hands, the deck...)."""

    diagram: str
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Wrong:
    """A legal move the step turns down with `words` (why it is not the move wanted); `claims`
    say what the engine would make of it (checked on a copy, never played)."""

    move: str
    words: str
    claims: tuple[Claim, ...] = ()


@dataclass(frozen=True)
class You:
    """The person's move: any of `moves` (notation) is accepted, the first glows. Another legal
    move is answered by its `Wrong`, if the step names it, else by `not_this`."""

    moves: tuple[str, ...]
    not_this: str = N_("That move is allowed, but it is not the one this step asks for.")
    wrong: tuple[Wrong, ...] = ()

    def answer(self, move: str) -> str:
        """Why `move` (a legal move, not accepted) is turned down."""
        return next((w.words for w in self.wrong if w.move == move), self.not_this)


@dataclass(frozen=True)
class Reply:
    """The other seat's scripted move (notation), played with its real animation."""

    move: str


Beat = You | Reply


@dataclass(frozen=True)
class Callout:
    """What the step's moves did, in a player's words: `at` names the spots it points at (each
    board says where its spots are: squares in the game's notation, `hand N`...); `claims` are
    what the engine must say about the step's moves."""

    words: str
    at: tuple[str, ...] = ()
    claims: tuple[Claim, ...] = ()


@dataclass(frozen=True)
class Step:
    """One goal: a sentence in a player's words, the beats, the callout after them."""

    goal: str
    beats: tuple[Beat, ...]
    callout: Callout
    #: a new position for this step; None: go on from where the step before ended
    position: Position | None = None


@dataclass(frozen=True)
class Lesson:
    """A guided first game of one game (see the module)."""

    game: str  #: the game's key
    #: the game's `from_diagram(diagram, **details)`: how a `Position` becomes a state
    start: Callable[..., GameState[object]]
    steps: tuple[Step, ...]
    #: what the person has learnt, for the lesson's last screen
    summary: str
    players: int = 2
    you: int = 0  #: the person's seat; every other seat is scripted
    #: the names on the board: the person's, then the scripted seats'
    names: Sequence[str] = (N_("You"), N_("Pepper"))
    #: the key of a game option the last screen offers to turn on for the games that follow
    #: (an aid that is off by default), or None
    offer: str | None = None


# --- claims every game can make ----------------------------------------------------------------


@dataclass(frozen=True)
class Wins:
    """The game is over and `seat` alone has won."""

    seat: int

    def check(self, events: Sequence[Event], state: GameState[object]) -> str | None:
        result = state.result
        if result is None:
            return f"the game was meant to be over, won by seat {self.seat}, but it goes on"
        if result.draw or tuple(result.winners) != (self.seat,):
            return f"seat {self.seat} was meant to win, but the winners are {result.winners}"
        return None


@dataclass(frozen=True)
class Scores:
    """The game is over with these end-of-game scores, one per seat."""

    scores: tuple[int, ...]

    def check(self, events: Sequence[Event], state: GameState[object]) -> str | None:
        result = state.result
        if result is None:
            return f"the game was meant to end {self.scores}, but it goes on"
        if tuple(result.scores) != self.scores:
            return f"the scores were meant to be {self.scores}, not {tuple(result.scores)}"
        return None


@dataclass(frozen=True)
class GoesOn:
    """The game is not over."""

    def check(self, events: Sequence[Event], state: GameState[object]) -> str | None:
        return "the game was meant to go on, but it is over" if state.is_over else None
