"""`python main.py bench rules`: random full games per second for each rules engine, then any
figures of a game's own (its BoardSpec's `rules_bench`, such as a card game's pattern search)."""

from __future__ import annotations

import json
import random
import time

from game import GAMES
from game.core.engine import random_playout
from scenes.arguments import Parser, number


def games_per_second(game: str, players: int, seconds: float = 2.0, seed: int = 1) -> dict:
    """Play random full games for about `seconds`; returns the figures as a dict."""
    new_game = GAMES[game].new_game
    rng = random.Random(seed)
    games = moves = 0
    start = time.perf_counter()
    while True:  # at least one game, however short `seconds` is
        state = new_game(players=players, seed=rng.randrange(2**32))
        moves += len(random_playout(state, rng))
        games += 1
        if (elapsed := time.perf_counter() - start) >= seconds:
            break
    return {
        "bench": "rules",
        "game": game,
        "players": players,
        "games": games,
        "games_per_s": round(games / elapsed, 1),
        "moves_per_game": round(moves / games, 1),
    }


def make_parser() -> Parser:
    parser = Parser(
        prog="python main.py bench rules",
        description="Random full games per second for each rules engine and player count, "
        "then each game's own rules figures; one JSON line each.",
    )
    parser.add_argument(
        "seconds",
        nargs="?",
        type=number(0, 3600, above_low=True),
        default=2.0,
        help="seconds of play per engine and player count (default 2)",
    )
    return parser


def main(argv: list[str]) -> int:
    seconds = make_parser().parse_args(argv).seconds
    for game, info in GAMES.items():
        for players in info.player_counts:
            print(json.dumps(games_per_second(game, players, seconds)), flush=True)
    from scenes.boards import BOARDS

    for spec in BOARDS.values():
        for figures in spec.rules_figures():
            print(json.dumps(figures), flush=True)
    return 0
