"""A test passes or fails by the code, never by the machine it runs on (issue 44 item 1): not by
file times, the order a directory lists its files in, the hour or the day, a fixed sleep on a
loaded machine, or the draw of a property test.

The guard at the top reads every module of tests/ and fails on the forms that caused it (see
`scan`), except where ALLOWED says why a case is safe. It catches those forms as written, not
every way to write them: a wait hidden behind a variable or a helper is for review to find.
Below it, the app's clocks that tests inject, and the orders that do not depend on file times.
"""

from __future__ import annotations

import ast
import json
import os
import time

import pytest
from conftest import ROOT
from helpers.kiosk_driver import kiosk_app
from hypothesis import given
from hypothesis import strategies as st

from scenes.kiosk.figures import Figures
from scenes.storage import replays

#: a file's times: which file is newer depends on how git, a copy or the clock wrote them
FILE_TIMES = {"st_mtime", "st_mtime_ns", "st_ctime", "st_ctime_ns", "st_atime", "st_atime_ns"}
FILE_TIME_CALLS = {"getmtime", "getctime", "getatime"}
#: the wall clock: the hour, the day, the time zone of the machine
WALL_CLOCK = {("time", "time"), ("datetime", "now"), ("datetime", "today"), ("date", "today")}
#: a clock that measures how long something took (a loaded machine takes longer)
TIMERS = {("time", "monotonic"), ("time", "perf_counter"), ("time", "time")}
#: listings whose order is the file system's (it differs between machines and file systems)
LISTINGS = {"iterdir", "glob", "rglob", "listdir", "scandir"}
#: what makes a listing's order not matter
ORDERLESS = {"sorted", "set", "frozenset", "len", "any", "all", "sum", "Counter"}

#: (file, kind, line's words) -> why the case is safe. A line's words: a piece of its text.
ALLOWED = {
    ("test_kiosk_operator.py", "file time", "assert path.stat().st_mtime > 1000"): (
        "the heartbeat is a file time by design (an outside timer checks it): the test set it to "
        "1000 with os.utime and the loop's beat moved it on to now"
    ),
    ("test_kiosk_operator.py", "file time", "now = path.stat().st_mtime"): (
        "the check is given `now` from the same file time: no clock is read"
    ),
    ("test_kiosk_operator.py", "wall clock", "os.utime(home / heartbeat.HEARTBEAT_FILE"): (
        "the heartbeat command reads the real clock in its own process; the age it says is "
        "bounded by the time measured around it"
    ),
    ("test_faults_files.py", "timed assert", "assert time.monotonic() - start < seconds"): (
        "a guard against a hang (10 s for reading one small file), not a speed target"
    ),
    ("test_state_checks.py", "timed assert", "assert time.perf_counter() - start < 5.0"): (
        "a guard against a refusal that first builds what the bad value asks (minutes), not a "
        "speed target: a refusal takes milliseconds"
    ),
    ("test_storage_files.py", "timed assert", "time.monotonic() - start >= 0.2"): (
        "a lower bound (the lock was waited for): a slow machine only waits longer"
    ),
    ("test_faults_files.py", "listing", "for p in folder.iterdir() if p.name.startswith"): (
        "the set-aside copies of one file: the tests count them or take the one there is"
    ),
    ("test_storage_files.py", "listing", 'for p in tmp_path.glob("*.json")'): (
        "the kept files are compared as a set of contents (sorted after)"
    ),
    ("test_saved_game.py", "listing", "assert list(folder.iterdir()) == [folder / SAVE_FILE]"): (
        "a folder of one file: one order"
    ),
    ("test_settings_store.py", "listing", 'for p in tmp_path.iterdir()] == ["settings.json"]'): (
        "a folder of one file: one order"
    ),
    ("test_settings_store.py", "listing", 'p.name.startswith("settings.json.bad-")'): (
        "the set-aside copies of one file: counted"
    ),
    ("test_kill9.py", "listing", '(home / "replays").glob("*.json")'): (
        "every replay is looked up by its seed: the order is not used"
    ),
    ("test_kiosk_operator.py", "listing", '(ROOT / "packaging").glob("tabletop-trio-kiosk*")'): (
        "each unit file is checked on its own"
    ),
    ("test_i18n_catalog.py", "file time", "po_time = tool.po_path(code).stat().st_mtime"): (
        "sets the .mo's time a day before, at and after the .po's, to show that the catalog "
        "check says the same whatever the times"
    ),
    ("test_idle_loop.py", "timed assert", "assert time.monotonic() - start < 30"): (
        "at once against the minute asked for: 30 s of margin either way"
    ),
    ("test_kill9.py", "fixed sleep", "time.sleep(rng.uniform(0.0, 1.5))"): (
        "draws the random moment of the kill after the game's end was seen: any moment is "
        "right, and only that no game was lost is asserted"
    ),
    ("test_kill9.py", "fixed sleep", "time.sleep(rng.uniform(0.0, 2.5))"): (
        "draws the random moment of the kill after the first move was seen: as above"
    ),
    ("test_window_parts_xvfb.py", "fixed sleep", "time.sleep(2.0)"): (
        "lets the app play before the first look: each look pauses the app (a signal, waited "
        "for) and compares the window with the frame it drew then, whatever that frame shows"
    ),
    ("test_window_parts_xvfb.py", "fixed sleep", "time.sleep(BETWEEN)"): (
        "play between two looks: as above, no state is assumed"
    ),
    ("test_no_chance.py", "fixed sleep", "time.sleep(0.3)  # a loaded machine"): (
        "the slowness is the case under test: a property test's slow example is not failed"
    ),
}


def _calls(node: ast.AST) -> list[tuple[str, str]]:
    """(object, attribute) of every `object.attribute(...)` call in `node`."""
    found = []
    for call in ast.walk(node):
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute):
            owner = call.func.value
            name = owner.id if isinstance(owner, ast.Name) else ""
            found.append((name, call.func.attr))
    return found


def _is_sleep(node: ast.AST) -> bool:
    """Is `node` a call of `time.sleep(...)` (or `sleep(...)`, or `threading.Event().wait(...)`,
    the same)?"""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Name):
        return func.id == "sleep"
    if not isinstance(func, ast.Attribute):
        return False
    if func.attr == "sleep":
        return isinstance(func.value, ast.Name) and func.value.id == "time"
    made = func.value
    return (
        func.attr == "wait"
        and isinstance(made, ast.Call)
        and (getattr(made.func, "attr", None) or getattr(made.func, "id", None)) == "Event"
    )


def _fixed_sleeps(tree: ast.AST, parents: dict[ast.AST, ast.AST]) -> list[int]:
    """Lines of a sleep that is not a polling loop's pause: one with no `while` round it (in
    its own function). What comes after such a sleep assumes that the time was enough: on a
    loaded machine it is not. A wait is a `while` over the condition, with a deadline."""
    lines = []
    for node in ast.walk(tree):
        if not _is_sleep(node):
            continue
        inside = node
        while inside in parents and not isinstance(
            inside, (ast.While, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
        ):
            inside = parents[inside]
        if not isinstance(inside, ast.While):
            lines.append(node.lineno)
    return lines


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: parent for parent in ast.walk(tree) for child in ast.iter_child_nodes(parent)}


def _named(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name


def _orderless(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Is the listing at `node` used in a way its order cannot change (sorted, counted, a set,
    tested for any, unpacked as the one file there is, tested for emptiness)?"""
    while node in parents:
        parent = parents[node]
        if (
            isinstance(parent, ast.Call)
            and isinstance(parent.func, ast.Name)
            and parent.func.id in ORDERLESS
        ):
            return True
        if isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not):
            return True
        if isinstance(parent, ast.Assert) and node is parent.test and _named(node, "list"):
            return True  # assert list(folder.glob(...)): there is one
        if isinstance(parent, ast.Compare) and any(
            isinstance(side, ast.List) and not side.elts for side in parent.comparators
        ):
            return True  # == []: there is none
        if isinstance(parent, (ast.SetComp, ast.DictComp)):
            return True
        if isinstance(parent, ast.Assign) and isinstance(parent.targets[0], ast.Tuple):
            return len(parent.targets[0].elts) == 1  # (kept,) = folder.iterdir()
        if isinstance(parent, ast.stmt):
            return False
        node = parent
    return False


def _deadline(node: ast.Assert) -> bool:
    """`assert time.monotonic() < deadline`: a wait's bound, set where the wait starts."""
    test = node.test
    return (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Call)
        and len(test.comparators) == 1
        and isinstance(test.comparators[0], ast.Name)
        and test.comparators[0].id == "deadline"
    )


def scan(source: str) -> list[tuple[int, str]]:
    """(line, kind) of every case in `source`: "fixed sleep", "file time", "wall clock",
    "timed assert", "listing"."""
    tree = ast.parse(source)
    parents = _parents(tree)
    found = [(line, "fixed sleep") for line in _fixed_sleeps(tree, parents)]
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in FILE_TIMES:
            found.append((node.lineno, "file time"))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            pair = (owner.id if isinstance(owner, ast.Name) else "", node.func.attr)
            if node.func.attr in FILE_TIME_CALLS:
                found.append((node.lineno, "file time"))
            if pair in WALL_CLOCK:
                found.append((node.lineno, "wall clock"))
            if node.func.attr in LISTINGS and not _orderless(node, parents):
                found.append((node.lineno, "listing"))
        if isinstance(node, ast.Assert) and set(_calls(node.test)) & TIMERS and not _deadline(node):
            found.append((node.lineno, "timed assert"))
    return sorted(set(found))


def test_no_test_depends_on_file_times_order_the_clock_or_a_fixed_sleep():
    problems, used = [], set()
    for path in sorted([*ROOT.glob("tests/*.py"), *ROOT.glob("tests/helpers/*.py")]):
        lines = path.read_text(encoding="utf-8").splitlines()
        for line, kind in scan("\n".join(lines)):
            text = lines[line - 1]
            allowed = [
                key for key in ALLOWED if key[0] == path.name and key[1] == kind and key[2] in text
            ]
            used.update(allowed)
            if not allowed:
                problems.append(f"{path.relative_to(ROOT)}:{line}: {kind}: {text.strip()}")
    assert not problems, "\n".join(problems)
    assert used == set(ALLOWED), f"allowed but not found any more: {set(ALLOWED) - used}"


@pytest.mark.parametrize(
    ("source", "kind"),
    [
        ("time.sleep(1.0)\nassert done()", "fixed sleep"),
        ("time.sleep(0.5)\nreport = quit()\nassert report", "fixed sleep"),
        ("threading.Event().wait(0.5)\nassert count() > 20", "fixed sleep"),
        ("with raises(X):\n    go()\n    time.sleep(0.5)\nassert on_disk()", "fixed sleep"),
        ("click(menu)\ntime.sleep(3.0)\nshot('board.png')", "fixed sleep"),
        ("for pos in clicks:\n    click(pos)\n    time.sleep(0.6)", "fixed sleep"),
        ("while not ready():\n    def later():\n        sleep(1)\n    later()", "fixed sleep"),
        ("time.sleep(0.1)\nwhile not ready():\n    time.sleep(0.1)", "fixed sleep"),
        ("if path.stat().st_mtime > other.stat().st_mtime: pass", "file time"),
        ("age = os.path.getmtime(path)", "file time"),
        ("now = time.time()", "wall clock"),
        ("day = datetime.now()", "wall clock"),
        ("assert time.monotonic() - start < 2", "timed assert"),
        ("names = [p.name for p in folder.iterdir()]", "listing"),
        ("first = list(folder.glob('*.json'))[0]", "listing"),
    ],
)
def test_the_guard_finds_each_form(source, kind):
    assert kind in {k for _, k in scan(source)}, scan(source)


@pytest.mark.parametrize(
    "source",
    [
        "while not ready():\n    time.sleep(0.1)\nassert ready()",
        "while True:\n    if ready():\n        break\n    time.sleep(0.1)",
        "names = sorted(p.name for p in folder.iterdir())",
        "(kept,) = folder.iterdir()",
        "assert not list(folder.glob('*.tmp'))",
        "assert len(list(folder.glob('*.json'))) == 1",
    ],
)
def test_the_guard_lets_waits_and_orderless_listings_be(source):
    assert scan(source) == []


# --- property tests: no deadline, no "too slow" --------------------------------------------------
@given(st.integers(0, 1))
def test_a_slow_example_is_not_failed_by_the_clock(number):
    time.sleep(0.3)  # a loaded machine: one example takes longer than hypothesis's 200 ms default


# --- the kiosk's clocks: what it counts is dated by the wall clock it is given -------------------
def local(day: str, clock: str) -> float:
    return time.mktime(time.strptime(f"{day} {clock}", "%Y-%m-%d %H:%M:%S"))


def test_the_kiosk_dates_its_figures_and_board_by_the_wall_clock_it_is_given(home, apps):
    app = kiosk_app(home)
    apps.append(app)
    control = app.kiosk_control
    wall = control.figures.wall
    assert control.day_board.wall is wall  # one clock for both
    wall.now = local("2026-06-13", "23:59:59")
    control.figures.started("consequence")
    win = control.day_board.add("consequence", "hard")
    control.figures.stalled(3)
    assert win.at == "23:59" and control.day_board.count(None, "hard") == 1
    assert control.figures.per_hour("2026-06-13")[23].started == 1
    assert control.figures.data["last_stall"] == "2026-06-13 23:59:59 (3 s)"
    wall.advance(1)  # midnight: a new day, whatever the machine's clock says
    assert control.figures.today() == "2026-06-14" and control.figures.hour_now() == 0
    assert control.day_board.count(None, "hard") == 0


def test_a_stall_is_dated_by_the_figures_wall_clock(tmp_path):
    figures = Figures(tmp_path, wall=lambda: local("2026-01-02", "03:04:05"))
    figures.stalled(7.4)
    assert figures.data["last_stall"] == "2026-01-02 03:04:05 (7 s)"


# --- replays: newest first when the file system gives them one time ------------------------------
def test_replays_written_at_one_file_time_are_listed_newest_first_and_the_oldest_go(home):
    for number in range(12):
        path = replays.keep_replay(home, "whose-foods", {"n": number}, limit=100)
        os.utime(path, ns=(10**18, 10**18))  # one time for all (a coarse clock, a copy)
    kept = [json.loads(p.read_text())["n"] for p in replays.replay_files(home)]
    assert kept == list(range(11, -1, -1)), kept
    replays.keep_replay(home, "whose-foods", {"n": 12}, limit=10)
    kept = [json.loads(p.read_text())["n"] for p in replays.replay_files(home)]
    assert sorted(kept) == list(range(3, 13)), kept  # the three oldest went
