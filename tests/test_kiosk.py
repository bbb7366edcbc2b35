"""Kiosk mode (issue 14): the attract loop, the idle countdown, touch, seat takeover, crash and
stall recovery, the locked-down exits, the operator screen and the session figures. Every test
runs the real app headless with a fake clock (frames of a fixed length)."""

import gc
import json
import sys
import time
import weakref

import pygame
import pytest
from helpers.drawn_text import install
from helpers.kept import newest_saved
from helpers.kiosk_driver import (
    FRAME,
    TEST_PIN,
    FakeClock,
    finger,
    finger_drag,
    kiosk_app,
    seconds,
    settle,
    top,
    touch,
)

from game import blanc_noir as bn
from game import whose_foods as wf
from game.blanc_noir.moves import LandLaid
from game.consequence.events import TilePushedOff
from game.whose_foods.events import ChainStep
from scenes import app as app_module
from scenes.boards import BOARDS
from scenes.boards import on_show as boards_on_show
from scenes.kiosk import attract as attract_module
from scenes.kiosk.attract import AttractScene
from scenes.kiosk.calm import RETRY_SECONDS, CalmScene
from scenes.kiosk.captions import caption
from scenes.kiosk.controller import CORNER, COUNTDOWN_SECONDS, CRASHES_KEPT
from scenes.kiosk.figures import FIGURES_FILE
from scenes.kiosk.touch import TouchMapper
from scenes.kiosk.watchdog import EXIT_AFTER_SECONDS, EXIT_CODE, STALL_SECONDS, Stalled, Watchdog
from scenes.manager import Scene
from scenes.storage.settings import SettingsStore


def start_human_game(app, game="consequence", seats=("human", "ai:easy")):
    assert app.start_game(app.quick_setup(game, list(seats)))
    settle(app)
    board = app.manager.current
    for _ in range(600):  # until the person is to move
        if board.human_to_move:
            break
        app.run(frames=1, fixed_dt=FRAME)
    board.play(board.state.legal_moves()[0])
    app.run(frames=2, fixed_dt=FRAME)
    return board


# --- idle -----------------------------------------------------------------------------------------
def test_idle_game_counts_down_then_is_saved_and_the_attract_loop_starts(home, apps):
    app = kiosk_app(home, idle=10)
    apps.append(app)
    start_human_game(app)
    app.idle_seconds = 0.0
    seconds(app, 9)
    assert app.kiosk_control.countdown is None and top(app) == "board"
    seconds(app, 2)
    assert app.kiosk_control.countdown is not None  # "Still playing?" and its ring of seconds
    assert top(app) == "board"
    seconds(app, COUNTDOWN_SECONDS + 1)
    settle(app)
    assert top(app) == "attract"
    saved = newest_saved(home)
    assert saved is not None and saved.game == "consequence"  # Continue offers it
    figures = app.kiosk_control.figures.summary()
    assert figures["started"] == 1 and figures["abandoned"] == 1


def test_a_touch_during_the_countdown_keeps_the_game(home, apps):
    app = kiosk_app(home, idle=10)
    apps.append(app)
    board = start_human_game(app)
    moves = list(board.moves)
    app.idle_seconds = 0.0
    seconds(app, 14)
    assert app.kiosk_control.countdown is not None
    touch(app, (960, 540))  # on the board: keeps the game and does nothing else
    assert app.kiosk_control.countdown is None
    seconds(app, 8)
    assert app.manager.current is board and board.moves[: len(moves)] == moves
    assert app.kiosk_control.figures.summary()["abandoned"] == 0


def test_the_welcome_goes_straight_to_attract_when_idle(home, apps):
    app = kiosk_app(home, idle=10)
    apps.append(app)
    assert top(app) == "welcome"
    seconds(app, 11)
    settle(app)
    assert top(app) == "attract"


# --- attract --------------------------------------------------------------------------------------
def test_attract_plays_spectator_games_with_captions_and_a_touch_opens_the_welcome(home, apps):
    app = kiosk_app(home, attract=True)
    apps.append(app)
    scene = app.manager.current
    assert isinstance(scene, AttractScene)
    board = scene.board
    assert board.spectator and board.on_show.viewer is None and not board.setup.humans
    for _ in range(40):
        seconds(app, 1, step=FRAME * 4)
        if scene.caption:
            break
    assert scene.caption
    touch(app, (960, 540))  # the middle of the board: no seat there
    settle(app)
    assert top(app) == "welcome" and app.manager.current.game == board.setup.game


def test_attract_moves_on_to_the_next_game_after_one_ends(home, apps):
    app = kiosk_app(home, attract=True)
    apps.append(app)
    scene = app.manager.current
    first = scene.board
    scene._game_over()  # as the board calls it after its last animation
    seconds(app, attract_module.PAUSE_SECONDS + 1)
    assert scene.board is not first and scene.board.setup.game == "consequence"
    assert app.finished_per_game == {"whose-foods": 1}


def test_the_last_attract_board_is_freed_when_the_next_game_starts(home, apps):
    app = kiosk_app(home, attract=True)
    apps.append(app)
    scene = app.manager.current
    app.run(frames=30, fixed_dt=FRAME * 3)
    last = weakref.ref(scene.board)
    gc.disable()  # only the scene's own collection between games may free it
    try:
        scene._game_over()
        seconds(app, attract_module.PAUSE_SECONDS + 1)
        assert scene.board is not None and last() is None
    finally:
        gc.enable()


def attract_game_under_way(home, apps):
    """A kiosk in its attract loop, two moves into its first game: (app, attract scene, board)."""
    app = kiosk_app(home, attract=True)
    apps.append(app)
    scene = app.manager.current
    while len(scene.board.moves) < 2:
        app.run(frames=10, fixed_dt=FRAME * 3)
    return app, scene, scene.board


def test_taking_a_seat_mid_game_hands_it_to_a_person(home, apps):
    app, scene, board = attract_game_under_way(home, apps)
    played = list(board.moves)
    from scenes.boards.whose_foods import layout

    touch(app, layout.tray(0).rect.center)
    assert scene.offer is not None and scene.offer[0] == 0  # "Take this seat"
    rect = scene._offer_buttons[0].rect
    touch(app, rect.center)
    settle(app)
    assert app.manager.current is board
    assert not board.spectator and board.setup.is_human(0) and 0 not in board.computers
    assert board.moves[: len(played)] == played  # the game as it stood
    assert app.kiosk_control.figures.summary()["started"] == 1
    for _ in range(2000):
        if board.human_to_move and board.state.current_player == 0:
            break
        app.run(frames=1, fixed_dt=FRAME)
    assert board.human_to_move


def test_a_person_who_takes_a_seat_plays_under_a_persons_name(home, apps, monkeypatch):
    from scenes.boards.whose_foods import layout

    app, scene, board = attract_game_under_way(home, apps)
    computer = board.setup.names[1]
    touch(app, layout.tray(1).rect.center)
    probe = install(monkeypatch)
    app.run(frames=1, fixed_dt=FRAME)
    assert "You play on as Player 2" in probe.words  # the offer says who the visitor will be
    touch(app, scene._offer_buttons[0].rect.center)
    settle(app)
    assert app.manager.current is board and board.setup.names[1] == "Player 2"
    probe.clear()
    app._dirty = True
    app.run(frames=1, fixed_dt=FRAME)
    assert "Player 2" in probe.words.splitlines()  # the seat panel's name
    assert computer not in probe.words.splitlines()
    for _ in range(3000):
        if board.human_to_move and board.state.current_player == 1:
            break
        app.run(frames=1, fixed_dt=FRAME)
    assert board.status_text().startswith("Player 2")
    move = next(m for m in board.state.legal_moves() if hasattr(m, "piece"))
    played = len(board.moves)
    touch(app, board.piece_pos(wf.PIECE_NAMES[move.piece]))
    touch(app, layout.square_rect(move.square).center)
    assert len(board.moves) == played + 1
    assert board.record.log[-1].text.startswith("Player 2")  # the move log
    saved = newest_saved(home)
    assert saved.setup["names"][1] == "Player 2" and saved.setup["seats"][1] == "human"


def test_captions_come_from_the_spectators_events_only():
    names = ("Sun", "Moon")

    def caption_of(game, events):
        return caption(events, names, BOARDS[game].tell)

    chain = [
        ChainStep(1, 0, "trio", ("a1", "b1", "c1"), (("a1", "SC"), ("b1", "LC")), 2),
        ChainStep(2, 0, "trio", ("a2", "b2", "c2"), (("a2", "LC"),), 1),
    ]
    assert caption_of("whose-foods", chain) == "Chain x2! 3 pieces captured by Sun"
    four = wf.LosingPattern(1, ("a1", "b1", "c1", "d1"), "four of one size", ("SD",) * 3 + ("SC",))
    assert caption_of("whose-foods", [four]) == "Moon loses: four small pieces in a line!"
    placed = wf.Placed(0, "LD", "a1", False, None)
    assert caption_of("whose-foods", [placed]) == "Sun puts a large dog on a1"
    pushed = TilePushedOff(None, "b?", 1, 3, 1)
    assert caption_of("consequence", [pushed]) == "Sun pushes a tile off the edge"
    laid = LandLaid(1, "W?", (0, 0), "W", False)  # as redacted for a spectator
    assert caption_of("blanc-noir", [laid]) == "Moon lays a white card face down"


def test_the_attract_board_is_shown_redacted(home, apps):
    app = kiosk_app(home, attract=True)
    apps.append(app)
    scene = app.manager.current
    scene.next_index = 2  # En blanc et noir: cards laid face down
    scene.start_next_game()
    seen = []
    captions = scene.board.watch_events  # gets the events exactly as the presenter does

    def watch(events):
        seen.extend(events)
        captions(events)

    scene.board.watch_events = watch
    for _ in range(60):
        app.run(frames=30, fixed_dt=FRAME * 3)
        if any(isinstance(e, LandLaid) for e in seen):
            break
    laid = [e for e in seen if isinstance(e, LandLaid)]
    assert laid and all(e.card.endswith("?") for e in laid)
    assert "?" not in (scene.caption or "")
    assert isinstance(scene.board.state, bn.State)


@pytest.mark.slow
def test_a_board_on_show_for_long_keeps_a_bounded_record_of_what_it_drew(home, apps, monkeypatch):
    monkeypatch.setattr(boards_on_show, "FACES_KEPT", 500)
    app = kiosk_app(home, attract=True)
    apps.append(app)
    scene = app.manager.current
    scene.next_index = 2  # En blanc et noir: every card face drawn is recorded
    scene.start_next_game()
    while len(scene.board.moves) < 4:
        app.run(frames=10, fixed_dt=FRAME * 3)
    scene.offer_seat(0)  # the game waits (the board is still drawn) while a visitor decides
    app.run(frames=600, fixed_dt=FRAME / 100)  # 600 frames drawn of the same position
    assert scene.offer is not None and len(scene.board.on_show.faces_seen) == 500  # full, no more


# --- touch ----------------------------------------------------------------------------------------
def test_synthesized_mouse_events_are_dropped_and_one_finger_is_one_click():
    mapper = TouchMapper()
    down = pygame.event.Event(pygame.FINGERDOWN, touch_id=1, finger_id=0, x=0.5, y=0.5, pos=(9, 9))
    made = mapper.translate(down)
    assert [e.type for e in made] == [pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN]
    synthetic = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(9, 9), button=1, touch=True)
    assert mapper.translate(synthetic) == []
    second = pygame.event.Event(pygame.FINGERDOWN, touch_id=1, finger_id=1, x=0, y=0, pos=(1, 1))
    assert mapper.translate(second) == []  # a second finger is ignored
    up = pygame.event.Event(pygame.FINGERUP, touch_id=1, finger_id=0, x=0.5, y=0.5, pos=(9, 9))
    assert [e.type for e in mapper.translate(up)] == [pygame.MOUSEBUTTONUP]


def test_a_finger_drag_lays_a_card_on_the_land(home, apps):
    from scenes.boards.blanc_noir.scene import BlancNoirBoard

    app = kiosk_app(home, speed=1.0)
    apps.append(app)
    board = BlancNoirBoard(app, app.quick_setup("blanc-noir", ["human", "ai:easy"]))
    app.manager.switch(board, fade=False)
    settle(app)
    state = bn.State.from_dict(
        {
            "players": 2, "first_player": 0, "current_player": 0, "actions": 0,
            "drew": False, "turn": 0, "hands": [["W3b", "B5a"], ["W2d"]],
            "market": ["W4b"], "deck": ["B4b"],
            "land": [[0, 0, ["W2b"]], [1, 0, ["B2b"]], [0, 1, ["B2c"]], [1, 1, ["W2c"]]],
            "hunter": None, "laid_by": {}, "scored": [[], []], "result": None,
        }
    )  # fmt: skip
    board.set_state(state)
    app.run(frames=5, fixed_dt=FRAME)
    assert board.human_to_move
    finger_drag(app, board.hand_card_pos("W3b"), board.square_pos((2, 0)))
    assert board.moves == ["land W3b 2 0"]  # once, though SDL would also send mouse events


# --- crashes and stalls ---------------------------------------------------------------------------
class Broken(Scene):
    name = "broken"

    def update(self, dt):
        raise ZeroDivisionError("injected for the test")


def test_a_crash_goes_back_to_attract_and_is_logged(home, apps):
    app = kiosk_app(home)
    apps.append(app)
    app.manager.push(Broken())
    app.run(frames=3, fixed_dt=FRAME)
    assert top(app) == "attract"
    log = (home / "tabletop-trio.log").read_text()
    assert "scene broken crashed" in log and "ZeroDivisionError: injected for the test" in log
    assert app.kiosk_control.figures.summary()["crashes"] == 1


def test_three_crashes_in_a_minute_show_the_calm_screen_which_retries(home, apps):
    app = kiosk_app(home)
    apps.append(app)
    for _ in range(2):
        app.manager.push(Broken())
        app.run(frames=3, fixed_dt=FRAME)
        assert top(app) == "attract"
    app.manager.push(Broken())
    app.run(frames=3, fixed_dt=FRAME)
    assert isinstance(app.manager.current, CalmScene)
    touch(app, (960, 540))
    assert top(app) == "calm"  # nothing to press there
    seconds(app, RETRY_SECONDS + 1)
    settle(app)
    assert top(app) == "attract"


@pytest.mark.slow
def test_a_stand_keeps_only_its_last_crashes_and_not_their_scenes(home, apps):
    app = kiosk_app(home)
    apps.append(app)
    for _ in range(CRASHES_KEPT + 5):
        app.manager.push(Broken())
        app.run(frames=3, fixed_dt=FRAME)
    crashes = app.manager.crashes
    assert len(crashes) == CRASHES_KEPT
    assert app.kiosk_control.figures.summary()["crashes"] == CRASHES_KEPT + 5
    # a traceback holds the frames, and they the crashed scene: only the newest keeps one
    assert all(error.__traceback__ is None for _, error in crashes[:-1])
    assert crashes[-1][1].__traceback__ is not None
    log = (home / "tabletop-trio.log").read_text()
    assert log.count("ZeroDivisionError: injected for the test") == CRASHES_KEPT + 5


def test_a_crash_of_the_attract_scene_itself_recovers_too(home, apps):
    app = kiosk_app(home, attract=True)
    apps.append(app)
    scene = app.manager.current
    scene.update = Broken().update
    app.run(frames=3, fixed_dt=FRAME)
    assert top(app) == "attract" and app.manager.current is not scene


def fake_watchdog(app, **options):
    """Swap the kiosk's watchdog for one on a fake clock that checks every few milliseconds and
    whose hard exit is only noted; returns (clock, exit codes asked for)."""
    clock, exits = FakeClock(), []
    control = app.kiosk_control
    control.watchdog.stop()
    control.watchdog = Watchdog(
        control._on_stall, clock=clock, exit_process=exits.append, check_every=0.002, **options
    )
    return clock, exits


class Stuck(Scene):
    """A scene whose update never returns (until `released`, as a process that exited would
    stop). Time passes on the fake clock while it is stuck, half a second for each look the
    watchdog takes, so that what the watchdog sees does not depend on how often the machine lets
    its thread run."""

    name = "stuck"

    def __init__(self, clock, deaf=False):
        self.clock = clock
        self.deaf = deaf  # stuck where no signal reaches: the interrupt is swallowed
        self.interrupted = 0
        self.released = False

    def update(self, dt):
        # (bounds, so that a broken watchdog fails the test rather than hangs it)
        limit, deadline = self.clock.now + 1000, time.monotonic() + 60
        seen = self.clock.reads
        while not self.released and self.clock.now < limit and time.monotonic() < deadline:
            try:
                while not self.released and self.clock.now < limit:
                    if time.monotonic() > deadline:
                        return
                    if self.clock.reads != seen:  # the watchdog has looked at this moment
                        self.clock.advance(0.5)
                        seen = self.clock.reads
                    time.sleep(0.001)
            except Stalled:
                self.interrupted += 1
                if not self.deaf:
                    raise


def test_the_watchdog_breaks_a_stalled_loop_and_recovers(home, apps):
    app = kiosk_app(home)
    apps.append(app)
    clock, exits = fake_watchdog(app)
    app.manager.push(Stuck(clock))
    app.run(frames=4, fixed_dt=FRAME)
    assert top(app) == "attract" and app.running
    log = (home / "tabletop-trio.log").read_text()
    assert "stall: the main loop has not ticked" in log and "scene stuck crashed" in log
    assert app.kiosk_control.figures.summary()["stalls"] == 1
    assert clock.now < 1000 + STALL_SECONDS + EXIT_AFTER_SECONDS and exits == []


def test_a_stall_outside_any_scene_is_recovered_by_the_loop(home, apps, monkeypatch):
    app = kiosk_app(home)
    apps.append(app)
    clock, _ = fake_watchdog(app)
    present = app.screen.present
    stuck = Stuck(clock)
    monkeypatch.setattr(app.screen, "present", lambda rects=None, shade=0: stuck.update(0))  # hangs
    app._dirty = True  # (a frame is drawn)
    app.run(frames=1, fixed_dt=FRAME)
    assert stuck.interrupted == 1
    monkeypatch.setattr(app.screen, "present", present)
    settle(app)
    assert top(app) == "attract" and app.running
    log = (home / "tabletop-trio.log").read_text()
    assert "scene welcome crashed" in log and "Stalled: the main loop did not tick" in log


def test_the_watchdog_exits_for_the_supervisor_when_the_interrupt_cannot_reach(home, apps):
    app = kiosk_app(home)
    apps.append(app)
    clock, exits = fake_watchdog(app)
    stuck = Stuck(clock, deaf=True)
    exited_at = []

    def exit_process(code):  # the process would end here: note it, and let the scene go
        exits.append(code)
        exited_at.append(clock.now)
        stuck.released = True

    app.kiosk_control.watchdog.exit_process = exit_process
    app.manager.push(stuck)
    app.run(frames=1, fixed_dt=FRAME)
    assert stuck.interrupted == 1  # the interrupt came first, and was swallowed
    assert exits[:1] == [EXIT_CODE]  # then the exit, for systemd to restart the app
    assert exited_at[0] - 1000 > STALL_SECONDS + EXIT_AFTER_SECONDS
    log = (home / "tabletop-trio.log").read_text()
    assert "stall: the main loop has not ticked" in log and "still stuck after" in log


def test_a_kiosk_a_test_makes_takes_no_slow_frame_for_a_stall(home, apps):
    """Whatever way a test makes its kiosk (here not through the kiosk driver), its watchdog
    waits 120 s and never ends the process (conftest's `a_loaded_machine_is_no_stall`): a frame
    slowed by the test machine's load neither crashes the scene nor ends the worker."""
    app = app_module.App(app_module.Options(seed=1, kiosk=True), SettingsStore(home))
    apps.append(app)
    watchdog = app.kiosk_control.watchdog
    assert watchdog.stall_seconds >= 120 and watchdog.exit_after is None


# --- locked down, operator, figures -------------------------------------------------------------
def test_the_pause_menu_offers_no_settings_in_kiosk_mode(home, apps, monkeypatch):
    app = kiosk_app(home)
    apps.append(app)
    board = start_human_game(app)
    probe = install(monkeypatch)
    touch(app, board.button_rects["Pause"].center)
    settle(app)
    pause = app.manager.current
    assert pause.name == "pause"
    assert list(pause.button_rects) == ["Resume", "Rules", "Learn (2 min)", "Leave"]
    assert "Settings" not in probe.words.splitlines()  # hidden, not a locked button
    rects = list(pause.button_rects.values())
    assert all(rect.height >= 96 and pause.panel.contains(rect) for rect in rects)
    gaps = [pause.panel.bottom - rects[-1].bottom, rects[0].top - pause.panel.top]
    assert 0 < gaps[0] < gaps[1]  # the panel fits the buttons left (no empty row)
    touch(app, pause.button_rects["Rules"].center)
    settle(app)
    assert top(app) == "rules"
    touch(app, app.manager.current.button_rects["Back"].center)
    settle(app)
    assert app.manager.current is pause
    touch(app, pause.button_rects["Resume"].center)
    settle(app)
    assert app.manager.current is board and not app.notices  # nothing said "locked"


def test_operator_screen_after_a_long_press_and_the_pin(home, apps):
    app = kiosk_app(home)
    apps.append(app)
    finger(pygame.FINGERDOWN, CORNER.center)
    seconds(app, 1)
    finger(pygame.FINGERUP, CORNER.center)
    app.run(frames=3, fixed_dt=FRAME)
    assert top(app) == "welcome"  # a short press is only a touch
    finger(pygame.FINGERDOWN, CORNER.center)
    seconds(app, 3.5)
    assert top(app) == "pin"
    finger(pygame.FINGERUP, CORNER.center)
    app.run(frames=2, fixed_dt=FRAME)
    pad = app.manager.current
    for digit in "1111":
        touch(app, pad.button_rects[digit].center)
    touch(app, pad.button_rects["OK"].center)
    assert top(app) == "pin" and "Wrong" in pad.message
    for digit in TEST_PIN:
        touch(app, pad.button_rects[digit].center)
    touch(app, pad.button_rects["OK"].center)
    settle(app)
    assert top(app) == "operator"
    screen = app.manager.current
    assert screen.wrong_pins == (1, 0)  # the wrong one is reported there
    touch(app, screen.button_rects["Stand"].center)
    touch(app, screen.button_rects["More settings"].center)
    settle(app)
    assert top(app) == "settings"
    app.back()
    settle(app)
    touch(app, screen.button_rects["Quit the kiosk"].center)
    assert app.running
    touch(app, screen.button_rects["Quit"].center)
    assert not app.running


def test_figures_are_kept_on_disk(home, apps):
    app = kiosk_app(home)
    apps.append(app)
    figures = app.kiosk_control.figures
    figures.started("consequence")
    figures.finished("consequence")
    figures.started("blanc-noir")
    app.close()
    apps.remove(app)
    data = json.loads((home / FIGURES_FILE).read_text())
    assert data["games"]["consequence"]["finished"] == 1
    assert data["games"]["blanc-noir"]["abandoned"] == 1  # open when the app quit
    assert data["sessions"] == 1


def test_sigterm_quits_cleanly_and_saves_the_figures(home, apps):
    import signal

    app = kiosk_app(home)
    apps.append(app)
    app.kiosk_control.figures.started("whose-foods")
    signal.raise_signal(signal.SIGTERM)
    app.run(frames=5, fixed_dt=FRAME)
    assert not app.running
    app.close()
    apps.remove(app)
    data = json.loads((home / FIGURES_FILE).read_text())
    assert data["games"]["whose-foods"] == {
        "started": 1, "finished": 0, "abandoned": 1, "seconds_played": 0.0, "demo_games": 0,
        "challenge_wins": 0, "lessons": 0,
    }  # fmt: skip


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/statm")
def test_the_soak_figures_report_games_per_game_and_the_memory(home, apps, monkeypatch):
    monkeypatch.setattr(app_module, "MEMORY_SAMPLE_FRAME", 30)  # (the soak's is 20,000)
    app = kiosk_app(home, attract=True)
    apps.append(app)
    app.manager.current._game_over()  # an attract game ends
    app.run(frames=60, fixed_dt=FRAME)
    stats = app.stats()
    assert stats["frames"] >= 60 and stats["seconds"] > 0
    assert stats["games_finished_per_game"] == {"whose-foods": 1}
    assert stats["peak_rss_mb"] >= stats["rss_mb"] > 0 and stats["rss_mb_at_frame_30"] > 0
    growth = 100 * (stats["rss_mb"] - stats["rss_mb_at_frame_30"]) / stats["rss_mb_at_frame_30"]
    assert stats["rss_growth_pct_since_frame_30"] == pytest.approx(growth, abs=0.1)
