"""The kiosk's exit chord: Ctrl+Shift+Q held down for `HOLD_SECONDS` (a single press anyone can
make does nothing). The keys' presses and releases come as events; `held(elapsed)` says when the
chord has been held long enough."""

from __future__ import annotations

import logging

import pygame

log = logging.getLogger(__name__)

HOLD_SECONDS = 5.0
_CHORD_KEYS = frozenset(
    {pygame.K_q, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT, pygame.K_RSHIFT}
)


class HeldChord:
    def __init__(self, hold_seconds: float = HOLD_SECONDS):
        self.hold_seconds = hold_seconds
        #: seconds the chord has been held, None when it is not held
        self.held_for: float | None = None

    def handle(self, event: pygame.event.Event) -> bool:
        """See a key event; True if it belongs to the chord (the scenes do not get it)."""
        if event.type == pygame.KEYDOWN:
            mods = getattr(event, "mod", 0)
            if event.key == pygame.K_q and mods & pygame.KMOD_CTRL and mods & pygame.KMOD_SHIFT:
                if self.held_for is None:
                    self.held_for = 0.0
                    log.info("kiosk: the exit chord is held")
                return True
            if self.held_for is not None and event.key not in _CHORD_KEYS:
                self.held_for = None  # another key: not the chord any more
        elif event.type == pygame.KEYUP and event.key in _CHORD_KEYS and self.held_for is not None:
            self.held_for = None
            log.info("kiosk: the exit chord was let go early")
            return True
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.held_for = None  # (the releases will not reach us)
        return False

    def held(self, elapsed: float) -> bool:
        """Add `elapsed` seconds; True once the chord has been held long enough."""
        if self.held_for is None:
            return False
        self.held_for += elapsed
        return self.held_for >= self.hold_seconds

    @property
    def seconds_left(self) -> float | None:
        return None if self.held_for is None else max(0.0, self.hold_seconds - self.held_for)


#: a pad's way to the operator's PIN pad: both shoulder buttons held together this long
PAD_HOLD_SECONDS = 3.0
_PAD_HOLD_BUTTONS = frozenset(
    {pygame.CONTROLLER_BUTTON_LEFTSHOULDER, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER}
)


class PadHold:
    """Both shoulder buttons of a pad held for `PAD_HOLD_SECONDS` (the corner's long press for
    a stand without a touch screen). Their presses still reach the scenes (they only move the
    focus)."""

    def __init__(self, hold_seconds: float = PAD_HOLD_SECONDS):
        self.hold_seconds = hold_seconds
        self.down: set[int] = set()
        #: seconds both have been held, None when they are not
        self.held_for: float | None = None

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.CONTROLLERBUTTONDOWN and event.button in _PAD_HOLD_BUTTONS:
            self.down.add(event.button)
            if self.down == _PAD_HOLD_BUTTONS:
                self.held_for = 0.0
        elif event.type == pygame.CONTROLLERBUTTONUP and event.button in _PAD_HOLD_BUTTONS:
            self.down.discard(event.button)
            self.held_for = None

    def held(self, elapsed: float) -> bool:
        """Add `elapsed` seconds; True once (then it starts again) when held long enough."""
        if self.held_for is None:
            return False
        self.held_for += elapsed
        if self.held_for < self.hold_seconds:
            return False
        self.held_for = None
        self.down.clear()
        return True
