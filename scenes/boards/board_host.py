"""`BoardHost`: the board as its parts see it (`SeatOnShow`, `BoardUndo`, `GameKeeper`,
`BoardChrome`, `PhoneSeats`, `ComputerTurns`, `CoachHint`). `scenes.boards.base.BoardScene`
provides it; the parts are typed against this protocol and the small ones below (what one
part asks of another), so no part imports the board or another part.

The board and the parts are generic in the game: its state, what a seat may know of it
(`State.view(seat)`; the state itself in a game without secrets) and its move
(`StateT`, `ViewT`, `MoveT` of `game.core.protocols`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

from game.core.protocols import MoveT, StateT, ViewT

if TYPE_CHECKING:
    from collections.abc import Hashable

    import pygame

    from game.core.descriptor import GameType
    from scenes.boards.computers import ComputerSeats
    from scenes.boards.history import GameRecord, UndoRequest
    from scenes.boards.rules_card import RulesCard
    from scenes.boards.status import StatusLine
    from scenes.boards.think_view import ThinkView
    from scenes.kit.effects import EffectsPresenter
    from scenes.kit.seats import GameSetup
    from scenes.kit.widgets import Button
    from scenes.phones.board import PhoneTableSlot
    from scenes.services import AppServices


class SeatOnShowPart(Protocol):
    """Whose secrets are on show (`scenes.boards.on_show.SeatOnShow`)."""

    viewer: int | None
    handing_over: int | None
    version: int

    @property
    def needs_handover(self) -> bool: ...
    def set_viewer(self, seat: int | None) -> None: ...


class UndoPart(Protocol):
    """Taking moves back (`scenes.boards.undo.BoardUndo`)."""

    prompt: UndoRequest | None

    def target(self) -> int | None: ...
    def request(self) -> None: ...
    def allow(self) -> None: ...
    def refuse(self) -> None: ...


class KeeperPart(Protocol):
    """Saving and leaving (`scenes.boards.keeping.GameKeeper`)."""

    def request_leave(self) -> None: ...
    def open_pause(self) -> None: ...
    def autosave(self, thumbnail: bool = False) -> None: ...


class HintPart(Protocol):
    """The coach's hint (`scenes.boards.coach_hint.CoachHint`)."""

    button: Button

    @property
    def offered(self) -> bool: ...
    def ask(self) -> None: ...


class PhonesPart(Protocol):
    """Hands on phones (`scenes.boards.phone_seats.PhoneSeats`)."""

    table: PhoneTableSlot | None

    def on_phone(self, seat: int | None) -> bool: ...
    def handle(self, event: pygame.event.Event) -> bool: ...
    def note_seats(self) -> list[int]: ...


class BoardHost(Protocol[StateT, ViewT, MoveT]):
    """A board scene, as the parts it holds see it."""

    app: AppServices
    setup: GameSetup
    info: GameType
    spectator: bool
    state: StateT
    start_state: StateT
    record: GameRecord[StateT]
    computers: ComputerSeats[ViewT, MoveT]
    think_view: ThinkView

    @property
    def coach_hint(self) -> HintPart: ...

    status: StatusLine
    offers_hints: bool
    rules_card: RulesCard | None
    shows_results: bool

    @property
    def keeper(self) -> KeeperPart: ...
    @property
    def undo(self) -> UndoPart: ...
    @property
    def on_show(self) -> SeatOnShowPart: ...
    @property
    def phone_seats(self) -> PhonesPart: ...
    @property
    def presenter(self) -> EffectsPresenter: ...
    @property
    def human_to_move(self) -> bool: ...

    def sync_presenter(self) -> None: ...
    def draw_board(self, canvas: pygame.Surface) -> None: ...
    def status_text(self) -> str: ...
    def log_rect(self) -> pygame.Rect | None: ...
    def has_selection(self) -> bool: ...
    def trace_rect(self, where: Hashable) -> pygame.Rect | None: ...
    def reset_input(self) -> None: ...
    def choose_option(self, number: int) -> bool: ...
    def play(self, move: MoveT | str) -> None: ...
    def play_computer_move(self, move: MoveT) -> None: ...
    def set_state(self, state: StateT, rewound: bool = False) -> None: ...
    def explain(self, refusal: str, text: str) -> str: ...
    def phone_mark_spot(self, seat: int) -> tuple[int, int] | None: ...
    def click_path(self, move: MoveT) -> list[pygame.Rect]: ...
    def coach_rect(self) -> pygame.Rect: ...
    @property
    def coach_fills(self) -> bool: ...


# The type system cannot say that a board's `StateT.view` gives its `ViewT` and its `parse` its
# `MoveT` (each game's `State` does): the two functions below say it once, for every board.


def seat_view(board: BoardHost[StateT, ViewT, MoveT], seat: int | None) -> ViewT:
    """What `seat` may know of the board's game now (None: public information only): the bots'
    and the screen's only window on a game with secrets."""
    return cast(ViewT, board.state.view(seat))


def parsed(board: BoardHost[StateT, ViewT, MoveT], text: str, seat: int | None = None) -> MoveT:
    """The move written `text`, legal now (IllegalMove saying why otherwise): read by the game
    (its descriptor's `parse_move`), or by `seat`'s view (a phone's move, checked against what
    its seat may know)."""
    if seat is None:
        move: MoveT = board.info.parse_move(board.state, text)
        return move
    return cast(MoveT, board.state.view(seat).parse(text))
