"""Games for the coach's screens: a position where the person to move has a move that loses on
the spot (the coach's review always marks it), and the app's time run while the coach thinks on
its thread (a real-time deadline: the condition is waited for, never a fixed sleep)."""

from __future__ import annotations

import random
import time

from game import GAMES
from game.core.engine import random_playout

FRAME = 1 / 60


def _ends(state, moves, seat: int) -> tuple[list, list]:
    """(moves that end the game at once with `seat` not winning, moves that do not)."""
    lost, saved = [], []
    for move in moves:
        after = state.clone()
        after.play(move)
        result = after.result
        if result is not None and seat not in result.winners:
            lost.append(move)
        elif result is None or not result.draw:
            saved.append(move)
    return lost, saved


def losing_move(game: str, seed_from: int = 1, samples: int = 8) -> tuple[object, object]:
    """(state, move) of `losing_game`."""
    start, moves, move = losing_game(game, seed_from, samples)
    state = start.clone()
    for played in moves:
        state.play(played)
    return state, move


def losing_game(game: str, seed_from: int = 1, samples: int = 8) -> tuple[object, list, object]:
    """(start, moves, move): a random 2-player game of `game` where, after `moves`, seat 0 is
    to move and `move` ends the game at once with seat 0 not among the winners, while another
    legal move does not (or wins); in a game with secrets, alike in `samples` states dealt from
    seat 0's view, so the seat could know it."""
    for seed in range(seed_from, seed_from + 400):
        state = GAMES[game].new_game(players=2, seed=seed)
        moves = random_playout(state.clone(), random.Random(seed))
        replay = GAMES[game].new_game(players=2, seed=seed)
        start = replay.clone()
        for number, move in enumerate(moves):
            if replay.current_player == 0:
                legal = replay.legal_moves()
                lost, saved = _ends(replay, legal, 0)
                if lost and saved and _sure(game, replay, lost[0], saved, samples):
                    return start, [str(m) for m in moves[:number]], lost[0]
            replay.play(move)
    raise AssertionError("no such position")


def _sure(game: str, state, move, saved, samples: int) -> bool:
    """Is `move` lost and one of `saved` not, in states dealt from seat 0's view?"""
    if not GAMES[game].hidden_information:
        return True
    view = state.view(0)
    rng = random.Random(0)
    for _ in range(samples):
        world = view.sample(rng)
        lost, kept = _ends(world, [move, *saved], 0)
        if move not in lost or not kept:
            return False
    return True


def known_game(game: str, seed: int = 0) -> tuple[object, list[str], int, int]:
    """A finished 2-player game with a known answer (`scenes.bench.coach.known_positions`): at
    move `index`, the seat `seat` had a move that won at once and played one that lost at once
    (the game then played on at random to its end): (start, moves, seat, index)."""
    from scenes.bench.coach import known_positions

    known = next(known_positions(game, 2, 1, seed))
    state = known.start.clone()
    moves = [str(move) for move in [*known.moves, known.played]]
    for text in moves:
        state.play(text)
    rng = random.Random(seed)
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        moves.append(str(move))
        state.play(move)
    return known.start, moves, known.seat, len(known.moves)


def run_until(app, done, seconds: float = 60.0) -> None:
    """Run frames until `done()` (the coach thinks on a thread); AssertionError after
    `seconds` of real time."""
    end = time.monotonic() + seconds
    while not done():
        if time.monotonic() > end:
            raise AssertionError("the coach never finished")
        app.run(frames=1, fixed_dt=FRAME)
        time.sleep(0.005)  # (leaves the coach's thread the interpreter)
    app.run(frames=2, fixed_dt=FRAME)


def open_review(app, pos, seconds: float = 120.0):
    """A click on a Review button at `pos`, then frames until the review is on top and its
    coach has judged: in real time (`run_until`), not a count of frames, since the coach
    judges on a thread and takes longer on a busy machine. Returns the review scene."""
    from helpers.scene_driver import settle, tap

    tap(app, pos)

    def judged() -> bool:
        scene = app.manager.current
        return not app.manager.busy and scene.name == "review" and not scene.judging

    run_until(app, judged, seconds)
    settle(app)
    return app.manager.current
