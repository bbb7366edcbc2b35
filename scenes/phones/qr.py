"""QR codes as pygame surfaces (segno makes the code)."""

from __future__ import annotations

import pygame
import segno

QUIET_ZONE = 4  #: modules of white around the code, as the standard asks


def qr_surface(text: str, size: int) -> pygame.Surface:
    """A square picture at most `size` pixels wide of the QR code of `text`, black on white,
    with whole pixels per module (sharp for a phone's camera)."""
    code = segno.make(text, error="m", micro=False)
    rows = [list(row) for row in code.matrix_iter(scale=1, border=QUIET_ZONE)]
    modules = len(rows)
    small = pygame.Surface((modules, modules))
    small.fill((255, 255, 255))
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                small.set_at((x, y), (0, 0, 0))
    scale = max(1, size // modules)
    return pygame.transform.scale(small, (modules * scale, modules * scale))
