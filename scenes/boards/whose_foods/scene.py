"""The Whose Foods board: a person picks a piece and a square (click then click, or drag and
drop), picks among captures when several happen at once, and sees what a placement would do
(hints). Everything else (computers, undo, log, saving, results) is the board skeleton's.

Whose Foods has no secrets between seats (WF-6), but in memory mode a covered piece is for the
players to remember (WF-10): the drawing and the hints never use what lies under a small piece.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any, Unpack

import pygame

from game import whose_foods as wf
from game.core.events import Event
from game.core.grid import square_name
from game.core.protocols import to_act
from scenes.boards.base import BoardOptions, BoardScene, sentence
from scenes.boards.cursor import place_said
from scenes.boards.history import LogLine
from scenes.boards.whose_foods import layout
from scenes.boards.whose_foods.paint import OPTION_COLOURS, Overlay, Painter, art_of
from scenes.boards.whose_foods.presenter import Presenter, Token, callout_text
from scenes.boards.whose_foods.preview import Preview, preview_of
from scenes.boards.whose_foods.words import capture_clause, loss_clause, piece
from scenes.kit import fonts
from scenes.kit.drag import Drag
from scenes.kit.i18n import L_, N_, Message, _, join_squares, translated
from scenes.kit.last_move import Trace
from scenes.kit.palette import MUTED, PAPER
from scenes.kit.seats import GameSetup
from scenes.kit.text_fit import fit_line
from scenes.kit.widgets import Button, draw_panel
from scenes.services import AppServices

BOT_CHOICE_SECONDS = 0.7  # how long a computer's pick among captures is shown before it resolves


class WhoseFoodsBoard(BoardScene[wf.State, wf.State, wf.Move, Presenter]):
    """A game of Whose Foods on screen."""

    think_area = layout.SUPPLY

    offers_hints = True

    def __init__(
        self, app: AppServices, setup: GameSetup, **kwargs: Unpack[BoardOptions[wf.State]]
    ) -> None:
        self.memory_mode = bool(setup.options.get("memory_mode", True))
        self.selected: str | None = None  # the code of the piece picked up
        self.hover_square: int | None = None
        self.hover_seat: int | None = None
        self.drag = Drag()  # a picked-up piece may be dragged to its square
        self._previews: dict[tuple[str, int], Preview] = {}
        self.option_buttons: list[Button] = []
        super().__init__(app, setup, **kwargs)

    # --- the skeleton's hooks -------------------------------------------------------------------

    def make_presenter(self) -> Presenter:
        return Presenter(
            self.setup.players,
            self.setup.names,
            self.setup.colours,
            self.memory_mode,
            on_sound=self.app.play_sound,
        )

    def build_view(self) -> None:
        self.painter = Painter(self.setup.players, self.setup.colours)
        super().build_view()

    def sync_presenter(self) -> None:
        self.presenter.sync(self.state)

    def draw_board(self, canvas: pygame.Surface) -> None:
        self.painter.draw(canvas, self.presenter, self.paint_overlay())
        if self.option_buttons:
            self._draw_options(canvas)

    coach_fills = True  # (a note over the move log takes all of it: no row half under it)

    def log_rect(self) -> pygame.Rect | None:
        corners = layout.free_corners(self.setup.players)
        return corners[1] if len(corners) > 1 else None

    def seat_panel_at(self, pos: tuple[int, int]) -> int | None:
        for seat in range(self.setup.players):
            if layout.tray(seat).rect.collidepoint(pos):
                return seat
        return None

    def has_selection(self) -> bool:
        return self.selected is not None

    def move_traces(self, events: Sequence[Event]) -> list[Trace]:
        """A placement marks its square (a piece comes from the supply or a hand)."""
        return [Trace(None, wf.parse_square(e.square)) for e in events if isinstance(e, wf.Placed)]

    def trace_rect(self, where: Any) -> pygame.Rect | None:
        return layout.square_rect(where)

    def reset_input(self) -> None:
        self.selected = None
        self.drag.cancel()
        self._previews.clear()
        self.option_buttons = []

    def describe(self, seat: int, move: wf.Move, events: Sequence[Event]) -> LogLine:
        """ "Ana: large dog on c3 – trio by size: takes 3, +3" (each clause translated)."""
        says = self.setup.says
        said: list[Message] = []
        icon: str | None = None
        if isinstance(move, wf.Place):
            code = wf.PIECE_NAMES[move.piece]
            square = square_name(move.square)
            said.append(
                says(
                    seat,
                    N_("{name}: {piece} on {square}"),
                    N_("You: {piece} on {square}"),
                    piece=piece(code),
                    square=square,
                )
            )
            icon = art_of(code)
        else:
            said.append(says(seat, N_("{name} chooses"), N_("You choose")))
        for event in events:
            if isinstance(event, wf.ChainStep):
                said.append(capture_clause(event.kind, event.captured, event.points))
            elif isinstance(event, wf.LosingPattern):
                said.append(loss_clause(event.pattern, event.pieces))
            elif isinstance(event, wf.ThreeCans):
                said.append(L_("three cans: wins!"))
            elif isinstance(event, wf.Overeating):
                said.append(L_("overeats: loses"))
            elif isinstance(event, wf.ChoiceOffered):
                said.append(L_("must choose a capture"))
        return LogLine(seat, tuple(said), icon)

    def think_words(self, move: wf.Move) -> str:
        """ "Large dog on c3", "Capture a1 b1 c1" (everything is open, WF-6)."""
        if isinstance(move, wf.Place):
            words = _("{piece} on {square}").format(
                piece=piece(wf.PIECE_NAMES[move.piece]), square=square_name(move.square)
            )
            return words[:1].upper() + words[1:]  # (a line of its own: "Large dog on c3")
        squares = join_squares([square_name(sq) for sq in move.squares])
        return _("Capture {squares}").format(squares=squares)

    def think_spot(self, move: wf.Move) -> tuple[float, float] | None:
        squares = [move.square] if isinstance(move, wf.Place) else list(move.squares)
        centres = [layout.square_centre(sq) for sq in squares]
        x = sum(c[0] for c in centres) / len(centres)
        y = sum(c[1] for c in centres) / len(centres)
        return x + layout.SQUARE * 0.3, y - layout.SQUARE * 0.3  # the square's upper right

    def status_text(self) -> str:
        seat, says = to_act(self.state), self.setup.says
        if self.state.pending:
            said = says(seat, N_("{name}: which capture first?"), N_("Which capture first?"))
        elif self.selected is None:
            said = says(
                seat,
                N_("{name}: pick a piece (shared, or a can of yours)"),
                N_("Pick a piece (shared, or a can of yours)"),
            )
        else:
            said = says(
                seat,
                N_("{name}: put the {piece} on a glowing square"),
                N_("Put the {piece} on a glowing square"),
                piece=piece(self.selected),
            )
        return str(said)

    def choose_option(self, number: int) -> bool:
        if number <= len(self.option_buttons):
            self.option_buttons[number - 1].on_click()  # type: ignore[misc]
            return True
        return False

    def play_computer_move(self, move: wf.Move) -> None:
        """A computer's pick among captures is shown as a person's would be, then resolves."""
        if isinstance(move, wf.Take):
            self.presenter.show_choice(move.squares)
            timeline = self.presenter.timeline
            timeline.then(self.presenter.pause(BOT_CHOICE_SECONDS)).then(lambda: self.play(move))
        else:
            self.play(move)

    # --- what the painter and the tests read ------------------------------------------------------

    def paint_overlay(self) -> Overlay:
        """What the painter draws besides the pieces: targets, hover, the piece held, the
        preview and the hovered seat's score (of the state on show)."""
        selected = self.selected_token
        return Overlay(
            shown=self.on_show.shown,
            targets=frozenset(self.target_squares),
            hover_square=self.hover_square,
            hover_seat=self.hover_seat,
            selected=selected,
            drag_pos=self.drag.pos if selected is not None else None,
            preview=self.preview,
            saw=self.on_show.saw,
        )

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = super().button_rects
        for index, button in enumerate(self.option_buttons):
            rects[f"option {index + 1}"] = button.rect
        return rects

    @property
    def target_squares(self) -> set[int]:
        """The squares where the picked-up piece may go (they glow)."""
        if self.selected is None or not self.human_to_move:
            return set()
        piece = wf.PIECE_NAMES.index(self.selected)
        return {
            m.square
            for m in self.state.legal_moves()
            if isinstance(m, wf.Place) and m.piece == piece
        }

    @property
    def preview(self) -> Preview | None:
        if (
            not self.chrome.hints
            or self.selected is None
            or self.hover_square not in self.target_squares
        ):
            return None
        key = (self.selected, self.hover_square)
        if key not in self._previews:
            move = wf.Place(wf.PIECE_NAMES.index(self.selected), self.hover_square)
            self._previews[key] = preview_of(self.state, move, self.memory_mode)
        return self._previews[key]

    @property
    def selected_token(self) -> Token | None:
        if self.selected is None:
            return None
        if wf.is_can(self.selected):
            seat = self.state.current_player
            pile = self.presenter.hands[seat] if seat is not None else []
        else:
            pile = self.presenter.supply[self.selected]
        return next((t for t in reversed(pile) if t.code == self.selected), None)

    # --- what a lesson asks of the board ---------------------------------------------------------

    def click_path(self, move: wf.Move) -> list[pygame.Rect]:
        """A piece then its square (the square alone once it is picked up); for a capture,
        its numbered button, or a square of it that no other capture on offer has."""
        if isinstance(move, wf.Take):
            for button in self.option_buttons:
                if getattr(button.on_click, "args", None) == (move,):
                    return [button.rect]
            others = {sq for e in self.state.pending if e.take != move for sq in e.line}
            effect = next(e for e in self.state.pending if e.take == move)
            own = [sq for sq in effect.line if sq not in others]
            return [layout.square_rect(own[0])] if own else []
        code = wf.PIECE_NAMES[move.piece]
        square = layout.square_rect(move.square)
        if self.selected == code:
            return [square]
        if wf.is_can(code):
            x, y = self.piece_pos(code)
            side = layout.HAND_SPOT
            return [pygame.Rect(x - side // 2, y - side // 2, side, side), square]
        return [layout.supply_group_rect(code), square]

    def cursor_places(self) -> dict[str, pygame.Rect]:
        """Where the keys' cursor stops besides each move's next click: every square (an empty
        or covered one says why it is refused), the shared supply's groups and the cans in the
        hand of the seat to move (not the supply while a choice among captures stands over it:
        then the choice's buttons)."""
        places = {square_name(sq): layout.square_rect(sq) for sq in layout.GRID.squares}
        if not self.option_buttons:
            places.update({code: layout.supply_group_rect(code) for code in layout.SUPPLY_ORDER})
        seat = self.state.current_player
        side = layout.HAND_SPOT
        for index, token in enumerate(self.presenter.hands[seat] if seat is not None else ()):
            rect = pygame.Rect(0, 0, side, side)
            rect.center = round(token.x), round(token.y)
            places[f"hand {index + 1}"] = rect
        return places

    def place_words(self, name: str) -> str:
        """A square's visible piece and what it covers (in memory mode only that it covers a
        piece, never which: WF-10), or a supply group's piece and how many are left."""
        kind, _space, number = name.partition(" ")
        if kind == "hand":  # (a can in the hand of the seat to move: no secret, WF-6)
            hand = self.presenter.hands[to_act(self.state)]
            index = int(number) - 1
            what = str(piece(hand[index].code)) if index < len(hand) else None
            return place_said(_("Hand {number}").format(number=number), what)
        if name in layout.SUPPLY_ORDER:
            left = self.on_show.shown.supply().count(name)
            # TRANSLATORS: spoken: a group of the shared supply and how many of its pieces are left
            return _("{piece}: {count} left").format(piece=piece(name), count=left)
        top, under = self.on_show.shown.piece_at(wf.parse_square(name))
        if top == wf.EMPTY:
            return place_said(name)
        what = str(piece(wf.PIECE_NAMES[top]))
        if under != wf.EMPTY and self.memory_mode:
            what = _("{piece} over a covered piece").format(piece=what)
        elif under != wf.EMPTY:
            what = _("{piece} over a {below}").format(
                piece=what, below=piece(wf.PIECE_NAMES[under])
            )
        return place_said(name, what)

    def spot_rect(self, spot: str) -> pygame.Rect | None:
        """A square (`b2`), or a seat's `hand N`, `captured N` (its captures and can meter)."""
        kind, _, seat = spot.partition(" ")
        if not seat:
            return layout.square_rect(wf.parse_square(spot))
        tray = layout.tray(int(seat))
        if kind == "hand":
            return tray.hand_rect()
        if kind == "captured":
            area = tray.captured_rect()
            area.height = tray.rect.bottom - 8 - area.top
            return area
        return None

    def piece_pos(self, code: str) -> tuple[int, int]:
        """Where to click to pick up `code` for the player to move (used by tests and attract)."""
        if wf.is_can(code):
            hand = self.presenter.hands[to_act(self.state)]
            token = next(t for t in hand if t.code == code)
            return round(token.x), round(token.y)
        return layout.supply_group_rect(code).center

    # --- input ------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover_seat = layout.seat_at(event.pos, self.setup.players)
        return super().handle(event)

    def handle_move_input(self, event: pygame.event.Event) -> bool:
        for button in self.option_buttons:
            if button.handle(event):
                return True
        if event.type == pygame.MOUSEMOTION:
            self.hover_square = layout.square_at(event.pos)
            self.drag.move(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            return self._press_at(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            return self._release_at(event.pos)
        return False

    def _press_at(self, pos: tuple[int, int]) -> bool:
        square = layout.square_at(pos)
        self.hover_square = square
        if self.state.pending:
            if square is not None:
                self._take_at(square)
            return True
        if square is not None:
            self._place_at(square)
            return True
        code = self._piece_at(pos)
        if code is None:
            if self._refused_piece_at(pos):
                return True
            self.selected = None
            return False
        if code != self.selected:
            self.selected = code
            self.drag.press(pos)
        else:
            self.selected = None
            self.drag.cancel()
        return True

    def _release_at(self, pos: tuple[int, int]) -> bool:
        if not self.drag.release():
            return False
        square = layout.square_at(pos)
        if square is not None:
            self._place_at(square)
        return True

    def _place_at(self, square: int) -> None:
        if self.selected is None:
            self.status.refuse(_("Pick a piece first: a shared one, or a can of yours."))
            return
        if square in self.target_squares:
            self.play(wf.Place(wf.PIECE_NAMES.index(self.selected), square))
            return
        move = wf.Place(wf.PIECE_NAMES.index(self.selected), square)
        self.status.refuse(
            sentence(translated(self.state.refusal(move)) or _("That square is not free."))
        )

    def _take_at(self, square: int) -> None:
        options = [e for e in self.state.pending if square in e.line]
        if len(options) == 1:
            self.play(options[0].take)
        elif options:
            self.status.refuse(_("That piece is in both captures: pick with the numbered buttons."))
        else:
            self.status.refuse(_("Pick one of the glowing captures."))

    def _piece_at(self, pos: tuple[int, int]) -> str | None:
        """The code of the piece the current player may pick up at `pos`, if any."""
        seat = to_act(self.state)
        supply = self.state.supply()
        for code in layout.SUPPLY_ORDER:
            if layout.supply_group_rect(code).collidepoint(pos) and code in supply:
                return code
        tray = layout.tray(seat)
        if tray.hand_rect().collidepoint(pos) and self.presenter.hands[seat]:
            token = min(
                self.presenter.hands[seat],
                key=lambda t: (t.x - pos[0]) ** 2 + (t.y - pos[1]) ** 2,
            )
            return token.code
        return None

    def _refused_piece_at(self, pos: tuple[int, int]) -> bool:
        """Say why a press on the supply or a tray picks nothing up."""
        for code in layout.SUPPLY_ORDER:
            if layout.supply_group_rect(code).collidepoint(pos):
                self.status.refuse(
                    _("No {piece} is left in the shared supply.").format(piece=piece(code))
                )
                return True
        for seat in range(self.setup.players):
            if seat != self.state.current_player and layout.tray(seat).rect.collidepoint(pos):
                self.status.refuse(
                    _("Those are {name}'s: use a shared piece or your cans.").format(
                        name=self.setup.called(seat)
                    )
                )
                return True
        if layout.tray(to_act(self.state)).hand_rect().collidepoint(pos):
            self.status.refuse(_("You have no cans left in your hand."))
            return True
        return False

    # --- the choice among captures -------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self._build_option_buttons()

    def _build_option_buttons(self) -> None:
        """One button per capture on offer, over the supply (which is not needed meanwhile)."""
        choice = self.presenter.choice
        if choice is None or not self.human_to_move:
            self.option_buttons = []
            return
        if len(self.option_buttons) == len(choice.options):
            return
        count = len(choice.options)
        width = (layout.SUPPLY.width - 24 * (count + 1)) // count
        self.option_buttons = []
        for index, (kind, _line, squares) in enumerate(choice.options):
            rect = (
                layout.SUPPLY.left + 24 + index * (width + 24),
                layout.SUPPLY.top + 58,
                width,
                110,
            )
            where = join_squares([square_name(sq) for sq in squares])
            taken = [(square_name(sq), self._visible_piece(sq)) for sq in squares]
            capture = str(callout_text(kind, taken)).rstrip("!\uff01")  # (and the full-width mark)
            first = _("{number}: {capture}").format(number=index + 1, capture=capture)
            label = f"{first}\n{where}"  # (the squares under it, on a line of their own)
            button = Button(
                rect,
                label,
                partial(self.play, wf.Take(squares)),
                style="secondary",
                size=fonts.SMALL,
            )
            self.option_buttons.append(button)

    def _visible_piece(self, square: int) -> str:
        """The code of the piece on top of `square` (what a capture there would take)."""
        return wf.PIECE_NAMES[self.state.piece_at(square)[0]]

    def _draw_options(self, canvas: pygame.Surface) -> None:
        draw_panel(canvas, layout.SUPPLY, PAPER, radius=24, shadow=0)
        words = _("Capture which first? Any other that loses a piece to it is gone.")
        room = layout.SUPPLY.width - 48  # (at the large text size it is made smaller to fit)
        words, size = fit_line(words, fonts.TINY - 4, room, bold=True, smallest=fonts.TINY - 12)
        at = (layout.SUPPLY.left + 24, layout.SUPPLY.top + 14)
        fonts.blit_text(canvas, words, size, MUTED, "topleft", at, bold=True)
        for index, button in enumerate(self.option_buttons):
            button.draw(canvas)
            colour = OPTION_COLOURS[index % len(OPTION_COLOURS)]
            pygame.draw.rect(canvas, colour, button.rect.inflate(-10, -10), 6, border_radius=18)
