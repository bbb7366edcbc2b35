"""`python main.py bench rules`: random full games per second for each rules engine."""

from __future__ import annotations

import json
import random
import time

from game import GAME_MODULES, load
from game.core import random_playout


def games_per_second(game: str, players: int, seconds: float = 2.0, seed: int = 1) -> dict:
    """Play random full games for about `seconds`; returns the figures as a dict."""
    module = load(game)
    rng = random.Random(seed)
    games = moves = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        kwargs = {"players": players} if game != "consequence" else {}
        if game == "blanc-noir":
            kwargs["seed"] = rng.randrange(2**32)
        state = module.new_game(**kwargs)
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


PLAYER_COUNTS = {"whose-foods": (2, 3, 4), "consequence": (2,), "blanc-noir": (2, 3, 4)}


def main(argv: list[str]) -> int:
    seconds = float(argv[0]) if argv else 2.0
    for game in GAME_MODULES:
        try:
            load(game)
        except ModuleNotFoundError:
            print(json.dumps({"bench": "rules", "game": game, "status": "not built yet"}))
            continue
        for players in PLAYER_COUNTS[game]:
            print(json.dumps(games_per_second(game, players, seconds)), flush=True)
        for figures in getattr(load(game), "bench_figures", list)():  # optional per-game extras
            print(json.dumps(figures), flush=True)
    return 0
