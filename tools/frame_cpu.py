"""The drawing thread's CPU time of each drawn frame of a two-computer game, headless, the same
game frame for frame from run to run and from one checkout to another (issue 41's fourth step).

    python tools/frame_cpu.py [--root CHECKOUT] GAME WIDTH HEIGHT [--seconds 20] [--dump FILE]

Runs CHECKOUT's app (default: this one) on the dummy video driver doing a real window's work
(the copy into the window surface, scaled at WIDTHxHEIGHT), `--game GAME --seats ai,ai --speed 1
--seed 3`, frames stepped by 1/60 s and paced to 60 a second (the loop sleeps the rest of each
1/60 s and renders pictures ahead there, as the real loop does). The computers search a fixed
number of iterations, worked out between two frames, so the game does not depend on the
machine's speed or load. Prints one JSON line: the p99 and mean CPU time of the drawn frames
after a 60-frame warm-up; `--dump` writes [frame, ms] of each, so that runs of two checkouts
under the same load can be compared frame by frame (the least of several runs of a frame is
its time with the least disturbance from other programs).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ITERATIONS = 300  # a computer's search per move (about Normal's budget on an idle core)
WARM_UP = 60


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("width", type=int)
    parser.add_argument("height", type=int)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--dump", type=Path)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(args.root))
    os.chdir(args.root)
    os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    os.environ["TABLETOP_TRIO_HOME"] = tempfile.mkdtemp(prefix="frame_cpu_")
    times = _run(args.game, (args.width, args.height), args.seconds)
    ordered = sorted(ms for _frame, ms in times)
    figures = {
        "root": str(args.root),
        "game": args.game,
        "window": f"{args.width}x{args.height}",
        "frames": len(times),
        "cpu_ms_p99": round(ordered[int(len(ordered) * 0.99)], 3),
        "cpu_ms_mean": round(sum(ordered) / len(ordered), 3),
    }
    print(json.dumps(figures), flush=True)
    if args.dump is not None:
        args.dump.write_text(json.dumps(times))
    return 0


def _run(game: str, window: tuple[int, int], seconds: float) -> list[tuple[int, float]]:
    from scenes.app import App
    from scenes.boards import computers
    from scenes.cli import parse_args
    from scenes.kit import ahead, art

    pending: list[tuple[computers._Think, object, object, object]] = []

    def start(self: computers.ComputerSeats, seat: int, view: object) -> None:
        """A think worked out between two frames (`Paced.frame`), in a fixed count."""
        self.cancel()
        think: computers._Think = computers._Think(seat)
        bot = self.bots[seat]
        if hasattr(bot, "iterations"):
            bot.iterations, bot.pause = ITERATIONS, None
        pending.append((think, bot, view, self.rngs[seat]))
        self._think = think

    computers.ComputerSeats.start = start  # type: ignore[method-assign]
    times: list[tuple[int, float]] = []

    class Paced(App):
        def frame(self, dt: float, elapsed: float | None = None) -> bool:
            while pending:
                think, bot, view, rng = pending.pop()
                think.move = bot.choose(view, rng)  # type: ignore[attr-defined]
                think.done.set()
            began, cpu = time.perf_counter(), time.thread_time()
            drawn = super().frame(dt, elapsed)
            if drawn and self.frames > WARM_UP:
                times.append((self.frames, (time.thread_time() - cpu) * 1000))
            if time.perf_counter() - began < 1 / 60 - 0.008:
                ahead.do_next() or art.render_next_ahead()
            rest = 1 / 60 - (time.perf_counter() - began)
            if rest > 0:
                time.sleep(rest)
            return drawn

    seats = ["--game", game, "--seats", "ai,ai", "--speed", "1", "--seed", "3", "--fullscreen"]
    app = Paced(parse_args(seats))
    app.screen.copy_when_headless = True  # a real window's work, the copy included
    app.screen.window.size = window
    try:
        app.run(int(seconds * 60) + WARM_UP, fixed_dt=1 / 60)
    finally:
        app.close()
    return times


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
