"""The player's settings and last game setups, kept as JSON in the user data folder.

The folder is platformdirs' user data folder for "tabletop-trio", or the folder named by the
environment variable TABLETOP_TRIO_HOME (tests use it). Files are written atomically (a temporary
file, then os.replace). A settings file that cannot be read is moved aside as
`settings.json.bad-<timestamp>` and the defaults are used; `SettingsStore.notice` then says so.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

log = logging.getLogger(__name__)

HOME_ENV = "TABLETOP_TRIO_HOME"
APP_NAME = "tabletop-trio"
SETTINGS_FILE = "settings.json"
COLOUR_SCHEMES = ("standard", "colour-blind")
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0)


def data_dir() -> Path:
    """The user data folder (created if missing): $TABLETOP_TRIO_HOME or platformdirs'."""
    folder = Path(os.environ.get(HOME_ENV) or platformdirs.user_data_dir(APP_NAME))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def write_json_atomically(path: Path, data: Any) -> None:
    """Write `data` as JSON to `path` so that a reader sees the old file or the new one, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=2, sort_keys=True)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@dataclass
class Settings:
    """Everything the settings scene edits, plus the last setup of each game."""

    master_volume: float = 0.8
    effects_volume: float = 0.8
    fullscreen: bool = False
    animation_speed: float = 1.0
    kiosk_idle_seconds: int = 60
    colour_scheme: str = "standard"
    hints: bool = True
    #: the window's size [width, height] when last resized; empty: fit the screen
    window_size: list[int] = field(default_factory=list)
    #: game name -> the setup scene's last choices for it (see scenes.setup)
    last_setup: dict[str, dict[str, Any]] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Settings from a parsed file: unknown keys are ignored, bad values keep the default."""
        settings = cls()
        for item in fields(cls):
            if item.name not in data:
                continue
            value = data[item.name]
            default = getattr(settings, item.name)
            if _valid(item.name, value, default):
                setattr(settings, item.name, float(value) if isinstance(default, float) else value)
            else:
                log.warning("settings: ignoring bad value %r for %s", value, item.name)
        return settings

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _valid(name: str, value: Any, default: Any) -> bool:
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, (int, float)):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return False
        limits = {
            "master_volume": (0.0, 1.0),
            "effects_volume": (0.0, 1.0),
            "animation_speed": (0.25, 4.0),
            "kiosk_idle_seconds": (10, 3600),
        }
        low, high = limits[name]
        return low <= value <= high and (isinstance(default, float) or isinstance(value, int))
    if name == "colour_scheme":
        return value in COLOUR_SCHEMES
    if name == "window_size":
        return value == [] or (
            isinstance(value, list)
            and len(value) == 2
            and all(type(v) is int and 100 <= v <= 20_000 for v in value)
        )
    if isinstance(default, dict):
        return isinstance(value, dict) and all(isinstance(v, dict) for v in value.values())
    return False


class SettingsStore:
    """Loads and saves `Settings` in `folder` (default: `data_dir()`)."""

    def __init__(self, folder: Path | None = None):
        self.folder = Path(folder) if folder is not None else data_dir()
        self.path = self.folder / SETTINGS_FILE
        #: a sentence for the screen when the last load had to recover from a bad file
        self.notice: str | None = None

    def load(self) -> Settings:
        """The saved settings; defaults if there is no file or it cannot be read (moved aside)."""
        self.notice = None
        if not self.path.exists():
            return Settings()
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise TypeError("the file does not hold a JSON object")
        except (OSError, UnicodeDecodeError, ValueError, TypeError) as error:
            aside = self.path.with_name(f"{SETTINGS_FILE}.bad-{time.strftime('%Y%m%d-%H%M%S')}")
            try:
                os.replace(self.path, aside)
                where = f"moved aside to {aside.name}"
            except OSError:
                where = "left in place"
            log.warning(
                "settings file %s unreadable (%s); %s; using defaults", self.path, error, where
            )
            self.notice = f"Your settings file could not be read; defaults restored ({where})."
            return Settings()
        return Settings.from_dict(data)

    def save(self, settings: Settings) -> None:
        """Write the settings atomically; a failure is logged, never raised (the app plays on)."""
        try:
            write_json_atomically(self.path, settings.to_dict())
        except OSError:
            log.exception("could not save settings to %s", self.path)
