"""No way out for a visitor (issue 29, issue 25 item 7): every key and gesture a visitor can reach,
posted as events on every screen a visitor can reach in kiosk mode, leaves the app running on a
visitor's screen, never fullscreen toggled, never an operator's screen, never another program or
a file dialog; the exit chord must be held for seconds; a window minimised, hidden or left
without the focus is brought back."""

import subprocess
import webbrowser

import pygame
import pytest
from helpers.kiosk_driver import FRAME, finger, kiosk_app, seconds, settle, touch

from scenes.kiosk.chord import HOLD_SECONDS
from scenes.kiosk.on_top import RESTORE_SECONDS, RETRY_SECONDS, KeepOnTop
from scenes.kiosk.welcome import WelcomeScene

#: what a visitor's screens are called (the operator's need the PIN)
VISITOR_SCENES = {
    "attract", "welcome", "board", "pause", "confirm", "handover", "results", "rules",
    "celebration", "menu", "replay", "replays", "review", "turned",
}  # fmt: skip


def key(kind, code, mod=0):
    pygame.event.post(pygame.event.Event(kind, key=code, mod=mod, unicode="", scancode=0))


def press(code, mod=0):
    key(pygame.KEYDOWN, code, mod)
    key(pygame.KEYUP, code, mod)


def window(kind):
    pygame.event.post(pygame.event.Event(kind, window=None))


def mouse(button, pos=(960, 540)):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos))


def escape(app):
    press(pygame.K_ESCAPE)


def alt_f4(app):
    press(pygame.K_F4, pygame.KMOD_LALT)
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # what a window manager then sends
    window(pygame.WINDOWCLOSE)


def ctrl_q(app):
    press(pygame.K_q, pygame.KMOD_LCTRL)


def ctrl_shift_q_once(app):
    press(pygame.K_q, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)


def alt_tab(app):
    press(pygame.K_TAB, pygame.KMOD_LALT)
    window(pygame.WINDOWFOCUSLOST)


def f11(app):
    press(pygame.K_F11)


def window_close(app):
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    window(pygame.WINDOWCLOSE)


def right_click(app):
    mouse(3)
    mouse(2)


def long_press_elsewhere(app):
    finger(pygame.FINGERDOWN, (1700, 900))
    seconds(app, 6)
    finger(pygame.FINGERUP, (1700, 900))


def many_fingers(app):
    for finger_id, pos in enumerate([(200, 900), (960, 540), (1800, 100), (40, 1040)]):
        finger(pygame.FINGERDOWN, pos, finger_id)
    pygame.event.post(
        pygame.event.Event(
            pygame.MULTIGESTURE, touch_id=1, x=0.5, y=0.5, pinched=0.4, rotated=1.0, num_fingers=4
        )
    )
    app.run(frames=3, fixed_dt=FRAME)
    for finger_id, pos in enumerate([(200, 900), (960, 540), (1800, 100), (40, 1040)]):
        finger(pygame.FINGERUP, pos, finger_id)


GESTURES = [
    escape, alt_f4, ctrl_q, ctrl_shift_q_once, alt_tab, f11, window_close, right_click,
    long_press_elsewhere, many_fingers,
]  # fmt: skip


def attract(app):
    app.start_attract(fade=False)


def welcome(app):
    app.manager.switch(WelcomeScene(app, "consequence"), fade=False)


def board(app):
    app.start_game(app.quick_setup("consequence", ["human", "ai:easy"]), fade=False)


def rules(app):
    welcome(app)
    settle(app)
    app.open_rules("whose-foods")


def results(app):
    from helpers.played_games import show_results

    show_results(app, "consequence", 2)


def celebration(app):
    from scenes.kiosk.celebration import CelebrationScene

    results(app)
    win = app.kiosk_control.day_board.add("consequence", "hard")
    app.manager.push(CelebrationScene(app, win))


SCREENS = [attract, welcome, board, rules, results, celebration]


@pytest.fixture
def nowhere_else(monkeypatch):
    """Fail the test if anything tries to start another program or open a browser or dialog."""
    started = []

    def refuse(*args, **kwargs):
        started.append(args)
        raise AssertionError(f"the kiosk tried to start {args!r}")

    for name in ("Popen", "run", "call", "check_call", "check_output"):
        monkeypatch.setattr(subprocess, name, refuse)
    monkeypatch.setattr(webbrowser, "open", refuse)
    monkeypatch.setattr("os.system", refuse)
    return started


@pytest.mark.parametrize("gesture", GESTURES, ids=[g.__name__ for g in GESTURES])
def test_no_key_or_gesture_a_visitor_can_reach_leaves_the_kiosk(home, gesture, nowhere_else):
    app = kiosk_app(home, idle=600)
    try:
        fullscreen = app.fullscreen
        for screen in SCREENS:
            screen(app)
            settle(app)
            before = app.manager.current.name
            gesture(app)
            app.run(frames=5, fixed_dt=FRAME)
            seconds(app, 1)
            settle(app)
            names = [scene.name for scene in app.manager.stack]
            assert app.running, (screen.__name__, gesture.__name__)
            assert app.fullscreen == fullscreen
            assert set(names) <= VISITOR_SCENES, (screen.__name__, before, names)
        assert nowhere_else == []
    finally:
        app.close()


def test_the_exit_chord_quits_only_when_held_for_seconds(home):
    app = kiosk_app(home)
    try:
        mod = pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT
        key(pygame.KEYDOWN, pygame.K_q, mod)
        seconds(app, HOLD_SECONDS - 1)
        assert app.running and app.kiosk_control.chord.seconds_left <= 1.01
        key(pygame.KEYUP, pygame.K_LSHIFT)  # let go early
        seconds(app, 3)
        assert app.running and app.kiosk_control.chord.held_for is None
        key(pygame.KEYDOWN, pygame.K_q, mod)
        seconds(app, 2)
        window(pygame.WINDOWFOCUSLOST)  # the keys' releases would go elsewhere: start again
        seconds(app, HOLD_SECONDS)
        assert app.running
        key(pygame.KEYDOWN, pygame.K_q, mod)
        seconds(app, HOLD_SECONDS + 0.5)
        assert not app.running
    finally:
        app.close()


class FakeWindow:
    """A window that records what is asked of it; `focused` as the window manager left it."""

    def __init__(self):
        self.calls = []
        self.focused = True
        self.always_on_top = False
        self.grab_keyboard = False

    def restore(self):
        self.calls.append("restore")

    def show(self):
        self.calls.append("show")

    def focus(self):
        self.calls.append("focus")


@pytest.mark.parametrize(
    "lost", [pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN, pygame.WINDOWFOCUSLOST]
)
def test_a_window_sent_away_is_restored_raised_and_focused_again(lost):
    fake = FakeWindow()
    keeper = KeepOnTop(fake)
    assert fake.always_on_top is True
    fake.focused = False
    keeper.window_event(pygame.event.Event(lost))
    keeper.tick(RESTORE_SECONDS - 0.1)
    assert fake.calls == []
    keeper.tick(0.2)
    # a minimised window is restored first; SDL's show() is never asked (it waits for a map
    # that does not come for a window on another desktop)
    assert fake.calls == (["restore", "focus"] if lost == pygame.WINDOWMINIMIZED else ["focus"])
    keeper.tick(RETRY_SECONDS + 0.01)  # still not given the focus: asked again
    assert fake.calls.count("focus") == 2
    fake.focused = True
    keeper.window_event(pygame.event.Event(pygame.WINDOWRESTORED))
    keeper.window_event(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    keeper.tick(5)
    assert fake.calls.count("focus") == 2 and keeper.due is None
    assert fake.grab_keyboard is True  # a window manager's shortcuts come to the kiosk


def test_the_kiosk_watches_its_own_window(home):
    app = kiosk_app(home)
    try:
        keeper = app.kiosk_control.on_top
        assert keeper is not None and keeper.window is app.screen.window
        window(pygame.WINDOWMINIMIZED)
        app.run(frames=1, fixed_dt=FRAME)
        assert keeper.due is not None and app.kiosk_control.wake_in() <= RESTORE_SECONDS
        seconds(app, RESTORE_SECONDS + 0.5)
        assert keeper.restored >= 1
    finally:
        app.close()


def test_a_touch_on_the_welcome_still_works_after_all_that(home):
    app = kiosk_app(home)
    try:
        welcome(app)
        settle(app)
        many_fingers(app)
        scene = app.manager.current
        touch(app, scene.button_rects["Play the computer"].center)
        settle(app)
        assert app.manager.current.name == "board"
    finally:
        app.close()
