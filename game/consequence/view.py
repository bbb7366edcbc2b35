"""What one seat of Consequence may know (CQ-17), and full states sampled consistent with it.

A view shows the colour of every grid tile, its symbol only to the seat that placed it, the seat's
own hand, and the other hand as colours only (`b?`, `r?`: the colours follow from public facts,
7 of each colour minus those seen). A spectator (seat None) sees colours only. Once the game is
over every symbol is shown to everyone.

A seat's view also holds what that seat remembers (see game.consequence): the symbols each seat
gave the other by pushing off a tile it had placed, with the ply, and the ply at which each grid
tile was placed (public). Samples use them so that no sample contradicts the seat's memory.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar, cast

from game.consequence.moves import (
    CODE_INDEX,
    MOON,
    SUN,
    TILE_CODES,
    TURN_LIMIT,
    ConsequenceMove,
    generate,
    malformed,
    parse_text,
    refusal,
)
from game.consequence.scoring import four_in_line, pairs_of
from game.core.engine import Arbiter
from game.core.grid import render_grid
from game.core.result import Result
from game.core.state_checks import seat_number, viewer

#: the state class a view deals its samples as
S = TypeVar("S")
S_co = TypeVar("S_co", covariant=True)


class Dealer(Protocol[S_co]):
    """The state class a view was made from (a class: a view reaches no state object): its
    public constructor deals the view's samples."""

    def from_parts(self, *parts: Any, **named: Any) -> S_co: ...


@dataclass(frozen=True)
class ConsequenceView(Arbiter[ConsequenceMove], Generic[S]):
    """One seat's knowledge of a game. Views compare equal when they show the same things.
    The seat to move checks and parses its moves on its view as on the state."""

    seat: int | None
    cells: tuple[str | None, ...]  # per square: a code, `b?`/`r?` face down, None empty
    placers: tuple[int | None, ...]  # per square: the seat that placed the tile there (public)
    hands: tuple[tuple[str, ...], tuple[str, ...]]  # per seat, sorted codes, `?` if unknown
    current_player: int | None
    turn: int
    end_reason: str | None
    result: Result | None
    last_moved_squares: tuple[int | None, int | None]  # where each seat's last moved tile is
    last_placed_squares: tuple[int | None, int | None]  # where each seat's last placed tile is
    ply: int  # actions played so far
    placed_at: tuple[int | None, ...]  # per square: the ply its tile was placed (public)
    #: per seat, (code, ply) of the symbols it gave away; empty for a spectator
    memory: tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]
    #: the class of the state this view was made from: samples are dealt through its public
    #: constructor (`from_parts`), so this module needs no state module
    dealer: Dealer[S] | None = field(default=None, compare=False, repr=False)

    players = 2

    @classmethod
    def of(cls, state: Any, seat: int | None) -> ConsequenceView[Any]:
        """The view of `state` (a consequence.State) for `seat`."""
        viewer(seat, 2)
        over = state.is_over
        cells: list[str | None] = []
        placers: list[int | None] = []
        for t in state.board:
            if t < 0:
                cells.append(None)
                placers.append(None)
                continue
            placer = MOON if state.moon_owns >> t & 1 else SUN
            placers.append(placer)
            cells.append(TILE_CODES[t] if over or placer == seat else TILE_CODES[t][0] + "?")
        hands = tuple(
            tuple(sorted(c if over or s == seat else c[0] + "?" for c in state.hand(s)))
            for s in (MOON, SUN)
        )
        return cls(
            seat,
            tuple(cells),
            tuple(placers),
            hands,  # type: ignore[arg-type]
            state.current_player,
            state.turn,
            state.end_reason,
            state.result,
            tuple(_square(state, t) for t in state.last_moved),  # type: ignore[arg-type]
            tuple(_square(state, t) for t in state.last_placed),  # type: ignore[arg-type]
            state.ply,
            tuple(None if t < 0 else state.placed_at[t] for t in state.board),
            ((), ()) if seat is None else state.memory,
            cast("Dealer[Any]", type(state)),
        )

    # --- the read API of a state -----------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def turn_limit(self) -> int:
        return TURN_LIMIT

    @property
    def final_placements(self) -> bool:
        return self.end_reason is not None and self.result is None

    def diagram(self) -> str:
        return render_grid([c or "." for c in self.cells])

    def hand(self, seat: int) -> list[str]:
        return list(self.hands[seat_number(seat, 2)])

    def hand_size(self, seat: int) -> int:
        return len(self.hands[seat])

    def placed_by(self, square: int) -> int | None:
        return self.placers[square]

    def score(self, seat: int) -> int:
        """Pairs of `seat`'s symbol among the symbols this view shows (exact once over)."""
        return len(pairs_of(self._symbols(), seat))

    def breakdown(self, seat: int) -> dict[str, int]:
        return {"pairs": self.score(seat)}

    def four_in_line(self, seat: int) -> bool:
        return four_in_line(self._symbols(), seat)

    def restricted_squares(self) -> tuple[int | None, int | None]:
        """(square whose tile may not be moved, square whose tile may not be pushed off) for the
        player to move (CQ-11, CQ-12)."""
        cur = self.current_player
        if cur is None or self.end_reason is not None:
            return None, None
        return self.last_moved_squares[1 - cur], self.last_placed_squares[1 - cur]

    def legal_moves(self) -> list[ConsequenceMove]:
        """The legal moves of the player to move if this view is theirs; [] for anyone else (the
        moves depend on the mover's hand)."""
        if self.current_player is None or self.current_player != self.seat:
            return []
        return generate(*self._rules_facts())

    _read = staticmethod(parse_text)
    _malformed = staticmethod(malformed)

    def _refused(self, move: ConsequenceMove) -> str | None:
        if self.current_player != self.seat:
            return "it is not this seat's turn"
        return refusal(move, *self._rules_facts())

    def parse_move(self, text: str) -> ConsequenceMove:
        """The move written `text`, if legal for this view's seat now (as `parse`)."""
        return self.parse(text)

    def _rules_facts(self) -> tuple[int, tuple[int, ...], int, int, bool]:
        occupied = sum(1 << sq for sq, c in enumerate(self.cells) if c is not None)
        codes = tuple(sorted({CODE_INDEX[c] for c in self.hands[self.seat]}))  # type: ignore[index]
        no_move, no_off = self.restricted_squares()
        return (
            occupied,
            codes,
            -1 if no_move is None else no_move,
            -1 if no_off is None else no_off,
            self.end_reason is not None,
        )

    def _symbols(self) -> list[str]:
        return [c[1] if c is not None else "" for c in self.cells]

    # --- determinizations ------------------------------------------------------------------------

    def unseen_codes(self) -> list[str]:
        """The codes of the tiles whose symbol this view hides: all 14 minus those it shows."""
        pool = list(TILE_CODES)
        for code in [*self.cells, *self.hands[0], *self.hands[1]]:
            if code is not None and code[1] != "?":
                pool.remove(code)
        return sorted(pool)

    def sample(self, rng: random.Random) -> S:
        """A full consequence.State whose view for this seat equals this view. Each hidden symbol
        is drawn from what the seat cannot rule out: the tiles of that colour it has not seen
        (unseen_codes), each symbol it remembers giving away put on a tile that may be it (one
        in the opponent's hand or placed by the opponent since then)."""
        free_ids: dict[str, list[int]] = {}
        for t, code in enumerate(TILE_CODES):
            free_ids.setdefault(code, []).append(t)
        drawn = iter(self._drawn_symbols(rng))

        def tile_for(shown: str) -> int:
            code = shown if shown[1] != "?" else shown[0] + next(drawn)
            return free_ids[code].pop(0)

        board = [-1 if c is None else tile_for(c) for c in self.cells]
        hands = [[tile_for(c) for c in self.hands[s]] for s in (MOON, SUN)]
        return self._state_of(board, hands)

    def _hidden_slots(self) -> list[tuple[str, int | None]]:
        """Each face-down tile, grid first (by square) then hands: (colour, ply it was placed,
        None for a tile in a hand)."""
        slots: list[tuple[str, int | None]] = []
        for sq, cell in enumerate(self.cells):
            if cell is not None and cell[1] == "?":
                slots.append((cell[0], self.placed_at[sq]))
        for hand in self.hands:
            slots.extend((code[0], None) for code in hand if code[1] == "?")
        return slots

    def _drawn_symbols(self, rng: random.Random) -> list[str]:
        """A symbol for each of `_hidden_slots`, the remembered ones first (see `sample`)."""
        pools: dict[str, list[str]] = {"b": [], "r": []}
        for code in self.unseen_codes():
            pools[code[0]].append(code[1])
        slots = self._hidden_slots()
        symbols: list[str | None] = [None] * len(slots)
        if self.seat is not None and self.result is None:
            # latest entries first: their candidate tiles are a subset of earlier entries' ones
            for code, ply in sorted(self.memory[self.seat], key=lambda e: -e[1]):
                candidates = [
                    i
                    for i, (colour, placed) in enumerate(slots)
                    if symbols[i] is None and colour == code[0] and (placed is None or placed > ply)
                ]
                if candidates and code[1] in pools[code[0]]:
                    symbols[rng.choice(candidates)] = code[1]
                    pools[code[0]].remove(code[1])
        for pool in pools.values():
            rng.shuffle(pool)
        return [
            symbol if symbol is not None else pools[colour].pop()
            for symbol, (colour, _placed) in zip(symbols, slots, strict=True)
        ]

    def _state_of(self, board: list[int], hands: list[list[int]]) -> S:
        """The full state with these tile ids on the grid and in the hands; the rest as shown.
        Dealt through the public constructor of the state class this view was made from."""
        if self.dealer is None:
            raise ValueError("only a view made by State.view can be dealt")

        def tile_on(square: int | None) -> int:
            return -1 if square is None else board[square]

        placed_at = [-1] * len(TILE_CODES)
        for t, ply in zip(board, self.placed_at, strict=True):
            if t >= 0 and ply is not None:
                placed_at[t] = ply
        moved, placed = self.last_moved_squares, self.last_placed_squares
        return self.dealer.from_parts(
            board=board,
            hands=(hands[0], hands[1]),
            moon_knows=hands[0]
            + [t for t, p in zip(board, self.placers, strict=True) if p == MOON],
            current=self.current_player,
            turn=self.turn,
            last_moved=(tile_on(moved[0]), tile_on(moved[1])),
            last_placed=(tile_on(placed[0]), tile_on(placed[1])),
            end_reason=self.end_reason,
            ply=self.ply,
            placed_at=placed_at,
            memory=self.memory if self.seat is not None else ((), ()),
            result=self.result,
        )


def _square(state: Any, tile: int) -> int | None:
    return None if tile < 0 else state.square_of(tile)
