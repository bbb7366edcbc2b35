"""`python main.py bench lessons`: how long each game's lesson takes a first-time player.

Each lesson is played in the real app (dummy video driver, animation speed 1, a fixed 60 fps
clock) by its own accepted clicks: what glows is clicked as soon as the board takes input, and
Next as soon as the callout is up. The app time that takes (animations, the other seat's
thinking cue) plus 4 s of reading per step is the lesson's time; the target is under three
minutes. One JSON line per lesson: {"bench", "game", "steps", "clicks", "animation_seconds",
"reading_seconds", "seconds", "under_three_minutes"}. Settings live in a temporary folder.
`play_lesson` is shared with the tests.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from scenes.arguments import Parser

if TYPE_CHECKING:
    from collections.abc import Callable

    from scenes.app import App
    from scenes.boards.lessons.scene import LessonScene

FRAME = 1 / 60
READING_SECONDS = 4.0  #: reading time allowed per step
TARGET_SECONDS = 180.0
LIMIT_SECONDS = 900.0  #: app time after which a lesson that never ends is given up


@dataclass(frozen=True)
class LessonRun:
    """A lesson played to its last screen by its own clicks."""

    steps: int
    clicks: int
    #: app time from the first step to the last screen, at the app's animation speed
    seconds: float


def click(app: App, pos: tuple[int, int]) -> None:
    """A left click at `pos` (logical coordinates) and one frame."""
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        fields: dict[str, Any] = {"pos": pos}
        if kind == pygame.MOUSEMOTION:
            fields.update(rel=(0, 0), buttons=(0, 0, 0))
        else:
            fields["button"] = 1
        pygame.event.post(pygame.event.Event(kind, **fields))
    app.run(frames=1, fixed_dt=FRAME)


def play_lesson(
    app: App,
    lesson: LessonScene,
    on_click: Any = None,
    limit: float = LIMIT_SECONDS,
    on_frame: Callable[[LessonScene], object] | None = None,
    press: Callable[[pygame.Rect], object] | None = None,
) -> LessonRun:
    """Play `lesson` (the scene on top of `app`) to its last screen by the clicks it glows for,
    and Next; `on_click(lesson)` is called before each click, `on_frame(lesson)` after each
    frame run while something moves; `press(rect)`, if given, presses the control at `rect`
    instead of a click (the keys: tools/keyboard_shots.py). RuntimeError if it never ends."""
    clicks, frames = 0, 0
    while not lesson.finished:
        if frames * FRAME > limit:
            raise RuntimeError(f"the {lesson.game} lesson did not end in {limit:.0f} s")
        target = lesson.next_button.rect if lesson.step_done else None
        if target is None:
            path = lesson.hint_path()
            target = path[0] if path else None
        if target is None or app.manager.busy:
            app.run(frames=1, fixed_dt=FRAME)
            if on_frame is not None:
                on_frame(lesson)
        else:
            if on_click is not None:
                on_click(lesson)
            if press is None:
                click(app, target.center)
            else:
                press(target)
            clicks += 1
        frames += 1
    return LessonRun(len(lesson.lesson.steps), clicks, frames * FRAME)


def open_from_menu(app: App, game: str) -> LessonScene:
    """`game`'s lesson opened from the menu, as a player does, once it has faded in."""
    app.go_menu()
    app.run(frames=30, fixed_dt=FRAME)
    app.open_lesson(game)
    while app.manager.busy:
        app.run(frames=1, fixed_dt=FRAME)
    from scenes.boards.lessons.scene import LessonScene

    lesson = app.manager.current
    if not isinstance(lesson, LessonScene):
        raise RuntimeError(f"the {game} lesson did not open (see the log)")
    return lesson


def measure(app: App, game: str) -> dict[str, Any]:
    """The JSON-ready figures of `game`'s lesson played once."""
    run = play_lesson(app, open_from_menu(app, game))
    reading = READING_SECONDS * run.steps
    total = run.seconds + reading
    return {
        "bench": "lessons",
        "game": game,
        "steps": run.steps,
        "clicks": run.clicks,
        "animation_seconds": round(run.seconds, 1),
        "reading_seconds": reading,
        "seconds": round(total, 1),
        "under_three_minutes": total < TARGET_SECONDS,
    }


def make_parser() -> Parser:
    return Parser(
        prog="python main.py bench lessons",
        description="Each game's lesson played by its own clicks at animation speed 1: its "
        "steps and seconds (app time plus 4 s of reading a step); one JSON line per lesson.",
    )


def main(argv: list[str]) -> int:
    make_parser().parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLETOP_TRIO_HOME"] = home
        from scenes.app import App, Options
        from scenes.boards import BOARDS
        from scenes.storage.settings import SettingsStore

        app = App(Options(seed=1, speed=1.0), SettingsStore())
        try:
            for game, spec in BOARDS.items():
                if spec.lesson is not None:
                    print(json.dumps(measure(app, game)), flush=True)
        finally:
            app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
