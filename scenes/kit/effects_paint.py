"""Drawing what `scenes.kit.effects` holds: pop-ups, banners, callouts, glows of seat panels,
and the seat panel's header (mark, name, points, thinking cue, crown, OUT stamp)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

import pygame

from game.ai import levels
from scenes.canvas import kept
from scenes.kit import ahead, fonts
from scenes.kit.colour import lighter
from scenes.kit.drawn_boxes import mark_text
from scenes.kit.effects import Callout, EffectsPresenter, Popup, SeatPanel
from scenes.kit.i18n import _
from scenes.kit.palette import BAD, INK, MUTED, PAPER, RGB, WHITE
from scenes.kit.pictures import picture
from scenes.kit.surface_cache import SurfaceCache
from scenes.kit.text_fit import fit_line
from scenes.kit.veils import lay_veil
from scenes.kit.widgets import draw_mark

HEADER_HEIGHT = 92


def draw_effects(canvas: pygame.Surface, presenter: EffectsPresenter, banner_width: int) -> None:
    """Callouts, pop-ups and the banner, over everything else of the board."""
    for callout in presenter.callouts:
        draw_callout(canvas, callout)
    for popup in presenter.popups:
        draw_popup(canvas, popup)
    if presenter.banner is not None:
        draw_banner(canvas, presenter.banner, banner_width)


def popup_surface(popup: Popup) -> pygame.Surface:
    """The pop-up's words as drawn now (outlined, at its scale); points ("+4") stand on a dark
    plate, readable over the gold of the pieces they were won with. Kept while the pop-up holds
    its size (its alpha is set on it as it fades): not made anew, nor redrawn, every frame."""
    scale = None if abs(popup.scale - 1) <= 0.01 else max(0.05, popup.scale)
    key = (popup.text, popup.size, popup.colour, scale)
    return _popups.get_or_make(key, lambda: _popup_surface(popup, scale))


def _popup_surface(popup: Popup, scale: float | None) -> pygame.Surface:
    size = fonts.TITLE if popup.size == "huge" else fonts.HEADING
    surface = outlined(popup.text, size, popup.colour)
    if popup.size != "huge":
        surface = on_plate(surface, popup.text)
    if scale is not None:
        surface = pygame.transform.smoothscale_by(surface, scale)
    return surface


#: pop-ups' pictures by (words, size, colour, scale; None at their own size)
_popups = SurfaceCache(4 * 1024 * 1024, 32)


def popup_rect(popup: Popup) -> pygame.Rect:
    """Where the pop-up is drawn now."""
    return popup_surface(popup).get_rect(center=(round(popup.x), round(popup.y)))


def draw_popup(canvas: pygame.Surface, popup: Popup) -> None:
    surface = popup_surface(popup)
    surface.set_alpha(round(popup.alpha))
    canvas.blit(surface, surface.get_rect(center=(round(popup.x), round(popup.y))))


def draw_banner(canvas: pygame.Surface, banner: Popup, width: int) -> None:
    size = fonts.fit(banner.text, fonts.HEADING, width, bold=True)
    words = outlined(banner.text, size, banner.colour)
    box = words.get_rect().inflate(80, 50)
    plate = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(plate, (*INK, 225), plate.get_rect(), border_radius=28)
    pygame.draw.rect(plate, banner.colour, plate.get_rect(), 6, border_radius=28)
    plate.blit(words, words.get_rect(center=plate.get_rect().center))
    if abs(banner.scale - 1) > 0.01:
        plate = pygame.transform.smoothscale_by(plate, max(0.05, banner.scale))
    plate.set_alpha(round(banner.alpha))
    canvas.blit(plate, plate.get_rect(center=(round(banner.x), round(banner.y))))


def draw_callout(canvas: pygame.Surface, callout: Callout) -> None:
    """A thick line through the pattern's pieces, growing from the first, and its name above."""
    alpha = round(callout.alpha)
    points = callout.points
    if alpha <= 0 or len(points) < 2:
        return
    (x0, y0), (x1, y1) = points[0], points[-1]
    end = (x0 + (x1 - x0) * callout.progress, y0 + (y1 - y0) * callout.progress)
    left, top = min(x0, x1) - 30, min(y0, y1) - 30
    size = (abs(x1 - x0) + 60, abs(y1 - y0) + 60)
    key = (size, (x0 - left, y0 - top), (end[0] - left, end[1] - top), callout.colour, alpha)
    canvas.blit(_lines.get_or_make(key, lambda: _callout_line(*key)), (left, top))
    label = _lines.get_or_make((callout.text, alpha), lambda: _callout_label(callout.text, alpha))
    canvas.blit(label, callout_label_rect(callout))


#: a callout's line as drawn now, by (size, start, end, colour, alpha), and its words by (words,
#: alpha); a target's wash: the same pictures while they hold still, which the canvas then does
#: not redraw (scenes.canvas)
_lines = SurfaceCache(8 * 1024 * 1024, 16)
_washes = SurfaceCache(1024 * 1024, 16)


def _callout_line(
    size: tuple[float, float],
    start: tuple[float, float],
    stop: tuple[float, float],
    colour: RGB,
    alpha: int,
) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.line(layer, (*INK, alpha), start, stop, 22)
    pygame.draw.line(layer, (*colour, alpha), start, stop, 14)
    for centre in (start, stop):
        pygame.draw.circle(layer, (*colour, alpha), centre, 14)
    return layer


def _callout_label(text: str, alpha: int) -> pygame.Surface:
    label = outlined(text, fonts.LARGE, WHITE)
    label.set_alpha(alpha)
    return label


def callout_label_rect(callout: Callout) -> pygame.Rect:
    """Where a callout's name is drawn: centred above its line."""
    (x0, y0), (x1, y1) = callout.points[0], callout.points[-1]
    mid = ((x0 + x1) / 2, min(y0, y1) - 70)
    size = fonts.measure(callout.text, fonts.LARGE, bold=True)
    rect = pygame.Rect(0, 0, size[0] + 8, size[1] + 8)
    rect.center = (round(mid[0]), round(mid[1]))
    return rect


def draw_targets(
    canvas: pygame.Surface, rects: dict[Any, pygame.Rect], hover: Any, colour: RGB
) -> None:
    """Where the picked-up thing may go: each target rect washed and outlined in `colour`, the
    one under the pointer (`hover`, a key of `rects`) outlined in white."""
    if not rects:
        return
    size = next(iter(rects.values())).size
    wash = _washes.get_or_make((size, colour), lambda: _target_wash(size, colour))
    for rect in rects.values():
        canvas.blit(wash, rect)
        pygame.draw.rect(canvas, colour, rect.inflate(-6, -6), 5, border_radius=14)
    if hover in rects:
        pygame.draw.rect(canvas, WHITE, rects[hover].inflate(-6, -6), 6, border_radius=14)


def _target_wash(size: tuple[int, int], colour: RGB) -> pygame.Surface:
    wash = pygame.Surface(size, pygame.SRCALPHA)
    wash.fill((*colour, 70))
    return wash


GLOW_RADIUS = 32  # the glow ring's corner radius: nothing of it lies further inside
GLOW_LINE = 10  # the ring's thickness along its straight sides
_glows = SurfaceCache(8 * 1024 * 1024, 16)


def draw_seat_glow(canvas: pygame.Surface, rect: pygame.Rect, panel: SeatPanel, rgb: RGB) -> None:
    """The glow around the active seat's panel: a ring, drawn once per size and colour and shown
    at its strength (its alpha: a fading glow makes no new ring each frame); only the parts of
    it that hold its pixels are blitted (`ring_pieces`: the clear rest would change no pixel,
    and what a frame changes is redrawn and shown, scaled in a window of another size)."""
    if panel.highlight <= 0.02:
        return
    outer = rect.inflate(24, 24)
    glow = _glows.get_or_make((outer.size, rgb), partial(_glow_ring, outer.size, (*rgb, 255)))
    glow.set_alpha(round(170 * panel.highlight))  # (the very pixels of a ring drawn that faint)
    if outer.width <= 2 * GLOW_RADIUS or outer.height <= 2 * GLOW_RADIUS:
        canvas.blit(glow, outer)
        return
    for area in ring_pieces(outer.size):
        canvas.blit(glow, (outer.x + area.x, outer.y + area.y), area)


def glow_ahead(rect: pygame.Rect, rgb: RGB) -> None:
    """Draw the glow ring of a seat panel at `rect` in `rgb` between two frames, before the
    first turn lights it (`scenes.kit.ahead`: drawing a ring costs a frame about a millisecond)."""
    size = rect.inflate(24, 24).size
    make = partial(_glow_ring, size, (*rgb, 255))
    ahead.later((glow_ahead, size, rgb), partial(_glows.get_or_make, (size, rgb), make))


def ring_pieces(size: tuple[int, int]) -> tuple[pygame.Rect, ...]:
    """The parts of a glow ring of `size` (wider and taller than two corners) that hold all its
    pixels, none overlapping another: its four sides, GLOW_LINE thick, and the inner part of
    each rounded corner (about a third of the four bands of GLOW_RADIUS that frame it)."""
    width, height = size
    line, inner = GLOW_LINE, GLOW_RADIUS - GLOW_LINE
    return (
        pygame.Rect(0, 0, width, line),
        pygame.Rect(0, height - line, width, line),
        pygame.Rect(0, line, line, height - 2 * line),
        pygame.Rect(width - line, line, line, height - 2 * line),
        pygame.Rect(line, line, inner, inner),
        pygame.Rect(width - GLOW_RADIUS, line, inner, inner),
        pygame.Rect(line, height - GLOW_RADIUS, inner, inner),
        pygame.Rect(width - GLOW_RADIUS, height - GLOW_RADIUS, inner, inner),
    )


def _glow_ring(size: tuple[int, int], colour: tuple[int, int, int, int]) -> pygame.Surface:
    glow = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(glow, colour, glow.get_rect(), GLOW_LINE, border_radius=GLOW_RADIUS)
    return glow


def draw_seat_header(
    canvas: pygame.Surface,
    header: pygame.Rect,
    panel: SeatPanel,
    name: str,
    colour: tuple[str, RGB, str],
    points: str,
    clock: float,
    note: str = "",
    caption: str = "",
) -> None:
    """Mark, name (a computer's with its level beside it), points (and a note under the name),
    the thinking cue and the crown; a `caption` says in small words over the points what they
    are."""
    key = (_draw_header_words, tuple(header), panel.level, name, tuple(colour), points, caption)
    named, pointed, captioned = kept(
        canvas, key, partial(_draw_header_words, header=header, level=panel.level, name=name,
                             colour=colour, points=points, caption=caption),
    )  # fmt: skip
    named, pointed = named.copy(), pointed.copy()  # (the kept ones stay as they were)
    scored = pointed if captioned is None else pointed.union(captioned)
    if panel.thinking:
        dots = "." * (1 + int(clock * 3) % 3)
        # TRANSLATORS: in the header beside a computer's name while it thinks (one to three
        # dots follow; where a long name leaves no room, three dots in a bubble stand instead)
        label = fonts.text(_("thinking") + dots, fonts.TINY - 6, INK)
        worded, spot = thinking_spot(header, named, pointed, label.get_size(), captioned)
        if worded:
            canvas.blit(label, spot)
        else:
            draw_thinking_bubble(canvas, spot, clock)
    elif note:
        fonts.blit_text(
            canvas, note, fonts.TINY - 6, MUTED, "topright", (header.right - 24, header.bottom + 4)
        )
    if panel.winner:
        crown = crown_rect(header, named, scored)
        canvas.blit(picture("crown", crown.size), crown)


def _draw_header_words(
    canvas: pygame.Surface,
    header: pygame.Rect,
    level: str | None,
    name: str,
    colour: tuple[str, RGB, str],
    points: str,
    caption: str,
) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect | None]:
    """A seat header's mark, name (and level), points and their caption; the rects the name,
    the points and the caption (None: none) cover."""
    _name, rgb, mark = colour
    draw_mark(canvas, mark, (header.left + 48, header.centery), 24, rgb)
    tag = None if level is None else _(levels.level(level).title)
    at = (header.right - 24, header.centery + (9 if caption else 0))
    least = header.left + NAME_LEFT + fonts.measure(name, NAME_SMALLEST, True)[0] + 20
    size = fonts.fit(points, fonts.LARGE - 8, at[0] - least, True, POINTS_SMALLEST)
    scored = fonts.blit_text(canvas, points, size, INK, "midright", at, True)
    captioned = caption_ink = None
    if caption:
        words = fonts.text(caption, fonts.TINY - 6, INK)
        captioned = canvas.blit(words, words.get_rect(topright=(header.right - 22, header.top + 1)))
        caption_ink = words.get_bounding_rect().move(captioned.topleft)
    named = _draw_name(canvas, header, name, tag, scored, caption_ink)
    return named, scored, captioned


#: where a seat header's name begins (right of the seat's mark)
NAME_LEFT = 86
#: the smallest a seat header's name is made to fit beside its points (a long name, large text)
NAME_SMALLEST = fonts.TINY - 8
#: the smallest the points are made to leave the name that room (a narrow header, large text)
POINTS_SMALLEST = fonts.TINY
#: the size of a computer's level beside its name, and the smallest it is made to fit
TAG_SIZE = fonts.TINY - 6
TAG_SMALLEST = fonts.TINY - 14
#: the faces a seat's header and the effects set their words in (size, bold): the points and
#: the name, fitted from LARGE - 8 down (the level beside it), the caption and the thinking cue,
#: a callout's name, a pop-up's points
EFFECT_FACES = (
    *((size, True) for size in range(fonts.LARGE - 8, NAME_SMALLEST - 1, -2)),
    (fonts.TINY - 6, False),
    (fonts.LARGE, True),
    (fonts.HEADING, True),
)


def _draw_name(
    canvas: pygame.Surface,
    header: pygame.Rect,
    name: str,
    tag: str | None,
    scored: pygame.Rect,
    captioned: pygame.Rect | None,
) -> pygame.Rect:
    """A seat header's name (and a computer's level beside it), as large as fits left of the
    `scored` points; where it would reach the ink of their caption (large text) it steps down
    under it, or else fits left of it too; the rect they cover. A level that would be cut
    beside the name stands over it (`_draw_over`)."""
    left = header.left + NAME_LEFT
    tagged = fonts.measure(tag, TAG_SIZE, True)[0] + 12 if tag is not None else 0
    room = min(header.width - 260, scored.left - 20 - left) - tagged
    size = fonts.fit(name, fonts.LARGE - 8, max(80, room), True, NAME_SMALLEST)
    middle = header.centery
    drawn = fonts.text(name, size, INK, True)
    if captioned is not None:
        ink = drawn.get_bounding_rect().move(drawn.get_rect(midleft=(left, middle)).topleft)
        lower = min(captioned.bottom + 2 - ink.top, header.bottom - 2 - ink.bottom)
        if ink.top < captioned.bottom and lower > 0:  # (a larger name steps down, under it)
            middle += lower
            ink.move_ip(0, lower)
        if ink.top < captioned.bottom:
            room = min(room, captioned.left - 16 - left - tagged)
            size = fonts.fit(name, size, max(80, room), True, NAME_SMALLEST)
            drawn = fonts.text(name, size, INK, True)
    beside = scored.left - 24 - left - drawn.get_width()
    if tag is not None and fit_line(tag, TAG_SIZE, beside, True, TAG_SMALLEST)[0] != tag:
        over = _draw_over(canvas, header, name, tag, size, scored, captioned)
        if over is not None:
            return over
    named = canvas.blit(drawn, drawn.get_rect(midleft=(left, middle)))
    if tag is not None:
        named = named.union(_draw_tag(canvas, tag, named, scored, middle))
    return named


def _draw_over(
    canvas: pygame.Surface,
    header: pygame.Rect,
    name: str,
    tag: str,
    size: int,
    scored: pygame.Rect,
    captioned: pygame.Rect | None,
) -> pygame.Rect | None:
    """A computer's level at the header's top and its name under it, down at the header's
    foot, each as large as lets them stand one over the other (the name at most at `size`);
    the rect they cover, or None where even the smallest would not."""
    left = header.left + NAME_LEFT
    right = scored.left if captioned is None else min(scored.left, captioned.left)
    label, largest = fit_line(tag, TAG_SIZE, right - 12 - left, True, TAG_SMALLEST)
    if label != tag:
        return None
    size = fonts.fit(name, size, scored.left - 20 - left, True, NAME_SMALLEST)
    for name_size in range(size, NAME_SMALLEST - 1, -2):
        drawn = fonts.text(name, name_size, INK, True)
        ink = drawn.get_bounding_rect()
        for tag_size in range(largest, TAG_SMALLEST - 1, -2):
            level = fonts.text(tag, tag_size, MUTED, True)
            if (
                header.top + 2 + level.get_bounding_rect().bottom + 4
                <= header.bottom - 2 - ink.height
            ):
                top = canvas.blit(level, (left, header.top + 2))
                return top.union(canvas.blit(drawn, (left, header.bottom - 2 - ink.bottom)))
    return None


def _draw_tag(
    canvas: pygame.Surface, tag: str, named: pygame.Rect, scored: pygame.Rect, middle: int
) -> pygame.Rect:
    """A computer's level beside its name, smaller where a long name leaves it little room."""
    fitted, size = fit_line(tag, TAG_SIZE, scored.left - 12 - named.right - 12, True, TAG_SMALLEST)
    return fonts.blit_text(
        canvas, fitted, size, MUTED, "midleft", (named.right + 12, middle + 3), True
    )


def crown_rect(header: pygame.Rect, named: pygame.Rect, scored: pygame.Rect) -> pygame.Rect:
    """Where a winner's crown stands on a seat header: in the gap between the name and the
    points (with their caption) if it has room, else smaller, over the seat's mark; never on
    the words."""
    crown = pygame.Rect(0, 0, 72, 72)
    crown.midright = (scored.left - 10, header.top + 6)
    if crown.left >= named.right + 10:
        return crown
    crown = pygame.Rect(0, 0, 52, 52)
    crown.midbottom = (header.left + 48, header.centery - 12)
    return crown


#: the size of the three-dot bubble that stands for "thinking" where the word has no room
THINKING_BUBBLE = (52, 28)


def thinking_spot(
    header: pygame.Rect,
    named: pygame.Rect,
    scored: pygame.Rect,
    word: tuple[int, int],
    caption: pygame.Rect | None = None,
) -> tuple[bool, pygame.Rect]:
    """Where a seat header's thinking cue stands: (True, the word's place) between the name and
    the points (and their `caption`, over them); where a long name leaves no room for the
    word, (False, a bubble's place) between the name and the points, clear of the caption
    too, or centred on the header's lower edge (over the top of the panel's body) if even the
    bubble has no room."""
    spot = pygame.Rect((0, 0), word)
    beside = scored if caption is None else scored.union(caption)
    spot.midright = (beside.left - 20, header.centery)
    if spot.left >= named.right + 16:
        return True, spot
    bubble = pygame.Rect((0, 0), THINKING_BUBBLE)
    bubble.midright = (scored.left - 12, header.centery)
    if caption is not None and bubble.colliderect(caption.inflate(0, 8)):
        bubble.right = min(bubble.right, caption.left - 12)
    if bubble.left < named.right + 8:
        bubble.center = (header.centerx, header.bottom)
    return False, bubble


def draw_thinking_bubble(canvas: pygame.Surface, rect: pygame.Rect, clock: float) -> None:
    """A rounded bubble of three dots, lit one more at a time: a computer is thinking."""
    pygame.draw.rect(canvas, PAPER, rect, border_radius=rect.height // 2)
    pygame.draw.rect(canvas, INK, rect, 2, border_radius=rect.height // 2)
    lit = int(clock * 3) % 3
    step = rect.width // 4
    for index in range(3):
        centre = (rect.left + step * (index + 1), rect.centery)
        pygame.draw.circle(canvas, INK if index <= lit else MUTED, centre, 4)


def draw_out_stamp(canvas: pygame.Surface, rect: pygame.Rect) -> None:
    """Grey a seat's panel and stamp it OUT (disqualified)."""
    lay_veil(canvas, (*PAPER, 170), rect)
    # TRANSLATORS: stamped across the panel of a disqualified player
    stamp = fonts.text(_("OUT"), fonts.HEADING, BAD, True)
    stamp = pygame.transform.rotate(stamp, 12)
    canvas.blit(stamp, stamp.get_rect(center=rect.center))


def header_band(canvas: pygame.Surface, header: pygame.Rect, rgb: RGB) -> None:
    """The seat colour's band at the top of a panel (for static layers)."""
    pygame.draw.rect(
        canvas,
        lighter(rgb, 0.55),
        header.inflate(-8, -8),
        border_top_left_radius=20,
        border_top_right_radius=20,
    )


_outlined_cache: dict[tuple[str, int, RGB], pygame.Surface] = {}
_OUTLINE_STEPS: Sequence[tuple[int, int]] = (
    (-3, 0), (3, 0), (0, -3), (0, 3), (-2, -2), (2, 2), (-2, 2), (2, -2),
)  # fmt: skip


def on_plate(words_surface: pygame.Surface, words: str) -> pygame.Surface:
    """`words_surface` (showing `words`) on a rounded dark plate a little larger than it."""
    plate = pygame.Surface(words_surface.get_rect().inflate(28, 8).size, pygame.SRCALPHA)
    pygame.draw.rect(plate, (*INK, 215), plate.get_rect(), border_radius=plate.get_height() // 3)
    plate.blit(words_surface, words_surface.get_rect(center=plate.get_rect().center))
    return mark_text(plate, words)


def outlined(words: str, size: int, colour: RGB) -> pygame.Surface:
    """Bold text with a dark outline, readable over anything (a fresh copy: set its alpha)."""
    key = (words, size, colour)
    surface = _outlined_cache.get(key)
    if surface is None:
        face = fonts.text(words, size, colour, True)
        edge = fonts.text(words, size, INK, True)
        surface = pygame.Surface((face.get_width() + 8, face.get_height() + 8), pygame.SRCALPHA)
        for dx, dy in _OUTLINE_STEPS:
            surface.blit(edge, (4 + dx, 4 + dy))
        surface.blit(face, (4, 4))
        mark_text(surface, words)
        if len(_outlined_cache) > 64:
            _outlined_cache.clear()
        _outlined_cache[key] = surface
    return mark_text(surface.copy(), words)
