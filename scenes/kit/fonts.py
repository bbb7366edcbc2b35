"""Fonts and rendered text for the scenes, large enough to read from 2 m.

English keeps pygame's default font. Japanese, and any text holding a Japanese character (a name
typed in kana), is drawn with Noto Sans CJK JP, shipped subset in `assets/fonts/` (OFL, licence
beside it; `tools/subset_font.py`): Medium for regular text (the weight of the default font),
Bold for bold. Its em is scaled and its lines cut to the default font's height (`CJK_SCALE`,
`CJK_BAND`), so a layout made for English holds Japanese text of the same size.

Every face is read into memory once (`load_faces`, at start) and each size is made from there:
drawing text never opens a file, so it holds no file per font and cannot fail when the process
is short of them (a flood of connections on the phones' server).

Sizes are in logical pixels of the 1920x1080 canvas, at the normal text size: the player's text
size (`set_text_size`: normal or large) scales every font made here, and so every text drawn,
measured, wrapped or fitted, in one place; layouts that measure their text re-flow by themselves.
Rendered text is cached (least recently used first out, at most TEXT_CACHE_BYTES of pixels), so a
scene can ask for the same words every frame at no cost. Any string can be measured and drawn:
characters pygame refuses (NUL, a lone surrogate, only zero-width characters) are dropped or
replaced instead of raising. Lines wrap at spaces and between Japanese phrases (a phrase wider
than a line between its characters), keeping the Japanese line-breaking rules
(`scenes.kit.line_break`).
"""

from __future__ import annotations

import io
import logging
import math
import string
from collections.abc import Callable, Iterable
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

import pygame

from scenes.kit import ahead, i18n
from scenes.kit.assets import asset_folder
from scenes.kit.drawn_boxes import mark_text
from scenes.kit.line_break import CJK_START, is_cjk, phrases, pieces
from scenes.kit.surface_cache import SurfaceCache

log = logging.getLogger(__name__)

#: The text sizes of the app (pygame font sizes; a line is about 0.7 of the size tall).
TITLE = 132
HEADING = 84
LARGE = 64
BODY = 50
SMALL = 40
TINY = 32

#: The text sizes a player can choose, and how much larger than normal each draws every text
#: (large: 1.32, so that every size's glyphs stand at least 125% as tall as normal's after the
#: faces round their sizes to whole pixels)
TEXT_SCALES = {"normal": 1.0, "large": 1.32}
_scale = 1.0

#: The most pixel bytes of rendered text kept (a 1500-pixel line at BODY is about 0.3 MB; the
#: boards draw about 1.3 MB of text in any two seconds of the kiosk's attract loop): small, so a
#: long run's memory stays close to its first minutes'.
TEXT_CACHE_BYTES = 4 * 1024 * 1024
TEXT_CACHE_ENTRIES = 2048
_texts = SurfaceCache(TEXT_CACHE_BYTES, TEXT_CACHE_ENTRIES)
_REFUSED = (ValueError, UnicodeError, pygame.error)

FONT_DIR = asset_folder("fonts")
#: bold? -> the file of the Japanese face
CJK_FACES = {False: "NotoSansCJKjp-Medium.subset.otf", True: "NotoSansCJKjp-Bold.subset.otf"}
#: what each weight of the Japanese face holds (written by tools/subset_font.py): line 1 Bold's
#: characters, line 2 the kanji only Medium has (JIS level 1, for names)
CHARACTERS_FILE = "characters.txt"
#: languages whose every text is drawn with the Japanese face (its Latin letters included)
CJK_LANGUAGES = frozenset({"ja"})
#: Noto's em as a fraction of a size: its Latin capitals then stand as tall as the default
#: font's, its kanji a little taller (as Japanese text is set beside Latin)
CJK_SCALE = 0.65
#: The band of a Noto line kept, in ems above and below the baseline: the ideographic em box
#: and Latin descenders. A line is then 0.68 of the size tall, as the default font's; Noto's own
#: line (1.45 em) would push every label down.
CJK_BAND = (0.90, 0.14)
#: The distance between the baselines of Japanese lines, as a fraction of the size (1.25 em)
CJK_LINE = 0.81


def set_text_size(name: str) -> None:
    """Draw every text at the text size `name` (a key of TEXT_SCALES) from now on; a change
    forgets the text rendered and makes every cached layer render again (`i18n.restyle`)."""
    global _scale
    scale = TEXT_SCALES[name]
    if scale != _scale:
        _scale = scale
        clear_cache()
        i18n.restyle()


def text_scale() -> float:
    """How much larger than normal text is drawn now (1.0 at the normal text size)."""
    return _scale


def _scaled(size: int) -> int:
    """The size a face is made at for the logical `size`, at the text size chosen."""
    return size if _scale == 1.0 else math.ceil(size * _scale)


def uses_cjk_face(words: str) -> bool:
    """True when `words` are drawn with the Japanese face (Japanese shown, or a CJK character)."""
    return i18n.language() in CJK_LANGUAGES or any(ord(ch) >= CJK_START for ch in words)


#: pygame draws its default font (`Font(None, size)`) at this fraction of the size asked
DEFAULT_SCALE = 0.6875
_PROBE = "Hg Wy"


def load_faces() -> None:
    """Read every face into memory now (the app's start), not when it is first drawn."""
    if not pygame.font.get_init():
        pygame.font.init()
    _default_in_memory()
    for name in CJK_FACES.values():
        _file_bytes(FONT_DIR / name)


@lru_cache(maxsize=4)
def _file_bytes(path: Path) -> bytes | None:
    """The bytes of the font file `path`, read once (None, logged, if it cannot be read: each
    size is then opened from the file)."""
    try:
        return path.read_bytes()
    except OSError as error:
        log.warning("the font %s cannot be read into memory: %s", path.name, error)
        return None


@lru_cache(maxsize=1)
def _default_in_memory() -> bytes | None:
    """The default font's bytes, if a font made from them at DEFAULT_SCALE draws as pygame's
    own does (checked once, on this pygame); else None."""
    data = _file_bytes(Path(pygame.__file__).parent / pygame.font.get_default_font())
    if data is None:
        return None
    own, copy = pygame.font.Font(None, 64), _memory_font(data, int(64 * DEFAULT_SCALE))
    if own.size(_PROBE) != copy.size(_PROBE) or own.get_height() != copy.get_height():
        log.warning("pygame's default font is drawn at another scale: opened from its file")
        return None
    return data


def _memory_font(data: bytes, size: int) -> pygame.font.Font:
    return pygame.font.Font(io.BytesIO(data), max(1, size))


@lru_cache(maxsize=64)
def _default_font(size: int, bold: bool) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    data = _default_in_memory()
    face = (
        pygame.font.Font(None, size)
        if data is None
        else _memory_font(data, int(size * DEFAULT_SCALE))
    )
    face.bold = bold
    return face


def _cjk_face(bold: bool, size: int) -> pygame.font.Font:
    """The Japanese face (Medium or Bold) at the pygame size `size`."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = FONT_DIR / CJK_FACES[bold]
    data = _file_bytes(path)
    return pygame.font.Font(str(path), size) if data is None else _memory_font(data, size)


@lru_cache(maxsize=64)
def _cjk_font(size: int, bold: bool) -> pygame.font.Font:
    return _cjk_face(bold, max(1, round(size * CJK_SCALE)))


@lru_cache(maxsize=1)
def _held() -> tuple[frozenset[str], frozenset[str]]:
    """(Bold's characters, the characters only Medium has); empty sets if the list is missing."""
    try:
        lines = (FONT_DIR / CHARACTERS_FILE).read_text(encoding="utf-8").split("\n")
    except OSError:
        return frozenset(), frozenset()
    return frozenset(lines[0]), frozenset(lines[1] if len(lines) > 1 else "")


def missing_characters(words: str) -> str:
    """The characters of `words` that no font of the app can draw (a kanji beyond JIS level 1,
    a script the fonts lack), each once, in order: what a name field refuses."""
    bold, medium_only = _held()
    if not bold:
        return ""
    missing = []
    for ch in words:
        if ord(ch) >= CJK_START and ch not in bold and ch not in medium_only and ch not in missing:
            missing.append(ch)
    return "".join(missing)


@lru_cache(maxsize=64)
def _medium_made_bold(size: int) -> pygame.font.Font:
    """Medium emboldened: bold text with a kanji only Medium has (a name in JIS level 1)."""
    emboldened = _cjk_face(False, max(1, round(size * CJK_SCALE)))
    emboldened.bold = True
    return emboldened


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The font of the language shown now at `size` (measure text with `measure`, which also
    knows the Japanese face's band)."""
    if i18n.language() in CJK_LANGUAGES:
        return _cjk_font(_scaled(size), bold)
    return _default_font(_scaled(size), bold)


def _face(words: str, size: int, bold: bool) -> tuple[pygame.font.Font, bool]:
    """The font that draws `words` at the logical `size`, and whether it is the Japanese face."""
    size = _scaled(size)
    if uses_cjk_face(words):
        if bold and not _held()[1].isdisjoint(words):
            return _medium_made_bold(size), True
        return _cjk_font(size, bold), True
    return _default_font(size, bold), False


def _band(face: pygame.font.Font, size: int) -> tuple[int, int]:
    """(top, height) of the part of a Japanese-face line at the logical `size` that is kept."""
    em = _scaled(size) * CJK_SCALE
    above, below = CJK_BAND
    return face.get_ascent() - round(above * em), round((above + below) * em)


def line_height(size: int, bold: bool = False) -> int:
    """The distance from one line's top to the next's at `size`, in the language shown now."""
    if i18n.language() in CJK_LANGUAGES:
        return round(_scaled(size) * CJK_LINE)
    return _default_font(_scaled(size), bold).get_linesize()


def text(words: str, size: int, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
    """`words` rendered anti-aliased on a transparent surface (cached: do not draw on it)."""
    key = (words, size, tuple(colour), bold, i18n.language())
    surface = _texts.get(key)
    if surface is None:
        surface = _texts.put(key, mark_text(_render(words, size, tuple(colour), bold), words))
    return surface


#: what a face warmed ahead sets (`warm_ahead`): the characters of words in the default font
WARM_SAMPLE = string.ascii_letters + string.digits + string.punctuation + " \u2013\u2212\u2026"


def warm_ahead(faces: Iterable[tuple[int, bool]]) -> None:
    """Set WARM_SAMPLE in each (size, bold) face between two frames, before its first words
    (`scenes.kit.ahead`): a face loads each glyph the first time it measures or draws it (about
    10 us a glyph), which cost the frame that first set a move's line in the status bar (fitted
    size after size) 1-3 ms. The Japanese face is not warmed: its glyphs are too many to keep."""
    for size, bold in faces:
        ahead.later((warm_ahead, size, bold), partial(_warm, size, bold))


def _warm(size: int, bold: bool) -> None:
    if i18n.language() not in CJK_LANGUAGES:
        _default_font(_scaled(size), bold).render(WARM_SAMPLE, True, (0, 0, 0))


def clear_cache() -> None:
    """Forget every rendered text and every line layout kept (to free memory)."""
    _texts.clear()
    _layouts.clear()


def cached_text_bytes() -> int:
    """The pixel bytes of the rendered text kept now."""
    return _texts.bytes


def drawable(words: str) -> str:
    """`words` without what pygame refuses to draw: NUL and lone surrogates (shown as "?")."""
    return words.replace("\0", "").encode("utf-8", "replace").decode("utf-8")


def _render(words: str, size: int, colour: tuple[int, ...], bold: bool) -> pygame.Surface:
    face, cjk = _face(words, size, bold)
    try:
        surface = face.render(words, True, colour)
    except _REFUSED:
        try:
            surface = face.render(drawable(words), True, colour)
        except _REFUSED:  # nothing visible left (zero-width characters only)
            surface = pygame.Surface((0, face.get_height()), pygame.SRCALPHA)
    if not cjk:
        return surface
    top, height = _band(face, size)
    band = pygame.Surface((surface.get_width(), height), pygame.SRCALPHA)
    band.blit(surface, (0, -top), special_flags=pygame.BLEND_RGBA_MAX)  # a copy, not a blend
    return band


def measure(words: str, size: int, bold: bool = False) -> tuple[int, int]:
    """The (width, height) `words` takes at `size`; any string can be measured."""
    face, cjk = _face(words, size, bold)
    try:
        width, height = face.size(words)
    except _REFUSED:
        width, height = face.size(drawable(words))
    return (width, _band(face, size)[1]) if cjk else (width, height)


#: How many `wrap` and `fit` answers are kept (a frame asks again for the same lines: the log,
#: the status line); all are forgotten when there are more.
LAYOUT_CACHE_ENTRIES = 4096
_layouts: dict[tuple[Any, ...], Any] = {}


def _remembered(key: tuple[Any, ...], work: Callable[[], object]) -> Any:
    """The answer kept for `key` (with the language shown), or `work()`'s, then kept."""
    key = (*key, i18n.language())
    answer = _layouts.get(key, _layouts)
    if answer is _layouts:
        if len(_layouts) >= LAYOUT_CACHE_ENTRIES:
            _layouts.clear()
        answer = _layouts[key] = work()
    return answer


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """`words` in lines no wider than `width` pixels at `size`, broken at spaces and between
    Japanese phrases; a Japanese phrase too wide for a line of its own is broken between its
    characters (never before a closing bracket or a small kana, never after an opening
    bracket); a word that cannot be broken and is too wide stays whole on its line."""
    lines = _remembered(("wrap", words, size, width, bold), lambda: _wrap(words, size, width, bold))
    return list(lines)


def _wrap(words: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for phrase, spaced in phrases(paragraph):
            trial = f"{line} {phrase}" if line and spaced else line + phrase
            if line and measure(trial, size, bold)[0] <= width:
                line = trial
            elif measure(phrase, size, bold)[0] <= width or not _breakable(phrase):
                if line:
                    lines.append(line)  # the phrase goes whole to the next line
                line = phrase
            else:  # wider than a line of its own: broken inside, from where the line stands
                line = _fill(lines, line, pieces(phrase), spaced, size, width, bold)
        lines.append(line)
    return tuple(lines)


def _breakable(phrase: str) -> bool:
    """A phrase holding Japanese may break between its characters; a word of Latin letters may
    not."""
    return any(is_cjk(character) for character in phrase)


def _fill(
    lines: list[str],
    line: str,
    parts: list[tuple[str, bool]],
    spaced: bool,
    size: int,
    width: int,
    bold: bool,
) -> str:
    """Add `parts` (the pieces of one phrase; the first has a space before it when `spaced`) to
    `line`, closing lines into `lines` as they fill; returns the line left open."""
    for index, (part, gap) in enumerate(parts):
        gap = spaced if index == 0 else gap
        trial = f"{line} {part}" if line and gap else line + part
        if line and measure(trial, size, bold)[0] > width:
            lines.append(line)
            line = part
        else:
            line = trial
    return line


def fit(words: str, size: int, width: int, bold: bool = False, smallest: int = TINY) -> int:
    """The largest size from `size` down to `smallest` at which `words` fits in `width` pixels."""
    key = ("fit", words, size, width, bold, smallest)
    return _remembered(key, lambda: _fit(words, size, width, bold, smallest))


#: A size's hinting may make a line up to this many pixels narrower than at the size under it
#: (seen: 2, at 50 and 21 of a short word); `_fit` trusts its halving only past this margin.
HINTING_SLACK = 3


def _fit(words: str, size: int, width: int, bold: bool, smallest: int) -> int:
    """The sizes tried are `size`, `size` - 2, ... down to the first at or under `smallest`;
    a line's width grows with its size, so the first that fits is found by halving the steps
    left: a few measures of a long line (each about 0.15 ms) instead of one a step. Where the
    step found to be too wide missed by no more than HINTING_SLACK, a larger step might still
    fit: then the steps are tried one by one, as they always were."""
    wider = measure(words, size, bold)[0]
    if size <= smallest or wider <= width:
        return size
    wide, last = 0, -(-(size - smallest) // 2)  # steps: `wide` does not fit; `last` is the floor
    while last - wide > 1:
        middle = (wide + last) // 2
        middle_width = measure(words, size - 2 * middle, bold)[0]
        if middle_width <= width:
            last = middle
        else:
            wide, wider = middle, middle_width
    if wider > width + HINTING_SLACK:
        return size - 2 * last
    while size > smallest and measure(words, size, bold)[0] > width:
        size -= 2
    return size


def blit_text(
    canvas: pygame.Surface,
    words: str,
    size: int,
    colour: tuple[int, int, int],
    anchor: str = "topleft",
    at: tuple[int, int] = (0, 0),
    bold: bool = False,
) -> pygame.Rect:
    """Draw `words` with its `anchor` point (a pygame.Rect attribute name) at `at`; its rect."""
    surface = text(words, size, colour, bold)
    rect = surface.get_rect(**{anchor: at})
    canvas.blit(surface, rect)
    return rect


def fit_height(size: int, height: int, bold: bool = False, smallest: int = TINY) -> int:
    """The largest size from `size` down to `smallest` whose line stands within `height` pixels
    (a title in a fixed band, at the large text size)."""
    while size > smallest and measure("Hg", size, bold)[1] > height:
        size -= 2
    return size


def paragraph_size(
    words: str, size: int, rect: pygame.Rect, line_gap: float = 1.12, smallest: int = TINY
) -> int:
    """The largest size from `size` down to `smallest` at which `words`, wrapped to `rect`'s
    width, stand within its height (the large text size in a fixed panel)."""

    def work() -> int:
        fitted = size
        while fitted > smallest and paragraph_height(words, fitted, rect.width, line_gap) > (
            rect.height
        ):
            fitted -= 2
        return fitted

    return _remembered(("paragraph", words, size, rect.size, line_gap, smallest), work)


def paragraph_height(words: str, size: int, width: int, line_gap: float = 1.12) -> int:
    """How tall `words` stand wrapped to `width` at `size` (to the last line's foot)."""
    lines = wrap(words, size, width)
    step = round(line_height(size) * line_gap)
    return step * (len(lines) - 1) + measure(lines[-1] or " ", size)[1]


def blit_paragraph(
    canvas: pygame.Surface,
    words: str,
    size: int,
    colour: tuple[int, int, int],
    rect: pygame.Rect,
    line_gap: float = 1.12,
    bold: bool = False,
    smallest: int | None = None,
) -> int:
    """Draw `words` wrapped to `rect`'s width from its top-left; returns the y below the text.
    With `smallest`, the words are made smaller (down to that size) to stand within `rect`'s
    height."""
    if smallest is not None:
        size = paragraph_size(words, size, rect, line_gap, smallest)
    y = rect.top
    step = round(line_height(size, bold) * line_gap)
    for line in wrap(words, size, rect.width, bold):
        if line:
            canvas.blit(text(line, size, colour, bold), (rect.left, y))
        y += step
    return y
