"""Consequence: the full state of a game (rules CQ-1 .. CQ-19 in shared/rules/consequence.md).

Seat 0 is Moon (blue tiles), seat 1 Sun (red tiles). The 14 tiles have fixed ids (TILE_CODES).
The state knows every symbol; `view(seat)` gives what one seat may know. A seat knows the symbol
of the tiles in its hand and of the grid tiles it placed itself (CQ-17): each tile has an owner,
the seat whose hand it was last in, and a tile that enters a hand is known to that hand only.

Memory: a seat that pushes off a tile it placed itself knows that the opponent now holds that
symbol, though the tile disappears among the opponent's tiles. Each seat keeps these as memory
entries (code, ply); the opponent's later placements are dated by ply, so samples of a view can
place each remembered symbol among the tiles it may have become (ConsequenceView.sample). An
entry is dropped when a tile of that code, placed by the opponent after the entry, comes back.

Turns: Moon's opening placement (CQ-6) is not counted; the 60 turns of CQ-19 follow it. The final
placements (CQ-14, CQ-19) are not counted either. A pass (CQ-13, notation `pass`) counts as a turn;
it cannot arise in a real game (the player to move always holds a tile and an empty square
exists) and exists for hand-made positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from game.consequence.events import (
    FinalPlacements,
    PairScored,
    TilePlaced,
    TilePushedOff,
    TileRevealed,
    TileSlid,
    redact_events,
)
from game.consequence.moves import (
    ALL_TILES,
    CODE_INDEX,
    CODE_MASKS,
    HAND_CODES,
    MADE,
    MOON,
    RAYS,
    SUN,
    TILE_CODES,
    TILE_COUNT,
    TURN_LIMIT,
    ConsequenceMove,
    MoveTile,
    Pass,
    Place,
    generate,
    malformed,
    parse_text,
    refusal,
)
from game.consequence.scoring import four_in_line, pairs_of
from game.consequence.view import ConsequenceView
from game.core import descriptor
from game.core.engine import Engine
from game.core.events import Event, GameOver, TurnPassed
from game.core.grid import render_grid
from game.core.result import Result, best_seats
from game.core.state_checks import (
    checked_result,
    field,
    items,
    one_of,
    saved_result,
    seat_number,
    to_move,
    whole,
)
from game.messages import N_

_SYMBOL = tuple(code[1] for code in TILE_CODES)
#: the most actions of a game: the opening, TURN_LIMIT turns and a final placement per tile
MAX_PLY = 1 + TURN_LIMIT + TILE_COUNT
_MOON_TILES = sum(1 << t for t in range(7))


class EndReason(descriptor.EndReason):
    """How a game of Consequence ends (CQ-14, CQ-19); the pairs decide either way."""

    HAND_EMPTY = (
        "hand empty",
        N_("A hand ran out of tiles: every tile was turned up and the pairs counted."),
        True,
    )
    TURN_LIMIT = (
        "turn limit",
        N_("The 60-turn limit was reached: every tile was turned up and the pairs counted."),
        True,
    )


#: per seat, (code, ply) of each symbol it gave away (see the module)
Memory = tuple[Sequence[tuple[str, int]], Sequence[tuple[str, int]]]


class State(Engine[ConsequenceMove]):
    """A game of Consequence with every symbol known. Mutable; `clone()` copies it cheaply."""

    __slots__ = (
        "board",
        "end_reason",
        "hands",
        "last_moved",
        "last_placed",
        "memory",
        "moon_owns",
        "occupied",
        "placed_at",
        "ply",
        "turn",
    )
    players = 2
    _COPIED: ClassVar = {"board": list.copy, "placed_at": list.copy}

    board: list[int]  # tile id per square, -1 for empty
    occupied: int  # bit per occupied square
    hands: tuple[int, int]  # bit per tile id, per seat
    moon_owns: int  # bit per tile whose symbol Moon knows (Sun knows the others)
    last_moved: tuple[int, int]  # tile each seat moved on its last turn, -1 for none
    last_placed: tuple[int, int]  # tile each seat placed on its last turn, -1 for none
    turn: int  # turns played after the opening placement (of TURN_LIMIT)
    end_reason: EndReason | None  # set when the final placements begin
    ply: int  # actions played, the opening and the final placements included
    placed_at: list[int]  # per tile id, the ply of its last placement on the grid, -1 never
    memory: tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]  # see module doc

    def __init__(self) -> None:
        self.board = [-1] * 16
        self.occupied = 0
        self.hands = (_MOON_TILES, ALL_TILES & ~_MOON_TILES)
        self.moon_owns = _MOON_TILES
        self.last_moved = (-1, -1)
        self.last_placed = (-1, -1)
        self.turn = 0
        self._current: int | None = MOON
        self.end_reason = None
        self._result: Result | None = None
        self.ply = 0
        self.placed_at = [-1] * TILE_COUNT
        self.memory = ((), ())

    # --- read API --------------------------------------------------------------------------------

    @property
    def turn_limit(self) -> int:
        return TURN_LIMIT

    @property
    def final_placements(self) -> bool:
        """True once play is over and only the placements of CQ-14 / CQ-19 remain."""
        return self.end_reason is not None and self._result is None

    def diagram(self) -> str:
        """The grid, row 4 first, `.` for an empty square, tile codes such as `bM`."""
        return render_grid([TILE_CODES[t] if t >= 0 else "." for t in self.board])

    def hand(self, seat: int) -> list[str]:
        return sorted(TILE_CODES[t] for t in _tiles(self.hands[seat_number(seat, 2)]))

    def hand_size(self, seat: int) -> int:
        return self.hands[seat].bit_count()

    def hand_tiles(self, seat: int) -> list[int]:
        """The ids of the tiles in `seat`'s hand, ascending."""
        return _tiles(self.hands[seat])

    def tile_at(self, square: int) -> int | None:
        t = self.board[square]
        return None if t < 0 else t

    def placed_by(self, square: int) -> int | None:
        """The seat that put the tile on `square` on the grid (public), None for an empty square."""
        t = self.board[square]
        return None if t < 0 else (MOON if self.moon_owns >> t & 1 else SUN)

    def knows(self, seat: int, tile: int) -> bool:
        """Whether `seat` may know the symbol of `tile` now (CQ-10, CQ-17; all, once over)."""
        return self._result is not None or (self.moon_owns >> tile & 1) == (seat == MOON)

    def symbols(self) -> list[str]:
        """The symbol on each square, all known (`M`, `S`, `D`; "" for an empty square)."""
        return [_SYMBOL[t] if t >= 0 else "" for t in self.board]

    def score(self, seat: int) -> int:
        """Pairs of `seat`'s symbol on the grid as it stands, all symbols known (CQ-15)."""
        return len(pairs_of(self.symbols(), seat))

    def breakdown(self, seat: int) -> dict[str, int]:
        return {"pairs": self.score(seat)}

    def four_in_line(self, seat: int) -> bool:
        """Whether four of `seat`'s symbol fill a row, column or long diagonal (CQ-16)."""
        return four_in_line(self.symbols(), seat)

    def square_of(self, tile: int) -> int | None:
        """The square of `tile`, None if it is in a hand."""
        return self.board.index(tile) if tile in self.board else None

    def restricted_squares(self) -> tuple[int | None, int | None]:
        """(square whose tile may not be moved, square whose tile may not be pushed off) for the
        player to move (CQ-11, CQ-12); None where nothing is restricted."""
        no_move, no_off = self._restrictions()
        return (None if no_move < 0 else no_move, None if no_off < 0 else no_off)

    def _restrictions(self) -> tuple[int, int]:
        cur = self._current
        if cur is None or self.end_reason is not None:
            return -1, -1
        board = self.board
        moved, placed = self.last_moved[1 - cur], self.last_placed[1 - cur]
        no_move = board.index(moved) if moved >= 0 and moved in board else -1
        no_off = board.index(placed) if placed >= 0 and placed in board else -1
        return no_move, no_off

    # --- moves -----------------------------------------------------------------------------------

    def legal_moves(self) -> list[ConsequenceMove]:
        cur = self._current
        if cur is None:
            return []
        no_move, no_off = self._restrictions()
        return generate(
            self.occupied, HAND_CODES[self.hands[cur]], no_move, no_off, self.end_reason is not None
        )

    _read = staticmethod(parse_text)
    _malformed = staticmethod(malformed)
    _made = MADE

    def _refused(self, move: ConsequenceMove) -> str | None:
        cur = self._current
        assert cur is not None
        no_move, no_off = self._restrictions()
        return refusal(
            move,
            self.occupied,
            HAND_CODES[self.hands[cur]],
            no_move,
            no_off,
            self.end_reason is not None,
        )

    def _apply(self, move: ConsequenceMove) -> list[Event]:
        cur = self._current
        assert cur is not None
        opp = 1 - cur
        events: list[Event] = []
        opening = self.occupied == 0 and isinstance(move, Place) and self.end_reason is None
        moved = placed = -1
        board = self.board
        if isinstance(move, MoveTile):  # Move (CQ-7)
            src, dst = move.src, move.dst
            moved = board[src]
            board[src], board[dst] = -1, moved
            self.occupied ^= (1 << src) | (1 << dst)
            events.append(TileSlid(moved, TILE_CODES[moved], self._placer(moved), src, dst))
        elif not isinstance(move, Pass):  # Place, or Place and push (CQ-7, CQ-9)
            sq = move.square
            hand = self.hands[cur]
            pick = hand & CODE_MASKS[CODE_INDEX[move.code]]
            placed = (pick & -pick).bit_length() - 1
            hand ^= 1 << placed
            self.hands = (hand, self.hands[1]) if cur == MOON else (self.hands[0], hand)
            self.placed_at[placed] = self.ply
            events.append(TilePlaced(cur, placed, TILE_CODES[placed], sq))
            if isinstance(move, Place):
                board[sq] = placed
                self.occupied |= 1 << sq
            else:
                self._push(placed, sq, move.direction, opp, events)
        self.ply += 1
        # kept in the final placements too, so that no stale tile id outlives its turn
        if cur == MOON:
            self.last_moved = (moved, self.last_moved[1])
            self.last_placed = (placed, self.last_placed[1])
        else:
            self.last_moved = (self.last_moved[0], moved)
            self.last_placed = (self.last_placed[0], placed)
        self._pass_turn(cur, opening, events)
        return events

    def _pass_turn(self, cur: int, opening: bool, events: list[Event]) -> None:
        """After `cur`'s action: count the turn, begin the final placements or end the game
        when it is time (CQ-14, CQ-19), and say who acts next."""
        opp = 1 - cur
        if self.end_reason is None:
            if not opening:
                self.turn += 1
            if not self.hands[cur]:
                self._begin_final_placements(EndReason.HAND_EMPTY, opp, events)
            elif self.turn >= TURN_LIMIT:
                self._begin_final_placements(EndReason.TURN_LIMIT, opp, events)
            else:
                self._current = opp
        else:
            self._next_placer(opp)
        result = self._finish(events) if self._current is None else None
        events.append(TurnPassed(cur, self._current))
        if result is not None:
            events.append(GameOver(result))

    def _push(self, tile: int, sq: int, direction: int, opp: int, events: list[Event]) -> None:
        board = self.board
        ray = RAYS[sq][direction]
        length = 0
        for s in ray:
            if board[s] < 0:
                break
            length += 1
        if length == len(ray):  # the last tile of the run leaves the grid (CQ-9, CQ-10)
            off = ray[-1]
            gone = board[off]
            board[off] = -1
            placer = self._placer(gone)
            events.append(TilePushedOff(gone, TILE_CODES[gone], placer, off, opp))
            if placer != opp:
                self._remember(gone, 1 - opp)
            if opp == MOON:
                self.hands = (self.hands[0] | 1 << gone, self.hands[1])
                self.moon_owns |= 1 << gone
            else:
                self.hands = (self.hands[0], self.hands[1] | 1 << gone)
                self.moon_owns &= ~(1 << gone)
            length -= 1
        else:
            self.occupied |= 1 << ray[length]
        for i in range(length - 1, -1, -1):
            t = board[ray[i]]
            board[ray[i + 1]] = t
            events.append(TileSlid(t, TILE_CODES[t], self._placer(t), ray[i], ray[i + 1]))
        board[ray[0]] = tile
        events.append(TileSlid(tile, TILE_CODES[tile], 1 - opp, sq, ray[0]))

    def _remember(self, tile: int, pusher: int) -> None:
        """`pusher` gives a tile it placed to the opponent: it remembers the symbol; the opponent
        drops a memory entry this tile may have been."""
        code, receiver = TILE_CODES[tile], 1 - pusher
        memory = list(self.memory)
        memory[pusher] = (*memory[pusher], (code, self.ply))
        older = [e for e in memory[receiver] if e[0] == code and e[1] < self.placed_at[tile]]
        if older:
            entries = list(memory[receiver])
            entries.remove(max(older, key=lambda e: e[1]))
            memory[receiver] = tuple(entries)
        self.memory = (memory[0], memory[1])

    def _placer(self, tile: int) -> int:
        return MOON if self.moon_owns >> tile & 1 else SUN

    def _begin_final_placements(self, reason: EndReason, first: int, events: list[Event]) -> None:
        self.end_reason = reason
        self._next_placer(first)
        if self._current is not None:
            events.append(FinalPlacements(reason, self._current))

    def _next_placer(self, first: int) -> None:
        """The final placements alternate, skipping a seat with an empty hand (CQ-14, CQ-19)."""
        if self.hands[first]:
            self._current = first
        elif self.hands[1 - first]:
            self._current = 1 - first
        else:
            self._current = None

    def _finish(self, events: list[Event]) -> Result:
        """Turn every tile up, count the pairs (CQ-15) and rank the seats (CQ-16)."""
        symbols = self.symbols()
        for sq, t in enumerate(self.board):
            if t >= 0:
                events.append(TileRevealed(t, TILE_CODES[t], sq))
        scores = []
        for seat in (MOON, SUN):
            pairs = pairs_of(symbols, seat)
            events.extend(PairScored(seat, a, b) for a, b in pairs)
            scores.append(len(pairs))
        # equal scores: a line of four alone wins, otherwise a draw (CQ-16)
        winners = best_seats(scores, tiebreak=lambda seat: four_in_line(symbols, seat))
        assert self.end_reason is not None
        return self._conclude(winners, tuple(scores), self.end_reason)

    # --- views, saves ----------------------------------------------------------------------------

    def view(self, seat: int | None) -> ConsequenceView:
        """What `seat` may know (None: a spectator), as a ConsequenceView."""
        return ConsequenceView.of(self, seat)

    def to_dict(self) -> dict[str, Any]:
        r = self._result
        return {
            "game": "consequence",
            "board": list(self.board),
            "hands": [_tiles(h) for h in self.hands],
            "moon_knows": _tiles(self.moon_owns),
            "last_moved": list(self.last_moved),
            "last_placed": list(self.last_placed),
            "turn": self.turn,
            "current": self._current,
            "end_reason": None if self.end_reason is None else str(self.end_reason),
            "ply": self.ply,
            "placed_at": list(self.placed_at),
            "memory": [[list(e) for e in m] for m in self.memory],
            "result": None if r is None else r.to_dict(),
        }

    @classmethod
    def from_parts(
        cls,
        *,
        board: Sequence[int],
        hands: Sequence[Sequence[int]],
        moon_knows: Sequence[int],
        current: int | None,
        turn: int = 0,
        last_moved: tuple[int, int] = (-1, -1),
        last_placed: tuple[int, int] = (-1, -1),
        end_reason: str | None = None,
        ply: int = 0,
        placed_at: Sequence[int] | None = None,
        memory: Memory = ((), ()),
        result: Result | None = None,
    ) -> State:
        """A state from its parts (tile ids): `board` the tile of each square (-1 empty),
        `hands` each seat's tiles, `moon_knows` the tiles whose symbol Moon knows (Sun knows
        the others), `last_moved` / `last_placed` the tile each seat moved or placed last (-1:
        none), `placed_at` the ply each tile was placed, `memory` each seat's (code, ply) of
        the symbols it gave away. ValueError, naming the part, unless the 14 tiles are there
        once each on 16 squares and hands, every part is of the right type and in range (tile
        ids, seats, the turn and ply within the game's length) and there is a player to move
        exactly while the game runs."""
        tile = (-1, TILE_COUNT - 1)
        board = [whole(t, "a square", *tile) for t in items(board, "the board", 16, exactly=True)]
        held = [
            [whole(t, "a tile in hand", 0, TILE_COUNT - 1) for t in items(h, "a hand", TILE_COUNT)]
            for h in items(hands, "the hands", 2, exactly=True)
        ]
        everywhere = [t for t in board if t >= 0] + held[0] + held[1]
        if sorted(everywhere) != list(range(TILE_COUNT)):
            raise ValueError("a Consequence state holds the 14 tiles once each on 16 squares")
        state = cls()
        state.board = board
        state.occupied = sum(1 << sq for sq, t in enumerate(board) if t >= 0)
        state.hands = (_mask(held[0]), _mask(held[1]))
        known = items(moon_knows, "moon_knows", TILE_COUNT)
        state.moon_owns = _mask([whole(t, "a tile Moon knows", 0, TILE_COUNT - 1) for t in known])
        state.last_moved = _pair(last_moved, "last_moved")
        state.last_placed = _pair(last_placed, "last_placed")
        state.turn = whole(turn, "turn", 0, TURN_LIMIT)
        if end_reason is not None:
            state.end_reason = EndReason(one_of(end_reason, "end_reason", set(EndReason)))
        state.ply = whole(ply, "ply", 0, MAX_PLY)
        placed = items(placed_at or [-1] * TILE_COUNT, "placed_at", TILE_COUNT, exactly=True)
        state.placed_at = [whole(p, "a ply of placed_at", -1, state.ply) for p in placed]
        moon_memory, sun_memory = items(memory, "the memory", 2, exactly=True)
        state.memory = (_memory(moon_memory, state.ply), _memory(sun_memory, state.ply))
        state._result = checked_result(result, 2)
        state._current = to_move(current, 2, result, "current")
        if result is not None and state.end_reason is None:
            raise ValueError("a finished game has an end reason")
        return state

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        """The state saved by `to_dict`; ValueError, naming the field, for a damaged one or
        any state `from_parts` refuses."""
        return cls.from_parts(
            board=field(d, "board"),
            hands=field(d, "hands"),
            moon_knows=field(d, "moon_knows"),
            current=field(d, "current"),
            turn=field(d, "turn"),
            last_moved=field(d, "last_moved"),
            last_placed=field(d, "last_placed"),
            end_reason=field(d, "end_reason"),
            ply=d.get("ply", 0),
            placed_at=d.get("placed_at"),
            memory=d.get("memory", ((), ())),
            result=saved_result(field(d, "result"), EndReason, 2),
        )

    def __repr__(self) -> str:
        return f"<consequence.State turn={self.turn} to move={self._current}>"


def _tiles(mask: int) -> list[int]:
    return [t for t in range(TILE_COUNT) if mask >> t & 1]


def _mask(tiles: list[int]) -> int:
    return sum(1 << t for t in set(tiles))


def _pair(value: Any, what: str) -> tuple[int, int]:
    """A tile id (or -1: none) per seat."""
    moon, sun = (whole(t, what, -1, TILE_COUNT - 1) for t in items(value, what, 2, exactly=True))
    return moon, sun


def _memory(entries: Any, ply: int) -> tuple[tuple[str, int], ...]:
    """One seat's memory entries [code, ply] (see the module doc)."""
    kept = []
    for entry in items(entries, "a memory", MAX_PLY):
        code, when = items(entry, "a memory entry", 2, exactly=True)
        kept.append((one_of(code, "a remembered code", CODE_INDEX), whole(when, "a ply", 0, ply)))
    return tuple(kept)


def new_game(
    players: int = 2, seed: int | None = None, first_player: int = 0, **options: Any
) -> State:
    """A new game: Moon (seat 0) holds the blue tiles, Sun (seat 1) the red ones, Moon to open
    (CQ-4, CQ-6). `seed` is accepted and unused (no chance in Consequence); `first_player` may
    only be 0. The one option, `memory_aid`, is a display setting."""
    DESCRIPTOR.check_setup(players, first_player, options)
    return State()


def parse_move(state: State | ConsequenceView, text: str) -> ConsequenceMove:
    """The legal move written `text` in `state` (a State or a view of the player to move):
    InvalidNotation if it does not parse, IllegalMove if the rules refuse it now."""
    return state.parse(text)


# --- what the game states about itself ----------------------------------------------------------


DESCRIPTOR = descriptor.GameType(
    key="consequence",
    title=N_("Consequence"),
    player_counts=(2,),
    hidden_information=True,
    pitch=N_("Hidden moons and suns slide, push and fall off a 4x4 grid."),
    end_reasons=EndReason,
    new_game=new_game,
    parse_move=parse_move,
    state_class=State,
    bots="game.consequence.bots",
    options=(
        descriptor.GameOption(
            "memory_aid",
            N_("Memory aid"),
            False,
            N_("Mark the tiles you placed, so you need not remember them."),
        ),
    ),
    roles=(N_("Moon"), N_("Sun")),
    part_words={"pairs": N_("Pairs")},
    free_first_player=False,
    throughput_target=2700,
    throughput_before=2700,
    longest_playout=45,
    redact_events=redact_events,
)
