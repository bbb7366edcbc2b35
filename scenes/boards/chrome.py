"""`BoardChrome`: what every board draws around its game: the top bar (Menu, Undo, the status
line, Rules, Moves, Previews, Thinking, Hint, Pause), the move log, the rules card, the keys
every board shares (the keymap's board actions and the digits; their glyphs shown while keys or
a pad are in use), and the status line's words (a refusal, news, or what the table waits for)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic

import pygame

from game.core.protocols import MoveT, StateT, ViewT
from scenes.boards.move_log import LOG_FACE, LOG_POPOVER, MoveLogView
from scenes.boards.rules_card import CARD, RulesCardView
from scenes.boards.status import STATUS_FACES, draw_status
from scenes.kit import fonts, keymap
from scenes.kit.effects_paint import EFFECT_FACES
from scenes.kit.glyphs import draw_glyph
from scenes.kit.i18n import L_, N_, _
from scenes.kit.keymap import Action
from scenes.kit.last_move import draw_traces
from scenes.kit.palette import WHITE
from scenes.kit.widgets import Button

if TYPE_CHECKING:
    from scenes.boards.board_host import BoardHost

MENU_BUTTON = pygame.Rect(24, 10, 180, 96)
UNDO_BUTTON = pygame.Rect(216, 10, 180, 96)
RIGHT_EDGE = 1896  # the top bar's right-hand buttons stand leftwards from here
#: phones joined (a mark and a number); a click shows the codes, for a phone joining late
PHONES_COUNT = pygame.Rect(UNDO_BUTTON.right + 10, UNDO_BUTTON.top, 170, UNDO_BUTTON.height)
#: the faces a board's words are set in as a game goes: the status line, the move log, the seat
#: headers and the effects (warmed ahead when a board is built: `fonts.warm_ahead`)
BOARD_FACES = (*STATUS_FACES, LOG_FACE, *EFFECT_FACES)


class BoardChrome(Generic[StateT, ViewT, MoveT]):
    """The top bar's buttons, the status line and the move log of one board."""

    def __init__(self, board: BoardHost[StateT, ViewT, MoveT]) -> None:
        self.board = board
        self.log = MoveLogView()
        self.rules = RulesCardView()
        #: the board is drawn as a frame of the game (a board that draws the last-move marker
        #: itself does so then), not as a picture of it (the Continue tile's: no marker)
        self.framing = False
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
            L_("Previews: on") if self.hints else L_("Previews: off"),
            self.toggle_hints,
            style="secondary",
            size=small,
        )
        self.pause_button = Button(
            (0, 10, 180, 96), L_("Pause"), keeper.open_pause, icon="icon_settings",
            style="secondary", size=small,
        )  # fmt: skip
        self.moves_button = Button(
            (0, 10, 190, 96), L_("Moves"), self.toggle_log, style="secondary", size=small
        )
        # TRANSLATORS: the top bar's button that opens the game's rules card over the board
        self.rules_button = Button(
            (0, 10, 160, 96), L_("Rules"), self.toggle_rules, style="secondary", size=small
        )
        self.think_button = Button(
            (0, 10, 290, 96),
            L_("Thinking: off"),
            board.think_view.toggle,
            style="secondary",
            size=small,
        )
        self.lay_out()

    # --- hints ----------------------------------------------------------------------------------

    @property
    def hints(self) -> bool:
        """Move previews are on: one setting, the same as Settings' "Move previews", remembered
        across games."""
        return bool(self.board.app.settings.hints)

    def toggle_hints(self) -> None:
        app = self.board.app
        app.settings.hints = not self.hints
        app.save_settings()

    # --- the popovers: the move log and the rules card, one open at a time ----------------------

    def opened(self) -> pygame.Rect | None:
        """Where the popover open over the board stands (the move log's, the rules card's), or
        None: the board's places under it are out of reach of the keys' focus."""
        if self.log.open and self.board.log_rect() is None:
            return LOG_POPOVER
        return CARD if self.rules.open else None

    def toggle_log(self) -> None:
        self.log.toggle()
        self.rules.open = False

    def toggle_rules(self) -> None:
        self.rules.toggle()
        self.log.open = False

    # --- the buttons ----------------------------------------------------------------------------

    def right_buttons(self) -> list[Button]:
        """The top bar's right-hand buttons, from the edge inwards."""
        board = self.board
        buttons = [self.pause_button]
        if board.coach_hint.offered:
            buttons.append(board.coach_hint.button)
        if board.computers:
            buttons.append(self.think_button)
        if board.offers_hints:
            buttons.append(self.hints_button)
        if board.log_rect() is None:
            buttons.append(self.moves_button)
        if board.rules_card is not None:
            buttons.append(self.rules_button)
        return buttons

    def lay_out(self) -> None:
        """Stand the right-hand buttons on show side by side from the edge (again when which
        are on show changed: a visitor took a seat, the Hint is offered)."""
        right = RIGHT_EDGE
        for button in self.right_buttons():
            button.rect.right = right
            right = button.rect.left - 10

    @property
    def buttons(self) -> list[Button]:
        """The top bar's buttons on show (none for a spectator)."""
        if self.board.spectator:
            return []
        return [self.menu_button, self.undo_button, *self.right_buttons()]

    def refresh(self) -> None:
        """The buttons say what is on now (once the board is still)."""
        board = self.board
        self.lay_out()
        self.undo_button.enabled = board.undo.target() is not None
        self.hints_button.label = L_("Previews: on") if self.hints else L_("Previews: off")
        self.hints_button.selected = self.hints
        thinking = board.think_view.on
        self.think_button.label = L_("Thinking: on") if thinking else L_("Thinking: off")
        self.think_button.selected = thinking
        self.rules_button.selected = self.rules.open

    # --- input ----------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """The top bar's buttons, the wheel on the log and the keys every board shares; True if
        used."""
        if any(button.handle(event) for button in self.buttons):
            return True
        if self.rules.open and event.type == pygame.MOUSEBUTTONDOWN:
            self.rules.open = False  # a click beside the card closes it, and plays nothing
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
        """The keymap's board actions: back (drops what is held, else the pause menu), undo,
        pause, the previews and Thinking toggles; digits choose an option."""
        board = self.board
        if board.spectator:
            return False
        asked = keymap.actions(event)
        if Action.BACK in asked and event.key == pygame.K_ESCAPE:
            if self.rules.open:  # Escape closes the rules card first
                self.rules.open = False
            elif board.has_selection():  # then drops what is held
                board.reset_input()
            else:
                board.keeper.open_pause()
            return True
        for action, button in self.action_buttons().items():
            if action in asked and button.on_click is not None:
                button.on_click()
                return True
        key = event.key
        if pygame.K_1 <= key <= pygame.K_9 and board.human_to_move:
            return board.choose_option(key - pygame.K_0)
        return False

    def action_buttons(self) -> dict[Action, Button]:
        """The top bar's buttons that an action of the keymap presses (a new board action is
        one line here and one in `scenes.kit.keymap.KEYMAP`); their glyphs are drawn on them."""
        buttons = {Action.UNDO: self.undo_button, Action.PAUSE: self.pause_button}
        if self.board.computers:
            buttons[Action.THINKING] = self.think_button
        if self.board.offers_hints:
            buttons[Action.PREVIEWS] = self.hints_button
        if self.board.coach_hint.offered:
            buttons[Action.HINT] = self.board.coach_hint.button
        return buttons

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

    def draw_last_move(self, canvas: pygame.Surface) -> None:
        """The last-move marker, while it is shown (`shows_last_move`)."""
        board = self.board
        if self.shows_last_move:
            draw_traces(canvas, board.record.last_traces, board.trace_rect)

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
        self._draw_glyphs(canvas)
        self.log.draw(canvas, board.record.log, board.setup.colours, board.log_rect())
        if board.rules_card is not None:
            self.rules.draw(canvas, board.rules_card)

    def _draw_glyphs(self, canvas: pygame.Surface) -> None:
        """The key or pad button of each top-bar action, while keys or a pad are in use."""
        device = self.board.app.focus.device
        if device == "mouse" or self.board.spectator:
            return
        for action, button in self.action_buttons().items():
            corner = (button.rect.right + 6, button.rect.bottom + 10)
            draw_glyph(canvas, action, device, corner)
