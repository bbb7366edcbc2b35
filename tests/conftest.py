"""Test configuration: everything runs headless."""

import gc
import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# the system language is English in tests, whatever the machine says (tests of Japanese set it)
os.environ["LANGUAGE"] = "en"

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _hypothesis_profile() -> None:
    """Property tests pass or fail by the code, never by the machine: no per-example deadline
    and no "too slow" health check (both measure the wall clock, and a loaded machine trips them),
    and on CI (CI set) the same examples every run (derandomized), so that a run is never failed
    by the draw of the day. A developer's runs keep exploring new examples."""
    from hypothesis import HealthCheck, settings

    settings.register_profile(
        "tabletop-trio",
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        derandomize=bool(os.environ.get("CI")),
    )
    settings.load_profile("tabletop-trio")


_hypothesis_profile()


def pytest_xdist_auto_num_workers(config):
    """`-n auto` (README's test command) starts one worker more than the machine has cores: the
    real-window, kiosk and browser tests spend most of their time waiting on real time (an X
    server at 60 fps, a countdown, a browser), and the extra worker keeps every core busy then."""
    return (os.cpu_count() or 1) + 1


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh user data folder for the app."""
    monkeypatch.setenv("TABLETOP_TRIO_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def make_app(home):
    """make(**options) -> a headless App on `home`, settled on its first scene (closed after)."""
    import pygame
    from helpers.scene_driver import settle

    from scenes.app import App, Options
    from scenes.storage.settings import SettingsStore

    made = []

    def make(**options):
        from helpers.kiosk_driver import stand_clock

        app = App(Options(seed=1, **options), SettingsStore(home), wall=stand_clock())
        pygame.event.clear()
        settle(app)
        made.append(app)
        return app

    yield make
    for app in made:
        app.close()


@pytest.fixture
def open_board(home):
    """open(game, seats, speed=10, seed=5, **options) -> (app, board): a headless App showing
    the registered board of `game` for a new game with those seats (closed after)."""
    import pygame
    from helpers.scene_driver import frames

    from scenes.app import App, Options
    from scenes.boards.making import board_scene_class
    from scenes.storage.settings import SettingsStore

    made = []

    def open_(game, seats, speed=10.0, seed=5, spectator=False, **options):
        app = App(Options(seed=seed, speed=speed), SettingsStore(home))
        app.settings.last_setup[game] = {"options": options}
        board = board_scene_class(game)(
            app, app.quick_setup(game, list(seats)), spectator=spectator
        )
        app.manager.switch(board, fade=False)
        pygame.event.clear()
        frames(app, 3)
        made.append(app)
        return app, board

    yield open_
    for app in made:
        app.close()


#: iterations a move of each level's search in tests: about what the levels' budgets below ran
#: in a few milliseconds on an idle core, fixed, so that a computer plays the same moves on any
#: machine, loaded or not (a time budget searches less on a slow one and so plays otherwise)
TEST_ITERATIONS = {"beginner": 1, "easy": 2, "normal": 6, "hard": 10, "expert": 16}


@pytest.fixture(autouse=True)
def quick_search_bots(monkeypatch):
    """Computer seats in scene tests search a few iterations a move (TEST_ITERATIONS) instead of
    the search bots' 0.1-1.5 s (their strength is `bench ai`'s; the bots' own tests set their
    iterations). The time budgets are shortened too, for a bot whose iterations are unset."""
    import game.ai.search as search

    monkeypatch.setattr(
        search,
        "SECONDS",
        {"beginner": 0.0, "easy": 0.002, "normal": 0.004, "hard": 0.006, "expert": 0.008},
    )
    made = search.SearchBot.__init__

    def counted(self, level="normal", iterations=None, seconds=None):
        if iterations is None and seconds is None:
            iterations = TEST_ITERATIONS.get(level, TEST_ITERATIONS["normal"])
        made(self, level, iterations, seconds)

    monkeypatch.setattr(search.SearchBot, "__init__", counted)


@pytest.fixture(autouse=True)
def a_loaded_machine_is_no_stall(monkeypatch):
    """A kiosk app's stall watchdog watches real time: on a loaded test machine a frame that
    took 5 s would be taken for a stuck loop (its scene crashed back to the attract loop) and
    after 30 s more the worker would be ended. In tests the watchdog a kiosk makes waits 120 s
    and never ends the process; the watchdog's own tests build theirs on a fake clock."""
    from functools import partial

    import scenes.kiosk.controller as controller

    patient = partial(controller.Watchdog, stall_seconds=120.0, exit_after=None)
    monkeypatch.setattr(controller, "Watchdog", patient)


@pytest.fixture(autouse=True)
def each_tests_apps_collected():
    """What a test's apps held is freed when it ends. An app freezes what its start-up made and
    gives it back when it closes (scenes/gc_between_frames.py): an app a test left unclosed
    would stay frozen, with all it holds. And a closed app's cycles hold its surfaces (the
    canvas alone is 8 MB), which the collector, counting objects and not bytes, reached only
    now and then: a test worker grew by 10-40 MB a test to 5-7 GB, and the OOM killer ended
    workers of CIs run side by side."""
    yield
    gc.unfreeze()
    gc.collect()


@pytest.fixture(autouse=True)
def english_after_each_test():
    """A test that switches the language or the text size leaves English at the normal size
    behind (both are the process's)."""
    yield
    from scenes.kit import fonts, i18n

    i18n.set_language("en")
    fonts.set_text_size("normal")


@pytest.fixture
def apps():
    """A list to put the apps a test makes in: each is closed after the test."""
    made = []
    yield made
    for app in made:
        app.close()


@pytest.fixture(autouse=True)
def no_speech_command(monkeypatch):
    """The app finds no speech command in tests (a key that turns self-voicing on, as the
    monkey's may, starts nothing real): tests/helpers/speech_recorder.py records instead, and
    the one test of the real command names it."""
    from scenes.kit import speech

    monkeypatch.setattr(speech, "COMMAND", "no-such-speech-command")
