"""`GameKeeper`: a player never loses a game by accident. The game in progress is saved after
every move (and with a picture of the board when the board is left or the window closes), leaving
asks first, the pause menu, and the end: the replay kept and the unfinished game forgotten in one
step, then the results."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Generic

import pygame

from game.core.protocols import MoveT, StateT, ViewT
from scenes.boards.dialogs import PauseScene
from scenes.kit.confirm import ConfirmScene
from scenes.kit.i18n import L_

if TYPE_CHECKING:
    from scenes.boards.board_host import BoardHost


class GameKeeper(Generic[StateT, ViewT, MoveT]):
    """Saving, leaving and finishing one board's game."""

    def __init__(self, board: BoardHost[StateT, ViewT, MoveT]) -> None:
        self.board = board
        #: the game in progress is kept for Continue (a lesson's is not)
        self.saves = True
        self._left = False
        #: the game's end was kept (its replay written, the unfinished game forgotten), where
        self._finished = False
        self.kept_replay: Path | None = None
        #: where the game is saved (`scenes.storage.kept_games`): None until its first save,
        #: when a new game is given a slot of its own; a continued game's is set by the app
        self.slot: Path | None = None

    @property
    def in_progress(self) -> bool:
        """A game someone would not want to lose: started, not over, with a person at it."""
        board = self.board
        return bool(board.record.moves) and not board.state.is_over and not board.spectator

    @property
    def keeps_save(self) -> bool:
        board = self.board
        return self.saves and not board.spectator and board.setup.humans > 0

    def restart(self) -> None:
        """The board goes on from a new position, a new game: its end is not kept yet, and it
        is saved in a slot of its own (the earlier game's save stays as it was)."""
        self._finished, self.kept_replay, self.slot = False, None, None

    def request_leave(self) -> None:
        """Menu button: leave, after asking when a game is in progress (it is saved either way)."""
        if not self.in_progress:
            self.leave()
            return
        app = self.board.app
        app.manager.push(
            ConfirmScene(
                app,
                L_("Leave this game?"),
                L_("It is saved: choose Continue on the menu to play on."),
                L_("Leave"),
                L_("Stay"),
                self.leave,
            )
        )

    def request_quit(self) -> bool:
        """The window is closing (or Ctrl+Q): ask first while a game is in progress."""
        if not self.in_progress:
            return False
        self.autosave(thumbnail=True)
        app = self.board.app
        app.manager.push(
            ConfirmScene(
                app,
                L_("Quit Tabletop Trio?"),
                L_("Your game is saved: choose Continue on the menu next time."),
                L_("Quit"),
                L_("Stay"),
                app.quit,
            )
        )
        return True

    def open_pause(self) -> None:
        app = self.board.app
        app.manager.push(PauseScene(app, self.board.setup.game, self.request_leave))

    def leave(self) -> None:
        if not self._left:
            self._left = True
            self.board.app.go_menu()

    def autosave(self, thumbnail: bool = False) -> None:
        """Keep the game as it stands (its end, once it is over)."""
        board = self.board
        if board.state.is_over:
            self.keep_finished()
            return
        if not self.keeps_save:
            return
        picture_of_board = self.thumbnail() if thumbnail else None
        self.slot = (
            board.app.save_unfinished(
                board.setup,
                board.start_state,
                board.record.moves,
                picture_of_board,
                board.phone_seats.note_seats(),
                slot=self.slot,
                hints=board.record.hints,
                undos=board.record.rewinds,
            )
            or self.slot
        )

    def show_results(self) -> None:
        """The last animation is over: the results (the replay viewer has none)."""
        board = self.board
        if not board.shows_results:
            return
        self.keep_finished()
        board.app.show_results(
            board.setup, board.state, board.start_state, board.record.moves, replay=self.kept_replay
        )

    def keep_finished(self) -> None:
        """The game is over: keep its replay and forget the unfinished game in one step, at
        its last move (not after the animation, when a kill would find it in neither)."""
        if self._finished:
            return
        self._finished = True
        board = self.board
        if board.shows_results:
            self.kept_replay = board.app.finish_game(
                board.setup,
                board.start_state,
                board.record.moves,
                board.state,
                self.keeps_save,
                slot=self.slot,
                helped=board.record.helped,
                hints=board.record.hints,
                undos=board.record.rewinds,
            )
        elif self.keeps_save:
            board.app.clear_unfinished(self.slot)
        self.slot = None

    def thumbnail(self) -> pygame.Surface:
        """A small picture of the board as it stands, for the menu's Continue tile: public
        information only, since anyone may look at the menu."""
        on_show = self.board.on_show
        viewer = on_show.viewer
        on_show.set_viewer(None)
        try:
            canvas = self.board_picture()
        finally:
            on_show.set_viewer(viewer)
        return pygame.transform.smoothscale(canvas, (384, 216))

    def board_picture(self) -> pygame.Surface:
        """The board as drawn now for the seat on show (its painter only: no top bar, no
        marker), on a canvas of its own; the view is made first if it never was."""
        board = self.board
        board.presenter  # noqa: B018  (asking for it makes the view of a board never shown)
        canvas = pygame.Surface((1920, 1080))
        board.draw_board(canvas)
        return canvas
