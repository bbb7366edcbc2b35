"""`PhoneSeats`: a board's hands on phones (`scenes.phones`). A seat whose phone is joined plays
from it (`phone_move`, the same path as a click), and the screen never shows its secrets nor
hands over to it; the top bar counts the phones joined (a click shows the codes again) and each
seat on a phone has a phone mark on its panel. This part is what the phone table sees of the
board (`scenes.phones.board.PhoneBoard`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, cast

import pygame

from game.core.engine import IllegalMove
from game.core.protocols import MoveT, StateT, ViewT, to_act
from scenes.boards.board_host import parsed
from scenes.boards.chrome import PHONES_COUNT
from scenes.boards.dialogs import PauseScene
from scenes.boards.status import without_rule_ids
from scenes.kit import fonts
from scenes.kit.i18n import _, ngettext
from scenes.kit.palette import INK, MUTED, WHITE
from scenes.phones.marks import draw_phone_mark
from scenes.screens.handover import HandoverScene

if TYPE_CHECKING:
    from collections.abc import Sequence

    from game.core.protocols import GameState
    from scenes.boards.board_host import BoardHost
    from scenes.boards.history import UndoRequest
    from scenes.kit.seats import GameSetup
    from scenes.manager import Scene
    from scenes.phones.board import PhoneTableSlot


class PhoneSeats(Generic[StateT, ViewT, MoveT]):
    """The phone table of a board (`table`, None: no seat plays on a phone), and the seats that
    have played on their phones in this game (`played`, kept in its save)."""

    def __init__(
        self, board: BoardHost[StateT, ViewT, MoveT], played: Sequence[int], spectator: bool
    ) -> None:
        """`played`: the seats that played on their phones before (a continued game: they are
        offered new codes when the board opens)."""
        self.board = board
        self.played = set(played)
        self.version = 0  # counts phones joining
        self._show_codes = False
        self.table: PhoneTableSlot | None = None
        if board.app.phone_table is None and not (played and not spectator):
            return  # (no phones: the phone table's server and QR codes are not even loaded)
        from scenes.phones import host

        self.table = host.attach(board.app, self)
        if self.table is None and played and not spectator:
            self.table = host.reopen(board.app, self)
            self._show_codes = self.table is not None

    # --- what the phone table sees ------------------------------------------------------------

    @property
    def scene(self) -> Scene:
        """The board itself, the scene whose leaving closes the table."""
        return cast("Scene", self.board)

    @property
    def setup(self) -> GameSetup:
        return self.board.setup

    @property
    def spectator(self) -> bool:
        return self.board.spectator

    @property
    def state(self) -> GameState[object]:
        return self.board.state

    @property
    def log_words(self) -> list[str]:
        """The move log's lines as the big screen shows them."""
        return [line.text for line in self.board.record.log]

    @property
    def ply(self) -> int:
        return len(self.board.record.moves)

    @property
    def ready(self) -> bool:
        """The board takes a move now (nothing animating, no question, nothing over it)."""
        manager = self.board.app.manager
        return (
            self.board.presenter.idle
            and self.board.undo.prompt is None
            and manager.current is self.scene
            and not manager.busy
        )

    @property
    def paused(self) -> bool:
        """The pause menu is open over the board (or a screen opened from it: rules,
        settings)."""
        stack = self.board.app.manager.stack
        above = stack[stack.index(self.scene) + 1 :] if self.scene in stack else []
        return any(isinstance(scene, PauseScene) for scene in above)

    @property
    def undo_asked(self) -> UndoRequest | None:
        """The hot-seat undo request waiting for its answer."""
        return self.board.undo.prompt

    def on_phone(self, seat: int | None) -> bool:
        """`seat` plays on its phone (joined, or away for a moment): the screen never shows its
        secrets and never hands over to it."""
        return seat is not None and self.table is not None and self.table.seat_joined(seat)

    def phone_joined(self, seat: int) -> None:
        """`seat`'s phone joined: a hand-over screen waiting for that seat is not needed."""
        top = self.board.app.manager.current
        if self.board.on_show.handing_over == seat and isinstance(top, HandoverScene):
            top.ready()
        self.version += 1

    def phone_move(self, seat: int, text: str) -> str | None:
        """The move `text` from `seat`'s phone, played like a click (`play`: animation, log,
        autosave); None when played, else why it was refused, in words."""
        board = self.board
        state, manager = board.state, board.app.manager
        if state.is_over:
            return _("The game is over.")
        mover = to_act(state)
        if mover != seat:
            name = board.setup.called(mover)
            return _("It is {name}'s turn, not yours.").format(name=name)
        if not board.presenter.idle:
            return _("Wait a moment: the last move is still being shown.")
        if board.undo.prompt is not None or manager.current is not self.scene or manager.busy:
            return _("Wait a moment: the big screen is asking something first.")
        try:
            move = parsed(board, text, seat)
        except IllegalMove as refusal:  # (rule ids are for the developers, as in `refuse`)
            return without_rule_ids(board.explain(refusal.args[0], text))
        board.play(move)
        return None

    def phone_answer(self, seat: int, allow: bool) -> str | None:
        """`seat`'s phone answers the undo request (only the seat that decides may, and only
        while the board is on top); None when taken, else why not, in words."""
        request = self.board.undo.prompt
        if request is None:
            return _("No undo is asked now.")
        if request.decider != seat:
            name = self.board.setup.called(request.decider)
            return _("{name} decides this undo, not you.").format(name=name)
        manager = self.board.app.manager
        if manager.current is not self.scene or manager.busy:
            return _("Wait a moment: the big screen is asking something first.")
        if allow:
            self.board.undo.allow()
        else:
            self.board.undo.refuse()
        return None

    def phone_signature(self) -> tuple[object, ...]:
        """Changes whenever what a phone shows may change."""
        board = self.board
        return (
            self.version,
            board.on_show.version,
            board.presenter.idle,
            board.undo.prompt,
            self.paused,
            board.app.manager.current is self.scene and not board.app.manager.busy,
            tuple(self.on_phone(seat) for seat in range(board.setup.players)),
        )

    # --- the board's side -----------------------------------------------------------------------

    def enter(self) -> None:
        """The board opens: a continued game's phones are shown their new codes."""
        if self._show_codes and self.table is not None:
            self._show_codes = False
            self.table.show_codes(continued=True)

    def note_seats(self) -> list[int]:
        """The seats that have played on their phones so far (for the save), in order."""
        self.played.update(s for s in range(self.board.setup.players) if self.on_phone(s))
        return sorted(self.played)

    def close(self) -> None:
        """The board is left: its phones are told why (unless the results keep them)."""
        if self.table is not None and self.table.owner is self.scene:
            over = self.board.state.is_over
            self.table.close(
                _("The game is over.") if over else _("The game was left on the big screen.")
            )

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on the count of phones shows their codes (for a phone joining late)."""
        if (
            self.table is not None
            and event.type == pygame.MOUSEBUTTONDOWN
            and PHONES_COUNT.collidepoint(event.pos)
        ):
            self.table.show_codes()
            return True
        return False

    def draw(self, canvas: pygame.Surface) -> None:
        """A phone mark on each seat playing on its phone, and how many phones are joined."""
        table = self.table
        if table is None:
            return
        for seat in range(self.board.setup.players):
            spot = self.board.phone_mark_spot(seat) if self.on_phone(seat) else None
            if spot is not None:
                draw_phone_mark(canvas, spot, 40, INK if table.seat_online(seat) else MUTED)
        joined = table.joined_count
        pygame.draw.rect(canvas, WHITE, PHONES_COUNT, width=2, border_radius=18)
        x, y = PHONES_COUNT.left + 30, PHONES_COUNT.centery
        draw_phone_mark(canvas, (x, y), 40, WHITE, INK)
        words = ngettext("{count} phone", "{count} phones", joined).format(count=joined)
        fonts.blit_text(canvas, words, fonts.TINY, WHITE, "midleft", (x + 22, y), bold=True)
