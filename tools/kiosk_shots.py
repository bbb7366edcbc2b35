"""Render the kiosk's screens to PNG: the attract loop with a caption (its title, headline and line
of captions), the "Take this seat" offer, the "Still playing?" countdown, the welcome (with a game
left for Continue and the challenge on), the calm "Back in a moment" screen, the PIN pad after a
wrong PIN, the operator's three pages (figures with their table, the stand, the opening hours),
the figures' table paged when the opening hours are more than it holds (its last and earlier page),
the question before clearing today's board, the closed screen and a celebration.

Usage: python tools/kiosk_shots.py [folder] [--language ja] [--large]
(default docs/screenshots, English, normal text)
Writes kiosk-attract, kiosk-take-seat, kiosk-countdown, kiosk-welcome, kiosk-pin,
kiosk-operator-figures, kiosk-operator-figures-paged, kiosk-operator-figures-earlier,
kiosk-operator-stand, kiosk-operator-hours, kiosk-clear-asks,
kiosk-closed, kiosk-celebration and kiosk-calm, each at 1920x1080 (`<name>.png`) and as a 1280x720
window shows it (`<name>-720.png`); in another language than English each name ends with
`-<code>`, at the large text size with `-large`.

`walk` shows the same screens for any other look (`tools/text_overlap.py` checks their text).
"""

import argparse
import os
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
from scenes.kiosk.calm import CalmScene
from scenes.kiosk.celebration import CelebrationScene
from scenes.kiosk.challenge import Win
from scenes.kiosk.closed import ClosedScene
from scenes.kiosk.figures import Figures
from scenes.kiosk.operator import OperatorScene
from scenes.kiosk.pin import preset_pin
from scenes.kiosk.pinpad import PinScene
from scenes.kiosk.welcome import WelcomeScene
from scenes.kit import i18n
from scenes.storage.settings import SettingsStore

STEP = 1 / 60
#: the stand's clock in these pictures: mid-afternoon of a fixed day
NOW = time.mktime(time.strptime("2026-06-13 15:40", "%Y-%m-%d %H:%M"))
#: a day at the stand before the pictures: (minutes ago, what happened, game)
A_DAY = [
    (330, "visitor", None), (328, "started", "whose-foods"), (320, "finished", "whose-foods"),
    (290, "visitor", None), (288, "lesson", "consequence"), (280, "started", "consequence"),
    (275, "abandoned", None), (240, "visitor", None), (238, "started", "blanc-noir"),
    (226, "finished", "blanc-noir"), (226, "challenge_won", "blanc-noir"), (200, "crashed", None),
    (170, "visitor", None), (168, "lesson", "whose-foods"), (160, "started", "whose-foods"),
    (151, "finished", "whose-foods"), (120, "visitor", None), (118, "started", "consequence"),
    (110, "finished", "consequence"), (95, "demo_finished", "consequence"),
    (70, "visitor", None), (69, "lesson", "blanc-noir"), (40, "visitor", None),
    (39, "started", "whose-foods"), (30, "finished", "whose-foods"), (12, "visitor", None),
]  # fmt: skip


def shoot(app, folder, name, suffix):
    path = folder / f"{name}{suffix}.png"
    app.screenshot(path)
    small = folder / f"{name}-720{suffix}.png"
    pygame.image.save(pygame.transform.smoothscale(app.canvas, (1280, 720)), str(small))
    print(path, small)


def a_day_of_figures(home):
    at = [NOW]
    figures = Figures(Path(home), clock=lambda: at[0], wall=lambda: at[0])
    for minutes_ago, what, game in A_DAY:
        at[0] = NOW - minutes_ago * 60
        method = getattr(figures, what)
        method(game) if game is not None else method()
    figures.close()


def kiosk_app(home, language, text_size="normal"):
    """A kiosk (attract loop, challenge on) over the user folder `home`, with a day of figures
    and a PIN, showing `language` at `text_size`."""
    a_day_of_figures(home)
    store = SettingsStore(home)
    preset_pin(store)
    settings = store.load()
    settings.language, settings.text_size = language, text_size
    settings.kiosk_challenge, settings.kiosk_challenge_level = True, "normal"
    store.save(settings)
    return App(Options(seed=11, kiosk=True, attract=True, speed=1.0), store, wall=lambda: NOW)


def main(folder, language, text_size="normal"):
    folder.mkdir(parents=True, exist_ok=True)
    suffix = "" if language == "en" else f"-{language}"
    suffix += "" if text_size == "normal" else f"-{text_size}"
    with tempfile.TemporaryDirectory() as home:
        app = kiosk_app(home, language, text_size)
        try:
            walk(app, lambda name: shoot(app, folder, name, suffix))
        finally:
            app.close()
            i18n.set_language("en")


def walk(app, save):
    """Show each kiosk screen in turn and call `save(name)` once it is drawn on `app.canvas`."""

    def look(name):  # (each screen drawn once more, then looked at)
        app._dirty = True
        app.run(frames=1, fixed_dt=STEP)
        save(name)

    pygame.event.clear()
    app.run(frames=3, fixed_dt=STEP)
    scene = app.manager.current
    for _ in range(4000):  # until a capture makes a caption worth showing
        app.run(frames=1, fixed_dt=STEP * 2)
        if scene.caption and scene.board and len(scene.board.moves) > 6:
            break
    app.run(frames=20, fixed_dt=STEP)
    look("kiosk-attract")
    scene.caption = scene.pending = None
    scene.clock = 5.0  # the second invitation: the challenge
    look("kiosk-attract-invitation")
    scene.offer_seat(1)
    look("kiosk-take-seat")
    scene.take_seat(1)
    app.run(frames=5, fixed_dt=STEP)
    app.kiosk_control.countdown = 7.4
    look("kiosk-countdown")
    app.kiosk_control.countdown = None
    board = app.manager.current
    board.exit()  # (left: kept for Continue)
    app.idle_seconds = 0.0
    app.manager.switch(WelcomeScene(app, "consequence"), fade=False)
    app.run(frames=40, fixed_dt=STEP)
    look("kiosk-welcome")
    # the PIN pad opens over whatever visitors see
    app.manager.push(PinScene(app, lambda: OperatorScene(app)))
    app.run(frames=2, fixed_dt=STEP)
    pad = app.manager.current
    pad.entered = "1111"
    pad.submit()  # a wrong PIN: its line stays until the next PIN is begun
    look("kiosk-pin")
    app.kiosk_control.pin_guard.wrong_since_opened = 1
    for page in ("figures", "stand", "hours"):
        app.manager.switch(OperatorScene(app, page=page), fade=False)
        app.run(frames=2, fixed_dt=STEP)
        look(f"kiosk-operator-{page}")
    app.settings.kiosk_hours = ["08:00", "23:00"]  # more hours than the table holds: paged
    app.manager.switch(OperatorScene(app, page="figures"), fade=False)
    app.run(frames=2, fixed_dt=STEP)
    look("kiosk-operator-figures-paged")
    app.manager.current.body.turn(-1)
    look("kiosk-operator-figures-earlier")
    app.settings.kiosk_hours = []
    app.manager.switch(OperatorScene(app, page="stand"), fade=False)
    app.run(frames=2, fixed_dt=STEP)
    screen = app.manager.current
    screen.show("stand")
    screen.ask("clear")
    look("kiosk-clear-asks")
    app.settings.kiosk_hours = ["16:00", "20:00"]
    app.manager.switch(ClosedScene(app, NOW), fade=False)
    app.run(frames=2, fixed_dt=STEP)
    look("kiosk-closed")
    app.settings.kiosk_hours = []
    app.manager.switch(CelebrationScene(app, Win("whose-foods", "easy", "14:05")), fade=False)
    app.run(frames=60, fixed_dt=STEP)
    look("kiosk-celebration")
    app.manager.switch(CalmScene(app), fade=False)
    app.run(frames=30, fixed_dt=STEP)
    look("kiosk-calm")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--language", default="en", choices=sorted(i18n.LANGUAGES))
    parser.add_argument("--large", action="store_true", help="draw every text at the large size")
    arguments = parser.parse_args()
    main(arguments.folder, arguments.language, "large" if arguments.large else "normal")
