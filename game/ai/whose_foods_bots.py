"""Whose Foods bots: `random`, `greedy` (best immediate points, never a losing move, no avoidable
gift of an immediate win) and `search` (MCTS, game.ai.search).

The view of a Whose Foods seat is the whole state (WF-10: covered pieces were seen placed), so
the search copies it instead of sampling.
"""

from __future__ import annotations

import random

from game.ai.random_bot import RandomBot
from game.ai.search import SearchBot, gives_win
from game.core import SQUARES
from game.whose_foods import Move, State
from game.whose_foods_effects import TRIPLES
from game.whose_foods_moves import CAN_PIECES, Place

WIN, LOSS = 1_000, -1_000
#: How often each level of `greedy` plays a random legal move instead of the greedy one.
RANDOM_SHARE = {"easy": 0.3, "normal": 0.05, "hard": 0.0}


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


#: For each square, the pairs of other squares that make a line of three with it.
_PAIRS_THROUGH = tuple(
    tuple(tuple(other for other in line if other != square) for line in TRIPLES if square in line)
    for square in SQUARES
)


def makes_can_line(state: State, move: Move) -> bool:
    """Does `move` place a can beside two visible cans in a line, losing at once (WF-16,
    WF-21)?"""
    if type(move) is not Place or move.piece not in CAN_PIECES:
        return False
    top = state.top
    return any(
        top[a] in CAN_PIECES and top[b] in CAN_PIECES for a, b in _PAIRS_THROUGH[move.square]
    )


class MctsBot(SearchBot):
    """UCT on copies of the (complete) view, `take` choices in the tree, proven wins backed up.
    Playouts are random but never place a can into a line of three cans while another move
    does not: a player who knows the rules never does that, and random play that does ends
    four playouts in ten by that blunder alone (docs/ai-strength.md)."""

    perfect_information = True
    guard_replies = True

    def determinize(self, view: State, rng: random.Random) -> State:
        return view.clone()

    def playout_move(self, state: State, moves: list[Move], rng: random.Random) -> Move:
        move = rng.choice(moves)
        if not makes_can_line(state, move):
            return move
        safe = [m for m in moves if not makes_can_line(state, m)]
        return rng.choice(safe) if safe else move


BOTS = {"random": RandomBot, "greedy": GreedyBot, "search": MctsBot}
