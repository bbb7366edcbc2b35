"""Python's cyclic garbage collector kept out of drawn frames (issue 41).

The collector runs when enough objects were made since its last pass, wherever that happens: a
young pass (0.3-1 ms here) or a full one in the middle of a frame made that frame one of the
slowest. A full pass looked at every object the app holds (modules, fonts, rules), 15-25 ms.
Two steps, as games and servers take them:

- `freeze_start_up()`: before the first scene is made, everything start-up made (modules,
  fonts, the window, settings) is moved out of the collector's sight (`gc.freeze`: it lives as
  long as the app); a full pass then looks only at what was made since (under 1 ms after a
  minute of a game, against 15-25 ms). Scenes and boards, made after, are collected as ever (a
  board left holds cycles: the attract loop frees the last one). `thaw()` (when the app
  closes) gives the frozen objects back to the collector, so an app made and closed again
  (tests) does not keep them.
- `no_collection()`: no pass starts while a frame is worked out and shown; one that fell due
  runs right after it, in the time the loop would have waited for the next frame (or in a
  thinking computer's thread).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


def freeze_start_up() -> None:
    """Keep what exists now (start-up's objects) out of every later collection."""
    gc.freeze()


def thaw() -> None:
    """Give the objects `freeze_start_up` set aside back to the collector."""
    gc.unfreeze()


@contextmanager
def no_collection() -> Iterator[None]:
    """No automatic collection during the block; one that fell due runs after it (the
    collector stays off if it was off)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
