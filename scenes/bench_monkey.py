"""`python main.py bench monkey`: random input on every scene, looking for crashes.

The monkey drives the real app from outside, as a player would: it only posts pygame events
(clicks, drags, finger touches, wheel turns, keys and typed text, window resizes, focus losses)
and runs frames. It never posts QUIT nor the quit chord Ctrl+Shift+Q; when the menu's Quit
button is hit it counts the quit and carries on from the menu.

It drives whatever scene is on top, so it knows no scene (half its clicks land on the top
scene's `button_rects` when it offers them, as every scene does). To cover every scene it
starts from *stations*, each reached through the app's own navigation: the menu, each game's
setup and rules, the settings, every registered board (`scenes.boards.BOARD_SCENES`) in hot
seat, against computers and computers only, each game's results after a random game, and the
hand-over screen. A new board is covered as soon as it is registered; `STATIONS_EXTRA` takes
one line for a scene the navigation cannot reach that way.

After every frame on a board (a game's own, or the one inside the replay viewer) the monkey also
checks that the board's state equals its start state with its move list replayed: a state that
drifts from its record (undo, a computer's move, a hand-over) is reported in `drifts`.

A run fails if an exception escapes the app, the scene manager had to recover from a crash
(`app.manager.crashes`), or a board's state drifted from its replay. It reports the frames run
and the worst frame's time (post + frame): its wall time, and the main thread's CPU time
(which other processes do not inflate).
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import time
import traceback
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.arguments import Parser, any_integer, integer, number

CANVAS = (1920, 1080)
#: Keys the monkey presses (with random modifiers, never Ctrl+Shift+Q), F11 included: the
#: fullscreen toggle no longer re-creates the display, so it survives the dummy driver.
KEYS = (
    pygame.K_F11,
    pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_TAB,
    pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
    pygame.K_DOWN, pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
    pygame.K_F1, pygame.K_a, pygame.K_h, pygame.K_m, pygame.K_n, pygame.K_q,
    pygame.K_r, pygame.K_s, pygame.K_u, pygame.K_y, pygame.K_z, pygame.K_1, pygame.K_2,
    pygame.K_3, pygame.K_4, pygame.K_0, pygame.K_MINUS, pygame.K_PLUS,
)  # fmt: skip
MODS = (0, 0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_ALT, pygame.KMOD_META)
#: What the monkey types: letters, spaces, accents, emoji, zero-width and right-to-left marks.
TEXT = ("a", "Z", " ", "é", "ß", "Ω", "中", "😀", "\u200b", "\u202e", "\u0301", "-", "'", "9")
FOCUS = (
    pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWLEAVE, pygame.WINDOWENTER,
    pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED, pygame.WINDOWHIDDEN, pygame.WINDOWSHOWN,
    pygame.WINDOWEXPOSED, pygame.WINDOWMAXIMIZED,
)  # fmt: skip
#: Frame lengths the monkey feeds the loop: mostly 60 fps, sometimes a stall or no time at all.
DTS = (1 / 60,) * 8 + (0.0, 1 / 30, 0.1)


# --- stations: where a stretch of random input starts -------------------------------------------
@dataclass(frozen=True)
class Station:
    """A scene the monkey starts a stretch from: `enter(app)` brings it on top."""

    name: str
    enter: Callable[[Any], None]


def _seat_plans(players: int) -> dict[str, list[str]]:
    return {
        "hot seat": ["human"] * players,
        "against computers": ["human"] + ["ai:easy"] * (players - 1),
        "computers only": ["ai:hard"] * players,
    }


def _board(game: str, seats: list[str]) -> Callable[[Any], None]:
    def enter(app: Any) -> None:
        app.start_game(app.quick_setup(game, seats), fade=False)

    return enter


def _results(game: str, players: int) -> Callable[[Any], None]:
    def enter(app: Any) -> None:
        from game import GAMES
        from game.core import random_playout

        state = GAMES[game].new_game(players=players, seed=app.rng.randrange(2**31))
        start = state.clone()
        moves = random_playout(state, random.Random(app.rng.random()))
        seats = _seat_plans(players)["against computers"]
        app.show_results(app.quick_setup(game, seats), state, start, moves)

    return enter


def _replay(game: str, players: int) -> Callable[[Any], None]:
    """The replay viewer on a random game of `game` (as Watch replay opens it)."""

    def enter(app: Any) -> None:
        from game import GAMES
        from game.core import random_playout
        from scenes.kit.saved_game import SavedGame
        from scenes.replay_viewer import ReplayScene

        state = GAMES[game].new_game(players=players, seed=app.rng.randrange(2**31))
        start = state.clone()
        moves = random_playout(state, random.Random(app.rng.random()))
        setup = app.quick_setup(game, _seat_plans(players)["against computers"])
        app.go_menu()
        app.manager.push(ReplayScene(app, SavedGame.of(setup, start, moves)), fade=False)

    return enter


def _handover(app: Any) -> None:
    colour = app.quick_setup(next(iter(_games())), ["human", "human"]).colours[1]
    app.handover("Player 2", colour, lambda: None)


def _games() -> dict[str, Any]:
    from scenes.boards import GAMES

    return GAMES


#: Scenes the navigation below cannot reach; one line each: Station("name", enter).
STATIONS_EXTRA: list[Station] = []


def stations() -> list[Station]:
    """Every scene reachable from the menu, with the boards registered now."""
    from scenes.boards import BOARD_SCENES

    games = _games()
    found = [Station("menu", lambda app: app.go_menu())]
    found += [Station(f"setup {g}", lambda app, g=g: app.open_setup(g)) for g in games]
    found += [Station(f"rules {g}", lambda app, g=g: app.open_rules(g)) for g in games]
    found.append(Station("settings", lambda app: app.open_settings()))
    for game in BOARD_SCENES:
        players = min(games[game].player_counts)
        for plan, seats in _seat_plans(players).items():
            found.append(Station(f"board {game} {plan}", _board(game, seats)))
    for game, info in games.items():
        found.append(Station(f"results {game}", _results(game, max(info.player_counts))))
    found.append(Station("handover", _handover))
    found.append(Station("replays", lambda app: app.open_replays()))
    for game, info in games.items():
        found.append(Station(f"replay {game}", _replay(game, max(info.player_counts))))
    return found + STATIONS_EXTRA


# --- random input -------------------------------------------------------------------------------
def _event(kind: int, **attrs: Any) -> pygame.event.Event:
    return pygame.event.Event(kind, attrs)


class Monkey:
    """Random input for the scene on top, as batches of events for the coming frames."""

    def __init__(self, rng: random.Random, keys: tuple[int, ...] = KEYS):
        self.rng = rng
        self.keys = keys
        self.coming: deque[list[pygame.event.Event]] = deque()

    def next_events(self, scene: Any) -> list[pygame.event.Event]:
        """The events to post before the next frame (a gesture spans several frames)."""
        if not self.coming and self.rng.random() < 0.6:
            self.coming.extend(self._gesture(scene))
        return self.coming.popleft() if self.coming else []

    def _gesture(self, scene: Any) -> list[list[pygame.event.Event]]:
        kinds = (
            (self._click, 30),
            (self._drag, 8),
            (self._touch, 6),
            (self._wheel, 4),
            (self._key, 14),
            (self._typing, 6),
            (self._resize, 2),
            (self._focus, 3),
            (self._hover, 10),
        )
        make = self.rng.choices([k for k, _ in kinds], [w for _, w in kinds])[0]
        return make(scene)

    # positions: on a button of the scene half the time, anywhere (even off the canvas) else
    def _pos(self, scene: Any) -> tuple[int, int]:
        rects = list(getattr(scene, "button_rects", {}).values())
        if rects and self.rng.random() < 0.5:
            rect = self.rng.choice(rects)
            return (
                self.rng.randint(rect.left, max(rect.left, rect.right - 1)),
                self.rng.randint(rect.top, max(rect.top, rect.bottom - 1)),
            )
        if self.rng.random() < 0.05:
            return (
                self.rng.randint(-200, CANVAS[0] + 200),
                self.rng.randint(-200, CANVAS[1] + 200),
            )
        return (self.rng.randrange(CANVAS[0]), self.rng.randrange(CANVAS[1]))

    def _motion(self, pos: tuple[int, int], buttons: tuple[int, int, int]) -> pygame.event.Event:
        rel = (self.rng.randint(-40, 40), self.rng.randint(-40, 40))
        return _event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons, touch=False)

    def _button(self, kind: int, pos: tuple[int, int], button: int) -> pygame.event.Event:
        return _event(kind, pos=pos, button=button, touch=False)

    def _click(self, scene: Any) -> list[list[pygame.event.Event]]:
        pos = self._pos(scene)
        button = self.rng.choice((1, 1, 1, 1, 2, 3))
        down = self._button(pygame.MOUSEBUTTONDOWN, pos, button)
        up = self._button(pygame.MOUSEBUTTONUP, pos, button)
        if self.rng.random() < 0.5:
            return [[self._motion(pos, (0, 0, 0)), down, up]]
        return [[self._motion(pos, (0, 0, 0)), down], [up]]

    def _drag(self, scene: Any) -> list[list[pygame.event.Event]]:
        start, end = self._pos(scene), self._pos(scene)
        steps = self.rng.randint(2, 12)
        batches = [[self._button(pygame.MOUSEBUTTONDOWN, start, 1)]]
        for i in range(1, steps + 1):
            pos = (
                start[0] + (end[0] - start[0]) * i // steps,
                start[1] + (end[1] - start[1]) * i // steps,
            )
            batches.append([self._motion(pos, (1, 0, 0))])
        batches.append([self._button(pygame.MOUSEBUTTONUP, end, 1)])
        return batches

    def _touch(self, scene: Any) -> list[list[pygame.event.Event]]:
        finger = self.rng.randrange(3)
        x, y = (v / size for v, size in zip(self._pos(scene), CANVAS, strict=False))
        batches = [[self._finger(pygame.FINGERDOWN, finger, x, y, 0.0, 0.0)]]
        for _ in range(self.rng.randint(0, 6)):
            dx, dy = self.rng.uniform(-0.05, 0.05), self.rng.uniform(-0.05, 0.05)
            x, y = x + dx, y + dy
            batches.append([self._finger(pygame.FINGERMOTION, finger, x, y, dx, dy)])
        batches.append([self._finger(pygame.FINGERUP, finger, x, y, 0.0, 0.0)])
        return batches

    def _finger(self, kind: int, finger: int, x: float, y: float, dx: float, dy: float) -> Any:
        return _event(
            kind, touch_id=1, finger_id=finger, x=x, y=y, dx=dx, dy=dy, pressure=1.0, window=None
        )

    def _wheel(self, scene: Any) -> list[list[pygame.event.Event]]:
        x, y = self.rng.choice(((0, 1), (0, -1), (0, 3), (0, -5), (1, 0), (-1, 0)))
        wheel = _event(
            pygame.MOUSEWHEEL,
            x=x,
            y=y,
            flipped=False,
            precise_x=float(x),
            precise_y=float(y),
            touch=False,
            which=0,
        )
        return [[self._motion(self._pos(scene), (0, 0, 0)), wheel]]

    def _key(self, scene: Any) -> list[list[pygame.event.Event]]:
        key = self.rng.choice(self.keys)
        mod = self.rng.choice(MODS)
        if key == pygame.K_q:
            mod &= ~pygame.KMOD_SHIFT  # never the quit chord Ctrl+Shift+Q
        name = pygame.key.name(key)
        unicode = name if len(name) == 1 else ""
        down = _event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        up = _event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)
        return [[down], [up]]

    def _typing(self, scene: Any) -> list[list[pygame.event.Event]]:
        words = "".join(self.rng.choice(TEXT) for _ in range(self.rng.randint(1, 20)))
        return [[_event(pygame.TEXTINPUT, text=letter)] for letter in words]

    def _resize(self, scene: Any) -> list[list[pygame.event.Event]]:
        w, h = self.rng.choice(((640, 360), (800, 600), (1280, 720), (3840, 2160), (300, 900)))
        return [
            [
                _event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h),
                _event(pygame.WINDOWRESIZED, x=w, y=h),
                _event(pygame.WINDOWSIZECHANGED, x=w, y=h),
            ]
        ]

    def _focus(self, scene: Any) -> list[list[pygame.event.Event]]:
        kind = self.rng.choice(FOCUS)
        lost = kind in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN)
        active = _event(pygame.ACTIVEEVENT, gain=0 if lost else 1, state=1)
        return [[_event(kind), active], [] if lost else [_event(pygame.WINDOWFOCUSGAINED)]]

    def _hover(self, scene: Any) -> list[list[pygame.event.Event]]:
        return [[self._motion(self._pos(scene), (0, 0, 0))] for _ in range(self.rng.randint(1, 5))]


# --- the run ------------------------------------------------------------------------------------
@dataclass
class Report:
    """What one monkey run found."""

    seed: int
    frames: int = 0
    worst_frame_ms: float = 0.0  #: wall time of the slowest frame (posting + frame)
    worst_scene: str = ""
    worst_frame_cpu_ms: float = 0.0  #: the main thread's CPU time in its most costly frame
    scenes: set[str] = field(default_factory=set)
    quits: int = 0
    crashes: list[tuple[str, BaseException]] = field(default_factory=list)
    #: boards whose state was not their start state with their moves replayed: (scene, why)
    drifts: list[tuple[str, str]] = field(default_factory=list)
    #: frames on which a board's state was checked against its replay
    replay_checks: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "bench": "monkey",
            "seed": self.seed,
            "frames": self.frames,
            "worst_frame_ms": round(self.worst_frame_ms, 3),
            "worst_scene": self.worst_scene,
            "worst_frame_cpu_ms": round(self.worst_frame_cpu_ms, 3),
            "scenes": sorted(self.scenes),
            "quits": self.quits,
            "crashes": [f"{name}: {error!r}" for name, error in self.crashes],
            "replay_checks": self.replay_checks,
            "drifts": [f"{name}: {why}" for name, why in self.drifts],
        }


def run_monkey(app: Any, seed: int, frames: int, frames_per_station: int = 150) -> Report:
    """Random input on `app` for `frames` frames, going round the stations; an exception that
    escapes the app propagates. The report's `crashes` are the scene crashes recovered from."""
    rng = random.Random(seed)
    monkey = Monkey(rng, KEYS)
    report = Report(seed)
    route = stations()
    rng.shuffle(route)
    pygame.event.clear()
    while report.frames < frames:
        station = route[(report.frames // frames_per_station) % len(route)]
        if report.frames % frames_per_station == 0:
            monkey.coming.clear()
            station.enter(app)
        _one_frame(app, monkey, rng, report)
    report.crashes = list(app.manager.crashes)
    return report


def _one_frame(app: Any, monkey: Monkey, rng: random.Random, report: Report) -> None:
    scene = app.manager.current
    start, start_cpu = time.perf_counter(), time.thread_time()
    for event in monkey.next_events(scene):
        pygame.event.post(event)
    app.run(frames=1, fixed_dt=rng.choice(DTS))
    spent = (time.perf_counter() - start) * 1000
    report.worst_frame_cpu_ms = max(
        report.worst_frame_cpu_ms, (time.thread_time() - start_cpu) * 1000
    )
    top = app.manager.current
    name = top.name if top is not None else "none"
    report.scenes.add(name)
    report.frames += 1
    if spent > report.worst_frame_ms:
        report.worst_frame_ms, report.worst_scene = spent, name
    _check_replay(top, report)
    if not app.running:  # the menu's Quit button: a real outcome; carry on from the menu
        report.quits += 1
        app.running = True
        app.go_menu()


class _Replayed:
    """The last replay computed per board: (board, moves) -> the state's to_dict()."""

    key: tuple[int, tuple[str, ...]] | None = None
    value: Any = None


def _board_of(scene: Any) -> Any:
    from scenes.boards.base import BoardScene

    if isinstance(scene, BoardScene):
        return scene
    inner = getattr(scene, "board", None)  # the replay viewer's board
    return inner if isinstance(inner, BoardScene) else None


def _check_replay(scene: Any, report: Report) -> None:
    """The board on top (if any) must hold its start state with its moves replayed."""
    board = _board_of(scene)
    if board is None:
        return
    moves = tuple(board.moves)
    key = (id(board), moves)
    if _Replayed.key != key:
        state = board.start_state.clone()
        try:
            for move in moves:
                state.play(move)
        except Exception as error:
            report.drifts.append((scene.name, f"its move list does not replay: {error!r}"))
            _Replayed.key, _Replayed.value = key, None
            return
        _Replayed.key, _Replayed.value = key, state.to_dict()
    report.replay_checks += 1
    if _Replayed.value is not None and board.state.to_dict() != _Replayed.value:
        why = f"after {len(moves)} moves the state differs from its replay"
        if not report.drifts or report.drifts[-1] != (scene.name, why):
            report.drifts.append((scene.name, why))


def make_parser() -> Parser:
    parser = Parser(
        prog="python main.py bench monkey",
        description="Random input on every scene of the app (dummy video driver); one JSON "
        "line per seed; exit code 1 if a scene crashed or an error escaped the app.",
    )
    parser.add_argument(
        "--frames", type=integer(1, 100_000_000), default=20_000, help="frames per seed"
    )
    parser.add_argument("--seed", type=any_integer, default=1, help="the first seed (default 1)")
    parser.add_argument("--seeds", type=integer(1, 10_000), default=1, help="seeds to run")
    parser.add_argument(
        "--station-frames",
        type=integer(1, 1_000_000),
        default=150,
        help="frames of input from each station before the next (default 150)",
    )
    parser.add_argument(
        "--speed", type=number(0.1, 10), help="animation speed, as --speed of the app"
    )
    return parser


def main(argv: list[str]) -> int:
    args = make_parser().parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    failed = False
    for seed in range(args.seed, args.seed + args.seeds):
        report = _run_seed(seed, args)
        print(json.dumps(report.as_dict()), flush=True)
        for name, why in report.drifts:
            failed = True
            print(f"monkey: seed {seed}: the {name} scene's board drifted: {why}", file=sys.stderr)
        for name, error in report.crashes:
            failed = True
            print(f"monkey: seed {seed}: the {name} scene crashed:", file=sys.stderr)
            traceback.print_exception(error, file=sys.stderr)
    return 1 if failed else 0


def _run_seed(seed: int, args: Any) -> Report:
    """One run in a fresh app whose data folder is a temporary one (never the player's)."""
    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLETOP_TRIO_HOME"] = home
        from scenes.app import App, Options
        from scenes.kit.settings_store import SettingsStore

        app = App(Options(seed=seed, speed=args.speed), SettingsStore(home))
        try:
            return run_monkey(app, seed, args.frames, args.station_frames)
        finally:
            app.close()
