"""`python main.py bench cards`: is the En blanc et noir card set playable? Proof by simulation.

Plays greedy self-play games (game.blanc_noir.bots.greedy_move, each seat from its own view)
for 2, 3 and 4 players and prints, as Markdown: per card id how often it was held, scorable while
held, and scored; and per player count the average game length in turns, the average final
score, how often the bear bonus decided the winner and how often the first player won.

Usage: `python main.py bench cards [GAMES_PER_COUNT] [--jobs N] [--seed S]` (default 2000).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from game import blanc_noir as bn
from game.blanc_noir.bots import greedy_move
from game.blanc_noir.cards import CARD_IDS, CARDS
from scenes.arguments import Parser, integer, seed_number

PLAYER_COUNTS = (2, 3, 4)
#: A card is flagged when scorable in fewer than this share of the games in which it was held.
SCORABLE_FLOOR = 0.05
#: The first player is flagged when winning more than this share of 2-player games.
FIRST_PLAYER_CEILING = 0.60


@dataclass
class Tally:
    """Totals over many games of one player count."""

    games: int = 0
    turns: int = 0
    score_sum: int = 0
    seats: int = 0
    bear_decided: int = 0
    first_wins: float = 0.0
    shared: int = 0
    held: Counter[str] = field(default_factory=Counter)
    scorable: Counter[str] = field(default_factory=Counter)
    scored: Counter[str] = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.turns += other.turns
        self.score_sum += other.score_sum
        self.seats += other.seats
        self.bear_decided += other.bear_decided
        self.first_wins += other.first_wins
        self.shared += other.shared
        self.held.update(other.held)
        self.scorable.update(other.scorable)
        self.scored.update(other.scored)


def play_game(players: int, seed: int) -> Tally:
    """One greedy self-play game from `seed`; its figures as a Tally of one game."""
    rng = random.Random(seed)
    state = bn.new_game(players=players, seed=seed, first_player=0)
    held = {c for s in range(players) for c in state.hand(s)}
    scorable: set[str] = set()
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        scorable.update(c for c in view.hand(seat) if view.scorable(c))
        for event in state.play(greedy_move(view, rng)):
            if isinstance(event, bn.CardDrawn):
                held.add(event.card)
    result = state.result
    assert result is not None
    base = [sum(state.breakdown(s)[k] for k in ("cards", "hand")) for s in range(players)]
    base_winners = tuple(s for s in range(players) if base[s] == max(base))
    tally = Tally(games=1, turns=state.turn, score_sum=sum(result.scores), seats=players)
    tally.bear_decided = int(not set(base_winners) & set(result.winners))
    tally.first_wins = (1 / len(result.winners)) if state.first_player in result.winners else 0.0
    tally.shared = int(result.draw)
    tally.held.update(held)
    tally.scorable.update(scorable & held)
    tally.scored.update(c for s in range(players) for c in state.scored(s))
    return tally


def _play_many(players: int, seeds: list[int]) -> Tally:
    total = Tally()
    for seed in seeds:
        total.add(play_game(players, seed))
    return total


def simulate(games: int, jobs: int = 1, seed: int = 1) -> dict[int, Tally]:
    """Tallies of `games` greedy games per player count, spread over `jobs` processes."""
    out = {}
    for players in PLAYER_COUNTS:
        seeds = [seed * 1_000_003 + players * 100_000 + i for i in range(games)]
        chunks = [seeds[i::jobs] for i in range(jobs)]
        total = Tally()
        if jobs > 1:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                for part in pool.map(_play_many, [players] * jobs, chunks):
                    total.add(part)
        else:
            total.add(_play_many(players, seeds))
        out[players] = total
    return out


def _pct(part: float, whole: float) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def report(tallies: dict[int, Tally]) -> tuple[str, list[str]]:
    """The Markdown tables, and the findings that call for a change of the card table."""
    lines = [
        (
            "| players | games | turns / game | final score / seat | bear bonus decided "
            "| first player won | shared victory |"
        ),
        "|---|---|---|---|---|---|---|",
    ]
    findings = []
    for players, t in tallies.items():
        lines.append(
            f"| {players} | {t.games} | {t.turns / t.games:.1f} | {t.score_sum / t.seats:.1f} "
            f"| {_pct(t.bear_decided, t.games)} | {_pct(t.first_wins, t.games)} "
            f"| {_pct(t.shared, t.games)} |"
        )
        if players == 2 and t.first_wins / t.games > FIRST_PLAYER_CEILING:
            findings.append(f"first player wins {_pct(t.first_wins, t.games)} of 2-player games")
    total = Tally()
    for t in tallies.values():
        total.add(t)
    header = " | ".join(f"scored ({p}p)" for p in tallies)
    lines += [
        "",
        f"| card | value | bear | pattern | held in games | scorable when held | {header} |",
        "|---|---|---|---|---|---|" + "---|" * len(tallies),
    ]
    for cid in CARD_IDS:
        card = CARDS[cid]
        if card.overlay:
            continue
        held, able = total.held[cid], total.scorable[cid]
        per_count = " | ".join(_pct(t.scored[cid], t.games) for t in tallies.values())
        lines.append(
            f"| {cid} | {card.value} | {'yes' if card.bear else ''} | `{card.pattern}` "
            f"| {held} | {_pct(able, held)} | {per_count} |"
        )
        if held and able / held < SCORABLE_FLOOR:
            findings.append(f"{cid} scorable in only {_pct(able, held)} of the games it was held")
    return "\n".join(lines), findings


#: The most worker processes `--jobs` may ask for.
MAX_JOBS = 256


def make_parser() -> Parser:
    parser = Parser(
        prog="python main.py bench cards",
        description="Greedy self-play of En blanc et noir: is every card playable?",
    )
    parser.add_argument(
        "games",
        nargs="?",
        type=integer(1, 10_000_000),
        default=2000,
        help="games per player count (default 2000)",
    )
    parser.add_argument(
        "--jobs", type=integer(1, MAX_JOBS), default=1, help="worker processes (default 1)"
    )
    parser.add_argument("--seed", type=seed_number, default=1, help="random seed (default 1)")
    return parser


def main(argv: list[str]) -> int:
    args = make_parser().parse_args(argv)
    start = time.perf_counter()
    tallies = simulate(args.games, args.jobs, args.seed)
    text, findings = report(tallies)
    print(text)
    print()
    print("Findings:" if findings else "Findings: none (every card scorable, first player fair).")
    for finding in findings:
        print(f"- {finding}")
    print(
        f"\n{sum(t.games for t in tallies.values())} games in {time.perf_counter() - start:.0f} s"
    )
    return 0
