"""The command line: `python main.py [options]` parsed into `Options`, and the run of the app."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

import pygame

from game import GAMES
from game.ai.levels import LEVELS
from scenes.app import App, Options
from scenes.arguments import Parser, integer, number, quoted, seed_number
from scenes.bench.catalog import BENCHMARKS
from scenes.kit.seats import Seat

log = logging.getLogger(__name__)


def _image_path(text: str) -> Path:
    """A path for --screenshot: a file name ending in .png (the picture is always a PNG)."""
    if not text or "\0" in text:
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a file path")
    if Path(text).suffix.lower() != ".png":
        raise argparse.ArgumentTypeError(f"{quoted(text)} does not end in .png")
    return Path(text)


def make_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="main.py",
        description="Tabletop Trio: "
        + ", ".join(game.title for game in GAMES.values())
        + " on one screen.",
        epilog=f"Benchmarks: python main.py bench {{{','.join(BENCHMARKS)}}} [args] "
        "(each has --help)",
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
        f"(LEVEL {'/'.join(LEVELS)}), e.g. human,ai:normal",
    )
    parser.add_argument(
        "--seed", type=seed_number, help="random seed for shuffles and computer players"
    )
    parser.add_argument("--fullscreen", action="store_true", help="start fullscreen (F11 toggles)")
    parser.add_argument(
        "--kiosk",
        action="store_true",
        help="kiosk mode for an event stand: fullscreen, the attract loop when idle, crashes and "
        "stalls recovered, settings behind the operator screen (a long press on the bottom-left "
        "corner, then the PIN); quit by holding Ctrl+Shift+Q down for 5 seconds (a press does "
        "nothing), or with SIGTERM",
    )
    parser.add_argument(
        "--attract",
        action="store_true",
        help="start in the attract loop (computers play the games in turn; a touch opens the menu)",
    )
    parser.add_argument(
        "--frames",
        type=integer(1, 10_000_000),
        metavar="N",
        help="quit after N frames and print frame figures as one JSON line. A frame is one pass "
        "of the loop, at most 60 a second (without --uncapped): input, update, and a redraw only "
        "if something changed. An idle screen is not redrawn but its frames still count (the "
        "loop does not sleep past a frame when N is given), so N frames take about N/60 s; "
        '"frames_drawn" counts the redrawn ones and frame_ms_* their work time',
    )
    parser.add_argument(
        "--screenshot",
        type=_image_path,
        metavar="PATH",
        help="save the last frame as a PNG when the app quits",
    )
    parser.add_argument(
        "--speed",
        type=number(0.1, 10),
        metavar="X",
        help="animation speed factor (overrides the setting), e.g. 2",
    )
    parser.add_argument("--uncapped", action="store_true", help="do not cap the frame rate at 60")
    parser.add_argument(
        "--present-whole",
        action="store_true",
        help="draw and show every frame whole instead of only what changed (slower; the "
        "window benchmark's comparison)",
    )
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
            seats = tuple(Seat.parse(part) for part in args.seats.split(","))
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
        present_whole=args.present_whole,
    )


def run(argv: Sequence[str], app_class: type[App] = App) -> int:
    """`python main.py [options]`: run the app; returns the exit code (0; 1 when the app stopped
    on an error or the screenshot could not be saved; 2 for a bad argument; 130 on Ctrl+C).
    `app_class`: an App that measures more (the window benchmark's)."""
    options = parse_args(argv)
    app = _start_app(options, app_class)
    if app is None:
        return 1
    code = _run_app(app)
    if options.screenshot is not None and not _save_screenshot(app, options.screenshot):
        code = code or 1
    if options.frames is not None:
        print(json.dumps(app.stats()), flush=True)
    _close_app(app)
    return code


def _error(message: str) -> None:
    print(f"main.py: error: {message}", file=sys.stderr, flush=True)


def _start_app(options: Options, app_class: type[App]) -> App | None:
    try:
        return app_class(options)
    except pygame.error as error:
        _error(f"cannot open the window: {error}")
    except Exception as error:
        log.exception("the app could not start")
        _error(f"the app could not start: {error}")
    return None


def _run_app(app: App) -> int:
    try:
        app.run()
    except KeyboardInterrupt:  # Ctrl+C in the terminal: a request to quit
        return 130
    except Exception:  # the last guard: log it, say where, leave cleanly
        log.exception("the app stopped on an error")
        _error(f"the app stopped on an error; details in {app.log_path}")
        return 1
    return 0


def _save_screenshot(app: App, path: Path) -> bool:
    try:
        app.screenshot(path)
    except OSError as error:
        _error(f"cannot save the screenshot to {path}: {error}")
        return False
    return True


def _close_app(app: App) -> None:
    try:
        app.close()
    except Exception:
        log.exception("the app did not close cleanly")
