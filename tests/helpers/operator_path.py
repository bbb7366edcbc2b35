"""The organiser's path at the stand, in a real window with real clicks (xdotool): run by
tests/test_kiosk_window.py as `python tests/helpers/operator_path.py HOME SHOTS [LANGUAGE]` on an
X server (DISPLAY set, SDL_VIDEODRIVER=x11) of any size (the window fills the screen); LANGUAGE:
the stand's own (its settings').

The stand starts for the first time: the operator sets the PIN on the pad (typed twice). Then,
on the attract loop, a long press on the bottom-left corner opens the PIN pad; the PIN typed by
touches opens the figures (a day of figures written beforehand, hour by hour: the charts and the
table); the Stand page turns phones on and the challenge on, and "Clear today's board" asks
first (Cancel); the Opening hours page sets hours that have closed for the day: "Back to the
stand" shows the closed screen; the operator opens the stand again (the corner, the PIN, hours
off). A visitor's win is celebrated: a name typed on the on-screen keys, then the board of the
day. Screenshots of the whole screen (xwd) at each step in SHOTS; one JSON line on stdout reports
what happened.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from visitor_path import Visitor  # noqa: E402

from scenes.app import App, Options  # noqa: E402
from scenes.kiosk.controller import CORNER  # noqa: E402
from scenes.kiosk.figures import Figures  # noqa: E402
from scenes.storage.secret import verify  # noqa: E402
from scenes.storage.settings import SettingsStore  # noqa: E402

PIN = "4711"
#: touches of "Closes -" that bring the closing time from 18:00 to 14:00, before the clock (14:30)
CLOSING_EARLIER = 8
#: a day at the stand before this run: (minutes ago, what happened, game)
A_DAY = [
    (300, "started", "whose-foods"), (291, "finished", "whose-foods"),
    (240, "started", "consequence"), (236, "abandoned", None),
    (185, "started", "blanc-noir"), (170, "finished", "blanc-noir"),
    (170, "challenge_won", "blanc-noir"), (130, "crashed", None),
    (125, "started", "consequence"), (118, "finished", "consequence"),
    (70, "started", "whose-foods"), (58, "finished", "whose-foods"),
    (66, "demo_finished", "consequence"), (12, "started", "consequence"),
    (5, "finished", "consequence"),
]  # fmt: skip


#: the stand's wall clock in this run: 14:30 local time on a fixed day, so that the day of figures
#: before it falls on that day whatever the hour the test runs at (and the screenshots are alike)
NOW = time.mktime(time.strptime("2026-06-13 14:30", "%Y-%m-%d %H:%M"))


def a_day_of_figures(home: Path) -> None:
    """Write figures for the hours before NOW (as the stand counted them), by the figures' own
    API."""
    now = NOW
    at = [now]
    figures = Figures(home, clock=lambda: at[0], wall=lambda: at[0])
    for minutes_ago, what, game in A_DAY:
        at[0] = now - minutes_ago * 60
        method = getattr(figures, what)
        method(game) if game is not None else method()  # type: ignore[func-returns-value]
    figures.close()


class Operator(Visitor):
    def type_pin(self, pin: str) -> None:
        """Type `pin` on the pad on top and OK, each key waited for until the pad has it."""
        pad = self.app.manager.current
        for digit in pin:
            typed = len(pad.entered)
            self.click(pad.button_rects[digit].center)
            taken = self.until(lambda typed=typed: len(pad.entered) > typed, 30)
            assert taken, f"the pad did not take the key {digit}"
        self.click(pad.button_rects["OK"].center)
        assert self.until(lambda: pad.entered == "", 30), "the pad did not take OK"

    def long_press(self, pos: tuple[int, int], opens: str) -> None:
        """Press at `pos` and hold until the scene `opens` is on top (the kiosk counts the hold in
        its own time, which a loaded machine makes slower than the real one), then let go."""
        x, y = self.app.screen.canvas_to_window(pos)
        left, top = self.app.screen.window.position
        subprocess.run(["xdotool", "mousemove", str(left + x), str(top + y), "mousedown", "1"],
                       check=False)  # fmt: skip
        self.until(lambda: self.top() == opens, 60)
        subprocess.run(["xdotool", "mouseup", "1"], check=False)

    def open_operator(self) -> None:
        """The corner held, the PIN typed: the operator screen."""
        self.long_press(CORNER.center, "pin")
        assert self.at("pin")
        self.frames(0.5)
        self.type_pin(PIN)
        assert self.at("operator")

    def touch(self, label: str) -> None:
        """Click the button `label` once the screen that has it is on top and still (a loaded
        machine takes longer than any fixed wait to finish the last touch's change of screen)."""
        shown = self.until(lambda: label in self.app.manager.current.button_rects, 60)
        assert shown, f"no {label!r} button on {self.top()}"
        self.click(self.app.manager.current.button_rects[label].center)
        self.frames(0.3)

    def walk(self) -> dict:
        report: dict = {"ok": False}
        assert self.at("new-pin"), "the first start asks for a PIN"
        assert self.ready(), "the window never filled the screen with the focus"
        self.frames(0.5)
        self.shoot("kiosk-op-1-first-pin")
        self.type_pin(PIN)
        self.frames(0.5)
        self.type_pin(PIN)  # again, to confirm
        assert self.at("attract")
        stored = json.loads(Path(self.app.store.path).read_text())
        digest = stored.pop("kiosk_pin_hash")  # (its hex digits may hold "4711" by chance)
        report["pin_hashed"] = verify(PIN, digest) and PIN not in json.dumps(stored)
        self.frames(2)
        self.long_press(CORNER.center, "pin")
        assert self.at("pin")
        self.frames(0.5)
        self.shoot("kiosk-op-2-pin")
        self.type_pin(PIN)
        assert self.at("operator")
        self.frames(1)
        self.shoot("kiosk-op-3-figures")
        screen = self.app.manager.current
        self.click(screen.button_rects["All time"].center)
        self.frames(0.3)
        self.click(screen.button_rects["figures consequence"].center)
        self.frames(0.8)
        self.shoot("kiosk-op-4-figures-consequence")
        self.click(screen.button_rects["Stand"].center)
        self.frames(0.5)
        screen = self.app.manager.current
        settings = self.app.settings
        for label, on in (("Hands on phones", lambda: settings.kiosk_phones),
                          ("Beat the computer", lambda: settings.kiosk_challenge)):  # fmt: skip
            self.click(screen.button_rects[label].center)
            report[f"{label} switched on"] = self.until(on, 30)
        self.frames(0.5)
        self.shoot("kiosk-op-5-stand")
        saved = json.loads(Path(self.app.store.path).read_text())
        report["phones"] = saved.get("kiosk_phones")
        report["challenge"] = saved.get("kiosk_challenge")
        self.touch("Clear today's board")
        report["clear_asks"] = screen.confirming == "clear"
        self.frames(0.5)
        self.shoot("kiosk-op-5b-clear-asks")
        self.touch("Cancel")
        self.closing_time(report)
        self.celebrate(report)
        report["ok"] = True
        return report

    def closing_time(self, report: dict) -> None:
        """Opening hours that closed before the stand's clock: the closed screen; then the
        operator opens the stand again."""
        self.touch("Opening hours")
        self.touch("Keep opening hours")
        for _ in range(CLOSING_EARLIER):
            self.touch("Closes -")
        report["hours"] = list(self.app.settings.kiosk_hours)
        self.frames(0.5)
        self.shoot("kiosk-op-6-hours")
        self.touch("Back to the stand")
        assert self.at("closed")
        self.frames(1)
        self.shoot("kiosk-op-7-closed")
        self.open_operator()
        self.touch("Opening hours")
        self.touch("Keep opening hours")
        report["hours_after"] = list(self.app.settings.kiosk_hours)
        self.touch("Back to the stand")
        assert self.at("attract")

    def celebrate(self, report: dict) -> None:
        """A visitor's win (pushed as the kiosk does when a challenge is beaten), named by keys."""
        from scenes.kiosk.celebration import CelebrationScene
        from scenes.kiosk.welcome import WelcomeScene

        control = self.app.kiosk_control
        assert control is not None
        self.app.manager.switch(WelcomeScene(self.app, "consequence"))
        assert self.at("welcome")
        self.frames(0.5)
        self.shoot("kiosk-op-8-welcome-challenge")
        win = control.day_board.add("consequence", self.app.settings.kiosk_challenge_level)
        self.app.manager.push(CelebrationScene(self.app, win), fade=True)
        assert self.at("celebration")
        self.frames(1.2)
        scene = self.app.manager.current
        for letter in "ANA":
            self.click(scene.button_rects[letter].center)
            self.frames(0.25)
        self.frames(0.5)
        self.shoot("kiosk-op-9-celebration")
        self.click(scene.button_rects["Add my name"].center)
        self.until(lambda: any(w.name for w in control.day_board.wins), 30)
        self.frames(1)
        self.shoot("kiosk-op-10-board-of-the-day")
        report["named"] = [w.name for w in control.day_board.wins]
        self.click(scene.button_rects["Done"].center)
        self.until(lambda: self.top() != "celebration", 30)
        report["after_celebration"] = self.top()


def main() -> int:
    home, shots = Path(sys.argv[1]), Path(sys.argv[2])
    language = sys.argv[3] if len(sys.argv) > 3 else "en"
    shots.mkdir(parents=True, exist_ok=True)
    a_day_of_figures(home)
    store = SettingsStore(home)  # no PIN yet: the first start
    settings = store.load()
    settings.language = language  # the stand's own language
    store.save(settings)
    app = App(
        Options(seed=5, kiosk=True, attract=True, fullscreen=True, speed=2.0),
        store,
        wall=lambda: NOW,
    )
    operator = Operator(app, shots)
    try:
        report = operator.walk()
    except (AssertionError, KeyError) as error:
        report = {"ok": False, "error": repr(error)}
    report["events"] = operator.events
    report["window"] = list(app.screen.window.size)
    app.close()
    print(json.dumps(report), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
