"""Whose Foods bots: legal, deterministic for a given rng, greedy takes points and avoids losses."""

import random

import pytest

from game.ai import make_bot
from game.whose_foods import from_diagram, new_game

EMPTY_ROWS = ". . . .\n. . . .\n. . . .\n"


@pytest.mark.parametrize("name", ["random", "greedy"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_full_games_with_legal_moves_only(name, players):
    bot = make_bot("whose-foods", name)
    rng = random.Random(players)
    for _ in range(5):
        state = new_game(players)
        while not state.is_over:
            move = bot.choose(state.view(state.current_player), rng)
            assert move in state.legal_moves()
            state.play(move)


def test_same_rng_same_move():
    bot = make_bot("whose-foods", "greedy")
    state = from_diagram(EMPTY_ROWS + "LD LF . .")
    assert bot.choose(state.view(0), random.Random(3)) == bot.choose(
        state.view(0), random.Random(3)
    )


def test_greedy_takes_the_best_capture():
    state = from_diagram(EMPTY_ROWS + "LD LF . .")
    move = make_bot("whose-foods", "greedy").choose(state.view(0), random.Random(0))
    after = state.clone()
    after.play(move)
    assert str(move) == "LF c1"  # the large trio LD LF LF (5 points) beats a sandwich (2)
    assert after.score(0) == 5


def test_greedy_avoids_a_move_that_loses_at_once():
    # Seat 0 has two small cans; one on c1, beside the two cans of row 1, would lose.
    state = from_diagram(EMPTY_ROWS + "LF SF . .", hands=[(0, 2), (5, 3)])
    bot = make_bot("whose-foods", "greedy")
    for seed in range(20):
        move = bot.choose(state.view(0), random.Random(seed))
        after = state.clone()
        after.play(move)
        assert not after.is_over


def test_greedy_beats_random_most_of_the_time():
    greedy, rand = make_bot("whose-foods", "greedy"), make_bot("whose-foods", "random")
    rng = random.Random(1)
    wins = 0
    for game_no in range(40):
        state = new_game(2, first_player=game_no % 2)
        while not state.is_over:
            bot = greedy if state.current_player == 0 else rand
            state.play(bot.choose(state.view(state.current_player), rng))
        wins += state.result.winners == (0,)
    assert wins >= 24, wins


def test_strongest_bot_is_the_default():
    assert make_bot("whose-foods").name == "search"
    with pytest.raises(ValueError, match="level"):
        make_bot("whose-foods", "greedy", "impossible")
