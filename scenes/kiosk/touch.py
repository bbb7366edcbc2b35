"""Touch screens drive every scene as a mouse does.

SDL reports a finger twice: as FINGERDOWN/FINGERMOTION/FINGERUP and as mouse events it
synthesizes from them (`event.touch` is True on those). `TouchMapper` drops the synthesized mouse
events and turns the first finger on the glass into mouse events of its own (motion, left button
down, drag motion with the button held, button up), at the finger's canvas position; a second
finger while one is down is ignored. So a tap is one click and a drag one drag, never two.
"""

from __future__ import annotations

from typing import Any

import pygame

_FINGERS = (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP)
_MOUSE = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)


class TouchMapper:
    def __init__(self) -> None:
        self.finger: tuple[Any, Any] | None = None  # (touch_id, finger_id) of the finger down
        self.last: tuple[int, int] = (0, 0)

    def translate(self, event: pygame.event.Event) -> list[pygame.event.Event]:
        """The events the scenes should see for `event` (its `pos` already in canvas pixels)."""
        if event.type in _MOUSE:
            return [] if event.dict.get("touch") else [event]
        if event.type not in _FINGERS:
            return [event]
        key = (event.dict.get("touch_id"), event.dict.get("finger_id"))
        pos = (int(event.pos[0]), int(event.pos[1]))
        if event.type == pygame.FINGERDOWN:
            if self.finger is not None:
                return []
            self.finger, self.last = key, pos
            return [
                _mouse(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                _mouse(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            ]
        if key != self.finger:
            return []
        rel = (pos[0] - self.last[0], pos[1] - self.last[1])
        self.last = pos
        if event.type == pygame.FINGERMOTION:
            return [_mouse(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0))]
        self.finger = None
        return [_mouse(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def _mouse(kind: int, **fields: Any) -> pygame.event.Event:
    return pygame.event.Event(kind, from_finger=True, touch=False, **fields)
