"""Helpers of the kiosk tests: a kiosk app (its operator PIN already set), posted finger events,
runs of frames by seconds, a fake clock."""

import functools
import json
import time

import pygame

from helpers.scene_driver import NeverSettled
from scenes.app import App, Options
from scenes.storage.secret import hash_secret
from scenes.storage.settings import SETTINGS_FILE, SettingsStore

FRAME = 1 / 60
#: the operator PIN of the tests' kiosks (set as an operator would: only its hash is stored)
TEST_PIN = "2580"


@functools.cache
def _test_pin_hash():
    return hash_secret(TEST_PIN)


def with_pin(home, **settings):
    """Write the settings file of `home` with the tests' PIN set (hashed) and `settings`."""
    path = home / SETTINGS_FILE
    data = json.loads(path.read_text()) if path.exists() else {}
    data.update(kiosk_pin_hash=_test_pin_hash(), **settings)
    path.write_text(json.dumps(data))


#: the local time the tests' kiosks live at: mid-afternoon of a fixed day, far from midnight and
#: from the hour's turn (on the real clock a win could fall on one day and be counted on the next)
STAND_TIME = "2026-06-13 14:30"


def stand_clock():
    """A wall clock stopped at STAND_TIME (a FakeClock: it moves only when told)."""
    clock = FakeClock()
    clock.now = time.mktime(time.strptime(STAND_TIME, "%Y-%m-%d %H:%M"))
    return clock


def kiosk_app(home, idle=10, attract=False, speed=10.0, seed=3, pin=True):
    """A kiosk app on `home` (`pin`: with the tests' PIN set, as after the first start), its
    figures and board of the day dated by `stand_clock()` (`app.kiosk_control.figures.wall`)."""
    if pin:
        with_pin(home)
    app = App(
        Options(seed=seed, speed=speed, kiosk=True, attract=attract),
        SettingsStore(home),
        wall=stand_clock(),
    )
    app.settings.kiosk_idle_seconds = idle
    pygame.event.clear()
    app.run(frames=3, fixed_dt=FRAME)
    return app


def seconds(app, count, step=0.25):
    """Run `count` seconds of frames of `step` seconds each."""
    app.run(frames=max(1, round(count / step)), fixed_dt=step)


def finger(kind, pos, finger_id=0):
    """A posted finger event at canvas position `pos` (x, y from 0 to 1 over the canvas)."""
    x, y = pos[0] / 1920, pos[1] / 1080
    extra = {"dx": 0.0, "dy": 0.0} if kind == pygame.FINGERMOTION else {}
    pygame.event.post(
        pygame.event.Event(kind, touch_id=1, finger_id=finger_id, x=x, y=y, pressure=1.0, **extra)
    )


def touch(app, pos, frames=2):
    finger(pygame.FINGERDOWN, pos)
    finger(pygame.FINGERUP, pos)
    app.run(frames=frames, fixed_dt=FRAME)


def finger_drag(app, start, end, steps=6):
    finger(pygame.FINGERDOWN, start)
    app.run(frames=1, fixed_dt=FRAME)
    for i in range(1, steps + 1):
        pos = tuple(round(a + (b - a) * i / steps) for a, b in zip(start, end, strict=True))
        finger(pygame.FINGERMOTION, pos)
        app.run(frames=1, fixed_dt=FRAME)
    finger(pygame.FINGERUP, end)
    app.run(frames=2, fixed_dt=FRAME)


def settle(app, limit=3000):
    """Run frames until no scene change or fade is pending (the kiosk's scenes may go on moving:
    the attract loop never rests); NeverSettled after `limit` frames."""
    for _ in range(limit):
        if not app.manager.busy:
            break
        app.run(frames=1, fixed_dt=FRAME)
    else:
        raise NeverSettled(f"a scene change or fade still pending after {limit} frames")
    app.run(frames=2, fixed_dt=FRAME)


class FakeClock:
    """A clock that moves only when told (`advance`): time as the watchdog sees it. `reads`
    counts the looks at it through a call (the watchdog's), so that a test can move time only
    after the watchdog has seen the last moment, whatever the thread scheduling."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def top(app):
    """The name of the scene on top."""
    return app.manager.current.name
