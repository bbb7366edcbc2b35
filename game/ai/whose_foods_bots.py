"""Simple Whose Foods bots: `random` and `greedy` (best immediate points, never a losing move)."""

from __future__ import annotations

import random

from game.ai.random_bot import RandomBot
from game.whose_foods import Move, State

WIN, LOSS = 1_000, -1_000


class GreedyBot:
    """The move with the best immediate points; a move that loses at once only if all do.

    A move's value follows its own chain to the end of the turn, taking the best option at each
    choice (WF-19). Ties prefer placing one's own cans (each costs 5 at the end), then chance.
    """

    name = "greedy"

    def __init__(self, level: str = "normal") -> None:
        self.level = level

    def choose(self, view: State, rng: random.Random) -> Move:
        seat = view.current_player
        if seat is None:
            raise ValueError("the game is over: there is no move to choose")
        scored = []
        for move in view.legal_moves():
            after = view.clone()
            after.play(move)
            scored.append((self._value(after, seat), rng.random(), move))
        return max(scored, key=lambda item: (item[0], item[1]))[2]

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


BOTS = {"random": RandomBot, "greedy": GreedyBot}
