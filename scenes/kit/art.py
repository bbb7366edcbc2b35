"""The app's vector art: the SVG files of assets/art rendered at the size asked, and cached.

Art keeps its proportions: drawn inside the size asked and centred on a transparent Surface
of exactly that size. Frame art (the panel) is stretched instead, its corners kept whole.
"""

import contextlib
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pygame

from scenes.kit.assets import asset_folder
from scenes.kit.drawn_boxes import mark_icon
from scenes.kit.surface_cache import SurfaceCache

#: found through the package (importlib.resources): the checkout, or the installed wheel
ASSET_DIR: Path = asset_folder("art")

#: Every art name: the SVG files of the folder (general art, each board's pieces and menu picture,
#: the levels' faces), so that a new game's art needs no line here.
NAMES: tuple[str, ...] = tuple(sorted(svg.stem for svg in ASSET_DIR.glob("*.svg")))

#: Art stretched to any size as a nine-slice frame (corners kept, edges and middle stretched).
FRAMES: frozenset[str] = frozenset({"panel"})

_VIEWBOX = re.compile(r'viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"')
#: Most Surfaces kept, and most pixel bytes kept (a 1920x1080 background is 8 MB); the least
#: recently used go first (animations that ask for many sizes should scale one Surface with
#: pygame.transform instead). Read at every new picture, so they may be changed at run time.
MAX_CACHED = 400
MAX_BYTES = 96 * 1024 * 1024

_cache = SurfaceCache(MAX_BYTES, MAX_CACHED)
#: Art of this many pixels or more is kept on disk once rendered (see `keep_rendered`): the
#: table background and the menu's pictures, which take most of a start-up to render.
DISK_PIXELS = 100_000
_disk: Any = None


def path(name: str) -> Path:
    """The SVG file of the art called `name`; ValueError for a name not in NAMES."""
    if name not in NAMES:
        raise ValueError(f"unknown art {name!r}")
    return ASSET_DIR / f"{name}.svg"


def aspect(name: str) -> float:
    """Width over height of the art's own drawing (its SVG viewBox)."""
    match = _VIEWBOX.search(path(name).read_text(encoding="utf-8"))
    if match is None:
        raise ValueError(f"art {name!r} has no viewBox")
    return float(match.group(1)) / float(match.group(2))


def image(name: str, size: tuple[int, int]) -> pygame.Surface:
    """The art called `name` as a Surface of exactly `size` pixels (cached: do not draw on it)."""
    width, height = int(size[0]), int(size[1])
    key = (name, (width, height))
    cached = _cache.get(key)
    if cached is not None:
        return cached
    svg = path(name)
    if width <= 0 or height <= 0:
        raise ValueError(f"art {name!r} asked at an empty size {size!r}")
    surface = blit_ready(_rendered(name, svg, width, height))
    _cache.max_entries, _cache.max_bytes = MAX_CACHED, MAX_BYTES
    return _cache.put(key, mark_icon(surface, name))


#: pictures asked for ahead of need (`render_ahead`; each once, in order), rendered one at a
#: time between frames
_ahead: dict[tuple[str, tuple[int, int]], None] = {}


def render_ahead(pictures: Iterable[tuple[str, tuple[int, int]]]) -> None:
    """Render these (name, size) pictures before they are first asked for, one between two
    frames (`render_next_ahead`): a board's pieces at every size their animations pass
    through, so no frame of a move waits for an SVG to be rendered (1-2 ms each)."""
    _ahead.update(dict.fromkeys(pictures))


def render_next_ahead() -> bool:
    """Render the next picture asked for ahead that is not kept yet; False when none is left.
    A picture that cannot be rendered is left to `image`'s caller (its stand-in, logged)."""
    while _ahead:
        name, size = next(iter(_ahead))
        del _ahead[(name, size)]
        if (name, size) in _cache:
            continue
        with contextlib.suppress(ValueError, OSError, pygame.error):
            image(name, size)
        return True
    return False


def keep_rendered(cache: Any) -> None:
    """Keep renderings of DISK_PIXELS or more on disk in `cache` (an ArtCache of
    scenes.storage.art_cache, or None: render every time)."""
    global _disk
    _disk = cache


def _rendered(name: str, svg: Path, width: int, height: int) -> pygame.Surface:
    """Art `name` rendered at width x height, or its rendering kept on disk (large art)."""
    frame = name in FRAMES and min(width, height) >= 8
    source = b""
    if _disk is not None and width * height >= DISK_PIXELS:
        source = svg.read_bytes() + (b"frame" if frame else b"fit")
        kept = _disk.load(name, (width, height), source)
        if kept is not None:
            return kept
    surface = _frame(svg, width, height) if frame else _fit(svg, width, height)
    if source:
        _disk.save(name, surface, source)
    return surface


def blit_ready(surface: pygame.Surface) -> pygame.Surface:
    """`surface` in the pixel format that blits fastest onto the canvas: the window's alpha
    format once the window's surface exists, else 32-bit ARGB, the canvas's own order with
    alpha (SVGs load as ABGR, which blits about 30 times slower through SDL's generic path).
    The pixels are the same: only the channel order changes."""
    try:
        return surface.convert_alpha()
    except pygame.error:  # no window surface yet (or the pygame.Window API): no convert format
        return surface.convert(_argb())


def _argb() -> pygame.Surface:
    """A 1x1 Surface in 32-bit ARGB (pygame's SRCALPHA default), the format art is kept in."""
    global _ARGB
    if _ARGB is None:
        _ARGB = pygame.Surface((1, 1), pygame.SRCALPHA, 32)
    return _ARGB


_ARGB: pygame.Surface | None = None


def clear_cache() -> None:
    """Forget every rendered Surface (after a display mode change, or to free memory)."""
    _cache.clear()


def cached_bytes() -> int:
    """The pixel bytes of the pictures kept now."""
    return _cache.bytes


def _render(svg: Path, width: int, height: int) -> pygame.Surface:
    return pygame.image.load_sized_svg(str(svg), (width, height))


def _fit(svg: Path, width: int, height: int) -> pygame.Surface:
    drawn = _render(svg, width, height)
    if drawn.get_size() == (width, height):
        return drawn
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    # Copy exactly (a max blend onto zeros), so soft edges keep their colour.
    surface.blit(
        drawn, drawn.get_rect(center=(width // 2, height // 2)), special_flags=pygame.BLEND_RGBA_MAX
    )
    return surface


def _frame(svg: Path, width: int, height: int) -> pygame.Surface:
    side = min(width, height)
    drawn = _fit(svg, side, side)
    corner = side // 4
    src_cuts = (0, corner, side - corner, side)
    dst_cols = (0, corner, width - corner, width)
    dst_rows = (0, corner, height - corner, height)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    for row in range(3):
        for col in range(3):
            src = pygame.Rect(
                src_cuts[col],
                src_cuts[row],
                src_cuts[col + 1] - src_cuts[col],
                src_cuts[row + 1] - src_cuts[row],
            )
            dst = pygame.Rect(
                dst_cols[col],
                dst_rows[row],
                dst_cols[col + 1] - dst_cols[col],
                dst_rows[row + 1] - dst_rows[row],
            )
            if src.w <= 0 or src.h <= 0 or dst.w <= 0 or dst.h <= 0:
                continue
            piece = drawn.subsurface(src)
            if dst.size != src.size:
                piece = pygame.transform.scale(piece, dst.size)
            surface.blit(piece, dst, special_flags=pygame.BLEND_RGBA_MAX)
    return surface
