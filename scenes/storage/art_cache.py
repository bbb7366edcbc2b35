"""Large art kept on disk once rendered, so that the next start loads its pixels instead of
rendering the SVG again (the 1920x1080 table background is the largest part of a start-up).

A kept picture is one file in the cache folder, `<name>-<width>x<height>-<digest>.rgba`: its
RGBA pixels, then a CRC-32 of them. The digest names what it was rendered from (the SVG's bytes,
the size, the way it was drawn and pygame's version), so changed art is rendered anew; older
files of the same art and size are removed when a new one is written. A file of the wrong
length or checksum is ignored and rendered again: the cache never shows a damaged picture.
Nothing here raises: a folder that cannot be read or written only means rendering every time.
"""

from __future__ import annotations

import hashlib
import logging
import os
import zlib
from pathlib import Path

import pygame

from scenes.storage.atomic import _temporary
from scenes.storage.files import Unreadable, read_bounded

log = logging.getLogger(__name__)

SUFFIX = ".rgba"


class ArtCache:
    """Rendered art by what it was rendered from, in `folder`."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    def path(self, name: str, size: tuple[int, int], source: bytes) -> Path:
        """The file of art `name` at `size` rendered from `source` (the SVG and how it is
        drawn)."""
        digest = hashlib.sha256(source + pygame.version.ver.encode()).hexdigest()[:20]
        return self.folder / f"{name}-{size[0]}x{size[1]}-{digest}{SUFFIX}"

    def load(self, name: str, size: tuple[int, int], source: bytes) -> pygame.Surface | None:
        """The kept rendering, or None (none kept, or the file is damaged)."""
        length = size[0] * size[1] * 4
        where = self.path(name, size, source)
        try:
            raw = read_bounded(where, length + 4)
        except Unreadable as why:
            log.debug("kept art %s unreadable (%s): rendered again", where.name, why)
            return None
        if raw is None:
            return None
        pixels, check = raw[:length], raw[length:]
        if len(raw) != length + 4 or zlib.crc32(pixels).to_bytes(4, "big") != check:
            log.debug("kept art %s damaged: rendered again", where.name)
            return None
        return pygame.image.frombytes(pixels, size, "RGBA")

    def save(self, name: str, surface: pygame.Surface, source: bytes) -> None:
        """Keep `surface` (the rendering of art `name`), replacing older renderings of it."""
        size = surface.get_size()
        where = self.path(name, size, source)
        pixels = pygame.image.tobytes(surface, "RGBA")
        try:
            with _temporary(where, ".tmp") as tmp:
                with open(tmp, "wb") as out:
                    out.write(pixels + zlib.crc32(pixels).to_bytes(4, "big"))
                os.replace(tmp, where)
            for old in self.folder.glob(f"{name}-{size[0]}x{size[1]}-*{SUFFIX}"):
                if old != where:
                    old.unlink(missing_ok=True)
        except (OSError, ValueError) as error:
            log.debug("art %s not kept on disk: %s", name, error)
