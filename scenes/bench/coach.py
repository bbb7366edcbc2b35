"""`python main.py bench coach`: the coach's targets (issue 38, game.ai.coach), one JSON line per
figure, each with "target" (in words) and "met":

- "review time": the CPU seconds (this process, one core) of a whole game's review at level
  normal, of seat 0 in the longest game of each type played here (`longest_game`: a Beginner in
  seat 0 against Normal computers, random games, games of moves that keep the hand, every
  player count). Such a seat rarely plays the coach's own move, so nearly every move is weighed
  twice more. Target: under 15 s.
- "hint time": the CPU seconds of a hint at normal on positions of those games (mean and max).
  Target: under 1 s.
- "known answer": positions of games of greedy and random moves, every player count, where one
  move wins at once (sure from the seat's view) and another loses at once in the game (by itself,
  or by letting the next seat win at once); the losing move is played and the review judges it:
  the share it marks as a missed win with a better move that wins at once. Target: 100%.
- "crying wolf": games the coach played itself in every seat (its hints, seeds apart from the
  review's), every seat reviewed: turning points per game on average. Target: at most 1.

Read the times on a quiet machine: the load is printed beside them. The games and positions made
here (`play`, `keeper`, `generated`, `known_positions`, `marks`) are shared with the tests.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from game import GAMES
from game.ai import at_once, coach, make_bot
from game.ai.search import SearchBot
from game.core.protocols import GameState, to_act
from scenes.arguments import Parser, integer

#: Targets (issue 38).
REVIEW_SECONDS = 15.0
HINT_SECONDS = 1.0
TURNING_PER_GAME = 1.0
#: Full states sampled from a view to make sure a known answer is known to the seat.
SURE_WORLDS = 64
#: Games tried for the known answers of one game and player count, at most.
KNOWN_DEALS = 1000
#: Random games among which the longest is looked for, per player count.
LONG_DEALS = 100
#: Search iterations of the Normal computers that play the timed games (fixed: the games are the
#: same on any machine).
OPPONENT_ITERATIONS = 300

#: A player: the move for the seat to act in `state` (it may read only that seat's view).
Player = Callable[[GameState[object], random.Random], object]


@dataclass(frozen=True)
class Played:
    """A game played to its end: the start, the moves, the final state."""

    game: str
    start: GameState[object]
    moves: tuple[object, ...]
    end: GameState[object]

    def moves_of(self, seat: int) -> int:
        state = self.start.clone()
        count = 0
        for move in self.moves:
            count += state.current_player == seat
            state.play(move)
        return count


@dataclass(frozen=True)
class Known:
    """A position made for a test (a known answer: after `moves` from `start`, the seat to act
    has a move that wins at once and plays `played`, which loses at once)."""

    game: str
    start: GameState[object]
    moves: tuple[object, ...]
    played: object

    @property
    def seat(self) -> int:
        state = self.start.clone()
        for move in self.moves:
            state.play(move)
        return to_act(state)


def new_state(game: str, players: int, seed: int) -> GameState[object]:
    options = {"players": players, "seed": seed} if len(GAMES[game].player_counts) > 1 else {}
    return GAMES[game].new_game(**options)


def play(game: str, players: list[Player], seed: int) -> Played:
    """One game from the deal of `seed`, each seat played by its player."""
    state = new_state(game, len(players), seed)
    start = state.clone()
    rng = random.Random(seed)
    moves = []
    while not state.is_over:
        move = players[to_act(state)](state, rng)
        moves.append(move)
        state.play(move)
    return Played(game, start, tuple(moves), state)


def bot_player(game: str, name: str | None, level: str, iterations: int | None = None) -> Player:
    bot = make_bot(game, name, level)
    if iterations is not None and isinstance(bot, SearchBot):
        bot.iterations = iterations

    def player(state: GameState[object], rng: random.Random) -> object:
        return bot.choose(state.view(state.current_player), rng)

    return player


def coach_player(level: str, seed: int) -> Player:
    """The coach's hint as a player (each hint seeded apart from the reviews' seeds)."""
    plies = iter(range(1_000_000))

    def player(state: GameState[object], rng: random.Random) -> object:
        seat = to_act(state)
        return coach.hint(state, seat, level, seed=seed * 1000 + next(plies)).move

    return player


def self_play(game: str, players: int, seed: int, level: str = "normal") -> Played:
    """A game the coach played itself in every seat."""
    return play(game, [coach_player(level, seed)] * players, seed)


@cache
def learner_game(game: str, players: int, seed: int) -> Played:
    """A Beginner in seat 0 against Normal computers (fixed iterations)."""
    seats = [bot_player(game, None, "beginner")]
    seats += [bot_player(game, "search", "normal", OPPONENT_ITERATIONS) for _ in range(players - 1)]
    return play(game, seats, seed)


def _loses(world: GameState[object], move: object, seat: int) -> bool:
    after = world.clone()
    after.play(move)
    return at_once.out(after, seat)


#: `find(bot, state, worlds)`: the move to play in `state` for a generated position (the
#: seat's search bot for its hooks; `worlds`: states sampled from the seat's view, none for a
#: complete view), or None when the position is not one.
Finder = Callable[[SearchBot, GameState[object], list[GameState[object]]], object]


def known_positions(game: str, players: int, count: int, seed: int = 0) -> Iterator[Known]:
    """Up to `count` known answers (`_losing`): a move wins at once, sure from the seat's view,
    and a move that loses at once is played."""
    return generated(game, players, count, _losing, seed, finishing=True)


def generated(
    game: str, players: int, count: int, find: Finder, seed: int = 0, finishing: bool = False
) -> Iterator[Known]:
    """Up to `count` positions that `find` picks, from games of seeds `seed` on (`KNOWN_DEALS`
    at most) where each move is the greedy bot's or a random one, as a coin falls: the first
    position of each game where `find` gives a move, with that move (`finishing`: only where
    the seat's own actions may end the game, `SearchBot.finishing`). The worlds are
    `SURE_WORLDS` states sampled from the seat's view."""
    hidden = GAMES[game].hidden_information
    bot = make_bot(game, "search")
    assert isinstance(bot, SearchBot)
    greedy = make_bot(game, "greedy", "easy")
    found = 0
    for deal in range(seed, seed + KNOWN_DEALS):
        if found == count:
            return
        rng = random.Random(deal)
        state = new_state(game, players, deal)
        start = state.clone()
        moves: list[object] = []
        while not state.is_over:
            view: Any = state.view(state.current_player)  # (with secrets: it has `sample`)
            if not finishing or bot.finishing(view):
                worlds = [view.sample(rng) for _ in range(SURE_WORLDS)] if hidden else []
                played = find(bot, state, worlds)
                if played is not None:
                    found += 1
                    yield Known(game, start, tuple(moves), played)
                    break
            legal = view.legal_moves()
            move = greedy.choose(view, rng) if rng.random() < 0.5 else rng.choice(legal)
            moves.append(move)
            state.play(move)


def _losing(bot: SearchBot, state: GameState[object], worlds: list[GameState[object]]) -> object:
    """When a move wins at once in `state` and every one of `worlds`: a move that loses at once
    in `state`, by itself (and in a quarter of `worlds` at least, so that the seat's view does
    not take it for a sure win), else by letting the next seat win at once (a move that does not
    end the game ends it in no world). None when there is no such pair."""
    seat = to_act(state)
    legal = state.legal_moves()
    if not any(all(at_once.wins(w, m, seat) for w in [state, *worlds]) for m in legal):
        return None
    for move in legal:
        if (
            _loses(state, move, seat)
            and sum(_loses(w, move, seat) for w in worlds) >= len(worlds) / 4
        ):
            return move
    for move in legal:
        after = state.clone()
        after.play(move)
        if not after.is_over and at_once.gives(
            state, move, seat, bot.can_win_at_once, bot.finishing
        ):
            return move
    return None


def marks(known: Known, level: str = "normal", seed: int = 0) -> bool:
    """Does the review mark the known answer's losing move: a missed win, judged at once, with a
    better move that wins at once there?"""
    moves = [*known.moves, known.played]
    review = coach.Review(known.start, moves, known.seat, level, seed)
    moment = review.judge(review.total - 1)
    assert moment is not None
    state = known.start.clone()
    for move in known.moves:
        state.play(move)
    return (
        moment.index == len(known.moves)
        and moment.grade is coach.Grade.MISSED_WIN
        and moment.at_once
        and at_once.wins(state, moment.better, known.seat)
    )


# --- the figures -------------------------------------------------------------------------------


def _load() -> float:
    return round(os.getloadavg()[0], 2)


def random_player(state: GameState[object], rng: random.Random) -> object:
    return rng.choice(state.legal_moves())


def keeper(state: GameState[object], rng: random.Random) -> object:
    """A move that leaves the mover's hand largest (random among those): a game that lasts."""
    seat = to_act(state)
    kept: list[tuple[int, float, object]] = []
    for move in state.legal_moves():
        after = state.clone()
        after.play(move)
        kept.append((len(after.hand(seat)), rng.random(), move))
    return max(kept, key=lambda item: item[:2])[2]


def longest_game(game: str, deals: int) -> Played:
    """The game where seat 0 moves most among: the learner's (`deals` each player count), random
    games (`LONG_DEALS` each) and games of moves that keep the hand (`deals` each)."""
    games = []
    for players in GAMES[game].player_counts:
        games += [learner_game(game, players, seed) for seed in range(deals)]
        games += [play(game, [random_player] * players, seed) for seed in range(LONG_DEALS)]
        games += [play(game, [keeper] * players, seed) for seed in range(deals)]
    return max(games, key=lambda played: played.moves_of(0))


def review_time(game: str, deals: int) -> dict[str, object]:
    """The review of seat 0 in the longest game (`longest_game`)."""
    longest = longest_game(game, deals)
    begun = time.process_time()
    review = coach.Review(longest.start, longest.moves, 0)
    turning = review.run()
    seconds = time.process_time() - begun
    return {
        "bench": "coach",
        "figure": "review time",
        "game": game,
        "players": longest.start.players,
        "moves": len(longest.moves),
        "seat_moves": review.total,
        "cpu_s": round(seconds, 2),
        "ms_per_move": round(1000 * seconds / max(1, review.total)),
        "turning_points": len(turning),
        "load": _load(),
        "target": f"under {REVIEW_SECONDS:g} s of one core",
        "met": seconds < REVIEW_SECONDS,
    }


def hint_time(game: str, positions: int) -> dict[str, object]:
    """Hints at normal on `positions` positions of the learner's games (two players), spread
    over each game, in CPU seconds."""
    times: list[float] = []
    deals = max(1, positions // 5)
    for seed in range(deals):
        played = learner_game(game, 2, seed)
        state = played.start.clone()
        for ply, move in enumerate(played.moves):
            if ply % max(1, len(played.moves) // 5) == 0 and len(times) < positions:
                begun = time.process_time()
                coach.hint(state, to_act(state), seed=ply)
                times.append(time.process_time() - begun)
            state.play(move)
    return {
        "bench": "coach",
        "figure": "hint time",
        "game": game,
        "positions": len(times),
        "cpu_s_mean": round(statistics.fmean(times), 3),
        "cpu_s_max": round(max(times), 3),
        "load": _load(),
        "target": f"under {HINT_SECONDS:g} s",
        "met": max(times) < HINT_SECONDS,
    }


def known_answer(game: str, count: int) -> dict[str, object]:
    """The share of known answers the review marks, every player count."""
    found = marked = 0
    for players in GAMES[game].player_counts:
        for known in known_positions(game, players, count):
            found += 1
            marked += marks(known)
    return {
        "bench": "coach",
        "figure": "known answer",
        "game": game,
        "positions": found,
        "marked": marked,
        "percent": round(100 * marked / found, 1) if found else None,
        "target": "100%",
        "met": found > 0 and marked == found,
    }


def crying_wolf(game: str, deals: int) -> dict[str, object]:
    """Turning points per game in the coach's own games (2 players), every seat reviewed."""
    counts = []
    for seed in range(deals):
        played = self_play(game, 2, seed)
        counts.append(sum(len(coach.review(played.start, played.moves, seat)) for seat in (0, 1)))
    mean = statistics.fmean(counts)
    return {
        "bench": "coach",
        "figure": "crying wolf",
        "game": game,
        "games": deals,
        "turning_points": counts,
        "per_game": round(mean, 2),
        "target": f"at most {TURNING_PER_GAME:g} per game",
        "met": mean <= TURNING_PER_GAME,
    }


FIGURES: dict[str, Callable[[str, int], dict[str, object]]] = {
    "review": review_time,
    "hint": hint_time,
    "known": known_answer,
    "wolf": crying_wolf,
}


def make_parser() -> Parser:
    parser = Parser(
        prog="python main.py bench coach",
        description="The coach's targets: a whole game's review and a hint in CPU seconds, the "
        "known answers it marks, the turning points it finds in its own games; one JSON line "
        "per figure and game.",
    )
    parser.add_argument(
        "--games", type=integer(1, 1000), default=4, help="deals (or positions) per figure"
    )
    parser.add_argument("--game", choices=list(GAMES), help="only this game")
    parser.add_argument(
        "--figure", choices=list(FIGURES), action="append", help="only this figure (repeatable)"
    )
    return parser


def main(argv: list[str]) -> int:
    args = make_parser().parse_args(argv)
    games = [args.game] if args.game else list(GAMES)
    counts = {"review": args.games, "hint": 5 * args.games, "known": 5 * args.games}
    for figure in args.figure or list(FIGURES):
        for game in games:
            line = FIGURES[figure](game, counts.get(figure, args.games))
            print(json.dumps(line), flush=True)
    return 0
