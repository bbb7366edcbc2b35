"""Render the screens of issue 37's ladder and help marks to PNG, to look at them: the setup
screen's ladder (the level offered and why), the results' ladder (the faces and the sentence,
beside the chart's title or on a line of its own; after a win with help), the first-win
celebration (moving and with reduced motion), the Replays list with games that had help, and the
replay viewer's mark; in English and Japanese, at 1280x720 and 1920x1080.

Usage: python tools/kept_shots.py [folder]   (default /tmp/kept-shots)
"""

import dataclasses
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

from game import GAMES
from game.core.engine import random_playout
from game.core.protocols import GameState
from game.core.result import Result
from scenes.app import App, Options
from scenes.kit.i18n import set_language
from scenes.kit.seats import GameSetup
from scenes.screens.first_win import FirstWinScene
from scenes.screens.games_in_progress import GamesInProgressScene
from scenes.screens.replay_viewer import ReplayScene
from scenes.screens.replays import ReplaysScene
from scenes.screens.results import ResultsScene, decided_by_points
from scenes.screens.setup import SetupScene
from scenes.screens.statistics import StatisticsScene
from scenes.storage.kept_games import new_slot
from scenes.storage.record import add_game
from scenes.storage.replays import keep_replay, replay_data
from scenes.storage.saved_game import SavedGame, save_unfinished
from scenes.storage.settings import SettingsStore

WON = Result(winners=(0,), draw=False, scores=(1, 0), reason="points")
GAME = sorted(GAMES)[0]  # (any game: the ladder and the marks are every game's)


def settle(app: App, limit: int = 400) -> None:
    app.run(frames=2, fixed_dt=1 / 60)
    for _ in range(limit):
        if not app.manager.busy and not getattr(app.manager.current, "animating", False):
            break
        app.run(frames=1, fixed_dt=1 / 60)


def finished(seed: int, winner: int):
    for attempt in range(seed, seed + 60):
        state = GAMES[GAME].new_game(players=2, seed=attempt)
        start = state.clone()
        moves = random_playout(state, random.Random(attempt))
        if state.result.winners == (winner,):
            return state, start, moves
    raise SystemExit("no such game")


def ended_otherwise(app: App) -> tuple[GameSetup, GameState, GameState, list[object]]:
    """(Ada's setup against Beginner, final state, start state, moves) of a game won by Ada
    and ended otherwise than by its points, in the first game whose rules have such an end."""
    for game in GAMES:
        for seed in range(80):
            state = GAMES[game].new_game(players=2, seed=seed)
            start = state.clone()
            moves = random_playout(state, random.Random(seed))
            setup = app.quick_setup(game, ["human", "ai:beginner"])
            setup = dataclasses.replace(setup, names=("Ada", setup.names[1]))
            if state.result.winners == (0,) and not decided_by_points(setup, state.result):
                return setup, state, start, moves
    raise SystemExit("no such game")


def shoot(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as home:
        app = App(Options(seed=2, speed=1.0), SettingsStore(Path(home)))
        setup = app.quick_setup(GAME, ["human", "ai:beginner"])
        setup = dataclasses.replace(setup, names=("Ada", setup.names[1]))
        for at in range(3):
            add_game(Path(home), setup, WON, helped=False, at=float(at))
        add_game(Path(home), setup, WON, helped=True, at=3.5)  # (a win with help: not counted)
        lost = Result(winners=(1,), draw=False, scores=(0, 1), reason="points")
        add_game(Path(home), setup, lost, helped=True, at=4.0)
        # Ben's last game, won with help; a game ended otherwise than by the points (its chart
        # titled as not counted: the ladder's row takes a line of its own)
        helped = dataclasses.replace(setup, names=("Ben", setup.names[1]))
        add_game(Path(home), helped, WON, helped=True, at=0.5)
        otherwise = ended_otherwise(app)
        add_game(Path(home), otherwise[0], WON, helped=False, at=0.7)
        for number in range(3):  # three games in progress
            state, start, moves = finished(number * 5 + 1, 0)
            slot, lock = new_slot(Path(home))
            save_unfinished(slot, SavedGame.of(setup, start, moves[: 4 + number]))
            lock.release()
        for number, (hints, undos) in enumerate(((2, 0), (0, 1), (1, 3), (0, 0))):
            state, start, moves = finished(number * 7, 0)
            saved = SavedGame.of(setup, start, moves, hints=[0] * hints, undos=undos)
            keep_replay(Path(home), GAME, replay_data(saved, state))
        for language in ("en", "ja"):
            set_language(language)

            def save(name: str, language: str = language) -> None:
                app.manager.draw(app.canvas)  # (an idle screen is not drawn again by itself)
                for size in ((1280, 720), (1920, 1080)):
                    path = folder / f"{language}-{size[0]}-{name}.png"
                    image = app.canvas
                    if size != image.get_size():
                        image = pygame.transform.smoothscale(image, size)
                    pygame.image.save(image, str(path))
                    written.append(path)

            scene = SetupScene(app, GAME)
            app.manager.switch(scene, fade=False)
            settle(app)
            scene._set_name(0, "Ada")
            settle(app)
            save("setup-ladder")

            state, start, moves = finished(3, 0)
            app.manager.switch(ResultsScene(app, setup, state, start, moves), fade=False)
            settle(app)
            save("results-ladder")
            app.manager.switch(ResultsScene(app, helped, state, start, moves), fade=False)
            settle(app)
            save("results-helped-win")
            app.manager.switch(ResultsScene(app, *otherwise), fade=False)
            settle(app)
            save("results-ladder-own-line")
            results = app.manager.current
            for motion, clock in (("full", 0.25), ("full", 2.0), ("reduced", 2.0)):
                app.settings.motion = motion
                party = FirstWinScene(app, [setup.called(0)], "easy", results.ladder)
                app.manager.push(party)
                app.run(frames=1, fixed_dt=1 / 60)
                party.clock = clock
                app.run(frames=1, fixed_dt=0)
                save(f"first-win-{motion}-{clock}")
                party.close()
                settle(app)
            app.settings.motion = "full"

            app.manager.switch(StatisticsScene(app), fade=False)
            settle(app)
            save("statistics")
            app.manager.switch(GamesInProgressScene(app), fade=False)
            settle(app)
            save("games-in-progress")

            app.manager.switch(ReplaysScene(app), fade=False)
            settle(app)
            save("replays-marks")
            replays = app.manager.current
            replays.open(replays.entries[-1])  # the oldest: 2 hints
            settle(app)
            viewer = app.manager.current
            assert isinstance(viewer, ReplayScene)
            viewer.playing = False
            viewer.jump(5)
            settle(app)
            save("replay-viewer-mark")
        app.close()
    return written


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/kept-shots")
    for path in shoot(out):
        print(path)
