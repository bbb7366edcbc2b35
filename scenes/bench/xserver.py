"""A private X server for tests and benchmarks: Xvfb on a free display, screenshots with xwd.

`Xvfb(width, height)` starts a virtual screen of that size (Xvfb picks a free display number and
tells it through -displayfd) and stops it on exit. `screenshot(display)` returns the whole screen
as a pygame Surface, read from `xwd -root` (the XWD format is parsed here: no image tool needed).
`available()` says whether the programs exist (Debian: apt-get install xvfb xdotool x11-apps).
"""

from __future__ import annotations

import os
import select
import shutil
import struct
import subprocess
import time
from typing import Literal, Self

import pygame

PROGRAMS = ("Xvfb", "xdotool", "xwd")


def available(programs: tuple[str, ...] = PROGRAMS) -> list[str]:
    """The programs of `programs` that are missing (empty: all there)."""
    return [name for name in programs if shutil.which(name) is None]


class Xvfb:
    """`with Xvfb(1366, 768) as x:` runs a virtual X screen; `x.display` is ":N"."""

    def __init__(self, width: int, height: int, depth: int = 24, timeout: float = 15.0):
        self.size = (width, height)
        self.depth = depth
        self.timeout = timeout
        self.display = ""
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Self:
        read_end, write_end = os.pipe()
        try:
            self.process = subprocess.Popen(
                [
                    "Xvfb",
                    "-displayfd",
                    str(write_end),
                    "-screen",
                    "0",
                    f"{self.size[0]}x{self.size[1]}x{self.depth}",
                    "-nolisten",
                    "tcp",
                    "-noreset",
                ],
                pass_fds=(write_end,),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        finally:
            os.close(write_end)
        try:
            number = self._read_display(read_end)
        finally:
            os.close(read_end)
        if number is None:
            self.__exit__()
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"
        return self

    def _read_display(self, fd: int) -> str | None:
        text = b""
        deadline = time.monotonic() + self.timeout
        while b"\n" not in text:
            left = deadline - time.monotonic()
            if left <= 0 or (self.process is not None and self.process.poll() is not None):
                return None
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                chunk = os.read(fd, 64)
                if not chunk:
                    return None
                text += chunk
        return text.decode().strip() or None

    def env(self, **extra: str) -> dict[str, str]:
        """The environment for a program shown on this screen (the real X11 video driver)."""
        env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
        env.update(DISPLAY=self.display, SDL_VIDEODRIVER="x11", **extra)
        return env

    def run(self, *command: str, timeout: float = 10.0) -> str:
        """Run an X client (xdotool...) on this screen; its standard output."""
        done = subprocess.run(
            list(command),
            env=self.env(),
            capture_output=True,
            text=True,
            timeout=timeout,
            check=True,
        )
        return done.stdout

    def screenshot(self) -> pygame.Surface:
        return screenshot(self.display)

    def __exit__(self, *exc: object) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


def screenshot(display: str) -> pygame.Surface:
    """The whole screen of X display `display` as a Surface (via `xwd -root`)."""
    data = subprocess.run(
        ["xwd", "-root", "-silent", "-display", display],
        capture_output=True,
        timeout=20,
        check=True,
    ).stdout
    return read_xwd(data)


def read_xwd(data: bytes) -> pygame.Surface:
    """Decode an XWD image (ZPixmap, 24 or 32 bits a pixel, TrueColor) into a Surface."""
    fields = struct.unpack(">25I", data[:100])
    header_size, version, pixmap_format = fields[0], fields[1], fields[2]
    width, height = fields[4], fields[5]
    byte_order, bits_per_pixel, bytes_per_line = fields[7], fields[11], fields[12]
    red_mask, green_mask, blue_mask = fields[14], fields[15], fields[16]
    colours = fields[19]
    if version != 7 or pixmap_format != 2 or bits_per_pixel not in (24, 32):
        raise ValueError(
            f"unsupported XWD image (version {version}, format {pixmap_format}, "
            f"{bits_per_pixel} bits a pixel)"
        )
    start = header_size + colours * 12
    step = bits_per_pixel // 8
    pixels = bytearray(width * height * 4)
    shifts = [_shift(mask) for mask in (red_mask, green_mask, blue_mask)]
    order: Literal["little", "big"] = "little" if byte_order == 0 else "big"
    for y in range(height):
        row = data[start + y * bytes_per_line : start + y * bytes_per_line + width * step]
        if step == 4 and order == "little" and shifts == [16, 8, 0]:
            pixels[y * width * 4 : (y + 1) * width * 4] = row  # B G R X: the usual case
            continue
        for x in range(width):
            value = int.from_bytes(row[x * step : x * step + step], order)
            at = (y * width + x) * 4
            pixels[at] = (value >> shifts[2]) & 0xFF
            pixels[at + 1] = (value >> shifts[1]) & 0xFF
            pixels[at + 2] = (value >> shifts[0]) & 0xFF
    pixels[3::4] = b"\xff" * (width * height)  # opaque
    image = pygame.image.frombuffer(bytes(pixels), (width, height), "BGRA")
    surface = pygame.Surface((width, height))
    surface.blit(image, (0, 0))
    return surface


def _shift(mask: int) -> int:
    shift = 0
    while mask and not mask & 1:
        mask >>= 1
        shift += 1
    return shift
