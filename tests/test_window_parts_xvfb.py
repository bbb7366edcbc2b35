"""A real window (Xvfb, 1280x720, the X11 driver) shows exactly the frame the app is on while
only the changed parts of each frame are redrawn and sent to it (issue 41): two computers play
each board, and at moments during the animation the app is paused right after showing a frame;
a screenshot of the screen must equal that frame drawn whole and scaled whole, pixel for pixel.
A trail or a stale pixel anywhere on the screen fails. Screenshots are saved in the test's folder
(and in $TABLETOP_TRIO_SHOTS if it is set)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from conftest import ROOT

from scenes.bench import xserver
from scenes.window import CANVAS_SIZE, viewport

MISSING = xserver.available()
pytestmark = [
    pytest.mark.window,
    pytest.mark.slow,
    pytest.mark.skipif(
        bool(MISSING),
        reason=f"no X server to test in: {', '.join(MISSING)} missing "
        "(Debian: apt-get install xvfb xdotool x11-apps)",
    ),
]

SCREEN = (1280, 720)
LOOKS = 8  # pauses a board
BETWEEN = 0.9  # seconds of play between two pauses


def _stopped(pid: int) -> bool:
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0] == "T"


def _wait(condition, what: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} within {timeout:g} s")
        time.sleep(0.05)


@pytest.mark.parametrize("game", ["whose-foods", "consequence", "blanc-noir"])
def test_the_window_shows_every_looked_at_frame_exactly(tmp_path, game):
    canvas_path = tmp_path / "canvas.png"
    try:
        x = xserver.Xvfb(*SCREEN).__enter__()
    except RuntimeError as error:
        pytest.skip(f"Xvfb cannot start here: {error}")
    args = ["--game", game, "--seats", "ai,ai", "--speed", "1", "--seed", "3", "--fullscreen"]
    env = x.env(
        TABLETOP_TRIO_HOME=str(tmp_path / "home"),
        SDL_AUDIODRIVER="dummy",
        PAUSED_CANVAS=str(canvas_path),
    )
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "helpers" / "paused_app.py"), *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    view = viewport(SCREEN, CANVAS_SIZE)
    differing = {}
    try:
        x.run("xdotool", "search", "--sync", "--onlyvisible", "--pid", str(process.pid), timeout=60)
        time.sleep(2.0)  # into the game: the first move's animation
        for look in range(LOOKS):
            time.sleep(BETWEEN)
            canvas_path.unlink(missing_ok=True)
            process.send_signal(signal.SIGUSR1)
            _wait(lambda: _stopped(process.pid) and canvas_path.exists(), "the app paused")
            shot = x.screenshot()
            drawn = pygame.Surface(CANVAS_SIZE)
            drawn.blit(pygame.image.load(str(canvas_path)), (0, 0))
            whole = pygame.Surface(view.size)
            pygame.transform.smoothscale(drawn, view.size, whole)
            seen = shot.subsurface(view)
            if pygame.image.tobytes(seen, "RGB") != pygame.image.tobytes(whole, "RGB"):
                differing[look] = _save(shot, tmp_path, f"{game}-{look}-window.png")
                _save(whole, tmp_path, f"{game}-{look}-drawn.png")
            elif look in (0, LOOKS - 1):
                _save(shot, tmp_path, f"{game}-{look}-window.png")
            process.send_signal(signal.SIGCONT)
    finally:
        process.send_signal(signal.SIGCONT)
        process.terminate()
        try:
            process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
        x.__exit__()
    assert not differing, f"the window showed something else than the frame drawn: {differing}"


def _save(picture: pygame.Surface, folder: Path, name: str) -> str:
    path = folder / name
    pygame.image.save(picture, str(path))
    shots = os.environ.get("TABLETOP_TRIO_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(shots) / name)
    return str(path)
