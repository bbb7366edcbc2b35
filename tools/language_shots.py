"""Render the screens that are translated so far (the menu with a Continue tile, the settings, the
hand-over) in one language, to look at them (docs/screenshots/ keeps the Japanese ones).

Usage: python tools/language_shots.py [LANG] [folder] [--full]   (default: ja, docs/screenshots)
Writes menu-LANG, settings-LANG and handover-LANG at 1280x720 (with --full at 1920x1080).
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
from scenes.boards.seats import GameSetup, Seat
from scenes.kit.palette import seat_colours
from scenes.screens.handover import HandoverScene
from scenes.screens.menu import MenuScene
from scenes.screens.settings import SettingsScene
from scenes.storage.saved_game import SavedGame, save_unfinished
from scenes.storage.settings import SettingsStore

#: names as players in each language might type them
NAMES = {"ja": ("ハナ", "ケン", "ユイ")}


def settle(app: App, limit: int = 400) -> None:
    app.run(frames=2, fixed_dt=1 / 60)
    for _step in range(limit):
        if not app.manager.busy and not getattr(app.manager.current, "animating", False):
            break
        app.run(frames=1, fixed_dt=1 / 60)


def show(app: App, scene) -> None:
    app.manager.switch(scene, fade=False)
    settle(app)


def unfinished(names: tuple[str, ...]) -> SavedGame:
    """A Whose Foods game of three a few moves in."""
    colours = tuple(seat_colours("standard")[: len(names)])
    seats = (Seat(), Seat.computer("hard"), Seat())
    setup = GameSetup("whose-foods", seats, names, colours, {"memory_mode": True}, 5, 0)
    state = setup.new_state()
    start = state.clone()
    moves = ["LD b2", "SF b2", "LC c3", "SD a1"]
    for move in moves:
        state.play(move)
    return SavedGame.of(setup, start, moves)


def shoot(language: str, folder: Path, full: bool = False) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    names = NAMES.get(language, ("Ada", "Clover", "Ben"))
    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLETOP_TRIO_HOME"] = home
        store = SettingsStore(Path(home))
        settings = store.load()
        settings.language = language
        store.save(settings)
        save_unfinished(Path(home), unfinished(names), None)
        app = App(Options(seed=2, speed=1.0), store)

        def save(name: str) -> None:
            path = folder / f"{name}-{language}.png"
            image = app.canvas if full else pygame.transform.smoothscale(app.canvas, (1280, 720))
            pygame.image.save(image, str(path))
            written.append(path)

        show(app, MenuScene(app))
        save("menu")
        show(app, SettingsScene(app))
        save("settings")
        show(app, HandoverScene(app, names[0], seat_colours("standard")[0], lambda: None))
        save("handover")
        app.close()
    return written


if __name__ == "__main__":
    args = [arg for arg in sys.argv[1:] if arg != "--full"]
    language = args[0] if args else "ja"
    target = Path(args[1]) if len(args) > 1 else ROOT / "docs" / "screenshots"
    for path in shoot(language, target, full="--full" in sys.argv):
        print(path)
