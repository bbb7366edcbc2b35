"""Issue 10, items 1 and 2: a log file that cannot be written and a data folder that cannot be
used never stop the app; each is said once on screen, and the app runs on (in memory)."""

import json
import logging
import random

import pytest
from helpers.run_main import run_main

from game import load
from game.core.engine import random_playout
from scenes import app as app_module
from scenes import app_log
from scenes.app import App, Options
from scenes.manager import Scene
from scenes.storage.settings import Settings, SettingsStore, data_dir


class Broken(Scene):
    name = "broken"

    def update(self, dt):
        raise RuntimeError("a bug in a scene")


@pytest.fixture
def opened(monkeypatch):
    """App(home) with TABLETOP_TRIO_HOME=home; every app is closed at the end."""
    made = []

    def open_app(home, **options):
        monkeypatch.setenv("TABLETOP_TRIO_HOME", str(home))
        app = App(Options(seed=1, **options), SettingsStore(home))
        made.append(app)
        app.run(frames=3, fixed_dt=1 / 60)
        return app

    yield open_app
    for app in made:
        app.close()


def texts(app):
    return " | ".join(text for text, _ in app.notices)


def finished_results(app):
    state = load("whose-foods").new_game(players=2, seed=3)
    start = state.clone()
    moves = random_playout(state, random.Random(3))
    app.show_results(app.quick_setup("whose-foods", ["human", "ai:easy"]), state, start, moves)
    app.run(frames=40, fixed_dt=1 / 60)
    return app.manager.current


# --- item 1: the log file ------------------------------------------------------------------------
def test_a_log_file_that_cannot_be_opened_gives_one_notice_and_every_notice_works(
    opened, tmp_path, capfd
):
    (tmp_path / "tabletop-trio.log").mkdir()
    app = opened(tmp_path, attract=True)
    assert "log file cannot be written" in texts(app)
    app.notify("one more notice")
    app.run(frames=5, fixed_dt=1 / 60)
    assert "one more notice" in texts(app)
    assert app.running and app.manager.current.name == "attract"
    assert "the terminal" in str(app.log_path)
    logging.getLogger("test").warning("goes to stderr")
    assert "goes to stderr" in capfd.readouterr().err


def test_without_a_log_file_crash_recovery_and_the_replay_notice_still_work(opened, tmp_path):
    (tmp_path / "tabletop-trio.log").mkdir()
    app = opened(tmp_path)
    app.manager.switch(Broken(), fade=False)
    app.run(frames=5, fixed_dt=1 / 60)  # the crash notice must not raise out of run()
    assert app.manager.current.name == "menu"
    assert "that screen hit a problem" in texts(app)
    results = finished_results(app)
    saved = results.save_replay()
    assert saved is not None and saved.exists()
    assert results.save_notice[0] == "Replay kept: see Replays on the menu."  # no path shown


def test_a_corrupt_settings_file_without_a_log_file_starts(opened, tmp_path):
    (tmp_path / "tabletop-trio.log").mkdir()
    (tmp_path / "settings.json").write_text("{ not json")
    app = opened(tmp_path)
    assert app.manager.current.name == "menu"
    assert "could not be read" in texts(app)


def test_a_log_file_that_fails_later_falls_back_to_stderr(opened, tmp_path, capfd):
    app = opened(tmp_path)
    handler = app_log._file_handler
    handler.stream.close()  # the disk went away: every write now fails
    logging.getLogger("test").warning("after the failure")
    app.notify("a notice after the failure")
    err = capfd.readouterr().err
    assert "cannot write the log file" in err and "after the failure" in err
    assert handler.broken and app.running


def test_the_command_line_runs_when_the_log_file_is_a_folder(tmp_path):
    (tmp_path / "tabletop-trio.log").mkdir()
    done = run_main("--attract", "--frames", "5", home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert json.loads(done.stdout)["frames"] == 5


# --- item 2: the data folder ---------------------------------------------------------------------
@pytest.mark.parametrize("where", ["a file", "under a file", "read-only (/proc)"])
def test_an_unusable_data_folder_keeps_settings_in_memory_with_a_notice(opened, tmp_path, where):
    (tmp_path / "file").write_text("not a folder")
    home = {
        "a file": tmp_path / "file",
        "under a file": tmp_path / "file" / "deeper" / "home",
        "read-only (/proc)": "/proc/self",
    }[where]
    app = opened(home)
    assert app.store.in_memory
    assert "nothing will be saved" in texts(app)
    app.settings.hints = False
    app.save_settings()  # in memory: no error, nothing written
    assert app.settings.hints is False
    results = finished_results(app)
    assert results.save_replay() is None
    assert "could not be saved" in results.save_notice[0]  # said under the buttons
    app.run(frames=10, fixed_dt=1 / 60)
    assert app.running and not app.manager.crashes


def test_data_dir_never_raises(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("TABLETOP_TRIO_HOME", str(tmp_path / "file" / "home"))
    assert data_dir() == tmp_path / "file" / "home"
    store = SettingsStore()
    assert store.in_memory and store.load() == Settings()
    assert "nothing will be saved" in store.notice


def test_the_command_line_runs_when_the_data_folder_is_a_file(tmp_path):
    (tmp_path / "file").write_text("")
    done = run_main("--frames", "5", home=tmp_path / "file")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and json.loads(done.stdout)["frames"] == 5


# --- notices: none is lost ---------------------------------------------------------------------
def test_a_notice_covered_by_a_newer_one_is_shown_after_it(opened, tmp_path):
    app = opened(tmp_path)
    app.notify("first")
    app.notify("second")
    assert app.notices[-1][0] == "second"  # the newest shows at once
    app.run(frames=round(app_module.NOTICE_SECONDS * 60) + 2, fixed_dt=1 / 60)
    assert [text for text, _ in app.notices] == ["first"]
    app.notify("first")
    assert [text for text, _ in app.notices] == ["first"]  # the same text is not queued twice


def test_the_log_file_is_kept_small(opened, tmp_path):
    opened(tmp_path)
    noisy = logging.getLogger("test.noisy")
    padding = "x" * 300
    for i in range(6_000):
        noisy.warning("line %d of a long run %s", i, padding)
    sizes = sorted(p.stat().st_size for p in tmp_path.glob("tabletop-trio.log*"))
    assert len(sizes) == 2 and max(sizes) <= app_log.LOG_MAX_BYTES
