"""Render every board moment and the main screens to PNG, to compare them pixel for pixel.

Usage: python tools/board_moments.py FOLDER [--size WxH] [--compare OTHER_FOLDER]

For each registered board: a hot-seat game of its fewest players, seeded, played by random
legal moves: the opening, each move in the middle of its animation and once it is over (the
hand-over screen too, in a game with secrets), the move log open, the pause menu over the
board, a hot-seat undo's question, the game's end; and the main screens (menu, setup, rules,
settings, results, hand-over) of every game. Nothing here thinks on a thread and every clock is
fixed, so the same code renders the same pixels.

`--compare OTHER` compares the folder just written with OTHER (same names, same pixels) and
exits 1 on any difference. `tests/test_board_moments.py` compares small renders against
`tests/data/moments/` (regenerate them with
`python tools/board_moments.py tests/data/moments --size 192x108` after a change that is meant
to change the pictures, and look at the difference first).
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["LANGUAGE"] = "en"
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame

FRAME = 1 / 60
MOVES = 8  # random moves played on each board
MIDWAY = 9  # frames into a move's animation for its "midway" picture


#: called after each frame run, if given: a checker's look at every frame of an animation
OnFrame = Callable[[], object] | None


def _run(app, frames: int, on_frame: OnFrame = None) -> None:
    """Run `frames` frames; `on_frame()` after each one, if given."""
    if on_frame is None:
        app.run(frames=frames, fixed_dt=FRAME)
        return
    for _ in range(frames):
        app.run(frames=1, fixed_dt=FRAME)
        on_frame()


def _settle(app, limit: int = 1500, on_frame: OnFrame = None) -> None:
    _run(app, 2, on_frame)
    for _ in range(limit):
        if not app.manager.busy and getattr(app.manager.current, "waiting_for_input", True):
            break
        _run(app, 1, on_frame)
    _run(app, 1, on_frame)


def _picture(app) -> pygame.Surface:
    app.manager.draw(app.canvas)
    return app.canvas.copy()


def board_moments(
    app, game: str, on_frame: OnFrame = None
) -> Iterator[tuple[str, Callable[[], pygame.Surface]]]:
    """(name, picture) of one board's moments, taken in order as the game goes; `on_frame()`
    is called after every frame its moves' animations run (to look inside them)."""
    from game import GAMES
    from scenes.boards.making import board_scene_class

    info = GAMES[game]
    players = min(info.player_counts)
    board = board_scene_class(game)(app, app.quick_setup(game, ["human"] * players))
    app.manager.switch(board, fade=False)
    _settle(app, on_frame=on_frame)

    def ready_if_asked() -> None:
        top = app.manager.current
        if top is not board and hasattr(top, "ready"):
            top.ready()
            _settle(app, on_frame=on_frame)

    yield "opening", lambda: _picture(app)
    ready_if_asked()
    yield "opening-ready", lambda: _picture(app)
    rng = random.Random(3)
    for number in range(MOVES):
        if board.state.is_over:
            break
        moves = sorted(board.state.legal_moves(), key=str)
        board.play(rng.choice(moves))
        _run(app, MIDWAY, on_frame)
        yield f"move{number}-midway", lambda: _picture(app)
        _settle(app, on_frame=on_frame)
        yield f"move{number}-after", lambda: _picture(app)
        ready_if_asked()
        yield f"move{number}-ready", lambda: _picture(app)
    board.chrome.log.toggle()
    app.run(frames=2, fixed_dt=FRAME)
    yield "log-open", lambda: _picture(app)
    board.chrome.log.toggle()
    board.undo.request()
    app.run(frames=2, fixed_dt=FRAME)
    yield "undo-question", lambda: _picture(app)
    if board.undo.prompt is not None:
        board.undo.refuse()
    board.keeper.open_pause()
    _settle(app, on_frame=on_frame)
    yield "pause", lambda: _picture(app)
    app.manager.pop()
    _settle(app, on_frame=on_frame)
    ready_if_asked()
    yield "after-pause", lambda: _picture(app)
    for _ in range(400):
        ready_if_asked()
        if board.state.is_over or app.manager.current is not board:
            break
        moves = sorted(board.state.legal_moves(), key=str)
        board.play(rng.choice(moves))
        _settle(app, on_frame=on_frame)
    yield "end", lambda: _picture(app)


def _screen_moments(app) -> Iterator[tuple[str, Callable[[], pygame.Surface]]]:
    from game import GAMES
    from game.core.engine import random_playout
    from scenes.boards import BOARDS
    from scenes.screens.handover import HandoverScene
    from scenes.screens.menu import MenuScene
    from scenes.screens.results import ResultsScene
    from scenes.screens.rules import RulesScene
    from scenes.screens.settings import SettingsScene
    from scenes.screens.setup import SetupScene

    def show(scene) -> pygame.Surface:
        app.manager.switch(scene, fade=False)
        _settle(app)
        return _picture(app)

    yield "menu", lambda: show(MenuScene(app))
    yield "settings", lambda: show(SettingsScene(app))
    for game in BOARDS:
        info = GAMES[game]
        yield f"{game}-setup", lambda game=game: show(SetupScene(app, game))
        yield f"{game}-rules", lambda game=game: show(RulesScene(app, game))
        players = min(info.player_counts)
        state = info.new_game(players=players, seed=11)
        start = state.clone()
        moves = random_playout(state, random.Random(7))
        setup = app.quick_setup(game, ["human"] + ["ai:easy"] * (players - 1))
        yield (
            f"{game}-results",
            lambda setup=setup, state=state, start=start, moves=moves: show(
                ResultsScene(app, setup, state, start, moves)
            ),
        )
        colour = setup.colours[-1]
        yield (
            f"{game}-handover",
            lambda colour=colour: show(HandoverScene(app, "Pepper", colour, lambda: None)),
        )


def each_moment(app) -> Iterator[tuple[str, Callable[[], pygame.Surface]]]:
    """(name, picture) of every moment, in order: the main screens (first: the menu shows no
    saved game), then each board's moments; each picture is drawn on `app.canvas`."""
    from scenes.boards import BOARDS

    yield from _screen_moments(app)
    for game in BOARDS:
        for name, take in board_moments(app, game):
            yield f"{game}-board-{name}", take


def render(folder: Path, size: tuple[int, int] = (1920, 1080)) -> list[Path]:
    """Render every moment into `folder` as `<name>.png` at `size`; the paths, in order."""
    from scenes.app import App, Options
    from scenes.storage.settings import SettingsStore

    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLETOP_TRIO_HOME"] = home
        app = App(Options(seed=2, speed=1.0), SettingsStore(Path(home)))
        try:

            def save(name: str, canvas: pygame.Surface) -> None:
                if canvas.get_size() != size:
                    canvas = pygame.transform.smoothscale(canvas, size)
                path = folder / f"{name}.png"
                pygame.image.save(canvas, str(path))
                written.append(path)

            for name, take in each_moment(app):
                save(name, take())
        finally:
            app.close()
    return written


def differences(folder: Path, other: Path) -> list[str]:
    """The names whose pictures differ between the two folders (or are in only one)."""
    found = []
    names = {p.name for p in folder.glob("*.png")} | {p.name for p in other.glob("*.png")}
    for name in sorted(names):
        a, b = folder / name, other / name
        if not (a.exists() and b.exists()):
            found.append(f"{name}: only in {'the first' if a.exists() else 'the second'}")
            continue
        pa, pb = pygame.image.load(str(a)), pygame.image.load(str(b))
        if pa.get_size() != pb.get_size() or pygame.image.tobytes(
            pa, "RGB"
        ) != pygame.image.tobytes(pb, "RGB"):
            found.append(name)
    return found


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print(__doc__)
        return 2
    folder = Path(argv[0])
    size = (1920, 1080)
    if "--size" in argv:
        width, height = argv[argv.index("--size") + 1].split("x")
        size = (int(width), int(height))
    written = render(folder, size)
    print(f"{len(written)} pictures in {folder}")
    if "--compare" in argv:
        other = Path(argv[argv.index("--compare") + 1])
        found = differences(folder, other)
        for name in found:
            print("differs:", name)
        print("same" if not found else f"{len(found)} differ")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
