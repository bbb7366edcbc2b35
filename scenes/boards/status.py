"""`StatusLine`: the top bar's sentence: a refusal's reason or a piece of news for a moment, else
what the table is waiting for; drawn between the top bar's buttons."""

from __future__ import annotations

import re
from collections.abc import Callable

import pygame

from scenes.kit import fonts
from scenes.kit.palette import WHITE

REFUSAL_SECONDS = 3.0  # how long a refused action's reason stays in the status bar
#: rule ids in an engine's message, such as " (XX-12)" or " (XX-3, XX-4)": for the developers
RULE_ID = re.compile(r"\s*\([A-Z]{2}-\d+(?:, [A-Z]{2}-\d+)*\)")
REFUSAL_COLOUR = (255, 190, 170)  # a refusal's words on the dark top bar


def _aged(note: tuple[str, float] | None, dt: float) -> tuple[str, float] | None:
    """A status-bar note `dt` seconds later (None once its time is up)."""
    if note is None:
        return None
    words, left = note
    return (words, left - dt) if left > dt else None


def without_rule_ids(text: str) -> str:
    """An engine's message without the rule ids it cites (those are for the developers)."""
    return RULE_ID.sub("", text)


class StatusLine:
    """The notes of the status bar: a refusal (`refuse`) and news (`tell`), each for a while."""

    def __init__(self, cue: Callable[[str], object] = lambda name: None) -> None:
        """`cue`: asked for the "refused" sound with each refusal (`refuse`)."""
        self.cue = cue
        self.refusal: tuple[str, float] | None = None  # (reason, seconds left)
        self.told: tuple[str, float] | None = None  # (news for the status bar, seconds left)
        #: called with the words of every refusal the board says (a lesson answers it)
        self.watch_refusals: Callable[[str], object] | None = None

    def refuse(self, reason: str) -> None:
        """Say in the status bar why an action was refused (the rule ids an engine's message
        cites are for the developers: players read the words only)."""
        self.refusal = (without_rule_ids(reason), REFUSAL_SECONDS)
        self.cue("refused")
        if self.watch_refusals is not None:
            self.watch_refusals(self.refusal[0])

    def tell(self, words: str) -> None:
        """Say `words` in the status bar for a moment (news, not a refusal)."""
        self.told = (words, REFUSAL_SECONDS)

    def clear(self) -> None:
        """A move was played: what was said about the last one is over."""
        self.refusal = self.told = None

    @property
    def busy(self) -> bool:
        """A note is on show (it runs out by itself)."""
        return self.refusal is not None or self.told is not None

    def update(self, dt: float) -> None:
        self.refusal, self.told = _aged(self.refusal, dt), _aged(self.told, dt)

    def note(self) -> tuple[str, tuple[int, int, int]] | None:
        """The note on show and its colour, or None."""
        if self.refusal is not None:
            return self.refusal[0], REFUSAL_COLOUR
        if self.told is not None:
            return self.told[0], WHITE
        return None


def draw_status(
    canvas: pygame.Surface, text: str, colour: tuple[int, int, int], left: int, right: int
) -> None:
    """`text` centred between `left` and `right` in the top bar, shortened to fit."""
    width = right - left
    size = fonts.fit(text, fonts.BODY, width, bold=True)
    if fonts.font(size, True).size(text)[0] > width:
        text = shorten(text, size, width, bold=True)
    fonts.blit_text(canvas, text, size, colour, "center", ((left + right) // 2, 58), bold=True)


def shorten(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text` cut with an ellipsis to fit `width` pixels at `size`."""
    face = fonts.font(size, bold)
    if face.size(text)[0] <= width:
        return text
    while text and face.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"
