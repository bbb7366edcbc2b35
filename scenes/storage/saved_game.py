"""The unfinished game, kept on disk so that a game is never lost ("Continue" on the menu).

A board scene saves after every move and when it is left: `save_unfinished(folder, saved,
thumbnail)` writes `unfinished.json` atomically, with a small picture of the board beside it as
`unfinished.png`. What is kept is what replays the game exactly: the setup, the start state and
the moves played, in notation (`SavedGame`).

`load_unfinished(folder)` never raises: a file that is empty, cut short, binary, of the wrong
shape, of a game this version does not know, saved by a newer version, or whose moves do not
replay is set aside (renamed, never over an earlier set-aside copy) and a notice says so.

    saved = SavedGame.of(setup, start_state, moves)
    save_unfinished(app.store.folder, saved, thumbnail)
    saved, notice = load_unfinished(app.store.folder)
    setup, start_state, moves = restore(saved)
    clear_unfinished(app.store.folder)
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game import GAMES
from game.core.protocols import GameState
from scenes.boards.seats import GameSetup
from scenes.kit.version import APP_VERSION, version_key
from scenes.storage.settings import write_json_atomically

log = logging.getLogger(__name__)

SAVE_FILE = "unfinished.json"
THUMBNAIL_FILE = "unfinished.png"
#: the largest thumbnail kept (a larger picture is scaled down, keeping its proportions)
THUMBNAIL_MAX = (480, 300)
FIELDS = ("game", "setup", "start", "moves", "saved_at", "version")


class BadSave(ValueError):
    """A saved game that cannot be continued; the message says why, for a player."""


@dataclass(frozen=True)
class SavedGame:
    """An unfinished game: its setup (`GameSetup.to_dict()`), the start state's `to_dict()`,
    the moves played since in notation, when it was saved (seconds since the epoch) and by
    which version of the app."""

    game: str
    setup: dict[str, Any]
    start: dict[str, Any]
    moves: tuple[str, ...]
    saved_at: float
    version: str = APP_VERSION

    @classmethod
    def of(
        cls,
        setup: GameSetup,
        start_state: GameState,
        moves: Sequence[Any],
        saved_at: float | None = None,
    ) -> SavedGame:
        """The save of a game started from `start_state` with `setup`, after `moves`."""
        return cls(
            setup.game,
            setup.to_dict(),
            start_state.to_dict(),
            tuple(str(move) for move in moves),
            time.time() if saved_at is None else saved_at,
        )

    @property
    def game_setup(self) -> GameSetup:
        return GameSetup.from_dict(self.setup)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "setup": self.setup,
            "start": self.start,
            "moves": list(self.moves),
            "saved_at": self.saved_at,
            "version": self.version,
        }

    @classmethod
    def from_dict(cls, data: Any) -> SavedGame:
        """The saved game in `data`; BadSave if it does not have the shape of one."""
        if not isinstance(data, dict) or any(name not in data for name in FIELDS):
            raise BadSave("the file does not hold a saved game")
        game, setup, start, moves = data["game"], data["setup"], data["start"], data["moves"]
        saved_at, version = data["saved_at"], data["version"]
        if not (
            isinstance(game, str)
            and isinstance(setup, dict)
            and isinstance(start, dict)
            and isinstance(moves, list)
            and all(isinstance(move, str) for move in moves)
            and isinstance(saved_at, (int, float))
            and not isinstance(saved_at, bool)
            and isinstance(version, str)
        ):
            raise BadSave("the file does not hold a saved game")
        return cls(game, setup, start, tuple(moves), float(saved_at), version)


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
            _write_png_atomically(picture, _small(thumbnail))
    except (OSError, pygame.error):
        log.exception("could not save the picture of the unfinished game")
    return True


def _small(surface: pygame.Surface) -> pygame.Surface:
    width, height = surface.get_size()
    scale = min(1.0, THUMBNAIL_MAX[0] / width, THUMBNAIL_MAX[1] / height)
    if scale >= 1.0:
        return surface
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    return pygame.transform.smoothscale(surface, size)


def _write_png_atomically(path: Path, surface: pygame.Surface) -> None:
    fd, tmp = tempfile.mkstemp(prefix=path.stem + ".", suffix=".tmp.png", dir=path.parent)
    os.close(fd)
    try:
        pygame.image.save(surface, tmp)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def clear_unfinished(folder: Path) -> None:
    """Forget the unfinished game (it ended, or the players left it for good)."""
    for name in (SAVE_FILE, THUMBNAIL_FILE):
        try:
            (Path(folder) / name).unlink(missing_ok=True)
        except OSError:
            log.exception("could not remove %s", name)


def thumbnail_path(folder: Path) -> Path | None:
    """The picture of the unfinished game's board, if there is one."""
    path = Path(folder) / THUMBNAIL_FILE
    return path if path.is_file() else None


# --- reading ----------------------------------------------------------------------------------
def load_unfinished(folder: Path) -> tuple[SavedGame | None, str | None]:
    """(the unfinished game, None), or (None, None) when there is none, or (None, a notice for
    the player) when the file could not be used: it is then set aside, never deleted."""
    path = Path(folder) / SAVE_FILE
    if not path.exists():
        return None, None
    try:
        raw = path.read_bytes()
    except OSError as error:
        log.warning("could not read %s: %s", path, error)
        return None, "Your unfinished game could not be read (the file cannot be opened)."
    try:
        saved, state = _check(raw)
    except BadSave as why:
        log.warning("unfinished game %s set aside: %s", path, why)
        aside = set_aside(path)
        where = f"it was set aside as {aside.name}" if aside else "it could not be set aside"
        return None, f"Your unfinished game could not be continued: {why}; {where}."
    if state.is_over:  # it ended but was not cleared: nothing to continue
        clear_unfinished(folder)
        return None, None
    return saved, None


def _check(raw: bytes, defaults: dict[str, Any] | None = None) -> tuple[SavedGame, Any]:
    """The saved game in `raw` and the state its moves reach; BadSave saying why not.
    `defaults` fills fields the file may lack (a replay's `saved_at`)."""
    if not raw.strip():
        raise BadSave("the file is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadSave("the file is not a saved game (it is not text)") from None
    try:
        data = json.loads(text)
    except ValueError:
        raise BadSave("the file is cut short or damaged") from None
    if defaults and isinstance(data, dict):
        data = {**defaults, **data}
    saved = SavedGame.from_dict(data)
    try:
        newer = version_key(saved.version) > version_key(APP_VERSION)
    except ValueError:
        raise BadSave("the file does not hold a saved game") from None
    if newer:
        raise BadSave(f"it was saved by a newer version ({saved.version}) of Tabletop Trio")
    if saved.game not in GAMES:
        raise BadSave(f"this version does not know the game {saved.game!r}")
    _check_setup(saved)
    return saved, replay(saved)


check = _check  # the same checks for a replay file (scenes/kit/replays.py)


def _check_setup(saved: SavedGame) -> None:
    try:
        setup = saved.game_setup
    except (KeyError, TypeError, ValueError):
        raise BadSave("the file does not hold a saved game") from None
    info = GAMES[saved.game]
    if not (
        setup.game == saved.game
        and setup.players in info.player_counts
        and len(setup.names) == setup.players == len(setup.colours)
        and all(isinstance(name, str) for name in setup.names)
    ):
        raise BadSave("the file does not hold a saved game")


def replay(saved: SavedGame) -> Any:
    """The state after the saved moves, rebuilt from the start state; BadSave if it fails."""
    try:
        state = GAMES[saved.game].from_dict(saved.start)
    except Exception as error:  # any failure of a damaged start state
        raise BadSave("its start position is damaged") from error
    for number, move in enumerate(saved.moves, 1):
        try:
            state.play(move)
        except Exception as error:  # an illegal or unreadable move: the file is corrupt
            raise BadSave(f"move {number} ({move}) does not replay") from error
    return state


def restore(saved: SavedGame) -> tuple[GameSetup, Any, list[str]]:
    """(setup, start state, moves) to start the board again and replay the moves."""
    return saved.game_setup, GAMES[saved.game].from_dict(saved.start), list(saved.moves)


def set_aside(path: Path) -> Path | None:
    """Rename `path` (and its thumbnail) to `<name>.bad-<time>`, never over an earlier copy;
    the new path, or None if it could not be moved."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    serial = 1
    while True:
        suffix = f".bad-{stamp}" if serial == 1 else f".bad-{stamp}-{serial}"
        aside = path.with_name(path.name + suffix)
        picture = path.with_name(THUMBNAIL_FILE + suffix)
        if not aside.exists() and not picture.exists():
            break
        serial += 1
    try:
        os.rename(path, aside)
    except OSError:
        log.exception("could not set %s aside", path)
        return None
    thumbnail = path.with_name(THUMBNAIL_FILE)
    if thumbnail.exists():
        try:
            os.rename(thumbnail, picture)
        except OSError:
            log.exception("could not set %s aside", thumbnail)
    return aside
