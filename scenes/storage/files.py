"""Reading a data file without trusting it: a size limit, regular files only, and JSON without
non-finite numbers or deep nesting.

    raw = read_bounded(path, 256 * 1024)      # None: no file; Unreadable: says why not
    data = parse_json(raw)                    # Unreadable unless plain, finite, shallow JSON
    data = read_json(path, 256 * 1024)        # both
    width, height = png_size(path, 2 * 1024 * 1024)

Nothing here blocks or grows without bound: a FIFO, a device or a symlink to one is refused
before it is opened (and checked again once open), a file is never read past its limit, and the
parser's recursion is caught and its result's depth checked.
"""

from __future__ import annotations

import json
import math
import os
import stat
import struct
from pathlib import Path
from typing import Any

from game.messages import N_

#: JSON nested deeper than this is refused (the app's own files are at most 6 deep).
MAX_DEPTH = 12
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class Unreadable(Exception):
    """A data file that exists but cannot be used; the message says why, for a notice (marked
    `N_`: a notice translates it; a system error's own words stay as the system gave them)."""


def read_bounded(path: Path, limit: int) -> bytes | None:
    """The bytes of the regular file `path` (symlinks followed), or None if there is none;
    Unreadable if it is not a regular file, is larger than `limit` bytes, or cannot be read."""
    try:
        info = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None  # no file, a symlink to nothing, or no folder
    except (OSError, ValueError) as error:
        raise Unreadable(_why(error)) from error
    _check_regular(info, limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise Unreadable(_why(error)) from error
    try:
        _check_regular(os.fstat(fd), limit)  # it may have been swapped since the look
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as error:
        raise Unreadable(_why(error)) from error
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > limit:
        raise Unreadable(N_("it is too large"))
    return raw


def _check_regular(info: os.stat_result, limit: int) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise Unreadable(N_("it is not a regular file"))
    if info.st_size > limit:
        raise Unreadable(N_("it is too large"))  # (the size is logged by the caller)


def _why(error: BaseException) -> str:
    return (getattr(error, "strerror", None) or str(error))[:200]


def parse_json(raw: bytes, finite: bool = True, depth: int = MAX_DEPTH) -> Any:
    """The JSON value in `raw` (UTF-8); Unreadable if it is not text, not JSON, holds a number
    Python will not read (over 4300 digits), is nested deeper than `depth`, or (when `finite`)
    holds NaN, Infinity or a number too large for a float."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Unreadable(N_("it is not text")) from error
    if not text.strip():
        raise Unreadable(N_("it is empty"))
    hooks: dict[str, Any] = {}
    if finite:
        hooks = {"parse_constant": _refuse_constant, "parse_float": _finite_float}
    try:
        data = json.loads(text, **hooks)
    except RecursionError as error:
        raise Unreadable(N_("it is nested too deeply")) from error
    except _NotFinite as error:
        raise Unreadable(N_("it holds a number that is not finite")) from error
    except ValueError as error:  # not JSON, or an integer too long to read
        raise Unreadable(N_("it is cut short or damaged (not JSON)")) from error
    if nesting(data, depth) > depth:
        raise Unreadable(N_("it is nested too deeply"))
    return data


class _NotFinite(ValueError):
    pass


def _refuse_constant(name: str) -> Any:
    raise _NotFinite(name)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotFinite(text[:20])
    return value


def nesting(data: Any, stop: int = MAX_DEPTH) -> int:
    """How deep lists and objects nest in `data` (a scalar: 0), counted up to `stop` + 1."""
    deepest = 0
    stack = [(data, 1)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        deepest = max(deepest, level)
        if deepest > stop:
            return deepest
        stack.extend((child, level + 1) for child in children)
    return deepest


def read_json(path: Path, limit: int, finite: bool = True, depth: int = MAX_DEPTH) -> Any:
    """`parse_json` of `read_bounded(path, limit)`; None when there is no file."""
    raw = read_bounded(path, limit)
    return None if raw is None else parse_json(raw, finite, depth)


def png_size(path: Path, limit: int) -> tuple[int, int]:
    """(width, height) from the header of the PNG file `path`, read without decoding it;
    Unreadable if it is not a regular file under `limit` bytes, not a PNG, or cut short (no
    IEND chunk at its end)."""
    try:
        info = os.stat(path)
    except (OSError, ValueError) as error:
        raise Unreadable(_why(error)) from error
    _check_regular(info, limit)
    try:
        with open(path, "rb") as stream:
            _check_regular(os.fstat(stream.fileno()), limit)
            head = stream.read(33)
            stream.seek(max(0, info.st_size - 12))
            tail = stream.read(12)
    except OSError as error:
        raise Unreadable(_why(error)) from error
    if len(head) < 33 or head[:8] != PNG_SIGNATURE or head[12:16] != b"IHDR":
        raise Unreadable(N_("it is not a PNG picture"))
    if tail[4:8] != b"IEND":
        raise Unreadable(N_("the picture is cut short"))
    width, height = struct.unpack(">II", head[16:24])
    return width, height
