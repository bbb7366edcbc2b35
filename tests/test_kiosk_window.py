"""The kiosk in a real X server (Xvfb at 1920x1080) under a real window manager (openbox): it
stays on top (issue 25 item 7: minimised, sent to another desktop, covered by another window,
"show the desktop", Alt+Tab, Alt+F4, the Super key: back within two seconds), quits only by the
held chord; and a visitor's whole path by real clicks (issue 29): touch, learn, play the
computer to the end, walk away, the countdown, back to the attract loop (issue 46: a visitor
reading Japanese by the language button finds the stand's English again after it); and the
organiser's path (the first PIN, the pad by a long press, the figures and their table, the
stand's choices by touch, clearing the board asks first, opening hours and the closed screen, a
celebration named on the keys). Each path runs at 1920x1080 and 1280x720, one in English and one
in Japanese (`tools/` need not: every size and language is the same script with other
arguments). Screenshots are saved in the test's folder, and in $TABLETOP_TRIO_SHOTS if it is set
(named with -720 and -ja where they apply). Skipped only where Xvfb,
xdotool, xwd, openbox or wmctrl are missing (.ci/run installs them)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT

from scenes.bench import xserver
from scenes.kiosk.pin import preset_pin
from scenes.storage.settings import SettingsStore

PROGRAMS = (*xserver.PROGRAMS, "openbox", "wmctrl")
MISSING = xserver.available(PROGRAMS)
pytestmark = [
    pytest.mark.window,
    pytest.mark.skipif(
        bool(MISSING),
        reason=f"no X server and window manager to test in: {', '.join(MISSING)} missing "
        "(Debian: apt-get install xvfb xdotool x11-apps openbox wmctrl)",
    ),
]
#: how long a window sent away may take to come back before the test fails: a bound against a
#: kiosk that never comes back, not a speed target (issue 25's "within a second or two" is the
#: kiosk's own RESTORE_SECONDS, held to in app time by tests/test_kiosk_exits.py; the times taken
#: here, which include the X server's, openbox's and a loaded machine's, are printed)
BACK_WITHIN = 30.0


class Desktop:
    """Xvfb with openbox running on it."""

    def __init__(self, size=(1920, 1080)):
        self.x = xserver.Xvfb(*size)
        try:
            self.x.__enter__()
        except (OSError, RuntimeError) as error:
            pytest.skip(f"Xvfb could not start: {error}")
        self.wm = subprocess.Popen(
            ["openbox", "--sm-disable"],
            env=self.x.env(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 20
        while subprocess.run(["wmctrl", "-m"], env=self.x.env(), capture_output=True).returncode:
            assert time.monotonic() < deadline, "openbox did not start"
            time.sleep(0.1)

    def run(self, *command: str) -> subprocess.CompletedProcess:
        return subprocess.run(command, env=self.x.env(), capture_output=True, text=True, timeout=30)

    def close(self) -> None:
        self.wm.terminate()
        self.wm.wait(timeout=10)
        self.x.__exit__()


def save(path: Path) -> None:
    folder = os.environ.get("TABLETOP_TRIO_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(folder) / path.name)


def logged(home: Path, words: str, seconds: float = 30) -> bool:
    """Wait until the app's log in `home` says `words` (it has handled what came before)."""
    deadline = time.monotonic() + seconds
    while words not in (home / "tabletop-trio.log").read_text():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def kiosk_home(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    preset_pin(SettingsStore(folder))  # as after the first start
    return folder


def test_the_kiosk_stays_on_top_under_a_window_manager(tmp_path):
    desk = Desktop()
    home = kiosk_home(tmp_path / "home")
    app = subprocess.Popen(
        [sys.executable, "main.py", "--kiosk", "--attract"],
        cwd=ROOT,
        env=desk.x.env(TABLETOP_TRIO_HOME=str(home), SDL_AUDIODRIVER="dummy"),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        found = desk.run("xdotool", "search", "--sync", "--onlyvisible", "--pid", str(app.pid))
        window = found.stdout.split()[0]

        def on_top() -> bool:
            active = desk.run("xdotool", "getactivewindow").stdout.strip()
            shown = desk.run("xdotool", "search", "--onlyvisible", "--pid", str(app.pid))
            return active == window and window in shown.stdout.split()

        def back_within(what: str) -> float:
            start = time.monotonic()
            while not on_top():
                waited = time.monotonic() - start
                assert waited < BACK_WITHIN, f"not back {waited:.1f} s after: {what}"
                time.sleep(0.1)
            return time.monotonic() - start

        deadline = time.monotonic() + 20
        while not on_top():
            assert time.monotonic() < deadline, "the kiosk never had the focus"
            time.sleep(0.2)

        def on_every_desktop() -> bool:  # wmctrl's desktop -1: sticky
            listed = desk.run("wmctrl", "-l").stdout.splitlines()
            return any(line.split()[1] == "-1" for line in listed if "Tabletop" in line)

        while not on_every_desktop():  # asked for once the window is mapped: a moment later
            assert time.monotonic() < deadline, "the kiosk is not on every desktop"
            time.sleep(0.2)
        took = {}
        desk.run("xdotool", "windowminimize", window)
        took["minimised"] = back_within("minimised")
        desk.run("xdotool", "set_desktop", "1")
        took["another desktop shown"] = back_within("another desktop shown")
        desk.run("xdotool", "set_desktop", "0")
        desk.run("xdotool", "set_desktop_for_window", window, "2")
        took["sent to another desktop"] = back_within("sent to another desktop")
        other = subprocess.Popen(["xeyes"], env=desk.x.env())
        try:
            found = desk.run("xdotool", "search", "--sync", "--onlyvisible", "--class", "xeyes")
            assert found.stdout.split(), "xeyes never showed its window"
            for eyes in found.stdout.split():
                desk.run("xdotool", "windowactivate", eyes)
            took["another window"] = back_within("another window")
        finally:
            other.kill()
        desk.run("wmctrl", "-k", "on")
        took["show the desktop"] = back_within("show the desktop")
        for chord in ("alt+Tab", "alt+F4", "super+d", "ctrl+q", "Escape", "F11"):
            desk.run("xdotool", "key", chord)
            took[chord] = back_within(chord)
            assert app.poll() is None, f"{chord} ended the kiosk"
        print("back after (s):", {what: round(seconds, 2) for what, seconds in took.items()})
        log = (home / "tabletop-trio.log").read_text()
        # it was sent away and brought itself back (how many of the other moves the window
        # manager undoes by itself, the window being on every desktop, depends on timing)
        assert "went away (WindowMinimized)" in log
        desk.run("xdotool", "key", "ctrl+shift+q")  # a press anyone can make does nothing
        assert logged(home, "the exit chord was let go early"), "the press never reached the kiosk"
        assert app.poll() is None
        desk.run("xdotool", "keydown", "ctrl+shift+q")  # held until the kiosk has quit
        try:
            code = app.wait(timeout=60)  # (held in the kiosk's own time: HOLD_SECONDS)
        finally:
            desk.run("xdotool", "keyup", "ctrl+shift+q")
        assert code == 0  # the held chord: a clean quit (not restarted)
    finally:
        if app.poll() is None:
            app.kill()
        app.wait()
        desk.close()


def shot_name(name: str, size: tuple[int, int], language: str) -> str:
    """A screenshot's name in $TABLETOP_TRIO_SHOTS: -720 for 1280x720, -ja for Japanese."""
    return name.replace(".png", ("-720" if size != (1920, 1080) else "") +
                        ("" if language == "en" else f"-{language}") + ".png")  # fmt: skip


@pytest.mark.parametrize("size, language", [((1920, 1080), "ja"), ((1280, 720), "en")])
def test_a_visitors_whole_path_in_a_real_window(tmp_path, size, language):
    desk = Desktop(size)
    home, shots = tmp_path / "home", tmp_path / "shots"
    home.mkdir()
    try:
        done = subprocess.run(
            [sys.executable, str(ROOT / "tests" / "helpers" / "visitor_path.py"), str(home),
             str(shots), language],
            cwd=ROOT,
            env=desk.x.env(TABLETOP_TRIO_HOME=str(home), SDL_AUDIODRIVER="dummy"),
            capture_output=True,
            text=True,
            timeout=900,
        )  # fmt: skip
    finally:
        desk.close()
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["ok"], report
    reached = [what for _, what in report["events"] if what.startswith(("at ", "NOT at"))]
    reached = [what for what in reached if what != "at confirm"]  # (leaving a lesson asks)
    assert reached[:5] in (
        ["at attract", "at welcome", learn, "at welcome", "at board"]
        for learn in ("at lesson", "at rules")
    )  # Learn: the game's lesson, or its how-to-play pages
    assert report["seats"][0] == "human" and report["seats"][1].startswith("ai:")
    assert report["visitor_moves"] >= 1 and report["winners"] is not None  # won or lost
    # the idle time set is 10 s of the kiosk's own time (tests/test_kiosk_operator.py holds the
    # prompt to it exactly); real time runs as fast or faster, slower machines later
    assert report["countdown_after"] is not None and report["countdown_after"] >= 9
    assert report["back_to_attract"] and report["quit_by_chord"]
    assert report["invitation"], report  # watched until an invitation was on show
    assert report["language_after_idle"] == report["stand_language"] == "en"
    assert report["window"] == list(size)
    names = sorted(path.name for path in shots.glob("*.png"))
    assert len(names) == 8, names
    for name in names:
        save((shots / name).rename(shots / shot_name(name, size, language)))


@pytest.mark.parametrize("size, language", [((1280, 720), "ja"), ((1920, 1080), "en")])
def test_the_organisers_path_in_a_real_window(tmp_path, size, language):
    desk = Desktop(size)
    home, shots = tmp_path / "home", tmp_path / "shots"
    home.mkdir()
    try:
        done = subprocess.run(
            [sys.executable, str(ROOT / "tests" / "helpers" / "operator_path.py"), str(home),
             str(shots), language],
            cwd=ROOT,
            env=desk.x.env(TABLETOP_TRIO_HOME=str(home), SDL_AUDIODRIVER="dummy"),
            capture_output=True,
            text=True,
            timeout=600,
        )  # fmt: skip
    finally:
        desk.close()
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["ok"], report
    reached = [what for _, what in report["events"] if what.startswith(("at ", "NOT at"))]
    assert reached == [
        "at new-pin", "at attract", "at pin", "at operator", "at closed", "at pin",
        "at operator", "at attract", "at welcome", "at celebration",
    ]  # fmt: skip
    assert report["pin_hashed"], report
    assert report["phones"] is True and report["challenge"] is True, report
    assert report["clear_asks"] is True, report
    assert report["hours"] == ["10:00", "14:00"] and report["hours_after"] == [], report
    assert report["named"] == ["ANA"] and report["after_celebration"] == "welcome"
    assert report["window"] == list(size)
    names = sorted(path.name for path in shots.glob("*.png"))
    assert len(names) == 11, names
    for name in names:
        save((shots / name).rename(shots / shot_name(name, size, language)))
