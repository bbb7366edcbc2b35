"""The memory the app's process uses: now and at its peak (the soak's and the benches' figures)."""

from __future__ import annotations

import os
import sys


def peak_rss_mb() -> float | None:
    """The process's peak resident memory in MB (None where it cannot be read). On Linux the
    kernel's high-water mark of this program (VmHWM): getrusage's ru_maxrss keeps, across exec,
    the peak of the process it was forked from (a test run's 400 MB counted as the app's)."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except (OSError, ValueError, IndexError):
        pass
    try:
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    except (ImportError, OSError):
        return None
    return round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)


def rss_mb() -> float | None:
    """The memory the process uses now, in MB (Linux; None elsewhere)."""
    try:
        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return round(pages * os.sysconf("SC_PAGE_SIZE") / (1024 * 1024), 1)
