"""The frame cost of the Consequence board's heaviest animation, for `python main.py bench
frames`: a push of four tiles, one falling off the grid."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import consequence as cq
from scenes.boards.measure import measure_move

if TYPE_CHECKING:
    from collections.abc import Callable

    from scenes.app import App


def heaviest_animation(
    app: App, repeats: int = 8, on_frame: Callable[[], object] | None = None
) -> list[tuple[str, tuple[float, float]]]:
    """(label, (mean, p99) ms) of the push, in CPU time of the drawing thread."""
    push_off = cq.new_game()  # row 1 full but a1: pushing east moves four tiles, one falls off
    for text in ("place bD b1", "place rD c1", "place bD d1", "place rD b3"):
        push_off.play(text)
    measured = measure_move(
        app, cq.DESCRIPTOR.key, push_off, "push bM a1 E", repeats, on_frame=on_frame
    )
    return [("consequence board: push of 4 tiles, 1 off", measured)]
