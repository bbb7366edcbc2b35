"""Driving the real app headless: frames until idle, and posted clicks, typing and keys."""

import pygame


def settle(app, frames=2):
    """Run frames until no scene change, fade or entrance animation is pending."""
    app.run(frames=frames, fixed_dt=1 / 60)
    for _ in range(300):
        scene = app.manager.current
        if not app.manager.busy and not getattr(scene, "animating", False):
            break
        app.run(frames=1, fixed_dt=1 / 60)
    app.run(frames=1, fixed_dt=1 / 60)


def click(app, pos):
    """A left click at `pos` (logical coordinates), then frames until the app is idle."""
    pos = tuple(pos)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    settle(app)


def type_text(app, words):
    for letter in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    settle(app)


def key(app, code, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=""))
    settle(app)


def tap(app, pos, frames=2):
    """A left click at `pos` followed by only a few frames: what it shows is still on screen."""
    pos = tuple(pos)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run(frames=frames, fixed_dt=1 / 60)
