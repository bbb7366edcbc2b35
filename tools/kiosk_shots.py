"""Render the kiosk's screens to PNG: the attract loop with a caption, the "Take this seat"
offer, the "Still playing?" countdown, the calm "Back in a moment" screen, the PIN pad and the
operator screen.

Usage: python tools/kiosk_shots.py [folder]   (default docs/screenshots)
Writes kiosk-attract, kiosk-take-seat, kiosk-countdown, kiosk-calm, kiosk-pin, kiosk-operator
(and its stand page), kiosk-welcome and kiosk-celebration, each at 1920x1080 (`<name>.png`) and
as a 1280x720 window shows it (`<name>-720.png`).
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

from scenes.app import App, Options
from scenes.kiosk.calm import CalmScene
from scenes.kiosk.celebration import CelebrationScene
from scenes.kiosk.challenge import Win
from scenes.kiosk.operator import OperatorScene
from scenes.kiosk.pin import preset_pin
from scenes.kiosk.pinpad import PinScene
from scenes.kiosk.welcome import WelcomeScene
from scenes.storage.settings import SettingsStore

STEP = 1 / 60


def shoot(app, folder, name):
    app._dirty = True
    app.run(frames=1, fixed_dt=STEP)
    path = folder / f"{name}.png"
    app.screenshot(path)
    small = folder / f"{name}-720.png"
    pygame.image.save(pygame.transform.smoothscale(app.canvas, (1280, 720)), str(small))
    print(path, small)


def main(folder):
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        store = SettingsStore(home)
        preset_pin(store)
        app = App(Options(seed=11, kiosk=True, attract=True, speed=1.0), store)
        pygame.event.clear()
        app.run(frames=3, fixed_dt=STEP)
        scene = app.manager.current
        for _ in range(4000):  # until a chain or a capture makes a caption worth showing
            app.run(frames=1, fixed_dt=STEP * 2)
            if scene.caption and ("captured" in scene.caption or "Chain" in scene.caption):
                break
        app.run(frames=20, fixed_dt=STEP)
        shoot(app, folder, "kiosk-attract")
        scene.offer_seat(1)
        shoot(app, folder, "kiosk-take-seat")
        scene.take_seat(1)
        app.run(frames=5, fixed_dt=STEP)
        app.kiosk_control.countdown = 7.4
        shoot(app, folder, "kiosk-countdown")
        app.kiosk_control.countdown = None
        app.go_menu()  # the PIN pad opens over whatever visitors see (a long press)
        app.run(frames=40, fixed_dt=STEP)
        app.manager.push(PinScene(app, lambda: OperatorScene(app)))
        app.run(frames=2, fixed_dt=STEP)
        app.manager.current.entered = "12"
        shoot(app, folder, "kiosk-pin")
        figures = app.kiosk_control.figures
        for game, started, finished in (("whose-foods", 9, 6), ("consequence", 5, 4)):
            for i in range(started):
                figures.started(game)
                figures.open_game = (game, figures.open_game[1] - 300 - 20 * i)
                if i < finished:
                    figures.finished(game)
        figures.started("blanc-noir")
        figures.abandoned()
        for game, demos in (("whose-foods", 14), ("consequence", 11), ("blanc-noir", 9)):
            for _ in range(demos):
                figures.demo_finished(game)
        app.manager.switch(OperatorScene(app), fade=False)
        app.run(frames=2, fixed_dt=STEP)
        shoot(app, folder, "kiosk-operator")
        app.manager.current.show("stand")
        app.run(frames=2, fixed_dt=STEP)
        shoot(app, folder, "kiosk-operator-stand")
        app.manager.switch(WelcomeScene(app, "whose-foods"), fade=False)
        app.run(frames=30, fixed_dt=STEP)
        shoot(app, folder, "kiosk-welcome")
        app.manager.switch(CelebrationScene(app, Win("whose-foods", "easy", "14:05")), fade=False)
        app.run(frames=60, fixed_dt=STEP)
        shoot(app, folder, "kiosk-celebration")
        app.manager.switch(CalmScene(app), fade=False)
        app.run(frames=30, fixed_dt=STEP)
        shoot(app, folder, "kiosk-calm")
        app.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots")
