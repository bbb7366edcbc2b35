"""The monkey's hands: random input for whatever scene is on top, as pygame events.

Clicks (half of them on the top scene's `button_rects` when it offers them, as every scene
does), drags, finger touches, wheel turns, keys with random modifiers and typed text (accents,
emoji, zero-width and right-to-left marks), window resizes and focus losses, and pointer moves.
Never QUIT nor the quit chord Ctrl+Shift+Q.
"""

from __future__ import annotations

import random
from collections import deque

import pygame

from scenes.manager import Scene

CANVAS = (1920, 1080)
#: Keys the monkey presses (with random modifiers, never Ctrl+Shift+Q), F11 included: the
#: fullscreen toggle no longer re-creates the display, so it survives the dummy driver.
KEYS = (
    pygame.K_F11,
    pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_TAB,
    pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
    pygame.K_DOWN, pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
    pygame.K_F1, pygame.K_a, pygame.K_h, pygame.K_m, pygame.K_n, pygame.K_q,
    pygame.K_r, pygame.K_s, pygame.K_u, pygame.K_y, pygame.K_z, pygame.K_1, pygame.K_2,
    pygame.K_3, pygame.K_4, pygame.K_0, pygame.K_MINUS, pygame.K_PLUS,
)  # fmt: skip
MODS = (0, 0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_ALT, pygame.KMOD_META)
#: What the monkey types: letters, spaces (full-width and no-break too), accents, emoji,
#: zero-width and right-to-left marks, a line break.
TEXT = (
    "a", "Z", " ", "é", "ß", "Ω", "中", "😀", "\u200b", "\u202e", "\u0301", "\u3000", "\xa0", "\n",
    "-", "'", "9",
)  # fmt: skip
FOCUS = (
    pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWLEAVE, pygame.WINDOWENTER,
    pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED, pygame.WINDOWHIDDEN, pygame.WINDOWSHOWN,
    pygame.WINDOWEXPOSED, pygame.WINDOWMAXIMIZED,
)  # fmt: skip


def _event(kind: int, **attrs: object) -> pygame.event.Event:
    return pygame.event.Event(kind, attrs)


class Monkey:
    """Random input for the scene on top, as batches of events for the coming frames."""

    def __init__(self, rng: random.Random, keys: tuple[int, ...] = KEYS):
        self.rng = rng
        self.keys = keys
        self.coming: deque[list[pygame.event.Event]] = deque()

    def next_events(self, scene: Scene | None) -> list[pygame.event.Event]:
        """The events to post before the next frame (a gesture spans several frames)."""
        if not self.coming and self.rng.random() < 0.6:
            self.coming.extend(self._gesture(scene))
        return self.coming.popleft() if self.coming else []

    def _gesture(self, scene: Scene | None) -> list[list[pygame.event.Event]]:
        kinds = (
            (self._click, 30),
            (self._drag, 8),
            (self._touch, 6),
            (self._wheel, 4),
            (self._key, 14),
            (self._typing, 6),
            (self._resize, 2),
            (self._focus, 3),
            (self._hover, 10),
        )
        make = self.rng.choices([k for k, _ in kinds], [w for _, w in kinds])[0]
        return make(scene)

    # positions: on a button of the scene half the time, anywhere (even off the canvas) else
    def _pos(self, scene: Scene | None) -> tuple[int, int]:
        rects = list(getattr(scene, "button_rects", {}).values())
        if rects and self.rng.random() < 0.5:
            rect = self.rng.choice(rects)
            return (
                self.rng.randint(rect.left, max(rect.left, rect.right - 1)),
                self.rng.randint(rect.top, max(rect.top, rect.bottom - 1)),
            )
        if self.rng.random() < 0.05:
            return (
                self.rng.randint(-200, CANVAS[0] + 200),
                self.rng.randint(-200, CANVAS[1] + 200),
            )
        return (self.rng.randrange(CANVAS[0]), self.rng.randrange(CANVAS[1]))

    def _motion(self, pos: tuple[int, int], buttons: tuple[int, int, int]) -> pygame.event.Event:
        rel = (self.rng.randint(-40, 40), self.rng.randint(-40, 40))
        return _event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons, touch=False)

    def _button(self, kind: int, pos: tuple[int, int], button: int) -> pygame.event.Event:
        return _event(kind, pos=pos, button=button, touch=False)

    def _click(self, scene: Scene | None) -> list[list[pygame.event.Event]]:
        pos = self._pos(scene)
        button = self.rng.choice((1, 1, 1, 1, 2, 3))
        down = self._button(pygame.MOUSEBUTTONDOWN, pos, button)
        up = self._button(pygame.MOUSEBUTTONUP, pos, button)
        if self.rng.random() < 0.5:
            return [[self._motion(pos, (0, 0, 0)), down, up]]
        return [[self._motion(pos, (0, 0, 0)), down], [up]]

    def _drag(self, scene: Scene | None) -> list[list[pygame.event.Event]]:
        start, end = self._pos(scene), self._pos(scene)
        steps = self.rng.randint(2, 12)
        batches = [[self._button(pygame.MOUSEBUTTONDOWN, start, 1)]]
        for i in range(1, steps + 1):
            pos = (
                start[0] + (end[0] - start[0]) * i // steps,
                start[1] + (end[1] - start[1]) * i // steps,
            )
            batches.append([self._motion(pos, (1, 0, 0))])
        batches.append([self._button(pygame.MOUSEBUTTONUP, end, 1)])
        return batches

    def _touch(self, scene: Scene | None) -> list[list[pygame.event.Event]]:
        finger = self.rng.randrange(3)
        x, y = (v / size for v, size in zip(self._pos(scene), CANVAS, strict=False))
        batches = [[self._finger(pygame.FINGERDOWN, finger, x, y, 0.0, 0.0)]]
        for _ in range(self.rng.randint(0, 6)):
            dx, dy = self.rng.uniform(-0.05, 0.05), self.rng.uniform(-0.05, 0.05)
            x, y = x + dx, y + dy
            batches.append([self._finger(pygame.FINGERMOTION, finger, x, y, dx, dy)])
        batches.append([self._finger(pygame.FINGERUP, finger, x, y, 0.0, 0.0)])
        return batches

    def _finger(
        self, kind: int, finger: int, x: float, y: float, dx: float, dy: float
    ) -> pygame.event.Event:
        return _event(
            kind, touch_id=1, finger_id=finger, x=x, y=y, dx=dx, dy=dy, pressure=1.0, window=None
        )

    def _wheel(self, scene: Scene | None) -> list[list[pygame.event.Event]]:
        x, y = self.rng.choice(((0, 1), (0, -1), (0, 3), (0, -5), (1, 0), (-1, 0)))
        wheel = _event(
            pygame.MOUSEWHEEL,
            x=x,
            y=y,
            flipped=False,
            precise_x=float(x),
            precise_y=float(y),
            touch=False,
            which=0,
        )
        return [[self._motion(self._pos(scene), (0, 0, 0)), wheel]]

    def _key(self, scene: Scene | None) -> list[list[pygame.event.Event]]:
        key = self.rng.choice(self.keys)
        mod = self.rng.choice(MODS)
        if key == pygame.K_q:
            mod &= ~pygame.KMOD_SHIFT  # never the quit chord Ctrl+Shift+Q
        name = pygame.key.name(key)
        unicode = name if len(name) == 1 else ""
        down = _event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        up = _event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)
        return [[down], [up]]

    def _typing(self, scene: Scene | None) -> list[list[pygame.event.Event]]:
        words = "".join(self.rng.choice(TEXT) for _ in range(self.rng.randint(1, 20)))
        if self.rng.random() < 0.5:
            return [[_event(pygame.TEXTINPUT, text=letter)] for letter in words]
        # as an input method types: what it composes grows, then is committed (or dropped)
        composing = [
            [_event(pygame.TEXTEDITING, text=words[:end], start=end, length=0)]
            for end in range(1, len(words) + 1)
        ]
        done = words if self.rng.random() < 0.8 else ""
        return [
            *composing,
            [_event(pygame.TEXTINPUT, text=done)]
            if done
            else [_event(pygame.TEXTEDITING, text="", start=0, length=0)],
        ]

    def _resize(self, scene: Scene | None) -> list[list[pygame.event.Event]]:
        w, h = self.rng.choice(((640, 360), (800, 600), (1280, 720), (3840, 2160), (300, 900)))
        return [
            [
                _event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h),
                _event(pygame.WINDOWRESIZED, x=w, y=h),
                _event(pygame.WINDOWSIZECHANGED, x=w, y=h),
            ]
        ]

    def _focus(self, scene: Scene | None) -> list[list[pygame.event.Event]]:
        kind = self.rng.choice(FOCUS)
        lost = kind in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN)
        active = _event(pygame.ACTIVEEVENT, gain=0 if lost else 1, state=1)
        return [[_event(kind), active], [] if lost else [_event(pygame.WINDOWFOCUSGAINED)]]

    def _hover(self, scene: Scene | None) -> list[list[pygame.event.Event]]:
        return [[self._motion(self._pos(scene), (0, 0, 0))] for _ in range(self.rng.randint(1, 5))]
