"""Keep the app's resident memory steady over long runs (kiosk days, soak benchmarks).

Pictures are large (a 1920x1080 layer is 8 MB) and come and go with every scene. glibc's malloc
raises its mmap threshold each time such a block is freed, so later ones are carved from the heap,
where freed space is seldom given back: the resident memory creeps up by tens of MB over hours.
A fixed threshold keeps every large block in its own mapping, returned to the system when freed.
"""

from __future__ import annotations

import ctypes
import logging
import sys

log = logging.getLogger(__name__)

#: Blocks at least this large get their own mapping (glibc's default starts at 128 kB).
MMAP_THRESHOLD = 256 * 1024
_M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter number


def return_large_blocks_to_the_system() -> bool:
    """Fix glibc's mmap threshold at MMAP_THRESHOLD; False where there is no glibc (macOS,
    Windows, musl), which changes nothing."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    done = bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD))
    if not done:
        log.info("mallopt refused the mmap threshold")
    return done


def give_back_free_memory() -> bool:
    """Hand the free pages inside malloc's heap back to the system (glibc's `malloc_trim`): the
    small pictures and texts that come and go leave holes that otherwise stay resident. For a
    calm moment (a few ms); False where there is no glibc."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        malloc_trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return False
    malloc_trim.argtypes = (ctypes.c_size_t,)
    malloc_trim.restype = ctypes.c_int
    malloc_trim(0)
    return True
