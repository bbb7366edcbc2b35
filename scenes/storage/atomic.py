"""Writing data files so that a reader (or the next start after a crash) sees the old file or
the new one, never half of one; new names taken exclusively, so two copies of the app never
write over each other; the data folder private to its user.

    write_json_atomically(folder / "settings.json", data)
    path = write_new_json(folder, "<game>-20260101-120000", data)        # ...-2.json if taken
    path = write_new_text(folder, "figures-20260101-120000", ".csv", text)
    write_png_checked(folder / "unfinished.png", surface)                # OSError if cut short
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

from scenes.storage.files import Unreadable, png_size

#: the data folder and what the app makes in it are its user's only
FOLDER_MODE = 0o700
#: the most names `write_new_json` tries for one stem
MAX_SERIAL = 10_000


def private_folder(folder: Path) -> None:
    """Make `folder` (and missing parents) with mode 0700; OSError if it cannot be made."""
    Path(folder).mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)


def tighten(folder: Path) -> None:
    """Give the existing `folder` mode 0700 if it is its user's own (errors ignored)."""
    with contextlib.suppress(OSError, AttributeError):
        info = os.stat(folder)
        if stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and info.st_mode & 0o077:
            os.chmod(folder, FOLDER_MODE)


@contextlib.contextmanager
def _temporary(path: Path, suffix: str = ".tmp") -> Iterator[str]:
    """A temporary file's name beside `path` (mode 0600), removed unless it was renamed."""
    private_folder(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=suffix, dir=path.parent)
    os.close(fd)
    try:
        yield tmp
    finally:
        Path(tmp).unlink(missing_ok=True)


def _dump(tmp: str, data: object) -> None:
    """Write `data` as JSON to `tmp` and flush it to the disk (finite numbers only)."""
    with open(tmp, "w", encoding="utf-8") as out:
        json.dump(data, out, indent=2, sort_keys=True, allow_nan=False)
        out.flush()
        os.fsync(out.fileno())


def write_json_atomically(path: Path, data: object) -> None:
    """Write `data` as JSON to `path`: a reader sees the old file or the new one, never half.
    OSError if it cannot be written, ValueError/TypeError if `data` is not plain JSON."""
    path = Path(path)
    with _temporary(path) as tmp:
        _dump(tmp, data)
        os.replace(tmp, path)


def write_bytes_atomically(path: Path, raw: bytes, durable: bool = True) -> None:
    """Write `raw` to `path`: a reader sees the old file or the new one, never half (`durable`:
    flushed to the disk first; a heartbeat rewritten every few seconds need not be). OSError if
    it cannot be written."""
    path = Path(path)
    with _temporary(path) as tmp:
        with open(tmp, "wb") as out:
            out.write(raw)
            out.flush()
            if durable:
                os.fsync(out.fileno())
        os.replace(tmp, path)


def write_new_json(folder: Path, stem: str, data: object) -> Path:
    """Write `data` as JSON to a new file `<stem>.json` in `folder` (`<stem>-2.json`, ... when
    taken, also by another process at the same moment); never over an existing file and never
    seen half written. The new file's path."""
    return _write_new(Path(folder), stem, ".json", lambda tmp: _dump(tmp, data))


def write_new_text(folder: Path, stem: str, suffix: str, text: str) -> Path:
    """Write `text` (UTF-8) to a new file `<stem><suffix>` in `folder` (`<stem>-2<suffix>`...
    when taken), as `write_new_json` does: an export to a folder the user picked."""

    def dump(tmp: str) -> None:
        with open(tmp, "w", encoding="utf-8", newline="") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())

    return _write_new(Path(folder), stem, suffix, dump)


def _write_new(folder: Path, stem: str, suffix: str, dump: Callable[[str], None]) -> Path:
    with _temporary(folder / f"{stem}{suffix}") as tmp:
        dump(tmp)
        for serial in range(1, MAX_SERIAL):
            name = f"{stem}{suffix}" if serial == 1 else f"{stem}-{serial}{suffix}"
            if _publish(tmp, folder / name):
                return folder / name
    raise OSError(errno.EEXIST, "no free name", str(folder / stem))


def _publish(tmp: str, path: Path) -> bool:
    """Give the finished file `tmp` the name `path` unless it is taken (False then)."""
    try:
        os.link(tmp, path)  # atomic, and refuses an existing name
        return True
    except FileExistsError:
        return False
    except (OSError, NotImplementedError):  # no hard links: reserve the name, then replace it
        try:
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        except FileExistsError:
            return False
        os.replace(tmp, path)
        return True


def write_png_checked(path: Path, surface: pygame.Surface) -> None:
    """Save the pygame `surface` as a PNG at `path`, atomically, checked before it is published
    (a full disk makes pygame write a cut-short file without a word): OSError if it failed."""
    import pygame

    path = Path(path)
    with _temporary(path, ".tmp.png") as tmp:
        try:
            pygame.image.save(surface, tmp)
        except (pygame.error, ValueError) as error:
            raise OSError(str(error)) from error
        with open(tmp, "rb+") as written:
            os.fsync(written.fileno())
        try:
            size = png_size(Path(tmp), 64 * 1024 * 1024)
        except Unreadable as why:
            raise OSError(errno.EIO, f"the picture was not written whole: {why}") from None
        if size != tuple(surface.get_size()):
            raise OSError(errno.EIO, "the picture was not written whole")
        os.replace(tmp, path)
