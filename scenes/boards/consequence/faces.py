"""Which tile faces a seat of Consequence may see drawn (checked by scenes.bench.board_checks):
the grid symbols it knows on that square, its own hand's tiles (in its hand, or on the square
where one waits for its push arrow) (CQ-17); every face once the game is over."""

from __future__ import annotations

from game import consequence as cq
from game.core.grid import parse_square
from scenes.boards.base import BoardScene
from scenes.boards.consequence.presenter import Presenter
from scenes.boards.spec import FaceCheck


def may_draw(
    board: BoardScene[cq.State, cq.ConsequenceView[cq.State], cq.ConsequenceMove, Presenter],
    views: list[cq.ConsequenceView[cq.State]],
    viewer: int | None,
) -> FaceCheck:
    """The check of faces drawn for `viewer`; `views`: its view now and before the last move."""
    if views[0].is_over:
        return lambda code, place: None
    hands = [set(v.hand(viewer)) for v in views] if viewer is not None else []
    known_hand = set().union(*hands)

    def why(code: str, place: str) -> str | None:
        if place.startswith("grid "):
            square = parse_square(place.split()[1])
            if code not in known_hand and not any(v.cells[square] == code for v in views):
                return "the seat on show does not know that tile's symbol"
            return None
        if place.startswith("hand "):
            if place != f"hand {viewer}":
                return "that hand is not the one on show"
            return None if code in known_hand else "that tile is not in the hand on show"
        if code not in known_hand and not any(code in v.cells for v in views):
            return "the seat on show does not know that tile's symbol"
        return None

    return why
