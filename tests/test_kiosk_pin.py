"""The operator PIN (issue 29, "safe out of the box"): no default PIN, set at the first kiosk
start, rules of a good PIN, stored salted and hashed (also in set-aside copies, and migrated from
older versions' clear PIN), changed on the operator screen, wrong guesses limited across
reopenings of the pad and logged, the operator's screens closing by themselves after a minute."""

import json

import pygame
import pytest
from helpers.kiosk_driver import (
    FRAME,
    TEST_PIN,
    FakeClock,
    finger,
    kiosk_app,
    seconds,
    settle,
    top,
    touch,
    with_pin,
)

from scenes.kiosk import controller as controller_module
from scenes.kiosk import pin as pin_module
from scenes.kiosk.controller import CORNER, OPERATOR_IDLE_SECONDS
from scenes.kiosk.pin import FIRST_WAIT, FREE_TRIES, PinGuard
from scenes.storage.pin_rules import hashed_pin, pin_problem
from scenes.storage.pin_tries import TRIES_FILE, PinTries, load_tries, save_tries
from scenes.storage.secret import is_hashed, verify
from scenes.storage.settings import SETTINGS_FILE, Settings, SettingsStore


def type_pin(app, digits):
    pad = app.manager.current
    for digit in digits:
        touch(app, pad.button_rects[digit].center)
    touch(app, pad.button_rects["OK"].center)


def open_pad(app):
    """A long press on the bottom-left corner: the PIN pad."""
    finger(pygame.FINGERDOWN, CORNER.center)
    seconds(app, 3.5)
    finger(pygame.FINGERUP, CORNER.center)
    app.run(frames=2, fixed_dt=FRAME)
    assert top(app) == "pin"
    return app.manager.current


# --- what a PIN may be, how it is kept --------------------------------------------------------
def test_a_pin_has_4_to_12_digits_and_is_not_one_guessed_first():
    for weak in ("0000", "1234", "1111", "99999", "12345", "123456", "4321", "0123", "6789"):
        assert "too easy" in pin_problem(weak), weak
    assert "at least 4" in pin_problem("258")
    assert "at most 12" in pin_problem("2580258025802")
    assert "digits only" in pin_problem("25a0")
    assert "digits only" in pin_problem("\uff12\uff15\uff18\uff10")  # full-width digits
    for good in ("2580", "908172", "1357", "271828182845"):
        assert pin_problem(good) is None, good
    with pytest.raises(ValueError, match="too easy"):
        hashed_pin("1234")


def test_the_pin_is_kept_salted_and_hashed():
    one, two = hashed_pin("2580"), hashed_pin("2580")
    assert one != two and is_hashed(one) and is_hashed(two)  # a fresh salt each time
    assert "2580" not in one
    assert verify("2580", one) and verify("2580", two)
    assert not verify("2581", one) and not verify("", one) and not verify("2580", "2580")
    settings, failed = Settings.checked({"kiosk_pin_hash": "2580"})  # a PIN is no hash
    assert failed == ["kiosk_pin_hash"] and settings.kiosk_pin_hash == ""
    assert Settings().kiosk_pin_hash == ""  # no default PIN


def test_settings_never_hold_the_pin_in_clear(home):
    store = SettingsStore(home)
    settings = store.load()
    settings.kiosk_pin_hash = hashed_pin("908172")
    store.save(settings)
    text = (home / SETTINGS_FILE).read_text()
    assert "908172" not in text and 'kiosk_pin"' not in text
    assert verify("908172", SettingsStore(home).load().kiosk_pin_hash)


def test_a_clear_pin_of_an_older_version_is_hashed_and_leaves_the_file(home):
    (home / SETTINGS_FILE).write_text(json.dumps({"kiosk_pin": "908172", "hints": False}))
    settings = SettingsStore(home).load()
    assert verify("908172", settings.kiosk_pin_hash) and settings.hints is False
    text = (home / SETTINGS_FILE).read_text()
    assert "908172" not in text and '"kiosk_pin"' not in text
    assert verify("908172", json.loads(text)["kiosk_pin_hash"])
    assert not list(home.glob("settings.json.bad-*"))  # nothing was wrong with the file


@pytest.mark.parametrize("old", ["1234", "0000", "12", 1234])
def test_an_old_default_or_weak_clear_pin_is_dropped_and_the_kiosk_asks(home, apps, old):
    (home / SETTINGS_FILE).write_text(json.dumps({"kiosk_pin": old}))
    app = kiosk_app(home, pin=False)
    apps.append(app)
    assert app.settings.kiosk_pin_hash == "" and top(app) == "new-pin"
    assert '"kiosk_pin"' not in (home / SETTINGS_FILE).read_text()


def test_a_set_aside_copy_keeps_no_clear_pin(home):
    (home / SETTINGS_FILE).write_text(json.dumps({"kiosk_pin": "908172", "master_volume": "x"}))
    settings = SettingsStore(home).load()  # an invalid value: the file is set aside
    assert verify("908172", settings.kiosk_pin_hash)
    (aside,) = home.glob("settings.json.bad-*")
    assert "908172" not in aside.read_text() and "kiosk_pin" not in json.loads(aside.read_text())
    assert json.loads(aside.read_text())["master_volume"] == "x"  # the rest kept, to look at
    for path in [aside, home / SETTINGS_FILE]:
        path.unlink()
    (home / SETTINGS_FILE).write_text('{"kiosk_pin": "908172", "hints": tru')  # not JSON
    SettingsStore(home).load()
    (aside,) = home.glob("settings.json.bad-*")
    assert "908172" not in aside.read_text() and '"hints": tru' in aside.read_text()


# --- the first start ----------------------------------------------------------------------------
def test_the_first_kiosk_start_asks_for_a_pin_before_the_stand_goes_live(home, apps):
    app = kiosk_app(home, attract=True, pin=False)
    apps.append(app)
    pad = app.manager.current
    assert top(app) == "new-pin" and not pad.cancel.visible  # nothing to cancel to
    seconds(app, 300)  # idleness does not open the stand
    assert top(app) == "new-pin"
    type_pin(app, "1234")
    assert "too easy" in pad.message and pad.chosen is None
    type_pin(app, "0000")
    assert "too easy" in pad.message
    type_pin(app, "46")
    assert "at least 4" in pad.message
    type_pin(app, "4682")
    assert "again" in pad.message
    type_pin(app, "4683")
    assert "differ" in pad.message and pad.chosen is None
    type_pin(app, "4682")
    type_pin(app, "4682")
    settle(app)
    assert top(app) == "attract"  # live
    stored = json.loads((home / SETTINGS_FILE).read_text())["kiosk_pin_hash"]
    assert verify("4682", stored) and "4682" not in (home / SETTINGS_FILE).read_text()
    app.close()
    apps.remove(app)
    again = kiosk_app(home, attract=True, pin=False)  # the next start goes live at once
    apps.append(again)
    assert top(again) == "attract"


def test_the_operator_changes_the_pin(home, apps):
    app = kiosk_app(home)
    apps.append(app)
    open_pad(app)
    type_pin(app, TEST_PIN)
    settle(app)
    screen = app.manager.current
    touch(app, screen.button_rects["Stand"].center)
    touch(app, screen.button_rects["Change the PIN"].center)
    settle(app)
    assert top(app) == "new-pin"
    type_pin(app, "1234")
    assert "too easy" in app.manager.current.message
    type_pin(app, "7391")
    type_pin(app, "7391")
    settle(app)
    assert top(app) == "operator" and "The PIN was changed." in app.notices[-1][0]
    assert verify("7391", SettingsStore(home).load().kiosk_pin_hash)
    app.start_attract()
    settle(app)
    open_pad(app)
    type_pin(app, TEST_PIN)
    assert top(app) == "pin"  # the old one no longer opens it
    type_pin(app, "7391")
    settle(app)
    assert top(app) == "operator"


# --- wrong guesses --------------------------------------------------------------------------------
def test_wrong_pins_make_the_pad_wait_doubling_and_are_logged(caplog):
    clock = FakeClock()
    guard = PinGuard(clock)
    stored = hashed_pin("2580")
    for _ in range(FREE_TRIES - 1):
        assert not guard.check("1111", stored)
        assert guard.wait_left() == 0
    assert not guard.check("1111", stored)
    assert guard.wait_left() == FIRST_WAIT
    assert not guard.check("2580", stored)  # not even tried while the pad waits
    clock.advance(FIRST_WAIT - 1)
    assert not guard.check("2580", stored) and guard.wrong_in_row == FREE_TRIES
    clock.advance(1)
    assert not guard.check("1111", stored)
    assert guard.wait_left() == 2 * FIRST_WAIT  # doubling
    clock.advance(2 * FIRST_WAIT)
    assert not guard.check("1111", stored)
    assert guard.wait_left() == 4 * FIRST_WAIT
    clock.advance(4 * FIRST_WAIT)
    assert guard.check("2580", stored)
    assert guard.wrong_in_row == 0 and guard.wait_left() == 0
    for _ in range(FREE_TRIES):
        guard.check("1111", stored)
    assert guard.wait_left() == FIRST_WAIT  # a right PIN starts the waits afresh
    assert guard.opened() == (2 * FREE_TRIES + 2, 4)  # wrong guesses, waits
    assert guard.opened() == (0, 0)
    logged = [r.getMessage() for r in caplog.records if r.name == pin_module.__name__]
    assert sum("a wrong operator PIN" in line for line in logged) == 2 * FREE_TRIES + 2
    assert any("the PIN pad waits 60 s" in line for line in logged)


def test_sixty_wrong_pins_in_80_seconds_are_stopped_across_reopenings_and_reported(home, apps):
    app = kiosk_app(home)
    apps.append(app)
    clock = FakeClock()
    guard = app.kiosk_control.pin_guard
    guard.clock = clock
    tried = 0
    for attempt in range(60):  # a visitor hammering the pad, reopening it now and then
        if top(app) != "pin":
            open_pad(app)
            clock.advance(3.5)
        before = guard.wrong_in_row
        type_pin(app, f"{1000 + attempt}")
        tried += guard.wrong_in_row > before
        clock.advance(80 / 60)
        if attempt % 7 == 6:
            touch(app, app.manager.current.button_rects["Cancel"].center)
            settle(app)
    assert tried <= FREE_TRIES + 2  # the rest were not even tried
    pad = app.manager.current if top(app) == "pin" else open_pad(app)
    app.run(frames=1, fixed_dt=FRAME)
    assert "wait" in pad.message and not pad.keys.buttons[0].enabled
    clock.advance(guard.wait_left())
    app.run(frames=1, fixed_dt=FRAME)
    type_pin(app, TEST_PIN)
    settle(app)
    assert top(app) == "operator"
    assert app.manager.current.wrong_pins[0] == tried
    log = (home / "tabletop-trio.log").read_text()
    assert log.count("a wrong operator PIN") == tried and "the PIN pad waits" in log


# --- the operator's screens close by themselves ---------------------------------------------------
def test_the_operator_screen_closes_after_a_minute_alone_whatever_the_idle_setting(home, apps):
    with_pin(home)
    app = kiosk_app(home)
    apps.append(app)
    app.settings.kiosk_idle_seconds = 3600
    open_pad(app)
    type_pin(app, TEST_PIN)
    settle(app)
    assert top(app) == "operator"
    seconds(app, OPERATOR_IDLE_SECONDS - 2)
    assert top(app) == "operator"
    seconds(app, 3)
    settle(app)
    assert top(app) == "attract"


def test_a_pin_pad_left_open_over_a_game_closes_and_the_game_stays(home, apps):
    app = kiosk_app(home, idle=600)
    apps.append(app)
    assert app.start_game(app.quick_setup("consequence", ["human", "human"]))
    settle(app)
    board = app.manager.stack[0]
    open_pad(app)
    seconds(app, OPERATOR_IDLE_SECONDS + 1)
    settle(app)
    assert app.manager.current.name in ("board", "handover") and app.manager.stack[0] is board


# --- the wrong guesses survive a restart (issue 39) -----------------------------------------------
@pytest.fixture
def fake_clocks(monkeypatch):
    """(monotonic, wall) fake clocks for every kiosk's PIN guard started in the test: a restart
    is a new app on the same data folder, with the time moved on as the test says."""
    clock, wall = FakeClock(), FakeClock()
    wall.now = 1_800_000_000.0
    made = lambda _clock, folder: PinGuard(clock, folder, wall=wall)  # noqa: E731
    monkeypatch.setattr(controller_module, "PinGuard", made)
    return clock, wall


def restart(app, home, apps):
    """The app ends (a crash, the service restarting it) and a new one starts on `home`."""
    app.close()
    apps.remove(app)
    again = kiosk_app(home)
    apps.append(again)
    return again


def test_the_wrong_pins_and_their_wait_survive_a_restart(home, apps, fake_clocks):
    clock, wall = fake_clocks
    app = kiosk_app(home)
    apps.append(app)
    open_pad(app)
    for attempt in range(FREE_TRIES):
        type_pin(app, f"{1357 + attempt}")
    app.run(frames=1, fixed_dt=FRAME)
    assert "wait" in app.manager.current.message
    clock.advance(10)
    wall.advance(10)
    app = restart(app, home, apps)
    guard = app.kiosk_control.pin_guard
    assert guard.wait_left() == FIRST_WAIT - 10 and guard.wrong_in_row == FREE_TRIES
    pad = open_pad(app)
    app.run(frames=1, fixed_dt=FRAME)
    assert "wait" in pad.message and not pad.keys.buttons[0].enabled
    clock.advance(guard.wait_left())
    wall.advance(FIRST_WAIT)
    app = restart(app, home, apps)  # no fresh guesses after the wait either
    guard = app.kiosk_control.pin_guard
    assert guard.wait_left() == 0
    open_pad(app)
    type_pin(app, "9999")
    assert guard.wait_left() == 2 * FIRST_WAIT  # the next wait doubles, as without a restart
    clock.advance(2 * FIRST_WAIT)
    app.run(frames=1, fixed_dt=FRAME)
    type_pin(app, TEST_PIN)
    settle(app)
    assert top(app) == "operator"
    assert app.manager.current.wrong_pins == (FREE_TRIES + 1, 2)  # counted across restarts
    assert json.loads((home / TRIES_FILE).read_text())["wrong_in_row"] == 0


def test_a_clock_set_back_never_makes_a_kept_wait_longer(home, fake_clocks):
    clock, wall = fake_clocks
    tries = PinTries(wrong_in_row=FREE_TRIES, next_wait=60.0, wait_seconds=30.0)
    tries.wait_until = wall.now + 10_000  # the clock went back since it was written
    assert save_tries(home, tries)
    assert PinGuard(clock, home, wall=wall).wait_left() == 30.0
    tries.wait_until = wall.now - 5  # the wait ended while the app was away
    save_tries(home, tries)
    guard = PinGuard(clock, home, wall=wall)
    assert guard.wait_left() == 0 and guard.wrong_in_row == FREE_TRIES


DAMAGED = {
    "not JSON": b"{wrong_in_row: 3",
    "empty": b"",
    "NaN": b'{"wrong_in_row": 0, "wrong_since_opened": 0, "waits_since_opened": 0, '
    b'"next_wait": NaN, "wait_until": 0, "wait_seconds": 0}',
    "a negative count": b'{"wrong_in_row": -5, "wrong_since_opened": 0, "waits_since_opened": 0, '
    b'"next_wait": 0, "wait_until": 0, "wait_seconds": 0}',
    "a count as text": b'{"wrong_in_row": "0", "wrong_since_opened": 0, "waits_since_opened": 0, '
    b'"next_wait": 0, "wait_until": 0, "wait_seconds": 0}',
    "a wait of a year": b'{"wrong_in_row": 0, "wrong_since_opened": 0, "waits_since_opened": 0, '
    b'"next_wait": 31536000, "wait_until": 0, "wait_seconds": 0}',
    "a field missing": b'{"wrong_in_row": 0}',
    "a list": b"[]",
    "too large": b'{"x": "' + b"0" * 10_000 + b'"}',
}


@pytest.mark.parametrize("case", list(DAMAGED))
def test_a_damaged_count_is_set_aside_with_a_notice_and_the_pad_waits(
    home, apps, fake_clocks, case
):
    _clock, wall = fake_clocks
    (home / TRIES_FILE).write_bytes(DAMAGED[case])
    app = kiosk_app(home)
    apps.append(app)
    assert any("wrong PINs could not be read" in text for text, _ in app.notices)
    assert list(home.glob(TRIES_FILE + ".bad-*")), "not set aside"
    guard = app.kiosk_control.pin_guard
    assert guard.wrong_in_row == FREE_TRIES and guard.wait_left() == FIRST_WAIT  # the safe side
    assert load_tries(home) == (
        PinTries(
            wrong_in_row=FREE_TRIES,
            waits_since_opened=1,
            next_wait=2 * FIRST_WAIT,
            wait_until=wall.now + FIRST_WAIT,
            wait_seconds=FIRST_WAIT,
        ),
        None,
    )
