"""Issue 10, item 3: no settings file can crash the app; a bad one is set aside once, its valid
values kept, the rest reset, with a notice; the setup scene and quick setups see only valid data."""

import json
import os
import threading
from dataclasses import fields
from types import SimpleNamespace

import pygame
import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st

from scenes.app import App, Options
from scenes.screens.setup import SetupScene
from scenes.storage import aside
from scenes.storage import settings as settings_store
from scenes.storage.settings import (
    RULES,
    SETUP_RULES,
    Settings,
    SettingsStore,
    Unreadable,
    read_settings_file,
)


def write(home, data):
    text = data if isinstance(data, str) else json.dumps(data)
    (home / "settings.json").write_text(text, encoding="utf-8")


def set_aside_copies(home):
    return sorted(p.name for p in home.iterdir() if p.name.startswith("settings.json.bad-"))


@pytest.fixture
def make_app(home):
    made = []

    def make(**options):
        app = App(Options(seed=1, **options), SettingsStore(home))
        made.append(app)
        app.run(frames=3, fixed_dt=1 / 60)
        return app

    yield make
    for app in made:
        app.close()


# --- files that cannot be parsed ---------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        '{"a":' * 3000 + "1" + "}" * 3000,  # valid JSON, nested deeper than the recursion limit
        "1" * 5000,  # an integer longer than Python converts
        '{"hints": false}' + " " * (settings_store.MAX_FILE_BYTES + 1),
    ],
    ids=["100000 brackets", "3000 nested objects", "5000-digit number", "too large"],
)
def test_a_file_too_deep_or_too_big_is_set_aside_and_the_defaults_used(home, text):
    write(home, text)
    store = SettingsStore(home)
    assert store.load() == Settings()
    assert "could not be read" in store.notice
    assert len(set_aside_copies(home)) == 1
    assert SettingsStore(home).load() == Settings()  # set aside once: the next start is clean


def test_a_deeply_nested_file_does_not_stop_the_app(make_app, home):
    write(home, "[" * 100_000)
    app = make_app()
    assert app.manager.current.name == "menu"
    assert any("could not be read" in text for text, _ in app.notices)


def test_binary_content_is_set_aside(home):
    (home / "settings.json").write_bytes(bytes(range(256)) * 4)
    store = SettingsStore(home)
    assert store.load() == Settings()
    assert "could not be read" in store.notice and set_aside_copies(home)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_set_aside_without_waiting_for_a_writer(home):
    os.mkfifo(home / "settings.json")
    result = {}
    loader = threading.Thread(target=lambda: result.update(s=SettingsStore(home).load()))
    loader.start()
    loader.join(timeout=10)
    if loader.is_alive():  # unblock the reader, then fail
        with open(home / "settings.json", "w"):
            pass
        pytest.fail("loading the settings hung on a FIFO")
    assert result["s"] == Settings()
    assert set_aside_copies(home) and not (home / "settings.json").exists()


def test_a_directory_in_place_of_the_file_is_set_aside_and_saving_works_again(home):
    (home / "settings.json").mkdir()
    store = SettingsStore(home)
    assert store.load() == Settings()
    assert "could not be read" in store.notice
    store.save(Settings(hints=False))
    assert SettingsStore(home).load().hints is False


def test_a_symlink_loop_is_set_aside(home):
    os.symlink(home / "settings.json", home / "settings.json")
    store = SettingsStore(home)
    assert store.load() == Settings()
    assert "could not be read" in store.notice
    store.save(Settings(hints=False))
    assert SettingsStore(home).load().hints is False


def test_a_symlink_to_a_good_file_is_followed(home):
    (home / "elsewhere.json").write_text(json.dumps({"hints": False}))
    os.symlink(home / "elsewhere.json", home / "settings.json")
    store = SettingsStore(home)
    assert store.load().hints is False and store.notice is None


def test_an_unreadable_file_is_set_aside(home, monkeypatch):
    write(home, {"hints": False})
    real_open = os.open

    def refuse(path, flags, *args, **kwargs):  # as root, permissions cannot refuse a read
        if str(path).endswith("settings.json"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(settings_store.os, "open", refuse)
    store = SettingsStore(home)
    assert store.load() == Settings()
    assert "could not be read" in store.notice and "Permission denied" not in store.notice
    assert set_aside_copies(home)


def test_reading_refuses_a_file_that_is_not_an_object(tmp_path):
    (tmp_path / "settings.json").write_text("[]")
    with pytest.raises(Unreadable):
        read_settings_file(tmp_path / "settings.json")
    assert read_settings_file(tmp_path / "missing.json") is None


# --- values that fail the schema -----------------------------------------------------------------
BAD_SETUPS = {
    "options []": {"options": []},
    "options null": {"options": None},
    "options of strings": {"options": {"memory_mode": "yes"}},
    "players 3.0": {"players": 3.0},
    "players true": {"players": True},
    "players 9": {"players": 9},
    "colours with a float": {"colours": [3.0, 1, 2, 0]},
    "colours repeated": {"colours": [0, 0, 1, 2]},
    "name with NUL": {"names": ["Ann\x00", "Bob"]},
    "name too long": {"names": ["x" * 1000]},
    "name not text": {"names": [7]},
    "lone surrogate": {"names": ["\udc80"]},
    "seats of junk": {"seats": ["robot", 1]},
    "first beyond players": {"players": 2, "first": 3},
    "first as text": {"first": "1"},
    "setup not an object": [],
}


@pytest.mark.parametrize("bad", list(BAD_SETUPS.values()), ids=list(BAD_SETUPS))
def test_a_bad_remembered_setup_is_set_aside_and_the_setup_and_quick_start_work(
    make_app, home, bad
):
    good = {"players": 2, "seats": ["human", "ai:hard", "ai", "ai"]}
    setup = {**good, **bad} if isinstance(bad, dict) else bad
    write(home, {"hints": False, "last_setup": {"whose-foods": setup}})
    app = make_app(game="whose-foods", seats=("ai:normal", "ai:normal"))
    assert app.manager.current.name == "board"
    assert any("not valid" in text for text, _ in app.notices)
    assert app.settings.hints is False  # the valid values are kept
    assert len(set_aside_copies(home)) == 1
    app.open_setup("whose-foods")
    app.run(frames=30, fixed_dt=1 / 60)
    assert app.manager.current.name == "setup" and not app.manager.crashes
    app.close()
    again = SettingsStore(home)
    assert again.load().hints is False and again.notice is None  # cleaned, written back, once


def test_valid_parts_of_a_remembered_setup_are_kept(home):
    write(
        home,
        {
            "last_setup": {
                "whose-foods": {"players": 3, "colours": [3.0, 1, 2, 0], "names": ["Ann", "Bo"]}
            }
        },
    )
    setup = SettingsStore(home).load().last_setup["whose-foods"]
    assert setup == {"players": 3, "names": ["Ann", "Bo"]}


def test_a_setup_for_an_unknown_game_is_dropped_with_a_notice(home):
    write(home, {"last_setup": {"chess": {"players": 2}}})
    store = SettingsStore(home)
    assert store.load().last_setup == {} and "not valid" in store.notice


@pytest.mark.parametrize(
    "name, value",
    [
        ("master_volume", float("nan")),
        ("master_volume", 1e999),
        ("animation_speed", "fast"),
        ("kiosk_idle_seconds", True),
        ("fullscreen", 1),
        ("colour_scheme", ["standard"]),
        ("last_setup", []),
    ],
)
def test_a_bad_value_is_reset_with_a_notice_and_the_file_set_aside_once(home, name, value):
    data = {"hints": False, name: value}
    (home / "settings.json").write_text(json.dumps(data))  # allows NaN and Infinity
    store = SettingsStore(home)
    settings = store.load()
    assert getattr(settings, name) == getattr(Settings(), name) and settings.hints is False
    assert "not valid" in store.notice
    assert len(set_aside_copies(home)) == 1
    second = SettingsStore(home)
    assert second.load() == settings and second.notice is None


def test_two_bad_files_in_the_same_second_keep_both_set_aside_copies(home, monkeypatch):
    monkeypatch.setattr(aside.time, "strftime", lambda fmt: "20250101-120000")
    write(home, "{first")
    SettingsStore(home).load()
    write(home, "{second")
    SettingsStore(home).load()
    write(home, {"hints": 3})
    SettingsStore(home).load()
    copies = set_aside_copies(home)
    assert copies == [
        "settings.json.bad-20250101-120000",
        "settings.json.bad-20250101-120000-2",
        "settings.json.bad-20250101-120000-3",
    ]
    contents = {(home / name).read_text() for name in copies}
    assert contents == {"{first", "{second", json.dumps({"hints": 3})}


def test_every_setting_has_a_rule():
    assert {f.name for f in fields(Settings)} == set(RULES) | {"last_setup"}


def test_what_the_setup_scene_remembers_passes_the_schema(make_app, home):
    app = make_app()
    for game in SETUP_RULES:
        scene = SetupScene(app, game)
        remembered = scene.remembered()
        assert set(remembered) <= set(SETUP_RULES[game]), "a new key needs a rule in SETUP_RULES"
        assert all(SETUP_RULES[game][key](value) for key, value in remembered.items()), game


# --- anything at all -----------------------------------------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner),
    max_leaves=30,
)
setup_like = st.fixed_dictionaries(
    {},
    optional={
        key: json_values | st.just([0, 1, 2, 3]) | st.just(["human", "ai:easy"])
        for key in ("players", "seats", "names", "colours", "options", "first")
    },
)
settings_like = st.fixed_dictionaries(
    {},
    optional={
        **{name: json_values for name in RULES},
        "last_setup": st.dictionaries(
            st.sampled_from(["whose-foods", "consequence", "blanc-noir", "chess"]),
            setup_like | json_values,
        )
        | json_values,
    },
)


@pytest.mark.slow
@hyp_settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=settings_like)
def test_any_json_loads_to_valid_settings_that_every_setup_scene_accepts(tmp_path_factory, data):
    home = tmp_path_factory.mktemp("home")
    (home / "settings.json").write_text(json.dumps(data))
    settings = SettingsStore(home).load()
    for name, rule in RULES.items():
        assert rule(getattr(settings, name)), name
    for game, setup in settings.last_setup.items():
        assert all(SETUP_RULES[game][key](value) for key, value in setup.items())
    app = _AppStub(settings)
    for game in SETUP_RULES:
        SetupScene(app, game).build_setup()


class _AppStub:
    """What SetupScene reads of the app, without a window."""

    def __init__(self, settings):
        import random

        self.settings = settings
        self.options = Options(seed=1)
        self.rng = random.Random(1)
        self.kiosk = False
        self.phone_table = None  # no table plays with phones
        self.store = SimpleNamespace(in_memory=True)  # (no players, no record to read)

    def new_seed(self):
        return 1

    def text_input_at(self, rect):
        pass  # no window: no input method to tell

    def phone_spec(self, game):
        from scenes.boards import BOARDS

        return BOARDS[game].phone_spec()


@pytest.fixture(autouse=True, scope="module")
def _fonts():
    pygame.font.init()
    yield
