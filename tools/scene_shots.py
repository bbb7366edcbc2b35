"""Render the menu (with a Continue tile), setup, rules and results scenes to PNG, to look at
them (docs/screenshots/ keeps the best).

Usage: python tools/scene_shots.py [folder] [--full]   (default docs/screenshots)
Writes menu-continue, setup-refusal, results-three-cans, results (points), and one rules page
per game (rules-<game>-<page>), at 1280x720 like the other screenshots, or with --full at the
logical 1920x1080.
"""

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import random

import pygame

from game import whose_foods as wf
from game.core.engine import random_playout
from scenes.app import App, Options
from scenes.boards.making import board_scene_class
from scenes.kit.palette import seat_colours
from scenes.kit.seats import GameSetup, Seat
from scenes.screens.menu import MenuScene
from scenes.screens.results import ResultsScene
from scenes.screens.rules import RulesScene
from scenes.screens.setup import SetupScene
from scenes.storage.saved_game import SavedGame, save_unfinished
from scenes.storage.settings import SettingsStore

RULES_PAGES = {"whose-foods": 3, "consequence": 0, "blanc-noir": 2}


def settle(app: App, limit: int = 400) -> None:
    app.run(frames=2, fixed_dt=1 / 60)
    for _ in range(limit):
        if not app.manager.busy and not getattr(app.manager.current, "animating", False):
            break
        app.run(frames=1, fixed_dt=1 / 60)


def show(app: App, scene) -> None:
    app.manager.switch(scene, fade=False)
    settle(app)


def table(game: str, names: tuple[str, ...], seats: tuple[str, ...]) -> GameSetup:
    colours = tuple(seat_colours("standard")[: len(names)])
    seated = tuple(Seat.parse(seat) for seat in seats)
    return GameSetup(game, seated, names, colours, {"memory_mode": True}, 5, 0)


def unfinished_game(app: App) -> tuple[SavedGame, pygame.Surface]:
    """A Whose Foods game a few moves in, and a picture of its board from the board scene."""
    setup = table("whose-foods", ("Ada", "Clover", "Ben"), ("human", "ai:hard", "human"))
    state = setup.new_state()
    start = state.clone()
    moves = ["LD b2", "SF b2", "LC c3", "SD a1", "LF d4", "SC c2"]
    for move in moves:
        state.play(move)
    try:
        board = board_scene_class("whose-foods")(app, setup)
        show(app, board)
        board.set_state(state)
        app.run(frames=2, fixed_dt=1 / 60)
        from scenes.whose_foods_layout import BOARD_FRAME

        picture = app.canvas.subsurface(BOARD_FRAME.inflate(8, 8)).copy()
    except (ValueError, ImportError, AttributeError, pygame.error):  # no board: the game art
        picture = None
    saved = SavedGame.of(setup, start, moves)
    return saved, picture


def three_can_win():
    state = wf.from_diagram(
        ". . . .\n. . . .\n. . . .\nLD LF LF .",
        players=2,
        hands=[(0, 6), (3, 0)],
        captured=[["LF"], []],
    )
    start = state.clone()
    state.play("SD d1")
    return state, start, ["SD d1"]


def shoot(folder: Path, full: bool = False) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLETOP_TRIO_HOME"] = home
        app = App(Options(seed=2, speed=1.0), SettingsStore(Path(home)))

        def save(name: str) -> None:
            path = folder / f"{name}.png"
            image = app.canvas if full else pygame.transform.smoothscale(app.canvas, (1280, 720))
            pygame.image.save(image, str(path))
            written.append(path)

        saved, picture = unfinished_game(app)
        save_unfinished(Path(home), saved, picture)
        show(app, MenuScene(app))
        save("menu-continue")

        setup_scene = SetupScene(app, "whose-foods")
        show(app, setup_scene)
        setup_scene.set_players(2)  # four players: every colour is taken
        setup_scene.next_colour(0)
        app.run(frames=2, fixed_dt=1 / 60)
        save("setup-refusal")

        state, start, moves = three_can_win()
        players = table("whose-foods", ("Tester", "Pepper"), ("human", "ai:normal"))
        show(app, ResultsScene(app, players, state, start, moves))
        save("results-three-cans")

        state = wf.new_game(players=3)
        start = state.clone()
        moves = random_playout(state, random.Random(4))
        players = table("whose-foods", ("Ada", "Clover", "Ben"), ("human", "ai:hard", "human"))
        show(app, ResultsScene(app, players, state, start, moves))
        save("results")

        for game, page in RULES_PAGES.items():
            rules = RulesScene(app, game)
            rules.page = page
            show(app, rules)
            save(f"rules-{game}-{page + 1}")
        app.close()
    return written


if __name__ == "__main__":
    args = [arg for arg in sys.argv[1:] if arg != "--full"]
    target = Path(args[0]) if args else ROOT / "docs" / "screenshots"
    for path in shoot(target, full="--full" in sys.argv):
        print(path)
