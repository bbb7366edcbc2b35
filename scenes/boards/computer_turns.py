"""`ComputerTurns`: a board's computer seats taking their turns (the bots think on threads, in
`scenes.boards.computers`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic

from game.core.protocols import MoveT, StateT, ViewT, to_act
from scenes.boards.board_host import seat_view

if TYPE_CHECKING:
    from scenes.boards.board_host import BoardHost

THINK_SECONDS = 0.6  # the shortest "thinking" cue of a computer player, at speed 1


class ComputerTurns(Generic[StateT, ViewT, MoveT]):
    """A board's computer seats taking their turns: a think started when a computer's turn
    comes, its move played once it is chosen and the thinking cue has shown for a moment."""

    def __init__(self, board: BoardHost[StateT, ViewT, MoveT]) -> None:
        self.board = board
        self.think_time = 0.0

    def step(self, dt: float) -> None:
        """The computer to move thinks on (started now if it was not thinking yet)."""
        board = self.board
        seat = to_act(board.state)
        panel = board.presenter.seats[seat]
        if board.computers.thinking_seat != seat:
            board.computers.start(seat, seat_view(board, seat))
            self.think_time = 0.0
            panel.thinking = True
            return
        self.think_time += dt * board.app.animation_speed
        if self.think_time < THINK_SECONDS:
            return
        move = board.computers.answer()
        if move is None:
            return
        panel.thinking = False
        board.play_computer_move(move)

    def stop(self) -> None:
        """Forget the running think (its move is not wanted any more)."""
        self.board.computers.cancel()
        for panel in self.board.presenter.seats:
            panel.thinking = False
