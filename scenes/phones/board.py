"""`PhoneBoard`: what a phone table needs of the game it serves (a board's `PhoneSeats` part
gives it): the game and its seats, whether the board takes a move now, is paused or asks about an
undo, and the calls a phone makes (joined, a move, an undo's answer, has anything changed). The
phones never import a board."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.core.protocols import GameState
    from scenes.kit.seats import GameSetup
    from scenes.manager import Scene


class AskedUndo(Protocol):
    """An undo request on the big screen: who asked, who decides, and the question in words."""

    @property
    def asker(self) -> int: ...
    @property
    def decider(self) -> int: ...
    @property
    def question(self) -> str: ...


class PhoneBoard(Protocol):
    """A game on the big screen, as its phones see it."""

    @property
    def scene(self) -> Scene:
        """The scene whose leaving closes the table."""
        ...

    @property
    def setup(self) -> GameSetup: ...
    @property
    def spectator(self) -> bool: ...
    @property
    def state(self) -> GameState: ...
    @property
    def ply(self) -> int:
        """Moves played so far."""
        ...

    @property
    def log_words(self) -> list[str]:
        """The move log's lines as the big screen shows them."""
        ...

    @property
    def ready(self) -> bool:
        """The board takes a move now."""
        ...

    @property
    def paused(self) -> bool:
        """The big screen's pause menu is open (or a screen opened from it)."""
        ...

    @property
    def undo_asked(self) -> AskedUndo | None:
        """The undo request waiting for its answer, if there is one."""
        ...

    def on_phone(self, seat: int | None) -> bool: ...
    def phone_joined(self, seat: int) -> None: ...
    def phone_move(self, seat: int, text: str) -> str | None: ...
    def phone_answer(self, seat: int, allow: bool) -> str | None:
        """`seat`'s phone answers the undo request: None when taken, else why not, in words."""
        ...

    def phone_signature(self) -> tuple[object, ...]: ...


class PhoneTableSlot(Protocol):
    """The phones of the table being set up or played (`app.phone_table`), as the app, the
    board and the results use them (`scenes.phones.host.PhoneTable` is one)."""

    #: the scene whose leaving closes the table
    owner: Scene
    #: the board playing with these phones (None before the game starts)
    board: PhoneBoard | None
    #: board seat -> the setup screen's row
    rows: list[int]
    closed: bool

    @property
    def joined_count(self) -> int: ...
    def seat_joined(self, seat: int) -> bool: ...
    def seat_online(self, seat: int) -> bool: ...
    def row_joined(self, row: int) -> bool: ...
    def expect(self, setup: GameSetup, rows: list[int]) -> None: ...
    def bind(self, board: PhoneBoard) -> bool: ...
    def show_codes(self, continued: bool = False) -> None: ...
    def poll(self) -> bool: ...
    def close(self, reason: str | None = None) -> None: ...
