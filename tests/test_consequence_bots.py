"""Consequence bots: they play legal moves from a view only, deterministically per rng."""

from __future__ import annotations

import random

import pytest

from game import consequence
from game.ai import LEVELS, bot_names, make_bot
from game.consequence import MOON, SUN, ConsequenceView, Place, new_game
from game.consequence.bots import BOTS, good_placement
from game.core.grid import neighbours, parse_square


def play_match(bots, seed: int):
    """One game; each bot gets only its own seat's view. Returns the final state."""
    rng = random.Random(seed)
    state = new_game()
    while not state.is_over:
        seat = state.current_player
        view = state.view(seat)
        move = bots[seat].choose(view, rng)
        assert move in state.legal_moves()
        state.play(move)
    return state


def test_registry_lists_the_bots_weakest_first():
    assert bot_names("consequence") == ["random", "beginner", "greedy", "search"]
    assert set(BOTS) == {"random", "beginner", "greedy", "search"}
    for name in BOTS:
        for level in LEVELS:
            bot = make_bot("consequence", name, level)
            assert bot.name == name and bot.level == level


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_bots_finish_games_with_legal_moves(name):
    for seed in range(3):
        bots = {MOON: make_bot("consequence", name, "easy"), SUN: make_bot("consequence", "random")}
        assert play_match(bots, seed).is_over


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_bots_are_deterministic_for_a_given_rng(name):
    state = new_game()
    for move in ("place bM a1", "place rS b1", "push bD c1 W"):
        state.play(move)
    view = state.view(state.current_player)
    bot = make_bot("consequence", name)
    first = [bot.choose(view, random.Random(seed)) for seed in range(5)]
    assert first == [bot.choose(view, random.Random(seed)) for seed in range(5)]


def test_bots_refuse_a_view_that_is_not_to_move():
    state = new_game()
    with pytest.raises(ValueError):
        make_bot("consequence", "greedy").choose(state.view(SUN), random.Random(1))


def test_greedy_takes_a_pair_when_it_can():
    """Greedy Moon completes a moon pair rather than play elsewhere: every sample agrees."""
    state = new_game()
    state.play("place bM b2")
    state.play("place rD d4")
    view: ConsequenceView = state.view(MOON)
    move = make_bot("consequence", "greedy", "easy").choose(view, random.Random(3))
    after = state.clone()
    after.play(move)
    assert after.score(MOON) == 1


def test_greedy_beats_random_over_twenty_games():
    """Greedy (normal) against random, 10 games on each seat: far more wins than losses."""
    wins = losses = 0
    for seed in range(20):
        greedy_seat = seed % 2
        bots = {
            greedy_seat: make_bot("consequence", "greedy", "normal"),
            1 - greedy_seat: make_bot("consequence", "random"),
        }
        result = play_match(bots, seed).result
        wins += result.winners == (greedy_seat,)
        losses += result.winners == (1 - greedy_seat,)
    assert wins >= 12 and losses <= 3


@pytest.mark.parametrize(("to_move", "code", "beside"), [(0, "bM", "a1"), (1, "rS", "d4")])
def test_search_playouts_place_a_symbol_next_to_its_own_cq15(to_move, code, beside):
    state = consequence.from_diagram(
        """
        . . . rS
        . . . .
        . . . .
        bM . . .
        """,
        to_move=to_move,
    )
    move = good_placement(state, random.Random(1), noise=0.0)
    assert isinstance(move, Place) and move.code == code
    assert move.square in neighbours(parse_square(beside))
