"""The figures as CSV in a folder the operator picks on the screen (a USB stick's, usually):
`export_csv` writes one file, and `places`/`subfolders` offer the folders to pick from with touch
alone (no file dialog)."""

from __future__ import annotations

import csv
import errno
import getpass
import io
import os
import time
from pathlib import Path
from typing import Any

from scenes.kiosk.hours import CSV_COLUMNS, csv_rows
from scenes.kit.i18n import L_
from scenes.kit.widgets import Label
from scenes.storage.atomic import write_new_text

#: where removable drives appear on Linux desktops ({user}: the account's name)
DRIVE_ROOTS = ("/media/{user}", "/run/media/{user}", "/media", "/mnt")
MAX_SUBFOLDERS = 400


def csv_text(hours: dict[str, Any]) -> str:
    """The figures hour by hour as CSV text (a header row, then `hours.csv_rows`)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    writer.writerows(csv_rows(hours))
    return out.getvalue()


def export_csv(hours: dict[str, Any], folder: Path, wall: float | None = None) -> Path:
    """Write the figures as `tabletop-trio-figures-<date>-<time>.csv` in `folder` (whole or
    not at all, never over an earlier export); its path. OSError, with the reason, if the folder
    cannot take it."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if wall is None else wall))
    if not Path(folder).is_dir():
        raise FileNotFoundError(errno.ENOENT, "no such folder", str(folder))
    return write_new_text(Path(folder), f"tabletop-trio-figures-{stamp}", ".csv", csv_text(hours))


def places(data_folder: Path | None) -> list[tuple[Label, Path]]:
    """Folders to start from: each removable drive mounted now (by its name), the home folder
    and the data folder, as (label, path)."""
    found: list[tuple[Label, Path]] = []
    user = _user()
    seen: set[Path] = set()
    for pattern in DRIVE_ROOTS:
        root = Path(pattern.format(user=user))
        for drive in subfolders(root):
            if drive not in seen and drive.name != user:
                seen.add(drive)
                found.append((drive.name, drive))
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


def _user() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return ""
