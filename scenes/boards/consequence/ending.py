"""How a game of Consequence came out, for the results: the final board with every tile face up
and every scoring pair drawn (CQ-15), each player's pairs counted, and the tie-break (CQ-16)."""

from __future__ import annotations

from typing import Any

from game import consequence as cq
from scenes.boards import spectator_board
from scenes.boards.consequence import layout
from scenes.boards.spec import Ending


def pairs_words(count: int) -> str:
    """ "1 pair", "4 pairs"."""
    return f"{count} pair{'s' * (count != 1)}"


def ending(app: Any, setup: Any, state: Any) -> Ending:
    """The final board as drawn by a spectator board of the finished game (every face is up once
    the game is over, CQ-17), and a sentence per player, then the tie-break if there was one."""
    board = spectator_board(app, setup, state)
    canvas = board.board_picture()
    picture = canvas.subsurface(layout.BOARD_FRAME.inflate(8, 8)).copy()
    result = state.result
    notes = [
        f"{cq.SEAT_NAMES[seat]} ({setup.names[seat]}): {pairs_words(result.scores[seat])}"
        for seat in (cq.MOON, cq.SUN)
    ]
    if result.scores[0] == result.scores[1]:
        if result.draw:
            notes.append("Equal pairs, and no one alone has four in a line: a draw.")
        else:
            seat = result.winners[0]
            symbol = cq.SEAT_NAMES[seat].lower()
            notes.append(f"Equal pairs: {setup.names[seat]} wins with four {symbol}s in a line.")
    return Ending(tuple(notes), picture, board)
