"""The figures as CSV, on a removable drive or in a folder the operator picks on the screen:
`export_csv` writes one file (a day's hours, or every hour kept); `drives` finds the removable
drives mounted now (a USB stick), `places`/`subfolders` offer the folders to pick from with touch
alone (no file dialog).

A removable drive is a disk device mounted where the desktop mounts what is plugged in
(`MEDIA_ROOTS`: /media, /run/media), or one the kernel marks removable wherever it is mounted;
the system's own mounts (/, /boot, /mnt of another system, network and virtual filesystems) are
never offered."""

from __future__ import annotations

import csv
import errno
import io
import os
import time
from pathlib import Path

from scenes.kiosk.hours import CSV_COLUMNS, Hours, csv_rows
from scenes.kit.i18n import L_
from scenes.kit.widgets import Label
from scenes.storage.atomic import write_new_text

#: the mount table of this process (Linux); elsewhere no drive is found
MOUNTS_FILE = Path("/proc/self/mounts")
#: where desktops (udisks) mount what is plugged in
MEDIA_ROOTS = ("/media/", "/run/media/")
#: the kernel's block devices, each with a `removable` flag
BLOCK_DEVICES = Path("/sys/class/block")
MAX_SUBFOLDERS = 400
MAX_MOUNTS = 4096


def csv_text(hours: Hours, day: str | None = None) -> str:
    """The figures hour by hour as CSV text (a header row, then `hours.csv_rows`): `day`'s
    hours ("YYYY-MM-DD"), or every hour kept (None)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    writer.writerows(csv_rows(hours, day))
    return out.getvalue()


def export_csv(
    hours: Hours, folder: Path, wall: float | None = None, day: str | None = None
) -> Path:
    """Write the figures of `day` (None: every hour kept) as
    `tabletop-trio-figures-<day>-<time>.csv` (`...-all-<date>-<time>.csv`) in `folder`, whole or
    not at all, never over an earlier export; its path. OSError, with the reason, if the folder
    cannot take it."""
    now = time.localtime(time.time() if wall is None else wall)
    stamp = time.strftime("%H%M%S", now) if day else time.strftime("%Y%m%d-%H%M%S", now)
    if not Path(folder).is_dir():
        raise FileNotFoundError(errno.ENOENT, "no such folder", str(folder))
    name = f"tabletop-trio-figures-{day or 'all'}-{stamp}"
    return write_new_text(Path(folder), name, ".csv", csv_text(hours, day))


def drives() -> list[Path]:
    """The removable drives mounted now, by their mount point (see the module)."""
    try:
        with MOUNTS_FILE.open(encoding="utf-8", errors="replace") as table:
            lines = [line for _, line in zip(range(MAX_MOUNTS), table, strict=False)]
    except OSError:
        return []
    found: list[Path] = []
    for line in lines:
        fields = line.split()
        if len(fields) < 3 or not fields[0].startswith("/dev/"):
            continue
        point = _unescape(fields[1])
        if (point.startswith(MEDIA_ROOTS) or _removable(fields[0])) and Path(point) not in found:
            found.append(Path(point))
    return found


def _unescape(field: str) -> str:
    """A mount point as the mount table writes it (a space as \\040) -> the path."""
    return field.encode("latin-1", "replace").decode("unicode_escape", "replace")


def _removable(device: str) -> bool:
    """The kernel marks `device` (or the disk it is a partition of) removable."""
    try:
        block = (BLOCK_DEVICES / Path(device).name).resolve()
        if (block / "partition").exists():
            block = block.parent
        return (block / "removable").read_text().strip() == "1"
    except OSError:
        return False


def places(data_folder: Path | None) -> list[tuple[Label, Path]]:
    """Folders to start from: each removable drive mounted now (by its name), the home folder
    and the data folder, as (label, path)."""
    found: list[tuple[Label, Path]] = [(drive.name or str(drive), drive) for drive in drives()]
    found.append((L_("Home"), Path.home()))
    if data_folder is not None:
        found.append((L_("Data folder"), Path(data_folder)))
    return found


def subfolders(folder: Path) -> list[Path]:
    """The folders in `folder` by name, hidden ones left out (none if it cannot be read)."""
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name.lower())
    except OSError:
        return []
    found = []
    for entry in entries[:MAX_SUBFOLDERS]:
        try:
            if entry.name.startswith(".") or not entry.is_dir():
                continue
        except OSError:
            continue
        found.append(Path(entry.path))
    return found


def writable(folder: Path) -> bool:
    return os.access(folder, os.W_OK | os.X_OK)
