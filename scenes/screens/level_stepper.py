"""A computer seat's level on the setup screen: the level's face and name between ‹ and ›,
stepping through the levels of game.ai.levels."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.ai.levels import LADDER, LEVELS, level
from scenes.kit import fonts
from scenes.kit.i18n import _
from scenes.kit.palette import INK
from scenes.kit.pictures import picture
from scenes.kit.widgets import Stepper

FACE = 60  #: the size of a level's face in its stepper


class LevelStepper(Stepper[str]):
    """A computer seat's level: its face and name between ‹ and › (game.ai.levels)."""

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        index: int,
        on_change: Callable[[str], object],
    ) -> None:
        super().__init__(
            rect, "", LEVELS, index, on_change, show=lambda key: _(level(key).title), label_width=0
        )

    def draw(self, canvas: pygame.Surface) -> None:
        self.minus.draw(canvas)
        self.plus.draw(canvas)
        left, right = self.minus.rect.right + 8, self.plus.rect.left - 8
        title = self.show(self.value)
        titles = [_(step.title) for step in LADDER]
        longest = max(titles, key=lambda t: fonts.measure(t, 40, True))
        size = fonts.fit(longest, fonts.BODY, right - left - FACE - 8, bold=True, smallest=28)
        width = FACE + 8 + fonts.measure(title, size, True)[0]
        x = (left + right - width) // 2
        canvas.blit(
            picture(level(self.value).face, (FACE, FACE)), (x, self.rect.centery - FACE // 2)
        )
        fonts.blit_text(
            canvas, title, size, INK, "midleft", (x + FACE + 8, self.rect.centery + 2), bold=True
        )
