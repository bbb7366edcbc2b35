"""A whole computer game watched in a real X11 window (Xvfb), the screen read back and compared
with the frame drawn whole (issue 41's proof that presenting in parts leaves no trail).

    python tools/window_watch.py GAME [--size 1280x720] [--every 15] [--shots DIR]
                                      [--max-minutes 30]

Starts a private Xvfb screen of SIZE and runs the app in this process on it (the X11 driver,
`--seats ai,ai --speed 1 --seed 3 --fullscreen`), frames stepped by 1/60 s. Every EVERY-th drawn
frame, once the window has been sent only that frame's changed parts, the screen is read back
(`xwd -root`) and compared, pixel for pixel, with the same frame drawn whole on a plain Surface
and scaled whole to the window (darkened as the window shows it during a fade between scenes).
It runs to the end of the game (the board's game over and its animations done), or stops at
MAX-MINUTES of wall time and says so. Prints one JSON line: frames drawn, frames checked (and of
those, how many in a fade), frames differing, pixels differing, whether the game ended; --shots
saves the first, every 50th and each differing screenshot (with the frame drawn, to compare),
and the last screen.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame

from scenes.app import App
from scenes.bench.xserver import Xvfb  # (the checkout's, as the app is)

#: seconds of the ending watched at most once the game is over (its animations then stop)
ENDING_SECONDS = 10


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--every", type=int, default=15)
    parser.add_argument("--shots", type=Path)
    parser.add_argument("--max-minutes", type=float, default=30.0)
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.split("x"))
    os.chdir(ROOT)
    with Xvfb(width, height) as x:
        os.environ.update(x.env(SDL_AUDIODRIVER="dummy"))
        os.environ["TABLETOP_TRIO_HOME"] = tempfile.mkdtemp(prefix="window_watch_")
        figures = _watch(x, args)
    print(json.dumps(figures), flush=True)
    return 0 if figures["frames_differing"] == 0 and figures["game_over"] else 1


def _watch(x: Xvfb, args: argparse.Namespace) -> dict[str, object]:
    from scenes.canvas import Canvas
    from scenes.cli import parse_args
    from scenes.window import CANVAS_SIZE, darken

    seen = Seen()
    shots = args.shots
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)

    class Watched(App):
        def frame(self, dt: float, elapsed: float | None = None) -> bool:
            drawn = super().frame(dt, elapsed)
            if drawn:
                seen.frames_drawn += 1
                if seen.frames_drawn % args.every == 0:
                    _check(self, seen.frames_drawn)
            return drawn

    def _check(app: App, count: int) -> None:
        whole = Canvas(CANVAS_SIZE)  # (not recording: a plain Surface)
        canvas, app.canvas = app.canvas, whole
        try:
            app._draw_all()  # (the frame drawn again whole, as before parts)
        finally:
            app.canvas = canvas
        view = app.screen.view
        scaled = pygame.Surface(view.size)
        pygame.transform.smoothscale(whole, view.size, scaled)
        if app.screen.shade:
            darken(scaled, app.screen.shade)  # (a fade: the window shows the picture darker)
            seen.frames_checked_in_fades += 1
        shown = x.screenshot().subsurface(view)
        differing = _differing(shown, scaled)
        seen.frames_checked += 1
        seen.frames_differing += bool(differing)
        seen.pixels_differing += differing
        if shots is not None and (
            differing or count == args.every or count % (50 * args.every) == 0
        ):
            pygame.image.save(shown, str(shots / f"{args.game}-{count:05d}-window.png"))
            if differing:
                pygame.image.save(scaled, str(shots / f"{args.game}-{count:05d}-drawn.png"))

    seats = ["--game", args.game, "--seats", "ai,ai", "--speed", "1", "--seed", "3"]
    app = Watched(parse_args([*seats, "--fullscreen"]))
    began = time.monotonic()
    try:
        seen.game_over = _to_the_end(app, time.monotonic() + args.max_minutes * 60)
        if shots is not None:
            ending = x.screenshot().subsurface(app.screen.view)
            pygame.image.save(ending, str(shots / f"{args.game}-{seen.frames_drawn:05d}-end.png"))
    finally:
        app.close()
    return {
        "game": args.game,
        "window": args.size,
        **dataclasses.asdict(seen),
        "minutes": round((time.monotonic() - began) / 60, 1),
    }


def _to_the_end(app: App, deadline: float) -> bool:
    """Run `app`'s frames until its game is over and its ending played out (or the board was
    left); False if `deadline` (monotonic time) came first."""
    over_for, board_seen = 0, False
    while app.running and time.monotonic() < deadline:
        app.run(60, fixed_dt=1 / 60)
        state = getattr(app.manager.current, "state", None)
        board_seen = board_seen or state is not None
        if board_seen and (state is None or state.is_over):  # (over, or the board left)
            over_for += 1
            if not app.manager.animating or over_for >= ENDING_SECONDS:
                return True  # (the ending played out: the result stands)
    return False


@dataclasses.dataclass
class Seen:
    """What the watch counted."""

    frames_drawn: int = 0
    frames_checked: int = 0
    frames_checked_in_fades: int = 0
    frames_differing: int = 0
    pixels_differing: int = 0
    game_over: bool = False


def _differing(seen: pygame.Surface, drawn: pygame.Surface) -> int:
    """How many pixels of two same-sized Surfaces differ."""
    if pygame.image.tobytes(seen, "RGB") == pygame.image.tobytes(drawn, "RGB"):
        return 0
    more, less = seen.copy(), drawn.copy()
    more.blit(drawn, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    less.blit(seen, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    more.blit(less, (0, 0), special_flags=pygame.BLEND_RGB_ADD)  # |seen - drawn| (saturated)
    same = pygame.mask.from_threshold(more, (0, 0, 0), (1, 1, 1, 255)).count()
    return seen.get_width() * seen.get_height() - same


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
