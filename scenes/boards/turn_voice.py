"""`TurnVoice`: what self-voicing says on a board by itself: the move log's new lines (the last
move, in the log's words, which show each seat only what it may know) and whose turn it is when
the turn changes, said once a move's animation is over."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scenes.boards.history import LogLine
from scenes.kit.i18n import N_
from scenes.kit.seats import GameSetup
from scenes.kit.speech import spoken


class TurnVoice:
    """Says the log lines added since it last spoke, and the seat to move when it changes."""

    def __init__(self, say: Callable[[str], object], setup: GameSetup) -> None:
        """`say`: self-voicing's (`Speech.say`); `setup`: the seats' names."""
        self.say = say
        self.setup = setup
        #: (log lines, seat to move) when it last spoke; None before the first time
        self.said: tuple[int, int | None] | None = None

    def update(self, log: Sequence[LogLine], seat: int | None) -> None:
        """Speak what changed since the last time in the move log `log` and the seat to move
        (call while no move is animating)."""
        now = (len(log), seat)
        if now == self.said:
            return
        lines, before = self.said if self.said is not None else (len(log), None)
        self.said = now
        parts = [line.text for line in log[lines:]] if lines <= len(log) else []
        if seat is not None and seat != before:
            parts.append(str(self.setup.says(seat, N_("{name}'s turn"), N_("Your turn"))))
        self.say(spoken(parts))
