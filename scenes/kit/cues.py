"""`TurnCue`: the "your turn" sound, once each time a person at this screen comes to move."""

from __future__ import annotations

from collections.abc import Callable, Hashable


class TurnCue:
    """Asks for the "turn" cue when the turn a person here may play is a new one."""

    def __init__(self, play: Callable[[str], object]) -> None:
        self.play = play
        self.cued: Hashable | None = None  #: the last turn the cue was asked for

    def update(self, turn: Hashable | None) -> None:
        """`turn`: what tells this turn from the others (the number of moves played and the
        seat to move), or None while no person here may move; a new turn plays the cue once."""
        if turn is not None and turn != self.cued:
            self.cued = turn
            self.play("turn")
