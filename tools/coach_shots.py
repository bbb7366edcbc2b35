"""Render the coach's screens to look at them: each game's board with a hint on show
(hint-GAME-LANG) and the review of a game where a person missed a win on the spot, at its
first moment (review-GAME-LANG) and its progress bar (review-progress-GAME-LANG), the results
with their Review button (results-GAME-LANG) and the kiosk's offer over them
(kiosk-offer-GAME-LANG), at 1280x720 (with --full at 1920x1080).

Usage: python tools/coach_shots.py [folder] [--full] [--lang en,ja]
(default folder: /tmp/coach-shots).
"""

import os
import random
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame

from scenes.app import App, Options
from scenes.bench.coach import known_positions
from scenes.boards import BOARDS
from scenes.boards.making import board_scene_class
from scenes.kiosk.turned import TurnedOffer
from scenes.kit.i18n import set_language
from scenes.screens.review import ReviewScene
from scenes.storage.settings import SettingsStore


def run(app: App, frames: int = 1) -> None:
    app.run(frames=frames, fixed_dt=1 / 60)


def wait_for(app: App, done, seconds: float = 120.0) -> None:
    """Run frames until `done()` (a real-time deadline: the coach thinks on a thread)."""
    end = time.monotonic() + seconds
    while not done():
        if time.monotonic() > end:
            raise TimeoutError("the coach took too long")
        run(app)
        time.sleep(0.01)
    run(app, 3)


def known_game(game: str) -> tuple[object, list[str], int]:
    """A game where a person missed a win on the spot (`bench coach`'s first known answer),
    then played on at random to its end: (start, moves, the person's seat)."""
    known = next(known_positions(game, 2, 1))
    state = known.start.clone()
    moves = [str(move) for move in [*known.moves, known.played]]
    for text in moves:
        state.play(text)
    rng = random.Random(1)
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        moves.append(str(move))
        state.play(move)
    return known.start, moves, known.seat


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    full = "--full" in sys.argv
    langs = ["en", "ja"]
    for a in sys.argv[1:]:
        if a.startswith("--lang="):
            langs = a.split("=", 1)[1].split(",")
    folder = Path(args[0] if args else "/tmp/coach-shots")
    folder.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp())
    os.environ["TABLETOP_TRIO_HOME"] = str(home)
    app = App(Options(seed=3, speed=10.0), SettingsStore(home))

    def save(name: str) -> None:
        image = app.canvas if full else pygame.transform.smoothscale(app.canvas, (1280, 720))
        pygame.image.save(image, str(folder / f"{name}.png"))
        print(folder / f"{name}.png")

    for game in BOARDS:
        start, moves, person = known_game(game)
        seats = ["ai:normal", "ai:normal"]
        seats[person] = "human"
        for lang in langs:
            set_language(lang)
            setup = app.quick_setup(game, seats)
            # the hint: a few moves in, the person to move
            board = board_scene_class(game)(app, setup, start_state=start)
            app.manager.switch(board, fade=False)
            run(app, 3)
            for move in moves[:4]:  # (the game's first moves: the person to move after)
                wait_for(app, lambda b=board: b.presenter.idle)
                if not board.human_to_move:
                    break
                board.play(move)
            wait_for(app, lambda b=board: b.human_to_move)
            board.coach_hint.ask()
            run(app, 2)
            save(f"hint-thinking-{game}-{lang}")
            wait_for(app, lambda b=board: b.coach_hint.shown is not None)
            save(f"hint-{game}-{lang}")
            # the review of a lost game
            review = ReviewScene(app, setup, start, moves, on_close=lambda: None)
            app.manager.switch(review, fade=False)
            run(app, 2)
            save(f"review-progress-{game}-{lang}")
            wait_for(app, lambda r=review: not r.judging)
            save(f"review-{game}-{lang}")
            if len(review.moments) > 1:
                review.forward()
                run(app, 2)
                save(f"review-2-{game}-{lang}")
            review.exit()
            # the results with their Review button, and the kiosk's offer over them
            final = start.clone()
            for text in moves:
                final.play(text)
            app.show_results(setup, final, start, moves)
            run(app, 120)
            save(f"results-{game}-{lang}")
            app.manager.push(TurnedOffer(app, setup, start, moves))
            run(app, 30)
            save(f"kiosk-offer-{game}-{lang}")
    app.close()


if __name__ == "__main__":
    main()
