"""`StatusLine`: the top bar's sentence: a refusal's reason or a piece of news for a moment, else
what the table is waiting for; drawn between the top bar's buttons."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

import pygame

from scenes.canvas import kept
from scenes.kit import fonts
from scenes.kit.palette import WHITE
from scenes.kit.text_fit import shorten

REFUSAL_SECONDS = 3.0  # how long a refused action's reason stays in the status bar
#: rule ids in an engine's message, such as " (XX-12)" or " (XX-3, XX-4)": for the developers
RULE_ID = re.compile(r"\s*\([A-Z]{2}-\d+(?:, [A-Z]{2}-\d+)*\)")
REFUSAL_COLOUR = (255, 190, 170)  # a refusal's words on the dark top bar
STATUS_MIDDLE = 58  #: the status line's middle in the top bar


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


#: the height the status may take in the top bar (between the buttons' top and bottom edges)
STATUS_HEIGHT = 96
#: the smallest two lines of status are made (below TINY: at the large text size, as large as
#: TINY is at the normal)
STATUS_SMALLEST = fonts.TINY - 8
#: the faces the status line may be set in (bold, fitted from BODY down to STATUS_SMALLEST)
STATUS_FACES = tuple((size, True) for size in range(fonts.BODY, STATUS_SMALLEST - 1, -2))


def status_lines(text: str, width: int) -> tuple[list[str], int]:
    """How the status `text` is set in `width` pixels: one line, as large as fits down to
    TINY; else two lines (the words whole, where they would have been cut: a bar narrowed by
    more buttons, long names, a longer language, large text), as large as fit down to
    STATUS_SMALLEST; else three (a chain of captures said in full while it plays); only beyond
    that one line shortened with an ellipsis."""
    size = fonts.fit(text, fonts.BODY, width, bold=True)
    if fonts.measure(text, size, bold=True)[0] <= width:
        return [text], size
    for most in (2, 3):
        for size in range(fonts.SMALL, STATUS_SMALLEST - 1, -2):
            lines = fonts.wrap(text, size, width, bold=True)
            fits = all(fonts.measure(line, size, bold=True)[0] <= width for line in lines)
            tall = len(lines) * fonts.line_height(size, True)
            if len(lines) <= most and fits and tall <= STATUS_HEIGHT:
                return lines, size
    return [shorten(text, STATUS_SMALLEST, width, bold=True)], STATUS_SMALLEST


def draw_status(
    canvas: pygame.Surface, text: str, colour: tuple[int, int, int], left: int, right: int
) -> list[str]:
    """`text` centred between `left` and `right` in the top bar (`status_lines`); the lines
    drawn."""
    key = (draw_status, text, colour, left, right)
    draw = partial(_draw_lines, text=text, colour=colour, span=(left, right))
    return list(kept(canvas, key, draw))


def _draw_lines(
    canvas: pygame.Surface, text: str, colour: tuple[int, int, int], span: tuple[int, int]
) -> list[str]:
    """`draw_status`' drawing."""
    left, right = span
    lines, size = status_lines(text, right - left)
    step = fonts.line_height(size, True)
    top = STATUS_MIDDLE - step * (len(lines) - 1) // 2
    for index, line in enumerate(lines):
        centre = ((left + right) // 2, top + index * step)
        fonts.blit_text(canvas, line, size, colour, "center", centre, bold=True)
    return lines
