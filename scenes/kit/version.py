"""The app's version (from the installed package), written into saves and replays."""

from __future__ import annotations

from importlib import metadata

try:
    APP_VERSION = metadata.version("tabletop-trio")
except metadata.PackageNotFoundError:  # running from a source tree that was never installed
    APP_VERSION = "0.1.0"


def version_key(version: str) -> tuple[int, ...]:
    """`"1.10.2"` -> (1, 10, 2), for comparing versions; ValueError if it is not dotted numbers."""
    parts = version.strip().split(".")
    if not parts or not all(part.isdigit() for part in parts):
        raise ValueError(f"not a version: {version!r}")
    return tuple(int(part) for part in parts)
