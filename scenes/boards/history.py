"""What a board remembers of the game: the moves played, the plain-language move log, the turn
starts an undo can return to, and where the pieces of the last turn went (the last-move
marker)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic

from game.core.events import Event, GameOver, TurnPassed
from game.core.protocols import MoveT, StateT
from scenes.kit.i18n import Message, pgettext
from scenes.kit.last_move import Trace

#: what a log line says: text, or lazy messages (drawn in the language shown now), or several
#: such clauses in a row (a move and what it set off)
Said = str | Message | tuple[str | Message, ...]


@dataclass(frozen=True)
class LogLine:
    """One line of the move log: `seat` (None for a note such as "move taken back"), what it
    says, and the art name of a piece drawn before it."""

    seat: int | None
    said: Said
    icon: str | None = None

    @property
    def text(self) -> str:
        """The line in the language shown now."""
        parts = self.said if isinstance(self.said, tuple) else (self.said,)
        return pgettext("move log: between the clauses of a line", " – ").join(map(str, parts))


@dataclass(frozen=True)
class TurnStart(Generic[StateT]):
    """The state when a turn began, and how long the move list and the log were then."""

    state: StateT
    moves: int
    log: int

    @property
    def seat(self) -> int | None:
        return self.state.current_player


class GameRecord(Generic[StateT]):
    """Moves (as notations), the move log, and the turn starts of one game on a board."""

    def __init__(self) -> None:
        self.moves: list[str] = []
        self.log: list[LogLine] = []
        self.turns: list[TurnStart[StateT]] = []
        #: how many times moves were taken back (the kiosk's challenge counts only clean wins)
        self.rewinds = 0
        #: the coach's hints shown: for each, how many moves had been played (kept in the save
        #: and the replay: a game with hints is marked as such)
        self.hints: list[int] = []
        #: where the pieces of the last turn came from and went (the last-move marker)
        self.last_traces: list[Trace] = []
        self.turn_open = True  # the next move begins a turn (undo returns to turn starts)

    @property
    def helped(self) -> bool:
        """Whether the game had help: a move taken back or a hint of the coach (the players'
        record says so)."""
        return self.rewinds > 0 or bool(self.hints)

    def play(
        self,
        state: StateT,
        move: MoveT,
        describe: Callable[[int, MoveT, Sequence[Event]], LogLine],
        traces_of: Callable[[Sequence[Event]], list[Trace]],
    ) -> list[Event]:
        """Play `move` on `state` and record it: its log line (`describe(seat, move, events)`),
        the turn it begins or continues, and where its pieces went (`traces_of(events)`)."""
        seat = state.current_player
        opened = self.turn_open
        if opened:
            self.begin_turn(state)
            self.turn_open = False
        events: list[Event] = state.play(move)
        assert seat is not None  # (the move was legal: a seat was to act)
        self.add(move, describe(seat, move, events))
        traces = traces_of(events)
        self.last_traces = traces if opened else self.last_traces + traces
        if any(isinstance(e, (TurnPassed, GameOver)) for e in events):
            self.turn_open = True
        return events

    def begin_turn(self, state: StateT) -> None:
        """A new turn starts in `state` (a clone is kept for undo)."""
        self.turns.append(TurnStart(state.clone(), len(self.moves), len(self.log)))

    def add(self, move: object, line: LogLine) -> None:
        self.moves.append(str(move))
        self.log.append(line)

    def note(self, text: Said) -> None:
        self.log.append(LogLine(None, text))

    def undo_target(self, has_computers: bool, is_human: Callable[[int], bool]) -> int | None:
        """The turn an undo returns to: the last one in hot seat; with computers, the last turn
        of a person that has a move after it. None when there is nothing to undo."""
        if not self.turns:
            return None
        last = len(self.turns) - 1
        if not has_computers:
            return last if self.turns[last].moves < len(self.moves) else None
        for index in range(last, -1, -1):
            turn = self.turns[index]
            seat = turn.seat
            if seat is not None and is_human(seat) and turn.moves < len(self.moves):
                return index
        return None

    def rewind(self, index: int) -> StateT:
        """Go back to turn start `index`: returns (a clone of) its state; moves and log after
        it are dropped."""
        turn = self.turns[index]
        self.rewinds += 1
        del self.moves[turn.moves :]
        del self.log[turn.log :]
        del self.turns[index:]
        self.turn_open = True
        self.last_traces = []
        return turn.state.clone()


@dataclass(frozen=True)
class UndoRequest:
    """A hot-seat undo waiting for its answer: the turn an allowed undo returns to, the seat
    that asked, the seat that decides (never the asker) and the question in words."""

    turn: int
    asker: int
    decider: int
    question: str
