"""`SeatOnShow`: whose secrets the screen shows (`viewer`), what it may draw (`shown`), the
hand-over between people in a game with secrets, the covering of a hand while a scene is over the
board, and the record of every face the painter drew (`saw`), judged by the tests and the monkey.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Generic, cast

from game.core.protocols import MoveT, StateT, ViewT
from scenes.boards.board_host import seat_view
from scenes.kit.seat_names import human_name
from scenes.kit.seats import HUMAN

if TYPE_CHECKING:
    from scenes.boards.board_host import BoardHost

FACES_KEPT = 20_000  # the newest faces drawn that a board remembers (a few minutes of frames)


class SeatOnShow(Generic[StateT, ViewT, MoveT]):
    """The seat whose secrets the screen shows, and the views the board draws and checks with."""

    def __init__(self, board: BoardHost[StateT, ViewT, MoveT]) -> None:
        self.board = board
        #: every face the rules reveal at the end is shown in full (a replay's "show all faces")
        self.all_faces = False
        self.viewer: int | None = None
        #: the seat a hand-over screen is waiting for (one at a time; None: none is up)
        self.handing_over: int | None = None
        #: the seat whose hand a scene over the board covers (None: nothing covered)
        self._covered: int | None = None
        self._shown: ViewT | None = None
        self._mover: ViewT | None = None
        #: counts changes of the state or of the seat on show (what the phones may show too)
        self.version = 0
        #: faces drawn, as (seat on show, code, place); bounded: only a watcher empties it
        self.faces_seen: deque[tuple[int | None, str, str]] = deque(maxlen=FACES_KEPT)

    @property
    def hidden_information(self) -> bool:
        return self.board.info.hidden_information

    @property
    def needs_handover(self) -> bool:
        """Two or more people share the screen in a game with secrets."""
        board = self.board
        return self.hidden_information and board.setup.humans >= 2 and not board.spectator

    def first_viewer(self) -> int | None:
        """The seat whose secrets the screen shows before any hand-over: the one person at the
        table, if there is only one (with a computer, or alone at the screen); nobody's when
        another person can see the screen, at it or holding a phone beside it (that seat's
        hand waits for its own "I am ready"), or when the one person holds their hand on a
        phone."""
        board = self.board
        if board.spectator or not self.hidden_information or self.needs_handover:
            return None
        humans = [s for s in range(board.setup.players) if board.setup.is_human(s)]
        if len(humans) == 1 and not board.phone_seats.on_phone(humans[0]):
            return humans[0]
        return None

    @property
    def shown(self) -> ViewT:
        """What the screen may show: the state itself in an open game, else the view of the
        seat on show (`viewer`; None: public information only)."""
        if not self.hidden_information:
            return cast(ViewT, self.board.state)  # (an open game's view is its State)
        if self._shown is None:
            self._shown = seat_view(self.board, self.viewer)
        return self._shown

    @property
    def mover(self) -> ViewT:
        """What the seat to move may know: the board checks a person's clicks against it. Never
        drawn: a seat on a phone moves here too (what needs no hand: its hand is on the phone),
        with the screen showing public information only."""
        seat = self.board.state.current_player
        if not self.hidden_information or seat is None:
            return self.shown
        if self._mover is None:
            self._mover = seat_view(self.board, seat)
        return self._mover

    @property
    def hand_on_phone(self) -> bool:
        """The seat to move holds its hand on its phone (not on this screen)."""
        return self.board.phone_seats.on_phone(self.board.state.current_player)

    def changed(self) -> None:
        """The state changed: the views are made again when next asked for."""
        self._shown = None
        self._mover = None
        self.version += 1

    def set_viewer(self, seat: int | None) -> None:
        """Show `seat`'s secrets from now on (None: nobody's)."""
        if seat != self.viewer:
            self.viewer = seat
            self.changed()
            self.board.sync_presenter()

    def saw(self, code: str, place: str) -> None:
        """The painter drew the face of `code` at `place`: remember it with the seat on show."""
        self.faces_seen.append((self.viewer, code, place))

    def show_all_faces(self, on: bool) -> bool:
        """Show in full every face the rules reveal at the end (or stop); refused (False)
        before the game is over: a game in play never shows a secret."""
        if on and not self.board.state.is_over:
            return False
        if on != self.all_faces:
            self.all_faces = on
            self.board.sync_presenter()
        return True

    def cover(self) -> None:
        """A scene opens over the board (pause, leave, settings, rules, codes, a question): where
        another person can see the screen, it covers the hand on show completely: the board
        beneath draws nobody's secrets until it is on top again."""
        if self.needs_handover and self.viewer is not None:
            self._covered = self.viewer
            self.set_viewer(None)

    def uncover(self) -> None:
        """The board is on top again: the hand it covered comes back if it is still that seat's
        turn at the screen (no other seat's secret was shown meanwhile); otherwise the next
        seat's hand waits for its hand-over."""
        covered, self._covered = self._covered, None
        if (
            covered is not None
            and self.viewer is None
            and self.handing_over is None
            and self.board.state.current_player == covered
            and not self.board.phone_seats.on_phone(covered)
        ):
            self.set_viewer(covered)

    def follow_phones(self) -> None:
        """A hand on a phone is never on the screen; a lone person whose phone left has the
        screen again."""
        if self.board.phone_seats.on_phone(self.viewer):
            self.set_viewer(None)
        elif (
            self.board.phone_seats.table is not None
            and self.viewer is None
            and not self.needs_handover
        ):
            self.set_viewer(self.first_viewer())

    def take_seat(self, seat: int) -> None:
        """A person plays `seat` from now on (a computer seat, e.g. in the kiosk's attract game),
        under the name a person has in that seat of a new game ("Player 2"): the seat panel, the
        move log, the status line and the results say it from here on."""
        board = self.board
        if seat in board.computers:
            board.computers.hand_to_person(seat)
            board.presenter.seats[seat].thinking = False
        board.presenter.seats[seat].level = None
        board.setup = board.setup.with_seat(seat, HUMAN, human_name(seat))
        board.presenter.names = board.setup.names
        board.think_view.forget(seat)
        board.spectator = False
        if self.hidden_information and board.setup.humans == 1:
            self.set_viewer(seat)

    def hand_over(self, seat: int) -> None:
        """Hide every secret behind the hand-over screen until `seat`'s player is ready. The
        screen is pushed once: while it waits to appear (a fade, the queue) the board must not
        push another, or a pile of them would each need a click."""
        self.set_viewer(None)
        self.handing_over = seat

        def ready() -> None:
            self.handing_over = None
            self.set_viewer(seat)

        def paused() -> None:  # Escape on the hand-over: the pause menu, then the hand-over again
            self.handing_over = None
            self.board.keeper.open_pause()

        setup = self.board.setup
        self.board.app.handover(setup.called(seat), setup.colours[seat], ready, paused)
