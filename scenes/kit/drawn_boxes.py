"""What a picture's text, icons and panels are, for a checker that looks at where they were drawn:
every text surface `fonts` renders is known by its words (`words_of`), every piece of kit art by
its name (`icon_of`), a text cut short to fit is known (`was_shortened`), and a canvas that
collects what is drawn (as `tools/text_overlap.py`'s canvas) is told of each panel drawn on it
(`note_panel`), of an opaque area drawn over what was there (`note_cover`: a lesson's bar over
the board's), of a view the player opened over the board (`note_opened`: the Moves popover) and
of what a player must see whole while playing (`note_must_read`: a tile in a hand, the board's
actions, what a lesson step points at), which no later panel may cover. A kept layer (a scene's
unchanging background, a rules page) is made with `new_layer`: a plain surface, or while a
checker records (`record_layers`) one of its canvases, so what was drawn on the layer is known
where the layer is blitted. Drawing itself is unchanged; nothing here costs more than a weak
reference per rendered text, or a `getattr` per noted box on a plain canvas."""

from __future__ import annotations

from collections.abc import Callable
from weakref import WeakKeyDictionary

import pygame

_words: WeakKeyDictionary[pygame.Surface, str] = WeakKeyDictionary()
_icons: WeakKeyDictionary[pygame.Surface, str] = WeakKeyDictionary()
_layer_kind: Callable[[tuple[int, int], int], pygame.Surface] = pygame.Surface
_shortened: dict[str, None] = {}  # the latest texts cut with an ellipsis, oldest first
SHORTENED_KEPT = 512


def mark_text(surface: pygame.Surface, words: str) -> pygame.Surface:
    """Remember that `surface` shows `words`; `surface`."""
    _words[surface] = words
    return surface


def words_of(surface: pygame.Surface) -> str | None:
    """The words `surface` shows, if it is rendered text, else None."""
    return _words.get(surface)


def mark_icon(surface: pygame.Surface, name: str) -> pygame.Surface:
    """Remember that `surface` is the art called `name`; `surface`."""
    _icons[surface] = name
    return surface


def icon_of(surface: pygame.Surface) -> str | None:
    """The name of the art `surface` shows, if it is kit art, else None."""
    return _icons.get(surface)


def note_shortened(words: str) -> str:
    """`words` are a text cut short to fit (with an ellipsis); `words`."""
    _shortened.pop(words, None)
    _shortened[words] = None
    if len(_shortened) > SHORTENED_KEPT:
        del _shortened[next(iter(_shortened))]
    return words


def was_shortened(words: str) -> bool:
    """`words` were lately cut short to fit."""
    return words in _shortened


def note_panel(canvas: pygame.Surface, rect: pygame.Rect) -> None:
    """A panel (a card text stands in) was drawn at `rect` on `canvas`."""
    noted = getattr(canvas, "noted_panel", None)
    if noted is not None:
        noted(pygame.Rect(rect))


def note_cover(canvas: pygame.Surface, rect: pygame.Rect) -> None:
    """An opaque area was drawn at `rect` on `canvas` to replace what stood there (a lesson's
    or a review's bar over the board's own): what was drawn wholly inside it is gone."""
    noted = getattr(canvas, "noted_cover", None)
    if noted is not None:
        noted(pygame.Rect(rect))


def note_opened(canvas: pygame.Surface, rect: pygame.Rect) -> None:
    """A view the player opened over the board (the Moves popover) stands at `rect` on
    `canvas`: what must be read under it waits behind it until it is closed."""
    noted = getattr(canvas, "noted_opened", None)
    if noted is not None:
        noted(pygame.Rect(rect))


def note_must_read(canvas: pygame.Surface, rect: pygame.Rect, what: str) -> None:
    """`what` (a few words naming it, for a checker's message) stands at `rect` on `canvas`,
    and a player must see it whole: nothing drawn later on this picture may cover it."""
    noted = getattr(canvas, "noted_must_read", None)
    if noted is not None:
        noted(pygame.Rect(rect), what)


def new_layer(size: tuple[int, int], flags: int = 0) -> pygame.Surface:
    """A new surface of `size` to draw a kept layer on (see the module)."""
    return _layer_kind(size, flags)


def record_layers(kind: Callable[[tuple[int, int], int], pygame.Surface] | None) -> None:
    """Make each new layer a `kind` (a checker's recording canvas), or with None a plain
    surface again."""
    global _layer_kind
    _layer_kind = kind or pygame.Surface
