"""`python main.py bench frames [N]`: the work time of each scene's frame at 1920x1080.

Renders each scene N frames (default 300) on the dummy video driver and prints one JSON line per
scene: {"scene", "frame_ms_mean", "frame_ms_p99"} — the time of update + draw, without the
display flip or the 60 fps wait. Then the Whose Foods board animating a scripted three-step
chain. Settings live in a temporary folder, never the user's.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import time
from typing import Any

from game.arguments import Parser, integer


def _finished_game(app: Any) -> tuple[Any, Any, Any, list[Any]]:
    """A real finished Whose Foods game played by random moves: (setup, final, start, moves)."""
    from game import load
    from game.core import random_playout

    state = load("whose-foods").new_game(players=3)
    start = state.clone()
    moves = random_playout(state, random.Random(7))
    setup = app.quick_setup("whose-foods", ["human", "ai:normal", "ai:hard"])
    return setup, state, start, moves


def _scenes(app: Any) -> list[tuple[str, Any]]:
    from scenes.handover import HandoverScene
    from scenes.menu import MenuScene
    from scenes.results import ResultsScene
    from scenes.rules_screen import RulesScene
    from scenes.settings_screen import SettingsScene
    from scenes.setup import SetupScene

    setup, final, start, moves = _finished_game(app)
    return [
        ("menu", MenuScene(app)),
        ("setup", SetupScene(app, "whose-foods")),
        ("rules", RulesScene(app, "whose-foods")),
        ("settings", SettingsScene(app)),
        ("results", ResultsScene(app, setup, final, start, moves)),
        ("handover", HandoverScene(app, "Pepper", setup.colours[1], lambda: None)),
    ]


def measure_whose_foods_chain(app: Any, repeats: int = 8) -> tuple[float, float]:
    """(mean, p99) milliseconds of update + draw while the Whose Foods board animates a
    scripted three-step chain (placement, three captures with flights, two flips), `repeats`
    times over."""
    from game import whose_foods as wf
    from scenes.boards.whose_foods.scene import WhoseFoodsBoard

    chain_of_three = ". . . .\nLD LD/SC LD .\nSC LC/SC . .\n. LC . ."
    times: list[float] = []
    for repeat in range(repeats + 1):  # the first run warms the picture caches
        scene = WhoseFoodsBoard(app, app.quick_setup("whose-foods", ["human", "human"]))
        app.manager.switch(scene, fade=False)
        app.manager.update(0)
        scene.set_state(wf.from_diagram(chain_of_three))
        scene.play(wf.parse_move(scene.state, "SD c2"))
        while not scene.presenter.idle:
            start = time.perf_counter()
            app.manager.update(1 / 60)
            app.manager.draw(app.canvas)
            if repeat:
                times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return sum(times) / len(times), times[min(len(times) - 1, int(len(times) * 0.99))]


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
        from scenes.kit.settings_store import SettingsStore

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
            mean, p99 = measure_whose_foods_chain(app)
            print(
                json.dumps(
                    {
                        "scene": "whose-foods board: 3-step chain",
                        "frame_ms_mean": round(mean, 3),
                        "frame_ms_p99": round(p99, 3),
                    }
                ),
                flush=True,
            )
        finally:
            app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
