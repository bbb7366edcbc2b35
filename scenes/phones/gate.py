"""Who may hold a socket of the phones' server: a fixed budget of sockets, shared so that no one
on the network can keep a phone with its seat's code out, nor take the files the rest of the app
needs (fonts, saves, the log).

- The budget (`budget_for`): at most `MOST_SOCKETS`, and at most 1/`LIMIT_SHARE` of the
  process's limit of open files. A connection beyond it is closed as soon as it is accepted
  (`room`), before it costs anything else.
- Connections that have not shown a seat's code (a page loading its files, a websocket before
  its request is read) share a smaller part of it (`unauthenticated`), at most `PER_ADDRESS`
  from one address; when that part is full, a newcomer takes the place of the oldest one of the
  address that holds the most. (The server also gives them a short deadline.)
- A websocket whose request shows a seat's code takes no such place: it is one of at most
  `PER_SEAT` of its seat; a newcomer beyond them takes the place of the oldest one that does not
  hold the seat (`keep`).

A `Gate` is used by the server's thread only. Refusals are counted by reason and logged as one
line per interval (`Tally`), never one line each.
"""

from __future__ import annotations

import socket
import time
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

#: the most sockets the phones' server holds
MOST_SOCKETS = 96
#: ... and at most this fraction (1/N) of the process's limit of open files
LIMIT_SHARE = 8
#: the fewest it holds, whatever the limit
FEWEST_SOCKETS = 56
#: connections accepted in one turn of the server's loop (and waiting in the system's queue)
BACKLOG = 16
#: connections not yet authenticated from one address (a browser loads a page over up to six)
PER_ADDRESS = 8
#: websockets of one seat at once (its phone, a second phone asking, a reload)
PER_SEAT = 3
#: refusals are summed up in one log line at most this often
SUMMARY_SECONDS = 10.0

Key = TypeVar("Key", bound=Hashable)


def budget_for(limit: int) -> int:
    """The sockets the server may hold in a process allowed `limit` open files."""
    return max(FEWEST_SOCKETS, min(MOST_SOCKETS, limit // LIMIT_SHARE))


@dataclass
class Entry:
    """One socket the gate counts."""

    address: str
    seat: int | None = None  # the seat whose code its request showed
    kept: bool = False  # it holds its seat: never let go for a newcomer
    leaving: bool = False  # let go, not closed yet: counted in the budget only


class Gate(Generic[Key]):
    """The sockets of the server and the places they take (see the module docstring)."""

    def __init__(self, seats: int, budget: int = MOST_SOCKETS) -> None:
        self.budget = budget
        self.per_seat = PER_SEAT
        # what is left once the seats have theirs, and room for a turn's newcomers and for as
        # many let go that are still closing: the budget is then never what refuses
        self.unauthenticated = max(PER_ADDRESS, budget - seats * PER_SEAT - 2 * BACKLOG)
        self.per_address = min(PER_ADDRESS, self.unauthenticated)
        self._entries: dict[Key, Entry] = {}  # oldest first
        self._accepted: dict[int, socket.socket] = {}  # accepted, not yet a connection

    # --- accepting ------------------------------------------------------------------------------
    def room(self) -> bool:
        """Whether one more socket fits in the budget (counting those accepted a moment ago and
        those let go that are still closing)."""
        self._accepted = {fd: s for fd, s in self._accepted.items() if s.fileno() == fd}
        return len(self._entries) + len(self._accepted) < self.budget

    def accepted(self, sock: socket.socket) -> None:
        """`sock` was accepted: it counts until it becomes a connection (`admit`) or closes."""
        self._accepted[sock.fileno()] = sock

    # --- the places -----------------------------------------------------------------------------
    def admit(self, key: Key, address: str, fd: int = -1) -> tuple[bool, list[Key]]:
        """A new connection `key` from `address` (its socket's `fd`): (whether it may stay, the
        connections to let go to make room for it). One refused still counts until `release`."""
        self._accepted.pop(fd, None)
        waiting = self._unauthenticated()
        mine = [k for k, e in waiting if e.address == address]
        if len(mine) >= self.per_address:
            self._entries[key] = Entry(address, leaving=True)
            return False, []
        evicted: list[Key] = []
        if len(waiting) >= self.unauthenticated:
            by_address = Counter(e.address for _, e in waiting)
            busiest = max(by_address.values())
            victim = next(k for k, e in waiting if by_address[e.address] == busiest)
            self._let_go(victim)
            evicted.append(victim)
        self._entries[key] = Entry(address)
        return True, evicted

    def authenticate(self, key: Key, seat: int) -> list[Key]:
        """`key`'s request showed the code of `seat`: it leaves the unauthenticated share; the
        connections to let go to make room for it among its seat's."""
        entry = self._entries.get(key)
        if entry is None or entry.leaving:
            return []
        entry.seat = seat
        same = [k for k, e in self._entries.items() if e.seat == seat and not e.leaving]
        evicted: list[Key] = []
        for other in same:
            if len(same) - len(evicted) <= self.per_seat:
                break
            if other is not key and not self._entries[other].kept:
                self._let_go(other)
                evicted.append(other)
        return evicted

    def keep(self, key: Key) -> None:
        """`key` holds its seat now (the one that held it before no longer does)."""
        entry = self._entries.get(key)
        if entry is None or entry.seat is None:
            return
        for other in self._entries.values():
            if other.seat == entry.seat:
                other.kept = False
        entry.kept = True

    def release(self, key: Key) -> None:
        """`key` is closed."""
        self._entries.pop(key, None)

    def _let_go(self, key: Key) -> None:
        self._entries[key].leaving = True

    def _unauthenticated(self) -> list[tuple[Key, Entry]]:
        return [(k, e) for k, e in self._entries.items() if e.seat is None and not e.leaving]

    # --- figures ---------------------------------------------------------------------------------
    @property
    def held(self) -> int:
        """Sockets counted now."""
        return len(self._entries) + len(self._accepted)

    def unauthenticated_held(self) -> int:
        """Connections in the unauthenticated share now."""
        return len(self._unauthenticated())

    def seat_connections(self, seat: int) -> int:
        return sum(e.seat == seat and not e.leaving for e in self._entries.values())


class Tally:
    """Refusals counted by reason; `summary()` gives one line for those since the last line, at
    most once per `seconds` (None in between, or when there were none)."""

    def __init__(
        self, seconds: float = SUMMARY_SECONDS, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.seconds = seconds
        self.clock = clock
        self.counts: Counter[str] = Counter()
        self.total = 0
        self._since = clock()

    def count(self, reason: str) -> None:
        if not self.counts:
            self._since = self.clock()
        self.counts[reason] += 1
        self.total += 1

    def summary(self, now: bool = False) -> str | None:
        """The line summing up the refusals since the last one (`now`: whatever the time)."""
        elapsed = self.clock() - self._since
        if not self.counts or (elapsed < self.seconds and not now):
            return None
        parts = ", ".join(f"{n} {reason}" for reason, n in self.counts.most_common())
        self.counts.clear()
        self._since = self.clock()
        return f"refused in the last {elapsed:.0f} s: {parts}"
