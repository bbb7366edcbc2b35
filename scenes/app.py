"""The app: window, loop, letterboxed scaling, frame timing, settings, sound and notices.

The command line is in `scenes.cli`, the scene changes scenes ask for in `scenes.navigation`.

Everything is drawn on a logical 1920x1080 canvas. The window (1280x720 by default, or
fullscreen) shows it scaled with letterboxing by pygame's SCALED mode, which also maps the mouse
into logical coordinates, so scenes read `event.pos` in canvas pixels at any window size.
"""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import random
import sys
import time
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from scenes.kit import fonts
from scenes.kit.palette import INK, PAPER
from scenes.kit.settings_store import Settings, SettingsStore
from scenes.manager import FADE_SECONDS, Scene, SceneManager
from scenes.navigation import Navigation

log = logging.getLogger(__name__)

CANVAS_SIZE = (1920, 1080)
WINDOW_SIZE = (1280, 720)
FPS = 60
LOG_FILE = "tabletop-trio.log"
LOG_MAX_BYTES = 1024 * 1024
NOTICE_SECONDS = 7.0
MAX_NOTICES = 4


@dataclass
class Options:
    """What the command line asked for."""

    game: str | None = None
    seats: tuple[str, ...] | None = None
    seed: int | None = None
    fullscreen: bool = False
    kiosk: bool = False
    attract: bool = False
    frames: int | None = None
    screenshot: Path | None = None
    speed: float | None = None
    uncapped: bool = False


# --- the app --------------------------------------------------------------------------------------
class App(Navigation):
    """One window, one canvas, one scene manager; scenes reach the rest of the app through it."""

    def __init__(self, options: Options | None = None, store: SettingsStore | None = None):
        self.options = options or Options()
        self.notices: list[list[Any]] = []  # [text, seconds left]; the last one is shown
        self._open_store(store)
        self.kiosk = self.options.kiosk
        self.attract = self.options.attract
        self.rng = random.Random(self.options.seed)
        self.running = True
        self.frames = 0
        self.frame_ms: list[float] = []
        self.games_finished = 0
        self.idle_seconds = 0.0
        self._banner: tuple[str, pygame.Surface] | None = None
        self.fullscreen = self.options.fullscreen or self.settings.fullscreen

        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Tabletop Trio")
        self.canvas = self._open_window()
        self.clock = pygame.time.Clock()
        self.audio = _make_audio(self.settings)
        self.manager = SceneManager(recover=self._recover)
        self._apply_speed()
        self._first_scene()

    def _open_store(self, store: SettingsStore | None) -> None:
        """The data folder, the log file and the settings; what went wrong becomes notices (a
        folder that cannot be used leaves everything in memory, a log file that cannot be
        written sends the log to stderr), never an error."""
        self.store = store or SettingsStore()
        self.log_path, log_problem = _start_logging(self.store.folder)
        self.settings: Settings = self.store.load()
        if log_problem and not self.store.in_memory:
            self.notify(
                f"The log file cannot be written ({log_problem}): "
                "problems are reported on the terminal only."
            )
        if self.store.notice:
            self.notify(self.store.notice)

    # --- window -------------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        flags = pygame.SCALED | (pygame.FULLSCREEN if self.fullscreen else pygame.RESIZABLE)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            canvas = pygame.display.set_mode(CANVAS_SIZE, flags)
            if not self.fullscreen:
                try:
                    window = pygame.Window.from_display_module()
                    window.size = WINDOW_SIZE
                    window.position = pygame.WINDOWPOS_CENTERED
                except (AttributeError, pygame.error):
                    pass  # a driver without window control: keep SDL's size
        return canvas

    def toggle_fullscreen(self) -> None:
        """Switch between fullscreen and a window (F11, the settings scene)."""
        self.fullscreen = not self.fullscreen
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            self.canvas = self._open_window()
        self.canvas = pygame.display.get_surface() or self.canvas

    # --- settings, sound, notices -----------------------------------------------------------------
    @property
    def animation_speed(self) -> float:
        """How fast animations run: --speed if given, else the setting."""
        return self.options.speed or self.settings.animation_speed

    def _apply_speed(self) -> None:
        self.manager.fade_seconds = FADE_SECONDS / self.animation_speed

    def save_settings(self) -> None:
        """Store the settings and apply them (volume, fullscreen, speed)."""
        self.store.save(self.settings)
        if self.audio is not None:
            try:
                self.audio.set_volume(self.settings.master_volume, self.settings.effects_volume)
            except Exception:  # sound is a nicety: never let it stop the app
                log.exception("could not set the volume")
        if self.settings.fullscreen != self.fullscreen and not self.kiosk:
            self.toggle_fullscreen()
        self._apply_speed()

    def play_sound(self, name: str) -> None:
        if self.audio is not None:
            try:
                self.audio.play(name)
            except Exception:
                log.exception("could not play %s", name)

    def notify(self, text: str) -> None:
        """Show `text` in a banner at the top of the screen for a few seconds, at once; a notice
        it covers is shown again afterwards for the time it had left (at most MAX_NOTICES wait)."""
        with contextlib.suppress(Exception):  # a notice reaches the screen whatever logging does
            log.info("notice: %s", text)
        waiting = [n for n in self.notices if n[0] != text]
        for notice in waiting:
            notice[1] += NOTICE_SECONDS
        self.notices = [*waiting[-(MAX_NOTICES - 1) :], [text, NOTICE_SECONDS]]

    def _recover(self, scene: Scene, error: BaseException) -> Scene:
        from scenes.menu import MenuScene

        self.notify(
            f"Sorry, the {scene.name} screen hit a problem and was closed. Details: {self.log_path}"
        )
        return MenuScene(self)

    # --- the loop ---------------------------------------------------------------------------------
    def frame(self, dt: float) -> None:
        """One frame: input, update, draw, show. Its work time is recorded."""
        start = time.perf_counter()
        for event in pygame.event.get():
            self._dispatch(event)
        self.idle_seconds += dt
        self.manager.update(dt)
        for notice in self.notices:
            notice[1] -= dt
        self.notices = [n for n in self.notices if n[1] > 0]
        self.manager.draw(self.canvas)
        self._draw_notices()
        pygame.display.flip()
        self.frames += 1
        self.frame_ms.append((time.perf_counter() - start) * 1000)

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.KEYDOWN,
            pygame.FINGERDOWN,
            pygame.MOUSEMOTION,
        ):
            self.idle_seconds = 0.0
        if event.type == pygame.KEYDOWN:
            mods = event.mod
            if event.key == pygame.K_F11 and not self.kiosk:
                self.toggle_fullscreen()
                self.settings.fullscreen = self.fullscreen
                self.store.save(self.settings)
                return
            if event.key == pygame.K_q and mods & pygame.KMOD_CTRL and mods & pygame.KMOD_SHIFT:
                self.quit()
                return
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and self.notices
            and self._notice_rect().collidepoint(event.pos)
        ):
            self.notices.clear()
            return
        self.manager.handle(event)

    def run(self, frames: int | None = None, fixed_dt: float | None = None) -> None:
        """Run frames until the app quits (or `frames` frames have run)."""
        limit = frames if frames is not None else self.options.frames
        done = 0
        while self.running and (limit is None or done < limit):
            if fixed_dt is not None:
                dt = fixed_dt
            else:
                ms = self.clock.tick() if self.options.uncapped else self.clock.tick(FPS)
                dt = min(ms / 1000, 0.1) if done else 1 / FPS
            self.frame(dt)
            done += 1

    def stats(self) -> dict[str, Any]:
        """Frame figures of the run so far (work time per frame, not the capped period)."""
        times = sorted(self.frame_ms)
        mean = sum(times) / len(times) if times else 0.0
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))] if times else 0.0
        scene = self.manager.current
        return {
            "frames": self.frames,
            "frame_ms_mean": round(mean, 3),
            "frame_ms_p99": round(p99, 3),
            "scene": scene.name if scene else None,
            "games_finished": self.games_finished,
        }

    def screenshot(self, path: Path) -> None:
        """Save the canvas as an image at `path` (its folder made if missing); OSError, with the
        reason, if it cannot be written there."""
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.canvas, str(path))
        except (pygame.error, ValueError) as error:
            raise OSError(str(error)) from error

    def close(self) -> None:
        while self.manager.stack:
            self.manager._leave(self.manager.stack.pop())
        pygame.display.quit()
        _stop_logging()  # the log file's folder may go away with the app (tests, benchmarks)

    # --- notices ----------------------------------------------------------------------------------
    def _notice_rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, 1500, 110)
        rect.midtop = (CANVAS_SIZE[0] // 2, 24)
        return rect

    def _draw_notices(self) -> None:
        if not self.notices:
            return
        text, left = self.notices[-1]
        rect = self._notice_rect()
        if self._banner is None or self._banner[0] != text:
            self._banner = (text, self._render_banner(text, rect))
        banner = self._banner[1]
        banner.set_alpha(255 if left > 0.5 else round(510 * left))
        self.canvas.blit(banner, rect)

    def _render_banner(self, text: str, rect: pygame.Rect) -> pygame.Surface:
        banner = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(banner, (*INK, 235), banner.get_rect(), border_radius=24)
        size = fonts.fit(text, fonts.SMALL, rect.width - 60)
        lines = fonts.wrap(text, size, rect.width - 60)[:2]
        step = fonts.font(size).get_linesize()
        y = rect.height // 2 - step * len(lines) // 2
        for line in lines:
            surface = fonts.text(line, size, PAPER)
            banner.blit(surface, surface.get_rect(midtop=(rect.width // 2, y)))
            y += step
        return banner


class _LogFile(logging.handlers.RotatingFileHandler):
    """The log file, opened at once (OSError if it cannot be), kept under LOG_MAX_BYTES (the
    older half in `<name>.1`). A write that fails later never raises: the file is given up and
    records of WARNING and above go to stderr instead."""

    def __init__(self, path: Path):
        super().__init__(path, maxBytes=LOG_MAX_BYTES, backupCount=1, encoding="utf-8")
        self.broken = False
        self._fallback = logging.StreamHandler()

    def setFormatter(self, fmt: logging.Formatter | None) -> None:
        super().setFormatter(fmt)
        self._fallback.setFormatter(fmt)

    def emit(self, record: logging.LogRecord) -> None:
        if self.broken:
            if record.levelno >= logging.WARNING:
                self._fallback.emit(record)
            return
        try:
            super().emit(record)
        except Exception:  # noqa: BLE001 - logging must never take the app down
            self.handleError(record)

    def handleError(self, record: logging.LogRecord) -> None:
        if self.broken:
            return
        self.broken = True
        _say(f"tabletop-trio: cannot write the log file {self.baseFilename}; logging to stderr")
        self.emit(record)

    def close(self) -> None:
        try:
            super().close()
        except (OSError, ValueError):
            pass  # a file we could not write cannot be flushed either


_file_handler: logging.Handler | None = None
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
#: Where the log goes when the log file cannot be opened (shown in "Details: ..." notices).
STDERR_LOG = "the terminal (the log file cannot be written)"


def _say(line: str) -> None:
    """One line on stderr, if there is one (pythonw has none)."""
    try:
        if sys.stderr is not None:
            print(line, file=sys.stderr)
    except (OSError, ValueError):
        pass


def _stop_logging() -> None:
    """Stop writing to the log file (or stderr) of the last app started."""
    global _file_handler
    if _file_handler is not None:
        logging.getLogger().removeHandler(_file_handler)
        _file_handler.close()
        _file_handler = None


def _start_logging(folder: Path) -> tuple[Path | str, str | None]:
    """Log warnings and crashes to the log file in the user data folder. Returns where the log
    goes (the file's path, or STDERR_LOG) and why the file cannot be used (None when it can);
    a file that cannot be opened sends WARNING and above to stderr instead."""
    global _file_handler
    _stop_logging()
    path = Path(folder) / LOG_FILE
    handler, problem = _open_log_file(path)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    root = logging.getLogger()
    root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > logging.INFO:
        root.setLevel(logging.INFO)
    _file_handler = handler
    if problem:
        log.warning("the log file %s cannot be written: %s", path, problem)
        return STDERR_LOG, problem
    return path, None


def _open_log_file(path: Path) -> tuple[logging.Handler, str | None]:
    """The handler of the log file at `path`, or of stderr with the reason it cannot be opened."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = _LogFile(path)
        handler.setLevel(logging.INFO)
        return handler, None
    except (OSError, ValueError) as error:
        handler = logging.StreamHandler()
        handler.setLevel(logging.WARNING)
        return handler, getattr(error, "strerror", None) or str(error)


def _make_audio(settings: Settings) -> Any:
    try:
        from scenes.kit.audio import Audio

        return Audio(settings.master_volume, settings.effects_volume)
    except Exception:  # no kit audio yet, or no device: the app runs silently
        log.warning("sound is off", exc_info=True)
        return None
