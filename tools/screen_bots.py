"""Screen an idea for a search bot cheaply: a match between two bot specs on `bench ai`'s rules
(two players, seats alternated, games 2k and 2k+1 on one deal with the seats swapped), with
budgets in this process's CPU time (as `bench ai --clock cpu`) or in iterations, on deals of
other seeds than the bench's (5000 and up by default). Prints each game and the tally of the
first spec: W / D / L, its share of decided games, each side's think time and iterations a
second.

A spec is a level and options set on its bot, by attribute: `expert:seconds=1.0,learned=false`
(values are JSON: numbers, true, false), `hard:iterations=2000`. docs/ai-strength.md lists the
screening runs made with it.

`--oracle hands` (or `all`) is a bound, never a bot of the game: the first spec's search deals
every sample from the true hidden cards (the other hands and the land laid face down; with `all`
the deck's order too, else the deck shuffled), to measure how much any reading of the hidden
cards could buy at most.

Usage: python tools/screen_bots.py GAME SPEC_A SPEC_B [--games N] [--jobs J] [--seed S]
       [--oracle hands|all]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import GAMES
from game.ai import make_bot, search
from game.core.shuffle import shuffle

search.CLOCK = time.process_time


def build(game: str, spec: str) -> Any:
    """The bot of `spec` (level[:name=value,...]); SystemExit naming an option it lacks."""
    level, _, rest = spec.partition(":")
    bot = make_bot(game, None, level)
    for part in filter(None, rest.split(",")):
        name, _, text = part.partition("=")
        if not hasattr(bot, name):
            raise SystemExit(f"the {level} bot of {game} has no option {name!r}")
        setattr(bot, name, json.loads(text))
    return bot


Outcome = tuple[int, str, list[float], list[int], list[int]]


def see_truth(bot: Any, game: Any, oracle: str) -> None:
    """Make `bot`'s samples the true state of `game` (read at each sample), its deck shuffled
    unless `oracle` is "all": the bound `--oracle` measures."""

    def determinize(view: Any, rng: random.Random) -> Any:
        state = game.clone()
        if oracle != "all":
            shuffle(state._deck, rng)
        return state

    bot.determinize = determinize


def play(task: tuple[str, str, str, int, int, str | None]) -> Outcome:
    """Game `index`: spec A in seat index % 2 on the deal of seed `first + index // 2`; its
    result for A (W, D or L), and each side's think seconds, moves and iterations."""
    game, a, b, index, first, oracle = task
    seed = first + index // 2
    state = GAMES[game].new_game(players=2, seed=seed)
    ours = index % 2
    bots = {ours: build(game, a), 1 - ours: build(game, b)}
    if oracle is not None:
        see_truth(bots[ours], state, oracle)
    rngs = {seat: random.Random(seed * 4 + seat + 17 * ours) for seat in bots}
    spent, moves, iterations = [0.0, 0.0], [0, 0], [0, 0]
    while not state.is_over:
        seat = state.current_player
        side = 0 if seat == ours else 1
        start = time.process_time()
        move = bots[seat].choose(state.view(seat), rngs[seat])
        spent[side] += time.process_time() - start
        moves[side] += 1
        iterations[side] += getattr(bots[seat], "last_iterations", 0)
        state.play(move)
    winners = tuple(state.result.winners)
    result = "W" if winners == (ours,) else "D" if ours in winners else "L"
    return index, result, spent, moves, iterations


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("a", help="the bot screened, e.g. expert:seconds=1.0")
    parser.add_argument("b", help="its opponent, e.g. hard:seconds=0.33")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=5000, help="the first deal's seed")
    parser.add_argument(
        "--oracle",
        choices=("hands", "all"),
        help="a bound: A's samples are the true hidden cards (all: and the deck's order)",
    )
    args = parser.parse_args(argv)
    build(args.game, args.a), build(args.game, args.b)  # a bad option fails before any game
    tasks = [(args.game, args.a, args.b, i, args.seed, args.oracle) for i in range(args.games)]
    tally = {"W": 0, "D": 0, "L": 0}
    spent, moves, iterations = [0.0, 0.0], [0, 0], [0, 0]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for index, result, s, m, it in pool.map(play, tasks):
            tally[result] += 1
            for side in (0, 1):
                spent[side] += s[side]
                moves[side] += m[side]
                iterations[side] += it[side]
            print(f"game {index}: {result}, so far {tally['W']} / {tally['D']} / {tally['L']}")
    decided = tally["W"] + tally["L"]
    sides = [
        f"{spec} {spent[i] / max(moves[i], 1):.2f} s a move, "
        f"{iterations[i] / max(spent[i], 1e-9):,.0f} iterations a second"
        for i, spec in enumerate((args.a, args.b))
    ]
    name = f"{args.game} (oracle: {args.oracle})" if args.oracle else args.game
    print(
        f"{name}: {args.a} against {args.b}: {tally['W']} / {tally['D']} / {tally['L']} "
        f"({tally['W'] / max(decided, 1):.0%} of decided games); {'; '.join(sides)}; "
        f"{time.perf_counter() - start:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
