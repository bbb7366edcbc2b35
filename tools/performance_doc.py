"""Write docs/performance.md from the JSON lines of `python main.py bench all`.

python main.py bench all | tee after.jsonl
python tools/performance_doc.py after.jsonl [--before before.jsonl]

With --before (a run of the same command on the code before, on the same machine), each row
shows both figures. The page also says what each step of issue 30 bought (STEPS, measured in
instruction counts and CPU time, which the machine's load does not change much).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scenes.bench.summary import judged_against

SKIP = {"figure", "bench", "target", "met"}

#: What each step of issue 30 bought: (step, figures), measured while the work was done.
STEPS: list[tuple[str, str]] = [
    (
        "En blanc et noir: pattern windows kept per window, land actions from per-square "
        "spots, rows of land actions shared by clones",
        "7.37 M -> 4.20 M instructions per random 2-player game",
    ),
    (
        "En blanc et noir: `new_game` builds its dealt state without `from_parts`'s checks",
        "4.34 M -> 4.18 M instructions per game",
    ),
    (
        "Art kept in the canvas's ARGB order (SVGs load as ABGR; with the pygame.Window API "
        "there is no window format to convert to, and SDL blitted them through its generic "
        "path, about 30 times slower)",
        "a 200x280 card 0.54 -> 0.017 ms; land flight mean 8.3 -> 3.9 ms, p99 10.1 -> 5.4; "
        "push 6.9 -> 4.2, p99 21.3 -> 11.6; chain 5.4 -> 4.2, p99 8.4 -> 5.8 (CPU)",
    ),
    (
        "The last board's static layer kept across board scenes (the table under it is "
        "not kept: with art in ARGB it takes 2 ms, not worth 8 MB)",
        "a new game's first frame 12 -> 3.4 ms (CPU): the push's p99 11.6 -> 5.8 ms",
    ),
    (
        "Seat glows drawn once per size, colour and strength, only their four bands blitted; "
        "line wraps and fitted sizes of text kept per language",
        "chain 3.6 -> 2.75 ms, push 3.1 -> 2.4, land flight 3.8 -> 3.6 (CPU, loaded machine)",
    ),
    (
        "Consequence's table of the codes in each of 65,536 hands made per hand when asked",
        "`import game` 786 M -> 647 M instructions",
    ),
    (
        "Large art (background, menu pictures) kept on disk once rendered (`art/` in the data "
        "folder)",
        "background 53 -> 7-20 ms, menu pictures 5-6 -> 1 ms each (CPU); start-up to the first "
        "menu frame (dummy driver, bytecode kept) 0.30 -> 0.245 s of CPU",
    ),
    (
        "`bench frames` counts the drawing thread's CPU time",
        "a computer starting to think in its own thread no longer counts 5-10 ms into a frame",
    ),
    (
        "En blanc et noir: the turn's end refills the market by slices and looks at the next "
        "seat first; a land action's refusal checks the frontier before writing the square; "
        "the final breakdowns worked out once, the colour count in one pass",
        "4.22 M -> 4.02 M instructions per random 2-player game (callgrind: 200 seeded games "
        "after 200 to warm up, as in the steps below)",
    ),
    (
        "`play` takes the game's own move objects (its `MadeMoves`) as well-formed without a "
        "call to `_malformed`; text and hand-made moves go through `parse` and `check`",
        "En blanc et noir 4.02 M -> 3.97 M, Whose Foods 2.55 M -> 2.53 M, Consequence "
        "3.56 M -> 3.54 M instructions per game",
    ),
    (
        "En blanc et noir: a land square's four neighbours kept as a set per square; the "
        "frontier grows by two set differences instead of building and testing four squares",
        "3.97 M -> 3.82 M instructions per random 2-player game",
    ),
    (
        "En blanc et noir: a new game shuffles with `game.core.shuffle` (the library's "
        "shuffle written out: the same deal for each seed), finds the starting land's cards by "
        "their colours in one string, and a state's frontier from the kept neighbour sets",
        "3.82 M -> 3.71 M instructions per random 2-player game",
    ),
    (
        "En blanc et noir: the spots of the frontier and land squares (the land actions of "
        "each card there) kept in step with their sorted orders as the land grows, instead of "
        "looked up again square by square",
        "3.71 M -> 3.52 M instructions per random 2-player game",
    ),
    (
        "En blanc et noir: spots made by a dict's `__missing__` (looked up in C); the "
        "frontier's land actions kept as one list, every card's spot square by square, so a "
        "card's row is a slice of it (a clone copies the list)",
        "3.52 M -> 3.49 M -> 3.41 M instructions per random 2-player game",
    ),
    (
        "En blanc et noir: `State.legal_moves` is the table's own (one call less a listing)",
        "3.41 M -> 3.39 M instructions per random 2-player game",
    ),
    (
        "En blanc et noir: `View.sample` (each search iteration's deal) builds its state "
        "without `from_parts`'s checks and takes the land's derived parts (top colours, "
        "frontier, windows, sorted orders, land actions) from the view instead of working them "
        "out again; the same deals for the same random numbers",
        "952 k -> 435 k instructions per sample",
    ),
    (
        "En blanc et noir: a land square joins the sorted land by one insertion where it goes",
        "3.39 M -> 3.38 M instructions per random 2-player game",
    ),
    (
        "En blanc et noir: every new game takes its land's derived parts (top colours, "
        "frontier, windows, sorted orders, every card's land actions) from one state on the "
        "starting land, worked out once",
        "3.38 M -> 3.28 M instructions per random 2-player game",
    ),
    (
        "En blanc et noir: pattern windows keyed `x * 101 + y` instead of `x * 65536 + y` (the "
        "keys of one row no longer start at the same slot of a dict)",
        "3.28 M -> 3.26 M instructions per random 2-player game; a 40-square land's windows "
        "from scratch 289 k -> 265 k instructions",
    ),
    (
        "En blanc et noir: the land's land actions kept as one list too (an overlay's row is a "
        "slice of it), the square inserted where it goes as the land grows",
        "3.26 M -> 3.24 M instructions per random 2-player game",
    ),
    (
        "The window while a computer thinks (its search runs on a thread of the app): a 0.5 ms "
        "thread switch interval instead of Python's 5 ms, and the search waits between two "
        "iterations while a frame is drawn (`SearchBot.pause`, `drawing_frame`)",
        "a frame of 4 ms of Python work with two GIL releases, a Hard En blanc et noir search "
        "beside it: 31 -> 9.8 ms from its wake-up to its end (7.6 ms with no search; load 5, "
        "nice -10); the search keeps about 80% of its iterations while animations run",
    ),
    (
        "Tests: a headless window skips the copy into a window nobody sees (`bench frames` "
        "still counts it)",
        "about a fifth of a drawn test frame",
    ),
    (
        "En blanc et noir: a turn passed and a card drawn are events made once and handed out "
        "again (frozen; a few dozen values each, where making one cost about 3,000 "
        "instructions)",
        "3.25 M -> 3.08 M instructions per random 2-player game",
    ),
    (
        "En blanc et noir: the frontier's and the land's kept land actions go with their "
        "squares' int keys, sorted and changed in place (`bisect` compares ints, not pairs of "
        "ints); the sorted squares themselves made again only when asked",
        "3.08 M -> 2.99 M instructions per random 2-player game",
    ),
    (
        "En blanc et noir: `legal_moves` picks the scorable hand cards in a loop (Python 3.11 "
        "makes a function object for every comprehension run)",
        "2.99 M -> 2.87 M instructions per random 2-player game",
    ),
    (
        "En blanc et noir: a move's card read once its class is known (a read that meets one "
        "class stays specialised in Python 3.11)",
        "2.87 M -> 2.86 M instructions per random 2-player game",
    ),
    (
        "En blanc et noir: the end's breakdowns take the bear count's colour worked out once "
        "and go over each seat's cards in one loop",
        "2.86 M -> 2.83 M instructions per random 2-player game",
    ),
    (
        "En blanc et noir: the market's refill makes its tuple once (the event's cards and the "
        "market's), the draw moves' lookup bound once",
        "2.83 M -> 2.80 M instructions per random 2-player game",
    ),
    (
        "En blanc et noir: a land's windows from scratch add every square and take the "
        "hunter's square out after (no comparison per square); the codes counted and the "
        "present ones noted in one pass",
        "the scratch pattern search 22.0 -> 20.0 us (quiet; the code before issue 30: 45 us "
        "side by side)",
    ),
]


def steps() -> list[str]:
    """The section saying what each step bought."""
    return [
        "## What each step bought (issue 30)",
        "",
        "Measured while the work was done, on a shared 2-core machine: instruction counts "
        "(callgrind) and CPU time of the drawing thread, which other programs do not inflate "
        "the way they do wall time. Every step keeps the behaviour: frames compared pixel for "
        "pixel (164 frames of every scene and board moment), the rules by a fingerprint of 150 "
        "random games per engine (legal moves, events, views, samples, final states; En blanc "
        "et noir's 200 games are `tests/test_blanc_noir_fingerprint.py`).",
        "",
        "| step | what it bought |",
        "|---|---|",
        *(f"| {step} | {bought} |" for step, bought in STEPS),
    ]


def cells(line: dict[str, Any]) -> tuple[str, str]:
    """(what, figures) of one line, in words."""
    figure = line["figure"]
    if "skipped" in line:
        return figure, f"skipped: {line['skipped']}"
    label_keys = ("case", "scene", "game", "players", "bot")
    if line.get("bench") not in (None, "rules"):  # e.g. the pattern search among the rules
        label_keys = ("bench", *label_keys)
    what = ", ".join(f"{line[k]}" if k != "players" else f"{line[k]} players"
                     for k in label_keys if k in line)  # fmt: skip
    rest = [f"{k} {v}" for k, v in line.items() if k not in SKIP and k not in label_keys]
    return f"{figure}: {what}" if what else figure, "; ".join(rest)


def _machine(lines: list[dict[str, Any]]) -> str:
    machine = next((line for line in lines if line.get("figure") == "machine"), {})
    load = machine.get("load")
    shown = "?" if load is None else " / ".join(str(x) for x in load)
    return (
        f"{machine.get('date', '?')}; {machine.get('system', '?')}, "
        f"{machine.get('cores', '?')} cores, Python {machine.get('python', '?')}; "
        f"load average (1 / 5 / 15 min) at the start: {shown}"
    )


def render(lines: list[dict[str, Any]], before: list[dict[str, Any]] | None = None) -> str:
    out = [
        "# Performance",
        "",
        "The latest run of `python main.py bench all` (one JSON line per figure; this table is "
        "written from them by `tools/performance_doc.py`). Timings depend on the machine and "
        "its load: compare runs on the same machine only.",
        "",
        f"- Run: {_machine(lines)}",
    ]
    earlier: dict[str, dict[str, Any]] = {}
    if before is not None:
        out.append(f"- Before: {_machine(before)}")
        for line in before:
            if line.get("figure") not in (None, "machine"):
                earlier.setdefault(cells(line)[0], line)
        out += [
            "",
            "The issue's targets were measured on another machine: each is also read against "
            "the run before on this machine (the last two columns; the throughput targets as "
            "the issue's ratio to the code before it, `scenes/bench/summary.py`).",
        ]
    out.append("")
    if before is not None:
        out += [
            "| figure | before | after | target (issue 30) | met | target on this machine | met |",
            "|---|---|---|---|---|---|---|",
        ]
    else:
        out += ["| figure | value | target (issue 30) | met |", "|---|---|---|---|"]
    for line in lines:
        if line.get("figure") in (None, "machine"):
            continue
        what, value = cells(line)
        shown = [what, value, line.get("target", ""), _met(line.get("met"))]
        if before is not None:
            old = earlier.get(what)
            shown.insert(1, cells(old)[1] if old is not None else "-")
            relative = None if old is None else judged_against(line["figure"], old, line)
            shown += [relative[0], _met(relative[1])] if relative is not None else ["", ""]
        out.append(("| " + " | ".join(shown) + " |").replace("\n", " "))
    return "\n".join([*out, "", *steps()]) + "\n"


def _met(met: bool | None) -> str:
    return {True: "yes", False: "**no**"}.get(met, "")  # type: ignore[arg-type]


#: From this line on, docs/performance.md is written by hand (figures of longer runs, what was
#: weighed and left): kept as it is when the table above it is written again.
KEPT = "<!-- kept by tools/performance_doc.py: figures of longer runs, by hand -->"


def kept_part(path: Path) -> str:
    """The hand-written part of the page at `path`, from the KEPT line on ('' without one)."""
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    _, marker, rest = text.partition(KEPT)
    return marker + rest if marker else ""


def _read(path: str | None) -> list[dict[str, Any]]:
    text = Path(path).read_text(encoding="utf-8") if path else sys.stdin.read()
    return [json.loads(row) for row in text.splitlines() if row.startswith("{")]


def main(argv: list[str]) -> int:
    before = None
    if "--before" in argv:
        at = argv.index("--before")
        before = _read(argv[at + 1])
        argv = argv[:at] + argv[at + 2 :]
    target = ROOT / "docs" / "performance.md"
    kept = kept_part(target)
    page = render(_read(argv[0] if argv else None), before)
    target.write_text(page + ("\n" + kept if kept else ""), encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
