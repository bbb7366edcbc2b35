"""Widgets of the scenes: buttons, toggles, sliders, steppers, choices and text fields.

Every widget has a `rect` in logical canvas coordinates, `handle(event) -> bool` (reads the
pointer from `event.pos` only) and `draw(canvas)`. Buttons are at least 96 logical pixels tall
(kiosk and touch). A label is a str, or a lazy `i18n.Message` drawn in the language shown at
each frame (a switch of language needs no new widget). Also here: `draw_panel` and `draw_mark`
(the shape that tells seats apart besides colour). Colour maths is in `scenes.kit.colour`, art
with its stand-in in `scenes.kit.pictures`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, ClassVar, Generic, TypeVar

import pygame

from scenes.canvas import kept
from scenes.kit import fonts
from scenes.kit.colour import darker, lighter
from scenes.kit.drawn_boxes import note_panel
from scenes.kit.i18n import Message, pgettext, source_text
from scenes.kit.line_break import phrases
from scenes.kit.palette import ACCENT, ACCENT_DARK, INK, MUTED, PAPER, RGB, WHITE
from scenes.kit.pictures import picture
from scenes.kit.surface_cache import SurfaceCache
from scenes.kit.text_fit import fit_line, shorten

MIN_BUTTON_HEIGHT = 96
#: the smallest size of a button's label in two lines (one line stays at fonts.TINY or more)
SMALLEST_LABEL = 24
RADIUS = 22
OUTLINE = 4
#: a text field's caret blinks once a second: shown for the first 0.6 s of each
#: a widget's words: as they are, or a message translated when drawn
Label = str | Message

#: the values a stepper offers
T = TypeVar("T")

#: panels' shadows by size and corner (a dialog's is 2-3 MB; a board's seat panels a few)
_shadows = SurfaceCache(24 * 1024 * 1024, 64)


def draw_panel(
    canvas: pygame.Surface,
    rect: pygame.Rect,
    colour: RGB = PAPER,
    outline: RGB = INK,
    radius: int = 28,
    shadow: int = 10,
) -> None:
    """A rounded card with a soft drop shadow and a dark outline."""
    if shadow:
        canvas.blit(_panel_shadow(rect.size, radius), rect.move(0, shadow))
    pygame.draw.rect(canvas, colour, rect, border_radius=radius)
    pygame.draw.rect(canvas, outline, rect, OUTLINE, border_radius=radius)
    note_panel(canvas, rect)


def _panel_shadow(size: tuple[int, int], radius: int) -> pygame.Surface:
    """A panel's shadow, made once per size and corner (a shadow made anew each frame is a new
    picture to the recording canvas: the panel and all above it were redrawn every frame)."""
    return _shadows.get_or_make((size, radius), partial(_make_shadow, size, radius))


def _make_shadow(size: tuple[int, int], radius: int) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 70), shade.get_rect(), border_radius=radius)
    return shade


def draw_mark(
    canvas: pygame.Surface,
    shape: str,
    centre: tuple[int, int],
    radius: int,
    colour: RGB,
    outline: RGB = INK,
) -> None:
    """A seat's mark: circle, square, triangle or diamond, filled with `colour`, outlined."""
    x, y = centre
    r = radius
    if shape == "circle":
        pygame.draw.circle(canvas, colour, centre, r)
        pygame.draw.circle(canvas, outline, centre, r, 3)
        return
    if shape == "square":
        side = round(r * 1.7)
        rect = pygame.Rect(0, 0, side, side)
        rect.center = centre
        pygame.draw.rect(canvas, colour, rect, border_radius=4)
        pygame.draw.rect(canvas, outline, rect, 3, border_radius=4)
        return
    if shape == "triangle":
        points = [
            (x, y - r),
            (x + round(r * 0.95), y + round(r * 0.75)),
            (x - round(r * 0.95), y + round(r * 0.75)),
        ]
    else:  # diamond
        points = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    pygame.draw.polygon(canvas, colour, points)
    pygame.draw.polygon(canvas, outline, points, 3)


def is_click(event: pygame.event.Event) -> bool:
    return getattr(event, "button", 1) == 1


class Widget:
    """Something on screen with a rect that may react to the pointer."""

    def __init__(self, rect: pygame.Rect | Sequence[int]):
        self.rect = pygame.Rect(rect)
        self.enabled = True
        self.visible = True

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    @property
    def spoken(self) -> str:
        """What self-voicing says of the widget when the focus is on it (the language shown)."""
        return ""

    def update(self, dt: float) -> None:
        """Advance any animation (caret blink, hover glow) by `dt` seconds."""

    def wake_in(self) -> float | None:
        """Seconds until the widget's picture changes by itself (a caret's blink), or None."""
        return None

    def draw(self, canvas: pygame.Surface) -> None:
        raise NotImplementedError


class Button(Widget):
    """A rounded button with an optional icon: hover and press states; fires on release inside."""

    STYLES: ClassVar[dict[str, tuple[RGB, RGB]]] = {
        # style -> (fill, text colour)
        "primary": (ACCENT, WHITE),
        "secondary": (PAPER, INK),
        "dark": (INK, PAPER),
    }

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        label: Label,
        on_click: Callable[[], object] | None = None,
        icon: str | None = None,
        style: str = "primary",
        size: int = fonts.LARGE,
        spoken_label: Label | None = None,
    ):
        """`spoken_label`: what self-voicing says of a button whose face has no words (a
        colour swatch)."""
        super().__init__(rect)
        if self.rect.height < MIN_BUTTON_HEIGHT:
            raise ValueError(f"button {label!r} is {self.rect.height} px tall; the minimum is 96")
        self.label = label
        self.spoken_label = spoken_label
        self.on_click = on_click
        self.icon = icon
        self.style = style
        self.size = size
        self.hover = False
        self.pressed = False
        self.selected = False  # drawn as chosen (a tab or the current option)
        self._layout: tuple[Any, Any] | None = None  # the label's layout and what it was for
        #: why the button is disabled; a click on it then calls `on_refuse(refusal)`
        self.refusal: str | None = None
        self.on_refuse: Callable[[str], object] | None = None

    @property
    def key(self) -> str:
        """The label's English words (a Message's msgid): the same in every language."""
        return source_text(self.label)

    @property
    def spoken(self) -> str:
        """The label as drawn; "unavailable" after it when the button cannot be pressed."""
        words = " ".join(str(self.spoken_label or self.label).split())
        if not self.enabled:
            # TRANSLATORS: spoken after a button's label when it cannot be pressed now
            return pgettext("spoken", "{label}, unavailable").format(label=words)
        return words

    @property
    def fill(self) -> RGB:
        """The colour the button's face has right now."""
        base, _ink = self.STYLES[self.style]
        if not self.enabled:
            return lighter(MUTED, 0.45)
        if self.pressed:
            return darker(base, 0.22) if self.style != "primary" else ACCENT_DARK
        if self.hover or self.selected:
            return lighter(base, 0.16) if self.style != "secondary" else (255, 250, 240)
        return base

    def sample_point(self) -> tuple[int, int]:
        """A point inside the button that shows its plain face (no label, icon or outline)."""
        return self.rect.left + OUTLINE + 8, self.rect.top + self.rect.height // 2

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if not self.enabled:
            return self._refuse(event)
        if event.type == pygame.MOUSEBUTTONDOWN and is_click(event):
            if self.rect.collidepoint(event.pos):
                self.pressed = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and is_click(event) and self.pressed:
            self.pressed = False
            if self.rect.collidepoint(event.pos):
                if self.on_click is not None:
                    self.on_click()
                return True
        return False

    def _refuse(self, event: pygame.event.Event) -> bool:
        """A click on the disabled button: say why, if the button knows."""
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and is_click(event)
            and self.rect.collidepoint(event.pos)
            and self.refusal
            and self.on_refuse is not None
        ):
            self.on_refuse(self.refusal)
            return True
        return False

    def draw(self, canvas: pygame.Surface) -> None:
        if not self.visible:
            return
        key = (
            type(self), tuple(self.rect), self.pressed, self.fill, self.selected, self.enabled,
            self.style, str(self.label), self.size, self.icon,
        )  # fmt: skip
        kept(canvas, key, self._draw_face)

    def _draw_face(self, canvas: pygame.Surface) -> None:
        """The button as its key in `draw` says it is now."""
        face = self.rect.move(0, 3 if self.pressed else 0)
        if not self.pressed:
            pygame.draw.rect(canvas, darker(INK, 0.1), self.rect.move(0, 7), border_radius=RADIUS)
        pygame.draw.rect(canvas, self.fill, face, border_radius=RADIUS)
        pygame.draw.rect(canvas, INK, face, OUTLINE, border_radius=RADIUS)
        if self.selected:
            pygame.draw.rect(canvas, ACCENT, face.inflate(-14, -14), 4, border_radius=RADIUS - 6)
        _base, ink = self.STYLES[self.style]
        if not self.enabled:
            ink = MUTED
        icon, lines = self.label_layout(face)
        if icon is not None and self.icon:
            canvas.blit(picture(self.icon, icon.size), icon)
        for words, size, rect in lines:
            canvas.blit(fonts.text(words, size, ink, True), rect)

    def label_layout(
        self, face: pygame.Rect | None = None
    ) -> tuple[pygame.Rect | None, list[tuple[str, int, pygame.Rect]]]:
        """Where the icon and each line of the label are drawn on `face` (the button's rect):
        one line as large as fits; else two lines (at a line break in the label, or wrapped);
        cut with "…" only when even that does not fit. Never wider than the face."""
        face = self.rect if face is None else face
        words = str(self.label)  # (a Message: in the language shown now)
        key = (words, self.size, self.icon, face.size)
        if self._layout is None or self._layout[0] != key:
            self._layout = (key, self._lay_out_label(words, face.width, face.height))
        icon, lines = self._layout[1]
        dx, dy = face.topleft
        return (
            None if icon is None else icon.move(dx, dy),
            [(words, size, rect.move(dx, dy)) for words, size, rect in lines],
        )

    def _lay_out_label(
        self, words: str, width: int, height: int, with_icon: bool = True
    ) -> tuple[pygame.Rect | None, list[tuple[str, int, pygame.Rect]]]:
        """`label_layout` of `words` on a face of this size at the origin; the icon is left out
        when the words would otherwise be cut or split over two lines where alone they stand
        on one at least as large (a long word at the large text size: "コンピューター")."""
        face = pygame.Rect(0, 0, width, height)
        with_icon = with_icon and bool(self.icon)
        icon_size = min(face.height - 36, 72) if with_icon else 0
        room = face.width - 28 - (icon_size + 12 if with_icon else 0)
        one_line = "\n" not in words
        if with_icon and one_line and fonts.measure(words, self.size, True)[0] > room:
            icon_size = min(icon_size, 48)
            room = face.width - 28 - (icon_size + 10)
        size = fonts.fit(words, self.size, room, bold=True)
        if one_line and fonts.measure(words, size, True)[0] <= room:
            parts = [words]
        else:  # two lines, smaller if need be, before any word is cut
            parts = _two_lines(words, room)
            size = min(fonts.fit(p, self.size, room, True, SMALLEST_LABEL) for p in parts)
            line_room = (face.height - 16) // len(parts)
            while size > SMALLEST_LABEL and fonts.font(size, True).get_linesize() > line_room:
                size -= 2
            single = fonts.fit(words, self.size, room, True, SMALLEST_LABEL)
            fits = fonts.measure(words, single, True)[0] <= room
            if one_line and len(parts) > 1 and single >= size and fits:
                parts, size = [words], single  # as large on one line as on two: one line
            if with_icon and one_line and len(parts) > 1:  # one line alone, not split in two
                alone = self._lay_out_label(words, width, height, with_icon=False)
                if len(alone[1]) == 1 and alone[1][0][1] >= size:
                    return alone
        whole = parts
        parts = [shorten(part, size, room, bold=True) for part in parts]
        if with_icon and parts != whole:
            return self._lay_out_label(words, width, height, with_icon=False)
        widths = [fonts.measure(part, size, True)[0] for part in parts]
        gap = 12 if with_icon else 0
        block = max(widths) + (icon_size + gap if with_icon else 0)
        x = face.centerx - block // 2
        icon = None
        if with_icon:
            icon = pygame.Rect(x, face.centery - icon_size // 2, icon_size, icon_size)
            x += icon_size + gap
        height = fonts.font(size, True).get_linesize()
        top = face.centery + 2 - height * len(parts) // 2
        lines = []
        for index, (part, width) in enumerate(zip(parts, widths, strict=True)):
            left = x if len(parts) == 1 or with_icon else face.centerx - width // 2
            rect = pygame.Rect(left, top + index * height, width, height)
            lines.append((part, size, rect))
        return icon, lines


def _two_lines(words: str, room: int) -> list[str]:
    """A label in two lines: at its line break, or wrapped at the smallest size."""
    if "\n" in words:
        first, _, rest = words.partition("\n")
        return [first, rest.replace("\n", " ")]
    lines = fonts.wrap(words, SMALLEST_LABEL, room, bold=True)
    if len(lines) == 1:  # it fits on one line at the smallest size: its most even split
        return _even_split(words)
    return [lines[0], " ".join(lines[1:])]


def _even_split(words: str) -> list[str]:
    """`words` in two lines of the most even widths, broken between words or Japanese phrases
    only (one line when it is a single phrase)."""
    said = phrases(words)
    splits = [[_joined(said[:k]), _joined(said[k:])] for k in range(1, len(said))]

    def widest(lines: list[str]) -> int:
        return max(fonts.measure(line, SMALLEST_LABEL, True)[0] for line in lines)

    return min(splits, key=widest) if splits else [words]


def _joined(said: list[tuple[str, bool]]) -> str:
    """Phrases joined as they stood (a space before those that had one, but the first)."""
    return "".join(f" {phrase}" if spaced and index else phrase
                   for index, (phrase, spaced) in enumerate(said))  # fmt: skip


#: the least room between a control's label and the control
LABEL_GAP = 16


def draw_label(
    canvas: pygame.Surface, words: str, size: int, row: pygame.Rect, right: int, ink: RGB = INK
) -> None:
    """A control's label at the left of its `row`, vertically centred, made smaller if it must to
    end before `right` (at a larger text size, or in a longer language)."""
    words, size = fit_line(words, size, right - row.left)
    fonts.blit_text(canvas, words, size, ink, "midleft", (row.left, row.centery))


class Toggle(Widget):
    """A labelled on/off switch; clicking anywhere on its row flips it."""

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        label: Label,
        value: bool,
        on_change: Callable[[bool], object] | None = None,
        size: int = fonts.BODY,
    ):
        super().__init__(rect)
        self.label = label
        self.value = value
        self.on_change = on_change
        self.size = size
        self.hover = False
        self._pressed = False

    @property
    def spoken(self) -> str:
        state = pgettext("switch", "On") if self.value else pgettext("switch", "Off")
        # TRANSLATORS: spoken: a setting's name and its state ("Fullscreen: Off")
        return pgettext("spoken", "{label}: {state}").format(label=str(self.label), state=state)

    @property
    def switch_rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, 150, 72)
        rect.midright = (self.rect.right - 8, self.rect.centery)
        return rect

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and is_click(event) and self.enabled:
            self._pressed = self.rect.collidepoint(event.pos)
            return self._pressed
        elif event.type == pygame.MOUSEBUTTONUP and is_click(event) and self._pressed:
            self._pressed = False
            if self.rect.collidepoint(event.pos):
                self.value = not self.value
                if self.on_change is not None:
                    self.on_change(self.value)
                return True
        return False

    def draw(self, canvas: pygame.Surface) -> None:
        track = self.switch_rect
        ink = INK if self.enabled else MUTED
        draw_label(canvas, str(self.label), self.size, self.rect, track.left - LABEL_GAP, ink)
        colour = ACCENT if self.value else lighter(MUTED, 0.35)
        if self.hover:
            colour = lighter(colour, 0.12)
        pygame.draw.rect(canvas, colour, track, border_radius=track.height // 2)
        pygame.draw.rect(canvas, INK, track, OUTLINE, border_radius=track.height // 2)
        knob_x = track.right - track.height // 2 if self.value else track.left + track.height // 2
        pygame.draw.circle(canvas, WHITE, (knob_x, track.centery), track.height // 2 - 9)
        pygame.draw.circle(canvas, INK, (knob_x, track.centery), track.height // 2 - 9, 3)
        state = pgettext("switch", "On") if self.value else pgettext("switch", "Off")
        words = fonts.text(state, fonts.TINY, WHITE if self.value else INK, True)
        centre_x = (
            track.left + track.height // 2 + 4
            if self.value
            else track.right - track.height // 2 - 4
        )
        canvas.blit(words, words.get_rect(center=(centre_x, track.centery + 1)))


class Slider(Widget):
    """A labelled slider from 0 to 1: click or drag on the track; shows the value in percent."""

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        label: Label,
        value: float,
        on_change: Callable[[float], object] | None = None,
        size: int = fonts.BODY,
        label_width: int = 420,
    ):
        super().__init__(rect)
        self.label = label
        self.value = max(0.0, min(1.0, value))
        self.on_change = on_change
        self.size = size
        self.label_width = label_width
        self.dragging = False

    @property
    def spoken(self) -> str:
        return pgettext("spoken", "{label}: {state}").format(
            label=str(self.label), state=f"{round(self.value * 100)}%"
        )

    @property
    def track_rect(self) -> pygame.Rect:
        left = self.rect.left + self.label_width
        return pygame.Rect(left, self.rect.centery - 10, self.rect.right - 150 - left, 20)

    def _set_from(self, x: int) -> None:
        track = self.track_rect
        value = round(max(0.0, min(1.0, (x - track.left) / track.width)), 2)
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and is_click(event) and self.enabled:
            grab = self.track_rect.inflate(60, 70)
            if grab.collidepoint(event.pos):
                self.dragging = True
                self._set_from(event.pos[0])
                return True
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self._set_from(event.pos[0])
            return True
        elif event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            self._set_from(event.pos[0])
            return True
        return False

    def draw(self, canvas: pygame.Surface) -> None:
        track = self.track_rect
        draw_label(canvas, str(self.label), self.size, self.rect, track.left - LABEL_GAP - 26)
        pygame.draw.rect(canvas, lighter(MUTED, 0.5), track, border_radius=10)
        filled = track.copy()
        filled.width = max(20, round(track.width * self.value))
        pygame.draw.rect(canvas, ACCENT, filled, border_radius=10)
        pygame.draw.rect(canvas, INK, track, 3, border_radius=10)
        knob = (track.left + round(track.width * self.value), track.centery)
        pygame.draw.circle(canvas, WHITE, knob, 26)
        pygame.draw.circle(canvas, INK, knob, 26, OUTLINE)
        fonts.blit_text(
            canvas,
            f"{round(self.value * 100)}%",
            self.size,
            INK,
            "midright",
            (self.rect.right, self.rect.centery),
            bold=True,
        )


class Stepper(Widget, Generic[T]):
    """A labelled value picked from a list with − and + buttons (or ‹ and › for non-numbers)."""

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        label: Label,
        options: Sequence[T],
        index: int,
        on_change: Callable[[T], object] | None = None,
        show: Callable[[T], str] = str,
        size: int = fonts.BODY,
        label_width: int = 420,
        wrap: bool = False,
    ):
        super().__init__(rect)
        if self.rect.height < MIN_BUTTON_HEIGHT:
            raise ValueError("a stepper's buttons need 96 px")
        self.label = label
        self.options = list(options)
        self.index = index
        self.on_change = on_change
        self.show = show
        self.size = size
        self.label_width = label_width
        self.wrap = wrap
        side = self.rect.height
        numeric = all(isinstance(o, (int, float)) for o in self.options)
        self.minus = Button(
            (self.rect.left + label_width, self.rect.top, side, side),
            "−" if numeric else "‹",
            lambda: self.step(-1),
            style="secondary",
        )
        self.plus = Button(
            (self.rect.right - side, self.rect.top, side, side),
            "+" if numeric else "›",
            lambda: self.step(1),
            style="secondary",
        )
        self._sync()

    def _sync(self) -> None:
        """Grey out − / + at the ends of the list."""
        self.minus.enabled = self.enabled and (self.wrap or self.index > 0)
        self.plus.enabled = self.enabled and (self.wrap or self.index < len(self.options) - 1)

    @property
    def value(self) -> T:
        return self.options[self.index]

    @property
    def spoken(self) -> str:
        if not self.label:
            return self.show(self.value)
        return pgettext("spoken", "{label}: {state}").format(
            label=str(self.label), state=self.show(self.value)
        )

    def spoken_parts(self) -> list[tuple[Button, str]]:
        """The − and + buttons, each with the stepper's words and which way it goes."""
        # TRANSLATORS: spoken after a stepper's name and value, on its − and + buttons
        lower = pgettext("spoken", "{setting}, lower").format(setting=self.spoken)
        higher = pgettext("spoken", "{setting}, higher").format(setting=self.spoken)
        return [(self.minus, lower), (self.plus, higher)]

    def step(self, by: int) -> None:
        index = self.index + by
        if self.wrap:
            index %= len(self.options)
        index = max(0, min(len(self.options) - 1, index))
        if index != self.index:
            self.index = index
            self._sync()
            if self.on_change is not None:
                self.on_change(self.value)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        self._sync()
        used = self.minus.handle(event)
        return self.plus.handle(event) or used

    def draw(self, canvas: pygame.Surface) -> None:
        if self.label:
            draw_label(
                canvas, str(self.label), self.size, self.rect, self.minus.rect.left - LABEL_GAP
            )
        self.minus.draw(canvas)
        self.plus.draw(canvas)
        middle = pygame.Rect(
            self.minus.rect.right,
            self.rect.top,
            self.plus.rect.left - self.minus.rect.right,
            self.rect.height,
        )
        words, size = fit_line(self.show(self.value), self.size, middle.width - 20, bold=True)
        fonts.blit_text(
            canvas, words, size, INK if self.enabled else MUTED, "center", middle.center, bold=True
        )


class Choice(Widget):
    """A row of buttons of which exactly one is chosen (a segmented control)."""

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        options: Sequence[Label],
        index: int,
        on_change: Callable[[int], object] | None = None,
        icons: Sequence[str | None] | None = None,
        size: int = fonts.SMALL,
        gap: int = 12,
        spoken: Sequence[Label] | None = None,
    ):
        """`spoken`: what self-voicing says of each option where its face does not say what it
        is (a bare number: "3 players")."""
        super().__init__(rect)
        self.options = list(options)
        self._index = index
        self.on_change = on_change
        width = (self.rect.width - gap * (len(options) - 1)) // len(options)
        self.buttons = [
            Button(
                (self.rect.left + i * (width + gap), self.rect.top, width, self.rect.height),
                label,
                partial(self.choose, i),
                icon=(icons[i] if icons else None),
                style="secondary",
                size=size,
                spoken_label=spoken[i] if spoken else None,
            )
            for i, label in enumerate(options)
        ]
        self.index = index

    @property
    def index(self) -> int:
        """The chosen option."""
        return self._index

    @index.setter
    def index(self, value: int) -> None:
        self._index = value
        for i, button in enumerate(self.buttons):
            button.style = "primary" if i == value else "secondary"

    def spoken_parts(self) -> list[tuple[Button, str]]:
        """Each option's button with its words, "chosen" after the chosen one's."""
        parts = [(button, button.spoken) for button in self.buttons]
        chosen, words = parts[self.index]
        # TRANSLATORS: spoken after the option chosen in a row of options
        parts[self.index] = (chosen, pgettext("spoken", "{label}, chosen").format(label=words))
        return parts

    def choose(self, index: int) -> None:
        if index != self.index:
            self.index = index
            if self.on_change is not None:
                self.on_change(index)

    def handle(self, event: pygame.event.Event) -> bool:
        used = False
        for button in self.buttons:
            button.enabled = self.enabled
            used = button.handle(event) or used
        return used

    def draw(self, canvas: pygame.Surface) -> None:
        for button in self.buttons:
            button.draw(canvas)
