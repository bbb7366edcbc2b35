"""`python main.py bench rules`: random full games per second for each rules engine."""

from __future__ import annotations

import json
import random
import time

from game import GAMES, load
from game.core import random_playout


def games_per_second(game: str, players: int, seconds: float = 2.0, seed: int = 1) -> dict:
    """Play random full games for about `seconds`; returns the figures as a dict."""
    new_game = GAMES[game].new_game
    rng = random.Random(seed)
    games = moves = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        state = new_game(players=players, seed=rng.randrange(2**32))
        moves += len(random_playout(state, rng))
        games += 1
    return {
        "bench": "rules",
        "game": game,
        "players": players,
        "games": games,
        "games_per_s": round(games / elapsed, 1),
        "moves_per_game": round(moves / games, 1),
    }


def main(argv: list[str]) -> int:
    seconds = float(argv[0]) if argv else 2.0
    for game, info in GAMES.items():
        for players in info.player_counts:
            print(json.dumps(games_per_second(game, players, seconds)), flush=True)
        for figures in getattr(load(game), "bench_figures", list)():  # optional per-game extras
            print(json.dumps(figures), flush=True)
    return 0
