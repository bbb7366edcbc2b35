"""Issue 10, the proof kept: random input on every scene reachable from the menu crashes nothing.

A short run per seed here (a few seconds); a long one is `python main.py bench monkey --frames N`.
"""

import pygame
import pytest

from scenes import bench_monkey
from scenes.app import App, Options
from scenes.bench_monkey import Monkey, Station, run_monkey, stations
from scenes.boards import BOARD_SCENES
from scenes.kit.settings_store import SettingsStore
from scenes.manager import Scene

#: Every scene the menu leads to (the hand-over appears over hidden-information boards).
SCENES = {
    "menu", "setup", "rules", "settings", "board", "results", "handover", "replays", "replay",
}  # fmt: skip
STATION_FRAMES = 20


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TRIO_HOME", str(tmp_path))
    made = App(Options(seed=1, speed=4), SettingsStore(tmp_path))  # short fades: more input
    yield made
    made.close()


@pytest.mark.parametrize("seed", [1, 2])
def test_random_input_on_every_scene_crashes_nothing(app, seed):
    frames = len(stations()) * STATION_FRAMES
    report = run_monkey(app, seed, frames, frames_per_station=STATION_FRAMES)
    print(report.as_dict())  # frames and the worst frame, for whoever reads the log
    assert report.crashes == [] and app.manager.crashes == []
    assert report.drifts == [] and report.replay_checks > 0  # every board equals its replay
    assert not any("hit a problem" in text for text, _ in app.notices)
    assert report.frames == frames and report.worst_frame_ms > 0
    assert report.scenes >= SCENES


def test_every_registered_board_is_a_station_in_hot_seat_and_against_computers():
    names = [station.name for station in stations()]
    for game in BOARD_SCENES:
        assert f"board {game} hot seat" in names
        assert f"board {game} against computers" in names


def test_every_board_and_the_replay_viewer_are_checked_against_their_replay():
    names = [station.name for station in stations()]
    for game in BOARD_SCENES:
        assert f"replay {game}" in names
    assert "replays" in names


def test_a_board_whose_state_drifts_from_its_moves_is_reported(app):
    app.start_game(app.quick_setup("whose-foods", ["human", "human"]), fade=False)
    app.run(frames=3, fixed_dt=1 / 60)
    board = app.manager.current
    report = bench_monkey.Report(1)
    bench_monkey._check_replay(board, report)
    assert report.drifts == [] and report.replay_checks == 1
    board.state.play(board.state.legal_moves()[0])  # behind the record's back
    bench_monkey._check_replay(board, report)
    assert report.drifts and "differs from its replay" in report.drifts[0][1]


def test_the_monkey_never_sends_quit_or_the_quit_chord():
    import random

    monkey = Monkey(random.Random(5))
    scene = Scene()
    for _ in range(20_000):
        for event in monkey.next_events(scene):
            assert event.type not in (pygame.QUIT, pygame.WINDOWCLOSE)
            if event.type == pygame.KEYDOWN and event.key == pygame.K_q:
                chord = pygame.KMOD_CTRL | pygame.KMOD_SHIFT
                assert event.mod & chord != chord


class Fragile(Scene):
    """A scene that breaks on the first click: the monkey must notice."""

    name = "fragile"

    def handle(self, event):
        if event.type == pygame.MOUSEBUTTONDOWN:
            raise RuntimeError("fragile")
        return False


def test_a_crashing_scene_is_reported(app, monkeypatch):
    monkeypatch.setattr(
        bench_monkey,
        "STATIONS_EXTRA",
        [Station("fragile", lambda a: a.manager.switch(Fragile(), fade=False))],
    )
    monkeypatch.setattr(bench_monkey, "stations", lambda: bench_monkey.STATIONS_EXTRA)
    report = run_monkey(app, 1, 60, frames_per_station=60)
    assert report.crashes and report.crashes[0][0] == "fragile"
