"""A player's first win against a level, celebrated once over the results: the level's face,
"Ada beat Easy for the first time!", the level to try next and why, and confetti, for a few
seconds. A click, a key or a pad button goes on to the results at once; with reduced motion it
is shown without movement (still confetti, the face at its size). Who is celebrated comes from
the record (`scenes.storage.record.claim_first_wins`, which marks it there once)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pygame

from game.ai import levels
from scenes.kit import fonts
from scenes.kit.confetti import Confetti
from scenes.kit.i18n import _, join_names
from scenes.kit.palette import ACCENT_DARK, INK, MUTED, PAPER
from scenes.kit.pictures import picture
from scenes.kit.text_fit import fit_line
from scenes.kit.tween import ease_out_back
from scenes.kit.widgets import draw_panel
from scenes.manager import Scene
from scenes.services import AppServices

#: how long it stays before the results come back on their own, in seconds of the app's time
SECONDS = 4.0
#: how long the face takes to pop up (full motion)
POP_SECONDS = 0.6
#: where reduced motion holds the confetti (spread over the screen)
STILL_CLOCK = 6.0
PANEL = pygame.Rect(0, 0, 1240, 560)
PANEL.center = (960, 520)
FACE = 220


class FirstWinScene(Scene):
    """Over the results: `names` (of the people celebrated) beat `level` for the first time;
    `next_words`: the ladder's sentence (the level to try next, and why), if any."""

    name = "first win"
    overlay = True

    def __init__(
        self, app: AppServices, names: Sequence[object], level: str, next_words: str | None
    ) -> None:
        self.app = app
        self.spoken_title = lambda: self.headline
        self.names = list(names)
        self.level = level
        self.next_words = next_words
        self.clock = 0.0
        self.still = app.settings.motion == "reduced"
        self.confetti = Confetti(random.Random(app.rng.random()), 70)
        self.closed = False

    @property
    def headline(self) -> str:
        return _("{names} beat {level} for the first time!").format(
            names=join_names([str(name) for name in self.names]),
            level=_(levels.level(self.level).title),
        )

    def close(self) -> None:
        """Go on to the results (once)."""
        if not self.closed:
            self.closed = True
            self.app.manager.pop(fade=False)

    @property
    def animating(self) -> bool:
        return not self.closed  # (its timer runs; the confetti falls unless motion is reduced)

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.clock >= SECONDS:
            self.close()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.CONTROLLERBUTTONDOWN):
            self.close()
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.KEYUP)

    def draw(self, canvas: pygame.Surface) -> None:
        veil = pygame.Surface((1920, 1080), pygame.SRCALPHA)
        veil.fill((*PAPER, 170))
        canvas.blit(veil, (0, 0))
        self.confetti.draw(canvas, STILL_CLOCK if self.still else self.clock)
        draw_panel(canvas, PANEL, PAPER, radius=36, shadow=14)
        grown = 1.0 if self.still else ease_out_back(min(1.0, self.clock / POP_SECONDS))
        size = max(1, round(FACE * grown))
        face = picture(levels.level(self.level).face, (FACE, FACE))
        if size != FACE:
            face = pygame.transform.smoothscale(face, (size, size))
        canvas.blit(face, face.get_rect(center=(PANEL.centerx, PANEL.top + 40 + FACE // 2)))
        words, size = fit_line(self.headline, fonts.HEADING, PANEL.width - 80, bold=True)
        fonts.blit_text(
            canvas, words, size, INK, "midtop", (PANEL.centerx, PANEL.top + 290), bold=True
        )
        if self.next_words:
            box = pygame.Rect(PANEL.left + 60, PANEL.top + 380, PANEL.width - 120, 100)
            lines = fonts.wrap(self.next_words, fonts.SMALL, box.width)[:2]
            for index, line in enumerate(lines):
                at = (box.centerx, box.top + 48 * index)
                fonts.blit_text(canvas, line, fonts.SMALL, ACCENT_DARK, "midtop", at, bold=True)
        go_on = _("Click, or press a key or a button, to see the results.")
        at = (PANEL.centerx, PANEL.bottom - 24)
        fonts.blit_text(canvas, go_on, fonts.TINY, MUTED, "midbottom", at)
