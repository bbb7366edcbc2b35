"""Asking an X11 window manager for the kiosk's window, the way a taskbar or pager does (the
EWMH messages `_NET_ACTIVE_WINDOW` and `_NET_WM_DESKTOP`), through libX11 with ctypes.

SDL's own calls do not serve here: restoring or showing a window waits until the window manager
maps it, which it never does for a window on another virtual desktop, and the whole app would
wait with it. These messages only ask, and return at once. Where there is no X server or no
libX11 (Wayland, Windows, macOS, the tests' dummy driver) every call returns False.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
from typing import Any

log = logging.getLogger(__name__)

CLIENT_MESSAGE = 33
SUBSTRUCTURE_NOTIFY = 1 << 19
SUBSTRUCTURE_REDIRECT = 1 << 20
#: the request comes from a pager (the window manager obeys it: no focus-stealing prevention)
SOURCE_PAGER = 2
ALL_DESKTOPS = 0xFFFFFFFF


class _ClientMessage(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_int),
        ("serial", ctypes.c_ulong),
        ("send_event", ctypes.c_int),
        ("display", ctypes.c_void_p),
        ("window", ctypes.c_ulong),
        ("message_type", ctypes.c_ulong),
        ("format", ctypes.c_int),
        ("data", ctypes.c_long * 5),
    ]


class _Event(ctypes.Union):
    _fields_ = [("message", _ClientMessage), ("pad", ctypes.c_long * 24)]


class WindowManager:
    """A connection of our own to the X server, to send the window manager requests about the
    window `xid` (0, or no X server: nothing is sent)."""

    def __init__(self, xid: int):
        self.xid = xid
        self._lib: Any = None
        self._display: int | None = None
        if xid:
            self._open()

    @property
    def available(self) -> bool:
        return self._display is not None

    def _open(self) -> None:
        name = ctypes.util.find_library("X11") or "libX11.so.6"
        try:
            lib = ctypes.CDLL(name)
            lib.XOpenDisplay.restype = ctypes.c_void_p
            lib.XOpenDisplay.argtypes = [ctypes.c_char_p]
            lib.XDefaultRootWindow.restype = ctypes.c_ulong
            lib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
            lib.XInternAtom.restype = ctypes.c_ulong
            lib.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
            lib.XSendEvent.argtypes = [
                ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long,
                ctypes.POINTER(_Event),
            ]  # fmt: skip
            lib.XFlush.argtypes = [ctypes.c_void_p]
            lib.XCloseDisplay.argtypes = [ctypes.c_void_p]
        except (OSError, AttributeError):
            log.info("no libX11: the window manager is not asked for the kiosk's window")
            return
        display = lib.XOpenDisplay(None)
        if not display:
            return
        self._lib, self._display = lib, display

    def _send(self, message: bytes, *data: int) -> bool:
        if self._display is None:
            return False
        lib, display = self._lib, self._display
        event = _Event()
        event.message.type = CLIENT_MESSAGE
        event.message.send_event = 1
        event.message.window = self.xid
        event.message.message_type = lib.XInternAtom(display, message, 0)
        event.message.format = 32
        for i, value in enumerate(data):
            event.message.data[i] = ctypes.c_long(value).value
        root = lib.XDefaultRootWindow(display)
        mask = SUBSTRUCTURE_REDIRECT | SUBSTRUCTURE_NOTIFY
        sent = lib.XSendEvent(display, root, 0, mask, ctypes.byref(event))
        lib.XFlush(display)
        return bool(sent)

    def activate(self) -> bool:
        """Ask for the window to be shown on the desktop on screen, raised and focused (it
        leaves "show the desktop", comes back from minimised, or the desktop switches to it)."""
        return self._send(b"_NET_ACTIVE_WINDOW", SOURCE_PAGER, 0, 0)

    def on_every_desktop(self) -> bool:
        """Ask for the window to be on every virtual desktop (a switch of desktop keeps it)."""
        return self._send(b"_NET_WM_DESKTOP", ALL_DESKTOPS, SOURCE_PAGER)

    def close(self) -> None:
        if self._display is not None:
            self._lib.XCloseDisplay(self._display)
            self._display = None
