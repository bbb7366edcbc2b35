"""The idle-frame contract, headless: a frame is drawn only when something changed (input, a
scene change or fade, a notice appearing or fading, a drawn scene `animating`); an uncounted run
sleeps while idle; the frame statistics are bounded."""

import sys
import time

import pygame
import pytest

import scenes.app as app_module
from scenes.app import FRAME_STATS, IDLE_WAKE_SECONDS, NOTICE_FADE_SECONDS, App, Options
from scenes.manager import Scene, SceneManager
from scenes.storage.settings import SettingsStore
from scenes.window import EventWaiter


class Still(Scene):
    """Nothing moves on its own (no update)."""

    name = "still"

    def __init__(self, overlay=False):
        self.overlay = overlay
        self.draws = 0

    def draw(self, canvas):
        self.draws += 1


class Spinner(Still):
    """Animates for `frames` updates, then rests."""

    name = "spinner"

    def __init__(self, frames=10**9, overlay=False):
        super().__init__(overlay)
        self.left = frames

    def update(self, dt):
        self.left = max(0, self.left - 1)

    @property
    def animating(self):
        return self.left > 0


class OldStyle(Still):
    """Written before the contract: an update, no `animating` of its own."""

    name = "old"

    def update(self, dt):
        pass


@pytest.fixture
def make_app(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TRIO_HOME", str(tmp_path))
    made = []

    def make(**options):
        app = App(Options(seed=1, **options), SettingsStore(tmp_path))
        pygame.event.clear()
        made.append(app)
        return app

    yield make
    for app in made:
        app.close()


def frames(app, count=1):
    app.run(frames=count, fixed_dt=1 / 60)


def show(app, scene):
    app.manager.switch(scene, fade=False)
    frames(app, 2)
    return scene


def settle(app):
    for _ in range(600):
        if not app.manager.animating:
            break
        frames(app)
    frames(app)


# --- what makes a frame -------------------------------------------------------------------------
def test_an_idle_menu_runs_frames_without_drawing_them(make_app):
    app = make_app()
    settle(app)
    assert app.manager.current.name == "menu"
    before, drawn = app.frames, app.frames_drawn
    frames(app, 30)
    assert app.frames == before + 30 and app.frames_drawn == drawn
    assert app.idle_timeout() == IDLE_WAKE_SECONDS
    assert app.stats()["frames_drawn"] == drawn


def test_the_menu_entrance_animates_then_rests(make_app):
    app = make_app()
    frames(app, 2)
    assert app.manager.current.animating and app.idle_timeout() == 0
    drawn = app.frames_drawn
    frames(app, 5)
    assert app.frames_drawn == drawn + 5  # every frame while the tiles rise
    settle(app)
    assert not app.manager.current.animating


def test_input_draws_a_frame_and_posted_positions_stay_logical(make_app):
    app = make_app()
    settle(app)
    menu = app.manager.current
    tile = menu.tiles[1]
    drawn = app.frames_drawn
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=tile.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    frames(app, 3)
    assert tile.hover and app.frames_drawn == drawn + 1


def test_a_window_event_shows_the_picture_again_without_drawing_it(make_app):
    app = make_app()
    settle(app)
    drawn = app.frames_drawn
    pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
    assert app.frame(1 / 60) is False  # nothing changed on the canvas
    assert app.frames_drawn == drawn and not app._refresh


def test_an_animating_scene_is_drawn_every_frame_and_its_last_frame_too(make_app):
    app = make_app()
    scene = show(app, Spinner(frames=5))
    settle(app)
    drawn, draws = app.frames_drawn, scene.draws
    scene.left = 3
    frames(app, 10)
    # three animating frames, then the frame where it stopped (the final picture), then rest
    assert app.frames_drawn - drawn == scene.draws - draws == 3


def test_a_scene_with_update_but_no_animating_is_drawn_every_frame(make_app):
    app = make_app()
    show(app, OldStyle())
    drawn = app.frames_drawn
    frames(app, 10)
    assert app.frames_drawn == drawn + 10
    assert Still().animating is False and OldStyle().animating is True


def test_an_animating_scene_under_an_overlay_keeps_the_frames_coming(make_app):
    app = make_app()
    show(app, Spinner())
    app.manager.push(Still(overlay=True))
    frames(app, 2)
    assert app.manager.current.name == "still" and app.manager.animating
    app.manager.push(Still())  # not an overlay: the spinner is no longer drawn
    frames(app, 2)
    assert not app.manager.animating


def test_a_change_of_scene_and_its_fade_are_drawn(make_app):
    app = make_app()
    show(app, Still())
    settle(app)
    drawn = app.frames_drawn
    app.manager.switch(Still(), fade=True)
    assert app.manager.animating
    while app.manager.busy:
        frames(app)
    frames(app, 5)
    fade_frames = round(app.manager.fade_seconds * 60)
    assert fade_frames - 2 <= app.frames_drawn - drawn <= fade_frames + 3


def test_a_notice_is_drawn_when_it_appears_and_while_it_fades_not_in_between(make_app):
    app = make_app()
    show(app, Still())
    settle(app)
    drawn = app.frames_drawn
    app.notify("Hello")
    frames(app)
    assert app.frames_drawn == drawn + 1
    assert app.idle_timeout() == IDLE_WAKE_SECONDS
    frames(app, round((app_module.NOTICE_SECONDS - NOTICE_FADE_SECONDS) * 60) - 13)
    assert app.frames_drawn == drawn + 1  # a notice that stands still is not redrawn
    assert app.idle_timeout() == pytest.approx(12 / 60)  # the loop wakes when the fade starts
    frames(app, 10)
    assert app.frames_drawn == drawn + 1
    frames(app, round(NOTICE_FADE_SECONDS * 60) + 10)
    assert not app.notices
    assert round(NOTICE_FADE_SECONDS * 60) <= app.frames_drawn - drawn <= 40


def test_the_setup_caret_blinks_by_a_timer_only_while_a_name_is_typed(make_app):
    """A blinking caret is not an animation: the loop sleeps until its next blink and draws that
    frame only (the caret shows 0.6 s of each second)."""
    app = make_app()
    app.open_setup("whose-foods", fade=False)
    settle(app)
    setup = app.manager.current
    assert setup.name == "setup" and not setup.animating and setup.wake_in() is None
    setup.name_fields[0].focused = True
    assert not setup.animating and not app.manager.animating
    assert 0 < app.idle_timeout() <= 0.6
    drawn = app.frames_drawn
    frames(app, 120)  # two seconds: the caret is hidden, shown, hidden, shown
    assert 3 <= app.frames_drawn - drawn <= 5
    setup.name_fields[0].focused = False
    assert setup.wake_in() is None and app.idle_timeout() == IDLE_WAKE_SECONDS


def test_rules_settings_and_handover_rest_when_idle(make_app):
    from scenes.screens.handover import HandoverScene
    from scenes.screens.rules import RulesScene
    from scenes.screens.settings import SettingsScene

    app = make_app()
    colour = app.quick_setup("whose-foods", ["human", "human"]).colours[1]
    for scene in (
        RulesScene(app, "whose-foods"),
        SettingsScene(app),
        HandoverScene(app, "Pepper", colour, lambda: None),
    ):
        show(app, scene)
        settle(app)
        drawn = app.frames_drawn
        frames(app, 10)
        assert app.frames_drawn == drawn, scene.name


def test_a_crashing_animating_property_is_recovered_from(make_app):
    class Broken(Still):
        @property
        def animating(self):
            raise RuntimeError("broken animating")

    app = make_app()
    show(app, Broken())
    frames(app, 3)
    assert app.manager.current.name == "menu"
    assert any("problem" in text for text, _ in app.notices)


def test_manager_animating_without_an_app():
    manager = SceneManager(fade_seconds=0)
    assert not manager.animating
    manager.push(Spinner(frames=2))
    assert manager.animating  # a change is queued
    manager.update(0)
    assert manager.animating and manager.drawn[-1].name == "spinner"
    manager.update(0)
    manager.update(0)
    assert not manager.animating


# --- sleeping -------------------------------------------------------------------------------------
def test_an_uncounted_run_sleeps_while_idle_and_wakes_for_events(make_app):
    app = make_app()
    settle(app)
    pygame.time.set_timer(pygame.QUIT, 700, loops=1)
    start, before = time.monotonic(), app.frames
    app.run()
    took = time.monotonic() - start
    assert not app.running and took >= 0.6  # (not before the event: it slept until it came)
    assert app.frames - before <= 6  # about 42 at 60 fps if it did not sleep


def test_the_waiter_returns_at_once_when_an_event_is_queued(make_app):
    make_app()
    waiter = EventWaiter()
    if sys.platform.startswith("linux"):
        assert waiter.blocking  # SDL's own wait was found: no polling while idle
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))
    start = time.monotonic()
    waiter.wait(60.0)
    assert time.monotonic() - start < 30  # at once, not after the minute asked for
    assert pygame.event.get(pygame.USEREVENT)  # the event is still there for the loop


# --- statistics -----------------------------------------------------------------------------------
def test_frame_statistics_keep_a_bounded_window(make_app, monkeypatch):
    assert 600 <= FRAME_STATS <= 10_000
    assert make_app().frame_ms.maxlen == FRAME_STATS
    monkeypatch.setattr(app_module, "FRAME_STATS", 50)
    app = make_app()
    show(app, Spinner())
    frames(app, 200)
    assert len(app.frame_ms) == 50 and app.frames_drawn >= 200
    stats = app.stats()
    assert min(app.frame_ms) - 0.001 <= stats["frame_ms_p99"] <= max(app.frame_ms) + 0.001
