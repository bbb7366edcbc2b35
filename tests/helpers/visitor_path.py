"""A visitor's whole path at the stand, in a real window with real clicks (xdotool): run by
tests/test_kiosk_window.py as `python tests/helpers/visitor_path.py HOME SHOTS [LANGUAGE]` on an X
server (DISPLAY set, SDL_VIDEODRIVER=x11) of any size (the window fills the screen).

The kiosk runs its own loop here, in real time; between frames a scripted visitor looks at the
screen (the scenes' state, as a person reads the screen) and acts only through xdotool: watches
the attract loop until an invitation is on show (with LANGUAGE other than English, first touches
the language button to read it in that language), touches the attract loop, opens Learn, comes
back, plays the computer at the first level to the end (a move that wins at once if there is
one, else one that does not lose at once), then walks away: "Still playing?" counts down, the
attract loop comes back in the stand's own language; last, the exit chord is held. Screenshots
of the whole screen (xwd) are saved in SHOTS at each step; one JSON line on stdout reports what
happened and when.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game import whose_foods as wf  # noqa: E402
from game.ai.levels import LEVELS  # noqa: E402
from scenes.app import App, Options  # noqa: E402
from scenes.bench import xserver  # noqa: E402
from scenes.boards.whose_foods import layout  # noqa: E402
from scenes.kiosk.attract import CAPTION_SECONDS, LANGUAGE_BUTTON  # noqa: E402
from scenes.kiosk.pin import preset_pin  # noqa: E402
from scenes.kit import i18n  # noqa: E402
from scenes.storage.settings import SettingsStore  # noqa: E402

IDLE = 10  # seconds (the smallest idle time the settings allow)
LIMIT = 600.0  # seconds for the whole path
#: the visitor looks at the screen every BATCH frames (a tenth of a second): the loop runs in
#: real time in between (only a run's first frame counts a fixed 1/60 s)
BATCH = 6


class Visitor:
    def __init__(self, app: App, shots: Path, language: str = "en"):
        self.app = app
        self.shots = shots
        #: the language the visitor reads (chosen on the attract loop's language button)
        self.language = language
        self.started = time.monotonic()
        self.events: list[tuple[float, str]] = []
        self.rng = random.Random(7)
        self.display = os.environ["DISPLAY"]

    # --- what a person does --------------------------------------------------------------------
    def note(self, what: str) -> None:
        self.events.append((round(time.monotonic() - self.started, 2), what))

    def click(self, pos: tuple[int, int]) -> None:
        """A click by xdotool, while the loop runs; it returns once the app has read the click
        (xdotool has ended, so the X server has sent it, and the loop has run after that): what
        the click changed may be read at once, however slowly a loaded machine started xdotool."""
        x, y = self.app.screen.canvas_to_window(pos)
        left, top = self.app.screen.window.position
        xdotool = subprocess.Popen(
            ["xdotool", "mousemove", str(left + x), str(top + y), "click", "1"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        while xdotool.poll() is None and self.app.running:
            self.app.run(frames=1)
        self.app.run(frames=2)

    def shoot(self, name: str) -> None:
        shot = xserver.screenshot(self.display)
        pygame.image.save(shot, str(self.shots / f"{name}.png"))
        self.note(f"screenshot {name}")

    # --- waiting, with the kiosk's loop running ------------------------------------------------
    def frames(self, seconds: float) -> None:
        """Run the loop for `seconds` of real time, or until it quits."""
        end = time.monotonic() + seconds
        while time.monotonic() < end and self.app.running:
            self.app.run(frames=BATCH)

    def until(self, test, seconds: float = 60.0) -> bool:  # type: ignore[no-untyped-def]
        end = time.monotonic() + seconds
        while time.monotonic() < end and self.app.running:
            self.app.run(frames=BATCH)
            if not self.app.manager.busy and test():
                return True
        return False

    def ready(self, seconds: float = 60.0) -> bool:
        """Wait until the window is on the screen, fills it and has the focus, and the app knows
        where it is (the window manager maps and sizes it in its own time, slower on a loaded
        machine: a click before lands on nothing, or beside the key the app thinks it hits)."""
        screen = tuple(int(n) for n in self._xdotool("getdisplaygeometry").split())
        end = time.monotonic() + seconds
        while time.monotonic() < end and self.app.running:
            self.app.run(frames=BATCH)
            shown = self._xdotool("search", "--onlyvisible", "--pid", str(os.getpid())).split()
            if not shown or self._xdotool("getactivewindow").strip() not in shown:
                continue
            fields = dict(
                line.split("=", 1)
                for line in self._xdotool("getwindowgeometry", "--shell", shown[0]).split()
            )
            placed = tuple(int(fields[key]) for key in ("X", "Y", "WIDTH", "HEIGHT"))
            window = self.app.screen.window
            if placed == (0, 0, *screen) and (*window.position, *window.size) == placed:
                self.note("window ready")
                return True
        self.note("window NOT ready")
        return False

    @staticmethod
    def _xdotool(*args: str) -> str:
        done = subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=30)
        return done.stdout

    def top(self) -> str:
        scene = self.app.manager.current
        return scene.name if scene is not None else ""

    def at(self, name: str, seconds: float = 30.0) -> bool:
        reached = self.until(lambda: self.top() == name, seconds)
        self.note(f"{'at' if reached else 'NOT at'} {name}")
        return reached

    # --- the path --------------------------------------------------------------------------------
    def walk(self) -> dict:
        report: dict = {"ok": False}
        assert self.at("attract")
        assert self.ready(), "the window never filled the screen with the focus"
        report["stand_language"] = i18n.language()
        self.frames(6)  # watch a little: a caption or an invitation
        self.shoot("kiosk-path-1-attract")
        attract = self.app.manager.current

        def inviting() -> bool:  # a board on show, no veil between games, no caption
            captioned = attract.caption and attract.caption_age < CAPTION_SECONDS
            return attract.board is not None and attract.dim == 0 and not captioned

        invited = self.until(inviting, 60)
        if self.language != i18n.language():  # (touched within the idle time: kept)
            self.click(LANGUAGE_BUTTON.center)
            assert self.until(lambda: i18n.language() == self.language, 30), i18n.language()
            self.note(f"reads {self.language}")
            invited = self.until(inviting, 60)
        report["invitation"] = attract.line_on_show()[0] if invited else None
        self.shoot("kiosk-path-1b-invitation")
        self.click((960, 620))  # a touch on the board
        assert self.at("welcome")
        self.frames(0.5)
        self.shoot("kiosk-path-2-welcome")
        welcome = self.app.manager.current
        self.click(welcome.button_rects["Learn"].center)
        learning = self.until(lambda: self.top() in ("lesson", "rules"), 30)
        assert learning, self.top()
        self.note(f"at {self.top()}")
        self.frames(1)
        self.shoot("kiosk-path-3-learn")
        if self.top() == "lesson":  # the game's lesson: Leave, then confirm
            self.click(self.app.manager.current.button_rects["Leave"].center)
            assert self.at("confirm")  # (its answer, "Leave", in the language shown)
            self.click(self.app.manager.current.yes_button.rect.center)
        else:  # its how-to-play pages
            self.click(self.app.manager.current.button_rects["Back"].center)
        assert self.at("welcome")
        self.frames(0.5)
        welcome = self.app.manager.current
        if welcome.game != "whose-foods":
            self.click(welcome.button_rects["tab whose-foods"].center)
            self.frames(0.5)
        self.click(welcome.button_rects["Play the computer"].center)
        assert self.at("board")
        board = self.app.manager.current
        report["seats"] = [str(seat) for seat in board.setup.seats]
        moves = 0
        while self.app.running and time.monotonic() - self.started < LIMIT:
            if not self.until(lambda: board.state.is_over or board.human_to_move, 90):
                report["stuck"] = "the computer never answered"
                break
            if board.state.is_over:
                break
            self.play_one(board)
            moves += 1
            if moves == 3:
                self.frames(1.5)
                self.shoot("kiosk-path-4-playing")
            self.until(lambda: not board.human_to_move or board.state.is_over, 30)
        report["visitor_moves"] = moves
        result = board.state.result
        report["winners"] = list(result.winners) if result is not None else None
        reached = self.until(lambda: self.top() in ("results", "celebration", "turned"), 60)
        assert reached, self.top()
        results_at = time.monotonic()
        self.note(f"at {self.top()}")
        self.frames(2)
        self.shoot("kiosk-path-5-end")
        # walk away: nothing is touched from now on
        control = self.app.kiosk_control
        assert control is not None
        came = self.until(lambda: control.countdown is not None, IDLE + 30)
        report["countdown_after"] = round(time.monotonic() - results_at, 1) if came else None
        self.note("countdown" if came else "NO countdown")
        self.frames(3)
        self.shoot("kiosk-path-6-still-playing")
        report["back_to_attract"] = self.at("attract", 30)
        report["language_after_idle"] = i18n.language()
        self.frames(2)
        self.shoot("kiosk-path-7-attract-again")
        subprocess.run(["xdotool", "keydown", "ctrl+shift+q"], check=False)
        held = time.monotonic()
        self.frames(60)  # held until the kiosk quits (HOLD_SECONDS of its own time) or 60 s pass
        subprocess.run(["xdotool", "keyup", "ctrl+shift+q"], check=False)
        report["quit_by_chord"] = not self.app.running
        report["chord_seconds"] = round(time.monotonic() - held, 1)
        report["ok"] = True
        return report

    def play_one(self, board) -> None:  # type: ignore[no-untyped-def]
        """A person's move by clicks: an option to pick (a capture to take first), or a piece
        and a square."""
        legal = board.state.legal_moves()
        takes = [m for m in legal if isinstance(m, wf.Take)]
        if takes:
            self.click(board.option_buttons[0].rect.center)
            return
        move = self.choose(board.state, legal)
        code = wf.PIECE_NAMES[move.piece]
        self.click(board.piece_pos(code))
        self.frames(0.4)
        self.click(layout.square_rect(move.square).center)
        self.frames(0.4)

    def choose(self, state, legal):  # type: ignore[no-untyped-def]
        me = state.current_player
        safe = []
        for move in legal:
            after = state.clone()
            after.play(move)
            if after.is_over and after.result is not None and me in after.result.winners:
                return move
            if not (after.is_over and after.result is not None and me not in after.result.winners):
                safe.append(move)
        return self.rng.choice(safe or legal)


def main() -> int:
    home, shots = Path(sys.argv[1]), Path(sys.argv[2])
    language = sys.argv[3] if len(sys.argv) > 3 else "en"
    shots.mkdir(parents=True, exist_ok=True)
    store = SettingsStore(home)
    preset_pin(store)
    settings = store.load()
    settings.kiosk_idle_seconds = IDLE
    settings.kiosk_challenge, settings.kiosk_challenge_level = True, LEVELS[0]
    settings.kiosk_games = ["whose-foods", "consequence", "blanc-noir"]
    store.save(settings)
    app = App(Options(seed=5, kiosk=True, attract=True, fullscreen=True, speed=2.0), store)
    visitor = Visitor(app, shots, language)
    try:
        report = visitor.walk()
    except AssertionError as error:
        report = {"ok": False, "error": str(error)}
    report["events"] = visitor.events
    report["window"] = list(app.screen.window.size)
    app.close()
    print(json.dumps(report), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
