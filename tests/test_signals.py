"""SIGTERM and SIGINT end the app at once and cleanly, even in the middle of a game (where a
closed window would ask first): the kiosk's operator and the session manager rely on it."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from conftest import ROOT
from helpers.kept import save_files


def moves_saved(home):
    """The moves of the one game in progress saved in `home` (0 before the first)."""
    try:
        return len(json.loads(save_files(home)[0].read_text())["moves"])
    except (OSError, ValueError, KeyError, IndexError):
        return 0


@pytest.mark.slow
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_ends_a_game_in_progress_cleanly(tmp_path, number):
    env = dict(os.environ, TABLETOP_TRIO_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy")
    app = subprocess.Popen(
        [sys.executable, "main.py", "--game", "whose-foods", "--seats", "ai:easy,human"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # the computer opens: wait until its move is made and saved, a game in progress
    save, deadline = tmp_path, time.monotonic() + 60
    while app.poll() is None and time.monotonic() < deadline and not moves_saved(save):
        time.sleep(0.1)
    assert app.poll() is None and moves_saved(save), "no game in progress after 60 s"
    app.send_signal(number)
    try:
        code = app.wait(timeout=10)
    except subprocess.TimeoutExpired:
        app.kill()
        raise AssertionError("the app did not end on the signal") from None
    errors = app.stderr.read()
    assert code == 0 and "Traceback" not in errors, errors
    assert moves_saved(save) >= 1  # the game in progress is still there to continue
