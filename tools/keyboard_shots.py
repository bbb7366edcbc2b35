"""Play one game per board in a real X window (Xvfb) by xdotool key presses only, from the menu
through the setup (seat 2 a Beginner computer) to the results and back to the menu, and take
screenshots along the way to look at: the menu, the setup, the board with its cursor at the
first moves and later, the results. With --lessons, each game's lesson instead, to its last
screen (a screenshot with the ring on each control it glows for); with --operator, the kiosk
operator's Figures and Stand pages (opened past the PIN; a screenshot with the ring on each
control of the Stand page, then one of its switches pressed).

The app runs in this process on the real X11 driver; the player reads where the focus ring is
and where the control it wants stands (as `python main.py bench keyboard` does) and presses
keys with `xdotool key` (the X server's own key events), waiting for each to arrive.

Usage: python tools/keyboard_shots.py [folder] [--screen 1280x720] [--games a,b]
[--language ja] [--large] [--lessons | --operator] (default folder /tmp/keyboard-shots; --large:
every text at the large text size). Needs Xvfb, xdotool and xwd.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame

from scenes.bench import xserver
from scenes.bench.keyboard import FRAME, NoMouse, play_without_mouse
from scenes.boards import BOARDS
from scenes.kit.focus import targets
from scenes.kit.keymap import Action
from scenes.storage.settings import SettingsStore

XDOTOOL_KEYS = {
    Action.UP: "Up",
    Action.DOWN: "Down",
    Action.LEFT: "Left",
    Action.RIGHT: "Right",
    Action.NEXT: "Tab",
    Action.ACTIVATE: "Return",
    Action.BACK: "Escape",
}
#: seconds a key press may take to reach the app on a loaded machine
ARRIVAL_SECONDS = 10.0


class XdotoolPlayer(NoMouse):
    """The bench's player, pressing real keys on the X server; screenshots at moments."""

    def __init__(self, app, x: xserver.Xvfb, folder: Path, tag: str) -> None:
        super().__init__(app, "keys")
        self.x = x
        self.folder = folder
        self.tag = tag
        self.shots: list[Path] = []
        self.board_shots = 0

    def press(self, action: Action) -> None:
        self.presses += 1
        before = self.app.focus.presses
        self.x.run("xdotool", "key", XDOTOOL_KEYS[action])
        deadline = time.monotonic() + ARRIVAL_SECONDS
        while self.app.focus.presses == before:
            if time.monotonic() > deadline:
                raise RuntimeError(f"the key {XDOTOOL_KEYS[action]} never reached the app")
            self.app.run(frames=1, fixed_dt=FRAME)
        self.settle()
        self.maybe_shoot()

    def maybe_shoot(self) -> None:
        """A screenshot at each moment not taken yet: the menu, the setup, the board at its
        start and later (each with nothing held and with a piece or card held), the results."""
        scene = self.app.manager.current
        name = getattr(scene, "name", "")
        moment = name if name in ("menu", "setup", "results") else None
        if name == "board":
            when = "start" if len(scene.record.moves) < 4 else "later"  # type: ignore[union-attr]
            held = "-held" if scene.has_selection() else ""  # type: ignore[union-attr]
            moment = f"board-{when}{held}"
        if moment is not None and moment not in self._taken():
            self.shoot(moment)

    def _taken(self) -> set[str]:
        return {path.stem.removeprefix(self.tag + "-") for path in self.shots}

    def shoot(self, moment: str) -> None:
        self.app._dirty = True
        self.app.run(frames=2, fixed_dt=FRAME)
        time.sleep(0.3)
        path = self.folder / f"{self.tag}-{moment}.png"
        pygame.image.save(self.x.screenshot(), str(path))
        self.shots.append(path)


@contextmanager
def window_app(
    screen: tuple[int, int], language: str, text_size: str, kiosk: bool = False
) -> Iterator[tuple[Any, xserver.Xvfb, str]]:
    """An app in a real X window of `screen`'s size (a kiosk, its operator PIN set, with
    `kiosk`), focused, the pointer out of the way: (app, the X server, its user folder)."""
    with xserver.Xvfb(*screen) as x, tempfile.TemporaryDirectory() as home:
        os.environ.update(x.env(TABLETOP_TRIO_HOME=home))
        store = SettingsStore(Path(home))
        if kiosk:
            from scenes.kiosk.pin import preset_pin

            preset_pin(store)
        settings = store.load()
        settings.language, settings.text_size = language, text_size
        store.save(settings)
        from scenes.app import App, Options

        app = App(Options(seed=1, speed=4.0, kiosk=kiosk), store)
        try:
            window = x.run(
                "xdotool", "search", "--sync", "--onlyvisible", "--pid", str(os.getpid()),
                timeout=60,
            ).split()[0]  # fmt: skip
            x.run("xdotool", "windowfocus", "--sync", window)
            x.run("xdotool", "mousemove", "0", "0")
            yield app, x, home
        finally:
            app.close()


def _tag(part: str, language: str, screen: tuple[int, int], text_size: str) -> str:
    return f"{part}-{language}-{screen[0]}" + ("" if text_size == "normal" else "-large")


def play(
    game: str, screen: tuple[int, int], folder: Path, language: str, text_size: str = "normal"
) -> list[Path]:
    with window_app(screen, language, text_size) as (app, x, _home):
        player = XdotoolPlayer(app, x, folder, _tag(game, language, screen, text_size))
        figures = play_without_mouse(app, game, "keys", player=player)
        player.shoot("back-at-menu")
        print(figures, flush=True)
        return player.shots


def lesson(
    game: str, screen: tuple[int, int], folder: Path, language: str, text_size: str = "normal"
) -> list[Path]:
    """`game`'s lesson to its last screen by keys: each control it glows for (and Next) reached
    by arrows and pressed with Enter, shot with the ring on it before each press."""
    from scenes.bench.lessons import play_lesson

    with window_app(screen, language, text_size) as (app, x, _home):
        player = XdotoolPlayer(app, x, folder, _tag(f"{game}-lesson", language, screen, text_size))
        player.maybe_shoot = lambda: None  # type: ignore[method-assign]
        app.open_lesson(game)
        player.settle()
        scene = app.manager.current

        def press(where: pygame.Rect) -> None:
            player.go_to(where)
            done = "-done" if scene.step_done else ""
            player.shoot(f"step{scene.index + 1}{done}-press{player.presses}")
            player.press(Action.ACTIVATE)

        run = play_lesson(app, scene, press=press)
        player.shoot("end")
        print({"game": game, "lesson steps": run.steps, "presses": player.presses}, flush=True)
        return player.shots


def operator(screen: tuple[int, int], folder: Path, language: str, text_size: str = "normal"):
    """The kiosk operator's screen (opened past its PIN) by keys: the Figures page with the ring
    on Save, then its Stand tab pressed and the ring on each of its controls, and one of its
    switches pressed."""
    from scenes.kiosk.operator import OperatorScene

    with window_app(screen, language, text_size, kiosk=True) as (app, x, _home):
        player = XdotoolPlayer(app, x, folder, _tag("operator", language, screen, text_size))
        player.maybe_shoot = lambda: None  # type: ignore[method-assign]
        app.manager.switch(OperatorScene(app), fade=False)
        player.settle()
        screen_now = app.manager.current
        player.go_to(screen_now.body.to_drive.rect)
        player.shoot("figures-save")
        player.choose(screen_now.tabs[1].rect)
        stand = app.manager.current.body
        for index, target in enumerate(targets(app.manager.current)):
            player.go_to(target.rect)
            player.shoot(f"stand-{index:02d}")
        was = app.settings.kiosk_continue
        player.choose(stand.offer_continue.rect)
        player.shoot("stand-continue-pressed")
        assert app.settings.kiosk_continue != was, "Enter on the switch did not turn it"
        return player.shots


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default="/tmp/keyboard-shots")
    parser.add_argument("--screen", default="1280x720")
    parser.add_argument("--games", default=",".join(BOARDS))
    parser.add_argument("--language", default="en")
    parser.add_argument("--large", action="store_true", help="every text at the large size")
    parser.add_argument("--lessons", action="store_true", help="the games' lessons instead")
    parser.add_argument("--operator", action="store_true", help="the kiosk operator's pages")
    args = parser.parse_args()
    width, height = (int(v) for v in args.screen.split("x"))
    folder = Path(args.folder)
    folder.mkdir(parents=True, exist_ok=True)
    missing = xserver.available()
    if missing:
        sys.exit(f"missing: {', '.join(missing)} (apt-get install xvfb xdotool x11-apps)")
    size = "large" if args.large else "normal"
    if args.operator:
        shots = operator((width, height), folder, args.language, size)
    else:
        walk = lesson if args.lessons else play
        shots = [
            path
            for game in args.games.split(",")
            for path in walk(game, (width, height), folder, args.language, size)
        ]
    for path in shots:
        print(path, flush=True)


if __name__ == "__main__":
    main()
