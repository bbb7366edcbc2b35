"""The app: command line, window, loop, letterboxed scaling, frame timing and scene changes.

Everything is drawn on a logical 1920x1080 canvas. The window (1280x720 by default, or
fullscreen) shows it scaled with letterboxing by pygame's SCALED mode, which also maps the mouse
into logical coordinates, so scenes read `event.pos` in canvas pixels at any window size.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import sys
import time
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from scenes.boards import GAMES, GameSetup, board_scene_class, is_playable, parse_seat
from scenes.kit import fonts
from scenes.kit.palette import INK, PAPER, seat_colours
from scenes.kit.settings_store import Settings, SettingsStore
from scenes.manager import FADE_SECONDS, Scene, SceneManager

log = logging.getLogger(__name__)

CANVAS_SIZE = (1920, 1080)
WINDOW_SIZE = (1280, 720)
FPS = 60
LOG_FILE = "tabletop-trio.log"
NOTICE_SECONDS = 7.0
HUMAN_NAMES = ("Player 1", "Player 2", "Player 3", "Player 4")
BOT_NAMES = ("Clover", "Pepper", "Biscuit", "Maple")


# --- the command line ---------------------------------------------------------------------------
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


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit code 2
        print(f"main.py: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def _positive_int(text: str) -> int:
    value = int(text)
    if value <= 0:
        raise ValueError
    return value


def _speed(text: str) -> float:
    value = float(text)
    if not 0.1 <= value <= 10:
        raise ValueError
    return value


_positive_int.__name__ = "positive integer"
_speed.__name__ = "speed between 0.1 and 10"


def make_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="main.py",
        description="Tabletop Trio: Whose Foods, Consequence and En blanc et noir on one screen.",
        epilog="Benchmarks: python main.py bench {rules,cards,frames} [args]",
    )
    parser.add_argument(
        "--game",
        choices=list(GAMES),
        help="open this game's setup (with --seats: start it at once)",
    )
    parser.add_argument(
        "--seats",
        metavar="SEATS",
        help="comma-separated seats, each human, ai or ai:LEVEL "
        "(LEVEL easy/normal/hard), e.g. human,ai:normal",
    )
    parser.add_argument("--seed", type=int, help="random seed for shuffles and computer players")
    parser.add_argument("--fullscreen", action="store_true", help="start fullscreen (F11 toggles)")
    parser.add_argument(
        "--kiosk",
        action="store_true",
        help="kiosk mode: fullscreen, no Quit button, quit with Ctrl+Shift+Q",
    )
    parser.add_argument(
        "--attract",
        action="store_true",
        help="start in attract mode (the self-playing demo; not built yet)",
    )
    parser.add_argument(
        "--frames",
        type=_positive_int,
        metavar="N",
        help="quit after N frames and print frame times as one JSON line",
    )
    parser.add_argument(
        "--screenshot",
        type=Path,
        metavar="PATH",
        help="save the last frame as a PNG when the app quits",
    )
    parser.add_argument(
        "--speed",
        type=_speed,
        metavar="X",
        help="animation speed factor (overrides the setting), e.g. 2",
    )
    parser.add_argument("--uncapped", action="store_true", help="do not cap the frame rate at 60")
    return parser


def parse_args(argv: Sequence[str]) -> Options:
    """The options of `argv`; a wrong value prints one line and raises SystemExit(2)."""
    parser = make_parser()
    args = parser.parse_args(list(argv))
    seats = None
    if args.seats is not None:
        if args.game is None:
            parser.error("--seats needs --game")
        try:
            seats = tuple(parse_seat(part) for part in args.seats.split(","))
        except ValueError as error:
            parser.error(f"argument --seats: {error}")
        counts = GAMES[args.game].player_counts
        if len(seats) not in counts:
            allowed = ", ".join(map(str, counts))
            parser.error(
                f"argument --seats: {GAMES[args.game].title} takes {allowed} seats, "
                f"not {len(seats)}"
            )
    return Options(
        game=args.game,
        seats=seats,
        seed=args.seed,
        fullscreen=args.fullscreen or args.kiosk,
        kiosk=args.kiosk,
        attract=args.attract,
        frames=args.frames,
        screenshot=args.screenshot,
        speed=args.speed,
        uncapped=args.uncapped,
    )


# --- the app --------------------------------------------------------------------------------------
class App:
    """One window, one canvas, one scene manager; scenes reach the rest of the app through it."""

    def __init__(self, options: Options | None = None, store: SettingsStore | None = None):
        self.options = options or Options()
        self.store = store or SettingsStore()
        self.log_path = _start_logging(self.store.folder)
        self.settings: Settings = self.store.load()
        self.kiosk = self.options.kiosk
        self.attract = self.options.attract
        self.rng = random.Random(self.options.seed)
        self.running = True
        self.frames = 0
        self.frame_ms: list[float] = []
        self.games_finished = 0
        self.idle_seconds = 0.0
        self.notices: list[list[Any]] = []  # [text, seconds left]
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
        if self.store.notice:
            self.notify(self.store.notice)
        self._first_scene()

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

    # --- scene changes used by the scenes -------------------------------------------------------
    def _first_scene(self) -> None:
        from scenes.menu import MenuScene

        game = self.options.game
        if self.attract:
            self.notify("Attract mode is not built yet: showing the menu.")
        if game is None:
            self.manager.switch(MenuScene(self), fade=False)
        elif self.options.seats and is_playable(game):
            self.start_game(self.quick_setup(game, self.options.seats), fade=False)
        else:
            self.open_setup(game, seats=self.options.seats, fade=False)
            if self.options.seats:
                self.notify(f"{GAMES[game].title} is coming soon: its board is not built yet.")

    def go_menu(self, notice: str | None = None) -> None:
        from scenes.menu import MenuScene

        self.manager.switch(MenuScene(self))
        if notice:
            self.notify(notice)

    def open_setup(self, game: str, seats: Sequence[str] | None = None, fade: bool = True) -> None:
        from scenes.setup import SetupScene

        self.manager.switch(SetupScene(self, game, seats=seats), fade=fade)

    def open_rules(self, game: str | None = None) -> None:
        from scenes.rules_screen import RulesScene

        self.manager.push(RulesScene(self, game), fade=True)

    def open_settings(self) -> None:
        from scenes.settings_screen import SettingsScene

        self.manager.push(SettingsScene(self), fade=True)

    def back(self) -> None:
        """Close the scene on top (rules, settings) and return to the one below."""
        if len(self.manager.stack) > 1:
            self.manager.pop(fade=True)
        else:
            self.go_menu()

    def start_game(self, setup: GameSetup, fade: bool = True) -> bool:
        """Switch to the board scene of `setup.game`; False (with a notice) if it has none."""
        try:
            board = board_scene_class(setup.game)
        except ValueError as error:
            self.notify(str(error))
            return False
        try:
            scene = board(self, setup)
        except Exception:  # a broken board must not take the app down: stay where we are
            log.exception("the %s board scene could not start", setup.game)
            self.notify(
                f"Sorry, {GAMES[setup.game].title} could not start. Details: {self.log_path}"
            )
            return False
        self.manager.switch(scene, fade=fade)
        return True

    def show_results(
        self, setup: GameSetup, final_state: Any, start_state: Any = None, moves: Sequence[Any] = ()
    ) -> None:
        """Show the results of a finished game (called by board scenes)."""
        from scenes.results import ResultsScene

        self.games_finished += 1
        self.manager.switch(ResultsScene(self, setup, final_state, start_state, moves))

    def handover(self, name: str, colour: Any, on_ready: Any) -> None:
        """Push the privacy screen "Pass to <name>"; `on_ready()` runs when they click."""
        from scenes.handover import HandoverScene

        self.manager.push(HandoverScene(self, name, colour, on_ready))

    def quit(self) -> None:
        self.running = False

    # --- setups -----------------------------------------------------------------------------------
    def default_names(self, seats: Sequence[str]) -> tuple[str, ...]:
        return tuple(
            HUMAN_NAMES[i] if seat == "human" else BOT_NAMES[i] for i, seat in enumerate(seats)
        )

    def quick_setup(self, game: str, seats: Sequence[str]) -> GameSetup:
        """A setup from the command line: default names and colours, remembered options."""
        info = GAMES[game]
        remembered = self.settings.last_setup.get(game, {}).get("options", {})
        options = {o.key: bool(remembered.get(o.key, o.default)) for o in info.options}
        colours = tuple(seat_colours(self.settings.colour_scheme)[: len(seats)])
        return GameSetup(
            game, tuple(seats), self.default_names(seats), colours, options, self.new_seed(), 0
        )

    def new_seed(self) -> int:
        return self.rng.randrange(2**31)

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
        """Show `text` in a banner at the top of the screen for a few seconds."""
        log.info("notice: %s", text)
        self.notices.append([text, NOTICE_SECONDS])

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
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.canvas, str(path))

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


_file_handler: logging.Handler | None = None


def _stop_logging() -> None:
    """Stop writing to the log file of the last app started."""
    global _file_handler
    if _file_handler is not None:
        logging.getLogger().removeHandler(_file_handler)
        _file_handler.close()
        _file_handler = None


def _start_logging(folder: Path) -> Path:
    """Log warnings and crashes to the log file in the user data folder; returns its path."""
    global _file_handler
    path = Path(folder) / LOG_FILE
    root = logging.getLogger()
    _stop_logging()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _file_handler = logging.FileHandler(path, encoding="utf-8", delay=True)
    except OSError:
        return path
    _file_handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    _file_handler.setLevel(logging.INFO)
    root.addHandler(_file_handler)
    if root.level == logging.NOTSET or root.level > logging.INFO:
        root.setLevel(logging.INFO)
    return path


def _make_audio(settings: Settings) -> Any:
    try:
        from scenes.kit.audio import Audio

        return Audio(settings.master_volume, settings.effects_volume)
    except Exception:  # no kit audio yet, or no device: the app runs silently
        log.warning("sound is off", exc_info=True)
        return None


def run(argv: Sequence[str]) -> int:
    """`python main.py [options]`: run the app; returns the exit code."""
    options = parse_args(argv)
    try:
        app = App(options)
    except pygame.error as error:
        print(f"main.py: error: cannot open the window: {error}", file=sys.stderr)
        return 1
    code = 0
    try:
        app.run()
    except Exception:  # the last guard: log it, say where, leave cleanly
        log.exception("the app stopped on an error")
        print(
            f"main.py: error: the app stopped on an error; details in {app.log_path}",
            file=sys.stderr,
        )
        code = 1
    finally:
        if options.screenshot is not None:
            app.screenshot(options.screenshot)
        if options.frames is not None:
            print(json.dumps(app.stats()), flush=True)
        app.close()
    return code


if __name__ == "__main__":
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.exit(run(sys.argv[1:]))
