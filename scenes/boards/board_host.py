"""`BoardHost`: the board as its parts see it (`SeatOnShow`, `BoardUndo`, `GameKeeper`,
`BoardChrome`, `PhoneSeats`, `ComputerTurns`). `scenes.boards.base.BoardScene` provides it; the
parts are typed against this protocol, so none of them imports the board they belong to."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame

    from game.core.descriptor import GameType
    from scenes.boards.chrome import BoardChrome
    from scenes.boards.computers import ComputerSeats
    from scenes.boards.history import GameRecord
    from scenes.boards.keeping import GameKeeper
    from scenes.boards.on_show import SeatOnShow
    from scenes.boards.phone_seats import PhoneSeats
    from scenes.boards.seats import GameSetup
    from scenes.boards.status import StatusLine
    from scenes.boards.think_view import ThinkView
    from scenes.boards.undo import BoardUndo
    from scenes.kit.effects import EffectsPresenter
    from scenes.services import AppServices


class BoardHost(Protocol):
    """A board scene, as the parts it holds see it."""

    app: AppServices
    setup: GameSetup
    info: GameType
    spectator: bool
    state: Any
    start_state: Any
    record: GameRecord
    computers: ComputerSeats
    think_view: ThinkView
    status: StatusLine
    keeper: GameKeeper
    undo: BoardUndo
    on_show: SeatOnShow
    phone_seats: PhoneSeats
    chrome: BoardChrome
    offers_hints: bool
    shows_results: bool

    @property
    def presenter(self) -> EffectsPresenter: ...
    @property
    def human_to_move(self) -> bool: ...

    def sync_presenter(self) -> None: ...
    def draw_board(self, canvas: pygame.Surface) -> None: ...
    def status_text(self) -> str: ...
    def log_rect(self) -> pygame.Rect | None: ...
    def has_selection(self) -> bool: ...
    def reset_input(self) -> None: ...
    def choose_option(self, number: int) -> bool: ...
    def play(self, move: Any) -> None: ...
    def play_computer_move(self, move: Any) -> None: ...
    def set_state(self, state: Any, rewound: bool = False) -> None: ...
    def explain(self, refusal: str, text: str) -> str: ...
    def phone_mark_spot(self, seat: int) -> tuple[int, int] | None: ...
