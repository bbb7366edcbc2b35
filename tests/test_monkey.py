"""Issues 10 and 15, the proof kept: random input on every scene reachable from the menu (and, in
kiosk mode, on the kiosk's screens) crashes nothing, recovers from no crash, keeps every board
equal to the replay of its moves, and never draws a secret.

A short run per seed here (a few seconds); a long one is `python main.py bench monkey --frames N`,
which also prints the frame-work figures (speed is a benchmark's figure, never asserted here).
"""

import random
import re

import pygame
import pytest
from helpers.kiosk_driver import with_pin

from scenes.app import App, Options
from scenes.bench import monkey as bench_monkey
from scenes.bench import monkey_stations
from scenes.bench.board_checks import BoardWatch
from scenes.bench.monkey import run_monkey
from scenes.bench.monkey_input import Monkey
from scenes.bench.monkey_stations import Station, stations
from scenes.boards import BOARDS
from scenes.boards.consequence.paint import Painter
from scenes.boards.consequence.scene import ConsequenceBoard
from scenes.manager import Scene
from scenes.storage.settings import SettingsStore

#: Every scene the menu leads to (the hand-over appears over hidden-information boards, the
#: phones' codes over a game continued on phones).
SCENES = {
    "menu", "setup", "rules", "settings", "board", "results", "handover", "replays", "replay",
    "phones",
}  # fmt: skip
#: What a kiosk adds: the attract loop, its seat offer, the welcome, the idle countdown, the calm
#: screen, a challenge's celebration, the operator's PIN pad and screen (its settings are the
#: operator's: a visitor gets a notice); the welcome is a kiosk's menu.
KIOSK_SCENES = (SCENES - {"settings", "menu", "phones"}) | {
    "attract", "seat offer", "countdown", "calm", "pin", "operator", "welcome", "celebration",
}  # fmt: skip
STATION_FRAMES = 20


def make_app(home, kiosk=False):
    if kiosk:
        with_pin(home)  # as after the first start
    return App(Options(seed=1, speed=4, kiosk=kiosk), SettingsStore(home))  # short fades


@pytest.fixture
def app(home):
    made = make_app(home)
    yield made
    made.close()


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "kiosk"), [(1, False), (2, True)])
def test_random_input_on_every_scene_breaks_nothing(home, seed, kiosk):
    app = make_app(home, kiosk)
    try:
        frames = len(stations(kiosk)) * STATION_FRAMES
        report = run_monkey(app, seed, frames, frames_per_station=STATION_FRAMES)
    finally:
        app.close()
    print(report.as_dict())  # the figures, for whoever reads the log
    assert report.crashes == [] and app.manager.crashes == []
    assert not any("hit a problem" in text for text in report.notices)  # no recovery notice
    assert report.drifts == [] and report.replay_checks > 0  # every board equals its replay
    assert report.leaks == [] and report.faces_checked > 1000  # no secret drawn
    assert report.set_aside == []  # every file the app wrote, it reads back
    assert report.frames == frames == len(report.work_ms)
    assert report.scenes >= (KIOSK_SCENES if kiosk else SCENES)


def test_every_registered_board_is_a_station_in_hot_seat_and_against_computers():
    names = [station.name for station in stations()]
    for game in BOARDS:
        assert f"board {game} hot seat" in names
        assert f"board {game} against computers" in names


def test_a_game_continued_on_phones_is_a_station_of_every_board_with_a_phone_page():
    from scenes.boards import BOARDS

    names = [station.name for station in stations()]
    for game in BOARDS:
        assert (f"continued on phones {game}" in names) == (BOARDS[game].phone is not None)


def test_every_board_and_the_replay_viewer_are_checked_against_their_replay():
    names = [station.name for station in stations()]
    for game in BOARDS:
        assert f"replay {game}" in names
    assert "replays" in names


def test_the_kiosk_screens_are_stations_of_a_kiosk_app_only():
    kiosk = {station.name for station in stations(kiosk=True)}
    ordinary = {station.name for station in stations()}
    added = {"attract", "attract seat offer", "kiosk countdown", "calm", "pin", "operator"}
    added |= {"welcome", "celebration", "operator stand"}
    assert kiosk - ordinary == added and not added & ordinary


def test_a_board_whose_state_drifts_from_its_moves_is_reported(app):
    app.start_game(app.quick_setup("whose-foods", ["human", "human"]), fade=False)
    app.run(frames=3, fixed_dt=1 / 60)
    board = app.manager.current
    watch = BoardWatch(board)
    assert watch.drift() is None
    board.state.play(board.state.legal_moves()[0])  # behind the record's back
    assert "differs from its replay" in watch.drift()


def leaky_draw_tile(real, app):
    """The Consequence painter with a leak: the computer's hand (Sun's) drawn face up, with the
    symbols it really has (read from the board's true state)."""

    def draw(painter, canvas, tile, presenter, overlay):
        hand = presenter.hands[1]
        board = next((s for s in app.manager.stack if isinstance(s, ConsequenceBoard)), None)
        if tile not in hand or board is None:
            return real(painter, canvas, tile, presenter, overlay)
        secrets = board.state.hand(1)
        shown = tile.code, tile.face_up
        tile.code, tile.face_up = secrets[hand.index(tile) % len(secrets)], True
        try:
            return real(painter, canvas, tile, presenter, overlay)
        finally:
            tile.code, tile.face_up = shown

    return draw


def test_a_secret_drawn_is_reported_with_the_face_and_its_place(app, monkeypatch):
    monkeypatch.setattr(Painter, "_draw_tile", leaky_draw_tile(Painter._draw_tile, app))
    board = Station("cq", monkey_stations._board("consequence", ["human", "ai:easy"]))
    monkeypatch.setattr(bench_monkey, "stations", lambda kiosk: [board])
    report = run_monkey(app, 1, 30, frames_per_station=30)
    leak = re.compile(
        r"consequence: the face r[MSD] drawn at hand 1 for .+'s view \(seat 0\): "
        r"that hand is not the one on show"
    )
    assert report.leaks and all(station == "cq" for station, _ in report.leaks)
    assert all(leak.fullmatch(what) for _, what in report.leaks), report.leaks
    assert report.failed and report.as_dict()["leaks"]


def test_the_monkey_never_sends_quit_or_the_quit_chord():
    monkey = Monkey(random.Random(5))
    scene = Scene()
    for _ in range(20_000):
        for event in monkey.next_events(scene):
            assert event.type not in (pygame.QUIT, pygame.WINDOWCLOSE)
            if event.type == pygame.KEYDOWN and event.key == pygame.K_q:
                chord = pygame.KMOD_CTRL | pygame.KMOD_SHIFT
                assert event.mod & chord != chord


def test_the_monkey_sends_every_kind_of_input():
    monkey = Monkey(random.Random(6))
    kinds = set()
    for _ in range(5_000):
        kinds.update(event.type for event in monkey.next_events(Scene()))
    assert {
        pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL,
        pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP, pygame.KEYDOWN, pygame.KEYUP,
        pygame.TEXTINPUT, pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWFOCUSLOST,
        pygame.WINDOWMINIMIZED,
    } <= kinds  # fmt: skip


class Fragile(Scene):
    """A scene that breaks on the first click: the monkey must notice."""

    name = "fragile"

    def handle(self, event):
        if event.type == pygame.MOUSEBUTTONDOWN:
            raise RuntimeError("fragile")
        return False


def test_a_crashing_scene_is_reported(app, monkeypatch):
    fragile = Station("fragile", lambda a: a.manager.switch(Fragile(), fade=False))
    monkeypatch.setattr(bench_monkey, "stations", lambda kiosk: [fragile])
    report = run_monkey(app, 1, 60, frames_per_station=60)
    assert report.crashes and report.crashes[0][0] == "fragile"
    assert any("hit a problem" in text for text in report.notices)
