"""`python main.py bench frames [N]`: the work time of each scene's frame at 1920x1080.

Renders each scene N frames (default 300) on the dummy video driver and prints one JSON line per
scene: {"scene", "frame_ms_mean", "frame_ms_p99"} — the time of update + draw, without the
display flip or the 60 fps wait. Then each board's heaviest animation: Whose Foods' three-step
chain, Consequence's push of four tiles with one falling off, En blanc et noir's card flying to
a 40-square land while the view zooms. Settings live in a temporary folder, never the user's.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import time
from typing import Any

from scenes.arguments import Parser, integer


def _finished_game(app: Any) -> tuple[Any, Any, Any, list[Any]]:
    """A real finished Whose Foods game played by random moves: (setup, final, start, moves)."""
    from game import load
    from game.core.engine import random_playout

    state = load("whose-foods").new_game(players=3)
    start = state.clone()
    moves = random_playout(state, random.Random(7))
    setup = app.quick_setup("whose-foods", ["human", "ai:normal", "ai:hard"])
    return setup, state, start, moves


def _scenes(app: Any) -> list[tuple[str, Any]]:
    from scenes.screens.handover import HandoverScene
    from scenes.screens.menu import MenuScene
    from scenes.screens.results import ResultsScene
    from scenes.screens.rules import RulesScene
    from scenes.screens.settings import SettingsScene
    from scenes.screens.setup import SetupScene

    setup, final, start, moves = _finished_game(app)
    return [
        ("menu", MenuScene(app)),
        ("setup", SetupScene(app, "whose-foods")),
        ("rules", RulesScene(app, "whose-foods")),
        ("settings", SettingsScene(app)),
        ("results", ResultsScene(app, setup, final, start, moves)),
        ("handover", HandoverScene(app, "Pepper", setup.colours[1], lambda: None)),
    ]


def measure_move(
    app: Any, game: str, state: Any, move: str, repeats: int = 8, clock: Any = time.process_time
) -> tuple[float, float]:
    """(mean, p99) milliseconds of update + draw while `game`'s board animates `move` played
    from `state`, `repeats` times over (after one run that warms the picture caches). `clock`:
    this process's CPU time by default, so that other processes on a busy machine do not count."""
    from scenes.boards import board_scene_class

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
            app.manager.draw(app.canvas)
            if repeat:
                times.append((clock() - start) * 1000)
    times.sort()
    return sum(times) / len(times), times[min(len(times) - 1, int(len(times) * 0.99))]


def board_moments(app: Any) -> list[tuple[str, tuple[float, float]]]:
    """The heaviest animation of each board, measured in CPU time of this process."""
    from game import consequence as cq
    from game import whose_foods as wf
    from scenes.boards.blanc_noir.bench import measure_land_flight

    chain_of_three = wf.from_diagram(". . . .\nLD LD/SC LD .\nSC LC/SC . .\n. LC . .")
    push_off = cq.new_game()  # row 1 full but a1: pushing east moves four tiles, one falls off
    for text in ("place bD b1", "place rD c1", "place bD d1", "place rD b3"):
        push_off.play(text)
    chain = measure_move(app, "whose-foods", chain_of_three, "SD c2")
    push = measure_move(app, "consequence", push_off, "push bM a1 E")
    return [
        ("whose-foods board: 3-step chain", chain),
        ("consequence board: push of 4 tiles, 1 off", push),
        (
            "blanc-noir board: land flight, 40 squares, zoom",
            measure_land_flight(app, clock=time.process_time),
        ),
    ]


def measure(app: Any, scene: Any, frames: int) -> tuple[float, float]:
    """(mean, p99) milliseconds of update + draw of `scene` over `frames` frames."""
    app.manager.switch(scene, fade=False)
    app.manager.update(0)
    for _ in range(10):  # warm the caches first
        app.manager.update(1 / 60)
        app.manager.draw(app.canvas)
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        app.manager.update(1 / 60)
        app.manager.draw(app.canvas)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return sum(times) / len(times), times[min(len(times) - 1, int(len(times) * 0.99))]


def make_parser() -> Parser:
    parser = Parser(
        prog="python main.py bench frames",
        description="Work time of each scene's frame at 1920x1080 on the dummy video driver; "
        "one JSON line per scene.",
    )
    parser.add_argument(
        "frames",
        nargs="?",
        type=integer(1, 1_000_000),
        default=300,
        help="frames measured per scene (default 300)",
    )
    return parser


def main(argv: list[str]) -> int:
    frames = make_parser().parse_args(argv).frames
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLETOP_TRIO_HOME"] = home
        from scenes.app import App, Options
        from scenes.storage.settings import SettingsStore

        app = App(Options(seed=1), SettingsStore())
        try:
            for name, scene in _scenes(app):
                mean, p99 = measure(app, scene, frames)
                print(
                    json.dumps(
                        {
                            "scene": name,
                            "frame_ms_mean": round(mean, 3),
                            "frame_ms_p99": round(p99, 3),
                        }
                    ),
                    flush=True,
                )
            for name, (mean, p99) in board_moments(app):
                figures = {
                    "scene": name,
                    "frame_ms_mean": round(mean, 3),
                    "frame_ms_p99": round(p99, 3),
                }
                print(json.dumps(figures), flush=True)
        finally:
            app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
