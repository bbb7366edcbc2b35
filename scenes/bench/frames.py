"""`python main.py bench frames [N]`: the work time of each scene's frame at 1920x1080.

Renders each scene N frames (default 300) on the dummy video driver and prints one JSON line per
scene: {"scene", "frame_ms_mean", "frame_ms_p99"} — the time of update + draw (as the app
draws a frame: recorded and redrawn only where it changed, `App.draw_frame`), without showing
it in the window or the 60 fps wait, in CPU time of the drawing thread (`time.thread_time`:
other processes on a busy machine and a computer player thinking in its own thread do not
count).
Then each board's heaviest animation (each game's board package says which: a chain, a push, a
card flying to a large land). Settings live in a temporary folder, never the user's.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import time
from typing import TYPE_CHECKING

from scenes.arguments import Parser, integer
from scenes.manager import Scene

if TYPE_CHECKING:
    from game.core.protocols import GameState
    from scenes.app import App
    from scenes.kit.seats import GameSetup
    from scenes.manager import Scene


def _first_game() -> str:
    """The game the scenes are measured with: the first on the menu."""
    from scenes.boards import BOARDS

    return next(iter(BOARDS))


def _finished_game(
    app: App,
) -> tuple[GameSetup, GameState[object], GameState[object], list[object]]:
    """A real finished game of the first game, played by random moves by its middle player
    count: (setup, final, start, moves)."""
    from game import GAMES
    from game.core.engine import random_playout

    info = GAMES[_first_game()]
    counts = sorted(info.player_counts)
    players = counts[len(counts) // 2]
    state = info.new_game(players=players)
    start = state.clone()
    moves = random_playout(state, random.Random(7))
    setup = app.quick_setup(info.key, ["human", "ai:normal", "ai:hard", "ai:easy"][:players])
    return setup, state, start, moves


def _scenes(app: App) -> list[tuple[str, Scene]]:
    from scenes.screens.handover import HandoverScene
    from scenes.screens.menu import MenuScene
    from scenes.screens.results import ResultsScene
    from scenes.screens.rules import RulesScene
    from scenes.screens.settings import SettingsScene
    from scenes.screens.setup import SetupScene

    setup, final, start, moves = _finished_game(app)
    return [
        ("menu", MenuScene(app)),
        ("setup", SetupScene(app, setup.game)),
        ("rules", RulesScene(app, setup.game)),
        ("settings", SettingsScene(app)),
        ("results", ResultsScene(app, setup, final, start, moves)),
        ("handover", HandoverScene(app, "Pepper", setup.colours[1], lambda: None)),
    ]


def board_moments(app: App, repeats: int = 8) -> list[tuple[str, tuple[float, float]]]:
    """The heaviest animation of each board (as its game's BoardSpec names it), played
    `repeats` times and measured in CPU time of the drawing thread."""
    from scenes.boards import BOARDS

    return [moment for spec in BOARDS.values() for moment in spec.measure_animations(app, repeats)]


def measure(app: App, scene: Scene, frames: int) -> tuple[float, float]:
    """(mean, p99) milliseconds of update + draw of `scene` over `frames` frames, in CPU time
    of the drawing thread."""
    app.manager.switch(scene, fade=False)
    app.manager.update(0)
    for _ in range(10):  # warm the caches first
        app.manager.update(1 / 60)
        app.draw_frame()
    times = []
    for _ in range(frames):
        start = time.thread_time()
        app.manager.update(1 / 60)
        app.draw_frame()
        times.append((time.thread_time() - start) * 1000)
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
    parser.add_argument(
        "--repeats",
        type=integer(1, 1000),
        default=8,
        help="times each board's heaviest animation is played and measured (default 8)",
    )
    return parser


def main(argv: list[str]) -> int:
    args = make_parser().parse_args(argv)
    frames = args.frames
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLETOP_TRIO_HOME"] = home
        from scenes.app import App, Options
        from scenes.storage.settings import SettingsStore

        app = App(Options(seed=1), SettingsStore())
        app.screen.copy_when_headless = True  # a real window's work, the copy included
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
            for name, (mean, p99) in board_moments(app, args.repeats):
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
