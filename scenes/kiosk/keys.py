"""On-screen keys for touch only: `KeyGrid`, rows of big keys that report the key pressed (the
PIN pad's digits, the letters of a visitor's name)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pygame

from scenes.kit import fonts
from scenes.kit.i18n import L_
from scenes.kit.widgets import Button, Label

#: keys wider than one cell: key -> how many cells they take
WIDE = {"Space": 4, "Del": 2, "OK": 2}
#: what the keys that are not a letter or digit say
WORDS: dict[str, Label] = {
    # TRANSLATORS: the on-screen key that deletes the last letter or digit typed
    "Del": L_("Del"),
    # TRANSLATORS: the on-screen key that types a space
    "Space": L_("Space"),
    # TRANSLATORS: the on-screen key that confirms what was typed
    "OK": L_("OK"),
}


class KeyGrid:
    """Rows of keys, each row centred on `centre_x`, from `top` down; `on_key(key)` is called
    when one is pressed (a key is its letter or digit, or "Del", "Space", "OK")."""

    def __init__(
        self,
        rows: Sequence[Sequence[str]],
        on_key: Callable[[str], object],
        centre_x: int,
        top: int,
        key_size: tuple[int, int] = (200, 120),
        gap: int = 20,
        styles: dict[str, str] | None = None,
        wide: dict[str, int] | None = None,
    ):
        self.on_key = on_key
        width, height = key_size
        wide = WIDE if wide is None else wide
        styles = styles or {}
        self.buttons: list[Button] = []
        self.keys: list[str] = []
        for r, row in enumerate(rows):
            cells = [wide.get(label, 1) for label in row]
            row_width = sum(cells) * width + (sum(cells) - 1) * gap
            x = centre_x - row_width // 2
            y = top + r * (height + gap)
            for label, span in zip(row, cells, strict=True):
                key_width = span * width + (span - 1) * gap
                self.keys.append(label)
                self.buttons.append(
                    Button(
                        (x, y, key_width, height),
                        WORDS.get(label, label),
                        partial(self.on_key, label),
                        style=styles.get(label, "secondary"),
                        size=fonts.LARGE if len(label) == 1 else fonts.BODY,
                    )
                )
                x += key_width + gap

    @property
    def rects(self) -> dict[str, pygame.Rect]:
        return {key: button.rect for key, button in zip(self.keys, self.buttons, strict=True)}

    @property
    def bottom(self) -> int:
        return max(button.rect.bottom for button in self.buttons)

    def enable(self, enabled: bool) -> None:
        for button in self.buttons:
            button.enabled = enabled

    def handle(self, event: pygame.event.Event) -> bool:
        return any(button.handle(event) for button in self.buttons)

    def draw(self, canvas: pygame.Surface) -> None:
        for button in self.buttons:
            button.draw(canvas)
