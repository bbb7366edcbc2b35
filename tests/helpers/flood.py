"""A bounded flood of connections against the phones' server on the loopback, run as its own
process (its sockets are not the tested process's files):

    python tests/helpers/flood.py --port P --kind silent --count 1100 --seconds 8 --source 127.0.0.2

(`--spread N`: from N addresses in turn, counting up from `--source`.)

Kinds: `silent` opens TCP connections and sends the first bytes of a request, never the rest (a
byte of data makes the system deliver the connection: one that sent nothing may stay half-open
on the client's side only, under SYN cookies); `squat` opens websockets with the
server's own Origin (forged: trivial outside a browser) and no seat's code, then never says
hello. Each connection the server closes is opened again, up to `--connects` in all, for at most
`--seconds`; new ones at most `--rate` a second. Prints "flooding" as it starts, then one JSON
line: the connections opened, closed by the server, and the most open at once. Loopback
addresses only.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import errno
import ipaddress
import json
import os
import resource
import selectors
import socket
import sys
import time


def _request(port: int) -> bytes:
    key = base64.b64encode(os.urandom(16)).decode()
    return (
        f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
        f"Origin: http://127.0.0.1:{port}\r\n\r\n"
    ).encode()


class Flood:
    """The flood's sockets and figures."""

    def __init__(self, port: int, kind: str, sources: list[str], connects: int) -> None:
        self.port, self.kind, self.sources, self.connects = port, kind, sources, connects
        self.selector = selectors.DefaultSelector()
        self.figures = {"kind": kind, "opened": 0, "closed_by_server": 0, "failed": 0}
        self.figures["most_open"] = 0
        self.open_now = 0

    def open_one(self) -> None:
        if self.figures["opened"] + self.figures["failed"] >= self.connects:
            return
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        try:
            sock.bind((self.sources[self.figures["opened"] % len(self.sources)], 0))
            code = sock.connect_ex(("127.0.0.1", self.port))
        except OSError:
            code = -1
        if code not in (0, errno.EINPROGRESS):
            sock.close()
            self.figures["failed"] += 1
            return
        self.figures["opened"] += 1
        self.open_now += 1
        self.figures["most_open"] = max(self.figures["most_open"], self.open_now)
        self.selector.register(sock, selectors.EVENT_WRITE, "connecting")

    def turn(self) -> None:
        """Answer what happened to the sockets; one the server closed is opened again."""
        for key, _events in self.selector.select(timeout=0.02):
            sock = key.fileobj
            assert isinstance(sock, socket.socket)
            if key.data == "connecting" and not sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR):
                with contextlib.suppress(OSError):
                    sock.send(_request(self.port) if self.kind == "squat" else b"GET /")
                self.selector.modify(sock, selectors.EVENT_READ, "open")
                continue
            try:
                closed = key.data == "connecting" or not sock.recv(65536) or self.kind == "silent"
            except OSError:
                closed = True
            if closed:
                self.selector.unregister(sock)
                sock.close()
                self.open_now -= 1
                self.figures["closed_by_server"] += 1
                self.open_one()

    def close(self) -> None:
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()  # type: ignore[union-attr]


def flood(
    port: int, kind: str, count: int, seconds: float, sources: list[str], rate: int, connects: int
) -> dict:
    """Open `count` connections, `rate` a second at most, and keep them open for `seconds`."""
    if not all(ipaddress.ip_address(a).is_loopback for a in sources):
        raise SystemExit("the flood sends to the loopback only")
    flood = Flood(port, kind, sources, connects)
    print("flooding", flush=True)
    start = time.monotonic()
    while (now := time.monotonic()) < start + seconds:
        while flood.figures["opened"] < min(count, (now - start) * rate + 1):
            flood.open_one()
        flood.turn()
    flood.close()
    return flood.figures


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--kind", choices=("silent", "squat"), required=True)
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--source", default="127.0.0.2")
    parser.add_argument("--spread", type=int, default=1)
    parser.add_argument("--rate", type=int, default=2000, help="new connections a second")
    parser.add_argument("--connects", type=int, default=20_000)
    args = parser.parse_args()
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # this side needs its sockets
    first = ipaddress.ip_address(args.source)
    sources = [str(first + n) for n in range(args.spread)]
    figures = flood(
        args.port, args.kind, args.count, args.seconds, sources, args.rate, args.connects
    )
    print(json.dumps(figures), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
