"""The window: the logical 1920x1080 canvas shown letterboxed in a window that fits the screen.

Scenes draw on `Screen.canvas`, a `scenes.canvas.Canvas` of the logical size. `present()` copies
it into the window's own surface: 1:1 when the picture is 1920x1080, an exact pixel repeat at a
whole factor (3840x2160), otherwise `pygame.transform.smoothscale`; what the 16:9 picture does not
cover is black (the letterbox). `present(rects)` copies and shows only those canvas rectangles
(the parts of a frame that changed), scaled part by part where that gives the very pixels of the
whole picture (1:1, whole factors, 1280x720, 960x540; at 1366x768 bands of the whole width: see
`Screen._parts`), else whole. A fade between scenes is the window's too (`present(rects,
shade)`): the picture is scaled as always, kept, and shown darkened, so a fade costs a copy and a
darkening of the window's pixels rather than a darkening and a scaling of the whole canvas.

The window opens at a 16:9 size that fits the screen it opens on (or the size remembered from the
last run), can be resized freely and has no minimum beyond a small one, unlike pygame's SCALED
mode whose minimum window is the logical size.

Pointer events that come from the window (they carry a `window` attribute) are mapped from
window pixels into canvas coordinates in place (`to_canvas`), for the mouse and for touch
(`event.pos` is added to finger events); events posted by tests carry no `window` and are taken as
already being in canvas coordinates.

Why this and not pygame's SCALED mode or an SDL renderer, measured in Xvfb on this project's
machine (2 cores, software GL, shared: under load every figure about doubles), milliseconds per
shown frame of a full 1920x1080 canvas (`python main.py bench window --alternatives`):

    window size                 1920x1080   1280x720   2560x1440
    SCALED (GL renderer)          8.4         8.5          -
    _sdl2 Renderer, OpenGL       10.1         6.9        13.3
    _sdl2 Renderer, software      2.7         2.4         4.8   (SDL scales and maps the mouse)
    window surface (this)         0.8         2.4         5.0

On X11 SDL would route the window surface through an OpenGL texture as well ("framebuffer
acceleration"); with Mesa's software GL that costs 10-14 ms a frame and keeps GL worker threads
busy, so on X11 the plain shared-memory path is asked for (SDL_FRAMEBUFFER_ACCELERATION=0, unless
the environment already sets it), where showing 1920x1080 costs about 0.2 ms.

`wait_for_event(seconds)` sleeps until an event arrives or the time is up, with SDL's own
blocking wait where it can be reached (pygame's `event.wait` polls every millisecond: about 3% of
a core for an idle window), else by short sleeps.
"""

from __future__ import annotations

import contextlib
import ctypes
import glob
import logging
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from scenes.canvas import Canvas, merge

log = logging.getLogger(__name__)

CANVAS_SIZE = (1920, 1080)
#: the window size when the screen's size is unknown
DEFAULT_WINDOW = (1280, 720)
#: the smallest window (the user may make it that small; the picture stays whole)
MIN_WINDOW = (480, 270)
#: a new window takes at most this share of the screen's width and height (room for the frame)
SCREEN_SHARE = 0.9
#: video drivers with no screen to show anything on: the window is the canvas size and
#: fullscreen is never switched there (re-creating displays there crashed SDL, issue 10)
HEADLESS_DRIVERS = frozenset({"dummy", "offscreen"})

#: the largest alignment (canvas pixels) of parts shown scaled (see `Screen._parts`)
MAX_PART_STEP = 64
#: canvas pixels that two parts shown scaled may waste to be scaled as one (a call to scale a
#: part costs about what scaling this many pixels does)
PART_SLACK = 2048

_POINTER = frozenset({pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP})
_FINGER = frozenset({pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION})


def fit(size: tuple[int, int], box: tuple[int, int]) -> tuple[int, int]:
    """The largest size of `size`'s shape that fits in `box` (at least 1x1)."""
    scale = min(box[0] / size[0], box[1] / size[1])
    return max(1, round(size[0] * scale)), max(1, round(size[1] * scale))


def window_size_for(
    screen: tuple[int, int],
    remembered: object = None,
    canvas: tuple[int, int] = CANVAS_SIZE,
) -> tuple[int, int]:
    """The size of a new window on a screen of `screen` pixels: the remembered size if there is
    one (shrunk to fit), else the largest 16:9 size within SCREEN_SHARE of the screen."""
    box = (max(1, int(screen[0] * SCREEN_SHARE)), max(1, int(screen[1] * SCREEN_SHARE)))
    size = _valid_size(remembered)
    if size is None:
        return fit(canvas, box)
    return (
        min(box[0], max(MIN_WINDOW[0], size[0])),
        min(box[1], max(MIN_WINDOW[1], size[1])),
    )


def _valid_size(value: object) -> tuple[int, int] | None:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) and 0 < v < 100_000 for v in value):
        return None
    return int(value[0]), int(value[1])


def viewport(window: tuple[int, int], canvas: tuple[int, int] = CANVAS_SIZE) -> pygame.Rect:
    """Where the canvas is shown in a window of size `window`: centred, its shape kept."""
    size = fit(canvas, window)
    return pygame.Rect(((window[0] - size[0]) // 2, (window[1] - size[1]) // 2), size)


class Screen:
    """One window showing one logical canvas (see the module docstring)."""

    def __init__(
        self,
        title: str = "Tabletop Trio",
        fullscreen: bool = False,
        remembered_size: object = None,
        canvas_size: tuple[int, int] = CANVAS_SIZE,
    ):
        self.driver = pygame.display.get_driver()
        self.headless = self.driver in HEADLESS_DRIVERS
        if self.driver == "x11":
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        self.canvas_size = canvas_size
        self.canvas = Canvas(canvas_size)
        if self.headless:
            size = canvas_size  # nothing to fit; posted events and the picture map 1:1
        else:
            size = window_size_for(self.screen_size(), remembered_size, canvas_size)
        self.window = pygame.Window(
            title, size, position=pygame.WINDOWPOS_CENTERED, resizable=True, hidden=True
        )
        self.window.minimum_size = (min(MIN_WINDOW[0], size[0]), min(MIN_WINDOW[1], size[1]))
        #: the size of the window when it is not fullscreen (what the settings remember)
        self.windowed_size = size
        self.fullscreen = False
        self._surface: pygame.Surface | None = None
        self._surface_size = (0, 0)
        self._view = viewport(size, canvas_size)
        #: how dark the window shows the picture now (a fade, see `present`), 0 to 255
        self.shade = 0
        #: the picture at the window's size while it is shown darkened in a scaled window
        self._clear: pygame.Surface | None = None
        #: With no screen (a headless driver) nobody sees the window, and `present` skips the
        #: copy into it (a fifth of a test's frame). `bench frames` and the tests of `present`
        #: set this, to count and check a real window's work.
        self.copy_when_headless = False
        if fullscreen:
            self.set_fullscreen(True)
        self.window.show()

    # --- sizes ------------------------------------------------------------------------------------
    def screen_size(self) -> tuple[int, int]:
        """The desktop size of the screen the window opens on."""
        try:
            sizes = pygame.display.get_desktop_sizes()
        except pygame.error:
            sizes = []
        return tuple(sizes[0]) if sizes else DEFAULT_WINDOW  # type: ignore[return-value]

    @property
    def size(self) -> tuple[int, int]:
        """The window's size now, in window pixels."""
        return tuple(self.window.size)  # type: ignore[return-value]

    @property
    def view(self) -> pygame.Rect:
        """Where the canvas is drawn in the window (the rest is the black letterbox)."""
        return self._view.copy()

    @property
    def can_switch_fullscreen(self) -> bool:
        return not self.headless

    def set_fullscreen(self, on: bool) -> bool:
        """Fill the screen at its own resolution (letterboxed), or go back to the window.

        Nothing is re-created: the same window changes state. Where the driver shows nothing
        (dummy, offscreen) nothing is switched and False is returned.

        On X11, SDL's fullscreen asks the window manager; with none (a bare X server: a kiosk,
        Xvfb) SDL only believes the window filled the screen. So there the window is first made
        borderless and screen-sized by hand, which is what fullscreen means without a manager,
        and is given back its frame and size afterwards."""
        if self.headless or on == self.fullscreen:
            return False
        by_hand = self.driver == "x11"
        try:
            if on:
                if not self.fullscreen:
                    self.windowed_size = self.size
                if by_hand:
                    self.window.borderless = True
                    self.window.position = (0, 0)
                    self.window.size = self.screen_size()
                self.window.set_fullscreen(desktop=True)
            else:
                self.window.set_windowed()
                if by_hand:
                    self.window.borderless = False
                    self.window.size = self.windowed_size
                    self.window.position = pygame.WINDOWPOS_CENTERED
        except pygame.error:
            log.warning("could not switch fullscreen %s", "on" if on else "off", exc_info=True)
            return False
        self.fullscreen = on
        return True

    def resized(self) -> tuple[int, int] | None:
        """Note a change of the window's size; returns the new windowed size to remember, or None
        (fullscreen, or no change)."""
        size = self.size
        if self.fullscreen or size == self.windowed_size:
            return None
        self.windowed_size = size
        return size

    # --- showing the canvas -----------------------------------------------------------------------
    def _window_surface(self) -> pygame.Surface:
        size = self.size
        if self._surface is None or size != self._surface_size:
            self._surface = self.window.get_surface()
            self._surface_size = tuple(self._surface.get_size())  # type: ignore[assignment]
            self._view = viewport(self._surface_size, self.canvas_size)
            self._surface.fill((0, 0, 0))  # the letterbox; the picture covers the rest
        return self._surface

    def present(self, rects: Sequence[pygame.Rect] | None = None, shade: int = 0) -> None:
        """Show the canvas in the window, scaled to fit, letterboxed: whole, or only the canvas
        rectangles `rects` (the rest of the window keeps the last picture). A window surface
        made anew (the first frame, a resize) is always filled whole.

        `shade` (0 to 255: black) darkens the whole picture, as a fade between scenes does. The
        darkening is done in the window, after scaling: the canvas keeps the picture itself, so
        a fade over a still scene redraws and scales nothing (see `_present_shaded`)."""
        if self.headless and not self.copy_when_headless:
            return
        fresh = self._surface is None or self.size != self._surface_size
        surface = self._window_surface()
        if shade or self.shade:
            self._present_shaded(surface, None if fresh else rects, shade)
            return
        parts = None if rects is None or fresh else self._parts(rects)
        if parts is None:
            self._draw_whole(self._in_view(surface))
            self.window.flip()
            return
        if not parts:
            return  # nothing changed: the window shows this frame already
        if not self._update(self._draw_parts(parts, surface, (0, 0))):
            self.window.flip()

    def _present_shaded(
        self, surface: pygame.Surface, rects: Sequence[pygame.Rect] | None, shade: int
    ) -> None:
        """Show the picture darkened by `shade`, every pixel (a fade changes them all).

        The picture itself is kept apart from the window, which shows it darkened: at 1:1 it is
        the canvas; scaled, `_clear`, the picture at the window's size, which only the parts
        that changed are scaled into (at a fade's start it is the window's last picture, not
        yet darkened). Each frame then costs a copy and a darkening of the window's pixels,
        not a darkening of the canvas's 1920x1080 and a scaling of the whole. The frame after
        the fade (`shade` 0) shows the kept picture as it is, and the window goes on in parts."""
        view = self._view
        window = self._in_view(surface)
        if view.size == self.canvas_size:
            self._draw_whole(window)  # (the canvas is the picture itself)
        else:
            clear = self._clear
            if clear is None or clear.get_size() != view.size:
                clear = self._clear = pygame.Surface(view.size, 0, surface)
                if rects is not None and not self.shade:
                    clear.blit(window, (0, 0))  # (the last picture shown, not darkened)
                else:
                    rects = None
            parts = None if rects is None else self._parts(rects)
            if parts is None:
                self._draw_whole(clear)
            else:
                self._draw_parts(parts, clear, view.topleft)
            window.blit(clear, (0, 0))
        if shade:
            darken(window, shade)
        else:
            self._clear = None  # (the window shows the picture itself again)
        self.shade = shade
        self.window.flip()

    def _in_view(self, surface: pygame.Surface) -> pygame.Surface:
        """The part of the window surface that shows the picture (all but the letterbox)."""
        view = self._view
        return surface if view == surface.get_rect() else surface.subsurface(view)

    def _draw_whole(self, target: pygame.Surface) -> None:
        """Draw the whole canvas on `target`, a surface of the picture's size in the window."""
        width, height = self.canvas_size
        view = self._view
        if view.size == (width, height):
            target.blit(self.canvas, (0, 0))
        elif view.width % width == 0 and view.width // width == view.height / height:
            pygame.transform.scale(self.canvas, view.size, target)
        else:
            pygame.transform.smoothscale(self.canvas, view.size, target)

    def _draw_parts(
        self,
        parts: list[tuple[pygame.Rect, pygame.Rect]],
        target: pygame.Surface,
        origin: tuple[int, int],
    ) -> list[pygame.Rect]:
        """Draw `parts` (from `_parts`) on `target`, whose top left is at `origin` in the
        window; the window rectangles drawn."""
        width = self.canvas_size[0]
        canvas, view = self.canvas, self._view
        shown = []
        for source, place in parts:
            spot = place.move(-origin[0], -origin[1])
            if view.width == width:
                target.blit(canvas, spot, source)
            else:
                scale = (
                    pygame.transform.smoothscale
                    if view.width < width
                    else pygame.transform.scale  # (a whole factor: every pixel repeated)
                )
                scale(_part(canvas, source), spot.size, target.subsurface(spot))
            shown.append(place)
        return shown

    def _parts(self, rects: Sequence[pygame.Rect]) -> list[tuple[pygame.Rect, pygame.Rect]] | None:
        """(canvas rectangle, window rectangle) pairs that show `rects` exactly as the whole
        picture would, or None where no part of the picture can be shown alone.

        Each axis on its own (smoothscale scales rows and columns in separate passes, each
        counting its own step, see `_step`): where the axis's scale is exact, a part is aligned
        to its step; where it is not, a part spans the whole axis. At 1366x768 the picture is
        1365x768: its width's 91/128 is not exact, its height's 32/45 is, so the parts are
        bands of the canvas's whole width, 45 rows to a step. Where neither axis is exact
        (1600x900: 5/6 both ways) the picture is shown whole. Widened, close rectangles may
        overlap (a glow's side and its corner): such parts are merged, so that no pixel is
        scaled twice."""
        view = self._view
        width, height = self.canvas_size
        across, down = _step(view.width, width), _step(view.height, height)
        if across is None and down is None:
            return None
        bounds = pygame.Rect((0, 0), self.canvas_size)
        sources = []
        for rect in rects:
            rect = rect.clip(bounds)
            if not rect.width or not rect.height:
                continue
            left, right = _span(across, rect.left, rect.right, width)
            top, bottom = _span(down, rect.top, rect.bottom, height)
            sources.append(pygame.Rect(left, top, right - left, bottom - top))
        if (across != 1 or down != 1) and _overlap(sources):  # (widened, parts may overlap:
            sources = merge(sources, bounds, waste=1.0, slack=PART_SLACK)  # scale each pixel once)
        return [(source, self._shown(source)) for source in sources]

    def _shown(self, source: pygame.Rect) -> pygame.Rect:
        """Where canvas rectangle `source` (aligned as `_parts` makes them) is in the window."""
        view = self._view
        width, height = self.canvas_size
        left = view.left + source.left * view.width // width
        top = view.top + source.top * view.height // height
        right = view.left + source.right * view.width // width
        bottom = view.top + source.bottom * view.height // height
        return pygame.Rect(left, top, right - left, bottom - top)

    def _update(self, rects: list[pygame.Rect]) -> bool:
        """Show `rects` of the window surface (SDL_UpdateWindowSurfaceRects); False where SDL's
        function cannot be reached (the caller then shows the whole surface)."""
        update = _sdl_update()
        if update is None:
            return False
        array = (_SDLRect * len(rects))(*(_SDLRect(*rect) for rect in rects))
        return update(self.window.id, array, len(rects))

    def refresh(self) -> None:
        """Show the last picture again (the window was uncovered); resized: scale it anew."""
        if self._surface is None or self.size != self._surface_size:
            self.present(shade=self.shade)
        else:
            self.window.flip()

    # --- input ------------------------------------------------------------------------------------
    def to_canvas(self, event: pygame.event.Event) -> None:
        """Map a pointer event from the window into canvas coordinates, in place.

        Mouse events get `pos` (and `rel`) mapped; finger events (x, y from 0 to 1 over the
        window) get a `pos` in canvas coordinates. Events without a `window` attribute were
        posted by the program (tests) and are left alone: they are in canvas coordinates."""
        if event.type not in _POINTER and event.type not in _FINGER:
            return
        if "window" not in event.dict:
            if event.type in _FINGER and "pos" not in event.dict:
                event.pos = (int(event.x * self.canvas_size[0]), int(event.y * self.canvas_size[1]))
            return
        if event.type in _FINGER:
            width, height = self.size
            event.pos = self.window_to_canvas((event.x * width, event.y * height))
            return
        event.pos = self.window_to_canvas(event.pos)
        if event.type == pygame.MOUSEMOTION:
            scale = self._scale()
            event.rel = (round(event.rel[0] / scale), round(event.rel[1] / scale))

    def _scale(self) -> float:
        view = viewport(self.size, self.canvas_size)
        return view.width / self.canvas_size[0]

    def window_to_canvas(self, pos: tuple[float, float]) -> tuple[int, int]:
        """The canvas pixel under window position `pos` (outside the canvas on the letterbox)."""
        view = viewport(self.size, self.canvas_size)
        if view.topleft == (0, 0) and view.size == self.canvas_size:
            return int(pos[0]), int(pos[1])
        scale = view.width / self.canvas_size[0]
        return (
            math.floor((pos[0] + 0.5 - view.left) / scale),
            math.floor((pos[1] + 0.5 - view.top) / scale),
        )

    def canvas_to_window(self, pos: tuple[float, float]) -> tuple[int, int]:
        """The window pixel that shows canvas position `pos`."""
        view = viewport(self.size, self.canvas_size)
        scale = view.width / self.canvas_size[0]
        return round(view.left + pos[0] * scale), round(view.top + pos[1] * scale)

    def close(self) -> None:
        self._surface = None
        with contextlib.suppress(pygame.error):
            self.window.destroy()


# --- sleeping until an event ----------------------------------------------------------------------
SDL_INIT_VIDEO = 0x20


def _sdl_candidates() -> list[str]:
    """Paths of the SDL2 library pygame uses: the one mapped into this process, else pygame's."""
    found = []
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            for line in maps:
                path = line.split()[-1] if line.strip() else ""
                name = os.path.basename(path)
                if name.startswith(("libSDL2-2", "libSDL2.so")):
                    found.append(path)
    except OSError:
        pass
    base = os.path.dirname(pygame.__file__)
    for pattern in (
        os.path.join(base, "SDL2.dll"),
        os.path.join(base, ".dylibs", "libSDL2*.dylib"),
        os.path.join(os.path.dirname(base), "pygame_ce.libs", "libSDL2-2*.so*"),
    ):
        found.extend(sorted(glob.glob(pattern)))
    return list(dict.fromkeys(found))


def _sdl_library() -> ctypes.CDLL | None:
    """The SDL2 library that pygame initialised (its video part is running), or None."""
    for path in _sdl_candidates():
        try:
            library = ctypes.CDLL(path)
            was_init = library.SDL_WasInit
            was_init.argtypes, was_init.restype = [ctypes.c_uint32], ctypes.c_uint32
            if was_init(SDL_INIT_VIDEO):
                return library
        except (OSError, AttributeError):
            continue  # another copy of SDL than pygame's: its windows and events are not ours
    return None


def _load_sdl_wait() -> Callable[[Any, int], int] | None:
    """SDL_WaitEventTimeout of the SDL that pygame initialised, or None."""
    library = _sdl_library()
    if library is None:
        return None
    wait = library.SDL_WaitEventTimeout
    wait.argtypes, wait.restype = [ctypes.c_void_p, ctypes.c_int], ctypes.c_int
    return wait


class _SDLRect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]


#: shows rectangles of a window's surface: (window id, the rectangles, how many) -> shown
ShowRects = Callable[[int, "ctypes.Array[_SDLRect]", int], bool]
_update_rects: list[ShowRects | None] = []


def _sdl_update() -> ShowRects | None:
    """A function that shows rectangles of a window's surface (by the window's id), from the
    SDL pygame uses (pygame's Window has no such call), or None where it cannot be reached."""
    if not _update_rects:
        _update_rects.append(_load_sdl_update())
    return _update_rects[0]


def _load_sdl_update() -> ShowRects | None:
    library = _sdl_library() if sys.platform != "emscripten" else None
    if library is None:
        return None
    by_id = library.SDL_GetWindowFromID
    update = library.SDL_UpdateWindowSurfaceRects
    by_id.argtypes, by_id.restype = [ctypes.c_uint32], ctypes.c_void_p
    update.argtypes = [ctypes.c_void_p, ctypes.POINTER(_SDLRect), ctypes.c_int]
    update.restype = ctypes.c_int

    def show(window_id: int, rects: ctypes.Array[_SDLRect], count: int) -> bool:
        window = by_id(window_id)
        return bool(window) and update(window, rects, count) == 0

    return show


def _step(shown: int, drawn: int) -> int | None:
    """The step (in canvas pixels) to which a part must be aligned on an axis of `drawn` canvas
    pixels shown as `shown` window pixels for it to come out as in the whole picture, or None
    where no step does. The scale is q/p in lowest terms: 1:1 and a whole factor up (p = 1)
    repeat pixels; shrinking with q a power of two steps by 65536 * p / q exactly in
    smoothscale's 1/65536 pixel counting (1280/1920 = 2/3: a part aligned to 3 canvas pixels),
    any other q rounds that step, and the error it carries depends on where the scaling began.
    Steps over MAX_PART_STEP are left (a part would grow too much)."""
    shared = math.gcd(shown, drawn)
    p, q = drawn // shared, shown // shared
    if p == 1 or (q < p and q & (q - 1) == 0 and p <= MAX_PART_STEP):
        return p
    return None


def _span(step: int | None, start: int, end: int, size: int) -> tuple[int, int]:
    """[start, end) on an axis of `size` canvas pixels widened to `step`: aligned to it, or the
    whole axis where there is none."""
    if step is None:
        return 0, size
    return start // step * step, min(size, -(-end // step) * step)


def _overlap(rects: list[pygame.Rect]) -> bool:
    """Whether two of `rects` overlap."""
    return any(rect.collidelist(rects[index + 1 :]) >= 0 for index, rect in enumerate(rects))


def darken(picture: pygame.Surface, shade: int) -> None:
    """Darken `picture` in place by `shade`, 0 (not at all) to 255 (black): each colour value
    c becomes (c * (255 - shade) + 255) // 256 (one pass, pygame's BLEND_RGB_MULT)."""
    keep = 255 - shade
    picture.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)


def _part(canvas: pygame.Surface, rect: pygame.Rect) -> pygame.Surface:
    """The part `rect` of `canvas`, to read (a plain subsurface, past a recording canvas's)."""
    return pygame.Surface.subsurface(canvas, rect)


class EventWaiter:
    """Sleeps until an event is queued (it stays queued for pygame.event.get) or time is up."""

    #: the longest nap when SDL's own wait cannot be reached (input then waits at most this)
    POLL_SECONDS = 1 / 60

    def __init__(self) -> None:
        self._wait = _load_sdl_wait() if sys.platform != "emscripten" else None

    @property
    def blocking(self) -> bool:
        """True when SDL's blocking wait is used (no polling while idle)."""
        return self._wait is not None

    def wait(self, seconds: float) -> None:
        if seconds <= 0:
            return
        if self._wait is not None:
            self._wait(None, max(1, min(int(seconds * 1000), 2**31 - 1)))
        elif not pygame.event.peek():
            time.sleep(min(seconds, self.POLL_SECONDS))
