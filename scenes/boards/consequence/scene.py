"""The Consequence board: a person places a hand tile on an empty square, moves a grid tile one
step, or places and pushes (a tile dropped next to a run offers the legal push arrows; hovering
one previews the push). By click then click, or drag and drop. Everything else (computers, undo,
hand-over between people, log, saving, results) is the board skeleton's.

The screen shows only the view of the seat on show (`viewer`) and animates events redacted for
it (CQ-17, CQ-18). Every face the painter draws is recorded (`saw`) with the seat on show.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game import consequence as cq
from game.consequence.moves import RAYS, push_run
from game.core.engine import IllegalMove
from game.core.events import Event
from game.core.grid import square_name
from scenes.boards.base import BoardScene, sentence
from scenes.boards.consequence import layout
from scenes.boards.consequence.paint import Overlay, Painter, PushPreview
from scenes.boards.consequence.presenter import Presenter, Tile, direction_of
from scenes.boards.history import LogLine
from scenes.boards.seats import GameSetup
from scenes.kit.drag import Drag
from scenes.kit.last_move import Trace
from scenes.services import AppServices


class ConsequenceBoard(BoardScene[Presenter]):
    """A game of Consequence on screen."""

    def __init__(self, app: AppServices, setup: GameSetup, **kwargs: Any) -> None:
        self.memory_aid = bool(setup.options.get("memory_aid", False))
        self.selected_code: str | None = None  # a hand tile picked up
        self.selected_square: int | None = None  # a grid tile picked up (to move it)
        #: a hand tile waiting on an empty square: (square, code, legal push directions, Place
        #: legal too, pushes the restriction forbids: offered greyed, refused with the reason)
        self.pending: tuple[int, str, list[int], bool, list[int]] | None = None
        self.hover_square: int | None = None
        self.hover_arrow: int | None = None
        self.drag = Drag()
        super().__init__(app, setup, **kwargs)

    # --- the skeleton's hooks -------------------------------------------------------------------

    def make_presenter(self) -> Presenter:
        return Presenter(
            self.setup.names,
            self.setup.colours,
            self.memory_aid,
            view_now=lambda: self.shown,
            on_sound=self.app.play_sound,
        )

    def build_view(self) -> None:
        self.painter = Painter(self.setup.colours)
        super().build_view()

    def sync_presenter(self) -> None:
        self.presenter.sync(self.shown, self.viewer)

    def presenter_events(self, events: list[Event]) -> list[Event]:
        return cq.redact_events(events, self.viewer)

    def phone_mark_spot(self, seat: int) -> tuple[int, int] | None:
        header = layout.panel(seat).header
        return header.right - 40, header.bottom + 28

    def draw_board(self, canvas: pygame.Surface) -> None:
        self.painter.draw(canvas, self.presenter, self.paint_overlay())

    def seat_panel_at(self, pos: tuple[int, int]) -> int | None:
        return layout.seat_at(pos)

    def has_selection(self) -> bool:
        return (
            self.selected_code is not None
            or self.selected_square is not None
            or self.pending is not None
        )

    def move_traces(self, events: Sequence[Event]) -> list[Trace]:
        """A placement marks its square, a slide (a move, each tile of a push) its two squares,
        and a push-off the square it left and the place beyond the edge."""
        traces = []
        way = next((direction_of(e) for e in events if isinstance(e, cq.TileSlid)), 0)
        pushed_from = {e.src for e in events if isinstance(e, cq.TileSlid)}
        for event in events:
            if isinstance(event, cq.TilePlaced) and event.square not in pushed_from:
                traces.append(Trace(None, event.square))  # (a push's tile goes on: its slide)
            elif isinstance(event, cq.TileSlid):
                traces.append(Trace(event.src, event.dst))
            elif isinstance(event, cq.TilePushedOff):
                traces.append(Trace(event.square, ("off", event.square, way)))
        return traces

    def trace_rect(self, where: Any) -> pygame.Rect | None:
        if isinstance(where, tuple):  # beyond the edge, where a pushed-off tile left the grid
            _, square, direction = where
            rect = pygame.Rect(0, 0, layout.CELL * 3 // 5, layout.CELL * 3 // 5)
            rect.center = tuple(round(v) for v in layout.off_grid(square, direction))
            return rect
        return layout.square_rect(where)

    def reset_input(self) -> None:
        self.selected_code = None
        self.selected_square = None
        self.pending = None
        self.hover_arrow = None
        self.drag.cancel()

    def describe(self, seat: int, move: Any, events: Sequence[Event]) -> LogLine:
        """The log line as everyone may read it: colours only, never a symbol (CQ-17)."""
        name = self.setup.names[seat]
        colour = {"b": "blue", "r": "red"}
        if isinstance(move, cq.Place):
            text = f"{name} places a {colour[move.code[0]]} tile on {square_name(move.square)}"
        elif isinstance(move, cq.MoveTile):
            text = f"{name} moves {square_name(move.src)} to {square_name(move.dst)}"
        elif isinstance(move, cq.PlacePush):
            where = square_name(move.square)
            way = cq.DIRECTIONS[move.direction]
            text = f"{name} places a {colour[move.code[0]]} tile on {where} and pushes {way}"
        else:
            text = f"{name} passes"
        for event in events:
            if isinstance(event, cq.TilePushedOff):
                text += (
                    f"; a {colour[event.code[0]]} tile falls off to {cq.SEAT_NAMES[event.receiver]}"
                )
        return LogLine(seat, text)

    def status_text(self) -> str:
        seat = self.state.current_player
        name = self.setup.names[seat]
        if self.shown.final_placements:
            return f"{name}: place a tile from your hand"
        if self.pending is not None:
            return f"{name}: place it here (the tick), or push with an arrow"
        if self.selected_code is not None:
            return f"{name}: put the tile on an empty square"
        if self.selected_square is not None:
            return f"{name}: move the tile one step to a glowing square"
        return f"{name}: pick a tile from your hand, or a tile on the grid to move"

    # --- what the painter and the tests read ------------------------------------------------------

    def paint_overlay(self) -> Overlay:
        """What the painter draws besides the tiles: targets, hover, the tile held, the tile
        waiting for its push arrow and the push's preview, and the view on show."""
        return Overlay(
            shown=self.shown,
            targets=frozenset(self.target_squares),
            hover_square=self.hover_square,
            hover_arrow=self.hover_arrow,
            selected=self.selected_tile,
            drag_pos=self.drag.pos,
            pending=self.pending,
            push_preview=self.push_preview,
            saw=self.saw,
        )

    @property
    def selected_tile(self) -> Tile | None:
        """The tile picked up (on the grid, to move it, or in the hand), if any."""
        if self.selected_square is not None:
            return self.presenter.cells[self.selected_square]
        if self.selected_code is not None and self.pending is None:
            return self._hand_tile(self.selected_code)
        return None

    def _hand_tile(self, code: str) -> Tile | None:
        seat = self.state.current_player
        if seat is None:
            return None
        return next((t for t in self.presenter.hands[seat] if t.code == code), None)

    def hand_tile_pos(self, code: str) -> tuple[int, int]:
        """Where to click to pick up a hand tile of `code` (tests and the attract loop)."""
        tile = self._hand_tile(code)
        assert tile is not None, code
        return round(tile.x), round(tile.y)

    @property
    def target_squares(self) -> set[int]:
        if not self.human_to_move or self.pending is not None:
            return set()
        moves = self.mover_view.legal_moves()
        if self.selected_square is not None:
            src = self.selected_square
            return {m.dst for m in moves if isinstance(m, cq.MoveTile) and m.src == src}
        if self.selected_code is not None:
            code = self.selected_code
            return {
                m.square for m in moves if isinstance(m, cq.Place | cq.PlacePush) and m.code == code
            }
        return set()

    @property
    def push_preview(self) -> PushPreview | None:
        if self.pending is None or self.hover_arrow is None:
            return None
        square = self.pending[0]
        occupied = sum(1 << sq for sq, code in enumerate(self.shown.cells) if code is not None)
        length, off = push_run(occupied, square, self.hover_arrow)
        ray = RAYS[square][self.hover_arrow]
        kept = length - (1 if off >= 0 else 0)
        moves = tuple((ray[i], ray[i + 1]) for i in range(kept - 1, -1, -1))
        moves += ((square, ray[0]),)
        receiver = cq.SEAT_NAMES[1 - self.state.current_player]
        return PushPreview(moves, off if off >= 0 else None, receiver)

    # --- input ------------------------------------------------------------------------------------

    def handle_move_input(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover_square = layout.square_at(event.pos)
            if self.pending is not None:
                square, _, directions, _, _ = self.pending
                self.hover_arrow = layout.arrow_at(square, event.pos, directions)
            self.drag.move(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            return self._press_at(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            released = layout.square_at(event.pos)
            if self.drag.release() and released is not None:
                self._square_pressed(released)
                return True
        return False

    def _press_at(self, pos: tuple[int, int]) -> bool:
        if self.pending is not None:
            return self._answer_pending(pos)
        square = layout.square_at(pos)
        if square is not None:
            self._square_pressed(square)
            if self.selected_square == square:
                self.drag.press(pos)
            return True
        code = self._hand_code_at(pos)
        if code is not None and self.hand_on_phone:
            self.refuse("Your tiles are on your phone: place them from there.")
            return True
        if code is not None:
            self.selected_square = None
            self.selected_code = None if code == self.selected_code else code
            if self.selected_code:
                self.drag.press(pos)
            return True
        seat = layout.seat_at(pos)
        if seat is not None and seat != self.state.current_player:
            self.refuse("Those tiles are your opponent's: play from your own hand.")
            return True
        self.reset_input()
        return False

    def _hand_code_at(self, pos: tuple[int, int]) -> str | None:
        seat = self.state.current_player
        if not layout.panel(seat).hand_rect.collidepoint(pos):
            return None
        hand = self.presenter.hands[seat]
        if not hand:
            return None
        tile = min(hand, key=lambda t: (t.x - pos[0]) ** 2 + (t.y - pos[1]) ** 2)
        if (tile.x - pos[0]) ** 2 + (tile.y - pos[1]) ** 2 > 80**2:
            return None
        return tile.code

    def _square_pressed(self, square: int) -> None:
        view = self.mover_view
        occupied = view.cells[square] is not None
        if self.selected_code is not None and not occupied:
            self._drop_hand_tile(square)
        elif self.selected_square is not None and not occupied:
            self._try(cq.MoveTile(self.selected_square, square))
        elif occupied and not view.final_placements:
            self.selected_code = None
            if self.selected_square == square:
                self.selected_square = None
            elif not any(
                isinstance(m, cq.MoveTile) and m.src == square for m in view.legal_moves()
            ):
                self.selected_square = None
                self._explain_stuck(square)
            else:
                self.selected_square = square
        elif occupied:
            self.refuse("Only placements now: put a tile from your hand on an empty square.")
        else:
            self.refuse("Pick a tile first: from your hand, or a grid tile to move.")

    def _explain_stuck(self, square: int) -> None:
        no_move, _ = self.shown.restricted_squares()
        opponent = cq.SEAT_NAMES[1 - self.state.current_player]
        if square == no_move:
            self.refuse(f"{opponent} just moved that tile: you may not move it back now.")
        else:
            self.refuse("That tile has no empty square next to it.")

    def _drop_hand_tile(self, square: int) -> None:
        code = self.selected_code
        assert code is not None
        moves = self.shown.legal_moves()
        pushes = [
            m.direction
            for m in moves
            if isinstance(m, cq.PlacePush) and m.code == code and m.square == square
        ]
        can_place = cq.Place(code, square) in moves
        occupied = sum(1 << sq for sq, cell in enumerate(self.shown.cells) if cell is not None)
        blocked = [
            d
            for d in range(8)
            if d not in pushes
            and push_run(occupied, square, d)[0] >= 2
            and not self.shown.final_placements
        ]
        if not pushes and not blocked:
            self._try(cq.Place(code, square))
        else:
            self.pending = (square, code, pushes, can_place, blocked)
            self.hover_arrow = None

    def _answer_pending(self, pos: tuple[int, int]) -> bool:
        assert self.pending is not None
        square, code, directions, can_place, blocked = self.pending
        arrow = layout.arrow_at(square, pos, directions + blocked)
        if arrow is not None:
            self._try(cq.PlacePush(code, square, arrow))
        elif layout.square_at(pos) == square and can_place:
            self._try(cq.Place(code, square))
        else:
            self.pending = None  # anywhere else: put the tile back in hand
            self.hover_arrow = None
        return True

    def choose_option(self, number: int) -> bool:
        return False

    def _try(self, move: Any) -> None:
        """Play `move` if the rules allow it now, else say why (the engine's reason)."""
        try:
            self.mover_view.check(move)
        except IllegalMove as refusal:
            self.pending = None
            self.refuse(sentence(str(refusal)))
            return
        self.play(move)
