"""Where the phones' server listens: the local network's address of this computer, and
127.0.0.1 (the same computer: tests, a browser beside the app)."""

from __future__ import annotations

import contextlib
import ipaddress
import os
import socket

LOOPBACK = "127.0.0.1"
#: set to 1 to listen on 127.0.0.1 only (tests; a computer with no network)
LOCAL_ONLY_ENV = "TABLETOP_TRIO_PHONES_LOCAL_ONLY"
#: a documentation address (RFC 5737): asking the kernel which interface would reach it finds the
#: address of the default route; a UDP socket's connect sends nothing
_ROUTE_PROBE = ("192.0.2.1", 9)


def lan_address() -> str | None:
    """This computer's address on the local network (a private IPv4 address), or None."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(_ROUTE_PROBE)
        found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        found += socket.gethostbyname_ex(socket.gethostname())[2]
    for address in found:
        with contextlib.suppress(ValueError):
            ip = ipaddress.ip_address(address)
            if ip.version == 4 and ip.is_private and not ip.is_loopback and not ip.is_link_local:
                return address
    return None


def listen_hosts() -> list[str]:
    """The addresses to listen on, the one to show in the codes first."""
    lan = None if os.environ.get(LOCAL_ONLY_ENV) == "1" else lan_address()
    return [lan, LOOPBACK] if lan else [LOOPBACK]
