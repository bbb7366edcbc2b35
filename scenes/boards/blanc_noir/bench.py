"""The frame cost of the En blanc et noir board: update + draw at 1920x1080 while a card flies to
a far square of a 40-square land and the camera zooms out to keep it all in sight.

A real game never holds more than 36 cards, so the 40-square land (with some stacks) is laid
straight into the presenter: heavier than any real land. `measure_land_flight(app)` returns
(mean, p99) in milliseconds; `python main.py bench frames` prints it beside the others
(`heaviest_animation`, named by the game's BoardSpec).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from game import blanc_noir as bn
from scenes.boards.blanc_noir import layout

if TYPE_CHECKING:
    from collections.abc import Callable

    from scenes.app import App

FRAME = 1 / 60


def forty_squares() -> dict[tuple[int, int], list[str]]:
    """A land of 40 squares (8 x 5), checkered in runs, every seventh square a stack of three."""
    land: dict[tuple[int, int], list[str]] = {}
    for index in range(40):
        x, y = index % 8 - 3, index // 8 - 2
        colour = "W" if (x + y * 2 + index // 5) % 2 else "B"
        stack = [f"{colour}?"]
        if index % 7 == 3:
            stack += [f"{colour}O?", f"{'B' if colour == 'W' else 'W'}O?"]
        land[(x, y)] = stack
    return land


def measure_land_flight(
    app: App, repeats: int = 8, clock: Callable[[], float] = time.perf_counter
) -> tuple[float, float]:
    """(mean, p99) milliseconds of update + draw while a card flies to the land and the view
    zooms out, `repeats` times over (after one run that warms the picture caches). `clock`:
    wall time by default; `time.thread_time` leaves out time other threads and processes took."""
    from scenes.boards.blanc_noir.scene import BlancNoirBoard

    times: list[float] = []
    for repeat in range(repeats + 1):
        scene = BlancNoirBoard(app, app.quick_setup("blanc-noir", ["human", "ai:normal"]))
        app.manager.switch(scene, fade=False)
        app.manager.update(0)
        presenter = scene.presenter
        presenter.land = forty_squares()
        presenter.hunter.x, presenter.hunter.y, presenter.hunter.on_land = 4.0, 2.0, True
        presenter.camera.x, presenter.camera.y, presenter.camera.cell = layout.fit(presenter.land)
        far = (7, -4)
        card = presenter.hands[1][0].code if presenter.hands[1] else "B?"
        app.draw_frame()  # the board's first frame renders its table once
        presenter.animate([bn.LandLaid(1, card, far, card[0], False), bn.HunterMoved((4, 2), far)])
        while not presenter.idle:
            start = clock()
            app.manager.update(FRAME)
            app.draw_frame()  # (as the app draws: only what changed since the last frame)
            if repeat:
                times.append((clock() - start) * 1000)
    times.sort()
    return sum(times) / len(times), times[min(len(times) - 1, int(len(times) * 0.99))]


def heaviest_animation(app: App, repeats: int = 8) -> list[tuple[str, tuple[float, float]]]:
    """The board's heaviest animation for `bench frames`, in CPU time of the drawing thread."""
    measured = measure_land_flight(app, repeats, clock=time.thread_time)
    return [("blanc-noir board: land flight, 40 squares, zoom", measured)]


if __name__ == "__main__":
    import json
    import os
    import tempfile
    from pathlib import Path

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLETOP_TRIO_HOME"] = home
        from scenes.app import App, Options
        from scenes.storage.settings import SettingsStore

        app = App(Options(seed=1), SettingsStore(Path(home)))
        try:
            for name, clock in (("wall", time.perf_counter), ("cpu", time.thread_time)):
                mean, p99 = measure_land_flight(app, clock=clock)
                print(json.dumps({"scene": f"blanc-noir board: land flight + zoom ({name})",
                                  "frame_ms_mean": round(mean, 3),
                                  "frame_ms_p99": round(p99, 3)}))  # fmt: skip
        finally:
            app.close()
