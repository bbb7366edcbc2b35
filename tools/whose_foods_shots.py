"""Render the Whose Foods board scene in its telling moments to PNG (docs/screenshots/).

Usage: python tools/whose_foods_shots.py [folder] [--full]   (default docs/screenshots)
Writes (at 1280x720) whose-foods-opening, -stack, -choice, -four-preview, -chain, -disqualified and
-results PNGs.
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

import pygame

from game import whose_foods as wf
from scenes.app import App, Options
from scenes.boards.whose_foods import layout
from scenes.boards.whose_foods.scene import WhoseFoodsBoard
from scenes.storage.settings import SettingsStore

EMPTY_ROWS = ". . . .\n. . . .\n. . . .\n"
CHAIN_OF_THREE = ". . . .\nLD LD/SC LD .\nSC LC/SC . .\n. LC . ."


def new_board(app, seats):
    scene = WhoseFoodsBoard(app, app.quick_setup("whose-foods", seats))
    app.manager.switch(scene, fade=False)
    app.run(frames=2, fixed_dt=1 / 60)
    return scene


def run_until(app, scene, test, limit=2000):
    for _ in range(limit):
        if test():
            return
        app.run(frames=1, fixed_dt=1 / 60)
    raise RuntimeError("the moment never came")


def shoot(folder: Path, full_size: bool = False) -> list[Path]:
    """Render the moments into `folder` at 1280x720 (returned); with `full_size`, also at
    1920x1080 as `<name>-1080p.png` beside them."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLETOP_TRIO_HOME"] = home
        app = App(Options(seed=2, speed=1.0), SettingsStore(Path(home)))

        def save(name):
            path = folder / f"whose-foods-{name}.png"
            pygame.image.save(pygame.transform.smoothscale(app.canvas, (1280, 720)), str(path))
            written.append(path)
            if full_size:
                pygame.image.save(app.canvas, str(folder / f"whose-foods-{name}-1080p.png"))

        scene = new_board(app, ["human", "ai:normal", "human", "ai:normal"])
        save("opening")

        scene = new_board(app, ["human", "ai:normal"])
        for move in ("LD b2", "SF d4", "SC b2", "LC c3"):
            scene.play(wf.parse_move(scene.state, move))
            run_until(app, scene, lambda: scene.presenter.idle)
        scene.selected = "SD"
        scene.hover_square = wf.parse_square("d3")
        app.run(frames=1, fixed_dt=1 / 60)
        save("stack")

        scene = new_board(app, ["human", "human"])
        scene.set_state(wf.from_diagram(EMPTY_ROWS + "LD SD . SC"))
        scene.play(wf.parse_move(scene.state, "SD c1"))
        run_until(app, scene, lambda: scene.presenter.idle)
        app.run(frames=2, fixed_dt=1 / 60)
        save("choice")

        scene = new_board(app, ["human", "human"])
        scene.set_state(wf.from_diagram(EMPTY_ROWS + "LD SD . LD"))
        scene.selected = "SD"
        at = layout.square_rect(wf.parse_square("c1")).center  # the pointer comes to c1
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=()))
        app.run(frames=2, fixed_dt=1 / 60)
        save("four-preview")

        scene = new_board(app, ["human", "human"])
        scene.set_state(wf.from_diagram(CHAIN_OF_THREE))
        scene.play(wf.parse_move(scene.state, "SD c2"))
        run_until(
            app,
            scene,
            lambda: (
                scene.presenter.chain == 2
                and scene.presenter.glows
                and scene.presenter.glows[-1].progress > 0.9
            ),
        )
        app.run(frames=14, fixed_dt=1 / 60)
        save("chain")

        scene = new_board(app, ["human", "ai:normal"])
        scene.set_state(wf.from_diagram(EMPTY_ROWS + "SC SF . ."))
        scene.play(wf.parse_move(scene.state, "LC c1"))
        run_until(
            app, scene, lambda: scene.presenter.callouts and scene.presenter.callouts[0].alpha > 250
        )
        save("callout")
        run_until(app, scene, lambda: scene.presenter.idle)
        scene.keeper.open_pause()
        app.run(frames=40, fixed_dt=1 / 60)
        save("pause")

        scene = new_board(app, ["human", "ai:normal", "human"])
        scene.set_state(wf.from_diagram(". . . .\n. SD . .\nLC . SC .\nLF SF . .", players=3))
        scene.play(wf.parse_move(scene.state, "LF c1"))
        run_until(
            app,
            scene,
            lambda: (
                scene.presenter.seats[0].out
                and scene.presenter.banner is not None
                and scene.presenter.banner.alpha > 250
            ),
        )
        save("disqualified")

        scene = new_board(app, ["human", "ai:normal", "ai:normal"])
        scene.set_state(
            wf.from_diagram(
                EMPTY_ROWS + "LD LF . .", players=3, captured=[["LF", "SF", "SD", "LC"], ["SC"], []]
            )
        )
        scene.play(wf.parse_move(scene.state, "SD c1"))
        run_until(
            app,
            scene,
            lambda: app.manager.current.name == "results" and not app.manager.busy,
            limit=4000,
        )
        app.run(frames=30, fixed_dt=1 / 60)
        save("results")
        app.close()
    return written


if __name__ == "__main__":
    args = [arg for arg in sys.argv[1:] if arg != "--full"]
    target = Path(args[0]) if args else ROOT / "docs" / "screenshots"
    for path in shoot(target, full_size="--full" in sys.argv):
        print(path)
