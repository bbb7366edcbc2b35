"""`Canvas`: the logical 1920x1080 surface scenes draw on, which can redraw only what changed.

A frame is drawn in two steps (`App.frame`). First the scenes draw as always, but on a canvas
that is *recording* (`record()`): every blit, fill and `pygame.draw` call on it is noted as an
operation (what is drawn, where, under which clip), not done. Then `finish()` compares this
frame's operations with the last frame's: the places of those that differ (a piece that moved
was drawn at its old and its new place; a text that changed is another text surface) are the
frame's changed rectangles. Only the operations that touch them are replayed, clipped to them, so
a moving piece redraws its background from the cached static layer and nothing else. The canvas
then holds the whole new frame, and the window shows only the changed rectangles
(`scenes.window.Screen.present`).

The comparison is by identity of what is drawn: the same Surface object at the same place with
the same alpha and clip is the same picture (operations are compared by a 64-bit hash of that
key; the last frame's Surfaces are held, so a new one cannot take an old one's identity). The
operation before each one is part of its key, so a change of stacking order counts as a change.
Drawing that cannot be recorded makes the frame *unrecordable*, and the app then draws it whole,
directly, as before: reading the canvas while drawing (`copy`, `get_at`, a `subsurface` to draw
through, `flood_fill`...). A frame that changed too much (a new scene) is shown whole. (A fade
between scenes is not drawn on the canvas: the window darkens what it shows.)

`pygame.draw`'s functions are wrapped once (`install`) so that a call on a recording canvas is
noted; on any other surface they run as they are. Drawing on the canvas outside a recording
(tests, a thumbnail) makes the next recorded frame a whole one.

What a scene must keep for this (the board scenes and screens do): a Surface blitted on the canvas
is not changed in place afterwards while it is still blitted at the same place (a changed picture
is a new Surface, as the caches make them). `tests/test_present_parts.py` checks every board
moment and animation frame by frame against frames drawn whole.

A group of drawing that a key decides wholly (a button in its state, a seat's header with its
points, the move log's rows) is drawn through `kept(canvas, key, draw)`: while recording, the
first frame with that key records its operations (and keeps what `draw` returned); later frames
with the same key note those very operations again without running the scene's drawing. The key
must hold everything the drawing depends on; the language and the text size are added to it.
"""

from __future__ import annotations

import math
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import NamedTuple, TypeAlias, TypedDict, TypeVar, cast

import pygame
from pygame.typing import ColorLike, Point, RectLike

from scenes.kit.i18n import generation

#: a frame whose changed rectangles cover more than this share of the canvas is shown whole
WHOLE_SHARE = 0.55
#: changed rectangles closer than this (canvas pixels) are joined into one, if their union is
#: at most JOIN_WASTE times the area of both
JOIN = 24
JOIN_WASTE = 1.3
#: extra pixels around each recorded operation (rounding of float positions, anti-aliasing);
#: none around a blit at a point of whole pixels or a Rect, which changes exactly its rectangle
MARGIN = 2
#: groups of operations kept by `kept` at most (the least recently drawn are forgotten first)
KEPT_GROUPS = 512

Rect = pygame.Rect
#: a rectangle as a hashable tuple (x, y, width, height)
Box: TypeAlias = tuple[int, int, int, int]
#: a draw call's argument made hashable: numbers, words and tuples of them
Frozen: TypeAlias = "int | float | str | tuple[Frozen, ...] | None"


class Blit(NamedTuple):
    """A blit noted while recording. What is drawn is the Surface itself (compared by identity,
    with the alpha and colour key it had), `dest` as pygame reads it (a point or a rectangle)."""

    source: pygame.Surface
    dest: tuple[float, ...]
    area: Box | None
    flags: int
    alpha: int | None
    colorkey: tuple[int, int, int, int] | None
    clip: Box | None


class Fill(NamedTuple):
    """A fill noted while recording."""

    colour: tuple[int, ...] | int
    place: Box
    flags: int
    clip: Box | None


class Draw(NamedTuple):
    """A `pygame.draw` call noted while recording: the function (as pygame has it, unwrapped)
    and its arguments after the surface, made hashable."""

    function: Callable[..., pygame.Rect]
    args: tuple[Frozen, ...]
    kwargs: tuple[tuple[str, Frozen], ...]
    clip: Box | None


#: an operation: what was drawn (its key, compared frame to frame) and the canvas rectangle it
#: may change
Op: TypeAlias = tuple[Blit | Fill | Draw, pygame.Rect]
_T = TypeVar("_T")


class _Group(NamedTuple):
    """A group of operations kept by `Canvas.keep`: the clip it was drawn under, its operations
    and what its drawing returned."""

    clip: Box | None
    ops: list[Op]
    result: object


class Canvas(pygame.Surface):
    """The logical canvas (a plain Surface outside a recording); see the module docstring."""

    # (pygame makes the copies and subsurfaces of a Canvas as Canvases, without __init__: with
    # these they act as plain Surfaces, never recording)
    _ops: list[Op] | None = None
    _clip: pygame.Rect | None = None
    _last: Counter[tuple[int, int]] | None = None
    unrecordable = False

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self._ops: list[Op] | None = None  # the frame being recorded
        self._clip: pygame.Rect | None = None  # the clip a scene set while recording
        self._last: Counter[tuple[int, int]] | None = None  # the last frame's keys
        self._last_ops: list[tuple[tuple[int, int], pygame.Rect]] = []
        #: the last frame's operations: their Surfaces stay alive, so no new Surface of this
        #: frame can take the identity (and key) of one drawn in the last
        self._held: list[Op] = []
        self._bounds = self.get_rect()
        #: the frame being recorded did something that cannot be recorded (see the docstring)
        self.unrecordable = False
        self._groups: OrderedDict[Hashable, _Group] = OrderedDict()

    # --- recording --------------------------------------------------------------------------------
    @property
    def recording(self) -> bool:
        return self._ops is not None

    def record(self) -> None:
        """Note the drawing from now on, until `finish()` (or `forget()`)."""
        self._ops = []
        self._clip = None
        self.unrecordable = False
        super().set_clip(None)

    def finish(self) -> list[pygame.Rect] | None:
        """Draw the recorded frame where it differs from the last one, and return the canvas
        rectangles that changed (empty: none), or None if the whole canvas was drawn anew (the
        first frame, a frame that changed too much, or one drawn outside a recording).

        An unrecordable frame draws nothing here: the caller draws it whole (`forget()` first).
        """
        ops, self._ops = self._ops, None
        assert ops is not None, "finish() without record()"
        self._clip = None
        if self.unrecordable:
            self._last = None
            return None
        keys = _chained(ops)
        counts = Counter(keys)
        rects = None if self._last is None else self._changed(counts, keys, ops)
        self._last, self._last_ops = counts, list(zip(keys, (op[1] for op in ops), strict=True))
        self._held = ops
        if rects is None:
            for op in ops:
                self._do(op[0], None)
            return None
        places = [op[1] for op in ops]
        for area in rects:
            for index in area.collidelistall(places):
                self._do(ops[index][0], area)
        super().set_clip(None)
        return rects

    def forget(self) -> None:
        """Stop recording without drawing (an unrecordable frame about to be drawn directly);
        the next recorded frame is drawn whole."""
        self._ops = None
        self._clip = None
        self._last = None
        super().set_clip(None)

    def _changed(
        self, counts: Counter[tuple[int, int]], keys: list[tuple[int, int]], ops: list[Op]
    ) -> list[pygame.Rect] | None:
        last = self._last
        assert last is not None
        rects = [rect for key, rect in self._last_ops if counts[key] < last[key]]
        rects += [op[1] for key, op in zip(keys, ops, strict=True) if last[key] < counts[key]]
        places = {tuple(rect): rect for rect in rects}  # (what changed in place: one place)
        merged = merge(places.values(), self._bounds)
        area = sum(rect.width * rect.height for rect in merged)
        if area > WHOLE_SHARE * self._bounds.width * self._bounds.height:
            return None
        return merged

    def _do(self, what: Blit | Fill | Draw, area: pygame.Rect | None) -> None:
        clip = what.clip
        if area is None:
            super().set_clip(clip)
        elif clip is None:
            super().set_clip(area)
        else:
            super().set_clip(area.clip(clip))
        if isinstance(what, Blit):
            source = what.source
            if source.get_alpha() == what.alpha:
                super().blit(source, what.dest, what.area, what.flags)
            else:  # (its alpha was set again after this blit, in the same frame)
                kept = source.get_alpha()
                source.set_alpha(what.alpha)
                super().blit(source, what.dest, what.area, what.flags)
                source.set_alpha(kept)
        elif isinstance(what, Fill):
            super().fill(what.colour, what.place, what.flags)
        else:
            what.function(self, *what.args, **dict(what.kwargs))

    def keep(self, key: Hashable, draw: Callable[[pygame.Surface], _T]) -> _T:
        """`draw(self)`, whose operations and result `key` decides wholly (see the module
        docstring): while recording, noted as they were the first time with that key."""
        if self._ops is None:
            return draw(self)
        clip = self._clip_box()
        try:
            group = self._groups.get(key)
        except TypeError:  # (a key with a part that cannot be hashed: drawn, not kept)
            return draw(self)
        if group is not None and group.clip == clip:
            self._groups.move_to_end(key)
            self._ops.extend(group.ops)
            return cast(_T, group.result)
        start = len(self._ops)
        result = draw(self)
        if not self.unrecordable and self._clip_box() == clip:  # (a clip left set: not kept)
            self._groups[key] = _Group(clip, self._ops[start:], result)
            if len(self._groups) > KEPT_GROUPS:
                self._groups.popitem(last=False)
        return result

    def _clip_box(self) -> Box | None:
        return None if self._clip is None else _box(self._clip)

    def _drawn_directly(self) -> None:
        self._last = None  # what is shown no longer matches the last recorded frame

    # --- drawing: noted while recording, else done ------------------------------------------------
    def blit(
        self,
        source: pygame.Surface,
        dest: Point | RectLike = (0, 0),
        area: RectLike | None = None,
        special_flags: int = 0,
    ) -> pygame.Rect:
        if self._ops is None:
            self._last = None
            return super().blit(source, dest, area, special_flags)
        spot: tuple[float, ...]
        whole = True  # (at whole pixels a blit changes its rectangle, no pixel beside it)
        if isinstance(dest, tuple) and len(dest) == 2 and type(dest[0]) is type(dest[1]) is int:
            spot = dest  # (the usual case, kept as it is)
            x, y = dest
        elif type(dest) is Rect:
            x, y = spot = dest.x, dest.y
        else:
            spot = _spot(dest)
            x, y = math.floor(spot[0]), math.floor(spot[1])
            whole = False
        if area is None:
            width, height = source.get_size()
            part = None
        else:
            given = Rect(area)
            width, height = given.size
            part = _box(given)
        placed = Rect(x, y, width, height)
        bounds = placed if whole else placed.inflate(2 * MARGIN, 2 * MARGIN)
        clip = self._clip
        if clip is not None:
            bounds = bounds.clip(clip)
        what = Blit(
            source,
            spot,
            part,
            special_flags,
            source.get_alpha(),
            source.get_colorkey(),
            None if clip is None else _box(clip),
        )
        self._ops.append((what, bounds))
        return placed.clip(clip or self._bounds)

    def blits(
        self,
        blit_sequence: Iterable[
            tuple[pygame.Surface, Point | RectLike]
            | tuple[pygame.Surface, Point | RectLike, RectLike | int]
            | tuple[pygame.Surface, Point | RectLike, RectLike, int]
        ],
        doreturn: int | bool = 1,
    ) -> list[pygame.Rect] | None:
        rects = []
        for item in blit_sequence:
            area = item[2] if len(item) > 2 else None
            if isinstance(area, int):
                raise TypeError("Invalid rectstyle argument")  # (as pygame's own blits says)
            rects.append(self.blit(item[0], item[1], area, item[3] if len(item) > 3 else 0))
        return rects if doreturn else None

    def fblits(
        self,
        blit_sequence: Iterable[tuple[pygame.Surface, Point | RectLike]],
        special_flags: int = 0,
    ) -> None:
        for source, dest in blit_sequence:
            self.blit(source, dest, None, special_flags)

    def fill(
        self, color: ColorLike, rect: RectLike | None = None, special_flags: int = 0
    ) -> pygame.Rect:
        if self._ops is None:
            self._last = None
            return super().fill(color, rect, special_flags)
        colour = tuple(pygame.Color(color)) if not isinstance(color, int) else color
        where = self._bounds.copy() if rect is None else Rect(rect)
        where.normalize()
        bounds = where.inflate(MARGIN, MARGIN)
        if self._clip is not None:
            bounds = bounds.clip(self._clip)
        self._ops.append((Fill(colour, _box(where), special_flags, self._clip_box()), bounds))
        return where.clip(self._clip or self._bounds)

    def set_clip(self, rect: RectLike | None = None) -> None:
        if self._ops is None:
            super().set_clip(rect)
            return
        self._clip = None if rect is None else Rect(rect).clip(self._bounds)

    def get_clip(self) -> pygame.Rect:
        if self._ops is None:
            return super().get_clip()
        return (self._clip or self._bounds).copy()

    def note_draw(
        self,
        name: str,
        function: Callable[..., pygame.Rect],
        args: tuple[object, ...],
        kwargs: dict[str, object],
    ) -> pygame.Rect:
        """A `pygame.draw` call on this canvas while it records (see `install`)."""
        assert self._ops is not None
        bounds = draw_bounds(name, args, kwargs)
        if bounds is None:  # (flood_fill reads the canvas; an unknown function)
            self.unrecordable = True
            return function(self, *args, **kwargs)
        frozen_kwargs = tuple(sorted((k, _frozen(v)) for k, v in kwargs.items())) if kwargs else ()
        what = Draw(function, _frozen_args(args), frozen_kwargs, self._clip_box())
        self._ops.append((what, bounds if self._clip is None else bounds.clip(self._clip)))
        return bounds.clip(self._clip or self._bounds)


def kept(canvas: pygame.Surface, key: Hashable, draw: Callable[[pygame.Surface], _T]) -> _T:
    """`draw(canvas)`; on a recording canvas kept by `key` (with the language and text size
    shown now) as `Canvas.keep` says, on any other surface simply drawn."""
    if not isinstance(canvas, Canvas):
        return draw(canvas)
    return canvas.keep((generation(), key), draw)


def _reader(name: str) -> Callable[..., object]:
    method = getattr(pygame.Surface, name)

    def read(self: Canvas, *args: object, **kwargs: object) -> object:
        if self._ops is not None:
            self.unrecordable = True
        else:
            self._last = None  # (a subsurface or a lock may be drawn through)
        return method(self, *args, **kwargs)

    read.__name__ = name
    read.__doc__ = method.__doc__
    return read


#: Surface methods that read the canvas or let it be drawn on without a noted operation: a
#: recording that meets them is unrecordable, and the next recorded frame is drawn whole
_READERS = (
    "subsurface",
    "copy",
    "get_at",
    "set_at",
    "get_at_mapped",
    "get_view",
    "get_buffer",
    "lock",
    "scroll",
    "get_bounding_rect",
    "convert",
    "convert_alpha",
    "premul_alpha",
)
for _name in _READERS:
    setattr(Canvas, _name, _reader(_name))


# --- pygame.draw on a recording canvas ------------------------------------------------------------
_PARAMETERS: dict[str, tuple[str, ...]] = {
    "rect": ("color", "rect", "width"),
    "ellipse": ("color", "rect", "width"),
    "arc": ("color", "rect", "start_angle", "stop_angle", "width"),
    "circle": ("color", "center", "radius", "width"),
    "aacircle": ("color", "center", "radius", "width"),
    "line": ("color", "start_pos", "end_pos", "width"),
    "aaline": ("color", "start_pos", "end_pos", "width"),
    "lines": ("color", "closed", "points", "width"),
    "aalines": ("color", "closed", "points"),
    "polygon": ("color", "points", "width"),
}
_WIDTH = {"line": 1, "aaline": 1, "lines": 1, "arc": 1}


class _DrawArgs(TypedDict, total=False):
    """The arguments of the `pygame.draw` calls in `_PARAMETERS` that place what they draw."""

    rect: RectLike
    width: int
    center: Point
    radius: float
    start_pos: Point
    end_pos: Point
    points: Sequence[Point]


def draw_bounds(
    name: str, args: tuple[object, ...], kwargs: dict[str, object]
) -> pygame.Rect | None:
    """A rectangle that holds every pixel the `pygame.draw` call `name(surface, *args,
    **kwargs)` may change (generous by a few pixels), or None for a call that cannot be noted."""
    names = _PARAMETERS.get(name)
    if names is None:
        return None
    # (pygame takes these arguments as they were given, or fails on them when it draws)
    given = cast(_DrawArgs, {**dict(zip(names, args, strict=False)), **kwargs})
    width = max(1, int(given.get("width", _WIDTH.get(name, 0)) or 1))
    if "rect" in given:
        rect = Rect(given["rect"])
        rect.normalize()
        return rect.inflate(2 * MARGIN + (2 * width if name != "rect" else 0), 2 * MARGIN)
    if "center" in given:
        x, y = _point(given["center"])
        radius = math.ceil(abs(given["radius"])) + MARGIN
        return Rect(x - radius, y - radius, 2 * radius + 1, 2 * radius + 1)
    if "points" in given:
        points = [_point(point) for point in given["points"]]
    else:
        points = [_point(given["start_pos"]), _point(given["end_pos"])]
    if not points:
        return Rect(0, 0, 0, 0)
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    spread = width + 2 * MARGIN
    return Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1).inflate(
        spread, spread
    )


def _recording_draw(name: str, function: Callable[..., pygame.Rect]) -> Callable[..., pygame.Rect]:
    def draw(surface: pygame.Surface, *args: object, **kwargs: object) -> pygame.Rect:
        if isinstance(surface, Canvas):
            if surface.recording:
                return surface.note_draw(name, function, args, kwargs)
            surface._drawn_directly()
        return function(surface, *args, **kwargs)

    draw.__name__ = name
    draw.__doc__ = function.__doc__
    draw.__wrapped__ = function  # type: ignore[attr-defined]
    return draw


def install() -> None:
    """Wrap `pygame.draw`'s functions (once) so that their calls on a recording canvas are
    noted; on other surfaces they run unchanged."""
    for name in (*_PARAMETERS, "flood_fill"):
        function = getattr(pygame.draw, name, None)
        if function is None or hasattr(function, "__wrapped__"):
            continue
        setattr(pygame.draw, name, _recording_draw(name, function))


# --- rectangles -----------------------------------------------------------------------------------
def merge(
    rects: Iterable[pygame.Rect],
    bounds: pygame.Rect,
    waste: float = JOIN_WASTE,
    slack: int = 0,
) -> list[pygame.Rect]:
    """`rects` clipped to `bounds`, as rectangles that do not overlap (each is replayed from the
    bottom operation up, once): two that overlap or nearly touch (JOIN) are joined where their
    union wastes little (its area at most `waste` times both areas, plus `slack` pixels), else
    the one is cut into its parts outside the other (the sides of a seat's glow stay sides, not
    the panel they frame). Rects whose edges lie on a grid give parts on it."""
    merged: list[pygame.Rect] = []
    queue = [rect.clip(bounds) for rect in rects]
    while queue:
        rect = queue.pop()
        if not rect.width or not rect.height:
            continue
        area = rect.width * rect.height
        for index in rect.inflate(JOIN, JOIN).collidelistall(merged):
            other = merged[index]
            union = rect.union(other)
            if (
                union.width * union.height <= waste * (area + other.width * other.height) + slack
                and len(union.collidelistall(merged)) == 1  # (only `other`, which it holds)
            ):
                merged.pop(index)
                queue.append(union)
                break
        else:
            overlapping = rect.collidelist(merged)
            if overlapping < 0:
                merged.append(rect)
            else:
                queue += _outside(rect, merged[overlapping])
    return merged


def _outside(rect: pygame.Rect, other: pygame.Rect) -> list[pygame.Rect]:
    """The parts of `rect` outside `other` (at most four bands)."""
    parts = []
    if rect.top < other.top:
        parts.append(Rect(rect.left, rect.top, rect.width, other.top - rect.top))
    if rect.bottom > other.bottom:
        parts.append(Rect(rect.left, other.bottom, rect.width, rect.bottom - other.bottom))
    top, bottom = max(rect.top, other.top), min(rect.bottom, other.bottom)
    if rect.left < other.left:
        parts.append(Rect(rect.left, top, other.left - rect.left, bottom - top))
    if rect.right > other.right:
        parts.append(Rect(other.right, top, rect.right - other.right, bottom - top))
    return parts


def _chained(ops: list[Op]) -> list[tuple[int, int]]:
    """Each operation's key with the one before it (a change of order is a change), by their
    hashes: each key is hashed once (a 64-bit hash; two different operations at one place
    sharing one is not a practical concern)."""
    hashes = [hash(op[0]) for op in ops]
    return list(zip(hashes, [0, *hashes], strict=False))  # (an empty frame: none)


def _box(rect: pygame.Rect) -> Box:
    return rect.x, rect.y, rect.width, rect.height


def _point(value: Point) -> tuple[int, int]:
    return math.floor(value[0]), math.floor(value[1])


def _spot(dest: Point | RectLike) -> tuple[float, ...]:
    """A blit's `dest` as numbers that pygame reads the same way: a point (x, y), or a
    rectangle (x, y, width, height) whose top left is the place."""
    if isinstance(dest, Rect):
        return dest.x, dest.y
    if isinstance(dest, (pygame.FRect, pygame.Vector2)):
        return tuple(dest)
    if isinstance(dest, (tuple, list)) and all(type(v) in (int, float) for v in dest):
        return tuple(dest)
    return _box(Rect(dest))  # ((x, y), (width, height)), or what has a `rect`


def _frozen_args(args: tuple[object, ...]) -> tuple[Frozen, ...]:
    if all(type(item) in _SCALARS for item in args):
        return cast("tuple[Frozen, ...]", args)  # (the usual case: nothing to convert)
    return tuple(_frozen(item) for item in args)


_SCALARS = frozenset({int, float, str, bool, type(None)})


def _frozen(value: object) -> Frozen:
    """`value` as hashable tuples (rects, colours, points), to key and replay a draw call."""
    if value is None or isinstance(value, (int, float, str)):
        return value
    if isinstance(value, tuple) and all(type(item) in _SCALARS for item in value):
        return value  # (a colour or a point as a tuple: the usual case)
    if isinstance(value, (Rect, pygame.FRect, pygame.Color, pygame.Vector2)):
        return tuple(value)
    if isinstance(value, Iterable):
        return tuple(_frozen(item) for item in value)
    raise TypeError(f"a pygame.draw argument that cannot be noted: {value!r}")


install()
