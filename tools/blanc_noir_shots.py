"""Render the En blanc et noir board scene in its telling moments to PNG (docs/screenshots/).

Usage: python tools/blanc_noir_shots.py [folder]   (default docs/screenshots)
Writes blanc-noir-opening, -land, -match, -flight, -bear-count and -results, each at 1920x1080
and at 1280x720 (`-720` in the name).
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

from game import blanc_noir as bn
from scenes.app import App, Options
from scenes.boards.blanc_noir.scene import BlancNoirBoard
from scenes.storage.settings import SettingsStore

STEP = 1 / 60


def new_board(app, seats):
    scene = BlancNoirBoard(app, app.quick_setup("blanc-noir", seats))
    app.manager.switch(scene, fade=False)
    app.run(frames=2, fixed_dt=STEP)
    return scene


def run_until(app, test, limit=3000):
    for _ in range(limit):
        if test():
            return
        app.run(frames=1, fixed_dt=STEP)
    raise RuntimeError("the moment never came")


def big_land(players=2, squares=30):
    """A real game played by a land-hungry policy (expand while a card is left, else draw)
    until the land has `squares` squares, seat 0 to move at the start of its turn."""
    for seed in range(200):
        rng = random.Random(seed)
        state = bn.new_game(players=players, seed=seed)
        while not state.is_over:
            if (
                len(state.land) >= squares
                and state.current_player == 0
                and state.actions_done == 0
                and state.hand(0)
            ):
                return state
            moves = state.legal_moves()
            lays = [m for m in moves if isinstance(m, bn.LayLand) and m.square not in state.land]
            draws = [m for m in moves if isinstance(m, bn.DrawCard)]
            if lays and (len(state.hand(state.current_player)) > 1 or not draws):
                state.play(rng.choice(lays))
            elif draws:
                state.play(rng.choice(draws))
            else:
                state.play(rng.choice(moves))
    raise RuntimeError("no game grew a land that big")


def shoot(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLETOP_TRIO_HOME"] = home
        app = App(Options(seed=2, speed=1.0), SettingsStore(Path(home)))

        def save(name):
            path = folder / f"blanc-noir-{name}.png"
            pygame.image.save(app.canvas, str(path))
            small = folder / f"blanc-noir-{name}-720.png"
            pygame.image.save(pygame.transform.smoothscale(app.canvas, (1280, 720)), str(small))
            written.extend([path, small])

        scene = new_board(app, ["human", "ai:normal", "ai:normal"])
        run_until(app, lambda: scene.presenter.idle)
        app.run(frames=2, fixed_dt=STEP)
        save("opening")

        scene = new_board(app, ["human", "ai:normal"])
        scene.set_state(big_land())
        run_until(app, lambda: scene.presenter.idle)
        app.run(frames=2, fixed_dt=STEP)
        save("land")

        scorable = sorted(scene.scorable_cards)
        if scorable:
            pos = scene.hand_card_pos(scorable[0])
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            )
            app.run(frames=2, fixed_dt=STEP)
            save("match")

        lay = next(
            m
            for m in scene.on_show.shown.legal_moves()
            if isinstance(m, bn.LayLand) and m.square not in scene.on_show.shown.land
        )
        scene.play(lay)
        app.run(frames=22, fixed_dt=STEP)
        save("flight")

        scene = new_board(app, ["human", "ai:normal"])
        land = {
            (0, 0): ["W2b"], (1, 0): ["B2b"], (0, 1): ["B2c"], (1, 1): ["W2c"], (2, 0): ["W2d"],
            (2, 1): ["W2e"], (-1, 0): ["W4c"], (0, 2): ["W3c"], (1, 2): ["B4c", "BOa"],
        }  # fmt: skip
        state = bn.State.from_dict(
            {
                "players": 2, "first_player": 0, "current_player": 0, "actions": 1,
                "drew": True, "turn": 20, "hands": [["B3b"], ["W3b", "BOb"]], "market": [],
                "deck": [], "land": [[x, y, s] for (x, y), s in land.items()], "hunter": [1, 2],
                "laid_by": {}, "scored": [["W5a", "B4a", "W4b", "B2a"], ["W3a", "B5b", "W2a"]],
                "result": None,
            }
        )  # fmt: skip
        scene.set_state(state)
        run_until(app, lambda: scene.presenter.idle)
        scene.play(bn.parse_move(scene.state, "land B3b 3 0"))
        run_until(app, lambda: scene.presenter.tally and scene.presenter.tally.verdict)
        app.run(frames=20, fixed_dt=STEP)
        save("bear-count")
        run_until(
            app,
            lambda: any(p.text in ("+2", "−2") for p in scene.presenter.popups),
        )
        app.run(frames=16, fixed_dt=STEP)
        save("bonus")
        run_until(app, lambda: app.manager.current.name == "results" and not app.manager.busy, 4000)
        app.run(frames=60, fixed_dt=STEP)
        save("results")
        app.close()
    return written


if __name__ == "__main__":
    for path in shoot(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"):
        print(path)
