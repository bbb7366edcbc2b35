"""`measure_move`: the work time of a board's frames while it animates one move, for each board's
heaviest animation (`python main.py bench frames`; the board packages' `bench.py` name theirs)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.core.protocols import GameState
    from scenes.app import App


def measure_move(
    app: App,
    game: str,
    state: GameState[object],
    move: str,
    repeats: int = 8,
    clock: Callable[[], float] = time.thread_time,
) -> tuple[float, float]:
    """(mean, p99) milliseconds of update + drawing the frame (recorded and redrawn where it
    changed, as the app does: `App.draw_frame`) while `game`'s board animates `move` played
    from `state`, `repeats` times over (after one run that warms the picture caches). `clock`:
    the CPU time of this thread by default (other processes, and a computer thinking in its own
    thread, do not count)."""
    from scenes.boards.making import board_scene_class

    times: list[float] = []
    for repeat in range(repeats + 1):
        # one person and computers: no hand-over screen stops the board
        seats = ["human"] + ["ai:easy"] * (state.players - 1)
        scene = board_scene_class(game)(app, app.quick_setup(game, seats))
        app.manager.switch(scene, fade=False)
        app.manager.update(0)
        scene.set_state(state.clone())
        scene.play(move)
        while not scene.presenter.idle:
            start = clock()
            app.manager.update(1 / 60)
            app.draw_frame()  # (as the app draws: only what changed since the last frame)
            if repeat:
                times.append((clock() - start) * 1000)
    times.sort()
    return sum(times) / len(times), times[min(len(times) - 1, int(len(times) * 0.99))]
