"""The engine base every game's state builds on: errors, the turn, the move checks, `play`.

Every game module builds on these names so that scenes, bots and tests can treat the games alike
(see shared/design/API.md; results, events, squares and protocols are the modules beside
this one). A game's `State` is an `Engine`: the base holds `play` (check, then
apply), `check`, `parse`, `clone` and the ending; the game fills in its hooks (`_read`,
`_malformed`, `_refused`, `_apply`, `legal_moves`). Views offer the same checks through `Arbiter`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from enum import StrEnum
from typing import Any, ClassVar, Generic, Self, TypeVar, cast

from game.core.events import Event
from game.core.protocols import GameState
from game.core.result import Result
from game.messages import N_

MoveT = TypeVar("MoveT")
#: the refusal of any move once a game is over
GAME_OVER = N_("the game is over")
T = TypeVar("T")


class IllegalMove(ValueError):
    """A move that is not legal now, whatever it was given as; the message says why. The state
    is unchanged."""


class InvalidNotation(IllegalMove):
    """Text that does not parse as a move of the game (as opposed to a well-formed move the rules
    refuse, a plain IllegalMove)."""


# --- states and views ---------------------------------------------------------------------------


class TurnState:
    """Whose turn it is and how the game ended: shared by every game's state and view.

    `_current` is the seat to act (None once over), `_result` how the game ended.
    """

    __slots__ = ("_current", "_result")
    _current: int | None
    _result: Result | None

    @property
    def current_player(self) -> int | None:
        return self._current

    @property
    def is_over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> Result | None:
        return self._result


class Arbiter(Generic[MoveT]):
    """Whether a move is legal now, alike for a game's state and its views: `refusal`, `check`,
    `parse`. Safe for any object or text: the answer is a move or an IllegalMove, never another
    error, and nothing changes.

    A game fills in three hooks: `_read` (notation to move, InvalidNotation when it does not
    parse), `_malformed` (why an object is not a well-formed move of this game: another class,
    fields of the wrong type or out of range) and `_refused` (why a well-formed move is against
    the rules now). `_malformed` answers at once for the moves the game made itself.
    """

    __slots__ = ()
    #: the game's own move objects (its `MadeMoves`): well-formed without a look
    _made: ClassVar[Mapping[int, object]] = {}

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def refusal(self, move: object) -> str | None:
        """Why `move` is not legal now, or None if it is."""
        if self.is_over:
            return GAME_OVER
        why = self._malformed(move)
        return why if why is not None else self._refused(cast(MoveT, move))

    def check(self, move: object) -> MoveT:
        """`move` itself if it is legal now; IllegalMove saying why otherwise."""
        why = self.refusal(move)
        if why is not None:
            raise IllegalMove(why)
        return cast(MoveT, move)

    def parse(self, text: object) -> MoveT:
        """The move written `text`, if legal now: InvalidNotation if it does not parse (or is no
        text at all), IllegalMove if the rules refuse it."""
        if not isinstance(text, str):
            raise InvalidNotation(f"{shown(text)} is not move text")
        move = self._read(text)
        why = GAME_OVER if self.is_over else self._refused(move)
        if why is not None:
            raise IllegalMove(why)
        return move

    # --- the game's hooks ------------------------------------------------------------------------

    def _read(self, text: str) -> MoveT:
        """The move written `text`, not yet checked against the position."""
        raise NotImplementedError

    def _malformed(self, move: object) -> str | None:
        """Why `move` is not a well-formed move of this game, or None."""
        raise NotImplementedError

    def _refused(self, move: MoveT) -> str | None:
        """Why the well-formed `move` is not legal now, or None."""
        raise NotImplementedError


class Engine(TurnState, Arbiter[MoveT]):
    """The base of every game's full `State`: `play` (check, then apply), `clone` and the ending.

    `_COPIED` names the slots holding mutable values and how `clone` copies each; every other
    slot holds an immutable value and is shared by the copies.
    """

    __slots__ = ()
    players: int
    _COPIED: ClassVar[Mapping[str, Callable[[Any], Any]]] = {}
    _clone_plan: ClassVar[tuple[tuple[str, Callable[[Any], Any] | None], ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        slots = [
            name
            for klass in reversed(cls.__mro__)
            for name in klass.__dict__.get("__slots__", ())
            if name != "__weakref__"
        ]
        unknown = set(cls._COPIED) - set(slots)
        if unknown:
            raise TypeError(f"{cls.__name__}._COPIED names no slot: {', '.join(sorted(unknown))}")
        cls._clone_plan = tuple((name, cls._COPIED.get(name)) for name in slots)

    def play(self, move: object) -> list[Event]:
        """Apply a move (or its notation); returns the events, in order. IllegalMove, the state
        unchanged, for anything that is not a legal move now."""
        made = self._made
        if made.get(id(move), made) is move:  # the bots' and playouts' hot path
            if self._result is None and self._refused(move) is None:  # type: ignore[arg-type]
                return self._apply(move)  # type: ignore[arg-type]
        elif isinstance(move, str):
            return self._apply(self.parse(move))
        return self._apply(self.check(move))  # IllegalMove saying why

    def play_legal(self, move: MoveT) -> None:
        """Apply a move taken from this very state's `legal_moves()`, unchecked: the search's
        playouts, which make millions of them (anything else goes through `play`)."""
        self._apply(move)

    def clone(self) -> Self:
        """An independent copy."""
        new = object.__new__(type(self))
        for name, copy in self._clone_plan:
            value = getattr(self, name)
            setattr(new, name, value if copy is None else copy(value))
        return new

    def legal_moves(self) -> list[MoveT]:
        """Every legal move now; empty once the game is over."""
        raise NotImplementedError

    def _apply(self, move: MoveT) -> list[Event]:
        """Play the legal `move`; the events, in order."""
        raise NotImplementedError

    def _conclude(
        self,
        winners: tuple[int, ...],
        scores: tuple[int, ...],
        reason: StrEnum,
        disqualified: tuple[int, ...] = (),
    ) -> Result:
        """End the game: nobody is to act, and the result (a draw when winners share) is set."""
        self._current = None
        self._result = Result(winners, len(winners) > 1, scores, reason, disqualified)
        return self._result


class MadeMoves(dict[int, object]):
    """The move objects a game made itself (legal_moves hands them out), by their id: they are
    well-formed by construction, so a game's `_malformed` looks into anything else only. Holding
    them keeps each id theirs. `made.get(id(move), made) is move` (the registry itself is no
    move, and None is not mistaken for one) is the test, written out on the hot path."""

    def __init__(self, moves: Iterable[object] = ()) -> None:
        super().__init__((id(move), move) for move in moves)

    def add(self, move: T) -> T:
        self[id(move)] = move
        return move


def read_name(names: Mapping[str, T], text: object, what: str) -> T:
    """What `text` names in `names`; InvalidNotation saying it is not `what` otherwise."""
    if isinstance(text, str) and text in names:
        return names[text]
    raise InvalidNotation(f"{shown(text)} is not {what}")


def shown(value: object, limit: int = 80) -> str:
    """`repr(value)` for a message about an object from outside, cut to `limit` characters;
    never raises, whatever the object's `__repr__` does."""
    try:
        text = repr(value)
    except Exception:  # a foreign object's repr may fail in any way; the message must not
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def copy_rows(rows: list[list[T]]) -> list[list[T]]:
    """A list of lists copied one level down (for `Engine._COPIED`)."""
    return [row[:] for row in rows]


# --- helpers for tests, bots and benchmarks -----------------------------------------------------


def random_playout(state: GameState, rng: random.Random, max_moves: int = 10_000) -> list[Any]:
    """Play uniformly random legal moves until the game is over; returns the moves played."""
    played: list[Any] = []
    while not state.is_over:
        moves = state.legal_moves()
        if not moves or len(played) >= max_moves:
            raise RuntimeError(f"game did not end: {len(moves)} legal moves after {len(played)}")
        move = rng.choice(moves)
        state.play(move)
        played.append(move)
    return played
