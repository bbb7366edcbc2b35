"""Issue 25, items 1 and 2: no file in the data folder can stop, hang or bloat the app. Every
class of hostile file (scenes/bench/hostile.py builds them) is set aside once with a notice:
as the unfinished game, as a replay, as its picture, as the kiosk's figures; and the app and the
kiosk start on a folder full of them (a subprocess each), in bounded time and memory."""

import json
import os
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pygame
import pytest
from helpers.kiosk_driver import kiosk_app
from helpers.scene_driver import click, settle

from scenes.bench import hostile as bench_hostile
from scenes.bench.hostile import (
    FIGURES_CASES,
    REPLAY_CASES,
    SAVE_CASES,
    good_replay,
    good_save,
    huge_numbers_case,
    png_header,
    spoiled_at,
)
from scenes.kiosk.figures import FIGURES_FILE, Figures
from scenes.kit import fonts
from scenes.kit.text_fit import fit_line
from scenes.storage import replays, saved_game
from scenes.storage.continuing import load_unfinished
from scenes.storage.saved_game import SAVE_FILE, THUMBNAIL_FILE


def _huge_consequence_masks(path):
    """A save of about 750 bytes whose tile ids would make masks of a billion bits."""
    data = good_save("consequence", moves=0)
    data["start"]["moon_knows"] = [10**9 + n for n in range(7)]
    path.write_text(json.dumps(data, separators=(",", ":")))


#: the benchmark's cases (which name no game) and two that reach one game's own checks
SAVE_CASES = {
    **SAVE_CASES,
    "a 750-byte Consequence save with huge masks": _huge_consequence_masks,
    "a land square a billion away": spoiled_at(["start", "land", 0, 0], 10**9, "blanc-noir"),
}


def set_aside(folder, name):
    return [p.name for p in folder.iterdir() if p.name.startswith(name + ".bad-")]


def bounded(action, megabytes=20, seconds=10.0):
    """Run `action` and return its result, checking that it stays in `megabytes` of new memory
    (tracemalloc) and ends within `seconds` (a guard against a hang, not a speed target)."""
    tracemalloc.start()
    start = time.monotonic()
    try:
        result = action()
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert peak < megabytes * 1_000_000, f"{peak / 1e6:.0f} MB"
    assert time.monotonic() - start < seconds
    return result


# --- the unfinished game --------------------------------------------------------------------------
@pytest.mark.parametrize("case", list(SAVE_CASES))
def test_a_hostile_unfinished_game_is_set_aside_once_with_a_notice(tmp_path, case):
    SAVE_CASES[case](tmp_path / SAVE_FILE)
    (tmp_path / THUMBNAIL_FILE).write_bytes(png_header(30_000, 30_000))
    saved, notice = bounded(lambda: load_unfinished(tmp_path))
    assert saved is None and "could not be continued" in notice and "kept aside" in notice
    assert len(notice) < 400 and str(tmp_path) not in notice
    assert len(set_aside(tmp_path, SAVE_FILE)) == 1 and not os.path.lexists(tmp_path / SAVE_FILE)
    assert len(set_aside(tmp_path, THUMBNAIL_FILE)) == 1  # its picture went with it
    assert load_unfinished(tmp_path) == (None, None)  # once: the next start is quiet


@pytest.mark.parametrize(
    "case, words",
    [
        ("saved_at NaN", "not finite"),
        ("saved_at 1e30", "plausible date"),
        ("100000-deep nesting", "nested too deeply"),
        ("colour [999,-5,7]", "three bytes"),
        ("a name of 100000 characters", "at most 64 characters"),
        ("a 750-byte Consequence save with huge masks", "Moon knows"),
        ("current player outside the seats", "current_player"),
        ("seats on phones outside the seats", "the seats on phones"),
        ("a land square a billion away", "land square"),
        (huge_numbers_case("whose-foods"), "a hand's cans"),
        (huge_numbers_case("consequence"), "a square must be"),
        ("several MB", "too large"),
    ],
)
def test_the_notice_says_what_is_wrong(tmp_path, case, words):
    SAVE_CASES[case](tmp_path / SAVE_FILE)
    _, notice = load_unfinished(tmp_path)
    assert words in notice, notice


def test_a_good_save_with_a_giant_picture_keeps_the_game_and_sets_the_picture_aside(
    make_app, home, monkeypatch
):
    (home / SAVE_FILE).write_text(json.dumps(good_save()))
    (home / THUMBNAIL_FILE).write_bytes(png_header(30_000, 30_000))
    loaded = []
    real_load = pygame.image.load
    monkeypatch.setattr(pygame.image, "load", lambda *a, **k: loaded.append(a) or real_load(*a))
    app = make_app()
    menu = app.manager.current
    assert menu.continue_tile is not None
    # the file is not used: the tile draws the board from the save instead (issue 23)
    assert isinstance(menu.continue_tile.thumbnail, pygame.Surface)
    assert not any(THUMBNAIL_FILE in str(args) for args in loaded)  # never decoded
    assert any("picture of your unfinished game" in text for text, _ in app.notices)
    assert len(set_aside(home, THUMBNAIL_FILE)) == 1 and (home / SAVE_FILE).exists()


@pytest.mark.parametrize("case", ["saved_at Infinity", "colour [999,-5,7]", "a FIFO"])
def test_the_app_starts_on_a_hostile_save_and_the_menu_works(make_app, home, case):
    if case not in SAVE_CASES:
        pytest.skip("no FIFOs here")
    SAVE_CASES[case](home / SAVE_FILE)
    app = make_app()
    menu = app.manager.current
    assert menu.name == "menu" and menu.continue_tile is None
    assert any("could not be continued" in text for text, _ in app.notices)
    click(app, menu.button_rects["Replays"].center)
    settle(app)
    assert app.manager.current.name == "replays" and not app.manager.crashes


# --- replays ------------------------------------------------------------------------------------
@pytest.mark.parametrize("case", list({**SAVE_CASES, **REPLAY_CASES}))
def test_a_hostile_replay_is_set_aside_when_listed_and_the_good_one_stays(tmp_path, case):
    folder = replays.replay_folder(tmp_path)
    folder.mkdir()
    (folder / "whose-foods-20260101-120000.json").write_text(json.dumps(good_replay()))
    writer = SAVE_CASES.get(case) or REPLAY_CASES[case]
    writer(folder / "whose-foods-20260102-120000.json")
    entries, notice = bounded(lambda: replays.replay_list(tmp_path))
    assert [e.path.name for e in entries] == ["whose-foods-20260101-120000.json"]
    assert "A replay could not be read" in notice and "kept aside" in notice
    assert len(set_aside(folder, "whose-foods-20260102-120000.json")) == 1
    assert replays.replay_list(tmp_path) == (entries, None)


def test_the_replays_list_opens_on_a_folder_of_hostile_replays(make_app, home):
    folder = replays.replay_folder(home)
    folder.mkdir()
    (folder / "whose-foods-20260101-120000.json").write_text(json.dumps(good_replay()))
    for number, writer in enumerate({**SAVE_CASES, **REPLAY_CASES}.values()):
        writer(folder / f"whose-foods-20260102-{number:06d}.json")
    app = make_app()  # the start sets every bad one aside, with one notice
    assert any("replays could not be read" in text for text, _ in app.notices)
    click(app, app.manager.current.button_rects["Replays"].center)
    settle(app)
    listing = app.manager.current
    assert listing.name == "replays" and len(listing.entries) == 1
    assert not app.manager.crashes


# --- the kiosk's figures ------------------------------------------------------------------------
@pytest.mark.parametrize("case", list(FIGURES_CASES))
def test_hostile_kiosk_figures_are_set_aside_and_counting_starts_afresh(tmp_path, case):
    (tmp_path / FIGURES_FILE).write_bytes(FIGURES_CASES[case])
    figures = bounded(lambda: Figures(tmp_path))
    assert figures.notice and "kept aside" in figures.notice
    assert len(set_aside(tmp_path, FIGURES_FILE)) == 1
    assert figures.summary()["sessions"] == 1
    assert json.loads((tmp_path / FIGURES_FILE).read_text())["sessions"] == 1


@pytest.mark.skipif(sys.platform == "win32", reason="/dev/zero")
def test_kiosk_figures_that_are_a_symlink_to_dev_zero_start_the_kiosk(home, tmp_path):
    (home / FIGURES_FILE).symlink_to("/dev/zero")
    app = kiosk_app(home)
    try:
        assert any("kiosk figures could not be read" in text for text, _ in app.notices)
        assert len(set_aside(home, FIGURES_FILE)) == 1 and app.running
    finally:
        app.close()


# --- long text -----------------------------------------------------------------------------------
def test_fitting_a_name_of_a_megabyte_measures_a_logarithmic_number_of_times(monkeypatch):
    pygame.font.init()
    calls = []
    real = fonts.measure

    def counted(words, size, bold=False):
        calls.append(len(words))
        return real(words, size, bold)

    monkeypatch.setattr(fonts, "measure", counted)
    name = "W" * 1_000_000
    line, size = fit_line(name, fonts.LARGE, 300, bold=True)
    assert line.endswith("…") and real(line, size, True)[0] <= 300
    assert len(calls) <= 40, len(calls)  # halving, not one character a measurement
    assert max(calls) <= 301  # and never the whole megabyte
    calls.clear()
    assert fit_line("Ada", fonts.LARGE, 300) == ("Ada", fonts.LARGE)
    shown, _ = fit_line("Wilhelmina Featherstonehaugh", fonts.LARGE, 300)
    assert shown.startswith("Wil") and shown.endswith("…") and len(calls) <= 40


def test_the_apps_peak_memory_is_its_own_not_the_launching_processs():
    """The peak the app reports (and the hostile-folder checks bound) is the app's: a parent
    holding 300 MB when it starts the app (a long test run) is not counted."""
    held = bytearray(300 * 1024 * 1024)
    held[::4096] = b"\1" * len(held[::4096])  # touched: resident
    code = "from scenes.memory_use import peak_rss_mb; print(peak_rss_mb())"
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=120
    )
    del held
    assert 0 < float(done.stdout.split()[-1]) < 200, done.stdout + done.stderr


# --- the whole folder, through the command line ---------------------------------------------------
@pytest.mark.parametrize(
    "kiosk, save_case, figures_case",
    [
        (False, huge_numbers_case("consequence"), "Infinity"),
        (True, "saved_at NaN", "100000-deep nesting"),
    ],
    ids=["app", "kiosk"],
)
def test_the_app_and_the_kiosk_start_on_a_folder_of_hostile_files(
    tmp_path, kiosk, save_case, figures_case
):
    home = tmp_path / "home"
    bad = bench_hostile.write_hostile_folder(home, save_case, figures_case, kiosk)
    run = bench_hostile.run_app(home, kiosk, frames=60, timeout=300)
    assert run["exit_code"] == 0, run["stderr"]
    assert "Traceback" not in run["stderr"]
    assert run["frames"] == 60
    assert run["seconds"] < 120  # bounded: a hang or an endless read would not end
    assert run["peak_rss_mb"] < 400  # bounded: a billion-bit mask or /dev/zero would not fit
    aside, left = bench_hostile.set_aside_and_left(bad)
    assert left == [] and len(aside) == len(bad)
    notices = bench_hostile.notices_logged(home)
    assert any("settings file could not be read" in n for n in notices)
    assert any("unfinished games could not be continued" in n for n in notices)
    assert bench_hostile.good_game_kept(home)  # the good game among them stays
    assert any("list of players could not be read" in n for n in notices)
    assert any("players' record could not be read" in n for n in notices)
    assert len(notices) <= 6  # one per kind of file (settings, games, players, record, replays,
    # figures), not one per file
    assert any("replays could not be read" in n for n in notices)
    assert kiosk == any("kiosk figures could not be read" in n for n in notices)
    assert not any(str(home) in n for n in notices)  # no path shown to visitors
    second = bench_hostile.run_app(home, kiosk, frames=10, timeout=300)  # set aside once
    assert second["exit_code"] == 0
    assert len(bench_hostile.notices_logged(home)) == len(notices)


def test_the_hostile_benchmark_reports_its_runs(capsys, monkeypatch):
    monkeypatch.setattr(
        bench_hostile,
        "run_app",
        lambda home, kiosk, frames: {"exit_code": 0, "seconds": 1.0, "peak_rss_mb": 80.0},
    )
    assert bench_hostile.main(["--frames", "5"]) == 1  # nothing was set aside: a failure
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["mode"] for line in lines] == ["app", "kiosk"]
    assert all(line["left_in_place"] for line in lines)


def test_saved_game_limits_are_those_of_a_real_game():
    data = good_save("blanc-noir", moves=40)
    assert len(json.dumps(data)) < saved_game.MAX_SAVE_BYTES / 10
