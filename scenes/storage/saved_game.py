"""The unfinished game, kept on disk so that a game is never lost ("Continue" on the menu).

A board scene saves after every move and when it is left: `save_unfinished(folder, saved,
thumbnail)` writes `unfinished.json` atomically, with a small picture of the board beside it as
`unfinished.png`. What is kept is what replays the game exactly: the setup, the start state and
the moves played, in notation (`SavedGame`).

Reading it back (`scenes.storage.continuing.load_unfinished`) never raises: a file that is not a
regular file, too large, empty, cut short, binary, nested too deeply, of the wrong shape or with a
field out of range (`scenes.storage.schema`), of a game this version does not know, saved by a
newer version, whose start position the engine refuses or whose moves do not replay is set aside
(renamed, never over an earlier set-aside copy) and a notice says so; so is a picture that is not
a small, whole PNG. A finished game found there (the app stopped between its last move and its
replay) is kept as a replay first.

    saved = SavedGame.of(setup, start_state, moves)
    save_unfinished(app.store.folder, saved, thumbnail)
    saved, notice = load_unfinished(app.store.folder)
    setup, start_state, moves = restore(saved)
    clear_unfinished(app.store.folder)
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game import GAMES
from game.core.engine import shown
from game.core.protocols import GameState
from scenes.kit.seats import GameSetup, SetupData
from scenes.kit.version import APP_VERSION, version_key
from scenes.storage import schema
from scenes.storage.aside import set_aside as _set_aside
from scenes.storage.atomic import write_json_atomically, write_png_checked
from scenes.storage.files import Unreadable, parse_json, png_size

log = logging.getLogger(__name__)

SAVE_FILE = "unfinished.json"
THUMBNAIL_FILE = "unfinished.png"
#: the largest thumbnail kept (a larger picture is scaled down, keeping its proportions)
THUMBNAIL_MAX = (480, 300)
FIELDS = ("game", "setup", "start", "moves", "saved_at", "version")
#: a save or replay file larger than this is refused unread (a real one is under 20 kB)
MAX_SAVE_BYTES = 256 * 1024
#: a picture of the board larger than this, in bytes or pixels a side, is refused undecoded
MAX_THUMBNAIL_BYTES = 2 * 1024 * 1024
MAX_THUMBNAIL_SIDE = 2048


class BadSave(ValueError):
    """A saved game that cannot be continued; the message says why, for a player."""


@dataclass(frozen=True)
class SavedGame:
    """An unfinished game: its setup (`GameSetup.to_dict()`), the start state's `to_dict()`,
    the moves played since in notation, when it was saved (seconds since the epoch), by which
    version of the app, the seats that played on their phones (Continue offers them new
    codes), where the coach's hints were shown (how many moves had been played at each) and how
    many times moves were taken back: a game with either is marked as helped."""

    game: str
    setup: SetupData
    start: dict[str, Any]
    moves: tuple[str, ...]
    saved_at: float
    version: str = APP_VERSION
    phones: tuple[int, ...] = ()
    hints: tuple[int, ...] = ()
    undos: int = 0

    @classmethod
    def of(
        cls,
        setup: GameSetup,
        start_state: GameState,
        moves: Sequence[object],
        saved_at: float | None = None,
        phones: Sequence[int] = (),
        hints: Sequence[int] = (),
        undos: int = 0,
    ) -> SavedGame:
        """The save of a game started from `start_state` with `setup`, after `moves`; `phones`:
        the seats that played on their phones; `hints`: where the coach's hints were shown;
        `undos`: how many times moves were taken back."""
        return cls(
            setup.game,
            setup.to_dict(),
            start_state.to_dict(),
            tuple(str(move) for move in moves),
            time.time() if saved_at is None else saved_at,
            phones=tuple(sorted(phones)),
            hints=tuple(hints),
            undos=undos,
        )

    @property
    def game_setup(self) -> GameSetup:
        return GameSetup.from_dict(self.setup)

    @property
    def helped(self) -> bool:
        """The game had help: a hint of the coach, or a move taken back."""
        return bool(self.hints) or self.undos > 0

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "game": self.game,
            "setup": self.setup,
            "start": self.start,
            "moves": list(self.moves),
            "saved_at": self.saved_at,
            "version": self.version,
        }
        if self.phones:  # (a file of a game without phones reads as before)
            data["phones"] = list(self.phones)
        if self.hints:  # (nor does one without hints)
            data["hints"] = list(self.hints)
        if self.undos:  # (nor one without a move taken back)
            data["undos"] = self.undos
        return data

    @classmethod
    def from_dict(cls, data: object) -> SavedGame:
        """The saved game in `data`; BadSave (saying why) unless every field passes the schema
        (`scenes.storage.schema`) and the game and version are known here."""
        if not isinstance(data, dict) or any(name not in data for name in FIELDS):
            raise BadSave("the file does not hold a saved game")
        try:
            version = schema.text(data["version"], "the version")
            newer = version_key(version) > version_key(APP_VERSION)
        except ValueError:
            raise BadSave("the file does not hold a saved game (no readable version)") from None
        if newer:
            raise BadSave(f"it was saved by a newer version ({version}) of Tabletop Trio")
        game = data["game"]
        if not isinstance(game, str) or game not in GAMES:
            raise BadSave(f"this version does not know the game {shown(game, 40)}")
        try:
            setup = schema.setup(data["setup"], game)
            if not isinstance(data["start"], dict):
                raise schema.Invalid("the start position is not an object")
            moves = schema.moves(data["moves"])
            saved_at = schema.moment(data["saved_at"])
            phones = schema.human_seats(data.get("phones", []), setup, "the seats on phones")
            hints = schema.hint_marks(data.get("hints", []), len(moves))
            undos = schema.whole(data.get("undos", 0), "the moves taken back", 0, schema.MAX_UNDOS)
        except schema.Invalid as why:
            raise BadSave(f"the file does not hold a saved game ({why})") from None
        return cls(
            game, setup, data["start"], tuple(moves), saved_at, version, tuple(phones),
            tuple(hints), undos,
        )  # fmt: skip


# --- writing ----------------------------------------------------------------------------------
def save_unfinished(
    folder: Path, saved: SavedGame, thumbnail: pygame.Surface | None = None
) -> bool:
    """Keep `saved` as the unfinished game in `folder` (atomically), with `thumbnail`, a small
    picture of the board, beside it as PNG (a stale picture is removed when there is none).
    False (logged) if it could not be written; a failed picture does not fail the save."""
    folder = Path(folder)
    try:
        write_json_atomically(folder / SAVE_FILE, saved.to_dict())
    except (OSError, TypeError, ValueError):
        log.exception("could not save the unfinished game in %s", folder)
        return False
    picture = folder / THUMBNAIL_FILE
    try:
        if thumbnail is None:
            picture.unlink(missing_ok=True)
        else:
            write_png_checked(picture, _small(thumbnail))
    except (OSError, pygame.error) as error:
        log.warning("could not save the picture of the unfinished game: %s", error)
        with contextlib.suppress(OSError):  # an older picture would show another position
            picture.unlink(missing_ok=True)
    return True


def _small(surface: pygame.Surface) -> pygame.Surface:
    width, height = surface.get_size()
    scale = min(1.0, THUMBNAIL_MAX[0] / width, THUMBNAIL_MAX[1] / height)
    if scale >= 1.0:
        return surface
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    return pygame.transform.smoothscale(surface, size)


def clear_unfinished(folder: Path) -> None:
    """Forget the unfinished game (it ended, or the players left it for good)."""
    for name in (SAVE_FILE, THUMBNAIL_FILE):
        try:
            (Path(folder) / name).unlink(missing_ok=True)
        except OSError:
            log.exception("could not remove %s", name)


def thumbnail_path(folder: Path) -> Path | None:
    """The picture of the unfinished game's board, if there is one that is a whole PNG small
    enough to decode (its header is read, not the picture)."""
    path = Path(folder) / THUMBNAIL_FILE
    return path if os.path.lexists(path) and thumbnail_problem(path) is None else None


def thumbnail_problem(path: Path) -> str | None:
    """Why the picture at `path` cannot be shown (None: it can, or there is none)."""
    if not os.path.lexists(path):
        return None
    try:
        width, height = png_size(path, MAX_THUMBNAIL_BYTES)
    except Unreadable as why:
        return str(why)
    if not (0 < width <= MAX_THUMBNAIL_SIDE and 0 < height <= MAX_THUMBNAIL_SIDE):
        return f"it is too large ({width}x{height} pixels)"
    return None


def _check(raw: bytes, defaults: dict[str, object] | None = None) -> tuple[SavedGame, GameState]:
    """The saved game in `raw` and the state its moves reach; BadSave saying why not.
    `defaults` fills fields the file may lack (a replay's `saved_at`)."""
    try:
        data = parse_json(raw)
    except Unreadable as why:
        raise BadSave(str(why)) from None
    if defaults and isinstance(data, dict):
        data = {**defaults, **data}
    saved = SavedGame.from_dict(data)
    return saved, replay(saved)


check = _check  # the same checks for a replay file (scenes/storage/replays.py)


def start_state(saved: SavedGame) -> GameState:
    """The saved start state, as its engine's `from_dict` checks it; BadSave if it refuses it
    or it is not for the setup's seats."""
    try:
        state = GAMES[saved.game].from_dict(saved.start)
    except Exception as error:  # any failure of a damaged start state
        raise BadSave(f"its start position is damaged ({str(error)[:120]})") from error
    if state.players != len(saved.setup["seats"]):
        raise BadSave("its start position is not for its seats")
    return state


def replay(saved: SavedGame) -> GameState:
    """The state after the saved moves, rebuilt from the start state; BadSave if it fails."""
    state = start_state(saved)
    for number, move in enumerate(saved.moves, 1):
        try:
            state.play(move)
        except Exception as error:  # an illegal or unreadable move: the file is corrupt
            label = move if len(move) <= 40 and move.isprintable() else shown(move, 40)
            raise BadSave(f"move {number} ({label}) does not replay") from error
    return state


def restore(saved: SavedGame) -> tuple[GameSetup, GameState, list[str]]:
    """(setup, start state, moves) to start the board again and replay the moves."""
    return saved.game_setup, GAMES[saved.game].from_dict(saved.start), list(saved.moves)


def set_aside(path: Path) -> Path | None:
    """Rename `path` (and the unfinished game's picture, for the save itself) to
    `<name>.bad-<time>`, never over an earlier copy; the new path, or None if it could not be
    moved."""
    path = Path(path)
    companions = [path.with_name(THUMBNAIL_FILE)] if path.name == SAVE_FILE else []
    try:
        return _set_aside(path, companions)
    except OSError as error:
        log.warning("could not set %s aside: %s", path, error)
        return None
