"""Which piece faces a seat of Whose Foods may see drawn (checked by scenes.bench.board_checks).
There are no secrets between seats, but in memory mode a piece covered before and after the
last move is never drawn (WF-10): only the top of such a square."""

from __future__ import annotations

from game import whose_foods as wf
from game.core.grid import parse_square
from scenes.boards.base import BoardScene
from scenes.boards.spec import FaceCheck
from scenes.boards.whose_foods.presenter import Presenter


def may_draw(
    board: BoardScene[wf.State, wf.State, wf.Move, Presenter],
    views: list[wf.State],
    viewer: int | None,
) -> FaceCheck:
    """The check of faces drawn for `viewer`; `views`: its view now and before the last move."""
    if not board.setup.options.get("memory_mode", True):
        return lambda code, place: None

    def why(code: str, place: str) -> str | None:
        if not place.startswith("board "):
            return None
        square = parse_square(place.split()[1])
        stacks = [view.piece_at(square) for view in views]
        if all(under != wf.EMPTY for _, under in stacks) and not any(
            top != wf.EMPTY and wf.PIECE_NAMES[top] == code for top, _ in stacks
        ):
            return "a covered piece in memory mode (WF-10)"
        return None

    return why
