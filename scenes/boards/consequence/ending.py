"""How a game of Consequence came out, for the results: the final board with every tile face up
and every scoring pair drawn (CQ-15), each player's pairs counted, and the tie-break (CQ-16)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import consequence as cq
from scenes.boards.consequence import layout
from scenes.boards.making import spectator_board
from scenes.boards.spec import Ending
from scenes.kit.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from game.consequence import ConsequenceView
    from scenes.kit.seats import GameSetup
    from scenes.services import AppServices


def pairs_words(count: int) -> str:
    """ "1 pair", "4 pairs"."""
    return ngettext("{count} pair", "{count} pairs", count).format(count=count)


def ending(app: AppServices, setup: GameSetup, state: cq.State) -> Ending:
    """The final board as drawn by a spectator board of the finished game (every face is up once
    the game is over, CQ-17), and a sentence per player, then the tie-break if there was one."""
    board = spectator_board(app, setup, state)
    picture = board.keeper.board_picture().subsurface(layout.BOARD_FRAME.inflate(8, 8)).copy()
    return Ending(tuple(notes(state, setup)), picture, board)


def notes(state: cq.State | ConsequenceView[cq.State], setup: GameSetup) -> list[str]:
    """Each side's pairs, and the tie-break if there was one (for the results, and a phone's end
    screen from its seat's view of the end, where every tile is face up)."""
    result = state.result
    assert result is not None  # (the game is over)
    said = [
        ngettext(
            "{side} ({name}): {count} pair", "{side} ({name}): {count} pairs", result.scores[seat]
        ).format(side=_(cq.SEAT_NAMES[seat]), name=setup.names[seat], count=result.scores[seat])
        for seat in (cq.MOON, cq.SUN)
    ]
    if result.scores[0] == result.scores[1]:
        if result.draw:
            said.append(_("Equal pairs, and no one alone has four in a line: a draw."))
        elif result.winners[0] == cq.MOON:
            said.append(str(setup.says(
                cq.MOON,
                N_("Equal pairs: {name} wins with four moons in a line."),
                N_("Equal pairs: you win with four moons in a line."),
            )))  # fmt: skip
        else:
            said.append(str(setup.says(
                cq.SUN,
                N_("Equal pairs: {name} wins with four suns in a line."),
                N_("Equal pairs: you win with four suns in a line."),
            )))  # fmt: skip
    return said
