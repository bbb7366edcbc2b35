"""A real window of the app in a private X server (`scenes.bench.xserver`) for the window tests:
`python main.py ARGS` on the X11 video driver, where its picture stands on the screen, real
clicks and keys with xdotool, screenshots compared with pictures rendered headless."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from math import ceil
from pathlib import Path

import pygame
import pytest

from scenes.bench import xserver
from scenes.window import CANVAS_SIZE, viewport

ROOT = Path(__file__).resolve().parents[2]


def difference(a: pygame.Surface, b: pygame.Surface) -> float:
    """Mean absolute difference of two same-sized pictures, 0..255 (channels averaged)."""
    over, under = a.copy(), b.copy()
    over.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    under.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    over.blit(under, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    return sum(pygame.transform.average_color(over)[:3]) / 3


def changed_area(a: pygame.Surface, b: pygame.Surface) -> pygame.Rect:
    """The smallest rect holding every pixel where two same-sized pictures differ by more than
    a trace (an empty rect when they are alike)."""
    over, under = a.copy(), b.copy()
    over.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    under.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    over.blit(under, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    mask = pygame.mask.from_threshold(over, (0, 0, 0), (24, 24, 24, 255))
    mask.invert()
    rects = mask.get_bounding_rects()
    return rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)


def wait_for(condition: Callable[[], object], seconds: float, what: str) -> None:
    """Poll `condition` until it holds; AssertionError naming `what` after `seconds`."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never within {seconds:g} s: {what}")
        time.sleep(0.2)


class Running:
    """`python main.py ARGS` on the X server `x`, its window and screenshots."""

    def __init__(self, x: xserver.Xvfb, home: Path, *args: str, frames: int = 2400):
        self.x = x
        x.run("xdotool", "mousemove", "0", "0")  # no hover over a tile: the pointer off the window
        self.process = subprocess.Popen(
            [sys.executable, "main.py", "--frames", str(frames), *args],
            cwd=ROOT,
            env=x.env(TABLETOP_TRIO_HOME=str(home), SDL_AUDIODRIVER="dummy"),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            ids = x.run(
                "xdotool",
                "search",
                "--sync",
                "--onlyvisible",
                "--pid",
                str(self.process.pid),
                timeout=60,
            )
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise AssertionError("the window never appeared") from None
        self.window = ids.split()[0]

    def geometry(self) -> pygame.Rect:
        fields = dict(
            line.split("=", 1)
            for line in self.x.run("xdotool", "getwindowgeometry", "--shell", self.window).split()
        )
        return pygame.Rect(
            int(fields["X"]), int(fields["Y"]), int(fields["WIDTH"]), int(fields["HEIGHT"])
        )

    def view(self) -> pygame.Rect:
        """Where the canvas is on the screen."""
        window = self.geometry()
        return viewport(window.size, CANVAS_SIZE).move(window.topleft)

    def to_screen(self, pos: tuple[float, float]) -> tuple[int, int]:
        view = self.view()
        scale = view.width / CANVAS_SIZE[0]
        return (
            round(view.left + (pos[0] + 0.5) * scale - 0.5),
            round(view.top + (pos[1] + 0.5) * scale - 0.5),
        )

    def shows(
        self, canvas: pygame.Surface, timeout: float = 20.0, area: pygame.Rect | None = None
    ) -> tuple[pygame.Surface, float]:
        """Wait until the window shows `canvas` (scaled), or only its part `area` (canvas
        coordinates); (screenshot, last difference)."""
        deadline = time.monotonic() + timeout
        while True:
            shot = self.x.screenshot()
            view = self.view()
            seen = shot.subsurface(view.clip(shot.get_rect()))
            score = 255.0
            if seen.get_size() == view.size:
                score = self._difference(seen, canvas, area)
            if score < 2.0 or time.monotonic() > deadline:
                return shot, score
            time.sleep(0.25)

    @staticmethod
    def _difference(
        seen: pygame.Surface, canvas: pygame.Surface, area: pygame.Rect | None
    ) -> float:
        """`difference` of the window's picture and `canvas` scaled to it (in `area` only)."""
        scaled = pygame.transform.smoothscale(canvas, seen.get_size())
        if area is None:
            return difference(seen, scaled)
        scale = seen.get_width() / canvas.get_width()
        part = pygame.Rect(
            int(area.left * scale), int(area.top * scale), ceil(area.width * scale),
            ceil(area.height * scale),
        ).clip(seen.get_rect())  # fmt: skip
        return difference(seen.subsurface(part), scaled.subsurface(part))

    def changes_from(self, canvas: pygame.Surface, timeout: float = 20.0) -> float:
        """Wait until the window no longer shows `canvas`; the difference then."""
        deadline = time.monotonic() + timeout
        while True:
            view = self.view()
            seen = self.x.screenshot().subsurface(view)
            score = difference(seen, pygame.transform.smoothscale(canvas, view.size))
            if score > 10.0 or time.monotonic() > deadline:
                return score
            time.sleep(0.25)

    def settled(self, timeout: float = 20.0) -> pygame.Surface:
        """Wait until the window's picture stops changing (two screenshots a moment apart are
        alike; at most `timeout` seconds); the picture, as the window shows it."""
        deadline = time.monotonic() + timeout
        shot = self.x.screenshot().subsurface(self.view()).copy()
        while time.monotonic() < deadline:
            time.sleep(0.3)
            again = self.x.screenshot().subsurface(self.view()).copy()
            if difference(shot, again) < 0.2:
                return again
            shot = again
        return shot

    def click(self, pos: tuple[float, float]) -> None:
        x, y = self.to_screen(pos)
        self.x.run("xdotool", "mousemove", str(x), str(y), "click", "1")

    def key(self, name: str) -> None:
        self.x.run("xdotool", "key", name)

    def quit(self) -> dict:
        """Ctrl+Shift+Q (the app's quit chord); the --frames JSON line it prints."""
        if self.process.poll() is None:
            self.key("ctrl+shift+q")
        out, err = self.process.communicate(timeout=60)
        assert self.process.returncode == 0, err
        return json.loads(out.strip().splitlines()[-1])


def save(shot: pygame.Surface, tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    pygame.image.save(shot, str(path))
    folder = os.environ.get("TABLETOP_TRIO_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(folder) / name)
    return path


def start_x(screen: tuple[int, int]) -> xserver.Xvfb:
    x = xserver.Xvfb(*screen)
    try:
        return x.__enter__()
    except (OSError, RuntimeError) as error:
        pytest.skip(f"Xvfb could not start: {error}")
