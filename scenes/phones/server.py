"""The phones' server: the page's files and one websocket, in a thread beside the pygame loop.

It serves nothing but the files it is given (the phone page) and the websocket at `/ws`, on the
addresses it is given (the local network's, and 127.0.0.1), on one port. The websocket's request
carries its seat's token (`/ws?token=T`), checked before the connection opens: one without a
token is refused (403), one with a wrong token is told why and closed at once. Each message is
checked again for shape and for that seat's token (`protocol`, `tokens`), then put on `inbox`, a
queue the main loop drains; `wake()` is called so an idle loop looks at once. The main loop
answers with `send`, `drop` and `hold`, which are safe to call from its thread.

Limits: the sockets the server holds are a fixed budget well under the process's limit of open
files, shared so that connections without a seat's code never take a seat's place (`gate`);
those get `HANDSHAKE_SECONDS` to send their request. Messages over `protocol.MAX_MESSAGE_BYTES`
close the connection (websocket code 1009); each connection may send `RATE` messages a second
(bursts of `BURST`), the rest are dropped with one refusal a second; a hello repeated on one
connection is passed on at most once per `HELLO_REPEAT_SECONDS`; a connection that has not said
hello within `HELLO_SECONDS` is closed; the websocket must come from a page this server served
(its Origin header). Refusals are logged as one line per interval, never one line each."""

from __future__ import annotations

import asyncio
import contextlib
import email.utils
import errno
import functools
import itertools
import logging
import os
import queue
import socket
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any, cast
from urllib.parse import parse_qs

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response
from websockets.protocol import State

from scenes.kit.file_limit import open_files_limit
from scenes.kit.i18n import _
from scenes.phones import protocol
from scenes.phones.gate import BACKLOG, Gate, Tally, budget_for
from scenes.phones.tokens import SeatTokens

log = logging.getLogger(__name__)
logging.getLogger("websockets").setLevel(logging.WARNING)  # (one line per connection otherwise)

RATE = 20.0  #: messages a second a connection may send, on average
BURST = 40  #: ... and at once
#: a connection must have sent its whole request within this many seconds of connecting
HANDSHAKE_SECONDS = 5.0
#: a closing connection that does not answer is cut after this many seconds
CLOSE_SECONDS = 2.0
HELLO_SECONDS = 10.0
#: a hello repeated on one connection is passed on at most once in this many seconds
HELLO_REPEAT_SECONDS = 2.0
#: connections refused and closed at once in one go, before the server's other work runs
ACCEPT_BATCH = 64
#: wrong-token messages after which a connection is closed
MAX_WRONG_TOKENS = 5
PING_SECONDS = 10.0  #: a silent phone is pinged this often; one that does not answer is gone
START_SECONDS = 5.0
DRAIN_SECONDS = 1.0

#: headers of every file served: never cached, never sniffed, never framed, no referrer; the page
#: may load only its own files and open only its own websocket
FILE_HEADERS = (
    ("Cache-Control", "no-store"),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
    (
        "Content-Security-Policy",
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
)


@dataclass(frozen=True)
class Incoming:
    """What a phone said, for the main loop: `kind` is "hello", "move", "answer" (`move` holds
    "allow" or "refuse") or "gone" (closed)."""

    kind: str
    connection: int
    seat: int | None
    move: str = ""
    device: str = ""


class RateLimit:
    """A token bucket: `take()` is False when a connection sends faster than allowed."""

    def __init__(self, rate: float = RATE, burst: int = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.level = float(burst)
        self.at = time.monotonic()
        self.warned_at = -1.0

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level >= 1:
            self.level -= 1
            return True
        return False

    def should_warn(self) -> bool:
        """True at most once a second: the refusal a flood gets."""
        now = time.monotonic()
        if now - self.warned_at >= 1.0:
            self.warned_at = now
            return True
        return False


class Listener(socket.socket):
    """A listening socket that closes at once, uncounted in anything else, each connection the
    gate has no room for (asyncio's selector loops accept through `accept`; elsewhere the gate's
    shares still apply once a connection is made)."""

    gate: Gate[Any]
    on_refused: Callable[[], None]

    def accept(self) -> tuple[socket.socket, Any]:
        for _attempt in range(ACCEPT_BATCH):
            conn, address = super().accept()  # (BlockingIOError when none is waiting)
            if self.gate.room():
                self.gate.accepted(conn)
                return conn, address
            conn.close()
            self.on_refused()
        raise BlockingIOError(errno.EAGAIN, "the rest wait for the next turn of the loop")


def listener(host: str, port: int, gate: Gate[Any], on_refused: Callable[[], None]) -> Listener:
    """A `Listener` bound to (`host`, `port`) (port 0: a free one); OSError if it cannot be."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = Listener(family, socket.SOCK_STREAM)
    try:
        if os.name == "posix":  # (as asyncio does: a port left in TIME_WAIT is taken again)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.gate, sock.on_refused = gate, on_refused
    return sock


class GuardedConnection(ServerConnection):
    """A connection counted by its server's gate from the moment it is made until it is lost;
    `seat` is the seat whose token its request showed (None: none)."""

    def __init__(self, *args: Any, owner: PhoneServer, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.owner = owner
        self.seat: int | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self.owner.admit(self, transport)

    def connection_lost(self, exc: Exception | None) -> None:
        self.owner.gate.release(self)
        super().connection_lost(exc)


class PhoneServer:
    """The server of one table's phones (see the module docstring)."""

    def __init__(
        self,
        tokens: SeatTokens,
        files: Mapping[str, tuple[bytes, str]],
        hosts: Sequence[str],
        port: int = 0,
        wake: Callable[[], None] = lambda: None,
    ) -> None:
        self.tokens = tokens
        self.files = dict(files)
        self.hosts = list(dict.fromkeys(hosts))
        self.inbox: queue.SimpleQueue[Incoming] = queue.SimpleQueue()
        self._wake = wake
        self._wanted_port = port
        self.port = 0
        self._origins: set[str] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._ids = itertools.count(1)
        self._outboxes: dict[int, asyncio.Queue[tuple[str, str | None]]] = {}
        self._open: dict[int, GuardedConnection] = {}  # connection -> its websocket
        self._seats: dict[int, int] = {}  # connection -> the seat it said hello for
        self._closing: set[asyncio.Future[None]] = set()  # connections let go, closing
        #: the sockets this server may hold (see scenes.phones.gate)
        self.gate: Gate[GuardedConnection] = Gate(len(tokens), budget_for(open_files_limit()))
        self.tally = Tally()
        self.refused_connections = 0

    # --- the main loop's side -------------------------------------------------------------------

    def start(self) -> None:
        """Listen; OSError (with the reason) if no address can be bound."""
        self._thread = threading.Thread(target=self._run, name="phone-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(START_SECONDS):
            raise OSError("the phone server did not start in time")
        if self._error is not None:
            raise OSError(str(self._error))

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive() and self._error is None

    @property
    def connections(self) -> int:
        return len(self._outboxes)

    def send(self, connection: int, text: str) -> None:
        """Send `text` to `connection` (in order; nothing if it is gone)."""
        self._call(self._enqueue, connection, text, None)

    def drop(self, connection: int, text: str) -> None:
        """Send `text`, then close `connection`."""
        self._call(self._enqueue, connection, text, "bye")

    def hold(self, connection: int) -> None:
        """`connection` holds its seat now: it is never let go to make room for another page of
        the same seat."""
        self._call(self._hold, connection)

    def stop(self) -> None:
        """Close every connection and stop listening (waits for the thread)."""
        loop, stopping = self._loop, self._stopping
        if loop is not None and stopping is not None:
            with contextlib.suppress(RuntimeError):  # the loop has already closed
                loop.call_soon_threadsafe(stopping.set)
        if self._thread is not None:
            self._thread.join(START_SECONDS)
        self._thread = None

    def _call(self, function: Callable[..., Any], *args: Any) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(function, *args)

    # --- the server's thread --------------------------------------------------------------------

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        loop.set_exception_handler(self._loop_problem)
        self._loop = loop
        try:
            loop.run_until_complete(self._serve())
        except BaseException as error:  # (start() reports it)
            self._error = error
            log.exception("the phone server stopped")
        finally:
            self._ready.set()
            with contextlib.suppress(Exception):  # what is still running ends before the loop
                left = asyncio.all_tasks(loop)
                for task in left:
                    task.cancel()
                loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
            loop.close()

    async def _serve(self) -> None:
        self._stopping = asyncio.Event()
        servers: list[Server] = []
        summaries = asyncio.create_task(self._summaries())
        try:
            for host in self.hosts:
                try:
                    sock = listener(
                        host, self.port or self._wanted_port, self.gate, self._refused_at_once
                    )
                except OSError as error:
                    log.warning("the phone server cannot listen on %s: %s", host, error)
                    continue
                server = await serve(
                    self._connection,
                    sock=sock,
                    backlog=BACKLOG,
                    process_request=self._http,
                    max_size=protocol.MAX_MESSAGE_BYTES,
                    max_queue=4,
                    open_timeout=HANDSHAKE_SECONDS,
                    close_timeout=CLOSE_SECONDS,
                    ping_interval=PING_SECONDS,
                    ping_timeout=PING_SECONDS,
                    server_header=None,
                    create_connection=cast(
                        type[ServerConnection], functools.partial(GuardedConnection, owner=self)
                    ),
                )
                servers.append(server)
                self.port = self.port or sock.getsockname()[1]
                self._origins |= {f"http://{host}:{self.port}"}
                if host == "127.0.0.1":
                    self._origins.add(f"http://localhost:{self.port}")
            if not servers:
                self._error = OSError(f"no address to listen on among {', '.join(self.hosts)}")
                return
            self._ready.set()
            await self._stopping.wait()
            await self._drain()
        finally:
            summaries.cancel()
            for server in servers:
                server.close()
            for server in servers:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(server.wait_closed(), START_SECONDS)
            self._summarise(now=True)

    async def _drain(self) -> None:
        """Give what is still queued for the phones (a last view, a goodbye) a moment to leave."""
        deadline = time.monotonic() + DRAIN_SECONDS
        while any(not box.empty() for box in self._outboxes.values()):
            if time.monotonic() > deadline:
                return
            await asyncio.sleep(0.01)

    # --- refusals -------------------------------------------------------------------------------

    def _refuse(self, reason: str) -> None:
        self.refused_connections += 1
        self.tally.count(reason)

    def _refused_at_once(self) -> None:
        self._refuse("over the budget of sockets")

    async def _summaries(self) -> None:
        while True:
            await asyncio.sleep(self.tally.seconds / 4)
            self._summarise()

    def _summarise(self, now: bool = False) -> None:
        line = self.tally.summary(now)
        if line is not None:
            log.warning("the phone server %s", line)

    def _loop_problem(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """asyncio's own complaints: running out of files is counted (asyncio then waits a
        moment before accepting again), the rest logged as asyncio would."""
        error = context.get("exception")
        if isinstance(error, OSError) and error.errno in (errno.EMFILE, errno.ENFILE):
            self._refuse("the process out of open files")
            return
        loop.default_exception_handler(context)

    # --- connections ------------------------------------------------------------------------------

    def admit(self, connection: GuardedConnection, transport: asyncio.BaseTransport) -> None:
        """A connection is made: it takes a place among those without a seat's code, or is
        closed at once; older ones may be let go to make room for it."""
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        sock = transport.get_extra_info("socket")
        fd = sock.fileno() if sock is not None else -1
        admitted, evicted = self.gate.admit(connection, address, fd)
        for other in evicted:
            self._refuse("let go for newer ones without a code")
            self._let_go(other)
        if not admitted:
            self._refuse("too many from one address")
            connection.transport.abort()

    def _let_go(self, connection: GuardedConnection) -> None:
        """Close `connection` to make room: one that opened a seat is told why (its page then
        stops trying), one still in its handshake is cut."""
        if connection.seat is not None and connection.state is State.OPEN:
            closing = asyncio.ensure_future(
                connection.close(1008, "another page of this seat came")
            )
            self._closing.add(closing)
            closing.add_done_callback(self._closing.discard)
        elif connection.transport is not None:
            connection.transport.abort()

    def _hold(self, connection: int) -> None:
        ws = self._open.get(connection)
        if ws is not None:
            self.gate.keep(ws)

    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        """The page's files; the websocket only at /ws from a page of ours; 404 for the rest.
        A websocket's token is read here: one with a seat's token leaves the share of those
        without (older pages of that seat may be let go for it)."""
        path, _, query = request.path.partition("?")
        upgrade = "upgrade" in request.headers.get("Connection", "").lower()
        if path == "/ws" and upgrade:
            if request.headers.get("Origin") not in self._origins:
                self._refuse("from a page of elsewhere")
                return connection.respond(HTTPStatus.FORBIDDEN, "Forbidden.\n")
            given = parse_qs(query).get("token", [])
            if len(given) != 1:  # (a page always sends one: this is no page of ours)
                self._refuse("without a seat's code")
                return connection.respond(HTTPStatus.FORBIDDEN, "Forbidden.\n")
            seat = self.tokens.seat_of(given[0])
            if seat is not None and isinstance(connection, GuardedConnection):
                connection.seat = seat
                for other in self.gate.authenticate(connection, seat):
                    self._refuse("too many pages of one seat")
                    self._let_go(other)
            return None  # (one with a wrong token is told why, then closed: `_connection`)
        found = self.files.get(path)
        if found is None or upgrade:
            return connection.respond(HTTPStatus.NOT_FOUND, "Not found.\n")
        body, content_type = found
        headers = Headers(
            [
                ("Date", email.utils.formatdate(usegmt=True)),
                ("Connection", "close"),
                ("Content-Length", str(len(body))),
                ("Content-Type", content_type),
                *FILE_HEADERS,
            ]
        )
        return Response(HTTPStatus.OK.value, HTTPStatus.OK.phrase, headers, body)

    def _enqueue(self, connection: int, text: str, then: str | None) -> None:
        outbox = self._outboxes.get(connection)
        if outbox is not None:
            outbox.put_nowait((text, then))

    async def _writer(
        self, ws: ServerConnection, outbox: asyncio.Queue[tuple[str, str | None]]
    ) -> None:
        while True:
            text, then = await outbox.get()
            await ws.send(text)
            if then == "bye":
                await ws.close(1000, "let go")
                return

    def _put(self, item: Incoming) -> None:
        self.inbox.put(item)
        try:
            self._wake()
        except Exception:  # the loop is asleep at worst a second: never let this kill a phone
            log.exception("could not wake the main loop")

    async def _connection(self, ws: ServerConnection) -> None:
        seat = ws.seat if isinstance(ws, GuardedConnection) else None
        if seat is None:
            self._refuse("with a wrong code")
            with contextlib.suppress(ConnectionClosed):
                await ws.send(wrong_code())
                await ws.close(1008, "wrong code")
            return
        assert isinstance(ws, GuardedConnection)
        connection = next(self._ids)
        outbox: asyncio.Queue[tuple[str, str | None]] = asyncio.Queue()
        self._outboxes[connection] = outbox
        self._open[connection] = ws
        writer = asyncio.create_task(self._writer(ws, outbox))
        try:
            await self._listen(ws, connection, seat, outbox)
        except ConnectionClosed:
            pass
        finally:
            del self._outboxes[connection]
            del self._open[connection]
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await writer
            said = self._seats.pop(connection, None)
            if said is not None:
                self._put(Incoming("gone", connection, said))

    async def _listen(
        self,
        ws: ServerConnection,
        connection: int,
        seat: int,
        outbox: asyncio.Queue[tuple[str, str | None]],
    ) -> None:
        """Read `connection`'s messages (its request showed `seat`'s token) until it closes
        (`_seats` keeps the seat once it said hello)."""
        limit = RateLimit()
        hellos = RateLimit(1 / HELLO_REPEAT_SECONDS, 1)
        wrong = 0
        opened = time.monotonic()

        def say(text: str) -> None:
            outbox.put_nowait((text, None))

        while True:
            raw = await self._receive(ws, connection, opened)
            message = self._read(raw, limit, say)
            if message is None:
                continue
            if self.tokens.seat_of(message.token) != seat:
                wrong += 1
                say(wrong_code())
                if wrong >= MAX_WRONG_TOKENS:
                    await ws.close(1008, "wrong codes")
                    return
            elif message.kind == "hello":
                if hellos.take():  # answered once; a repeat only after a pause
                    self._seats[connection] = seat
                    self._put(Incoming("hello", connection, seat, device=message.device))
                elif hellos.should_warn():
                    say(protocol.refused(_("This phone has already joined.")))
            elif connection not in self._seats:
                say(protocol.refused(_("Say hello first: reload the page.")))
            else:
                self._put(Incoming(message.kind, connection, seat, move=message.move))

    async def _receive(self, ws: ServerConnection, connection: int, opened: float) -> str | bytes:
        """The next message; before a hello, ConnectionClosed (the connection closed) once
        HELLO_SECONDS have passed since `opened`."""
        if connection in self._seats:
            return await ws.recv()
        left = HELLO_SECONDS - (time.monotonic() - opened)
        try:
            return await asyncio.wait_for(ws.recv(), max(0.01, left))
        except TimeoutError:
            await ws.close(1008, "no hello")
            return await ws.recv()  # (raises ConnectionClosed)

    @staticmethod
    def _read(
        raw: str | bytes, limit: RateLimit, say: Callable[[str], None]
    ) -> protocol.PhoneMessage | None:
        """`raw` read as a message, or None (refused, in words, or dropped in a flood)."""
        if not limit.take():
            if limit.should_warn():
                say(protocol.refused(_("Too many messages: slow down.")))
            return None
        try:
            return protocol.read(raw)
        except protocol.ProtocolError as error:
            say(protocol.refused(_(str(error))))
            return None


def wrong_code() -> str:
    """What a page with a code that opens no seat (or not this one) is told."""
    return protocol.write(
        "error",
        reason=_("This code does not open this seat: scan your own code on the big screen again."),
    )
