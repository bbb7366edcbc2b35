"""The phones' server: the page's files and one websocket, in a thread beside the pygame loop.

It serves nothing but the files it is given (the phone page) and the websocket at `/ws`, on the
addresses it is given (the local network's, and 127.0.0.1), on one port. A phone's message is
checked for shape and for its seat token (every message, `protocol`, `tokens`), then put on
`inbox`, a queue the main loop drains; `wake()` is called so an idle loop looks at once. The main
loop answers with `send` and `drop`, which are safe to call from its thread.

Limits: messages over `protocol.MAX_MESSAGE_BYTES` close the connection (websocket code 1009);
each connection may send `RATE` messages a second (bursts of `BURST`), the rest are dropped with
one refusal a second; at most `MAX_CONNECTIONS` connections at once; a connection that has not
said a valid hello within `HELLO_SECONDS` is closed; the websocket must come from a page this
server served (its Origin header).
"""

from __future__ import annotations

import asyncio
import contextlib
import email.utils
import itertools
import logging
import queue
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from scenes.kit.i18n import _
from scenes.phones import protocol
from scenes.phones.tokens import SeatTokens

log = logging.getLogger(__name__)
logging.getLogger("websockets").setLevel(logging.WARNING)  # (one line per connection otherwise)

RATE = 20.0  #: messages a second a connection may send, on average
BURST = 40  #: ... and at once
MAX_CONNECTIONS = 16
HELLO_SECONDS = 10.0
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
    """What a phone said, for the main loop: `kind` is "hello", "move" or "gone" (closed)."""

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
        self._seats: dict[int, int] = {}  # connection -> the seat it said hello for
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
        try:
            for host in self.hosts:
                try:
                    server = await serve(
                        self._connection,
                        host,
                        self.port or self._wanted_port,
                        process_request=self._http,
                        max_size=protocol.MAX_MESSAGE_BYTES,
                        max_queue=4,
                        ping_interval=PING_SECONDS,
                        ping_timeout=PING_SECONDS,
                        server_header=None,
                    )
                except OSError as error:
                    log.warning("the phone server cannot listen on %s: %s", host, error)
                    continue
                servers.append(server)
                self.port = self.port or server.sockets[0].getsockname()[1]
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
            for server in servers:
                server.close()
            for server in servers:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(server.wait_closed(), START_SECONDS)

    async def _drain(self) -> None:
        """Give what is still queued for the phones (a last view, a goodbye) a moment to leave."""
        deadline = time.monotonic() + DRAIN_SECONDS
        while any(not box.empty() for box in self._outboxes.values()):
            if time.monotonic() > deadline:
                return
            await asyncio.sleep(0.01)

    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        """The page's files; the websocket only at /ws from a page of ours; 404 for the rest."""
        path = request.path.partition("?")[0]
        upgrade = "upgrade" in request.headers.get("Connection", "").lower()
        if path == "/ws" and upgrade:
            if len(self._outboxes) >= MAX_CONNECTIONS:
                self.refused_connections += 1
                return connection.respond(HTTPStatus.SERVICE_UNAVAILABLE, "Too many devices.\n")
            if request.headers.get("Origin") not in self._origins:
                self.refused_connections += 1
                return connection.respond(HTTPStatus.FORBIDDEN, "Forbidden.\n")
            return None
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
        connection = next(self._ids)
        outbox: asyncio.Queue[tuple[str, str | None]] = asyncio.Queue()
        self._outboxes[connection] = outbox
        writer = asyncio.create_task(self._writer(ws, outbox))
        try:
            await self._listen(ws, connection, outbox)
        except ConnectionClosed:
            pass
        finally:
            del self._outboxes[connection]
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await writer
            seat = self._seats.pop(connection, None)
            if seat is not None:
                self._put(Incoming("gone", connection, seat))

    async def _listen(
        self, ws: ServerConnection, connection: int, outbox: asyncio.Queue[tuple[str, str | None]]
    ) -> None:
        """Read `connection`'s messages until it closes (`_seats` keeps the seat it said hello
        for)."""
        seat: int | None = None
        limit = RateLimit()
        wrong = 0
        opened = time.monotonic()

        def say(text: str) -> None:
            outbox.put_nowait((text, None))

        while True:
            if seat is None:
                left = HELLO_SECONDS - (time.monotonic() - opened)
                try:
                    raw = await asyncio.wait_for(ws.recv(), max(0.01, left))
                except TimeoutError:
                    await ws.close(1008, "no hello")
                    return
            else:
                raw = await ws.recv()
            if not limit.take():
                if limit.should_warn():
                    say(protocol.refused(_("Too many messages: slow down.")))
                continue
            try:
                message = protocol.read(raw)
            except protocol.ProtocolError as error:
                say(protocol.refused(_(str(error))))
                continue
            token_seat = self.tokens.seat_of(message.token)
            if token_seat is None or (seat is not None and token_seat != seat):
                wrong += 1
                say(
                    protocol.write(
                        "error",
                        reason=_(
                            "This code does not open this seat: scan your own code on the big "
                            "screen again."
                        ),
                    )
                )
                if wrong >= MAX_WRONG_TOKENS:
                    await ws.close(1008, "wrong codes")
                    return
                continue
            if message.kind == "hello":
                seat = self._seats[connection] = token_seat
                self._put(Incoming("hello", connection, seat, device=message.device))
            elif seat is None:
                say(protocol.refused(_("Say hello first: reload the page.")))
            else:
                self._put(Incoming("move", connection, seat, move=message.move))
