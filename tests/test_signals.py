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


def test_an_app_left_unclosed_is_not_kept_alive_by_the_next_ones_signal_handlers(home):
    """Each app keeps the signal handlers it replaced, to put back when it closes; the one it
    replaced from an app left unclosed held that app, so every app a test process made and did
    not close stayed alive behind the next (about 30 MB each: test workers grew to 6.5 GB). The
    signal still reaches the app that is open."""
    import gc
    import weakref

    from scenes.app import App, Options
    from scenes.storage.settings import SettingsStore

    first = App(Options(seed=1), SettingsStore(home))
    gone = weakref.ref(first)
    second = App(Options(seed=1), SettingsStore(home))
    try:
        del first
        gc.unfreeze()  # (what an app froze at its start is the conftest's to give back)
        gc.collect()
        assert gone() is None
        second.running = True
        signal.getsignal(signal.SIGTERM)(signal.SIGTERM, None)
        assert second.running is False  # the open app ends on the signal
    finally:
        second.close()
