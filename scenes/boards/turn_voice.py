"""`TurnVoice`: what self-voicing says on a board by itself: the move log's new lines (the last
move, in the log's words, which show each seat only what it may know) and whose turn it is when
the turn changes, said once a move's animation is over."""

from __future__ import annotations

from typing import Any, Protocol

from scenes.boards.history import GameRecord
from scenes.kit.i18n import N_
from scenes.kit.seats import GameSetup
from scenes.kit.speech import spoken


class VoicedBoard(Protocol):
    """The board, as its voice sees it."""

    app: Any
    setup: GameSetup
    state: Any
    record: GameRecord[Any]


class TurnVoice:
    """Says the log lines added since it last spoke, and the seat to move when it changes."""

    def __init__(self, board: VoicedBoard) -> None:
        self.board = board
        #: (log lines, seat to move) when it last spoke; None before the first time
        self.said: tuple[int, int | None] | None = None

    def update(self) -> None:
        """Speak what changed since the last time (call while no move is animating)."""
        board = self.board
        log = board.record.log
        now = (len(log), board.state.current_player)
        if now == self.said:
            return
        lines, seat = self.said if self.said is not None else (len(log), None)
        self.said = now
        parts = [line.text for line in log[lines:]] if lines <= len(log) else []
        if now[1] is not None and now[1] != seat:
            parts.append(str(board.setup.says(now[1], N_("{name}'s turn"), N_("Your turn"))))
        board.app.speech.say(spoken(parts))
