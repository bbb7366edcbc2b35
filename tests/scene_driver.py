"""Driving real scenes in tests the way a person would: posted mouse and key events, and frames
run with a fixed clock. Shared by the scene tests (import it; test modules never import each
other)."""

from __future__ import annotations

import pygame

from scenes.boards.base import BoardScene

FRAME = 1 / 60


def frames(app, count: int = 1) -> None:
    app.run(frames=count, fixed_dt=FRAME)


def post_click(pos) -> None:
    pos = tuple(int(v) for v in pos)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def click(app, pos, count: int = 2) -> None:
    post_click(pos)
    frames(app, count)


def drag(app, start, end, steps: int = 6) -> None:
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


def hover(app, pos) -> None:
    pos = tuple(int(v) for v in pos)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    frames(app)


def press_key(app, key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod))
    frames(app, 2)


def settle(app, limit: int = 1200) -> None:
    """Run frames until no scene change is pending and a board on top is still (nothing
    animating, no computer thinking)."""
    for _ in range(limit):
        scene = app.manager.current
        board = scene if isinstance(scene, BoardScene) else None
        quiet = board is None or (board.presenter.idle and board.computers.thinking_seat is None)
        if quiet and not app.manager.busy:
            frames(app, 2)
            return
        frames(app)
    raise AssertionError("the app never settled")
