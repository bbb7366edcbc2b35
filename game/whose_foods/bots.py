"""Whose Foods bots: `random`, `beginner` (a person in their first game, game.ai.novice),
`greedy` (best immediate points, never a losing move, no avoidable gift of an immediate win) and
`search` (MCTS, game.ai.search).

The view of a Whose Foods seat is the whole state (WF-10: covered pieces were seen placed), so
the search copies it instead of sampling.
"""

from __future__ import annotations

import random

from game.ai import novice
from game.ai.levels import at_least
from game.ai.random_bot import RandomBot
from game.ai.search import SearchBot, gives_win
from game.core.grid import SQUARES
from game.whose_foods import Move, State
from game.whose_foods.effects import QUADS, TRIPLES, find_effects
from game.whose_foods.moves import CAN, CAN_PIECES, EMPTY, Place

WIN, LOSS = 1_000, -1_000
#: How often each level of `greedy` plays a random legal move instead of the greedy one.
RANDOM_SHARE = {"beginner": 0.3, "easy": 0.3, "normal": 0.05, "hard": 0.0, "expert": 0.0}


class GreedyBot:
    """The move with the best immediate points; a move that loses at once only if all do.

    A move's value follows its own chain to the end of the turn, taking the best option at each
    choice (WF-19). Unless it wins at once, a move that lets the next seat win at once comes
    after every move that does not. Ties prefer placing one's own cans (each costs 5 at the
    end), then chance. Easier levels sometimes play any legal move instead.
    """

    name = "greedy"

    def __init__(self, level: str = "normal") -> None:
        self.level = level

    def choose(self, view: State, rng: random.Random) -> Move:
        seat = view.current_player
        if seat is None:
            raise ValueError("the game is over: there is no move to choose")
        moves = view.legal_moves()
        if rng.random() < RANDOM_SHARE.get(self.level, 0.0):
            return rng.choice(moves)
        scored = []
        for move in moves:
            after = view.clone()
            after.play(move)
            scored.append((self._value(after, seat), rng.random(), move))
        scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
        for value, _, move in scored:
            if value[0] == WIN or not gives_win(view, move, seat):
                return move
        return scored[0][2]

    def _value(self, state: State, seat: int) -> tuple[int, int]:
        result = state.result
        if result is not None:
            won = seat in result.winners
            return (WIN if won and not result.draw else 0 if won else LOSS, 0)
        if seat in state.disqualified:
            return (LOSS, 0)
        if state.pending and state.current_player == seat:
            best = (LOSS, 0)
            for take in state.legal_moves():
                after = state.clone()
                after.play(take)
                best = max(best, self._value(after, seat))
            return best
        return (state.score(seat), -len(state.hand(seat)))


def _lines_through(square: int) -> tuple[tuple[int, int, int, int], ...]:
    """The lines of three through `square`, each as (x, y, middle, far): the two other squares,
    and when `square` is an end (a sandwich may close there, WF-13), the middle and the far end
    (else middle is -1)."""
    found = []
    for line in TRIPLES:
        if square in line:
            x, y = (other for other in line if other != square)
            end = square != line[1]
            found.append((x, y, line[1] if end else -1, line[2] if square == line[0] else line[0]))
    return tuple(found)


_LINES_THROUGH = tuple(_lines_through(square) for square in SQUARES)
#: For each square, the lines of four that end there, as (second, third, far end) from it.
_FOURS_FROM = tuple(
    tuple(
        (line[1], line[2], line[3]) if line[0] == square else (line[2], line[1], line[0])
        for line in QUADS
        if square in (line[0], line[3])
    )
    for square in SQUARES
)


#: For each square, the lines of four through it, as the three other squares.
_FOURS_THROUGH = tuple(
    tuple(tuple(other for other in line if other != square) for line in QUADS if square in line)
    for square in SQUARES
)


def _makes_four(top: list[int], square: int, piece: int) -> bool:
    """Does `piece` on `square` complete four visible pieces in a line of one illustration or
    one size (WF-16, WF-30)?"""
    kind, big = piece % 3, piece // 3
    for x, y, z in _FOURS_THROUGH[square]:
        px, py, pz = top[x], top[y], top[z]
        if EMPTY in (px, py, pz):
            continue
        if kind == px % 3 == py % 3 == pz % 3 or big == px // 3 == py // 3 == pz // 3:
            return True
    return False


def loses_at_once(state: State, move: Move) -> bool:
    """Does `move` make a losing pattern with the piece it places, so that the mover loses
    before any capture (WF-16, WF-21): four of one illustration or one size in a line, or a can
    beside two visible cans in a line?"""
    if type(move) is not Place:
        return False
    top, square, piece = state.top, move.square, move.piece
    if piece in CAN_PIECES and any(
        top[x] in CAN_PIECES and top[y] in CAN_PIECES for x, y, _, _ in _LINES_THROUGH[square]
    ):
        return True
    return _makes_four(top, square, piece)


def _may_capture_a_can(top: list[int], under: list[int], square: int, piece: int) -> bool:
    """Could placing `piece` on `square` capture a can this turn? False when it makes no effect
    (WF-11..13, WF-18), when it loses at once (a losing pattern, WF-16, WF-21), or when its
    only effects are trios without a can that uncover nothing (no chain can follow, WF-14,
    WF-17).

    It reads only the lines through `square` (`_LINES_THROUGH`, `_FOURS_FROM`) rather than
    calling `find_effects`, which walks every line of the board: 0.45 against 1.8 µs a
    placement, over the ~90 placements of each new tree node. The tests hold `wins_at_once`
    to the engine's own answer."""
    if _makes_four(top, square, piece):
        return False  # four in a line: the mover loses (WF-16, WF-21)
    kind, big = piece % 3, piece // 3
    covers = top[square] != EMPTY  # a small piece on a large one: its removal uncovers
    found = False
    for x, y, middle, far in _LINES_THROUGH[square]:
        px, py = top[x], top[y]
        if px == EMPTY or py == EMPTY:
            continue
        kx, ky = px % 3, py % 3
        if kind == CAN and kx == CAN and ky == CAN:
            return False  # three cans in a line: the mover loses (WF-21)
        if kind == kx == ky or big == px // 3 == py // 3:  # a trio (WF-11, WF-12)
            uncovers = covers or under[x] != EMPTY or under[y] != EMPTY
            found = found or uncovers or CAN in (kind, kx, ky)
        if middle != -1 and kind != CAN and top[middle] % 3 == CAN and top[far] % 3 == kind:
            found = True  # D F D (WF-13)
    if found or kind == CAN:
        return found
    for b, c, d in _FOURS_FROM[square]:  # D F F D (WF-13)
        pb, pc, pd = top[b], top[c], top[d]
        if EMPTY not in (pb, pc, pd) and pb % 3 == CAN and pc % 3 == CAN and pd % 3 == kind:
            return True
    return False


def wins_at_once(state: State) -> bool:
    """Can the seat to act end its turn as the sole winner, whatever the others do? Exactly
    what playing out every line of its turn says, in a sixth of the time: while the turn cannot
    end the game on points (two shared pieces and two empty squares left, WF-25 and its ruling),
    only a capture that brings its cans to three wins (WF-22), so only the placements that may
    capture a can are played out."""
    seat = state.current_player
    if seat is None:
        return False
    top, under = state.top, state.under
    moves = state.legal_moves()
    if not state.pending and sum(state.pool) >= 2 and top.count(EMPTY) >= 2:
        needed = 3 - state.cans_captured(seat)
        on_board = sum(p in CAN_PIECES for p in top) + sum(p in CAN_PIECES for p in under)
        if on_board + (1 if any(state.hands[seat]) else 0) < needed:
            return False
        moves = [
            m
            for m in moves
            if isinstance(m, Place) and _may_capture_a_can(top, under, m.square, m.piece)
        ]
    return any(_turn_wins(state, move, seat) for move in moves)


def _turn_wins(state: State, move: Move, seat: int) -> bool:
    """Does `move`, with the best of `seat`'s own choices after it (WF-19), end the game with
    `seat` its sole winner?"""
    after = state.clone()
    after.play_legal(move)
    result = after.result
    if result is not None:
        return tuple(result.winners) == (seat,)
    return after.current_player == seat and any(
        _turn_wins(after, take, seat) for take in after.legal_moves()
    )


#: The first level whose search proves a new node won where the seat to act can win at once
#: (decisive moves; below it, immediate wins in the tree are found by playouts, and the move
#: chosen still never hands the opponent one). The step that makes Hard stronger than Normal
#: beyond its time (docs/ai-strength.md).
DECISIVE_FROM = "hard"


class MctsBot(SearchBot):
    """UCT on copies of the (complete) view, `take` choices in the tree, proven wins backed up,
    from Hard up a new node where the seat to act can win at once proven at once
    (`wins_at_once`).
    Playouts are random but never make a losing pattern with the placed piece (three cans, or
    four of one illustration or size in a line) while another move does not: a player who knows
    the rules never does that, and random play that does ends most playouts by that blunder
    alone (docs/ai-strength.md)."""

    perfect_information = True
    guard_replies = True
    can_win_at_once = staticmethod(wins_at_once)

    def __init__(
        self, level: str = "normal", iterations: int | None = None, seconds: float | None = None
    ) -> None:
        super().__init__(level, iterations, seconds)
        self.decisive = at_least(level, DECISIVE_FROM)

    def determinize(self, view: State, rng: random.Random) -> State:
        return view.clone()

    def playout_move(self, state: State, moves: list[Move], rng: random.Random) -> Move:
        move = rng.choice(moves)
        if not loses_at_once(state, move):
            return move
        safe = [m for m in moves if not loses_at_once(state, m)]
        return rng.choice(safe) if safe else move


class BeginnerBot:
    """A person in their first game (game.ai.novice): never a move that makes a losing pattern
    while another move does not; sees what its placement captures at once (the effects through
    the piece placed, not the chain after them): a third can (a win) nearly always, the best
    capture most of the time, a fourth can (overeating) always; rarely checks the next player's
    reply; otherwise places any piece anywhere."""

    name = "beginner"

    def __init__(self, level: str = "beginner") -> None:
        self.level = level

    def choose(self, view: State, rng: random.Random) -> Move:
        seat = view.current_player
        if seat is None:
            raise ValueError("the game is over: there is no move to choose")
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        moves = [m for m in moves if not loses_at_once(view, m)] or moves
        cans = view.cans_captured(seat)
        looks = [(*first_capture(view, move), move) for move in moves]
        # a fourth can is overeating: a newcomer counts its cans
        looks = [look for look in looks if cans + look[1] < 4] or looks
        wins = [move for _, got, move in looks if cans + got == 3]
        if wins and rng.random() < novice.SEES_WIN:
            return rng.choice(wins)
        best = max(points for points, _, _ in looks)
        if best > 0 and rng.random() < novice.SEES_GAIN:
            return rng.choice([move for points, _, move in looks if points == best])
        moves = [move for _, _, move in looks]
        if rng.random() < novice.SEES_THREAT:
            moves = [m for m in moves if not gives_win(view, m, seat)] or moves
        return rng.choice(moves)


def first_capture(state: State, move: Move) -> tuple[int, int]:
    """What `move` captures at once, as a newcomer sees it: the best single effect through the
    placed piece (WF-11..13), or the effect a `take` picks (WF-19), not the chain after it.
    (points, cans)."""
    top = state.top
    if isinstance(move, Place):
        top = top.copy()
        top[move.square] = move.piece
        loss, effects = find_effects(top, 1 << move.square)
        if loss is not None:
            return (0, 0)
        squares = [effect.squares for effect in effects]
    else:
        squares = [move.squares]
    best = (0, 0)
    for group in squares:
        cans = sum(top[sq] in CAN_PIECES for sq in group)
        best = max(best, (len(group) + cans, cans))
    return best


BOTS = {"random": RandomBot, "beginner": BeginnerBot, "greedy": GreedyBot, "search": MctsBot}
