"""Whose Foods: dogs, cats and cans on a 4x4 board (shared/rules/whose_foods.md, WF-1 .. WF-30).

Pieces are small ints (`size * 3 + illustration`), the board two lists of 16 ints (the visible
piece and the covered one), fresh pieces a bit mask of squares. Effects are found only on the
lines through fresh squares (WF-18), so a chain step looks at a handful of lines.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from game import descriptor
from game.core import (
    SQUARE_NAMES,
    SQUARES,
    Event,
    GameOver,
    IllegalMove,
    Result,
    TurnPassed,
    TurnState,
    parse_square,
    render_grid,
)

GAME = "whose-foods"
MIN_PLAYERS, MAX_PLAYERS = 2, 4

# --- pieces -------------------------------------------------------------------------------------

DOG, CAT, CAN = 0, 1, 2
LARGE, SMALL = 0, 1
EMPTY = -1
PIECE_NAMES = ("LD", "LC", "LF", "SD", "SC", "SF")
PIECES = tuple(range(len(PIECE_NAMES)))
_PIECE_BY_NAME = {name: piece for piece, name in enumerate(PIECE_NAMES)}
LD, LC, LF, SD, SC, SF = PIECES
SHARED_PIECES = (LD, LC, SD, SC)
CAN_PIECES = (LF, SF)
SHARED_PER_KIND = 3  # WF-2: 3 dogs and 3 cats of each size
CANS_PER_SIZE = 6


def size(piece: int) -> int:
    return piece // 3


def piece_name(piece: int) -> str:
    return PIECE_NAMES[piece]


def parse_piece(text: str) -> int:
    try:
        return _PIECE_BY_NAME[text]
    except KeyError:
        raise IllegalMove(f"{text!r} is not a piece (LD LC LF SD SC SF)") from None


#: WF-4: the cans dealt to each seat, as (large, small), by number of players.
CAN_DEAL = {
    2: ((3, 3), (3, 3)),
    3: ((2, 2), (2, 2), (2, 2)),
    4: ((2, 1), (2, 1), (1, 2), (1, 2)),
}

# --- lines --------------------------------------------------------------------------------------

_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def _lines(length: int) -> tuple[tuple[int, ...], ...]:
    found = []
    for sq in SQUARES:
        col, row = sq % 4, sq // 4
        for dc, dr in _DIRECTIONS:
            cells = [(col + i * dc, row + i * dr) for i in range(length)]
            if all(0 <= c < 4 and 0 <= r < 4 for c, r in cells):
                found.append(tuple(r * 4 + c for c, r in cells))
    return tuple(found)


TRIPLES = _lines(3)  # 28 lines of three consecutive squares
QUADS = _lines(4)  # 10 lines of four
_TRIPLE_MASKS = tuple((t, (1 << t[0]) | (1 << t[1]) | (1 << t[2])) for t in TRIPLES)
_QUAD_ENDS = tuple((q, (1 << q[0]) | (1 << q[3])) for q in QUADS)


# --- moves, effects, events ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Place:
    """Place `piece` on `square` (WF-8, WF-9). Notation: `SD b3`."""

    piece: int
    square: int

    def __str__(self) -> str:
        return f"{PIECE_NAMES[self.piece]} {SQUARE_NAMES[self.square]}"


@dataclass(frozen=True, slots=True)
class Take:
    """Resolve the effect removing these squares' pieces first (WF-19). Notation: `take a1 b2 c3`."""

    squares: tuple[int, ...]  # sorted by square name

    def __str__(self) -> str:
        return "take " + " ".join(SQUARE_NAMES[sq] for sq in self.squares)


Move = Place | Take


class EffectKind(str, Enum):
    TRIO_ILLUSTRATION = "trio by illustration"  # WF-11
    TRIO_SIZE = "trio by size"  # WF-12
    SANDWICH = "sandwich"  # WF-13


@dataclass(frozen=True, slots=True)
class Effect:
    """A pattern that fires: `line` is every square of the pattern, `squares` the pieces removed."""

    kind: EffectKind
    line: tuple[int, ...]
    squares: tuple[int, ...]  # sorted by square name, as in `take`

    @property
    def take(self) -> Take:
        return Take(self.squares)


@dataclass(frozen=True, slots=True)
class Placed(Event):
    """`player` put `piece` on `square` (from the shared supply or own hand), maybe on a stack."""

    player: int
    piece: str
    square: str
    from_hand: bool
    stacked_on: str | None


@dataclass(frozen=True, slots=True)
class ChoiceOffered(Event):
    """Several effects exist at once; `player` must pick one with a `take` move (WF-19)."""

    player: int
    options: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]  # (kind, line, squares)


@dataclass(frozen=True, slots=True)
class ChainStep(Event):
    """Step `step` (1, 2, ...) of the chain: an effect resolved, its pieces captured by `player`."""

    step: int
    player: int
    kind: str
    line: tuple[str, ...]
    captured: tuple[tuple[str, str], ...]  # (square, piece) removed
    points: int  # points the capture is worth (WF-26 counting)


@dataclass(frozen=True, slots=True)
class Uncovered(Event):
    """Removing a small piece showed the large `piece` under it on `square` (WF-14)."""

    square: str
    piece: str


@dataclass(frozen=True, slots=True)
class LosingPattern(Event):
    """`player` made a losing pattern on `line` (WF-16, WF-21)."""

    player: int
    line: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Overeating(Event):
    """`player` ends the turn with `cans` (4 or more) captured cans and loses (WF-23)."""

    player: int
    cans: int


@dataclass(frozen=True, slots=True)
class ThreeCans(Event):
    """`player` ends the turn with exactly three captured cans and wins (WF-22)."""

    player: int


@dataclass(frozen=True, slots=True)
class Disqualified(Event):
    """`player` lost in a game of 3+ players and takes no more turns (WF-24)."""

    player: int
    reason: str


# --- the state ----------------------------------------------------------------------------------

_PLACE = tuple(tuple(Place(p, sq) for sq in SQUARES) for p in PIECES)


class State(TurnState):
    """A game of Whose Foods. Everything is open information (WF-6), so a view is a copy."""

    __slots__ = (
        "_current",
        "_result",
        "catches",
        "chain_step",
        "disqualified",
        "fresh",
        "hands",
        "pending",
        "players",
        "pool",
        "top",
        "turn",
        "under",
    )

    def __init__(self, players: int = 2, first_player: int = 0) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Whose Foods is for 2 to 4 players, not {players}")
        if not 0 <= first_player < players:
            raise ValueError(f"first_player must be a seat 0..{players - 1}")
        self.players = players
        self.top = [EMPTY] * 16  # the visible piece of each square
        self.under = [EMPTY] * 16  # the covered large piece under a small one
        self.pool = [SHARED_PER_KIND if p in SHARED_PIECES else 0 for p in PIECES]
        self.hands = [[large, small] for large, small in CAN_DEAL[players]]
        self.catches = [[0] * len(PIECES) for _ in range(players)]
        self._current: int | None = first_player
        self.disqualified: list[int] = []
        self.fresh = 0  # bit mask of squares whose visible piece is fresh (WF-18)
        self.pending: tuple[Effect, ...] = ()  # effects on offer for a `take` (WF-19)
        self.chain_step = 0
        self._result: Result | None = None
        self.turn = 0  # turns completed

    # --- the API.md read accessors ---

    def diagram(self) -> str:
        cells = []
        for sq in SQUARES:
            top, under = self.top[sq], self.under[sq]
            if top == EMPTY:
                cells.append(".")
            elif under == EMPTY:
                cells.append(PIECE_NAMES[top])
            else:
                cells.append(f"{PIECE_NAMES[under]}/{PIECE_NAMES[top]}")
        return render_grid(cells)

    def hand(self, seat: int) -> list[str]:
        large, small = self.hands[seat]
        return ["LF"] * large + ["SF"] * small

    def captured(self, seat: int) -> list[str]:
        return sorted(PIECE_NAMES[p] for p in PIECES for _ in range(self.catches[seat][p]))

    def supply(self) -> list[str]:
        return sorted(PIECE_NAMES[p] for p in SHARED_PIECES for _ in range(self.pool[p]))

    def cans_captured(self, seat: int) -> int:
        return self.catches[seat][LF] + self.catches[seat][SF]

    def score(self, seat: int) -> int:
        """1 per captured shared piece, 2 per captured can; no hand penalty (API.md)."""
        row = self.catches[seat]
        return row[LD] + row[LC] + row[SD] + row[SC] + 2 * (row[LF] + row[SF])

    def breakdown(self, seat: int) -> dict[str, int]:
        """End-of-game points by part (WF-26)."""
        row = self.catches[seat]
        return {
            "shared pieces": row[LD] + row[LC] + row[SD] + row[SC],
            "cans": 2 * (row[LF] + row[SF]),
            "cans in hand": -5 * sum(self.hands[seat]),
        }

    def final_score(self, seat: int) -> int:
        return sum(self.breakdown(seat).values())

    def piece_at(self, square: int) -> tuple[int, int]:
        """(visible piece, covered piece) of a square, EMPTY where there is none."""
        return self.top[square], self.under[square]

    def view(self, seat: int | None) -> State:
        """What `seat` may know: everything (WF-6; WF-10: players saw the covered pieces placed)."""
        return self.clone()

    # --- copying, comparing, saving ---

    def clone(self) -> State:
        new = State.__new__(State)
        new.players = self.players
        new.top = self.top[:]
        new.under = self.under[:]
        new.pool = self.pool[:]
        new.hands = [h[:] for h in self.hands]
        new.catches = [c[:] for c in self.catches]
        new._current = self._current
        new.disqualified = self.disqualified[:]
        new.fresh = self.fresh
        new.pending = self.pending
        new.chain_step = self.chain_step
        new._result = self._result
        new.turn = self.turn
        return new

    def _key(self) -> tuple:
        return (
            self.players,
            tuple(self.top),
            tuple(self.under),
            tuple(self.pool),
            tuple(map(tuple, self.hands)),
            tuple(map(tuple, self.catches)),
            self._current,
            tuple(self.disqualified),
            self.fresh,
            self.pending,
            self.chain_step,
            self._result,
            self.turn,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def to_dict(self) -> dict[str, Any]:
        result = self._result
        return {
            "game": GAME,
            "players": self.players,
            "board": [
                [PIECE_NAMES[p] for p in (self.under[sq], self.top[sq]) if p != EMPTY]
                for sq in SQUARES
            ],
            "supply": {PIECE_NAMES[p]: self.pool[p] for p in SHARED_PIECES},
            "hands": [list(h) for h in self.hands],
            "captured": [
                {PIECE_NAMES[p]: n for p, n in enumerate(row) if n} for row in self.catches
            ],
            "current_player": self._current,
            "disqualified": list(self.disqualified),
            "fresh": [SQUARE_NAMES[sq] for sq in SQUARES if self.fresh >> sq & 1],
            "chain_step": self.chain_step,
            "turn": self.turn,
            "result": None
            if result is None
            else {
                "winners": list(result.winners),
                "draw": result.draw,
                "scores": list(result.scores),
                "reason": result.reason,
                "disqualified": list(result.disqualified),
            },
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        if d.get("game") != GAME:
            raise ValueError(f"not a Whose Foods state: game is {d.get('game')!r}")
        state = cls(d["players"])
        for sq, stack in enumerate(d["board"]):
            pieces = [parse_piece(p) for p in stack]
            state.under[sq] = pieces[0] if len(pieces) == 2 else EMPTY
            state.top[sq] = pieces[-1] if pieces else EMPTY
        state.pool = [d["supply"].get(PIECE_NAMES[p], 0) for p in PIECES]
        state.hands = [list(h) for h in d["hands"]]
        state.catches = [[row.get(PIECE_NAMES[p], 0) for p in PIECES] for row in d["captured"]]
        state._current = d["current_player"]
        state.disqualified = list(d["disqualified"])
        state.fresh = sum(1 << parse_square(name) for name in d["fresh"])
        state.chain_step = d["chain_step"]
        state.turn = d["turn"]
        if (r := d["result"]) is not None:
            state._result = Result(
                tuple(r["winners"]),
                r["draw"],
                tuple(r["scores"]),
                r["reason"],
                tuple(r["disqualified"]),
            )
        elif state.fresh:
            loss, effects = find_effects(state.top, state.fresh)
            state.pending = tuple(effects) if loss is None and len(effects) > 1 else ()
        state.check()
        return state

    def check(self) -> None:
        """Raise ValueError unless the 24 pieces are all accounted for (WF-2)."""
        counts = [0] * len(PIECES)
        for sq in SQUARES:
            for p in (self.top[sq], self.under[sq]):
                if p != EMPTY:
                    counts[p] += 1
            if self.under[sq] != EMPTY and (
                size(self.under[sq]) != LARGE or size(self.top[sq]) != SMALL
            ):
                raise ValueError(f"{SQUARE_NAMES[sq]}: a stack is a small piece on a large one")
        for p in PIECES:
            counts[p] += self.pool[p] + sum(row[p] for row in self.catches)
        for large, small in self.hands:
            counts[LF] += large
            counts[SF] += small
        expected = [SHARED_PER_KIND if p in SHARED_PIECES else CANS_PER_SIZE for p in PIECES]
        if counts != expected:
            wrong = [PIECE_NAMES[p] for p in PIECES if counts[p] != expected[p]]
            raise ValueError(f"pieces not conserved: wrong count of {', '.join(wrong)}")

    # --- moves ---

    def legal_moves(self) -> list[Move]:
        if self._result is not None:
            return []
        if self.pending:
            return [effect.take for effect in self.pending]
        return self._placements(self._current)

    def _placements(self, seat: int) -> list[Move]:
        top = self.top
        empty = [sq for sq in SQUARES if top[sq] == EMPTY]
        on_large = [
            sq for sq in SQUARES if top[sq] != EMPTY and top[sq] < SD and self.under[sq] == EMPTY
        ]
        small_targets = sorted(empty + on_large)
        have = self.pool[:]
        have[LF], have[SF] = self.hands[seat]
        moves: list[Move] = []
        for piece in PIECES:
            if have[piece]:
                row = _PLACE[piece]
                moves.extend(row[sq] for sq in (empty if piece < SD else small_targets))
        return moves

    def refusal(self, move: Move) -> str | None:
        """Why `move` is not legal now, or None if it is."""
        if self._result is not None:
            return "the game is over"
        if isinstance(move, Take):
            if not self.pending:
                return "there is no choice to make: place a piece"
            if any(effect.squares == move.squares for effect in self.pending):
                return None
            offered = "; ".join(str(effect.take) for effect in self.pending)
            return f"{move} is not on offer; choose one of: {offered}"
        if not isinstance(move, Place):
            return f"{move!r} is not a Whose Foods move"
        if self.pending:
            offered = "; ".join(str(effect.take) for effect in self.pending)
            return f"first choose which effect to resolve: {offered}"
        piece, square = move.piece, move.square
        name = PIECE_NAMES[piece]
        if piece in CAN_PIECES:
            if not self.hands[self._current][size(piece)]:
                return f"you have no {name} left in your hand"
        elif not self.pool[piece]:
            return f"no {name} is left in the shared supply"
        top = self.top[square]
        if top != EMPTY:
            where = SQUARE_NAMES[square]
            if size(piece) == LARGE:
                return f"{where} is occupied: a large piece goes only on an empty square"
            if size(top) == SMALL or self.under[square] != EMPTY:
                return f"{where} is occupied: a small piece goes only on a lone large piece"
        return None

    def play(self, move: Move | str) -> list[Event]:
        """Apply a move (or its notation); returns the events in order. Illegal: IllegalMove."""
        if isinstance(move, str):
            move = parse_move(self, move)
        elif (why := self.refusal(move)) is not None:
            raise IllegalMove(why)
        events: list[Event] = []
        mover = self._current
        assert mover is not None
        if isinstance(move, Place):
            self._place(mover, move.piece, move.square, events)
        else:
            effect = next(e for e in self.pending if e.squares == move.squares)
            self.pending = ()
            self._resolve(mover, effect, events)
        self._run_chain(mover, events)
        return events

    def _place(self, mover: int, piece: int, square: int, events: list[Event]) -> None:
        from_hand = piece in CAN_PIECES
        if from_hand:
            self.hands[mover][size(piece)] -= 1
        else:
            self.pool[piece] -= 1
        below = self.top[square]
        if below != EMPTY:
            self.under[square] = below
        self.top[square] = piece
        self.fresh = 1 << square
        self.chain_step = 0
        events.append(
            Placed(
                mover,
                PIECE_NAMES[piece],
                SQUARE_NAMES[square],
                from_hand,
                None if below == EMPTY else PIECE_NAMES[below],
            )
        )

    def _resolve(self, mover: int, effect: Effect, events: list[Event]) -> None:
        """Remove the effect's pieces to the mover (WF-14, WF-20), uncovering what was below."""
        self.chain_step += 1
        captured_row = self.catches[mover]
        captured, uncovered, points = [], [], 0
        for sq in effect.squares:
            piece = self.top[sq]
            captured_row[piece] += 1
            points += 2 if piece in CAN_PIECES else 1
            captured.append((SQUARE_NAMES[sq], PIECE_NAMES[piece]))
            below = self.under[sq]
            self.top[sq] = below
            self.under[sq] = EMPTY
            if below == EMPTY:
                self.fresh &= ~(1 << sq)
            else:
                self.fresh |= 1 << sq
                uncovered.append(Uncovered(SQUARE_NAMES[sq], PIECE_NAMES[below]))
        events.append(
            ChainStep(
                self.chain_step,
                mover,
                effect.kind.value,
                tuple(SQUARE_NAMES[sq] for sq in effect.line),
                tuple(captured),
                points,
            )
        )
        events.extend(uncovered)

    def _run_chain(self, mover: int, events: list[Event]) -> None:
        """Resolve effects until none is left (WF-17), stopping for a choice (WF-19)."""
        while True:
            loss, effects = find_effects(self.top, self.fresh)
            if loss is not None:  # WF-21: a losing pattern comes before everything
                events.append(LosingPattern(mover, tuple(SQUARE_NAMES[sq] for sq in loss)))
                self._lose(mover, "losing pattern", events)
                return
            if not effects:
                break
            if len(effects) > 1:
                self.pending = tuple(effects)
                events.append(
                    ChoiceOffered(
                        mover,
                        tuple(
                            (
                                e.kind.value,
                                tuple(SQUARE_NAMES[sq] for sq in e.line),
                                tuple(SQUARE_NAMES[sq] for sq in e.squares),
                            )
                            for e in effects
                        ),
                    )
                )
                return
            self._resolve(mover, effects[0], events)
        cans = self.cans_captured(mover)
        if cans == 3:  # WF-22
            events.append(ThreeCans(mover))
            self._finish((mover,), "three cans", events)
        elif cans >= 4:  # WF-23
            events.append(Overeating(mover, cans))
            self._lose(mover, "overeating", events)
        else:
            self._end_turn(mover, events)

    def _lose(self, loser: int, reason: str, events: list[Event]) -> None:
        """WF-24: the other player wins a 2-player game; with 3+ the loser is disqualified."""
        self.fresh = 0  # WF-28: what was waiting never fires
        self.pending = ()
        if self.players == 2:
            self._finish((1 - loser,), reason, events)
            return
        self.disqualified.append(loser)
        events.append(Disqualified(loser, reason))
        remaining = [seat for seat in range(self.players) if seat not in self.disqualified]
        if len(remaining) == 1:
            self._finish((remaining[0],), "disqualified", events)
        else:
            self._end_turn(loser, events)

    def _end_turn(self, mover: int, events: list[Event]) -> None:
        self.fresh = 0
        self.turn += 1
        if not any(self.pool):  # WF-25, WF-29
            self._finish_by_points("points", events)
            return
        nxt = mover
        while True:
            nxt = (nxt + 1) % self.players
            if nxt not in self.disqualified:
                break
        self._current = nxt
        if not self._placements(nxt):  # WF-25 RULING: no legal placement ends the game
            self._finish_by_points("no moves", events)
            return
        events.append(TurnPassed(mover, nxt))

    def _finish_by_points(self, reason: str, events: list[Event]) -> None:
        """WF-26: highest end-of-game points among the players still in wins; ties share."""
        ranked = [seat for seat in range(self.players) if seat not in self.disqualified]
        best = max(self.final_score(seat) for seat in ranked)
        winners = tuple(seat for seat in ranked if self.final_score(seat) == best)
        self._finish(winners, reason, events, draw=len(winners) > 1)

    def _finish(
        self, winners: tuple[int, ...], reason: str, events: list[Event], draw: bool = False
    ) -> None:
        self._current = None
        self.fresh = 0
        self.pending = ()
        self._result = Result(
            winners=winners,
            draw=draw,
            scores=tuple(self.final_score(seat) for seat in range(self.players)),
            reason=reason,
            disqualified=tuple(self.disqualified),
        )
        events.append(GameOver(self._result))


# --- effects ------------------------------------------------------------------------------------

_TRIO_KIND_ORDER = (EffectKind.TRIO_ILLUSTRATION, EffectKind.TRIO_SIZE, EffectKind.SANDWICH)


def _sorted_by_name(squares: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(squares, key=SQUARE_NAMES.__getitem__))


def find_effects(top: list[int], fresh: int) -> tuple[tuple[int, ...] | None, list[Effect]]:
    """The losing pattern (if any) and the effects that include a fresh piece (WF-11..WF-18).

    Effects removing exactly the same pieces are one (WF-27); they come in board order.
    """
    effects: dict[tuple[int, ...], Effect] = {}
    for line, mask in _TRIPLE_MASKS:
        if not fresh & mask:
            continue
        a, b, c = line
        pa, pb, pc = top[a], top[b], top[c]
        if pa == EMPTY or pb == EMPTY or pc == EMPTY:
            continue
        ka, kb, kc = pa % 3, pb % 3, pc % 3
        if ka == kb == kc == CAN:  # WF-16 (and WF-30: four of a kind contains this)
            return line, []
        kind = None
        if ka == kb == kc:
            kind = EffectKind.TRIO_ILLUSTRATION  # WF-11
        elif pa // 3 == pb // 3 == pc // 3:
            kind = EffectKind.TRIO_SIZE  # WF-12
        if kind is not None:
            squares = _sorted_by_name(line)
            if squares not in effects:
                effects[squares] = Effect(kind, line, squares)
        if kb == CAN and ka == kc != CAN and fresh & ((1 << a) | (1 << c)):  # WF-13
            squares = (b,)
            if squares not in effects:
                effects[squares] = Effect(EffectKind.SANDWICH, line, squares)
    for line, ends in _QUAD_ENDS:
        if not fresh & ends:
            continue
        a, b, c, d = line
        pa, pb, pc, pd = top[a], top[b], top[c], top[d]
        if EMPTY in (pa, pb, pc, pd):
            continue
        if pb % 3 == CAN and pc % 3 == CAN and pa % 3 == pd % 3 != CAN:  # WF-13: D F F D
            squares = _sorted_by_name((b, c))
            if squares not in effects:
                effects[squares] = Effect(EffectKind.SANDWICH, line, squares)
    return None, list(effects.values())


# --- the module API -----------------------------------------------------------------------------


def new_game(
    players: int = 2, seed: int | None = None, first_player: int = 0, **options: Any
) -> State:
    """A new game (WF-7). The game has no chance element, so `seed` changes nothing."""
    del seed
    unknown = set(options) - {"memory_mode"}  # memory mode is a display setting (WF-10)
    if unknown:
        raise ValueError(f"unknown Whose Foods option(s): {', '.join(sorted(unknown))}")
    return State(players, first_player)


def parse_move(state: State, text: str) -> Move:
    """The move written `text` (`SD b3`, `take a1 b2 c3`), if legal now; else IllegalMove."""
    parts = text.split()
    if not parts:
        raise IllegalMove("empty move: write a piece and a square (SD b3) or take and squares")
    move: Move
    if parts[0] == "take":
        if len(parts) < 2:
            raise IllegalMove("take needs the squares of the effect's pieces, e.g. take a1 b2 c3")
        squares = [parse_square(p) for p in parts[1:]]
        if len(set(squares)) != len(squares):
            raise IllegalMove(f"{text!r} names a square twice")
        move = Take(_sorted_by_name(squares))
    elif len(parts) == 2:
        move = Place(parse_piece(parts[0]), parse_square(parts[1]))
    else:
        raise IllegalMove(f"{text!r} is not a move: write a piece and a square, e.g. SD b3")
    if (why := state.refusal(move)) is not None:
        raise IllegalMove(why)
    return move


def from_diagram(
    diagram: str,
    players: int = 2,
    to_move: int = 0,
    hands: list[tuple[int, int]] | None = None,
    captured: list[Iterable[str]] | None = None,
) -> State:
    """A position for tests and puzzles: the board from a diagram (row 4 first).

    `hands` gives each seat's (large, small) cans; by default the WF-4 deal, less the cans that
    are on the board or captured, taken from the first seats' hands. The supply holds the shared
    pieces that are neither on the board nor captured. Raises ValueError if pieces do not add up.
    """
    state = State(players, to_move)
    rows = [row.split() for row in diagram.strip().splitlines()]
    if len(rows) != 4 or any(len(row) != 4 for row in rows):
        raise ValueError("a diagram is 4 rows of 4 cells")
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            sq = (3 - r) * 4 + c
            if cell != ".":
                pieces = [parse_piece(p) for p in cell.split("/")]
                state.top[sq] = pieces[-1]
                state.under[sq] = pieces[0] if len(pieces) == 2 else EMPTY
    for seat, names in enumerate(captured or []):
        for name in names:
            state.catches[seat][parse_piece(name)] += 1
    used = [0] * len(PIECES)
    for sq in SQUARES:
        for p in (state.top[sq], state.under[sq]):
            if p != EMPTY:
                used[p] += 1
    for row in state.catches:
        for p in PIECES:
            used[p] += row[p]
    for p in SHARED_PIECES:
        state.pool[p] = SHARED_PER_KIND - used[p]
    if hands is not None:
        state.hands = [list(h) for h in hands]
    else:
        for can in CAN_PIECES:
            owed = used[can]
            for hand in state.hands:
                taken = min(owed, hand[size(can)])
                hand[size(can)] -= taken
                owed -= taken
    if any(n < 0 for n in state.pool):
        raise ValueError("more shared pieces than the game has")
    state.check()
    return state


# --- what the game states about itself ----------------------------------------------------------


class EndReason(descriptor.EndReason):
    """How a game of Whose Foods ends (WF-22 .. WF-26)."""

    THREE_CANS = "three cans"
    LOSING_PATTERN = "losing pattern"
    OVEREATING = "overeating"
    DISQUALIFIED = "disqualified"
    POINTS = "points"
    NO_MOVES = "no moves"

    @classmethod
    def _texts(cls) -> dict[str, str]:
        return {
            "three cans": "{winner} captured exactly three cans.",
            "losing pattern": "{loser} made three cans in a line and lost at once.",
            "overeating": "{loser} captured four cans or more: overeating!",
            "disqualified": "Every other player was disqualified.",
            "points": "All twelve shared pieces were placed: the points decide.",
            "no moves": "No move was left: the points decide.",
        }

    @classmethod
    def _by_points(cls) -> frozenset[str]:
        return frozenset({"points", "no moves"})


DESCRIPTOR = descriptor.GameType(
    key=GAME,
    title="Whose Foods",
    player_counts=(2, 3, 4),
    hidden_information=False,
    pitch="Dogs, cats and cans: set off chains and capture exactly three cans.",
    end_reasons=EndReason,
    new_game=new_game,
    parse_move=parse_move,
    state_class=State,
    options=(
        descriptor.GameOption(
            "memory_mode",
            "Memory mode",
            True,
            "Covered pieces are hidden: remember what lies beneath.",
        ),
    ),
)


# --- piece codes, for the scenes -------------------------------------------------------------------


def is_can(code: str) -> bool:
    """True for a can's code (`LF`, `SF`)."""
    return parse_piece(code) in CAN_PIECES


def is_large(code: str) -> bool:
    """True for a large piece's code (`LD`, `LC`, `LF`)."""
    return size(parse_piece(code)) == LARGE


def animal(code: str) -> str:
    """`"dog"`, `"cat"` or `"can"` for a piece code."""
    return ("dog", "cat", "can")[parse_piece(code) % 3]
