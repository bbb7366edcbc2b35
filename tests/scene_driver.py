"""Driving the real app headless as a person would: posted clicks, drags, typing and keys, and
frames run with a fixed clock. Shared by the scene tests (test modules never import each other).

`click` and `key` let the app settle afterwards (scene changes, fades, animations, computer
turns); `tap` runs only a few frames, so what the click shows is still on screen.
"""

import pygame

FRAME = 1 / 60


def frames(app, count=1):
    app.run(frames=count, fixed_dt=FRAME)


def settle(app, frames=2, limit=1500):
    """Run frames until no scene change, fade or animation is pending (on a board: until a
    person is to move, or the game has left the board)."""
    app.run(frames=frames, fixed_dt=FRAME)
    for _ in range(limit):
        scene = app.manager.current
        if not app.manager.busy and not getattr(scene, "animating", False):
            break
        app.run(frames=1, fixed_dt=FRAME)
    app.run(frames=1, fixed_dt=FRAME)


def _post_click(pos):
    pos = tuple(int(v) for v in pos)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def click(app, pos):
    """A left click at `pos` (logical coordinates), then frames until the app is idle."""
    _post_click(pos)
    settle(app)


def tap(app, pos, frames=2):
    """A left click at `pos` followed by only a few frames: what it shows is still on screen."""
    _post_click(pos)
    app.run(frames=frames, fixed_dt=FRAME)


def drag(app, start, end, steps=6):
    """Press at `start`, move in steps to `end` with the button held, release there."""
    start = tuple(int(v) for v in start)
    end = tuple(int(v) for v in end)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app)
    for i in range(1, steps + 1):
        pos = tuple(round(a + (b - a) * i / steps) for a, b in zip(start, end, strict=True))
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
        frames(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app, 2)


def hover(app, pos):
    pos = tuple(int(v) for v in pos)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    frames(app)


def type_text(app, words):
    for letter in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    settle(app)


def key(app, code, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod))
    settle(app)
