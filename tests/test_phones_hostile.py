"""Hands on phones against a hostile network (issue 39), through the real app and its server on
the loopback: squatters that never show a seat's code (forged Origin headers), a flood of idle
sockets from one address and from many, a flood of sockets with the process's limit of open files
at 1024, and a flood of second phones and repeated hellos on one seat. In each, a real phone (a
websocket client with its seat's code) joins and makes a move, the game is never lost, and the
board's frame loop is measured: the gaps between frames are printed (`-s`), never asserted.

Floods run in their own process (tests/helpers/flood.py), bounded in count and time."""

import json
import os
import resource
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from helpers.phone_driver import Phone
from helpers.scene_driver import FRAME, settle, tap
from test_phones_server import consequence_on_phones
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from scenes.kit import fonts
from scenes.phones import gate as gate_module
from scenes.phones import network, server
from scenes.storage.kept_games import kept_games

FLOOD = Path(__file__).parent / "helpers" / "flood.py"


@pytest.fixture
def table_app(make_app, monkeypatch):
    """A headless app; phones listen on 127.0.0.1 only."""
    monkeypatch.setenv(network.LOCAL_ONLY_ENV, "1")
    return make_app(speed=20)


class Flood:
    """One flood process (tests/helpers/flood.py), under way once constructed; `figures()`
    waits for its end (it stops by itself after `seconds`)."""

    def __init__(self, port, kind, count, seconds, source="127.0.0.2", spread=1, rate=2000):
        self.seconds = seconds
        argv = [sys.executable, str(FLOOD), "--port", str(port), "--kind", kind]
        argv += ["--count", str(count), "--seconds", str(seconds), "--rate", str(rate)]
        argv += ["--source", source, "--spread", str(spread)]
        self.process = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True)
        assert self.process.stdout.readline().strip() == "flooding"

    def figures(self):
        out, _ = self.process.communicate(timeout=self.seconds + 60)
        return json.loads(out.strip().splitlines()[-1])

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()


class Frames:
    """The board's frame loop, run here, with the gaps between frames kept (ms)."""

    def __init__(self, app):
        self.app = app
        self.gaps = []
        self.last = None
        self.watch = []  # called after every frame

    def run(self, phones, until=lambda: False, seconds=15.0):
        """Frames (reading `phones`) until `until()` holds or `seconds` have passed; whether it
        held."""
        deadline = time.monotonic() + seconds
        while True:
            self.app.run(frames=1, fixed_dt=FRAME)
            now = time.perf_counter()
            if self.last is not None:
                self.gaps.append((now - self.last) * 1000)
            self.last = now
            for check in self.watch:
                check()
            for phone in phones:
                phone.drain()
            if until():
                return True
            if time.monotonic() > deadline:
                return False
            time.sleep(0.003)

    def report(self, label, flood=None):
        gaps = sorted(self.gaps) or [0.0]
        line = (
            f"{label}: {len(gaps)} frames, gap median {statistics.median(gaps):.1f} ms, "
            f"95th {gaps[int(len(gaps) * 0.95)]:.1f} ms, max {gaps[-1]:.1f} ms "
            f"(load {os.getloadavg()[0]:.1f})"
        )
        if flood is not None:
            line += f"; flood {json.dumps(flood)}"
        print(line)
        return line


def phone_page(table, row, seconds=40.0):
    """The seat's phone as its page connects: a connection that fails (a flood can fill the
    listening socket's short queue for a while, longer on a loaded machine) is tried again after
    min(5 s, 0.5 s x tries), as static/phone.js does; the Phone, or None after `seconds`."""
    deadline = time.monotonic() + seconds
    tries = 0
    while True:
        try:
            return Phone(table, row, device=f"device-{row}")
        except OSError:  # (a timeout included)
            tries += 1
            if time.monotonic() > deadline:
                return None
            time.sleep(min(5.0, 0.5 * tries))


def join_and_move(frames, table, board):
    """The phone of the seat to move comes back on a new connection (its page reloaded: the same
    device) and makes a move; the phone."""
    seat = board.state.current_player
    row = table.rows[seat]
    made = []  # (its handshake runs beside the frames, as a phone's would)
    threading.Thread(target=lambda: made.append(phone_page(table, row)), daemon=True).start()
    assert frames.run([], lambda: made, seconds=45.0), "the phone could not connect"
    assert made[0] is not None, "the phone could not connect in 40 s of tries"
    phone = made[0]
    phone.hello()

    def ready():
        view = phone.last("view")
        holder = table.holders.get(row)
        return holder is not None and holder.connection and view and view["your_turn"]

    assert frames.run([phone], ready), "the phone did not get its seat back"
    played = len(board.moves)
    phone.move(phone.last("view")["board"]["moves"][0])
    assert frames.run([phone], lambda: len(board.moves) > played), "its move was not played"
    return phone


# --- squatters ------------------------------------------------------------------------------
def test_websockets_without_a_code_are_refused_at_their_request_and_a_phone_gets_in(table_app):
    board, table, _phones = consequence_on_phones(table_app)
    port = table.server.port
    held = []
    for _ in range(24):  # squatters: the server's own Origin (forged), no code, no hello
        try:
            held.append(connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}"))
        except InvalidStatus as refused:
            assert refused.response.status_code == 403
    try:
        assert held == []
        join_and_move(Frames(table_app), table, board)
    finally:
        for ws in held:
            ws.close()


@pytest.mark.slow
def test_squatters_with_forged_origins_never_keep_a_phone_with_its_code_out(table_app):
    board, table, _phones = consequence_on_phones(table_app)
    frames = Frames(table_app)
    port = table.server.port
    with Flood(port, "squat", 24, seconds=6.0) as flood:
        frames.run([], seconds=0.5)  # (the squatters open their websockets meanwhile)
        join_and_move(frames, table, board)
        held = []
        frames.watch.append(lambda: held.append(table.server.gate.held))
        assert frames.run([], lambda: flood.process.poll() is not None, seconds=30)  # its end
        figures = flood.figures()
    frames.report("squatters with a forged Origin and no code", figures)
    assert figures["closed_by_server"] >= figures["opened"] - 24  # each was refused at once
    assert max(held) <= table.server.gate.budget
    assert board.moves and not table_app.manager.crashes


@pytest.mark.slow
def test_idle_sockets_are_cut_after_a_short_deadline_and_few_come_from_one_address(
    table_app, monkeypatch
):
    monkeypatch.setattr(server, "HANDSHAKE_SECONDS", 1.0, raising=False)
    board, table, _phones = consequence_on_phones(table_app)
    frames = Frames(table_app)
    with Flood(table.server.port, "silent", 30, seconds=3.0, source="127.0.0.3") as one:
        frames.run([], seconds=0.3)
        join_and_move(frames, table, board)
        frames.run([], lambda: one.process.poll() is not None, seconds=10)
        figures = one.figures()
    frames.report("idle sockets from one address", figures)
    # 22 refused at once (8 from one address at most), the 8 kept cut after the deadline: all
    # 30 closed within the flood (and those opened again)
    assert figures["closed_by_server"] >= 30
    frames = Frames(table_app)
    with Flood(
        table.server.port, "silent", 120, seconds=3.0, source="127.0.1.1", spread=20
    ) as many:
        frames.run([], seconds=0.3)
        join_and_move(frames, table, board)  # a newcomer takes the place of an older one
        frames.run([], lambda: many.process.poll() is not None, seconds=10)
        figures = many.figures()
    frames.report("idle sockets from 20 addresses", figures)
    assert len(board.moves) == 2 and not table_app.manager.crashes


# --- files ----------------------------------------------------------------------------------
@pytest.fixture
def open_files_1024():
    """The test process's limit of open files at 1024 (the common desktop one), put back
    after."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1024:
        pytest.skip(f"this machine allows only {hard} open files")
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


@pytest.mark.slow
def test_a_flood_of_1400_sockets_at_1024_open_files_loses_nothing(table_app, home, open_files_1024):
    board, table, _phones = consequence_on_phones(table_app)
    frames = Frames(table_app)
    seconds = 8.0
    sizes = iter(range(21, 81))

    def new_size():  # text at a size never drawn yet, in both faces, each frame
        size = next(sizes, None)
        if size is not None:
            fonts.text("Flood 洪水", size, (0, 0, 0), bold=size % 2 == 0)

    frames.watch.append(new_size)
    with Flood(
        table.server.port, "silent", 1400, seconds, "127.0.2.1", spread=50, rate=1000
    ) as flood:
        frames.run([], seconds=0.5)
        join_and_move(frames, table, board)  # and the board saves the game after the move
        frames.run([], lambda: flood.process.poll() is not None, seconds=seconds + 10)
        figures = flood.figures()
    frames.report("1400 sockets, 1024 open files", figures)
    assert figures["opened"] >= 1400
    played = list(board.moves)
    tap(table_app, board.button_rects["Menu"].center)  # leave: the game is saved
    tap(table_app, table_app.manager.current.button_rects["Leave"].center)
    settle(table_app)
    assert table_app.manager.current.name == "menu" and not table_app.manager.crashes
    games, notices = kept_games(home)
    assert notices == [] and list(games[0].saved.moves) == played
    assert not [text for text, _ in table_app.notices if "could not" in text]
    log = (home / "tabletop-trio.log").read_text()
    assert "out of system resource" not in log
    summaries = log.count("the phone server refused")
    assert 1 <= summaries <= seconds / gate_module.SUMMARY_SECONDS + 2  # not one line each


# --- second phones ----------------------------------------------------------------------------
def questions(app):
    """The questions on the big screen now (the confirm dialogs on the stack)."""
    return sum(scene.name == "confirm" for scene in app.manager.stack)


def test_second_phones_and_repeated_hellos_make_one_question_that_closes_when_they_leave(
    table_app,
):
    board, table, _phones = consequence_on_phones(table_app)
    row = table.rows[board.state.current_player]
    frames = Frames(table_app)
    most = []
    frames.watch.append(lambda: most.append(questions(table_app)))
    askers = []
    for n in range(14):
        askers.append(Phone(table, row, device=f"another-{n}"))
        askers[-1].hello()
        frames.run(askers, seconds=0.02)
    repeater = Phone(table, row, device="the-repeater")
    for _ in range(30):
        repeater.hello()
    # then a message the server answers at once: once its answer is back, every hello was read
    repeater.send({"t": "hello", "device": "the-repeater", "token": "not-a-code"})

    def all_answered():  # every second phone was asked to wait (or cut: at most PER_SEAT stay)
        read_all = repeater.last("error") is not None
        waited = all(asker.last("waiting") or asker.closed for asker in askers)
        return read_all and waited and repeater.last("waiting")

    assert frames.run([*askers, repeater], all_answered, seconds=30)
    settle(table_app)
    assert max(most) == 1 and table_app.manager.current.name == "confirm"
    assert sum(m["t"] == "waiting" for m in repeater.received) == 1  # answered once
    assert any(m.get("reason") == "This phone has already joined." for m in repeater.received)
    assert table.server.gate.seat_connections(row) <= gate_module.PER_SEAT
    for asker in [*askers, repeater]:
        asker.close()
    assert frames.run([], lambda: questions(table_app) == 0)
    settle(table_app)
    assert table_app.manager.current is board and max(most) == 1
    assert table.holders[row].device == f"device-{row}"  # the first phone kept its seat
    join_and_move(frames, table, board)
    frames.report("14 second phones and 30 hellos on one seat")
    assert not table_app.manager.crashes


def test_a_second_phone_that_leaves_takes_its_question_with_it(table_app):
    board, table, _phones = consequence_on_phones(table_app)
    row = table.rows[0]
    second = Phone(table, row, device="someone-else")
    second.hello()
    frames = Frames(table_app)
    assert frames.run([second], lambda: second.last("waiting"))
    settle(table_app)
    assert questions(table_app) == 1
    second.close()
    assert frames.run([], lambda: table_app.manager.current is board)
    assert table.holders[row].device == f"device-{row}" and not table.waiting
