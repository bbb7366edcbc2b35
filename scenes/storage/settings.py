"""The player's settings and last game setups, kept as JSON in the user data folder.

The folder is platformdirs' user data folder for "tabletop-trio", or the folder named by the
environment variable TABLETOP_TRIO_HOME (tests use it). Files are written atomically (a temporary
file, then os.replace).

Nothing in the folder can stop the app:
- A folder that cannot be used (it is a file, lies under a file, is read-only) leaves the store
  working in memory: `SettingsStore.in_memory` is True, `save` writes nothing, and
  `SettingsStore.notice` says that nothing will be saved.
- A settings file that cannot be read (not JSON, too deep, too big, binary, not a regular file,
  unreadable) or holds values that fail the schema (`RULES`, `SETUP_RULES`: types, ranges,
  lengths) is moved aside once as `settings.json.bad-<timestamp>[-N]` (never over an earlier
  one). Its valid values are kept, the rest are defaults, the cleaned settings are written back,
  and `SettingsStore.notice` says so.
"""

from __future__ import annotations

import logging
import math
import os
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Literal, TypedDict, cast

import platformdirs

from game import GAMES
from game.ai.levels import DEFAULT_LEVEL, LEVELS
from scenes.kit.i18n import LANGUAGES, SYSTEM, _
from scenes.kit.seats import MAX_SEATS, Seat
from scenes.storage.aside import set_aside
from scenes.storage.atomic import private_folder, tighten, write_json_atomically
from scenes.storage.files import Unreadable, parse_json, read_bounded
from scenes.storage.pin_rules import pin_problem
from scenes.storage.schema import MAX_NAME_LENGTH
from scenes.storage.secret import CLEAR_PIN_KEY, hash_secret, is_hashed, scrub_clear_pin

log = logging.getLogger(__name__)

HOME_ENV = "TABLETOP_TRIO_HOME"
APP_NAME = "tabletop-trio"
SETTINGS_FILE = "settings.json"
COLOUR_SCHEMES = ("standard", "colour-blind")
#: full: every animation as made; reduced: no shaking, no tween longer than a short fade
MOTIONS = ("full", "reduced")
#: normal, or large: every text drawn 132% as large (scenes.kit.fonts.TEXT_SCALES)
TEXT_SIZES = ("normal", "large")
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0)
#: A settings file larger than this is not read (a real one is about 2 kB).
MAX_FILE_BYTES = 256 * 1024


def data_dir() -> Path:
    """The user data folder, $TABLETOP_TRIO_HOME or platformdirs'; created if possible, with
    mode 0700 (platformdirs' folder is also made 0700 if it exists with wider rights).

    Never raises: if the folder cannot be created, the path is still returned and writing into
    it fails with OSError, which every writer handles (see `SettingsStore.in_memory`)."""
    chosen = os.environ.get(HOME_ENV)
    folder = Path(chosen or platformdirs.user_data_dir(APP_NAME))
    try:
        private_folder(folder)
    except (OSError, ValueError) as error:
        log.debug("data folder %s cannot be created: %s", folder, error)
    if not chosen:
        tighten(folder)
    return folder


def folder_problem(folder: Path) -> str | None:
    """Why files cannot be written in `folder` (created if missing), or None if they can."""
    try:
        private_folder(folder)
        fd, probe = tempfile.mkstemp(prefix=".probe-", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except (OSError, ValueError) as error:
        return getattr(error, "strerror", None) or str(error)
    return None


# --- the schema ---------------------------------------------------------------------------------
Rule = Callable[[object], bool]


def _number(low: float, high: float) -> Rule:
    def rule(value: object) -> bool:
        return (
            isinstance(value, (int, float))
            and not isinstance(value, bool)
            and math.isfinite(value)
            and low <= value <= high
        )

    return rule


def _integer(low: int, high: int) -> Rule:
    def rule(value: object) -> bool:
        return type(value) is int and low <= value <= high

    return rule


def _boolean(value: object) -> bool:
    return type(value) is bool


def _one_of(*choices: str) -> Rule:
    def rule(value: object) -> bool:
        return type(value) is str and value in choices

    return rule


def _is_seat(value: object) -> bool:
    try:
        return type(value) is str and str(Seat.from_str(value)) == value
    except ValueError:
        return False


def _is_name(value: object) -> bool:
    return type(value) is str and len(value) <= MAX_NAME_LENGTH and value.isprintable()


def _list_of(item: Rule, longest: int) -> Rule:
    def rule(value: object) -> bool:
        return type(value) is list and len(value) <= longest and all(map(item, value))

    return rule


def _is_colour_order(value: object) -> bool:
    """A permutation of the seat colours 0..3 (integers, not 3.0)."""
    return (
        type(value) is list
        and all(type(v) is int for v in value)
        and sorted(value) == list(range(MAX_SEATS))
    )


def _pin_hash(value: object) -> bool:
    """No PIN yet (""), or a salted hash of one (never the PIN itself)."""
    return value == "" or is_hashed(value)


def _games(value: object) -> bool:
    """Games by name, each once."""
    if type(value) is not list or not all(type(v) is str and v in GAMES for v in value):
        return False
    return len(set(value)) == len(value)


def _is_folder(value: object) -> bool:
    """A folder path as text ("" for none): printable, of a sane length."""
    return type(value) is str and len(value) <= 4096 and value.isprintable()


def _clock_time(value: object) -> bool:
    """A time of day as "HH:MM" (24-hour clock)."""
    if type(value) is not str or len(value) != 5 or value[2] != ":":
        return False
    hours, minutes = value[:2], value[3:]
    return hours.isdigit() and minutes.isdigit() and int(hours) < 24 and int(minutes) < 60


def _opening_hours(value: object) -> bool:
    """[] (always open) or ["HH:MM", "HH:MM"]: opening before closing, on one day."""
    return value == [] or (
        type(value) is list
        and len(value) == 2
        and all(map(_clock_time, value))
        and value[0] < value[1]
    )


def _window_size(value: object) -> bool:
    """[] (fit the screen) or [width, height] in pixels."""
    return value == [] or (
        type(value) is list and len(value) == 2 and all(_integer(100, 20_000)(v) for v in value)
    )


def _setup_rules(game: str) -> dict[str, Rule]:
    """What a remembered setup of `game` may hold (every key is optional)."""
    info = GAMES[game]
    option_keys = {option.key for option in info.options}

    def players(value: object) -> bool:
        return type(value) is int and value in info.player_counts

    def options(value: object) -> bool:
        return (
            type(value) is dict
            and set(value) <= option_keys
            and all(type(v) is bool for v in value.values())
        )

    def first(value: object) -> bool:
        return (type(value) is str and value == "random") or _integer(0, MAX_SEATS - 1)(value)

    return {
        "players": players,
        "seats": _list_of(_is_seat, MAX_SEATS),
        "names": _list_of(_is_name, MAX_SEATS),
        "colours": _is_colour_order,
        "options": options,
        "first": first,
    }


#: Every setting but `last_setup` (checked by `SETUP_RULES`): the rule its value must pass.
RULES: dict[str, Rule] = {
    "master_volume": _number(0.0, 1.0),
    "effects_volume": _number(0.0, 1.0),
    "turn_volume": _number(0.0, 1.0),
    "capture_volume": _number(0.0, 1.0),
    "refusal_volume": _number(0.0, 1.0),
    "end_volume": _number(0.0, 1.0),
    "fullscreen": _boolean,
    "animation_speed": _number(0.25, 4.0),
    "kiosk_idle_seconds": _integer(10, 3600),
    "kiosk_pin_hash": _pin_hash,
    "kiosk_games": _games,
    "kiosk_challenge": _boolean,
    "kiosk_challenge_level": _one_of(*LEVELS),
    "kiosk_export_folder": _is_folder,
    "kiosk_phones": _boolean,
    "kiosk_continue": _boolean,
    "kiosk_hours": _opening_hours,
    "colour_scheme": _one_of(*COLOUR_SCHEMES),
    "motion": _one_of(*MOTIONS),
    "text_size": _one_of(*TEXT_SIZES),
    "hints": _boolean,
    "self_voicing": _boolean,
    "window_size": _window_size,
    "lessons_done": _list_of(_one_of(*GAMES), len(GAMES)),
    "language": _one_of(SYSTEM, *LANGUAGES),
}
#: game name -> key of a remembered setup -> its rule (scenes.screens.setup writes these keys).
SETUP_RULES: dict[str, dict[str, Rule]] = {game: _setup_rules(game) for game in GAMES}


class RememberedSetup(TypedDict, total=False):
    """A game's setup as its setup scene last left it (each field checked by `SETUP_RULES`)."""

    players: int
    seats: list[str]  #: each place's Seat as text, all MAX_SEATS of them
    names: list[str]
    colours: list[int]  #: each place's index in the colour scheme
    options: dict[str, bool]
    first: int | Literal["random"]  #: the place that opens, or drawn at random


@dataclass
class Settings:
    """Everything the settings scene edits, plus the last setup of each game."""

    master_volume: float = 0.8
    effects_volume: float = 0.8
    #: the cues' volumes (scenes.kit.audio.CUES): your turn, a capture, a refused move, the end
    turn_volume: float = 0.8
    capture_volume: float = 0.8
    refusal_volume: float = 0.8
    end_volume: float = 0.8
    fullscreen: bool = False
    animation_speed: float = 1.0
    kiosk_idle_seconds: int = 60
    #: the kiosk operator's PIN, salted and hashed (scenes.storage.secret); "" until the
    #: operator sets one (the first `--kiosk` start asks). Never the PIN itself.
    kiosk_pin_hash: str = ""
    #: the games a kiosk offers visitors and plays in its attract loop; empty: every game
    kiosk_games: list[str] = field(default_factory=list)
    #: the kiosk's "beat the computer" challenge, and the level a visitor must beat
    kiosk_challenge: bool = False
    kiosk_challenge_level: str = DEFAULT_LEVEL
    #: the folder the operator last exported the figures to ("" until then)
    kiosk_export_folder: str = ""
    #: whether a kiosk's visitors may put their hands on their phones (off: no server at a stand)
    kiosk_phones: bool = False
    #: whether a kiosk's welcome offers the game a visitor left unfinished (Continue, saying
    #: which game and when it was left) to whoever comes next
    kiosk_continue: bool = True
    #: the kiosk's opening hours ["HH:MM", "HH:MM"] (local time, on one day): outside them the
    #: stand shows its closed screen; empty: always open
    kiosk_hours: list[str] = field(default_factory=list)
    colour_scheme: str = "standard"
    motion: str = "full"
    text_size: str = "normal"
    hints: bool = True
    #: speak the focused control, the board cursor's square, the turn and the last move
    self_voicing: bool = False
    #: the window's size [width, height] when last resized; empty: fit the screen
    window_size: list[int] = field(default_factory=list)
    #: the games whose lesson the player has finished (the menu tile and the setup say so)
    lessons_done: list[str] = field(default_factory=list)
    #: the language shown: a code of i18n.LANGUAGES, or "system" (the system's locale)
    language: str = SYSTEM
    #: game name -> the setup scene's last choices for it (see scenes.screens.setup and SETUP_RULES)
    last_setup: dict[str, RememberedSetup] = field(default_factory=dict)

    def cue_volumes(self) -> dict[str, float]:
        """Each cue's volume by its name in scenes.kit.audio.CUES ("turn", ... "end")."""
        return {
            "turn": self.turn_volume,
            "capture": self.capture_volume,
            "refusal": self.refusal_volume,
            "end": self.end_volume,
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Settings:
        """Settings from a parsed file: unknown keys are ignored, bad values keep the default."""
        return cls.checked(data)[0]

    @classmethod
    def checked(cls, data: dict[str, object]) -> tuple[Settings, list[str]]:
        """Settings from a parsed file, and the names of the values that failed the schema
        (they keep their defaults; unknown keys are ignored)."""
        settings = cls()
        failed: list[str] = []
        for item in fields(cls):
            if item.name not in data or item.name == "last_setup":
                continue
            value = data[item.name]
            if RULES[item.name](value):
                default = getattr(settings, item.name)
                if type(default) is float and isinstance(value, (int, float)):
                    value = float(value)
                setattr(settings, item.name, value)
            else:
                failed.append(item.name)
        if "last_setup" in data:
            settings.last_setup, bad = _checked_setups(data["last_setup"])
            failed += bad
        return settings, failed

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


def _checked_setups(value: object) -> tuple[dict[str, RememberedSetup], list[str]]:
    """The valid remembered setups of `value` and the names of what failed."""
    if type(value) is not dict:
        return {}, ["last_setup"]
    setups: dict[str, RememberedSetup] = {}
    failed = []
    for game, setup in value.items():
        rules = SETUP_RULES.get(game)
        if rules is None or type(setup) is not dict:
            failed.append(f"last_setup[{game!r}]"[:80])
            continue
        kept: dict[str, object] = {}
        for key, item in setup.items():
            if key in rules and rules[key](item):
                kept[key] = item
            elif key in rules:
                failed.append(f"last_setup.{game}.{key}")
        checked = cast(RememberedSetup, kept)  # (each field passed its rule of SETUP_RULES)
        first = checked.get("first")
        if isinstance(first, int) and first >= checked.get("players", MAX_SEATS):
            del checked["first"]
            failed.append(f"last_setup.{game}.first")
        setups[game] = checked
    return setups, failed


# --- reading the file ----------------------------------------------------------------------------
def read_settings_file(path: Path) -> dict[str, object] | None:
    """The JSON object in `path`; None if there is no file; Unreadable if it cannot be used.

    Never blocks (a FIFO is refused, not read) and never recurses without limit. NaN and
    Infinity are read (the schema refuses them value by value, keeping the others)."""
    raw = read_bounded(path, MAX_FILE_BYTES)
    if raw is None:
        return None
    data = parse_json(raw, finite=False)
    if type(data) is not dict:
        raise Unreadable("it does not hold a JSON object")
    return data


# --- the store -----------------------------------------------------------------------------------
class SettingsStore:
    """Loads and saves `Settings` in `folder` (default: `data_dir()`)."""

    def __init__(self, folder: Path | None = None):
        self.folder = Path(folder) if folder is not None else data_dir()
        self.path = self.folder / SETTINGS_FILE
        #: why the folder cannot be written (then nothing is saved), or None
        self.folder_problem = folder_problem(self.folder)
        #: a sentence for the screen when the last load had to recover from a bad file, or the
        #: folder cannot be used
        self.notice: str | None = None
        #: why the last save failed (None: it was written, or nothing was tried yet)
        self.save_problem: str | None = None
        if self.folder_problem:
            log.warning("data folder %s cannot be used: %s", self.folder, self.folder_problem)

    @property
    def in_memory(self) -> bool:
        """True when the data folder cannot be written: settings live in memory only."""
        return self.folder_problem is not None

    def load(self) -> Settings:
        """The saved settings; defaults for what is missing or fails the schema (see module).
        A PIN that an older version wrote in clear is hashed and the file written again without
        it (see `_migrate_clear_pin`)."""
        self.notice = self._folder_notice()
        try:
            data = read_settings_file(self.path)
        except Unreadable as error:
            moved = self._set_aside(f"unreadable ({error})")
            if moved:
                said = _(
                    "Your settings file could not be read; defaults restored (the old file was "
                    "kept aside)."
                )
            else:
                said = _(
                    "Your settings file could not be read; defaults restored (the old file was "
                    "left in place)."
                )
            self._add_notice(said)
            return Settings()
        if data is None:
            return Settings()
        clear_pin = data.pop(CLEAR_PIN_KEY, None)
        settings, failed = Settings.checked(data)
        if clear_pin is not None:
            _migrate_clear_pin(settings, clear_pin)
        if failed:
            moved = self._set_aside(f"has invalid values: {', '.join(failed)[:300]}")
            if moved:
                said = _(
                    "Some settings were not valid and were reset (the old file was kept aside)."
                )
            else:
                said = _(
                    "Some settings were not valid and were reset (the old file was left in place)."
                )
            self._add_notice(said)
            if moved:  # write the cleaned settings, so the next start finds them
                self.save(settings)
        elif clear_pin is not None:
            self.save(settings)  # the PIN in clear leaves the file
        return settings

    def save(self, settings: Settings) -> bool:
        """Write the settings atomically; False if they were not written (in memory, or the
        write failed: `save_problem` says why). A failure is logged, never raised."""
        if self.in_memory:
            return False
        try:
            write_json_atomically(self.path, settings.to_dict())
        except (OSError, ValueError, TypeError) as error:
            if self.save_problem is None:
                log.exception("could not save settings to %s", self.path)
            self.save_problem = getattr(error, "strerror", None) or str(error) or "write failed"
            return False
        self.save_problem = None
        return True

    def _folder_notice(self) -> str | None:
        if not self.in_memory:
            return None
        return _(
            "Your data folder cannot be used ({why}): settings are kept in memory and nothing "
            "will be saved."
        ).format(why=self.folder_problem)

    def _add_notice(self, text: str) -> None:
        self.notice = f"{self.notice} {text}" if self.notice else text

    def _set_aside(self, why: str) -> bool:
        """Move the bad settings file aside: whether it moved (else it is left in place)."""
        try:
            aside = set_aside(self.path)
        except OSError as error:
            log.warning("settings file %s %s; it cannot be moved aside: %s", self.path, why, error)
            return False
        log.warning("settings file %s %s; moved aside to %s", self.path, why, aside.name)
        try:
            scrub_clear_pin(aside)  # a copy kept aside holds no PIN in clear
        except (OSError, Unreadable) as error:
            log.warning("the PIN in clear could not be removed from %s: %s", aside.name, error)
        return True


def _migrate_clear_pin(settings: Settings, pin: object) -> None:
    """Older versions kept the operator's PIN in clear (`kiosk_pin`, default "1234"): a PIN the
    operator chose that is still allowed is kept as a salted hash; the old default or another
    PIN too easy to guess is dropped, and the next `--kiosk` start asks for a new one."""

    if settings.kiosk_pin_hash or type(pin) is not str or pin_problem(pin) is not None:
        log.warning("the operator PIN kept in clear was dropped: the kiosk asks for a new one")
        return
    settings.kiosk_pin_hash = hash_secret(pin)
    log.info("the operator PIN kept in clear is now stored salted and hashed")
