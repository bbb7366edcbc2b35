"""Play each game's lesson in a real X window (Xvfb) with xdotool clicks, from the menu: the
game's tile, Learn on its setup, then what glows at every step and Next, to the last screen.
A screenshot of the whole screen is taken at every step (its goal, and its callout) and at the
end, to look at.

The clicks are planned first by playing the lesson headless (same layout, same lesson): where
each glowing thing is, and how long the animations after each click last at speed 1; the real
app then runs at speed 1 and the tool waits that long (and a margin) after each click.

Usage: python tools/lesson_shots.py [folder] [--screen 1280x720] [--games whose-foods,...]
[--language ja] [--patience 1.3] (default folder /tmp/lesson-shots; the language is the app's
setting, English by default; patience multiplies the waits after each click: raise it on a busy
machine, where the real app's frames come slower than planned). Needs Xvfb, xdotool and xwd.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame

from scenes.app import App, Options
from scenes.bench import xserver
from scenes.bench.lessons import FRAME, click
from scenes.boards import BOARDS
from scenes.boards.lessons.scene import LessonScene
from scenes.storage.settings import SettingsStore
from scenes.window import CANVAS_SIZE, viewport


@dataclass
class Click:
    """A click at `pos` (logical), then `wait` seconds of app time until the next is possible;
    `shot` names the screenshot taken before it (None: none)."""

    pos: tuple[int, int]
    wait: float
    shot: str | None = None


def settle(app: App) -> None:
    app.run(frames=2, fixed_dt=FRAME)
    while app.manager.busy or app.manager.animating:
        app.run(frames=1, fixed_dt=FRAME)


def home_in(folder: str, language: str) -> SettingsStore:
    """The settings of a new home in `folder`, set to `language`."""
    store = SettingsStore(Path(folder))
    settings = store.load()
    settings.language = language
    store.save(settings)
    return store


def plan(game: str, language: str) -> list[Click]:
    """The clicks of a person learning `game` from the menu, played headless at speed 1 in
    `language` (the notes' size, and so where Next stands, follows the words)."""
    with tempfile.TemporaryDirectory() as home:
        app = App(Options(seed=1, speed=1.0), home_in(home, language))
        try:
            settle(app)
            menu = app.manager.current
            tile = next(t for t in menu.tiles if t.game == game)
            clicks = [Click(tile.footer.center, 1.0)]
            app.open_setup(game)
            settle(app)
            clicks.append(Click(app.manager.current.button_rects["Learn"].center, 1.0, "setup"))
            app.open_lesson(game)
            settle(app)
            lesson = app.manager.current
            assert isinstance(lesson, LessonScene)
            shown: set[tuple[int, bool]] = set()
            while not lesson.finished:
                target = lesson.next_button.rect if lesson.step_done else None
                if target is None:
                    path = lesson.hint_path()
                    target = path[0] if path else None
                if target is None or app.manager.busy:
                    app.run(frames=1, fixed_dt=FRAME)
                    clicks[-1].wait += FRAME
                    continue
                key = (lesson.index, lesson.step_done)
                name = None
                if key not in shown:
                    shown.add(key)
                    name = f"step{lesson.index + 1}-{'callout' if lesson.step_done else 'goal'}"
                clicks.append(Click(target.center, FRAME, name))
                click(app, target.center)
            clicks.append(Click((0, 0), 0.0, "end"))
            return clicks
        finally:
            app.close()


def play(
    game: str, screen: tuple[int, int], folder: Path, language: str, patience: float = 1.3
) -> list[Path]:
    """The lesson of `game` played in a real window in `language`; the screenshots taken."""
    clicks = plan(game, language)
    shots = []
    with xserver.Xvfb(*screen) as x, tempfile.TemporaryDirectory() as home:
        home_in(home, language)
        x.run("xdotool", "mousemove", "0", "0")
        process = subprocess.Popen(
            [sys.executable, "main.py", "--speed", "1"],
            cwd=ROOT,
            env=x.env(TABLETOP_TRIO_HOME=home, SDL_AUDIODRIVER="dummy"),
        )
        try:
            window = x.run(
                "xdotool", "search", "--sync", "--onlyvisible", "--pid", str(process.pid),
                timeout=60,
            ).split()[0]  # fmt: skip
            time.sleep(2.0)
            fields = dict(
                line.split("=", 1)
                for line in x.run("xdotool", "getwindowgeometry", "--shell", window).split()
            )
            origin = (int(fields["X"]), int(fields["Y"]))
            view = viewport((int(fields["WIDTH"]), int(fields["HEIGHT"])), CANVAS_SIZE)
            view.move_ip(origin)
            scale = view.width / CANVAS_SIZE[0]
            for step in clicks:
                if step.shot is not None:
                    path = (
                        folder
                        / f"{game}-{language}-{screen[0]}-{len(shots) + 1:02d}-{step.shot}.png"
                    )
                    pygame.image.save(x.screenshot(), str(path))
                    shots.append(path)
                if step.shot == "end":
                    break
                sx = round(view.left + (step.pos[0] + 0.5) * scale - 0.5)
                sy = round(view.top + (step.pos[1] + 0.5) * scale - 0.5)
                x.run("xdotool", "mousemove", str(sx), str(sy), "click", "1")
                time.sleep(step.wait * patience + 0.6)
        finally:
            process.terminate()
            process.wait(timeout=10)
    return shots


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default="/tmp/lesson-shots")
    parser.add_argument("--screen", default="1280x720")
    parser.add_argument("--games", default=",".join(BOARDS))
    parser.add_argument("--language", default="en")
    parser.add_argument("--patience", type=float, default=1.3)
    args = parser.parse_args()
    width, height = (int(v) for v in args.screen.split("x"))
    folder = Path(args.folder)
    folder.mkdir(parents=True, exist_ok=True)
    missing = xserver.available()
    if missing:
        sys.exit(f"missing: {', '.join(missing)} (apt-get install xvfb xdotool x11-apps)")
    for game in args.games.split(","):
        for path in play(game, (width, height), folder, args.language, args.patience):
            print(path, flush=True)


if __name__ == "__main__":
    main()
