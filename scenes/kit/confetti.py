"""Confetti: small paper pieces that fall, sway and turn over a celebration (the kiosk's challenge
won, a player's first win against a level). `draw(canvas, clock)` draws them `clock` seconds in;
a fixed `clock` draws them still (reduced motion)."""

from __future__ import annotations

import math
import random

import pygame

from scenes.kit.palette import ACCENT, GOOD, WHITE

COLOURS = (ACCENT, GOOD, (70, 128, 190), (150, 96, 180), (236, 196, 64), WHITE)


class Confetti:
    """`count` pieces over the 1920x1080 canvas, placed by `rng`."""

    def __init__(self, rng: random.Random, count: int = 90) -> None:
        #: (x, start y, fall speed, sway phase, colour, size)
        self.pieces = [
            (
                rng.uniform(0, 1920),
                rng.uniform(-1080, 0),
                rng.uniform(90, 220),
                rng.uniform(0, 2 * math.pi),
                rng.choice(COLOURS),
                rng.randint(10, 20),
            )
            for _ in range(count)
        ]

    def draw(self, canvas: pygame.Surface, clock: float) -> None:
        for x, y0, speed, phase, colour, size in self.pieces:
            y = (y0 + speed * clock) % 1180 - 100
            sway = 30 * math.sin(clock * 2 + phase)
            tilt = abs(math.cos(clock * 3 + phase))
            rect = pygame.Rect(0, 0, size, max(3, round(size * 0.6 * tilt)))
            rect.center = (round(x + sway), round(y))
            pygame.draw.rect(canvas, colour, rect)
