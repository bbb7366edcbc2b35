"""Play the places issue 23 fixed in a real window: Xvfb, `python main.py`, real clicks and keys
with xdotool, screenshots of the whole screen (xwd). Each place starts from a saved game written
into a fresh user folder (the menu's Continue tile opens it), so every run shows the same things.

Usage: python tools/window_tour.py [folder] [WIDTHxHEIGHT ...]
(default /tmp/window_tour, screens 1280x720 and 1920x1080). Needs Xvfb, xdotool and xwd
(Debian: apt-get install xvfb xdotool x11-apps). Writes <folder>/<W>x<H>/<place>.png.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame

from game import GAMES
from game import blanc_noir as bn
from game import consequence as cq
from game import whose_foods as wf
from game.blanc_noir.cards import CARDS
from game.core.engine import random_playout
from scenes.bench import xserver
from scenes.boards import seat_colours_for
from scenes.boards.consequence import layout as cq_layout
from scenes.boards.whose_foods import layout as wf_layout
from scenes.kit.palette import seat_colours
from scenes.kit.seats import GameSetup, Seat, default_names
from scenes.storage.saved_game import SavedGame, save_unfinished
from scenes.window import CANVAS_SIZE, viewport

#: where the menu's Continue tile stands when there is an unfinished game (the first tile)
CONTINUE = (255, 560)
READY = (960, 750)  # the hand-over screen's "I am ready"
#: seconds for a new window or scene to come in (its fade ignores clicks; longer under load)
SETTLE = 3.5


class Window:
    """`python main.py` on the X screen `x`, with its own user folder."""

    def __init__(self, x: xserver.Xvfb, home: Path, *args: str):
        self.x = x
        x.run("xdotool", "mousemove", "0", "0")
        self.process = subprocess.Popen(
            [sys.executable, "main.py", *args],
            cwd=ROOT,
            env=x.env(TABLETOP_TRIO_HOME=str(home), SDL_AUDIODRIVER="dummy"),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        ids = x.run("xdotool", "search", "--sync", "--onlyvisible", "--pid",
                    str(self.process.pid), timeout=60)  # fmt: skip
        self.window = ids.split()[0]
        time.sleep(SETTLE)

    def view(self) -> pygame.Rect:
        fields = dict(
            line.split("=", 1)
            for line in self.x.run("xdotool", "getwindowgeometry", "--shell", self.window).split()
        )
        window = pygame.Rect(int(fields["X"]), int(fields["Y"]), int(fields["WIDTH"]),
                             int(fields["HEIGHT"]))  # fmt: skip
        return viewport(window.size, CANVAS_SIZE).move(window.topleft)

    def at(self, pos: tuple[float, float]) -> tuple[str, str]:
        view = self.view()
        scale = view.width / CANVAS_SIZE[0]
        return str(round(view.left + pos[0] * scale)), str(round(view.top + pos[1] * scale))

    def click(self, pos: tuple[float, float], wait: float = 0.6) -> None:
        self.x.run("xdotool", "mousemove", *self.at(pos), "click", "1")
        time.sleep(wait)

    def hover(self, pos: tuple[float, float], wait: float = 0.4) -> None:
        self.x.run("xdotool", "mousemove", *self.at(pos))
        time.sleep(wait)

    def key(self, name: str, wait: float = 0.6) -> None:
        self.x.run("xdotool", "key", name)
        time.sleep(wait)

    def shot(self, folder: Path, name: str) -> Path:
        path = folder / f"{name}.png"
        pygame.image.save(self.x.screenshot(), str(path))
        print("  ", path)
        return path

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()


def setup_of(game: str, seats: list[str]) -> GameSetup:
    seated = tuple(Seat.parse(s) for s in seats)
    colours = seat_colours_for(game, seat_colours("standard"), len(seated))
    return GameSetup(game, seated, default_names(seated), colours, {}, 11, 0)


def keep(home: Path, game: str, seats: list[str], start, moves=()) -> None:
    """Write `start` (+ `moves`) as the unfinished game of `home`."""
    pygame.display.init()
    saved = SavedGame.of(setup_of(game, seats), start, [str(m) for m in moves])
    assert save_unfinished(home, saved, None)


def near_end(game: str, seed: int, before: int):
    """A random game's state `before` moves before its end."""
    state = GAMES[game].new_game(players=2, seed=seed)
    moves = random_playout(state.clone(), random.Random(seed))
    for move in moves[: len(moves) - before]:
        state.play(move)
    return state


# --- the places -----------------------------------------------------------------------------------


def whose_foods_choice(x, folder, home):
    """Hints preview with its score change, the capture choice's buttons, the callout and its
    '+N', the trays' caption and the last-move marker."""
    rows = ". . . .\nLC . SF .\n. LD SC .\nLD SD . SC"
    keep(home, "whose-foods", ["human", "human"], wf.from_diagram(rows))
    window = Window(x, home, "--speed", "0.5")
    window.click(CONTINUE, SETTLE)
    window.click(wf_layout.supply_group_rect("SD").center)
    window.hover(wf_layout.square_rect(wf.parse_square("c1")).center, 0.8)
    window.shot(folder, "wf-hint-preview")
    window.click(wf_layout.square_rect(wf.parse_square("c1")).center, 3.0)
    window.shot(folder, "wf-capture-choice")
    window.click((wf_layout.SUPPLY.left + 24 + 100, wf_layout.SUPPLY.top + 110), 0.9)
    window.shot(folder, "wf-callout-and-points")
    time.sleep(4)
    window.shot(folder, "wf-last-move")
    window.close()


def whose_foods_can(x, folder, home):
    """A can from the hand: the preview says the panel's change (+9)."""
    keep(home, "whose-foods", ["human", "ai:easy"], wf.from_diagram(
        ". . . .\n. . . .\n. . . .\nLD LC . ."))  # fmt: skip
    window = Window(x, home)
    window.click(CONTINUE, SETTLE)
    window.click(wf_layout.tray(0).hand_slot(0))
    window.hover(wf_layout.square_rect(wf.parse_square("c1")).center, 0.8)
    window.shot(folder, "wf-can-preview")
    window.click(wf_layout.square_rect(wf.parse_square("c1")).center, 6.0)
    window.shot(folder, "wf-after-computer")
    window.close()


def consequence_hot_seat(x, folder, home):
    """Push arrows (diagonals included), a push-off, the last-move marker, the undo question."""
    state = cq.new_game()
    for text in ("place bD b1", "place rD c1", "place bD d1", "place rD b2", "place bS c3"):
        state.play(text)  # Sun to move: from a1, pushes N? no; NE (b2 c3) and E (b1 c1 d1)
    keep(home, "consequence", ["human", "human"], state)
    window = Window(x, home)
    window.click(CONTINUE, SETTLE)
    window.click(READY, 1.0)
    hand = state.hand(1)
    slot = cq_layout.panel(1).hand_slot(hand.index("rS"))
    window.click(slot)
    window.click(cq_layout.square_centre(0), 0.8)
    window.hover(cq_layout.arrow_centre(0, 1), 0.6)
    window.shot(folder, "cq-push-arrows")
    window.click(cq_layout.arrow_centre(0, 2), 2.5)
    window.shot(folder, "cq-handover-after-push")
    window.click(READY, 1.2)
    window.shot(folder, "cq-last-move-push-off")
    window.click((306, 58), 0.8)  # Undo
    window.shot(folder, "cq-undo-question")
    window.click((1170, 650), 1.5)  # Refuse
    window.shot(folder, "cq-undo-refused-handover")
    window.click(READY, 0.5)
    window.shot(folder, "cq-undo-refused-said")
    window.click(cq_layout.panel(0).hand_slot(0))
    window.key("Escape")
    window.shot(folder, "cq-escape-dropped-the-tile")
    window.key("Escape")
    window.shot(folder, "cq-escape-then-pause")
    window.close()


def consequence_end(x, folder, home):
    """The results keep the final board with its pairs; the replay's last frame; kill -9."""
    keep(home, "consequence", ["ai:easy", "ai:easy"], near_end("consequence", 31, 3))
    window = Window(x, home, "--speed", "4")
    window.click(CONTINUE, 15.0)
    window.shot(folder, "cq-results-final-board")
    window.click((1684, 953), 2.0)  # Watch replay
    window.click((844, 58), 1.5)  # End
    window.shot(folder, "cq-replay-last-frame")
    window.close()


def consequence_killed(x, folder, home):
    """kill -9 during a game: the Continue tile shows that board."""
    keep(home, "consequence", ["human", "ai:easy"], near_end("consequence", 5, 14))
    window = Window(x, home)
    window.click(CONTINUE, SETTLE)
    window.shot(folder, "cq-before-kill")
    window.kill()
    (home / "unfinished.png").unlink(missing_ok=True)  # (the kill left none: made on leaving)
    window = Window(x, home)
    time.sleep(SETTLE)  # the menu's tiles come in one after another
    window.shot(folder, "menu-continue-after-kill")
    window.close()


def blanc_noir_end(x, folder, home):
    """Overlay cards in the hand; the results' bear bonus; the replay's All faces at its end."""
    state = near_end("blanc-noir", 5, 6)
    keep(home, "blanc-noir", ["ai:easy", "ai:easy"], state)
    window = Window(x, home, "--speed", "4")
    window.click(CONTINUE, 30.0)
    window.shot(folder, "bn-results-bear-bonus")
    window.click((1684, 953), 2.0)  # Watch replay
    window.click((844, 58), 1.5)  # End
    window.shot(folder, "bn-replay-end")
    window.click((1249, 58), 1.0)  # All faces
    window.shot(folder, "bn-replay-all-faces")
    window.close()


def blanc_noir_overlay(x, folder, home):
    state = bn.new_game(players=2, seed=3)
    while not any(CARDS[c].overlay for c in state.hand(0)):
        state = bn.new_game(players=2, seed=random.randrange(10**6))
    keep(home, "blanc-noir", ["human", "ai:easy"], state)
    window = Window(x, home)
    window.click(CONTINUE, SETTLE)
    window.shot(folder, "bn-overlay-in-hand")
    window.close()


def blanc_noir_hot_seat(x, folder, home):
    """Hot seat: Player 1 lays a card, then asks to take it back: Player 2 decides."""
    state = bn.new_game(players=2, seed=8)
    keep(home, "blanc-noir", ["human", "human"], state)
    at_card, at_square = _first_land_move(state)
    window = Window(x, home)
    window.click(CONTINUE, SETTLE)
    window.click(READY, 1.2)
    window.shot(folder, "bn-hot-seat-hand")
    window.click(at_card, 0.8)
    window.click(at_square, 2.0)
    window.shot(folder, "bn-hot-seat-laid")
    window.click((306, 58), 0.8)  # Undo
    window.shot(folder, "bn-hot-seat-undo-question")
    window.click((1170, 650), 1.5)  # Refuse: the device goes back to Player 1
    window.shot(folder, "bn-hot-seat-back-to-asker")
    window.close()


def _first_land_move(state):
    """Where a card of seat 0 and a square next to the land it may be laid on are on the
    canvas, from the same board drawn headless."""
    from scenes.app import App, Options
    from scenes.boards.blanc_noir.scene import BlancNoirBoard
    from scenes.storage.settings import SettingsStore

    with tempfile.TemporaryDirectory() as home:
        app = App(Options(seed=1), SettingsStore(Path(home)))
        board = BlancNoirBoard(app, setup_of("blanc-noir", ["human", "human"]))
        board.set_state(state.clone())
        board.on_show.set_viewer(0)
        move = next(m for m in state.legal_moves() if isinstance(m, bn.LayLand))
        found = board.hand_card_pos(move.card), board.square_pos(move.square)
        app.close()
    return found


def setup_and_settings(x, folder, home):
    window = Window(x, home, "--game", "consequence")
    time.sleep(1.0)
    window.click((117, 553), 0.3)  # a colour swatch: why it cannot change
    window.shot(folder, "setup-consequence-colours")
    window.key("Escape", 1.0)
    window.close()
    window = Window(x, home)
    window.click((1160, 992), 1.5)  # Settings (the menu without an unfinished game)
    window.shot(folder, "settings-hints")
    window.close()


PLACES: list[Callable[..., None]] = [
    whose_foods_choice,
    whose_foods_can,
    consequence_hot_seat,
    consequence_end,
    consequence_killed,
    blanc_noir_end,
    blanc_noir_overlay,
    blanc_noir_hot_seat,
    setup_and_settings,
]


def tour(folder: Path, screen: tuple[int, int], only: str = "") -> None:
    out = folder / f"{screen[0]}x{screen[1]}"
    out.mkdir(parents=True, exist_ok=True)
    with xserver.Xvfb(*screen) as x:
        for place in PLACES:
            if only and only not in place.__name__:
                continue
            print(place.__name__, screen)
            with tempfile.TemporaryDirectory() as home:
                place(x, out, Path(home))


def main(arguments: list[str]) -> int:
    missing = xserver.available()
    if missing:
        print(f"missing: {', '.join(missing)} (apt-get install xvfb xdotool x11-apps)")
        return 1
    folder = Path(arguments[0]) if arguments else Path("/tmp/window_tour")
    screens = [tuple(int(v) for v in a.split("x")) for a in arguments[1:] if "x" in a]
    only = next((a for a in arguments[1:] if "x" not in a), "")
    for screen in screens or [(1280, 720), (1920, 1080)]:
        tour(folder, screen, only)  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
