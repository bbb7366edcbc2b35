"""Whose Foods: dogs, cats and cans on a 4x4 board (shared/rules/whose_foods.md, WF-1 .. WF-30).

The board is two lists of 16 piece ints (the visible piece and the covered one), fresh pieces a
bit mask of squares. Pieces, moves and notation live in game.whose_foods.moves, the patterns in
game.whose_foods.effects, the events in game.whose_foods.events (the package exports them all).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from game.core import descriptor
from game.core.engine import Engine, copy_rows, shown
from game.core.events import Event, GameOver, TurnPassed
from game.core.grid import SQUARE_NAMES, SQUARES, parse_square, render_grid
from game.core.result import Result, best_seats
from game.core.state_checks import (
    checked_result,
    field,
    items,
    mapping,
    one_of,
    saved_result,
    seat_number,
    to_move,
    viewer,
    whole,
)
from game.messages import N_, said, term
from game.whose_foods.effects import (
    Effect,
    find_effects,
)
from game.whose_foods.events import (
    ChainStep,
    ChoiceOffered,
    Disqualified,
    LosingPattern,
    Overeating,
    Placed,
    ThreeCans,
    Uncovered,
)
from game.whose_foods.moves import (
    CAN_DEAL,
    CAN_PIECES,
    CANS_PER_SIZE,
    EMPTY,
    LARGE,
    LC,
    LD,
    LF,
    MADE,
    PIECE_NAMES,
    PIECE_WORDS,
    PIECES,
    PLACEMENTS,
    SC,
    SD,
    SF,
    SHARED_PER_KIND,
    SHARED_PIECES,
    SMALL,
    Move,
    Place,
    Take,
    malformed,
    parse_piece,
    read_move,
    size,
)

GAME = "whose-foods"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
#: every piece of the game, shared and cans: no game has more turns or chain steps
PIECE_COUNT = len(SHARED_PIECES) * SHARED_PER_KIND + len(CAN_PIECES) * CANS_PER_SIZE
#: the most pieces of one kind
MOST = max(SHARED_PER_KIND, CANS_PER_SIZE)


class EndReason(descriptor.EndReason):
    """How a game of Whose Foods ends (WF-22 .. WF-26)."""

    THREE_CANS = "three cans", N_("{winner} captured exactly three cans.")
    LOSING_PATTERN = "losing pattern", N_("{loser} made a losing line and lost at once.")
    OVEREATING = "overeating", N_("{loser} captured four cans or more: overeating!")
    DISQUALIFIED = "disqualified", N_("Every other player was disqualified.")
    POINTS = (
        "points",
        N_("All twelve shared pieces were placed: the points decide."),
        True,
    )
    NO_MOVES = "no moves", N_("No move was left: the points decide."), True


# --- the state ----------------------------------------------------------------------------------


class State(Engine[Move]):
    """A game of Whose Foods. Everything is open information (WF-6), so a view is a copy."""

    __slots__ = (
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
    _COPIED: ClassVar = {
        "top": list.copy,
        "under": list.copy,
        "pool": list.copy,
        "hands": copy_rows,
        "catches": copy_rows,
        "disqualified": list.copy,
    }

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

    # --- the API.md read accessors ---------------------------------------------------------------

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
        large, small = self.hands[seat_number(seat, self.players)]
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
        """What `seat` may know: everything (WF-6; WF-10: players saw the covered pieces placed);
        ValueError for anything but a seat or None."""
        viewer(seat, self.players)
        return self.clone()

    # --- comparing, saving -----------------------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
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
            "result": None if result is None else result.to_dict(),
        }

    @classmethod
    def from_parts(
        cls,
        *,
        players: int,
        top: Sequence[int],
        under: Sequence[int],
        pool: Sequence[int],
        hands: Sequence[Sequence[int]],
        catches: Sequence[Sequence[int]],
        current: int | None = 0,
        disqualified: Sequence[int] = (),
        fresh: int = 0,
        chain_step: int = 0,
        turn: int = 0,
        result: Result | None = None,
    ) -> State:
        """A state from its parts: per square the visible piece and the covered one (EMPTY
        for none), the shared pieces not placed and each seat's cans in hand (large, small)
        and captures, per piece; `fresh` a bit per square whose piece is fresh (WF-18). The
        captures on offer (WF-19) follow from the fresh squares. ValueError, naming the part,
        for any state no game reaches: wrong types, counts out of range, the 24 pieces not
        adding up, a stack that is not a small piece on a large one, a seat or turn out of
        range, a fresh square that is empty, a player to move who is out or absent while the
        game runs."""
        players = whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
        state = cls(players)
        state.top = [_piece(p) for p in items(top, "the board", 16, exactly=True)]
        state.under = [_piece(p) for p in items(under, "the covered pieces", 16, exactly=True)]
        state.pool = [
            whole(n, "a supply count", 0, SHARED_PER_KIND if p in SHARED_PIECES else 0)
            for p, n in enumerate(items(pool, "the supply", len(PIECES), exactly=True))
        ]
        state.hands = [
            [whole(n, "a hand's cans", 0, CANS_PER_SIZE) for n in items(h, "a hand", 2, True)]
            for h in items(hands, "the hands", players, exactly=True)
        ]
        state.catches = [
            [whole(n, "a captured count", 0, MOST) for n in items(row, "captured", len(PIECES))]
            for row in items(catches, "the captured pieces", players, exactly=True)
        ]
        out = items(disqualified, "the disqualified seats", players - 1)
        state.disqualified = [seat_number(seat, players, "disqualified") for seat in out]
        if len(set(out)) != len(out):
            raise ValueError("a seat is disqualified twice")
        state.fresh = whole(fresh, "the fresh squares", 0, (1 << 16) - 1)
        if any(state.top[sq] == EMPTY for sq in SQUARES if fresh >> sq & 1):
            raise ValueError("a fresh square is empty")
        state.chain_step = whole(chain_step, "chain_step", 0, PIECE_COUNT)
        state.turn = whole(turn, "turn", 0, PIECE_COUNT)
        state._result = checked_result(result, players)
        state._current = to_move(current, players, result, "current_player")
        if state._current in state.disqualified:
            raise ValueError("the player to move was disqualified")
        state.check_pieces()
        if result is None and fresh:
            loss, effects = find_effects(state.top, fresh)
            state.pending = tuple(effects) if loss is None and len(effects) > 1 else ()
        return state

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        """The state saved by `to_dict`; ValueError, naming the field, for a damaged one or
        any state `from_parts` refuses."""
        if field(d, "game") != GAME:
            raise ValueError(f"not a Whose Foods state: game is {shown(d.get('game'), 30)}")
        stacks = [
            [parse_piece(p) for p in items(stack, SQUARE_NAMES[sq], 2)]
            for sq, stack in enumerate(items(field(d, "board"), "the board", 16, exactly=True))
        ]
        return cls.from_parts(
            players=field(d, "players"),
            top=[pieces[-1] if pieces else EMPTY for pieces in stacks],
            under=[pieces[0] if len(pieces) == 2 else EMPTY for pieces in stacks],
            pool=_counts(field(d, "supply"), "the supply", [PIECE_NAMES[p] for p in SHARED_PIECES]),
            hands=items(field(d, "hands"), "the hands", MAX_PLAYERS),
            catches=[
                _counts(row, "a seat's captured pieces", PIECE_NAMES)
                for row in items(field(d, "captured"), "the captured pieces", MAX_PLAYERS)
            ],
            current=field(d, "current_player"),
            disqualified=field(d, "disqualified"),
            fresh=sum(
                1 << square
                for square in {parse_square(n) for n in items(field(d, "fresh"), "fresh", 16)}
            ),
            chain_step=field(d, "chain_step"),
            turn=field(d, "turn"),
            result=saved_result(field(d, "result"), EndReason, MAX_PLAYERS),
        )

    def check_pieces(self) -> None:
        """Raise ValueError unless the 24 pieces are all accounted for (WF-2) and every stack is
        a small piece on a large one (WF-9)."""
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

    # --- moves -----------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        if self._result is not None:
            return []
        if self.pending:
            return [effect.take for effect in self.pending]
        seat = self._current
        assert seat is not None
        return self._placements(seat)

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
                row = PLACEMENTS[piece]
                moves.extend(row[sq] for sq in (empty if piece < SD else small_targets))
        return moves

    _read = staticmethod(read_move)
    _malformed = staticmethod(malformed)
    _made = MADE

    def _refused(self, move: Move) -> str | None:
        if isinstance(move, Take):
            return self._take_refused(move)
        if self.pending:
            return said(
                N_("first choose which effect to resolve: {offered}"), offered=self._offered()
            )
        piece, square = move.piece, move.square  # a placement (WF-8, WF-9)
        if piece in CAN_PIECES:
            seat = self._current
            assert seat is not None
            if not self.hands[seat][size(piece)]:
                return said(N_("you have no {piece} left in your hand"), piece=_piece_term(piece))
        elif not self.pool[piece]:
            return said(N_("no {piece} is left in the shared supply"), piece=_piece_term(piece))
        top = self.top[square]
        if top != EMPTY:
            where = SQUARE_NAMES[square]
            if size(piece) == LARGE:
                return said(
                    N_("{square} is occupied: a large piece goes only on an empty square"),
                    square=where,
                )
            if size(top) == SMALL or self.under[square] != EMPTY:
                return said(
                    N_("{square} is occupied: a small piece goes only on a lone large piece"),
                    square=where,
                )
        return None

    def _offered(self) -> str:
        return "; ".join(str(effect.take) for effect in self.pending)

    def _take_refused(self, move: Take) -> str | None:
        if not self.pending:
            return N_("there is no choice to make: place a piece")
        if any(effect.squares == move.squares for effect in self.pending):
            return None
        return said(
            N_("{move} is not on offer; choose one of: {offered}"),
            move=str(move),
            offered=self._offered(),
        )

    def _apply(self, move: Move) -> list[Event]:
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
                line = tuple(SQUARE_NAMES[sq] for sq in loss.line)
                pieces = tuple(PIECE_NAMES[self.top[sq]] for sq in loss.line)
                events.append(LosingPattern(mover, line, loss.kind.value, pieces))
                self._lose(mover, EndReason.LOSING_PATTERN, events)
                return
            if not effects:
                break
            if len(effects) > 1:
                self._offer(mover, effects, events)
                return
            self._resolve(mover, effects[0], events)
        cans = self.cans_captured(mover)
        if cans == 3:  # WF-22
            events.append(ThreeCans(mover))
            self._finish((mover,), EndReason.THREE_CANS, events)
        elif cans >= 4:  # WF-23
            events.append(Overeating(mover, cans))
            self._lose(mover, EndReason.OVEREATING, events)
        else:
            self._end_turn(mover, events)

    def _offer(self, mover: int, effects: Sequence[Effect], events: list[Event]) -> None:
        """Several effects at once: the mover chooses with a `take` (WF-19)."""
        self.pending = tuple(effects)
        options = tuple(
            (
                e.kind.value,
                tuple(SQUARE_NAMES[sq] for sq in e.line),
                tuple(SQUARE_NAMES[sq] for sq in e.squares),
            )
            for e in effects
        )
        events.append(ChoiceOffered(mover, options))

    def _lose(self, loser: int, reason: EndReason, events: list[Event]) -> None:
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
            self._finish((remaining[0],), EndReason.DISQUALIFIED, events)
        else:
            self._end_turn(loser, events)

    def _end_turn(self, mover: int, events: list[Event]) -> None:
        self.fresh = 0
        self.turn += 1
        if not any(self.pool):  # WF-25, WF-29
            self._finish_by_points(EndReason.POINTS, events)
            return
        nxt = mover
        while True:
            nxt = (nxt + 1) % self.players
            if nxt not in self.disqualified:
                break
        self._current = nxt
        if not self._placements(nxt):  # WF-25 RULING: no legal placement ends the game
            self._finish_by_points(EndReason.NO_MOVES, events)
            return
        events.append(TurnPassed(mover, nxt))

    def _finish_by_points(self, reason: EndReason, events: list[Event]) -> None:
        """WF-26: highest end-of-game points among the players still in wins; ties share."""
        totals = [self.final_score(seat) for seat in range(self.players)]
        ranked = [seat for seat in range(self.players) if seat not in self.disqualified]
        self._finish(best_seats(totals, ranked), reason, events)

    def _finish(self, winners: tuple[int, ...], reason: EndReason, events: list[Event]) -> None:
        self.fresh = 0
        self.pending = ()
        scores = tuple(self.final_score(seat) for seat in range(self.players))
        events.append(GameOver(self._conclude(winners, scores, reason, tuple(self.disqualified))))


def _piece_term(piece: int) -> str:
    """A piece as a refusal names it: its code, or its words where a scene translates."""
    code = PIECE_NAMES[piece]
    return term(code, PIECE_WORDS[code])


def _piece(value: Any) -> int:
    """A piece int of a square, EMPTY for none."""
    return whole(value, "a piece", EMPTY, len(PIECES) - 1)


def _counts(value: Any, what: str, names: Sequence[str]) -> list[int]:
    """Counts per piece from a saved {piece code: count} (a code absent: 0), of `names` only;
    the counts themselves are checked by `State.from_parts`."""
    counts = mapping(value, what, len(names))
    for name in counts:
        one_of(name, f"a piece of {what}", names)
    return [counts.get(PIECE_NAMES[p], 0) for p in PIECES]


# --- the module API -----------------------------------------------------------------------------


def new_game(
    players: int = 2, seed: int | None = None, first_player: int = 0, **options: Any
) -> State:
    """A new game (WF-7). The game has no chance element, so `seed` changes nothing; the one
    option, memory mode, is a display setting (WF-10)."""
    DESCRIPTOR.check_setup(players, first_player, options)
    return State(players, first_player)


def parse_move(state: State, text: str) -> Move:
    """The move written `text` (`SD b3`, `take a1 b2 c3`), if legal now: InvalidNotation if it
    does not parse, IllegalMove if the rules refuse it."""
    return state.parse(text)


# --- what the game states about itself ----------------------------------------------------------


DESCRIPTOR = descriptor.GameType(
    key=GAME,
    title=N_("Whose Foods"),
    player_counts=tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
    hidden_information=False,
    pitch=N_("Dogs, cats and cans: set off chains and capture exactly three cans."),
    end_reasons=EndReason,
    new_game=new_game,
    parse_move=parse_move,
    state_class=State,
    bots="game.whose_foods.bots",
    penalties=("cans in hand",),
    part_words={
        "shared pieces": N_("Shared pieces"),
        "cans": N_("Cans"),
        "cans in hand": N_("Cans in hand"),
    },
    options=(
        descriptor.GameOption(
            "memory_mode",
            N_("Memory mode"),
            True,
            N_("Covered pieces are hidden: remember what lies beneath."),
        ),
    ),
    throughput_target=4500,
    throughput_before=4500,
    longest_playout=30,
)
