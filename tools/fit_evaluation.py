"""Fit a game's learned evaluation (game.ai.learned) from self-play and write its JSON file.

Self-play: two-player games of the game's `selfplay_move` policy (its greedy play with a share
of random actions, so the positions vary), from deals and choices drawn from `--seed`. Every
position before an action gives one example per game: the difference of the two seats'
features (its bots' `FEATURES`) against the difference of their final points. The
weights are the least-squares fit of that difference (a little ridge keeps them steady); the
scale is the logistic fit of who won against the fitted lead. The same seed and settings make
the same file.

Usage: python tools/fit_evaluation.py GAME [--games N] [--seed S] [--check]
(`--check`: fit, say how the file's weights differ from the shipped ones, write nothing.)
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import GAMES, game_type
from game.ai.learned import Features, LinearEvaluation

#: Ridge added to the normal equations' diagonal (per example): keeps rare features steady.
RIDGE = 1e-3


def features_of(game: str) -> Features:
    """What `game`'s bots weigh in their learned evaluation (their module's `FEATURES`)."""
    return import_module(game_type(game).bots).FEATURES


def selfplay(game: str, features: Features, games: int, seed: int) -> tuple[list, list]:
    """The examples of `games` self-play games: (feature differences, point differences)."""
    bots = import_module(game_type(game).bots)
    rng = random.Random(seed)
    xs: list[list[float]] = []
    ys: list[float] = []
    for _ in range(games):
        state = GAMES[game].new_game(players=2, seed=rng.randrange(2**31))
        positions = []
        while not state.is_over:
            positions.append(
                [a - b for a, b in zip(features.of(state, 0), features.of(state, 1), strict=True)]
            )
            state.play(bots.selfplay_move(state, rng))
        scores = state.result.scores
        xs += positions
        ys += [float(scores[0] - scores[1])] * len(positions)
    return xs, ys


def least_squares(xs: list[list[float]], ys: list[float]) -> list[float]:
    """The weights minimising the squared error of `xs . w` against `ys` (with RIDGE)."""
    n = len(xs[0])
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for x, y in zip(xs, ys, strict=True):
        for i, xi in enumerate(x):
            if xi:
                b[i] += xi * y
                row = a[i]
                for j, xj in enumerate(x):
                    row[j] += xi * xj
    for i in range(n):
        a[i][i] += RIDGE * len(xs)
    return _solve(a, b)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination, partial pivoting)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def logistic_scale(leads: list[float], ys: list[float]) -> float:
    """The slope k of P(win) = 1 / (1 + exp(-k lead)) that best fits who won (Newton's method;
    a draw counts half)."""
    k = 0.2
    for _ in range(50):
        grad = hess = 0.0
        for lead, y in zip(leads, ys, strict=True):
            won = 1.0 if y > 0 else 0.0 if y < 0 else 0.5
            p = 1.0 / (1.0 + math.exp(-k * lead))
            grad += (won - p) * lead
            hess += p * (1 - p) * lead * lead
        step = grad / hess if hess else 0.0
        k += step
        if abs(step) < 1e-9:
            break
    return k


def fit(game: str, games: int, seed: int) -> LinearEvaluation:
    """The evaluation of `game` fitted on `games` self-play games from `seed`."""
    features = features_of(game)
    xs, ys = selfplay(game, features, games, seed)
    weights = least_squares(xs, ys)
    leads = [sum(w * f for w, f in zip(weights, x, strict=True)) for x in xs]
    scale = logistic_scale(leads, ys)
    error = math.sqrt(sum((p - y) ** 2 for p, y in zip(leads, ys, strict=True)) / len(ys))
    right = sum((p > 0) == (y > 0) for p, y in zip(leads, ys, strict=True) if p and y)
    decided = sum(1 for p, y in zip(leads, ys, strict=True) if p and y)
    made = {
        "tool": "tools/fit_evaluation.py",
        "games": games,
        "seed": seed,
        "positions": len(xs),
        "rms error (points)": round(error, 3),
        "winner foreseen": round(right / decided, 4) if decided else None,
    }
    return LinearEvaluation(features.names, tuple(weights), scale, made)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="fit and compare; write nothing")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    features = features_of(args.game)
    fitted = fit(args.game, args.games, args.seed)
    for name, weight in zip(fitted.names, fitted.weights, strict=True):
        print(f"{weight:+9.4f}  {name}")
    print(f"scale {fitted.scale:.4f}; {fitted.made}; {time.perf_counter() - start:.0f} s")
    path = Path(import_module(features.package).__file__).parent / features.filename
    if args.check:
        same = path.is_file() and path.read_text("utf-8") == fitted.to_json()
        print(f"{path}: {'the same' if same else 'differs'}")
        return 0 if same else 1
    path.write_text(fitted.to_json(), "utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
