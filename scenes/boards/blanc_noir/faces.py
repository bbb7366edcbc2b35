"""Which card faces a seat of En blanc et noir may see drawn (checked by
scenes.bench.board_checks): the market, scored cards, land cards it knows, its own hand; every
hand once the game is over (BN-21)."""

from __future__ import annotations

from game import blanc_noir as bn
from scenes.boards.base import BoardScene
from scenes.boards.blanc_noir.presenter import Presenter
from scenes.boards.spec import FaceCheck


def may_draw(
    board: BoardScene[bn.State, bn.View[bn.State], bn.Move, Presenter],
    views: list[bn.View[bn.State]],
    viewer: int | None,
) -> FaceCheck:
    """The check of faces drawn for `viewer`; `views`: its view now and before the last move."""
    over = views[0].is_over
    allowed: set[str] = set()
    for view in views:
        allowed.update(view.market)
        for seat in range(view.players):
            allowed.update(view.scored(seat))
            if seat == viewer or over:
                allowed.update(view.hand(seat))
        for stack in view.land.values():
            allowed.update(stack)

    def why(code: str, place: str) -> str | None:
        if place.startswith("hand ") and not over and place != f"hand {viewer}":
            return "that hand is not the one on show"
        if place == "drag" and viewer is None:
            return "nobody's hand is on show"
        if code not in allowed:
            return "the seat on show may not see that card"
        return None

    return why
