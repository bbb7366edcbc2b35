"""A player for the kill -9 test: `python tests/helpers/kill_driver.py SEED` runs the real app
headless on $TABLETOP_TRIO_HOME, continues the newest unfinished game (or, half the time, starts
another beside it), and plays game
after game (a person's seat, moved at random as soon as it may move, against a quick computer),
reporting on stdout, once each step is done (saved):

    START <setup seed> <game>      a game is on the board
    MOVES <setup seed> <count>     the board has played <count> moves (the save is written)
    OVER <setup seed> <count>      the last move was played (the replay is written)

The test kills it at random moments and checks that no reported game is lost."""

import dataclasses
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import game.ai.search as search  # noqa: E402
from scenes.app import App, Options  # noqa: E402
from scenes.boards import playable_games  # noqa: E402
from scenes.storage.settings import SettingsStore  # noqa: E402

search.SECONDS = {"easy": 0.002, "normal": 0.004, "hard": 0.006}
FRAME = 1 / 60


def say(*words: object) -> None:
    print(*words, flush=True)


def main(seed: int) -> None:
    app = App(Options(seed=seed, speed=10.0, uncapped=True), SettingsStore())
    rng = random.Random(seed)
    games = playable_games()

    def new_game() -> None:
        game = rng.choice(games)
        setup = app.quick_setup(game, ["human", "ai:easy"])
        setup = dataclasses.replace(setup, names=("Ada", *setup.names[1:]))  # (a record is kept)
        app.start_game(setup, fade=False)

    if rng.random() < 0.5 or not app.continue_game():  # (the other games stay kept)
        new_game()
    board, reported = None, -1
    while True:
        app.run(frames=1, fixed_dt=FRAME)
        top = app.manager.current
        if top is not None and top.name == "results" and not app.manager.busy:
            new_game()
            continue
        scene = app.manager.stack[0] if app.manager.stack else None
        if scene is None or scene.name != "board":
            continue
        if scene is not board:
            board, reported = scene, -1
            say("START", board.setup.seed, board.setup.game)
        count = len(board.moves)
        if count != reported:
            reported = count
            over = board.state.is_over
            say("OVER" if over else "MOVES", board.setup.seed, count)
        if board.human_to_move and top is board:
            board.play(rng.choice(board.on_show.shown.legal_moves()))


if __name__ == "__main__":
    main(int(sys.argv[1]))
