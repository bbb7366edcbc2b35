"""The Consequence board: a person places a hand tile on an empty square, moves a grid tile one
step, or places and pushes (a tile dropped next to a run offers the legal push arrows; hovering
one previews the push). By click then click, or drag and drop. Everything else (computers, undo,
hand-over between people, log, saving, results) is the board skeleton's.

The screen shows only the view of the seat on show (`viewer`) and animates events redacted for
it (CQ-17, CQ-18). Every face the painter draws is recorded (`saw`) with the seat on show.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Unpack

import pygame

from game import consequence as cq
from game.consequence.moves import RAYS, push_run
from game.core.engine import IllegalMove
from game.core.events import Event
from game.core.grid import parse_square, square_name
from game.core.protocols import to_act
from scenes.boards.base import BoardOptions, BoardScene, sentence
from scenes.boards.consequence import layout, words
from scenes.boards.consequence.paint import Overlay, Painter, PushPreview
from scenes.boards.consequence.presenter import Presenter, Tile, direction_of
from scenes.boards.consequence.rules_card import RULES_CARD
from scenes.boards.cursor import place_said
from scenes.boards.history import LogLine
from scenes.kit.drag import Drag
from scenes.kit.i18n import N_, Message, _, translated
from scenes.kit.last_move import Trace
from scenes.kit.seats import GameSetup
from scenes.services import AppServices


class ConsequenceBoard(
    BoardScene[cq.State, cq.ConsequenceView[cq.State], cq.ConsequenceMove, Presenter]
):
    """A game of Consequence on screen."""

    rules_card = RULES_CARD
    draws_last_move = True  # (under the tags of the tiles that may not move or be pushed off)

    think_area = pygame.Rect(
        layout.BOARD_FRAME.left,
        layout.BOARD_FRAME.bottom + 8,
        layout.BOARD_FRAME.width,
        1072 - layout.BOARD_FRAME.bottom - 8,
    )

    def __init__(
        self, app: AppServices, setup: GameSetup, **kwargs: Unpack[BoardOptions[cq.State]]
    ) -> None:
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
            view_now=lambda: self.on_show.shown,
            on_sound=self.app.play_sound,
        )

    def build_view(self) -> None:
        self.painter = Painter(self.setup.colours)
        super().build_view()

    def sync_presenter(self) -> None:
        self.presenter.sync(self.on_show.shown, self.on_show.viewer)

    def presenter_events(self, events: list[Event]) -> list[Event]:
        return cq.redact_events(events, self.on_show.viewer)

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
            return layout.off_edge(square, direction)
        return layout.square_rect(where)

    def reset_input(self) -> None:
        self.selected_code = None
        self.selected_square = None
        self.pending = None
        self.hover_arrow = None
        self.drag.cancel()

    def describe(self, seat: int, move: cq.ConsequenceMove, events: Sequence[Event]) -> LogLine:
        """The log line as everyone may read it: colours only, never a symbol (CQ-17)."""
        setup = self.setup
        said: list[Message] = []
        if isinstance(move, cq.Place):
            said.append(words.placed(setup, seat, move.code[0], square_name(move.square)))
        elif isinstance(move, cq.MoveTile):
            src, dst = square_name(move.src), square_name(move.dst)
            moved = setup.says(
                seat,
                N_("{name} moves {src} to {dst}"),
                N_("You move {src} to {dst}"),
                src=src,
                dst=dst,
            )
            said.append(moved)
        elif isinstance(move, cq.PlacePush):
            where, way = square_name(move.square), cq.DIRECTIONS[move.direction]
            said.append(words.pushed(setup, seat, move.code[0], where, way))
        else:
            said.append(setup.says(seat, N_("{name} passes"), N_("You pass")))
        said.extend(
            words.fell_off(event.code[0], cq.SEAT_NAMES[event.receiver])
            for event in events
            if isinstance(event, cq.TilePushedOff)
        )
        return LogLine(seat, tuple(said))

    def think_words(self, move: cq.ConsequenceMove) -> str:
        """A candidate as everyone may read it: a tile by its colour only (CQ-17)."""
        if isinstance(move, cq.Place | cq.PlacePush):
            blue, where = move.code[0] == "b", square_name(move.square)
            if isinstance(move, cq.PlacePush):
                way = words.way(cq.DIRECTIONS[move.direction])
                if blue:
                    return _("Blue tile on {square}, pushing {way}").format(square=where, way=way)
                return _("Red tile on {square}, pushing {way}").format(square=where, way=way)
            if blue:
                return _("Blue tile on {square}").format(square=where)
            return _("Red tile on {square}").format(square=where)
        if isinstance(move, cq.MoveTile):
            return _("Move {source} to {target}").format(
                source=square_name(move.src), target=square_name(move.dst)
            )
        return _("Pass")

    def think_spot(self, move: cq.ConsequenceMove) -> tuple[float, float] | None:
        if isinstance(move, (cq.Place, cq.PlacePush)):
            square = move.square
        elif isinstance(move, cq.MoveTile):
            square = move.dst
        else:
            return None
        x, y = layout.square_centre(square)
        return x + layout.CELL * 0.32, y - layout.CELL * 0.32

    def status_text(self) -> str:
        seat = to_act(self.state)
        if self.on_show.shown.final_placements:
            theirs = N_("{name}: place a tile from your hand")
            yours = N_("Place a tile from your hand")
        elif self.pending is not None:
            theirs = N_("{name}: place it here (the tick), or push with an arrow")
            yours = N_("Place it here (the tick), or push with an arrow")
        elif self.selected_code is not None:
            theirs = N_("{name}: put the tile on an empty square")
            yours = N_("Put the tile on an empty square")
        elif self.selected_square is not None:
            theirs = N_("{name}: move the tile one step to a glowing square")
            yours = N_("Move the tile one step to a glowing square")
        else:
            theirs = N_("{name}: pick a tile from your hand, or a tile on the grid to move")
            yours = N_("Pick a tile from your hand, or a tile on the grid to move")
        return str(self.setup.says(seat, theirs, yours))

    # --- what the painter and the tests read ------------------------------------------------------

    def paint_overlay(self) -> Overlay:
        """What the painter draws besides the tiles: targets, hover, the tile held, the tile
        waiting for its push arrow and the push's preview, and the view on show."""
        return Overlay(
            shown=self.on_show.shown,
            targets=frozenset(self.target_squares),
            hover_square=self.hover_square,
            hover_arrow=self.hover_arrow,
            selected=self.selected_tile,
            drag_pos=self.drag.pos,
            pending=self.pending,
            push_preview=self.push_preview,
            saw=self.on_show.saw,
            last_move=self.chrome.draw_last_move if self.chrome.framing else _no_marker,
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

    # --- what a lesson asks of the board ---------------------------------------------------------

    def click_path(self, move: cq.ConsequenceMove) -> list[pygame.Rect]:
        """A hand tile, its square, then its push arrow (or the square again to place without a
        push, when pushes are on offer there); or a grid tile and where it moves."""
        if isinstance(move, cq.MoveTile):
            to = layout.square_rect(move.dst)
            return [to] if self.selected_square == move.src else [layout.square_rect(move.src), to]
        if isinstance(move, cq.Pass):  # (no click on the board makes a pass)
            return []
        square = layout.square_rect(move.square)
        last = square
        if isinstance(move, cq.PlacePush):
            x, y = layout.arrow_centre(move.square, move.direction)
            side = 2 * layout.ARROW_RADIUS + 12
            last = pygame.Rect(round(x) - side // 2, round(y) - side // 2, side, side)
        if self.pending is not None and self.pending[:2] == (move.square, move.code):
            return [last]
        path = [square] if last is square else [square, last]
        if self.selected_code != move.code:
            x, y = self.hand_tile_pos(move.code)
            side = round(layout.TILE_PX * layout.HAND_SCALE) + 12
            path.insert(0, pygame.Rect(x - side // 2, y - side // 2, side, side))
        return path

    def cursor_places(self) -> dict[str, pygame.Rect]:
        """Where the keys' cursor stops besides each move's next click: every square (a
        refused one says why) and the tiles in the hand of the seat to move."""
        places = {square_name(sq): layout.square_rect(sq) for sq in layout.GRID.squares}
        side = round(layout.TILE_PX * layout.HAND_SCALE) + 12
        seat = self.state.current_player
        for index, tile in enumerate(self.presenter.hands[seat] if seat is not None else ()):
            rect = pygame.Rect(0, 0, side, side)
            rect.center = round(tile.x), round(tile.y)
            places[f"hand {index + 1}"] = rect
        if self.pending is not None:  # a tile waiting for its push: each arrow on offer
            square, _code, pushes, _place, blocked = self.pending
            side = 2 * layout.ARROW_RADIUS + 12
            for direction in (*pushes, *blocked):
                x, y = layout.arrow_centre(square, direction)
                rect = pygame.Rect(round(x) - side // 2, round(y) - side // 2, side, side)
                places[f"push {cq.DIRECTIONS[direction]}"] = rect
        return places

    def place_words(self, name: str) -> str:
        """A square and its tile, or a hand tile, as the seat on show knows them (CQ-17: a
        tile it did not place, or another hand, by its colour only)."""
        kind, _space, number = name.partition(" ")
        if kind == "push":  # (an arrow: the way it pushes)
            return _("Push {way}").format(way=words.way(number))
        if kind == "hand":
            seat = self.state.current_player
            tiles = self.presenter.hands[seat] if seat is not None else []
            index = int(number) - 1
            code = tiles[index].code if index < len(tiles) else None
            return place_said(_("Hand {number}").format(number=number), _tile_words(code))
        code = self.on_show.shown.cells[parse_square(name)]
        return place_said(name, _tile_words(code))

    def spot_rect(self, spot: str) -> pygame.Rect | None:
        """A square (`b2`), a seat's `hand N` (its tiles) or `score N` (its panel's header)."""
        kind, _, seat = spot.partition(" ")
        if not seat:
            return layout.square_rect(parse_square(spot))
        side = layout.panel(int(seat))
        if kind == "score":
            return side.header
        if kind == "hand":
            tiles = self.presenter.hands[int(seat)]
            if not tiles:
                return side.header
            half = round(layout.TILE_PX * layout.HAND_SCALE) // 2 + 6
            boxes = [pygame.Rect(t.x - half, t.y - half, 2 * half, 2 * half) for t in tiles]
            return boxes[0].unionall(boxes[1:])
        return None

    coach_fills = True  # (over the foot's scoring guide, whole or not at all)

    def coach_rect(self) -> pygame.Rect:
        """The foot of the right-hand panel, below the last row of its hand (which fills it
        from the top: a seventh tile starts a third row)."""
        side = layout.panel(1)
        tiles = len(self.presenter.hands[1])
        top = side.rect.bottom - 436
        if tiles:
            half = round(layout.TILE_PX * layout.HAND_SCALE) // 2
            top = max(top, round(side.hand_slot(tiles - 1)[1]) + half + 12)
        return pygame.Rect(
            side.rect.left + 12, top, side.rect.width - 24, side.rect.bottom - 12 - top
        )

    @property
    def target_squares(self) -> set[int]:
        if not self.human_to_move or self.pending is not None:
            return set()
        moves = self.on_show.mover.legal_moves()
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
        occupied = sum(
            1 << sq for sq, code in enumerate(self.on_show.shown.cells) if code is not None
        )
        length, off = push_run(occupied, square, self.hover_arrow)
        ray = RAYS[square][self.hover_arrow]
        kept = length - (1 if off >= 0 else 0)
        moves = tuple((ray[i], ray[i + 1]) for i in range(kept - 1, -1, -1))
        moves += ((square, ray[0]),)
        receiver = cq.SEAT_NAMES[1 - to_act(self.state)]
        return PushPreview(moves, off if off >= 0 else None, receiver)

    # --- input ------------------------------------------------------------------------------------

    def handle_move_input(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover_square = layout.square_at(event.pos)
            if self.pending is not None:
                square, _code, directions, _place, _blocked = self.pending
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
        if code is not None and self.on_show.hand_on_phone:
            self.status.refuse(_("Your tiles are on your phone: place them from there."))
            return True
        if code is not None:
            self.selected_square = None
            self.selected_code = None if code == self.selected_code else code
            if self.selected_code:
                self.drag.press(pos)
            return True
        seat = layout.seat_at(pos)
        if seat is not None and seat != self.state.current_player:
            self.status.refuse(_("Those tiles are your opponent's: play from your own hand."))
            return True
        self.reset_input()
        return False

    def _hand_code_at(self, pos: tuple[int, int]) -> str | None:
        seat = to_act(self.state)
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
        view = self.on_show.mover
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
            self.status.refuse(
                _("Only placements now: put a tile from your hand on an empty square.")
            )
        else:
            self.status.refuse(_("Pick a tile first: from your hand, or a grid tile to move."))

    def _explain_stuck(self, square: int) -> None:
        no_move, _no_push = self.on_show.shown.restricted_squares()
        opponent = _(cq.SEAT_NAMES[1 - to_act(self.state)])
        if square == no_move:
            self.status.refuse(
                _("{role} just moved that tile: you may not move it on this turn.").format(
                    role=opponent
                )
            )
        else:
            self.status.refuse(_("That tile has no empty square next to it."))

    def _drop_hand_tile(self, square: int) -> None:
        code = self.selected_code
        assert code is not None
        moves = self.on_show.shown.legal_moves()
        pushes = [
            m.direction
            for m in moves
            if isinstance(m, cq.PlacePush) and m.code == code and m.square == square
        ]
        can_place = cq.Place(code, square) in moves
        occupied = sum(
            1 << sq for sq, cell in enumerate(self.on_show.shown.cells) if cell is not None
        )
        blocked = [
            d
            for d in range(8)
            if d not in pushes
            and push_run(occupied, square, d)[0] >= 2
            and not self.on_show.shown.final_placements
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

    def _try(self, move: cq.ConsequenceMove) -> None:
        """Play `move` if the rules allow it now, else say why (the engine's reason)."""
        try:
            self.on_show.mover.check(move)
        except IllegalMove as refusal:
            self.pending = None
            self.status.refuse(sentence(translated(refusal.args[0]) or str(refusal)))
            return
        self.play(move)


def _no_marker(canvas: pygame.Surface) -> None:
    """(A picture of the board, not a frame of the game: no last-move marker.)"""


def _tile_words(code: str | None) -> str | None:
    """A tile code as the seat on show knows it, in words (None: no tile)."""
    return None if code is None else str(words.tile(code))
