"""The kiosk's window stays on top: minimised, hidden (show-desktop, another virtual desktop) or
left without the focus (Alt+Tab, another window), it is restored, raised and given the focus
again within `RESTORE_SECONDS`, and again every `RETRY_SECONDS` until the window manager lets it.

The window also asks to stay above others and to be on every virtual desktop, and grabs the
keyboard while it has the focus, so a window manager's shortcuts (Alt+Tab, Alt+F4, the Super key)
reach the kiosk, which ignores them. Under X11 it is brought back by asking the window manager as
a pager does (scenes.kiosk.x11): SDL's restore and show would wait for a window manager that may
never map the window (one on another desktop), and the app with them.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import pygame

from scenes.kiosk.x11 import WindowManager

log = logging.getLogger(__name__)

RESTORE_SECONDS = 0.5
RETRY_SECONDS = 1.0
_LOST = frozenset({pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN, pygame.WINDOWFOCUSLOST})
_BACK = frozenset({pygame.WINDOWFOCUSGAINED})


def _driver() -> str | None:
    """The video driver in use (None before the display is set up)."""
    try:
        return pygame.display.get_driver()
    except pygame.error:
        return None


class KeepOnTop:
    """Watches the window's events and state; `tick` brings it back when it went away."""

    def __init__(self, window: Any, manager: WindowManager | None = None):
        self.window = window
        #: seconds until the next attempt to bring the window back (None: it is where it belongs)
        self.due: float | None = None
        self.restored = 0  # attempts made (the log says when and why)
        self._minimised = False
        with contextlib.suppress(pygame.error, AttributeError):
            window.always_on_top = True
        if manager is None and _driver() == "x11":
            manager = WindowManager(getattr(window, "handle", 0))
        self.manager = manager
        if manager is not None:
            manager.on_every_desktop()

    def window_event(self, event: pygame.event.Event) -> None:
        if event.type in _LOST:
            if event.type == pygame.WINDOWMINIMIZED:
                self._minimised = True
            if self.due is None:
                self.due = RESTORE_SECONDS
                log.info("kiosk: the window went away (%s)", pygame.event.event_name(event.type))
        elif event.type in (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWEXPOSED):
            self._minimised = False
        if event.type in _BACK:
            self._grab(True)
            if self.manager is not None:  # (a request before the manager took the window in
                self.manager.on_every_desktop()  # is lost: ask again whenever it has the focus)

    @property
    def away(self) -> bool:
        """The window is minimised or has lost the focus."""
        if self._minimised:
            return True
        try:
            return not self.window.focused
        except (pygame.error, AttributeError):
            return False

    def tick(self, elapsed: float) -> None:
        if self.due is None:
            return
        if not self.away:
            self.due = None
            return
        self.due -= elapsed
        if self.due <= 0:
            self.bring_back()
            self.due = RETRY_SECONDS

    def bring_back(self) -> None:
        """Restore, show, raise and focus the window."""
        self.restored += 1
        log.info("kiosk: bringing the window back to the front")
        if self.manager is not None and self.manager.available:
            self.manager.on_every_desktop()  # (it may have been sent to one desktop)
            self.manager.activate()
        else:
            for step in ("restore", "focus") if self._minimised else ("focus",):
                try:
                    getattr(self.window, step)()
                except (pygame.error, AttributeError):
                    log.debug("the window could not %s", step, exc_info=True)
        with contextlib.suppress(pygame.error, AttributeError):
            self.window.always_on_top = True

    def _grab(self, on: bool) -> None:
        with contextlib.suppress(pygame.error, AttributeError):
            self.window.grab_keyboard = on

    def close(self) -> None:
        if self.manager is not None:
            self.manager.close()
