"""The window without a screen (dummy driver): sizes that fit, the letterbox, pointer mapping,
the remembered size, and F11 that never re-creates the display (issue 10: it crashed SDL)."""

import json
import os
import struct
import subprocess
import sys

import pygame
import pytest
from conftest import ROOT

from scenes.storage.settings import Settings, SettingsStore
from scenes.window import MIN_WINDOW, Screen, fit, viewport, window_size_for


@pytest.mark.parametrize(
    "screen, size",
    [
        ((1280, 720), (1152, 648)),
        ((1366, 768), (1228, 691)),
        ((1920, 1080), (1728, 972)),
        ((2560, 1440), (2304, 1296)),
        ((1440, 900), (1296, 729)),
        ((800, 600), (720, 405)),
    ],
)
def test_a_new_window_is_16_9_and_fits_the_screen(screen, size):
    assert window_size_for(screen) == size
    assert size[0] <= screen[0] and size[1] <= screen[1]


def test_a_remembered_size_is_used_but_never_larger_than_the_screen_allows():
    assert window_size_for((1920, 1080), [1000, 700]) == (1000, 700)
    assert window_size_for((1366, 768), [1920, 1080]) == (1229, 691)
    assert window_size_for((1920, 1080), [100, 50]) == MIN_WINDOW
    for bad in (None, [], [1000], ["a", 2], [True, 5], (0, 700), "1000x700"):
        assert window_size_for((1920, 1080), bad) == (1728, 972)


def test_the_viewport_keeps_16_9_centred_with_bars():
    assert viewport((1920, 1080)) == pygame.Rect(0, 0, 1920, 1080)
    assert viewport((1440, 900)) == pygame.Rect(0, 45, 1440, 810)
    assert viewport((700, 520)) == pygame.Rect(0, 63, 700, 394)
    assert viewport((2000, 1080)) == pygame.Rect(40, 0, 1920, 1080)
    assert fit((1920, 1080), (1, 1)) == (1, 1)


def test_the_window_size_setting_is_optional_and_checked(tmp_path):
    assert Settings().window_size == []
    assert Settings.from_dict({"window_size": [800, 450]}).window_size == [800, 450]
    for bad in ([800], [800, "450"], [800.0, 450], [5, 5], "800x450", [True, 450]):
        assert Settings.from_dict({"window_size": bad}).window_size == []
    store = SettingsStore(tmp_path)
    settings = store.load()
    settings.window_size = [1000, 600]
    store.save(settings)
    assert store.load().window_size == [1000, 600]
    (tmp_path / "settings.json").write_text(json.dumps({"hints": False}))  # an older file
    assert store.load().window_size == [] and store.load().hints is False


@pytest.fixture
def screen():
    pygame.display.init()
    made = Screen()
    made.copy_when_headless = True  # these tests read what `present` copied into the window
    yield made
    made.close()
    pygame.display.quit()


def test_headless_present_skips_the_copy_nobody_sees_unless_asked(screen):
    screen.copy_when_headless = False
    screen.canvas.fill((200, 120, 40))
    screen.window.get_surface().fill((0, 0, 0))
    screen.present()
    assert screen.window.get_surface().get_at((960, 540))[:3] == (0, 0, 0)
    screen.copy_when_headless = True
    screen.present()
    assert screen.window.get_surface().get_at((960, 540))[:3] == (200, 120, 40)


def test_headless_the_window_is_the_canvas_and_fullscreen_is_not_switched(screen):
    assert screen.headless and screen.size == (1920, 1080)
    assert screen.set_fullscreen(True) is False and not screen.fullscreen


def real(kind, **fields):
    """An event as the window sends it (with `window`), not as a test posts it."""
    return pygame.event.Event(kind, window=None, **fields)


def test_pointer_events_from_the_window_are_mapped_to_canvas_coordinates(screen):
    screen.window.size = (960, 540)
    event = real(pygame.MOUSEBUTTONDOWN, pos=(480, 270), button=1)
    screen.to_canvas(event)
    assert event.pos == (961, 541)  # the middle of window pixel 480 is canvas 961
    motion = real(pygame.MOUSEMOTION, pos=(0, 539), rel=(10, -4), buttons=(0, 0, 0))
    screen.to_canvas(motion)
    assert motion.pos == (1, 1079) and motion.rel == (20, -8)
    posted = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(480, 270), button=1)
    screen.to_canvas(posted)
    assert posted.pos == (480, 270)  # posted by a program: already canvas coordinates
    finger = real(pygame.FINGERDOWN, x=0.5, y=0.25, touch_id=1, finger_id=1)
    screen.to_canvas(finger)
    assert finger.pos == (961, 271)
    posted_finger = pygame.event.Event(pygame.FINGERUP, x=0.5, y=0.5, touch_id=1, finger_id=1)
    screen.to_canvas(posted_finger)
    assert posted_finger.pos == (960, 540)


def test_on_the_letterbox_a_pointer_is_outside_the_canvas(screen):
    screen.window.size = (1000, 1000)  # the picture is 1000x563 at y 218
    top = real(pygame.MOUSEBUTTONDOWN, pos=(500, 10), button=1)
    screen.to_canvas(top)
    assert top.pos[1] < 0
    inside = real(pygame.MOUSEBUTTONDOWN, pos=(500, 500), button=1)
    screen.to_canvas(inside)
    assert pygame.Rect(0, 0, 1920, 1080).collidepoint(inside.pos)
    assert screen.canvas_to_window(inside.pos) == pytest.approx((500, 500), abs=1)


@pytest.mark.parametrize("size", [(960, 540), (1000, 1000), (1920, 1080), (3840, 2160)])
def test_present_scales_the_canvas_into_the_window_with_black_bars(screen, size):
    screen.window.size = size
    screen.canvas.fill((200, 120, 40))
    screen.present()
    shown = screen.window.get_surface()
    view = viewport(size)
    for point in (view.center, view.topleft, (view.right - 1, view.bottom - 1)):
        colour = shown.get_at(point)[:3]
        assert all(abs(a - b) <= 3 for a, b in zip(colour, (200, 120, 40), strict=False)), (
            point,
            colour,
        )
    if view.top > 0:
        assert shown.get_at((size[0] // 2, view.top // 2))[:3] == (0, 0, 0)


F11_TEN_TIMES = """
import json, sys
import pygame
from scenes.app import App, Options
from scenes.storage.settings import SettingsStore
app = App(Options(seed=1), SettingsStore(sys.argv[1]))
for _ in range(10):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    app.run(frames=3, fixed_dt=1 / 60)
print(json.dumps({"fullscreen": app.fullscreen, "canvas": app.canvas.get_size(),
                  "window": app.screen.size, "scene": app.manager.current.name}))
app.close()
"""


def test_f11_ten_times_under_the_dummy_driver_does_not_crash(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-c", F11_TEN_TIMES, str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report == {
        "fullscreen": False,
        "canvas": [1920, 1080],
        "window": [1920, 1080],
        "scene": "menu",
    }
    assert json.loads((tmp_path / "settings.json").read_text())["fullscreen"] is False


def test_an_xwd_screenshot_is_decoded():
    from scenes.bench.xserver import read_xwd

    width, height, name = 3, 2, b"root\x00"
    header = [100 + len(name), 7, 2, 24, width, height, 0, 0, 32, 0, 32, 32, width * 4, 4]
    header += [0xFF0000, 0xFF00, 0xFF, 8, 256, 0, width, height, 0, 0, 0]
    pixels = [(10, 20, 30), (40, 50, 60), (70, 80, 90), (1, 2, 3), (4, 5, 6), (7, 8, 9)]
    data = struct.pack(">25I", *header) + name
    data += b"".join(bytes((b, g, r, 0)) for r, g, b in pixels)
    image = read_xwd(data)
    assert image.get_size() == (3, 2)
    assert [image.get_at((i % 3, i // 3))[:3] for i in range(6)] == pixels


def test_bench_window_is_a_benchmark():
    import main
    from scenes.bench import window as bench_window

    assert main.BENCHMARKS["window"] == bench_window.__name__
    assert callable(bench_window.main) and "idle menu" in bench_window.__doc__
