"""`python main.py bench ai`: how strong is each level of each game's strongest bot?

Per game and level, two-player matches of the search bot against `random`, against `greedy` (at
the same level) and against the level below, seats alternated: games 2k and 2k+1 share one deal
(seed k) with the seats swapped, so the luck of the deal cancels out of the match; prints
win/draw/loss, the share of decided games won with its 95% Wilson interval, and the search bot's
think time per move (mean, p95, max); then each seat's share of the wins when hard plays itself
in every player count the game has. `--write` merges the figures into game/ai/strength.py for
the setup screen.

`--speed` prints instead the search's iterations per second for each game (one JSON line each):
the normal level's search, a fixed number of iterations from positions of random two-player
games, in CPU time of this thread (the rules engine bounds it; `bench all` prints it).

Usage: `python main.py bench ai [--games N] [--jobs J] [--game NAME] [--match LABEL]
[--clock wall|cpu] [--write] [--speed]`.
"""

from __future__ import annotations

import json
import math
import pprint
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import zip_longest
from pathlib import Path

from game import GAMES
from game.ai import LEVELS, make_bot, search, strength
from scenes.arguments import Parser, integer

#: every game, in menu order
GAME_KEYS = tuple(GAMES)
STRENGTH_FILE = Path(strength.__file__)


@dataclass(frozen=True)
class Pairing:
    """The search bot at `level` (seat alternated) against `opponent` at `opponent_level`."""

    game: str
    level: str
    opponent: str
    opponent_level: str
    players: int = 2

    @property
    def self_play(self) -> bool:
        """The search bot at one level in every seat (the first seat's share is the figure)."""
        return self.opponent == "search" and self.level == self.opponent_level

    @property
    def label(self) -> str:
        if self.self_play:
            return f"{self.level} self-play, {self.players} players"
        if self.opponent == "search":
            return f"{self.level} vs {self.opponent_level}"
        return f"{self.level} vs {self.opponent}"


@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    seat_wins: list[float] = field(default_factory=list)  # each seat's share of the wins
    #: the search bot's [wins, draws, losses] in the first seat and the second (matches only)
    by_seat: list[list[int]] = field(default_factory=list)
    thinks: list[float] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.wins += other.wins
        self.draws += other.draws
        self.losses += other.losses
        pairs = zip_longest(self.seat_wins, other.seat_wins, fillvalue=0.0)
        self.seat_wins = [mine + theirs for mine, theirs in pairs]
        records = zip_longest(self.by_seat, other.by_seat, fillvalue=[0, 0, 0])
        self.by_seat = [[a + b for a, b in zip(m, t, strict=True)] for m, t in records]
        self.thinks += other.thinks

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


def pairings(game: str) -> list[Pairing]:
    out = []
    for i, level in enumerate(LEVELS):
        out.append(Pairing(game, level, "random", level))
        out.append(Pairing(game, level, "greedy", level))
        if i:
            out.append(Pairing(game, level, "search", LEVELS[i - 1]))
    # self-play in every player count: the seats' shares of the wins
    out.extend(Pairing(game, "hard", "search", "hard", n) for n in GAMES[game].player_counts)
    return out


#: The label of every match `pairings` makes (for any game).
MATCH_LABELS = tuple(dict.fromkeys(p.label for game in GAME_KEYS for p in pairings(game)))


def play_one(pairing: Pairing, index: int, seed: int) -> Tally:
    """Game `index` of a pairing: the search bot sits in seat index % 2, on the deal of seed
    index // 2 (in self-play, every seat is the search bot, on the deal of seed `index`)."""
    game_seed = seed * 1_000_003 + (index if pairing.self_play else index // 2)
    state = GAMES[pairing.game].new_game(players=pairing.players, seed=game_seed)
    ours = index % 2
    bots = {
        seat: make_bot(pairing.game, "search", pairing.level) for seat in range(pairing.players)
    }
    if not pairing.self_play:
        bots[1 - ours] = make_bot(pairing.game, pairing.opponent, pairing.opponent_level)
    rngs = {seat: random.Random(game_seed * 4 + seat) for seat in bots}
    tally = Tally()
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        start = search.CLOCK()
        move = bots[seat].choose(view, rngs[seat])
        if seat == ours or pairing.self_play:
            tally.thinks.append(search.CLOCK() - start)
        state.play(move)
    result = state.result
    assert result is not None
    tally.seat_wins = [0.0] * pairing.players
    for seat in result.winners:
        tally.seat_wins[seat] = 1 / len(result.winners)
    if ours in result.winners:
        if len(result.winners) == 1:
            tally.wins = 1
        else:
            tally.draws = 1
    else:
        tally.losses = 1
    tally.by_seat = [[0, 0, 0], [0, 0, 0]]
    tally.by_seat[ours] = [tally.wins, tally.draws, tally.losses]
    return tally


def _run(task: tuple[Pairing, int, int]) -> tuple[Pairing, Tally]:
    pairing, index, seed = task
    return pairing, play_one(pairing, index, seed)


def search_speed(
    game: str, positions: int = 12, iterations: int = 150, seed: int = 1
) -> dict[str, object]:
    """Iterations per second of the normal search bot of `game`: `iterations` each from
    `positions` positions of random two-player games (a position every few moves), counted
    in CPU time of this thread."""
    rng = random.Random(seed)
    bot = make_bot(game, "search", "normal")
    bot.iterations = iterations  # type: ignore[attr-defined]
    done = 0
    spent = 0.0
    while positions > 0:
        state = GAMES[game].new_game(players=2, seed=rng.randrange(2**32))
        while not state.is_over and positions > 0:
            seat = state.current_player
            if len(state.legal_moves()) > 1 and rng.random() < 0.3:
                start = time.thread_time()
                bot.choose(state.view(seat), random.Random(positions))
                spent += time.thread_time() - start
                done += bot.last_iterations  # type: ignore[attr-defined]
                positions -= 1
            state.play(rng.choice(state.legal_moves()))
    return {
        "bench": "ai speed",
        "game": game,
        "level": "normal",
        "iterations": done,
        "iterations_per_s": round(done / spent) if spent else None,
    }


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def simulate(
    games: list[str], count: int, jobs: int, seed: int, matches: list[str] | None = None
) -> dict[Pairing, Tally]:
    chosen = [p for g in games for p in pairings(g) if not matches or p.label in matches]
    tasks = [(p, i, seed) for p in chosen for i in range(count)]
    # Longest first, so the workers finish together.
    tasks.sort(
        key=lambda t: -(LEVELS.index(t[0].level) + LEVELS.index(t[0].opponent_level)) * t[0].players
    )
    out = {p: Tally() for p in chosen}
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_run, tasks, chunksize=1))
    else:
        results = [_run(task) for task in tasks]
    for pairing, tally in results:
        out[pairing].add(tally)
    return out


def report(tallies: dict[Pairing, Tally]) -> tuple[str, dict]:
    """The Markdown table, and the figures for game/ai/strength.py."""
    lines = [
        "| game | match | games | W / D / L | won of decided (95% CI) | think mean | p95 | max |",
        "|---|---|---|---|---|---|---|---|",
    ]
    figures: dict = {}
    for pairing, t in tallies.items():
        if pairing.self_play:
            first = t.seat_wins[0] if t.seat_wins else 0.0
            lo, hi = wilson(first, t.games)
            seats = " / ".join(f"{share / t.games:.0%}" for share in t.seat_wins)
            lines.append(
                f"| {pairing.game} | {pairing.label}: seats won {seats} | {t.games} | - | "
                f"first seat {first / t.games:.0%} ({lo:.0%}-{hi:.0%}) | {_think(t)} |"
            )
            continue
        decided = t.wins + t.losses
        share = t.wins / decided if decided else 0.0
        lo, hi = wilson(t.wins, decided)
        records = zip(("first seat", "second"), t.by_seat, strict=True)  # W-D-L in each seat
        seats = ", ".join(f"{name} {'-'.join(map(str, r))}" for name, r in records)
        lines.append(
            f"| {pairing.game} | {pairing.label} ({seats}) | {t.games} | "
            f"{t.wins} / {t.draws} / {t.losses} | {share:.0%} ({lo:.0%}-{hi:.0%}) | {_think(t)} |"
        )
        entry = figures.setdefault(pairing.game, {}).setdefault(pairing.level, {})
        entry[pairing.opponent] = {
            "games": t.games,
            "wins": t.wins,
            "draws": t.draws,
            "losses": t.losses,
        }
    return "\n".join(lines), figures


def _think(t: Tally) -> str:
    if not t.thinks:
        return "- | - | -"
    mean = sum(t.thinks) / len(t.thinks)
    return f"{mean:.2f} s | {percentile(t.thinks, 0.95):.2f} s | {max(t.thinks):.2f} s"


def write_strength(figures: dict) -> None:
    """game/ai/strength.py: the measured figures as a Python literal, merged into the table
    already there (a run with `--game` or `--match` replaces only the matches it played)."""
    table = read_strength()
    for game, levels in figures.items():
        for level, opponents in levels.items():
            table.setdefault(game, {}).setdefault(level, {}).update(opponents)
    text = (
        '"""Measured strength of the search bot per game and level (generated by\n'
        '`python main.py bench ai --write`; do not edit by hand)."""\n\n'
        "#: game -> level -> opponent (random, greedy, search = the level below) -> "
        "games/wins/draws/losses.\n"
        f"STRENGTH: dict[str, dict[str, dict[str, dict[str, int]]]] = {pprint.pformat(table)}\n"
    )
    STRENGTH_FILE.write_text(text)


def read_strength() -> dict:
    """The table in STRENGTH_FILE now ({} if there is none)."""
    namespace: dict = {}
    if STRENGTH_FILE.exists():
        exec(compile(STRENGTH_FILE.read_text(), str(STRENGTH_FILE), "exec"), namespace)
    return namespace.get("STRENGTH", {})


#: The most worker processes `--jobs` may ask for.
MAX_JOBS = 256


def make_parser() -> Parser:
    parser = Parser(
        prog="python main.py bench ai",
        description="Matches of each level of the search bot against random, greedy and the "
        "level below; win/draw/loss with 95% intervals and think times.",
    )
    parser.add_argument(
        "--games", type=integer(1, 100_000), default=20, help="games per match (default 20)"
    )
    parser.add_argument(
        "--jobs", type=integer(1, MAX_JOBS), default=1, help="worker processes (default 1)"
    )
    parser.add_argument(
        "--game", choices=GAME_KEYS, action="append", help="only this game (repeatable)"
    )
    parser.add_argument(
        "--match",
        choices=MATCH_LABELS,
        action="append",
        help="only this match, e.g. 'hard vs greedy' (repeatable)",
    )
    parser.add_argument("--seed", type=integer(0), default=1, help="random seed (default 1)")
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="count budgets and think times in wall time (default) or in this process's CPU "
        "time (a loaded machine then measures what an idle core would play)",
    )
    parser.add_argument(
        "--write", action="store_true", help="store the figures in game/ai/strength.py"
    )
    parser.add_argument(
        "--speed",
        action="store_true",
        help="print the search's iterations per second for each game instead (JSON lines)",
    )
    return parser


def main(argv: list[str]) -> int:
    args = make_parser().parse_args(argv)
    start = time.perf_counter()
    games = args.game or list(GAME_KEYS)
    if args.speed:
        for game in games:
            print(json.dumps(search_speed(game, seed=args.seed)), flush=True)
        return 0
    if args.clock == "cpu":
        search.CLOCK = time.process_time
    tallies = simulate(games, args.games, args.jobs, args.seed, args.match)
    text, figures = report(tallies)
    print(text)
    print(
        f"\n{args.games} games per match, {args.jobs} jobs, {args.clock} clock, "
        f"{time.perf_counter() - start:.0f} s"
    )
    if args.write:
        write_strength(figures)
        print(f"wrote {STRENGTH_FILE}")
    return 0
