"""The presentation model of the Consequence board: tiles the timeline moves to the view.

Everything here comes from the view of the seat on show and from events redacted for it, so a
tile's `code` is `bM` only where that seat may know the symbol, else `b?`. A placement drops a
tile from its hand with a shadow; a push slides the whole run together, and a tile pushed off
slides past the edge, lifts and flies to the receiving hand; a move slides one square. At the end
every tile flips one by one and each scoring pair is drawn as a line while the counts tick up.
When the timeline is idle, the tiles are exactly the view's (`cells()` and `hand_codes()`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game import consequence as cq
from game.consequence.scoring import LINES, pairs_of
from game.core.events import Event, GameOver, TurnPassed
from game.core.grid import column_row, square_name
from game.core.result import Result
from scenes.boards.consequence import layout
from scenes.kit.effects import GOLD, EffectsPresenter, EventHandlers, Glow
from scenes.kit.i18n import L_
from scenes.kit.tween import (
    Tween,
    ease_in_out_cubic,
    ease_in_quad,
    ease_out_back,
    ease_out_bounce,
    ease_out_cubic,
    ease_out_quad,
    linear,
)

DROP = 0.4
SLIDE = 0.32
OFF_EDGE = 0.22
FLY = 0.5
FLIP_HALF = 0.11
PAIR_LINE = 0.28
MARKER_FADE = 0.3

#: what the presenter is shown of the game (the view of the seat on show)
View = cq.ConsequenceView[cq.State]


def known(code: str) -> bool:
    return code[1:2] != "?"


@dataclass(eq=False)
class Tile:
    """A tile as drawn: `code` as the seat on show knows it; `face_up` draws the symbol large
    (own hand, the reveal), `mark` small (the memory aid on tiles that seat placed)."""

    code: str
    x: float = 0.0
    y: float = 0.0
    scale: float = 1.0
    lift: float = 0.0
    flip: float = 1.0
    z: int = 0
    face_up: bool = False
    mark: bool = False


@dataclass(eq=False)
class Marker:
    """A restriction shown on the opponent's last tile: "move" (CQ-11) or "push" (CQ-12)."""

    kind: str
    square: int
    alpha: float = 0.0


@dataclass(eq=False)
class PairLine:
    seat: int
    a: int
    b: int
    progress: float = 0.0


class Presenter(EffectsPresenter):
    """Tiles, hands, restriction markers and the reveal of one Consequence board."""

    def __init__(
        self,
        names: Sequence[str],
        colours: Sequence[tuple[str, tuple[int, int, int], str]],
        memory_aid: bool,
        view_now: Callable[[], View],
        on_sound: Callable[[str], object] = lambda name: None,
    ) -> None:
        self.colours = list(colours)
        self.memory_aid = memory_aid
        self.view_now = view_now  # the view of the seat on show, after the move
        self.viewer: int | None = None
        super().__init__(2, names, on_sound, stage=(layout.BOARD.centerx, layout.BOARD.centery))
        self._empty()

    def _empty(self) -> None:
        self.cells: list[Tile | None] = [None] * 16
        self.hands: list[list[Tile]] = [[], []]
        self.markers: list[Marker] = []
        self.pairs: list[PairLine] = []
        self.over = False
        self._group: list[Event] | None = None

    def handlers(self) -> EventHandlers:
        return (
            EventHandlers()
            .on(cq.TilePlaced, self._animate_placed)
            .on(cq.TileSlid, self._join_push)
            .on(cq.TilePushedOff, self._join_push)
            .on(cq.FinalPlacements, self._animate_final_placements)
            .on(cq.TileRevealed, self._animate_revealed)
            .on(cq.PairScored, self._animate_pair)
            .on(TurnPassed, self._animate_turn_passed)
            .on(GameOver, self._animate_end)
        )

    def place_of(self, tile: Tile) -> str:
        """Where `tile` is drawn: "grid b2", "hand 1", or "air" (flying)."""
        for square, cell in enumerate(self.cells):
            if cell is tile:
                return f"grid {square_name(square)}"
        for seat, hand in enumerate(self.hands):
            if tile in hand:
                return f"hand {seat}"
        return "air"

    def animate(
        self, events: Sequence[Event], on_game_over: Callable[[], object] | None = None
    ) -> None:
        self._group = None
        super().animate(events, on_game_over)

    # --- the model --------------------------------------------------------------------------------

    def sync(self, view: View, viewer: int | None) -> None:
        """Lay every tile as `view` (of `viewer`) has it, with nothing animating."""
        self.skip()
        self.reset_effects()
        self._empty()
        self.viewer = viewer
        self.over = view.is_over
        for square, code in enumerate(view.cells):
            if code is not None:
                self.cells[square] = self._grid_tile(code)
        for seat in (0, 1):
            self.hands[seat] = [self._hand_tile(code, seat) for code in view.hand(seat)]
            self.seats[seat].points = view.score(seat) if view.is_over else 0
        self.settle_seats(view.current_player)
        self._set_markers(view, alpha=255.0)
        if self.over:  # the count as the reveal drew it: every pair, and a deciding line of four
            symbols = [code[1] if code else "." for code in view.cells]
            self.pairs = [
                PairLine(seat, a, b, 1.0) for seat in (0, 1) for a, b in pairs_of(symbols, seat)
            ]
            result = view.result
            if result is not None and not result.draw and len(set(result.scores)) == 1:
                seat = result.winners[0]
                self.glows = [Glow(_four_line(view, seat), self.colours[seat][1], 1.0)]
        self.settle()

    def _grid_tile(self, code: str) -> Tile:
        tile = Tile(code)
        self._face_on_grid(tile)
        return tile

    def _face_on_grid(self, tile: Tile) -> None:
        tile.face_up = self.over and known(tile.code)
        tile.mark = not self.over and self.memory_aid and known(tile.code)

    def _hand_tile(self, code: str, seat: int) -> Tile:
        return Tile(code, face_up=seat == self.viewer and known(code))

    def home(self, tile: Tile) -> tuple[float, float, float]:
        for square, cell in enumerate(self.cells):
            if cell is tile:
                x, y = layout.square_centre(square)
                return x, y, 1.0
        for seat, hand in enumerate(self.hands):
            if tile in hand:
                x, y = layout.panel(seat).hand_slot(hand.index(tile))
                return x, y, layout.HAND_SCALE
        raise ValueError(f"tile {tile.code} is nowhere")

    def tiles(self) -> list[Tile]:
        return [t for t in self.cells if t is not None] + self.hands[0] + self.hands[1]

    def settle(self) -> None:
        for tile in self.tiles():
            tile.x, tile.y, tile.scale = self.home(tile)
            tile.lift, tile.flip, tile.z = 0.0, 1.0, 0

    def cell_codes(self) -> tuple[str | None, ...]:
        return tuple(None if t is None else t.code for t in self.cells)

    def hand_codes(self, seat: int) -> list[str]:
        return sorted(t.code for t in self.hands[seat])

    def _set_markers(self, view: View, alpha: float) -> None:
        no_move, no_push_off = view.restricted_squares()
        self.markers = [
            Marker(kind, square, alpha)
            for kind, square in (("move", no_move), ("push", no_push_off))
            if square is not None
        ]

    def _shift(self, seat: int) -> None:
        for tile in self.hands[seat]:
            x, y, scale = self.home(tile)
            if (x, y, scale) != (tile.x, tile.y, tile.scale):
                self.timeline.add(Tween(tile, 0.25, ease_out_cubic, x=x, y=y, scale=scale))

    # --- animations from events -------------------------------------------------------------------

    def _take_from_hand(self, seat: int, code: str) -> Tile:
        hand = self.hands[seat]
        tile = next((t for t in hand if t.code == code), None)
        if tile is None:  # a hidden hand: any tile of that colour
            tile = next(t for t in hand if t.code[0] == code[0])
        hand.remove(tile)
        return tile

    def _animate_placed(self, event: cq.TilePlaced) -> None:
        self._group = None

        def drop() -> None:
            self.markers = []
            tile = self._take_from_hand(event.seat, event.code)
            tile.code = event.code
            self.cells[event.square] = tile
            tile.z = 20
            x, y, _scale = self.home(tile)
            self.timeline.add(Tween(tile, DROP, ease_in_out_cubic, x=x, y=y, scale=1.0))
            self.timeline.add(Tween(tile, DROP, ease_out_quad, lift=1.0))
            self._shift(event.seat)

        def land() -> None:
            tile = self.cells[event.square]
            assert tile is not None
            self._face_on_grid(tile)
            tile.face_up = False
            self.on_sound("place")
            self.timeline.add(
                Tween(tile, 0.22, ease_out_bounce, lift=0.0, on_finished=lambda: _rest(tile))
            )

        self.timeline.then(drop).then(land)

    def _join_push(self, event: Event) -> None:
        """Slides (and the tile pushed off) of one action run together as one step."""
        if self._group is None:
            group: list[Event] = []
            self._group = group
            self.timeline.then(lambda: self._run_slides(group))
        self._group.append(event)

    def _run_slides(self, group: list[Event]) -> None:
        self.markers = []
        slides = [e for e in group if isinstance(e, cq.TileSlid)]
        moving = [(self.cells[e.src], e) for e in slides]
        off = next((e for e in group if isinstance(e, cq.TilePushedOff)), None)
        gone = self.cells[off.square] if off is not None else None
        for event in slides:
            self.cells[event.src] = None
        if off is not None:
            self.cells[off.square] = None
        for tile, event in moving:
            assert tile is not None
            self.cells[event.dst] = tile
            x, y = layout.square_centre(event.dst)
            self.timeline.add(Tween(tile, SLIDE, ease_in_out_cubic, x=x, y=y))
        self.on_sound("slide")
        if off is not None and gone is not None:
            direction = direction_of(slides[0]) if slides else 0
            self._fly_off(gone, off, direction)

    def _fly_off(self, tile: Tile, event: cq.TilePushedOff, direction: int) -> None:
        """Past the edge, then up and over to the receiving hand."""
        x, y = layout.off_grid(event.square, direction)
        tile.z = 30

        def to_hand() -> None:
            tile.code = event.code
            hand = self.hands[event.receiver]
            hand.append(tile)
            tile.mark = False
            tile.face_up = event.receiver == self.viewer and known(event.code)
            hx, hy, scale = self.home(tile)
            self.timeline.add(Tween(tile, FLY, ease_in_out_cubic, x=hx, y=hy, scale=scale))
            self.timeline.add(
                Tween(tile, FLY, ease_in_quad, lift=0.0, on_finished=lambda: _rest(tile))
            )

        self.timeline.add(
            Tween(tile, OFF_EDGE, ease_out_quad, x=x, y=y, lift=0.8, on_finished=to_hand)
        )

    def _animate_final_placements(self, event: cq.FinalPlacements) -> None:
        self._group = None
        if event.reason == cq.EndReason.TURN_LIMIT:
            text = L_("Turn {limit}: the last tiles are placed", limit=cq.TURN_LIMIT)
        else:
            text = L_("A hand is empty: the last tiles are placed")
        self.announce(text, GOLD, "slide")  # (not a capture: no capture cue)

    def _animate_revealed(self, event: cq.TileRevealed) -> None:
        self._group = None

        def turn() -> None:
            self.over = True
            self.markers = []
            tile = self.cells[event.square]
            if tile is None:
                return
            self.timeline.add(
                Tween(tile, FLIP_HALF, ease_in_quad, flip=0.0, on_finished=lambda: show(tile))
            )

        def show(tile: Tile) -> None:
            tile.code, tile.face_up, tile.mark = event.code, True, False
            self.timeline.add(Tween(tile, FLIP_HALF, ease_out_back, flip=1.0))

        self.timeline.then(turn)

    def _animate_pair(self, event: cq.PairScored) -> None:
        line = PairLine(event.seat, event.a, event.b)

        def draw() -> None:
            self.pairs.append(line)
            self.on_sound("capture")
            panel = self.seats[event.seat]
            self.timeline.add(Tween(line, PAIR_LINE, ease_out_cubic, progress=1.0))
            self.timeline.add(Tween(panel, PAIR_LINE, linear, points=round(panel.points) + 1))

        self.timeline.then(draw)

    def _animate_turn_passed(self, event: TurnPassed) -> None:
        """After each action: the tiles take the view's codes and order, and the restriction
        markers fade in on the opponent's last tile."""
        self._group = None
        super()._animate_turn_passed(event)
        self.timeline.then(self._settle_to_view)

    def _settle_to_view(self) -> None:
        view = self.view_now()
        for square, code in enumerate(view.cells):
            tile = self.cells[square]
            if tile is not None and code is not None:
                tile.code = code
                self._face_on_grid(tile)
        for seat in (0, 1):
            hand = self.hands[seat]
            codes = view.hand(seat)
            for tile, code in zip(sorted(hand, key=lambda t: t.code), codes, strict=False):
                tile.code = code
                tile.face_up = seat == self.viewer and known(code)
            hand.sort(key=lambda t: t.code)
            self._shift(seat)
        self._set_markers(view, alpha=0.0)
        for marker in self.markers:
            self.timeline.add(Tween(marker, MARKER_FADE, ease_out_quad, alpha=255.0))

    def _animate_end(self, event: GameOver) -> None:
        result = event.result
        scores = result.scores
        if not result.draw and scores[0] == scores[1]:  # CQ-16: a line of four decided it
            seat = result.winners[0]
            line = _four_line(self.view_now(), seat)
            glow = Glow(line, self.colours[seat][1])

            def light() -> None:
                self.glows.append(glow)
                self.timeline.add(Tween(glow, 0.5, ease_out_quad, progress=1.0))

            self.timeline.then(light)
            if seat == 0:
                text = L_("Equal pairs: four moons in a line win!")
            else:
                text = L_("Equal pairs: four suns in a line win!")
            self.announce(text, GOLD, "win", hold=1.4)
        self._animate_game_over(event)

    def game_over_sound(self, result: Result) -> str | None:
        return "win"


def _rest(tile: Tile) -> None:
    tile.z = 0


def direction_of(slide: cq.TileSlid) -> int:
    """The push direction of a slide (from its source to its destination square)."""
    (src_col, src_row), (dst_col, dst_row) = column_row(slide.src), column_row(slide.dst)
    # canvas y grows downwards, rows upwards
    return layout.STEPS.index((dst_col - src_col, src_row - dst_row))


def _four_line(view: View, seat: int) -> tuple[int, ...]:
    """The squares of a full line of `seat`'s symbol (the view is the finished game's)."""
    symbol = cq.SEAT_SYMBOLS[seat]
    for line in LINES:
        if len(line) == 4 and all((view.cells[sq] or "??")[1] == symbol for sq in line):
            return tuple(line)
    return ()
