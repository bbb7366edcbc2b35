"""The process's limit of open files (sockets, fonts, the log, saves): raised at start as far as
the system allows, and read by the phones' server to size its own budget well under it.

Many desktops start programs with a soft limit of 1024 and a hard limit far above; the soft one
may be raised to the hard one without any privilege.
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)

#: the soft limit asked for at start (never above the hard limit, never lowered)
WANTED = 4096
#: what `open_files_limit` answers where the system has no such limit to read (Windows)
UNKNOWN = 1024


def open_files_limit() -> int:
    """The soft limit of open files of this process (UNKNOWN where it cannot be read)."""
    try:
        import resource
    except ImportError:
        return UNKNOWN
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return UNKNOWN if soft == resource.RLIM_INFINITY or soft <= 0 else int(soft)


def raise_open_files(wanted: int = WANTED) -> int:
    """Raise the soft limit of open files to `wanted` (or the hard limit, if lower) when it is
    lower; the soft limit in force afterwards."""
    try:
        import resource
    except ImportError:
        return UNKNOWN
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (OSError, ValueError) as error:
            log.info("the limit of open files stays at %d: %s", soft, error)
    return open_files_limit()
