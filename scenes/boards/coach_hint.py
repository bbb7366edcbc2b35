"""`CoachHint`: the coach's hint on a board (the Hint button, key H). The person to move at the
screen asks; the coach (`game.ai.coach.hint`) thinks off the frame loop from that seat's view
only, with the thinking cue on the seat's panel, then the move it suggests glows, with a few
plain words of why (`scenes.boards.coach_words`). A game in which a hint was shown is marked:
`GameRecord.hints` (kept in the save and the replay).

Offered where a person plays (not to a spectator, not in the replay viewer, not in the kiosk's
challenge) and given only for the seat to act at this screen: never for a seat on its phone,
nor, in a game with secrets, for a seat whose hand is not the one on show."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Generic

import pygame

from game.ai.coach import Hint, hint
from game.core.protocols import MoveT, StateT, ViewT
from scenes.boards import board_spec
from scenes.boards.coach_words import hint_words
from scenes.boards.computers import OffThread, between_iterations
from scenes.kit import callout, fonts
from scenes.kit.i18n import L_, _
from scenes.kit.palette import ACCENT
from scenes.kit.widgets import Button

if TYPE_CHECKING:
    from scenes.boards.board_host import BoardHost

#: the coach's level for a hint (its search's iterations: deterministic for a position)
LEVEL = "normal"
#: the shortest "thinking" cue of a hint, at speed 1 (as a computer's)
CUE_SECONDS = 0.6


class CoachHint(Generic[StateT, ViewT, MoveT]):
    """The coach's hint of one board (see the module)."""

    def __init__(self, board: BoardHost[StateT, ViewT, MoveT]) -> None:
        self.board = board
        self.button = Button(
            (0, 10, 170, 96), L_("Hint"), self.ask, icon="icon_learn", style="secondary",
            size=fonts.BODY,
        )  # fmt: skip
        self._think: OffThread[Hint] | None = None
        self._cue = 0.0
        self.seat: int | None = None
        #: the hint on show, and the words said with it
        self.shown: Hint | None = None
        self.words = ""
        #: `on_show.version` when it was asked: any change of the position or of the seat on
        #: show drops it
        self._version = -1
        #: every hint's words drawn, with the seat on show then, and where its note stood last
        #: (the tests read them)
        self.said: list[tuple[int | None, str]] = []
        self.note_rect: pygame.Rect | None = None

    # --- whether it is offered, and for whom ------------------------------------------------------

    @property
    def offered(self) -> bool:
        """The Hint button is on the board: a person plays here, in a game that keeps results
        (not the replay viewer), and not the kiosk's challenge."""
        board = self.board
        if board.spectator or not board.shows_results or board.setup.humans == 0:
            return False
        kiosk = board.app.kiosk_control
        return kiosk is None or kiosk.hints_allowed(board.setup)

    def refusal(self) -> str | None:
        """Why no hint may be asked now (None: it may)."""
        board = self.board
        seat = board.state.current_player
        if board.state.is_over or seat is None:
            return _("The game is over.")
        if not board.human_to_move or not board.presenter.idle:
            return _("A hint is for the person to move.")
        if board.phone_seats.on_phone(seat):
            return _("A hint is shown only to a player at the screen.")
        if board.info.hidden_information and board.on_show.viewer != seat:
            return _("A hint is shown only to a player at the screen.")
        return None

    @property
    def thinking(self) -> bool:
        return self._think is not None

    # --- asking and thinking -------------------------------------------------------------------

    def ask(self) -> None:
        """The Hint button or key: think for the seat to act (from its view only)."""
        if self.thinking or self.shown is not None:
            return
        board = self.board
        reason = self.refusal()
        if reason is not None:
            board.status.refuse(reason)
            return
        seat = board.state.current_player
        assert seat is not None  # (refusal: the game is not over)
        state = board.state.clone()  # (the thread never touches the board's own)
        seed = len(board.record.moves)

        def work(stop: threading.Event) -> Hint:
            return hint(state, seat, LEVEL, seed, stop=stop, pause=between_iterations)

        board.reset_input()
        self.seat, self._cue, self._version = seat, 0.0, board.on_show.version
        board.presenter.seats[seat].thinking = True
        board.record.hints.append(len(board.record.moves))
        self._think = OffThread(work, f"coach-hint-seat-{seat}")
        board.keeper.autosave()

    def update(self, dt: float) -> None:
        """Follow the think; drop the hint once the position (or the seat on show) changed."""
        board = self.board
        if board.on_show.version != self._version and (self.thinking or self.shown):
            self.forget()
            return
        think = self._think
        if think is None:
            return
        self._cue += dt * board.app.animation_speed
        if not think.done or self._cue < CUE_SECONDS:
            return
        self._think = None
        self._stop_cue()
        if think.error is not None:
            raise RuntimeError("the coach's hint failed") from think.error
        shown = think.result
        assert shown is not None
        self.shown = shown
        self.words = hint_words(board_spec(board.setup.game), shown, board.setup.called_names())

    def forget(self) -> None:
        """No hint any more (a move was made, taken back, the hand on show changed)."""
        if self._think is not None:
            self._think.cancel()
            self._think = None
            self._stop_cue()
        self.shown, self.words = None, ""

    def _stop_cue(self) -> None:
        seats = self.board.presenter.seats
        if self.seat is not None and self.seat < len(seats):
            seats[self.seat].thinking = False

    @property
    def busy(self) -> bool:
        """Frames are wanted: the coach thinks."""
        return self.thinking

    # --- drawing -------------------------------------------------------------------------------

    def spots(self) -> list[pygame.Rect]:
        """Where the person clicks to make the suggested move (they glow)."""
        if self.shown is None:
            return []
        return list(self.board.click_path(self.shown.move))

    def draw(self, canvas: pygame.Surface, phase: float = 0.0) -> None:
        board = self.board
        if self.thinking:
            words = _("The coach is thinking…")
            callout.note(
                canvas, board.coach_rect(), _("Hint"), words, ACCENT, fill=board.coach_fills
            )
            return
        if self.shown is None:
            return
        spots = self.spots()
        for spot in spots[:1]:
            callout.glow(canvas, spot, phase)
        area = callout.clear_area(board.coach_rect(), self.words, spots)
        fill = board.coach_fills and area == board.coach_rect()
        self.note_rect = callout.note_panel(area, self.words, with_button=False, fill=fill)
        callout.note(canvas, area, _("Hint"), self.words, ACCENT, spots=spots, fill=fill)
        self.said.append((board.on_show.viewer, self.words))
        del self.said[:-200]
