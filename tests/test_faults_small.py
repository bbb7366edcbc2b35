"""Issue 25, item 8: no full path is shown to visitors (notices say "kept" and "details are in
the log"; the operator screen shows the folder); the data folder is 0700 and the log 0600; a
seed outside 0..2**63-1 or in other than ASCII digits is refused in a short message;
--screenshot refuses a name that is not .png and always writes a PNG."""

import os
import stat
import sys

import pygame
import pytest
from helpers.drawn_text import install
from helpers.kiosk_driver import FRAME, kiosk_app
from helpers.run_main import run_main

import main
from scenes.app import App, Options
from scenes.arguments import MAX_SEED
from scenes.cli import parse_args
from scenes.kiosk.operator import OperatorScene
from scenes.manager import Scene
from scenes.storage import settings as settings_store
from scenes.storage.files import PNG_SIGNATURE
from scenes.storage.settings import SettingsStore, data_dir

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")


class Broken(Scene):
    name = "broken"

    def update(self, dt):
        raise RuntimeError("a bug in a scene")


def texts(app):
    return " | ".join(text for text, _ in app.notices)


# --- paths ----------------------------------------------------------------------------------------
def test_crash_and_start_notices_show_no_path(home, apps, monkeypatch):
    app = App(Options(seed=1), SettingsStore(home))
    apps.append(app)
    app.manager.switch(Broken(), fade=False)
    app.run(frames=5, fixed_dt=FRAME)
    assert "details are in the log" in texts(app)

    def broken_board(*args, **kwargs):
        raise RuntimeError("no board")

    monkeypatch.setattr("scenes.navigation.board_scene_class", lambda game: broken_board)
    assert not app.start_game(app.quick_setup("whose-foods", ["human", "ai:easy"]), fade=False)
    assert "could not start (details are in the log)" in texts(app)
    assert str(home) not in texts(app) and "tabletop-trio.log" not in texts(app)


def test_a_bad_settings_file_is_said_kept_without_its_name(home, apps):
    (home / "settings.json").write_text("{ not json")
    app = App(Options(seed=1), SettingsStore(home))
    apps.append(app)
    assert "kept aside" in texts(app) and ".bad-" not in texts(app) and str(home) not in texts(app)


def test_the_operator_screen_shows_the_data_folder(home, apps, monkeypatch):
    app = kiosk_app(home)
    apps.append(app)
    drawn = install(monkeypatch)
    OperatorScene(app).draw(app.canvas)
    assert f"Data folder: {home}" in drawn.words


# --- file modes -----------------------------------------------------------------------------------
@posix_only
def test_the_data_folder_is_made_private_and_an_old_default_one_tightened(tmp_path, monkeypatch):
    monkeypatch.delenv("TABLETOP_TRIO_HOME", raising=False)
    default = tmp_path / "share" / "tabletop-trio"
    monkeypatch.setattr(settings_store.platformdirs, "user_data_dir", lambda name: str(default))
    assert data_dir() == default
    assert stat.S_IMODE(default.stat().st_mode) == 0o700
    os.chmod(default, 0o755)  # made by an older version
    data_dir()
    assert stat.S_IMODE(default.stat().st_mode) == 0o700


@posix_only
def test_a_chosen_home_is_made_private_but_an_existing_one_is_left_as_it_is(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TRIO_HOME", str(tmp_path / "new"))
    assert stat.S_IMODE(data_dir().stat().st_mode) == 0o700
    os.chmod(tmp_path, 0o755)
    monkeypatch.setenv("TABLETOP_TRIO_HOME", str(tmp_path))
    data_dir()
    assert stat.S_IMODE(tmp_path.stat().st_mode) == 0o755  # (a folder the user chose)


@posix_only
def test_the_log_and_what_the_app_writes_are_its_users_only(home, apps):
    (home / "tabletop-trio.log").write_text("an old log\n")
    os.chmod(home / "tabletop-trio.log", 0o644)
    app = App(Options(seed=1), SettingsStore(home))
    apps.append(app)
    app.settings.hints = False
    app.save_settings()
    assert stat.S_IMODE((home / "tabletop-trio.log").stat().st_mode) == 0o600
    assert stat.S_IMODE((home / "settings.json").stat().st_mode) == 0o600


# --- the command line -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "seed",
    [
        "-1",
        str(MAX_SEED + 1),
        str(2**64),
        "\u0661\u0662\u0663",
        "\uff11\uff12",
        "9" * 5000,
        "1e3",
        "0x10",
        "",
    ],
    ids=[
        "negative",
        "2**63",
        "2**64",
        "arabic digits",
        "fullwidth",
        "5000 digits",
        "1e3",
        "hex",
        "empty",
    ],
)
def test_a_seed_outside_the_range_or_not_ascii_is_refused_in_one_short_line(seed, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main.main(["--seed", seed])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 200 and "--seed" in err


@pytest.mark.parametrize("seed", ["0", "7", str(MAX_SEED)])
def test_seeds_in_the_range_are_taken(seed):
    assert parse_args(["--seed", seed]).seed == int(seed)


@pytest.mark.parametrize("name", ["shot.jpg", "shot", "shot.png.bmp", "shot.tga"])
def test_a_screenshot_name_that_is_not_png_is_refused(name, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main.main(["--screenshot", name])
    assert exit_info.value.code == 2 and "does not end in .png" in capsys.readouterr().err


def test_a_screenshot_is_a_png_whatever_the_name(home, apps, tmp_path):
    app = App(Options(seed=1), SettingsStore(home))
    apps.append(app)
    app.run(frames=2, fixed_dt=FRAME)
    for name in ("a.PNG", "b.jpg", "c"):
        app.screenshot(tmp_path / "shots" / name)
        assert (tmp_path / "shots" / name).read_bytes()[:8] == PNG_SIGNATURE
    assert pygame.image.load(str(tmp_path / "shots" / "b.jpg")).get_size() == (1920, 1080)


def test_the_command_line_writes_a_png_screenshot(tmp_path):
    done = run_main("--frames", "3", "--screenshot", str(tmp_path / "Shot.Png"), home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "Shot.Png").read_bytes()[:8] == PNG_SIGNATURE
