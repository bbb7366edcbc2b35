"""Render the Consequence board in its telling moments to PNG (docs/screenshots/).

Usage: python tools/consequence_shots.py [folder]   (default docs/screenshots)
Writes consequence-push-preview, -push-off, -handover, -reveal and -results, each at 1920x1080
and at 1280x720 (`-720p`).
"""

import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame

from game import consequence as cq
from scenes.app import App, Options
from scenes.boards.consequence import layout
from scenes.boards.consequence.scene import ConsequenceBoard
from scenes.storage.settings import SettingsStore

OPENING = ["place bD b1", "place rD c1", "place bD d1", "place rS b3", "place bM c3"]


def shoot(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLETOP_TRIO_HOME"] = home
        app = App(Options(seed=2, speed=1.0), SettingsStore(Path(home)))

        def frames(count=1):
            app.run(frames=count, fixed_dt=1 / 60)

        def until(test, limit=3000):
            for _ in range(limit):
                if test():
                    return
                frames()
            raise RuntimeError("the moment never came")

        def save(name):
            path = folder / f"consequence-{name}.png"
            pygame.image.save(app.canvas, str(path))
            small = folder / f"consequence-{name}-720p.png"
            pygame.image.save(pygame.transform.smoothscale(app.canvas, (1280, 720)), str(small))
            written.extend([path, small])

        def board(seats, texts=(), memory_aid=True):
            app.settings.last_setup["consequence"] = {"options": {"memory_aid": memory_aid}}
            scene = ConsequenceBoard(app, app.quick_setup("consequence", seats))
            app.manager.switch(scene, fade=False)
            state = cq.new_game()
            for text in texts:
                state.play(text)
            scene.set_state(state)
            frames(2)
            return scene

        scene = board(["ai:normal", "human"], OPENING)  # Sun (a person) to move
        until(lambda: scene.human_to_move)
        scene.selected_code = next(code for code in scene.on_show.shown.hand(1) if code == "rS")
        scene._drop_hand_tile(cq.parse_move(scene.state, "place rS a1").square)
        arrow = tuple(round(v) for v in layout.arrow_centre(0, 2))  # a1, pushing east
        motion = {"pos": arrow, "rel": (0, 0), "buttons": (0, 0, 0)}
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, motion))  # hover: drawn anew
        frames(2)
        save("push-preview")

        scene.play(cq.parse_move(scene.state, "push rS a1 E"))
        until(lambda: any(t.lift > 0.4 for t in scene.presenter.hands[0]))
        save("push-off")

        scene = board(["human", "human"], OPENING[:3])
        until(lambda: app.manager.current.name == "handover")
        frames(20)
        save("handover")

        moves = _game_with_pairs()
        replay = cq.new_game()
        for move in moves[:-1]:
            replay.play(move)
        seats = ["human", "ai:normal"] if replay.current_player == 0 else ["ai:normal", "human"]
        scene = board(seats)
        scene.set_state(replay)
        frames(2)
        scene.play(moves[-1])
        until(lambda: len(scene.presenter.pairs) >= 3)
        frames(20)
        save("reveal")

        until(lambda: app.manager.current.name == "results")
        frames(90)
        save("results")
        app.close()
    return written


def _game_with_pairs() -> list:
    """The moves of a random game that ends with at least three pairs on the grid."""
    for seed in range(200):
        rng = random.Random(seed)
        state, moves = cq.new_game(), []
        while not state.is_over:
            moves.append(rng.choice(state.legal_moves()))
            state.play(moves[-1])
        if sum(state.result.scores) >= 3:
            return moves
    raise RuntimeError("no game with pairs")


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    for path in shoot(target):
        print(path)
