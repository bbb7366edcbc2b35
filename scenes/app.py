"""The app: window, loop, letterboxed scaling, frame timing, settings, sound and notices.

The command line is in `scenes.cli`, the scene changes scenes ask for in `scenes.navigation`.

Everything is drawn on a logical 1920x1080 canvas. The window (`scenes.window.Screen`: 16:9 and
fitting the screen it opens on, resizable, its size remembered; or fullscreen) shows it scaled
and letterboxed, and pointer events from the window are mapped into canvas coordinates, so scenes
read `event.pos` in canvas pixels at any window size.

The loop draws and shows a frame only when something changed: input arrived, the window was
resized or uncovered, a scene change or fade is under way, a notice appears or fades, or a drawn
scene is `animating` (see `scenes.manager`). It then runs at up to 60 frames a second; otherwise it
sleeps until the next event or timer, so an idle screen costs almost nothing. A drawn frame is
recorded and redrawn only where it differs from the last one, and only those parts are sent to
the window (`scenes.canvas`; `--present-whole` draws and shows every frame whole, as before).
"""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import random
import signal
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from scenes import app_log
from scenes.boards.computers import drawing_frame, frame_due, thinking_anywhere
from scenes.canvas import Canvas
from scenes.gc_between_frames import freeze_start_up, no_collection, thaw
from scenes.kiosk.controller import Kiosk
from scenes.kiosk.touch import TouchMapper
from scenes.kiosk.watchdog import Stalled
from scenes.kit import ahead, art, fonts, i18n
from scenes.kit.focus import Focus
from scenes.kit.i18n import _
from scenes.kit.keymap import Action
from scenes.kit.pads import Pads
from scenes.kit.palette import INK, PAPER
from scenes.kit.speech import Speech
from scenes.kit.text_fit import fit_lines
from scenes.manager import FADE_SECONDS, Scene, SceneManager
from scenes.memory_use import peak_rss_mb, rss_mb
from scenes.navigation import Navigation
from scenes.options import Options
from scenes.storage.art_cache import ArtCache
from scenes.storage.atomic import write_png_checked
from scenes.storage.settings import Settings, SettingsStore
from scenes.storage.startup import check_data_folder
from scenes.window import EventWaiter, Screen

if TYPE_CHECKING:
    from scenes.kit.audio import Audio
    from scenes.services import AppServices

log = logging.getLogger(__name__)

CANVAS_SIZE = (1920, 1080)
#: the window's size when the screen's size is unknown (it otherwise fits the screen, 16:9)
WINDOW_SIZE = (1280, 720)
FPS = 60
#: how many recent drawn frames the statistics keep (a minute of animation at 60 fps)
FRAME_STATS = 3600
#: an idle loop still wakes this often, so timers that count real time (kiosk) move on
IDLE_WAKE_SECONDS = 1.0
#: a resized window's size is saved once it has not changed for this long
SAVE_SIZE_SECONDS = 0.5
NOTICE_FADE_SECONDS = 0.5
NOTICE_SECONDS = 7.0
#: the frame after which the memory in use is noted (a soak compares it with the end)
MEMORY_SAMPLE_FRAME = 20_000
MAX_NOTICES = 4
#: Seconds a frame leaves a thinking computer's thread when the loop does not wait between frames
#: (tests, --uncapped): Python's GIL would otherwise go to the main thread nearly every time.
THINKING_SHARE = 0.002
#: a picture asked for ahead (`art.render_ahead`), or other work (`ahead.later`), is done after a
#: frame only if its work left at least 8 ms before the next frame is due
RENDER_AHEAD_BEFORE = 1 / FPS - 0.008


# --- the app --------------------------------------------------------------------------------------
class App(Navigation):
    """One window, one canvas, one scene manager; scenes reach the rest of the app through it."""

    def __init__(
        self,
        options: Options | None = None,
        store: SettingsStore | None = None,
        wall: Callable[[], float] = time.time,
    ):
        """`wall` is the clock that dates what the kiosk counts (its figures' hours, the board of
        the day): tests pass a fake one, so that no test depends on the hour it runs at."""
        self.options = options or Options()
        self.started = time.monotonic()
        self.notices: list[list[Any]] = []  # [text, seconds left]; the last one is shown
        self._open_store(store)
        self.kiosk = self.options.kiosk
        self.attract = self.options.attract
        self.rng = random.Random(self.options.seed)
        self.running = True
        #: frames run (loop passes, drawn or not) and frames drawn and shown
        self.frames = 0
        self.frames_drawn = 0
        #: work time of the last FRAME_STATS drawn frames (input, update, draw, show), in ms
        self.frame_ms: deque[float] = deque(maxlen=FRAME_STATS)
        self._dirty = True  # the next frame must be drawn
        self._refresh = False  # the window must show its last picture again
        #: the scenes drawn when a frame could not be recorded (`draw_frame`): drawn directly
        self._unrecordable: list[Scene] = []
        self._save_size_at: float | None = None
        self.games_finished = 0
        self._held = {}
        #: finished games by game, attract games included (the soak's figures)
        self.finished_per_game: dict[str, int] = {}
        self.rss_at_sample: float | None = None
        self.idle_seconds = 0.0
        self._banner: tuple[str, pygame.Surface] | None = None
        self.fullscreen = self.options.fullscreen or self.settings.fullscreen

        pygame.display.init()
        pygame.font.init()
        fonts.load_faces()  # (kept in memory: drawing text never needs a file)
        pygame.display.set_caption("Tabletop Trio")
        self.canvas = self._open_window()
        self.clock = pygame.time.Clock()
        self.waiter = EventWaiter()
        self.audio = _make_audio(self.settings)
        self.manager = SceneManager(recover=self._recover)
        self._signal_handlers = _quit_on_signals(self.quit)
        self.touch = TouchMapper()
        #: self-voicing: the focused control, the board's square, the turn and the last move
        self.speech = Speech()
        self.speech.on = self.settings.self_voicing
        self.focus = Focus()  # the focus ring: every screen by keys and a pad
        self.focus.speak = self.speech.say
        self.focus.app_actions[Action.VOICE] = self.toggle_voice
        self.manager.on_top = lambda scene: self.speech.announce(scene.spoken_title)
        self.pads = Pads()
        #: kiosk mode's idle countdown, crash and stall recovery, figures (None without --kiosk)
        self.kiosk_control: Kiosk | None = None
        if self.kiosk:
            self.kiosk_control = Kiosk(self, window=self.screen.window, wall=wall)
            self.manager.retry_recovery = True
        self._apply_speed()
        freeze_start_up()  # (what start-up made, before any scene: out of every later collection)
        self._first_scene()

    def _open_store(self, store: SettingsStore | None) -> None:
        """The data folder, the log file and the settings; what went wrong becomes notices (a
        folder that cannot be used leaves everything in memory, a log file that cannot be
        written sends the log to stderr), never an error."""
        self.store = store or SettingsStore()
        self.log_path, log_problem = app_log.start_logging(self.store.folder)
        self.settings: Settings = self.store.load()
        self._apply_language()
        if log_problem and not self.store.in_memory:
            self.notify(
                _(
                    "The log file cannot be written ({why}): problems are reported on the "
                    "terminal only."
                ).format(why=log_problem)
            )
        if self.store.notice:
            self.notify(self.store.notice)
        if not self.store.in_memory:
            for notice in check_data_folder(self.store.folder):
                self.notify(notice)
            art.keep_rendered(ArtCache(self.store.folder / "art"))

    # --- window -------------------------------------------------------------------------------
    def _open_window(self) -> Canvas:
        """Open the window (fitting the screen, or the remembered size; fullscreen if asked) and
        return the logical canvas the scenes draw on."""
        self.screen = Screen(
            "Tabletop Trio",
            fullscreen=self.fullscreen,
            remembered_size=getattr(self.settings, "window_size", None),
            canvas_size=CANVAS_SIZE,
        )
        return self.screen.canvas

    def toggle_fullscreen(self) -> None:
        """Switch between fullscreen and a window (F11, the settings scene). The window changes
        state (nothing is re-created); drivers without a screen (dummy) only note the wish."""
        self.fullscreen = not self.fullscreen
        if not self.screen.set_fullscreen(self.fullscreen) and self.screen.can_switch_fullscreen:
            self.fullscreen = self.screen.fullscreen  # it failed (logged): say what is shown
        self._dirty = True

    def text_input_at(self, rect: pygame.Rect) -> None:
        """Tell the input method (a Japanese IME) that typing goes into the canvas's `rect`, so
        its list of candidates opens beside the field."""
        left, top = self.screen.canvas_to_window(rect.topleft)
        right, bottom = self.screen.canvas_to_window(rect.bottomright)
        with contextlib.suppress(pygame.error):  # (a driver without one)
            pygame.key.set_text_input_rect(pygame.Rect(left, top, right - left, bottom - top))

    def _window_event(self, event: pygame.event.Event) -> None:
        """Resized, uncovered, restored...: show the picture again; remember a new size."""
        if event.type not in _REFRESH_EVENTS:
            return  # moved, focus, pointer in or out: the picture stands
        self._refresh = True
        if (
            event.type in (pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED)
            and self.screen.resized() is not None
            and hasattr(self.settings, "window_size")
        ):
            self._save_size_at = time.monotonic() + SAVE_SIZE_SECONDS

    def _save_window_size(self, now: bool = False) -> None:
        if self._save_size_at is None or not (now or time.monotonic() >= self._save_size_at):
            return
        self._save_size_at = None
        self.settings.window_size = list(self.screen.windowed_size)
        self.store.save(self.settings)

    # --- settings, sound, notices -----------------------------------------------------------------
    @property
    def animation_speed(self) -> float:
        """How fast animations run: --speed if given, else the setting."""
        return self.options.speed or self.settings.animation_speed

    def _apply_language(self) -> None:
        """Show the language and the text size the settings ask for (the system's language by
        default), from now on: every screen re-lays out at its next frame."""
        i18n.set_language(i18n.resolve(self.settings.language))
        fonts.set_text_size(self.settings.text_size)
        self._dirty = True

    def _apply_speed(self) -> None:
        self.manager.fade_seconds = FADE_SECONDS / self.animation_speed

    def save_settings(self) -> None:
        """Store the settings and apply them (volume, fullscreen, speed, language, text size); a
        write that fails is said (the settings then last until the app closes)."""
        if not self.store.save(self.settings) and self.store.save_problem:
            self.notify(
                _(
                    "Your settings could not be saved ({why}): they last until the app closes."
                ).format(why=self.store.save_problem)
            )
        if self.audio is not None:
            try:
                settings = self.settings
                self.audio.set_volume(
                    settings.master_volume, settings.effects_volume, settings.cue_volumes()
                )
            except Exception:  # sound is a nicety: never let it stop the app
                log.exception("could not set the volume")
        if self.settings.fullscreen != self.fullscreen and not self.kiosk:
            self.toggle_fullscreen()
        self._apply_speed()
        self._apply_language()
        self.speech.on = self.settings.self_voicing
        if not self.speech.on:
            self.speech.hush()

    def toggle_voice(self) -> None:
        """Self-voicing on or off (its key or button, on any screen), said in a notice and
        aloud; where the speech command is missing, a notice says so."""
        if not self.speech.available:
            self.notify(_("Self-voicing is unavailable: espeak-ng is not installed."))
            return
        self.settings.self_voicing = not self.settings.self_voicing
        self.save_settings()
        words = _("Self-voicing on") if self.settings.self_voicing else _("Self-voicing off")
        self.notify(words)
        self.speech.say(words)

    def play_sound(self, name: str) -> None:
        if self.audio is not None:
            try:
                self.audio.play(name)
            except Exception:
                log.exception("could not play %s", name)

    def request_quit(self) -> None:
        """The window is closing (or Ctrl+Q): the scene on top may ask first (a game in
        progress asks, and is saved whatever the answer); otherwise the app quits."""
        scene = self.manager.current
        try:
            asked = scene is not None and scene.request_quit()
        except Exception:  # a scene that cannot ask must not keep the app open
            log.exception("scene %s failed to ask before quitting", scene.name if scene else None)
            asked = False
        if not asked:
            self.quit()

    def notify(self, text: str) -> None:
        """Show `text` in a banner at the top of the screen for a few seconds, at once; a notice
        it covers is shown again afterwards for the time it had left (at most MAX_NOTICES wait)."""
        with contextlib.suppress(Exception):  # a notice reaches the screen whatever logging does
            log.info("notice: %s", text)
        waiting = [n for n in self.notices if n[0] != text]
        for notice in waiting:
            notice[1] += NOTICE_SECONDS
        self.notices = [*waiting[-(MAX_NOTICES - 1) :], [text, NOTICE_SECONDS]]
        self._dirty = True

    def _recover(self, scene: Scene, error: BaseException) -> Scene:
        from scenes.screens.menu import MenuScene

        if self.kiosk_control is not None:
            return self.kiosk_control.recover(scene, error)

        # the scene's own name (an internal id) goes to the log only, with the error
        self.notify(_("Sorry, that screen hit a problem and was closed (details are in the log)."))
        return MenuScene(self)

    # --- the loop ---------------------------------------------------------------------------------
    def frame(self, dt: float, elapsed: float | None = None) -> bool:
        """One frame: input, update, and, if anything changed, draw and show.

        `dt` is the animation step (capped), `elapsed` the real time since the last frame
        (notices and the idle time count it; default `dt`). Returns True if a picture was drawn;
        the work time of drawn frames is recorded in `frame_ms`."""
        start = time.perf_counter()
        elapsed = dt if elapsed is None else elapsed
        if self.phone_table is not None and self.phone_table.poll():
            self._dirty = True  # a phone joined, left or moved
        for event in pygame.event.get():
            self._dispatch(event)
        self.idle_seconds += elapsed
        kiosk = self.kiosk_control
        changing = self.manager.animating or (kiosk is not None and kiosk.animating)
        timer = self.manager.wake_in()  # a scene's picture changes during this frame's update
        if timer is not None and timer <= dt:
            self._dirty = True
        self.manager.update(dt)
        self.speech.end_frame()
        if kiosk is not None:
            kiosk.tick(elapsed)
        self._age_notices(elapsed)
        self._save_window_size()
        self.frames += 1
        if not (self._dirty or changing or self.manager.animating or (kiosk and kiosk.animating)):
            if self._refresh:
                self._refresh = False
                self.screen.refresh()
            return False
        self._dirty = self._refresh = False
        self.screen.present(self.draw_frame(), shade=self.manager.fade_alpha)
        self.frames_drawn += 1
        self.frame_ms.append((time.perf_counter() - start) * 1000)
        return True

    def draw_frame(self) -> list[pygame.Rect] | None:
        """Draw the frame on the canvas; the canvas rectangles that changed since the last
        frame, or None if it is to be shown whole (see `scenes.canvas`; --present-whole draws
        and shows every frame whole)."""
        canvas = self.canvas
        scenes = self.manager.drawn
        if self.options.present_whole or scenes == self._unrecordable:
            self._draw_all()  # (a scene found unrecordable stays drawn directly while shown)
            return None
        canvas.record()
        try:
            self._draw_all()
        except BaseException:
            canvas.forget()
            raise
        if canvas.unrecordable:  # it reads the canvas while drawing: drawn whole, directly
            canvas.forget()
            self._unrecordable = scenes
            self._draw_all()
            return None
        self._unrecordable = []
        return canvas.finish()

    def _draw_all(self) -> None:
        self.manager.draw(self.canvas)
        self.focus.draw(self.canvas, self.manager)
        if self.kiosk_control is not None:
            self.kiosk_control.draw(self.canvas)
        self._draw_notices()

    def _age_notices(self, elapsed: float) -> None:
        if not self.notices:
            return
        for notice in self.notices:
            notice[1] -= elapsed
        kept = [n for n in self.notices if n[1] > 0]
        if len(kept) != len(self.notices) or kept[-1][1] <= NOTICE_FADE_SECONDS:
            self._dirty = True  # one went away, or the one shown is fading
        self.notices = kept

    def idle_timeout(self) -> float:
        """How long the loop may sleep before something changes on its own (0: draw now)."""
        kiosk = self.kiosk_control
        if self._dirty or self._refresh or self.manager.animating or (kiosk and kiosk.animating):
            return 0.0
        timeout = IDLE_WAKE_SECONDS
        timer = self.manager.wake_in()
        if timer is not None:
            timeout = min(timeout, timer)
        if kiosk is not None:
            timeout = min(timeout, kiosk.wake_in())
        if self.notices:
            timeout = min(timeout, self.notices[-1][1] - NOTICE_FADE_SECONDS)
        if self._save_size_at is not None:
            timeout = min(timeout, self._save_size_at - time.monotonic())
        return max(0.0, timeout)

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type in _WINDOW_EVENTS:
            self._window_event(event)
            if self.kiosk_control is not None:
                self.kiosk_control.window_event(event)
            self.manager.handle(event)  # scenes may listen; the canvas is not redrawn for it
            return
        self._dirty = True  # input (or a timer, or anything else): the picture may change
        self.screen.to_canvas(event)
        for one in self.touch.translate(event):  # fingers become mouse events, once
            self._dispatch_input(one)

    def _dispatch_input(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            if self.kiosk:  # a stand never closes from the window: the chord or a signal
                log.info("kiosk: a request to close the window was ignored")
            else:
                self.request_quit()
            return
        if event.type in (pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED):
            self.pads.handle(event)
            return
        if event.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.KEYDOWN,
            pygame.FINGERDOWN,
            pygame.MOUSEMOTION,
            pygame.CONTROLLERBUTTONDOWN,
            pygame.CONTROLLERAXISMOTION,
        ):
            self.idle_seconds = 0.0
        if event.type == pygame.KEYDOWN:
            mods = event.mod
            if event.key == pygame.K_F11 and not self.kiosk:
                self.toggle_fullscreen()
                self.settings.fullscreen = self.fullscreen
                self.store.save(self.settings)
                return
            if event.key == pygame.K_q and mods & pygame.KMOD_CTRL and not self.kiosk:
                if mods & pygame.KMOD_SHIFT:  # the chord quits at once (a kiosk's is held)
                    self.quit()
                else:
                    self.request_quit()
                return
        if self.kiosk_control is not None and self.kiosk_control.handle(event):
            return
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and self.notices
            and self._notice_rect().collidepoint(event.pos)
        ):
            self.notices.clear()
            return
        self.focus.dispatch(event, self.manager)

    def run(self, frames: int | None = None, fixed_dt: float | None = None) -> None:
        """Run frames until the app quits, or until `frames` frames (or --frames) have run.

        A frame is one pass of the loop: input, update, and a redraw only if something changed.
        Frames come at most 60 a second (unless --uncapped). A counted run (`frames`, --frames or
        `fixed_dt`) never sleeps longer than that, so an idle screen's frames still count and N
        frames take about N/60 s; an uncounted run sleeps while idle until an event or a timer.
        """
        limit = frames if frames is not None else self.options.frames
        counted = limit is not None or fixed_dt is not None
        watchdog = self.kiosk_control.watchdog if self.kiosk_control is not None else None
        if watchdog is not None:
            watchdog.watch(True)
        try:
            self._loop(limit, counted, fixed_dt)
        finally:
            if watchdog is not None:
                watchdog.watch(False)

    def _loop(self, limit: int | None, counted: bool, fixed_dt: float | None) -> None:
        done = 0
        while self.running and (limit is None or done < limit):
            if fixed_dt is not None:
                dt = elapsed = fixed_dt
            else:
                woke = False
                if not counted:
                    timeout = self.idle_timeout()
                    if timeout > 0:
                        self.waiter.wait(timeout)
                        woke = True
                if not self.options.uncapped:
                    frame_due(1 / FPS)  # (a thinking computer stops in time for the frame)
                ms = self.clock.tick() if self.options.uncapped else self.clock.tick(FPS)
                elapsed = ms / 1000
                dt = min(elapsed, 0.1) if done and not woke else 1 / FPS
                if not done:
                    elapsed = dt
            began = time.perf_counter()
            try:
                with drawing_frame(), no_collection():  # (a collection due runs after it)
                    self.frame(dt, elapsed)
            except Stalled as error:  # the watchdog caught the loop stuck outside a scene
                if self.kiosk_control is None:
                    raise
                self.manager.recover_from(error)
            done += 1
            self._sample_memory()
            if fixed_dt is None and time.perf_counter() - began < RENDER_AHEAD_BEFORE:
                # (in the time the loop would wait: work asked for ahead, else a picture)
                ahead.do_next() or art.render_next_ahead()
            if (fixed_dt is not None or self.options.uncapped) and thinking_anywhere():
                time.sleep(THINKING_SHARE)  # no frame wait: let the computer's thread run

    def stats(self) -> dict[str, object]:
        """Frame figures of the run so far: frames run and drawn, and the work time (input,
        update, draw, show; not the wait) of the last FRAME_STATS drawn frames."""
        times = sorted(self.frame_ms)
        mean = sum(times) / len(times) if times else 0.0
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))] if times else 0.0
        scene = self.manager.current
        return {
            "seconds": round(time.monotonic() - self.started, 1),
            "frames": self.frames,
            "frames_drawn": self.frames_drawn,
            "frame_ms_mean": round(mean, 3),
            "frame_ms_p99": round(p99, 3),
            "scene": scene.name if scene else None,
            "games_finished": self.games_finished,
            "games_finished_per_game": dict(sorted(self.finished_per_game.items())),
            **self._memory_figures(),
        }

    def _sample_memory(self) -> None:
        if self.frames == MEMORY_SAMPLE_FRAME:
            self.rss_at_sample = rss_mb()

    def _memory_figures(self) -> dict[str, object]:
        now, peak = rss_mb(), peak_rss_mb()
        if peak is not None and now is not None:
            peak = max(peak, now)  # (the kernel's peak is brought up to date lazily)
        figures: dict[str, object] = {"peak_rss_mb": peak, "rss_mb": now}
        if self.rss_at_sample is not None:
            figures[f"rss_mb_at_frame_{MEMORY_SAMPLE_FRAME}"] = self.rss_at_sample
            if now is not None:
                growth = 100 * (now - self.rss_at_sample) / self.rss_at_sample
                figures[f"rss_growth_pct_since_frame_{MEMORY_SAMPLE_FRAME}"] = round(growth, 1)
        return figures

    def screenshot(self, path: Path) -> None:
        """Save the canvas as a PNG at `path` (whatever its extension; its folder made if
        missing), checked whole before it is published; OSError, with the reason, if it cannot
        be written there."""
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except ValueError as error:
            raise OSError(str(error)) from error
        write_png_checked(path, self.canvas)

    def close(self) -> None:
        if self.kiosk_control is not None:
            with contextlib.suppress(Exception):
                self.kiosk_control.close()  # figures written, watchdog stopped
        for number, handler in self._signal_handlers.items():
            signal.signal(number, handler)
        while self.manager.stack:
            self.manager._leave(self.manager.stack.pop())
        if self.phone_table is not None:
            self.phone_table.close(_("The app on the big screen was closed."))
        self._save_window_size(now=True)
        self.release_slots()
        art.keep_rendered(None)  # this app's data folder is not the next one's
        self.speech.close()
        self.screen.close()
        pygame.display.quit()
        thaw()
        app_log.stop_logging()  # the log file's folder may go away with the app (tests, benchmarks)

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
        lines, size = fit_lines(text, size, rect.width - 60, 2)
        step = fonts.font(size).get_linesize()
        y = rect.height // 2 - step * len(lines) // 2
        for line in lines:
            surface = fonts.text(line, size, PAPER)
            banner.blit(surface, surface.get_rect(midtop=(rect.width // 2, y)))
            y += step
        return banner


if TYPE_CHECKING:
    _SERVES: type[AppServices] = App  # the app offers every service its scenes ask for


#: window events: they do not redraw the canvas (those of _REFRESH_EVENTS show it again)
_WINDOW_EVENTS = frozenset(
    {
        pygame.WINDOWSHOWN,
        pygame.WINDOWEXPOSED,
        pygame.WINDOWMOVED,
        pygame.WINDOWRESIZED,
        pygame.WINDOWSIZECHANGED,
        pygame.WINDOWMINIMIZED,
        pygame.WINDOWMAXIMIZED,
        pygame.WINDOWRESTORED,
        pygame.WINDOWENTER,
        pygame.WINDOWLEAVE,
        pygame.WINDOWFOCUSGAINED,
        pygame.WINDOWFOCUSLOST,
        pygame.WINDOWTAKEFOCUS,
        pygame.WINDOWHITTEST,
        pygame.WINDOWDISPLAYCHANGED,
        pygame.VIDEORESIZE,
        pygame.VIDEOEXPOSE,
        pygame.ACTIVEEVENT,
    }
)

#: the window events after which the picture is shown again (rescaled if the size changed)
_REFRESH_EVENTS = frozenset(
    {
        pygame.WINDOWSHOWN,
        pygame.WINDOWEXPOSED,
        pygame.WINDOWRESIZED,
        pygame.WINDOWSIZECHANGED,
        pygame.WINDOWMAXIMIZED,
        pygame.WINDOWRESTORED,
        pygame.WINDOWDISPLAYCHANGED,
        pygame.VIDEORESIZE,
        pygame.VIDEOEXPOSE,
    }
)


def _quit_on_signals(quit_app: Callable[[], None]) -> dict[int, Any]:
    """SIGTERM and SIGINT end the app at once, cleanly (the loop ends, scenes leave and a game in
    progress is saved), without the question a closed window asks. Returns the handlers they
    replace (only the main thread may set them; elsewhere nothing changes)."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    # held weakly: the next app keeps this handler to put back when it closes, and an app left
    # unclosed (tests make hundreds a process) must not be kept alive by the one after it
    quit_ref = weakref.WeakMethod(quit_app)

    def on_signal(*_: object) -> None:
        quit_now = quit_ref()
        if quit_now is not None:
            quit_now()

    replaced: dict[int, Any] = {}
    for number in (signal.SIGTERM, signal.SIGINT):
        replaced[number] = signal.signal(number, on_signal)
    return replaced


def _make_audio(settings: Settings) -> Audio | None:
    try:
        from scenes.kit.audio import Audio

        return Audio(settings.master_volume, settings.effects_volume, settings.cue_volumes())
    except Exception:  # no kit audio yet, or no device: the app runs silently
        log.warning("sound is off", exc_info=True)
        return None
