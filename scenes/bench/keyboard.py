"""`python main.py bench keyboard`: every game played without a mouse, from the menu through its
setup to a finished game against a Beginner computer and back to the menu, once by posted key
presses only and once by posted controller events only (the d-pad's directions as the left
stick leaning, A, B and the shoulder buttons).

The player reads the screen (where the focus ring is, where the control it wants stands, which
legal move to make) and acts only by presses: arrows toward the control (Tab through the
reading order if the arrows cannot reach it), then Enter. One JSON line per game and input:
{"game", "input": "keys"|"gamepad", "finished", "presses", "moves"}. `play_without_mouse` is
shared with the tests. Settings live in a temporary folder.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
from collections import deque
from typing import TYPE_CHECKING, Any

import pygame

from scenes.arguments import Parser
from scenes.kit.focus import Target, nearest, targets
from scenes.kit.keymap import DIRECTIONS, Action

if TYPE_CHECKING:
    from scenes.app import App

FRAME = 1 / 60
#: presses after which a game that never ends is given up
PRESS_LIMIT = 20000
SETTLE_FRAMES = 3000

_KEYS = {
    Action.UP: pygame.K_UP,
    Action.DOWN: pygame.K_DOWN,
    Action.LEFT: pygame.K_LEFT,
    Action.RIGHT: pygame.K_RIGHT,
    Action.NEXT: pygame.K_TAB,
    Action.ACTIVATE: pygame.K_RETURN,
    Action.BACK: pygame.K_ESCAPE,
}
_PAD_BUTTONS = {
    Action.NEXT: pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
    Action.ACTIVATE: pygame.CONTROLLER_BUTTON_A,
    Action.BACK: pygame.CONTROLLER_BUTTON_B,
}
#: a direction as the left stick leaning: (axis, sign)
_STICK = {
    Action.UP: (pygame.CONTROLLER_AXIS_LEFTY, -1),
    Action.DOWN: (pygame.CONTROLLER_AXIS_LEFTY, 1),
    Action.LEFT: (pygame.CONTROLLER_AXIS_LEFTX, -1),
    Action.RIGHT: (pygame.CONTROLLER_AXIS_LEFTX, 1),
}


class NoMouse:
    """A player of the app who has only a keyboard, or only a pad."""

    def __init__(self, app: App, device: str) -> None:
        self.app = app
        self.device = device  #: "keys" or "gamepad"
        self.presses = 0

    # --- presses ----------------------------------------------------------------------------------
    def press(self, action: Action) -> None:
        """Post one press of `action` on the device and let the app settle."""
        self.presses += 1
        if self.presses > PRESS_LIMIT:
            raise RuntimeError(f"no end after {PRESS_LIMIT} presses")
        for event in self.events(action):
            pygame.event.post(event)
        self.settle()

    def events(self, action: Action) -> list[pygame.event.Event]:
        if self.device == "keys":
            key = _KEYS[action]
            return [
                pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""),
                pygame.event.Event(pygame.KEYUP, key=key, mod=0),
            ]
        if action in _STICK:
            axis, sign = _STICK[action]
            return [
                pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=axis, value=sign * 32000),
                pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=axis, value=0),
            ]
        button = _PAD_BUTTONS[action]
        return [
            pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button),
            pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button),
        ]

    def settle(self) -> None:
        """Frames until the screen waits for the person (a computer's turn played out)."""
        app = self.app
        app.run(frames=2, fixed_dt=FRAME)
        for _ in range(SETTLE_FRAMES):
            scene = app.manager.current
            if not app.manager.busy and getattr(scene, "waiting_for_input", True):
                return
            app.run(frames=1, fixed_dt=FRAME)

    # --- the focus --------------------------------------------------------------------------------
    def focused(self) -> Target | None:
        scene = self.app.manager.current
        if scene is None or not self.app.focus.shown:
            return None
        return self.app.focus.current(scene)

    def go_to(self, where: pygame.Rect) -> None:
        """Move the ring onto the control at `where` (the control whose centre is nearest to
        its centre: a hovered card lifts a little) by the fewest arrow presses that reach it
        (the focus's own nearest-control moves, planned again after each press), else by the
        reading order."""
        scene: Any = self.app.manager.current
        if self.focused() is None:
            self.press(Action.NEXT)  # the first press shows the ring
        for _ in range(60):
            here, goal = self.focused(), self.goal(scene, where)
            if here is None or here.name == goal.name or not self.on(scene):
                return
            way = first_step(targets(scene), here, goal)
            if way is None:
                break
            self.press(way)
        for _ in range(len(targets(scene)) + 1):
            here = self.focused()
            if here is None or here.name == self.goal(scene, where).name:
                return
            self.press(Action.NEXT)
        raise RuntimeError(f"the focus never reached {where} on {scene}")

    def on(self, scene: object) -> bool:
        """`scene` is still the one on top."""
        return self.app.manager.current is scene

    @staticmethod
    def goal(scene: Any, where: pygame.Rect) -> Target:
        """The control of `scene` at `where`."""
        return min(targets(scene), key=lambda t: _distance(t.rect.center, where.center))

    def choose(self, where: pygame.Rect) -> None:
        """Move to the control at `where` and press it."""
        self.go_to(where)
        self.press(Action.ACTIVATE)


def first_step(found: list[Target], start: Target, goal: Target) -> Action | None:
    """The first arrow of the shortest way from `start` to `goal` by the focus's moves to the
    nearest control (None: the arrows cannot reach it)."""
    by_name = {target.name: target for target in found}
    first: dict[str, Action | None] = {start.name: None}
    queue = deque([start.name])
    while queue:
        name = queue.popleft()
        for way in DIRECTIONS:
            step = nearest(by_name[name].rect, found, way) if name in by_name else None
            if step is None or step.name in first:
                continue
            first[step.name] = first[name] or way
            if step.name == goal.name:
                return first[step.name]
            queue.append(step.name)
    return None


def _distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def play_without_mouse(
    app: App, game: str, device: str, seed: int = 1, player: NoMouse | None = None
) -> dict[str, Any]:
    """Menu -> setup (seat 2 a Beginner computer) -> a whole game -> results -> menu, by
    presses of `device` only (or of `player`: one pressing real keys); the run's figures."""
    rng = random.Random(seed)
    player = NoMouse(app, device) if player is None else player
    player.settle()
    menu: Any = app.manager.current
    player.choose(menu.button_rects[game])
    setup: Any = app.manager.current
    if getattr(setup, "name", "") != "setup":
        raise RuntimeError(f"the menu opened {setup} for {game}")
    _seat_a_beginner(player, setup)
    player.choose(setup.button_rects["Start"])
    moves = 0
    while True:
        scene: Any = app.manager.current
        name = getattr(scene, "name", "")
        if name == "results":
            player.choose(scene.button_rects["Menu"])
            break
        if name == "handover":
            player.press(Action.ACTIVATE)
            continue
        if name != "board":
            raise RuntimeError(f"{game}: the game left the board for {name}")
        if not (scene.human_to_move and scene.presenter.idle):
            player.settle()
            app.run(frames=1, fixed_dt=FRAME)
            continue
        played = len(scene.record.moves)
        move = rng.choice(scene.state.legal_moves())
        for _ in range(6):  # each click of the move's path, from the input as it stands
            path = scene.click_path(move)
            if not path:
                break
            player.choose(path[0])
            if not player.on(scene) or len(scene.record.moves) != played:
                break
        moves += 1
    finished = getattr(app.manager.current, "name", "") == "menu"
    return {
        "game": game,
        "input": "keys" if device == "keys" else "gamepad",
        "finished": finished,
        "presses": player.presses,
        "moves": moves,
    }


def _seat_a_beginner(player: NoMouse, setup: Any) -> None:
    """Seat 2 a computer at the first level (Beginner), by its ‹ button."""
    computer = setup.button_rects["seat 2 computer"]
    if not setup.computer[1]:
        player.choose(computer)
    stepper = setup.level_steppers[1]
    while stepper.index > 0:
        player.choose(stepper.minus.rect)


def make_parser() -> Parser:
    parser = Parser(
        prog="python main.py bench keyboard",
        description="Each game from the menu to a finished game against Beginner and back, by "
        "key presses only and by controller events only; one JSON line per game and input.",
    )
    parser.add_argument("--games", nargs="*", default=None, help="the games (default: all)")
    parser.add_argument("--seed", type=int, default=1)
    return parser


def main(argv: list[str]) -> int:
    args = make_parser().parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from scenes.app import App, Options
    from scenes.boards import BOARDS
    from scenes.storage.settings import SettingsStore

    games = args.games or list(BOARDS)
    for game in games:
        for device in ("keys", "gamepad"):
            with tempfile.TemporaryDirectory() as home:
                os.environ["TABLETOP_TRIO_HOME"] = home
                app = App(Options(seed=args.seed, speed=20.0), SettingsStore())
                try:
                    print(json.dumps(play_without_mouse(app, game, device, args.seed)), flush=True)
                finally:
                    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
