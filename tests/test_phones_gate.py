"""The phones' server's budget of sockets and its shares (scenes.phones.gate), the summary of its
refusals, the process's limit of open files, and text drawn without opening a file (issue 39)."""

import os
import resource
import socket
import sys

import pytest
from helpers.kiosk_driver import FakeClock

from scenes.kit import file_limit, fonts
from scenes.phones.gate import (
    BACKLOG,
    PER_ADDRESS,
    PER_SEAT,
    Gate,
    Tally,
    budget_for,
)

SEATS = 4


def test_the_budget_is_a_small_share_of_the_limit_and_leaves_the_seats_their_room():
    assert budget_for(1024) <= 1024 // 8 and budget_for(20_000) == budget_for(4096)
    assert budget_for(64) < 64
    gate = Gate(SEATS, budget_for(1024))
    room_for_seats = SEATS * PER_SEAT
    assert gate.unauthenticated + room_for_seats + 2 * BACKLOG <= gate.budget


def test_one_address_holds_at_most_its_share_of_connections_without_a_code():
    gate = Gate(SEATS)
    results = [gate.admit(f"c{n}", "10.0.0.9") for n in range(PER_ADDRESS + 3)]
    assert [admitted for admitted, _ in results] == [True] * PER_ADDRESS + [False] * 3
    assert gate.unauthenticated_held() == PER_ADDRESS
    assert gate.admit("phone", "10.0.0.5") == (True, [])  # another address is let in


def test_a_newcomer_takes_the_place_of_the_oldest_of_the_busiest_address():
    gate = Gate(SEATS)
    addresses = [f"10.0.1.{n % 10}" for n in range(gate.unauthenticated)]
    for n, address in enumerate(addresses):
        assert gate.admit(f"squat{n}", address) == (True, [])
    gate.admit("phone", "10.0.0.5")  # full: the oldest of an address with the most goes
    assert gate.unauthenticated_held() == gate.unauthenticated
    for n in range(100):  # the squatters come back, again and again
        admitted, evicted = gate.admit(f"again{n}", f"10.0.1.{n % 10}")
        assert admitted and evicted and "phone" not in evicted
        for key in evicted:
            gate.release(key)
    assert gate.authenticate("phone", 0) == []  # its request showed seat 0's code


def test_a_seat_holds_a_few_connections_and_the_one_holding_it_is_never_let_go():
    gate = Gate(SEATS)
    for n in range(PER_SEAT):
        gate.admit(f"page{n}", "10.0.0.5")
        assert gate.authenticate(f"page{n}", 1) == []
    gate.keep("page0")  # its phone
    gate.admit("new", "10.0.0.6")
    assert gate.authenticate("new", 1) == ["page1"]  # the oldest that does not hold the seat
    assert gate.seat_connections(1) == PER_SEAT
    gate.keep("new")  # it was allowed in: the first page no longer holds the seat
    gate.admit("newer", "10.0.0.7")
    assert gate.authenticate("newer", 1) == ["page0"]
    assert gate.authenticate("other", 2) == []  # (not admitted: nothing to do)


def test_the_budget_counts_sockets_accepted_a_moment_ago_and_those_still_closing():
    gate = Gate(SEATS, budget=3)
    pairs = [socket.socketpair() for _ in range(3)]
    try:
        gate.admit("a", "10.0.0.5", pairs[0][0].fileno())
        gate.accepted(pairs[1][0])
        assert gate.room()
        gate.accepted(pairs[2][0])
        assert not gate.room() and gate.held == 3
        pairs[2][0].close()  # closed before it became a connection
        assert gate.room()
        gate.admit("b", "10.0.0.5", pairs[1][0].fileno())  # (no longer counted twice)
        assert gate.held == 2
        gate.release("a")
        assert gate.held == 1
    finally:
        for one, other in pairs:
            one.close()
            other.close()


def test_refusals_are_summed_up_in_one_line_per_interval():
    clock = FakeClock()
    tally = Tally(10.0, clock)
    assert tally.summary() is None
    for _ in range(1500):
        tally.count("too many from one address")
    tally.count("over the budget of sockets")
    assert tally.summary() is None  # not yet: one line per interval
    clock.advance(10)
    line = tally.summary()
    assert line == (
        "refused in the last 10 s: 1500 too many from one address, 1 over the budget of sockets"
    )
    assert tally.summary() is None and tally.total == 1501
    tally.count("too many from one address")
    assert tally.summary(now=True) == "refused in the last 0 s: 1 too many from one address"


@pytest.mark.skipif(sys.platform == "win32", reason="no limit of open files to raise")
def test_the_limit_of_open_files_is_raised_where_the_system_allows():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 2048:
        pytest.skip(f"the hard limit here is {hard}")
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))
        assert file_limit.raise_open_files(2048) == 2048
        assert file_limit.raise_open_files(1500) == 2048  # never lowered
        assert file_limit.open_files_limit() == 2048
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="no /proc to count files in")
def test_text_at_new_sizes_opens_no_file(make_app):
    make_app()
    before = len(os.listdir("/proc/self/fd"))
    for size in range(111, 131):  # sizes the app never draws
        fonts.text("Flood 洪水", size, (0, 0, 0), bold=size % 2 == 0)
        fonts.text("Flood", size, (0, 0, 0))
    assert len(os.listdir("/proc/self/fd")) == before
