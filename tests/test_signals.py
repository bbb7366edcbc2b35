"""SIGTERM and SIGINT end the app at once and cleanly, even in the middle of a game (where a
closed window would ask first): the kiosk's operator and the session manager rely on it."""

import os
import signal
import subprocess
import sys
import time

import pytest
from conftest import ROOT


@pytest.mark.slow
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_ends_a_game_in_progress_cleanly(tmp_path, number):
    env = dict(os.environ, TABLETOP_TRIO_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy")
    app = subprocess.Popen(
        [sys.executable, "main.py", "--game", "whose-foods", "--seats", "ai:easy,ai:easy"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(3)  # the computers are playing: a game in progress
    assert app.poll() is None
    app.send_signal(number)
    try:
        code = app.wait(timeout=10)
    except subprocess.TimeoutExpired:
        app.kill()
        raise AssertionError("the app did not end on the signal") from None
    assert code == 0, app.stderr.read()
    assert "Traceback" not in app.stderr.read()
