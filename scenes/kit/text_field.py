"""`TextField`: a line of text a person types (a player's name), with a blinking caret and an
input method's composition shown as it grows."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence

import pygame

from scenes.kit import fonts
from scenes.kit.i18n import _, ngettext, pgettext
from scenes.kit.palette import ACCENT, ACCENT_DARK, BAD, INK, MUTED, WHITE
from scenes.kit.text_fit import fit_line
from scenes.kit.widgets import OUTLINE, Widget, is_click

BLINK_SECONDS = 1.0
CARET_SHOWN_SECONDS = 0.6


def printable(text: str) -> str:
    """`text` as a name may hold it: a space of any kind (a Japanese full-width space, a
    no-break space) becomes a plain space, and invisible controls (a zero-width space, a
    direction override) go; a name holding either would be refused where it is read back
    (saves, settings: printable text only)."""
    return "".join(
        ch if ch.isprintable() else " "
        for ch in text
        if ch.isprintable() or unicodedata.category(ch) == "Zs"
    )


class TextField(Widget):
    """A one-line text box for a name: click to type, Enter or a click elsewhere to finish.

    While typing, a counter shows how many of the `max_length` letters are used; a letter past
    the limit, or one the app's fonts cannot draw (a kanji beyond JIS level 1), is refused with
    `on_refuse(reason)`. A value too wide for the box is drawn cut with an ellipsis."""

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        value: str,
        on_change: Callable[[str], object] | None = None,
        max_length: int = 14,
        size: int = fonts.BODY,
        placeholder: str = "",
        on_refuse: Callable[[str], object] | None = None,
        on_focus: Callable[[pygame.Rect], object] | None = None,
    ):
        """`on_focus(rect)`: told where typing goes when the field is clicked (the app tells
        the input method, whose candidates then open beside it)."""
        super().__init__(rect)
        self.value = value
        self.on_change = on_change
        self.max_length = max_length
        self.size = size
        self.placeholder = placeholder
        self.on_refuse = on_refuse
        self.on_focus = on_focus
        self.focused = False
        #: what an input method (a Japanese IME) is composing, not yet typed: shown after the
        #: value, underlined, until it is committed (a TEXTINPUT) or dropped
        self.composing = ""
        self._blink = 0.0

    @property
    def limit_text(self) -> str:
        """The letters used of the limit, as the counter shows it: "5/14"."""
        return f"{len(self.value)}/{self.max_length}"

    def _set(self, value: str) -> None:
        value = printable(value)
        missing = fonts.missing_characters(value)
        if missing:
            value = "".join(ch for ch in value if ch not in missing)
            if self.on_refuse is not None:
                self.on_refuse(
                    _("{letters} cannot be shown: write the name another way (kana work).").format(
                        letters="".join(missing)
                    )
                )
        if len(value) > self.max_length:
            value = value[: self.max_length]
            if self.on_refuse is not None:
                self.on_refuse(
                    ngettext(
                        "A name has at most {count} letter.",
                        "A name has at most {count} letters.",
                        self.max_length,
                    ).format(count=self.max_length)
                )
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and is_click(event):
            inside = self.enabled and self.rect.collidepoint(event.pos)
            if inside != self.focused:
                self.focused = inside
                self._blink = 0.0
                self.composing = ""
                if inside:
                    pygame.key.start_text_input()
                    if self.on_focus is not None:
                        self.on_focus(self.rect)
            return inside
        if not self.focused:
            return False
        if event.type == pygame.TEXTEDITING:
            self.composing = printable(event.text)
            return True
        if event.type == pygame.TEXTINPUT:
            self.composing = ""
            self._set(self.value + event.text)
            return True
        if event.type == pygame.KEYDOWN:
            if self.composing:  # the input method's own keys (Backspace, Enter) while it composes
                return True
            if event.key == pygame.K_BACKSPACE:
                self._set(self.value[:-1])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.focused = False
            return True
        return False

    @property
    def spoken(self) -> str:
        """What is typed (or the name used when nothing is), and that it is a text field."""
        # TRANSLATORS: spoken on a text field: what it holds
        return pgettext("spoken", "{text}, text field").format(text=self.value or self.placeholder)

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % BLINK_SECONDS

    def wake_in(self) -> float | None:
        """While focused, the time to the caret's next blink (shown, then hidden)."""
        if not self.focused:
            return None
        if self._blink < CARET_SHOWN_SECONDS:
            return CARET_SHOWN_SECONDS - self._blink
        return BLINK_SECONDS - self._blink

    def draw(self, canvas: pygame.Surface) -> None:
        border = ACCENT if self.focused else INK
        pygame.draw.rect(canvas, WHITE, self.rect, border_radius=16)
        pygame.draw.rect(
            canvas, border, self.rect, OUTLINE + (2 if self.focused else 0), border_radius=16
        )
        room = self.rect.width - 44
        if self.focused:
            full = len(self.value) >= self.max_length
            counter = fonts.blit_text(
                canvas,
                self.limit_text,
                fonts.TINY,
                BAD if full else MUTED,
                "midright",
                (self.rect.right - 16, self.rect.centery + 2),
                bold=full,
            )
            room = counter.left - self.rect.left - 32
        if self.focused and self.composing:
            self._draw_composing(canvas, room)
            return
        shown = self.value or self.placeholder
        colour = INK if self.value else MUTED
        words, size = fit_line(shown or " ", self.size, room)
        rect = fonts.blit_text(
            canvas, words, size, colour, "midleft", (self.rect.left + 20, self.rect.centery + 2)
        )
        if self.focused and self._blink < CARET_SHOWN_SECONDS:
            x = rect.right + 4 if self.value else self.rect.left + 20
            pygame.draw.line(canvas, INK, (x, self.rect.top + 18), (x, self.rect.bottom - 18), 4)

    def _draw_composing(self, canvas: pygame.Surface, room: int) -> None:
        """The value, then what the input method composes, underlined in the accent colour (both
        at the size at which together they fit)."""
        _words, size = fit_line(self.value + self.composing, self.size, room)
        left, middle = self.rect.left + 20, self.rect.centery + 2
        if self.value:
            left = fonts.blit_text(canvas, self.value, size, INK, "midleft", (left, middle)).right
        words, _size = fit_line(self.composing, size, self.rect.left + 20 + room - left)
        rect = fonts.blit_text(canvas, words, size, ACCENT_DARK, "midleft", (left, middle))
        pygame.draw.line(canvas, ACCENT_DARK, rect.bottomleft, rect.bottomright, 3)
