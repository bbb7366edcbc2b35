"""The unfinished game the menu offers to continue, read back from its slot (written by
`scenes.storage.saved_game`). Reading never raises: a file that cannot be used is set aside with a
notice for the player; a game found finished there is kept as a replay first."""

from __future__ import annotations

import logging
from pathlib import Path

from game.core.protocols import GameState
from scenes.kit.i18n import _
from scenes.storage.aside import set_aside as _set_aside
from scenes.storage.files import Unreadable, read_bounded
from scenes.storage.finished import keep_finished
from scenes.storage.saved_game import (
    MAX_SAVE_BYTES,
    SAVE_FILE,
    THUMBNAIL_FILE,
    BadSave,
    SavedGame,
    check,
    set_aside,
    thumbnail_problem,
)

log = logging.getLogger(__name__)


def load_unfinished(folder: Path, home: Path | None = None) -> tuple[SavedGame | None, str | None]:
    """(the unfinished game, None), or (None, None) when there is none, or (None, a notice for
    the player) when the file could not be used: it is then set aside, never deleted. A picture
    that cannot be shown is set aside too (the notice says so; the game is still offered).
    `folder`: the game's slot (`scenes.storage.kept_games`); `home`: the data folder, where a
    game found finished is kept as a replay (the slot itself when not given)."""
    saved, _state, notice = read_slot(folder, home)
    return saved, notice


def read_slot(
    folder: Path, home: Path | None = None
) -> tuple[SavedGame | None, GameState | None, str | None]:
    """`load_unfinished`, with the position the saved moves reach."""
    folder = Path(folder)
    path = folder / SAVE_FILE
    try:
        raw = read_bounded(path, MAX_SAVE_BYTES)
        if raw is None:
            return None, None, None
        saved, state = check(raw)
    except (Unreadable, BadSave) as why:
        log.warning("unfinished game %s set aside: %s", path, why)
        if set_aside(path) is not None:
            said = _("Your unfinished game could not be continued ({why}): it was kept aside.")
        else:
            said = _(
                "Your unfinished game could not be continued ({why}): it could not be moved aside."
            )
        return None, None, said.format(why=_(str(why)))
    if state.is_over:  # it ended, and the app stopped before it was kept as a replay
        keep_finished(home or folder, saved, state, unless_kept=True, slot=folder)
        return None, None, None
    picture = folder / THUMBNAIL_FILE
    problem = thumbnail_problem(picture)
    if problem is not None:
        log.warning("the picture %s set aside: %s", picture, problem)
        try:
            _set_aside(picture)
        except OSError:
            log.warning("could not set %s aside", picture, exc_info=True)
        return (
            saved,
            state,
            _("The picture of your unfinished game could not be shown; it was kept aside."),
        )
    return saved, state, None
