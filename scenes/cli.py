"""The command line: `python main.py [options]` parsed into `Options`, and the run of the app."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

import pygame

from scenes.app import App, Options
from scenes.boards import GAMES, parse_seat

log = logging.getLogger(__name__)


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
        epilog="Benchmarks: python main.py bench {rules,cards,frames,window} [args]",
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
        help="quit after N frames and print frame figures as one JSON line. A frame is one pass "
        "of the loop, at most 60 a second (without --uncapped): input, update, and a redraw only "
        "if something changed. An idle screen is not redrawn but its frames still count (the "
        "loop does not sleep past a frame when N is given), so N frames take about N/60 s; "
        '"frames_drawn" counts the redrawn ones and frame_ms_* their work time',
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
