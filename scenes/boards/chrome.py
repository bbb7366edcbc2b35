"""`BoardChrome`: what every board draws around its game: the top bar (Menu, Undo, the status
line, Moves, Hints, Thinking, Pause), the move log, the keys every board shares (Escape, Ctrl+Z,
H, the digits), and the status line's words (a refusal, news, or what the table waits for)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic

import pygame

from game.core.protocols import MoveT, StateT, ViewT
from scenes.boards.move_log import MoveLogView
from scenes.boards.status import draw_status
from scenes.kit import fonts
from scenes.kit.i18n import L_, N_, _
from scenes.kit.palette import WHITE
from scenes.kit.widgets import Button

if TYPE_CHECKING:
    from scenes.boards.board_host import BoardHost

MENU_BUTTON = pygame.Rect(24, 10, 180, 96)
UNDO_BUTTON = pygame.Rect(216, 10, 180, 96)
RIGHT_EDGE = 1896  # the top bar's right-hand buttons stand leftwards from here
#: phones joined (a mark and a number); a click shows the codes, for a phone joining late
PHONES_COUNT = pygame.Rect(UNDO_BUTTON.right + 10, UNDO_BUTTON.top, 170, UNDO_BUTTON.height)


class BoardChrome(Generic[StateT, ViewT, MoveT]):
    """The top bar's buttons, the status line and the move log of one board."""

    def __init__(self, board: BoardHost[StateT, ViewT, MoveT]) -> None:
        self.board = board
        self.log = MoveLogView()
        small = fonts.BODY
        keeper = board.keeper
        self.menu_button = Button(
            MENU_BUTTON, L_("Menu"), keeper.request_leave, icon="icon_back", style="secondary",
            size=small,
        )  # fmt: skip
        self.undo_button = Button(
            UNDO_BUTTON, L_("Undo"), board.undo.request, icon="icon_undo", style="secondary",
            size=small,
        )  # fmt: skip
        self.hints_button = Button(
            (0, 10, 240, 96),
            L_("Hints: on") if self.hints else L_("Hints: off"),
            self.toggle_hints,
            style="secondary",
            size=small,
        )
        self.pause_button = Button(
            (0, 10, 180, 96), L_("Pause"), keeper.open_pause, icon="icon_settings",
            style="secondary", size=small,
        )  # fmt: skip
        self.moves_button = Button(
            (0, 10, 190, 96), L_("Moves"), self.log.toggle, style="secondary", size=small
        )
        self.think_button = Button(
            (0, 10, 290, 96),
            L_("Thinking: off"),
            board.think_view.toggle,
            style="secondary",
            size=small,
        )
        right = RIGHT_EDGE
        for button in self.right_buttons():
            button.rect.right = right
            right = button.rect.left - 10

    # --- hints ----------------------------------------------------------------------------------

    @property
    def hints(self) -> bool:
        """Hints are on: one setting, the same as Settings' "Hints", remembered across games."""
        return bool(self.board.app.settings.hints)

    def toggle_hints(self) -> None:
        app = self.board.app
        app.settings.hints = not self.hints
        app.save_settings()

    # --- the buttons ----------------------------------------------------------------------------

    def right_buttons(self) -> list[Button]:
        """The top bar's right-hand buttons, from the edge inwards."""
        board = self.board
        buttons = [self.pause_button]
        if board.computers:
            buttons.append(self.think_button)
        if board.offers_hints:
            buttons.append(self.hints_button)
        if board.log_rect() is None:
            buttons.append(self.moves_button)
        return buttons

    @property
    def buttons(self) -> list[Button]:
        """The top bar's buttons on show (none for a spectator)."""
        if self.board.spectator:
            return []
        return [self.menu_button, self.undo_button, *self.right_buttons()]

    def refresh(self) -> None:
        """The buttons say what is on now (once the board is still)."""
        board = self.board
        self.undo_button.enabled = board.undo.target() is not None
        self.hints_button.label = L_("Hints: on") if self.hints else L_("Hints: off")
        self.hints_button.selected = self.hints
        thinking = board.think_view.on
        self.think_button.label = L_("Thinking: on") if thinking else L_("Thinking: off")
        self.think_button.selected = thinking

    # --- input ----------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """The top bar's buttons, the wheel on the log and the keys every board shares; True if
        used."""
        if any(button.handle(event) for button in self.buttons):
            return True
        if self.board.phone_seats.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and self._pressed_disabled(event.pos):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.log.wheel(getattr(event, "y", 0))
            return True
        return event.type == pygame.KEYDOWN and self._handle_key(event)

    def _pressed_disabled(self, pos: tuple[int, int]) -> bool:
        """A press on a greyed button: say why it is greyed (and never let it reach the board)."""
        for button in self.buttons:
            if button.rect.collidepoint(pos):
                if button is self.undo_button:
                    idle = self.board.presenter.idle
                    self.board.status.refuse(
                        _("Nothing to undo now.") if idle else _("Wait a moment…")
                    )
                return True
        return False

    def _handle_key(self, event: pygame.event.Event) -> bool:
        board = self.board
        key, ctrl = event.key, bool(event.mod & pygame.KMOD_CTRL)
        if board.spectator:
            return False
        if key == pygame.K_ESCAPE:
            if board.has_selection():  # Escape drops what is held first
                board.reset_input()
            else:
                board.keeper.open_pause()
            return True
        if key == pygame.K_z and ctrl:
            board.undo.request()
            return True
        if key == pygame.K_h and not ctrl and board.offers_hints:
            self.toggle_hints()
            return True
        if pygame.K_1 <= key <= pygame.K_9 and board.human_to_move:
            return board.choose_option(key - pygame.K_0)
        return False

    # --- drawing --------------------------------------------------------------------------------

    @property
    def shows_last_move(self) -> bool:
        """The last turn is marked once its animation is over, until the next move (and not
        while a person holds a piece: their move has begun)."""
        board = self.board
        return (
            bool(board.record.last_traces)
            and board.presenter.idle
            and not board.state.is_over
            and not board.has_selection()
        )

    def status_line(self) -> tuple[str, tuple[int, int, int]]:
        """The status line's words and colour."""
        note = self.board.status.note()
        if note is not None:
            return note
        board = self.board
        state = board.state
        if state.is_over:
            return _("Game over"), WHITE
        prompt = board.undo.prompt
        if prompt is not None:
            decider = board.setup.called(prompt.decider)
            return _("Undo? {name} decides").format(name=decider), WHITE
        seat = state.current_player
        assert seat is not None  # (the game is not over)
        name = board.setup.called(seat)
        if not board.presenter.idle:
            log = board.record.log
            playing = board.setup.says(seat, N_("{name} is playing…"), N_("You are playing…"))
            line = log[-1].text if log else str(playing)
            return line, WHITE
        if seat in board.computers:
            return _("{name} is thinking…").format(name=name), WHITE
        if board.phone_seats.on_phone(seat):
            return _("{name} plays on their phone").format(name=name), WHITE
        if board.on_show.needs_handover and board.on_show.viewer != seat:
            return _("Pass to {name}").format(name=name), WHITE
        return board.status_text(), WHITE

    def draw(self, canvas: pygame.Surface) -> None:
        """The status line, the top bar's buttons and the move log."""
        board = self.board
        text, colour = self.status_line()
        left = UNDO_BUTTON.right + 16 if not board.spectator else 40
        if board.phone_seats.table is not None:
            left = PHONES_COUNT.right + 16
        right = 1880 if board.spectator else self.right_buttons()[-1].rect.left - 16
        draw_status(canvas, text, colour, left, right)
        for button in self.buttons:
            button.draw(canvas)
        self.log.draw(canvas, board.record.log, board.setup.colours, board.log_rect())
