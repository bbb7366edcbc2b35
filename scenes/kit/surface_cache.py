"""A least-recently-used cache of Surfaces bounded by the bytes of their pixels (and by count).

A count alone does not bound memory: one 1920x1080 picture holds 8 MB, one short word a few kB.
`SurfaceCache` keeps the total pixel bytes under `max_bytes` by dropping the least recently used
Surfaces first; a Surface larger than a quarter of the budget is returned but never kept.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame


def surface_bytes(surface: pygame.Surface) -> int:
    """The bytes of a Surface's pixels (its pitch times its height)."""
    return surface.get_pitch() * surface.get_height()


class SurfaceCache:
    """Surfaces by key, at most `max_entries` of them and `max_bytes` of pixels in all."""

    def __init__(self, max_bytes: int, max_entries: int = 100_000):
        self.max_bytes = max_bytes
        self.max_entries = max_entries
        self.bytes = 0
        self._items: OrderedDict[Hashable, tuple[pygame.Surface, int]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def get(self, key: Hashable) -> pygame.Surface | None:
        """The Surface kept for `key` (now the most recently used), or None."""
        item = self._items.get(key)
        if item is None:
            return None
        self._items.move_to_end(key)
        return item[0]

    def put(self, key: Hashable, surface: pygame.Surface) -> pygame.Surface:
        """Keep `surface` for `key` (unless it is too large to keep); returns it."""
        size = surface_bytes(surface)
        self.discard(key)
        if size * 4 > self.max_bytes:
            return surface
        self._items[key] = (surface, size)
        self.bytes += size
        self.trim()
        return surface

    def get_or_make(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The Surface kept for `key`, made by `make()` and kept if there is none."""
        surface = self.get(key)
        return surface if surface is not None else self.put(key, make())

    def discard(self, key: Hashable) -> None:
        item = self._items.pop(key, None)
        if item is not None:
            self.bytes -= item[1]

    def trim(self) -> None:
        """Drop the least recently used Surfaces until both bounds hold."""
        while self._items and (len(self._items) > self.max_entries or self.bytes > self.max_bytes):
            _, (_, size) = self._items.popitem(last=False)
            self.bytes -= size

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0
