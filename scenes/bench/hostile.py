"""`python main.py bench hostile`: the app and the kiosk started on data folders full of hostile
files, one of each class the app must survive (issue 25): files too large, FIFOs, symlinks to
/dev/zero, JSON nested 100,000 deep, NaN and Infinity, wrong types, values out of range, states
the engines must refuse, a PNG header claiming 30000x30000 pixels, bad replays and kiosk
figures. Each run is a subprocess (`main.py --frames N`); one JSON line per run with its wall
time, peak memory, the files set aside and any left in place; exit code 1 if a run failed, took
longer than `--max-seconds`, or left a bad file in place.

The folder's builders (`write_hostile_folder`, `SAVE_CASES`) are shared with the tests.
"""

from __future__ import annotations

import copy
import json
import os
import random
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game import GAMES
from scenes.arguments import Parser, integer, number

ROOT = Path(__file__).resolve().parents[2]
POSIX = sys.platform != "win32"
COLOURS = [
    ["red", [206, 64, 56], "circle"],
    ["blue", [46, 110, 190], "square"],
    ["green", [58, 146, 72], "triangle"],
    ["gold", [226, 164, 30], "diamond"],
]
SAVED_AT = 1_700_000_000.0
#: the game of the files that name none (the first registered)
FIRST_GAME = next(iter(GAMES))
#: a replay file name of FIRST_GAME, as the app writes them
REPLAY_NAME = f"{FIRST_GAME}-20260101-120000.json"


# --- good files, to spoil ------------------------------------------------------------------------
def good_save(game: str = FIRST_GAME, players: int = 2, moves: int = 4) -> dict[str, Any]:
    """A valid unfinished-game file's data: `moves` random legal moves of a new game."""
    from scenes.kit.version import APP_VERSION

    state = GAMES[game].new_game(players=players, seed=5)
    start = state.to_dict()
    rng = random.Random(5)
    played = []
    for _ in range(moves):
        move = rng.choice(state.legal_moves())
        state.play(move)
        played.append(str(move))
    setup = {
        "game": game,
        "seats": ["human"] + ["ai:easy"] * (players - 1),
        "names": [f"Player {n + 1}" for n in range(players)],
        "colours": copy.deepcopy(COLOURS[:players]),
        "options": {},
        "seed": 5,
        "first_player": 0,
    }
    return {
        "game": game,
        "setup": setup,
        "start": start,
        "moves": played,
        "saved_at": SAVED_AT,
        "version": APP_VERSION,
    }


def good_replay(game: str = FIRST_GAME) -> dict[str, Any]:
    """A valid replay file's data."""
    data = good_save(game, moves=0)
    state = GAMES[game].new_game(players=2, seed=5)
    rng = random.Random(5)
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        state.play(move)
        data["moves"].append(str(move))
    assert state.result is not None
    data["result"] = {"winners": list(state.result.winners), "draw": state.result.draw}
    return data


def png_header(width: int, height: int) -> bytes:
    """A whole PNG file in form (signature, IHDR, IEND) claiming `width` x `height` pixels."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IEND", b"")


# --- the classes of hostile save and replay files -----------------------------------------------
Writer = Callable[[Path], object]


def _bytes(content: bytes) -> Writer:
    return lambda path: path.write_bytes(content)


def _spoiled(game: str = FIRST_GAME, **changes: Any) -> Writer:
    """A save of `game` with top-level fields changed (JSON with NaN/Infinity allowed)."""

    def write(path: Path) -> None:
        data = {**good_save(game), **changes}
        path.write_text(json.dumps(data, allow_nan=True))

    return write


def spoiled_at(where: list[Any], value: Any, game: str = FIRST_GAME) -> Writer:
    """A save of `game` with the item at `where` (keys and indexes) set to `value`."""

    def write(path: Path) -> None:
        data = good_save(game)
        target = data
        for key in where[:-1]:
            target = target[key]
        target[where[-1]] = value
        path.write_text(json.dumps(data, allow_nan=True))

    return write


def _numbers_in_lists(value: Any, big: int) -> Any:
    """`value` with every integer inside its lists (at any depth) made `big` and up."""
    count = iter(range(big, big + 1_000_000))

    def spoil(item: Any, in_list: bool) -> Any:
        if isinstance(item, list):
            return [spoil(x, True) for x in item]
        if isinstance(item, dict):
            return {k: spoil(v, in_list) for k, v in item.items()}
        if in_list and isinstance(item, int) and not isinstance(item, bool):
            return next(count)
        return item

    return spoil(value, False)


def huge_numbers(game: str) -> Writer:
    """A small save of `game` whose state's lists hold numbers a billion and up (squares, ids,
    pieces: masks of a billion bits, boards a billion wide)."""

    def write(path: Path) -> None:
        data = good_save(game, moves=0)
        data["start"] = _numbers_in_lists(data["start"], 10**9)
        path.write_text(json.dumps(data, separators=(",", ":")))

    return write


def huge_numbers_case(game: str) -> str:
    """The name of `huge_numbers(game)` among SAVE_CASES."""
    return f"{game}: numbers a billion in the state's lists"


def huge_fields(game: str) -> dict[str, Writer]:
    """name -> writer of a save of `game` with one whole number of its state's own (a count, a
    turn, a seat, a step) made a billion, for each such field."""
    start = good_save(game, moves=0)["start"]
    return {
        f"{game}: {field} a billion": spoiled_at(["start", field], 10**9, game)
        for field, value in start.items()
        if isinstance(value, int) and not isinstance(value, bool)
    }


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _to_dev_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _deep(path: Path) -> None:
    path.write_text(f'{{"game": "{FIRST_GAME}", "start": ' + "[" * 100_000 + "]" * 100_000 + "}")


def _several_megabytes(path: Path) -> None:
    data = good_save()
    data["padding"] = "x" * 5_000_000
    path.write_text(json.dumps(data))


#: name -> writer of one hostile unfinished-game (or replay) file
SAVE_CASES: dict[str, Writer] = {
    "saved_at NaN": _spoiled(saved_at=float("nan")),
    "saved_at Infinity": _spoiled(saved_at=float("inf")),
    "saved_at 1e30": _spoiled(saved_at=1e30),
    "saved_at negative": _spoiled(saved_at=-5.0),
    "100000-deep nesting": _deep,
    "colour [999,-5,7]": spoiled_at(["setup", "colours", 0, 1], [999, -5, 7]),
    "colour of two bytes": spoiled_at(["setup", "colours", 1, 1], [1, 2]),
    "a name of 100000 characters": spoiled_at(["setup", "names", 0], "N" * 100_000),
    "a name that is a number": spoiled_at(["setup", "names", 0], 12),
    "a seat that is no seat": spoiled_at(["setup", "seats", 1], "ai:genius"),
    "nine seats": spoiled_at(["setup", "seats"], ["human"] * 9),
    "first player outside the seats": spoiled_at(["setup", "first_player"], 7),
    "an unknown option": spoiled_at(["setup", "options"], {"cheat": True}),
    "seats on phones outside the seats": _spoiled(phones=[0, 9, 10**12]),
    "seats on phones that are an object": _spoiled(phones={"0": True}),
    "moves that are an object": _spoiled(moves={"a": 1}),
    "a move of 10000 characters": _spoiled(moves=["x" * 10_000]),
    "a version of 10000 characters": _spoiled(version="1" * 10_000),
    "current player outside the seats": spoiled_at(["start", "current_player"], 7),
    **{huge_numbers_case(game): huge_numbers(game) for game in GAMES},
    **{name: writer for game in GAMES for name, writer in huge_fields(game).items()},
    "binary": _bytes(bytes(range(256)) * 8),
    "several MB": _several_megabytes,
}
if POSIX:
    SAVE_CASES["a FIFO"] = _fifo
    SAVE_CASES["a symlink to /dev/zero"] = _to_dev_zero

#: name -> writer of a replay whose own fields are bad (the save cases apply to replays too)
REPLAY_CASES: dict[str, Writer] = {
    "a winner outside the seats": lambda p: p.write_text(
        json.dumps({**good_replay(), "result": {"winners": [9], "draw": False}})
    ),
    "scores that are text": lambda p: p.write_text(
        json.dumps({**good_replay(), "result": {"winners": [0], "scores": "high"}})
    ),
}

#: name -> content of a hostile kiosk-figures.json
FIGURES_CASES: dict[str, bytes] = {
    "Infinity": b'{"since": "2026-01-01", "sessions": Infinity, "games": {}}',
    "NaN seconds": b'{"games": {"%s": {"started": 1, "seconds_played": NaN}}}'
    % FIRST_GAME.encode(),
    "wrong types": b'{"sessions": "many", "games": []}',
    "an unknown game": b'{"games": {"chess": {"started": 1}}}',
    "a negative count": b'{"games": {"%s": {"finished": -3}}}' % FIRST_GAME.encode(),
    "a huge count": b'{"crashes": 1' + b"0" * 4000 + b', "games": {}}',
    "100000-deep nesting": b'{"games": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
}


def write_hostile_folder(
    home: Path, save_case: str, figures_case: str, kiosk: bool = True
) -> list[Path]:
    """Fill `home` with hostile files: settings.json a symlink to /dev/zero (or binary), the
    unfinished game of `save_case` with a 30000x30000 PNG header as its picture, the kiosk
    figures of `figures_case`, and a replay of every save and replay case. The paths that must
    be set aside (the figures only by a kiosk)."""
    home.mkdir(parents=True, exist_ok=True)
    bad = [home / "settings.json", home / "unfinished.json"]
    if kiosk:
        bad.append(home / "kiosk-figures.json")
    if POSIX:
        (home / "settings.json").symlink_to("/dev/zero")
    else:
        (home / "settings.json").write_bytes(bytes(range(256)))
    SAVE_CASES[save_case](home / "unfinished.json")
    (home / "unfinished.png").write_bytes(png_header(30_000, 30_000))
    bad.append(home / "unfinished.png")
    (home / "kiosk-figures.json").write_bytes(FIGURES_CASES[figures_case])
    bad += write_hostile_games(home)
    (home / "players.json").write_bytes(b'{"names": ["' + b"\x07" * 20 + b'"' + b"]" * 50_000)
    bad.append(home / "players.json")
    record = {"version": 1, "players": {"Ada": {"seen": 1.0, "games": {FIRST_GAME: {
        "against": {"beginner": {"played": 1, "won": 5, "drawn": 0, "lost": 0, "helped": 0}},
        "streak": 0, "best_streak": 0, "last": []}}}}}  # fmt: skip
    (home / "record.json").write_text(json.dumps(record))  # its counts do not add up
    bad.append(home / "record.json")
    replays = home / "replays"
    replays.mkdir()
    (replays / REPLAY_NAME).write_text(json.dumps(good_replay()))
    for index, (_, writer) in enumerate({**SAVE_CASES, **REPLAY_CASES}.items()):
        path = replays / f"{FIRST_GAME}-20260102-{index:06d}.json"
        writer(path)
        bad.append(path)
    return bad


#: the slot of a good unfinished game among the hostile ones (it must stay, and be offered)
GOOD_SLOT = "20260103-000000-good"
#: empty folders beside the unfinished games' slots (a flood that must cost a bounded look)
FLOOD = 3000


def write_hostile_games(home: Path) -> list[Path]:
    """The unfinished games' folder (scenes/storage/kept_games.py) of a hostile data folder: a
    slot of every save case, a good game, a flood of empty folders, a file and a symlink where
    folders belong. The saves that must be set aside."""
    games = home / "games"
    bad = []
    for index, writer in enumerate(SAVE_CASES.values()):
        slot = games / f"20260102-{index:06d}-bad"
        slot.mkdir(parents=True)
        writer(slot / "unfinished.json")
        bad.append(slot / "unfinished.json")
    (games / GOOD_SLOT).mkdir()
    (games / GOOD_SLOT / "unfinished.json").write_text(json.dumps(good_save()))
    for index in range(FLOOD):
        (games / f"flood-{index:05d}").mkdir()
    (games / "a file").write_bytes(bytes(range(256)))
    if POSIX:
        (games / "a symlink").symlink_to("/dev")
    return bad


def good_game_kept(home: Path) -> bool:
    """Whether the good unfinished game among the hostile ones is still there, whole."""
    path = home / "games" / GOOD_SLOT / "unfinished.json"
    return path.exists() and json.loads(path.read_text()) == json.loads(json.dumps(good_save()))


def set_aside_and_left(bad: list[Path]) -> tuple[list[str], list[str]]:
    """(names set aside as `<name>.bad-<time>`, names not set aside) of `bad` (a fresh file
    may have taken a set-aside one's place: the kiosk's figures start afresh)."""
    aside: list[str] = []
    left: list[str] = []
    for path in bad:
        moved = any(p.name.startswith(path.name + ".bad-") for p in path.parent.iterdir())
        (aside if moved else left).append(path.name)
    return aside, left


def run_app(home: Path, kiosk: bool, frames: int, timeout: float = 600) -> dict[str, Any]:
    """`main.py --frames N [--kiosk]` on `home`: exit code, wall time, the frame figures."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["TABLETOP_TRIO_HOME"] = str(home)
    argv = [sys.executable, "main.py", "--frames", str(frames), *(["--kiosk"] if kiosk else [])]
    start = time.monotonic()
    done = subprocess.run(
        argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    seconds = time.monotonic() - start
    try:
        figures = json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        figures = {}
    return {
        "exit_code": done.returncode,
        "seconds": round(seconds, 2),
        "peak_rss_mb": figures.get("peak_rss_mb"),
        "frames": figures.get("frames"),
        "stderr": done.stderr[-2000:],
    }


def notices_logged(home: Path) -> list[str]:
    """The notices the run logged (the log file keeps each one)."""
    try:
        text = (home / "tabletop-trio.log").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    return [line.split("notice: ", 1)[1] for line in text.splitlines() if "notice: " in line]


def main(argv: list[str]) -> int:
    parser = Parser(
        prog="python main.py bench hostile",
        description="Start the app and the kiosk on data folders of hostile files; one JSON line "
        "per run (wall time, peak memory, files set aside and left).",
    )
    parser.add_argument("--frames", type=integer(1, 100_000), default=120, help="frames a run")
    parser.add_argument(
        "--max-seconds", type=number(1, 3600), default=60, help="a slower run fails (default 60)"
    )
    args = parser.parse_args(argv)
    runs = [("app", False, huge_numbers_case(list(GAMES)[-1]), "Infinity")]
    runs.append(("kiosk", True, "saved_at NaN", "100000-deep nesting"))
    failed = False
    for mode, kiosk, save_case, figures_case in runs:
        with tempfile.TemporaryDirectory(prefix="tabletop-hostile-") as folder:
            home = Path(folder) / "home"
            bad = write_hostile_folder(home, save_case, figures_case, kiosk)
            figures = run_app(home, kiosk, args.frames)
            aside, left = set_aside_and_left(bad)
            notices = notices_logged(home)
            good_kept = good_game_kept(home)
        report = {
            "bench": "hostile",
            "mode": mode,
            "unfinished": save_case,
            "figures": figures_case,
            **{k: v for k, v in figures.items() if k != "stderr"},
            "bad_files": len(bad),
            "set_aside": len(aside),
            "left_in_place": left,
            "good_game_kept": good_kept,
            "notices": len(notices),
        }
        print(json.dumps(report), flush=True)
        if (
            figures["exit_code"] != 0
            or left
            or not good_kept
            or figures["seconds"] > args.max_seconds
        ):
            failed = True
            print(figures.get("stderr", ""), file=sys.stderr)
    return 1 if failed else 0
