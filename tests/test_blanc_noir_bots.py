"""En blanc et noir bots (random, greedy) and a tiny smoke run of `bench cards`."""

from __future__ import annotations

import random

import pytest
from helpers.blanc_noir_positions import position

from game import blanc_noir as bn
from game.ai import LEVELS, bot_names, make_bot
from game.blanc_noir.bots import greedy_move
from scenes.boards.blanc_noir import card_balance


def test_bots_are_registered_by_name_and_level():
    assert bot_names("blanc-noir") == ["random", "beginner", "greedy", "search"]
    for name in ("random", "beginner", "greedy"):
        for level in LEVELS:
            bot = make_bot("blanc-noir", name, level)
            assert bot.name == name and bot.level == level


@pytest.mark.slow
def test_bots_play_legal_moves_from_the_view_and_are_deterministic():
    for name in ("random", "greedy"):
        bot = make_bot("blanc-noir", name, "normal")
        for seed in range(6):
            state = bn.new_game(players=2 + seed % 3, seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                view = state.view(state.current_player)
                move = bot.choose(view, random.Random(rng.random()))
                assert move in state.legal_moves()
                # Same view, same rng -> same move: the bot cannot use what the view hides.
                twin = view.sample(rng).view(state.current_player)
                assert bot.choose(twin, random.Random(0)) == bot.choose(view, random.Random(0))
                state.play(move)


def test_greedy_scores_the_highest_card_it_can():
    state = position("W W\nW W\nB B", hands=[["W2a", "W3a", "W5a", "B3c"], []])
    assert greedy_move(state.view(0), random.Random(1)) == bn.ScoreCard("W5a")


def test_greedy_lays_land_that_frees_a_pattern_in_its_hand():
    state = position("W W\nW w", hands=[["W5a", "B2b"], []])
    assert not state.scorable("W5a")
    move = greedy_move(state.view(0), random.Random(1))
    assert isinstance(move, bn.LayLand) and move.card == "B2b"
    state.play(move)
    assert greedy_move(state.view(0), random.Random(1)) == bn.ScoreCard("W5a")


def test_greedy_draws_while_the_hand_is_small_but_not_near_the_end():
    early = position("B W\nW B", hands=[["W5a"], []])
    assert isinstance(greedy_move(early.view(0), random.Random(1)), bn.DrawCard)
    late = position("B W\nW B", hands=[["W5a"], ["B2a"]], market=["W4a", "B4b"], deck=["B5b"])
    move = greedy_move(late.view(0), random.Random(1))
    assert move == bn.LayLand("W5a", move.square)  # keeps the hand small near the end


@pytest.mark.slow
def test_greedy_beats_random_in_most_two_player_games():
    wins = 0
    rng = random.Random(3)
    for game in range(30):
        state = bn.new_game(players=2, seed=game, first_player=game % 2)
        bots = {
            game % 2: make_bot("blanc-noir", "greedy", "hard"),
            1 - game % 2: make_bot("blanc-noir", "random"),
        }
        while not state.is_over:
            seat = state.current_player
            state.play(bots[seat].choose(state.view(seat), rng))
        wins += (game % 2) in state.result.winners
    assert wins >= 24


def test_bench_cards_smoke_run(capsys):
    tallies = card_balance.simulate(games=3, jobs=1, seed=2)
    assert sorted(tallies) == [2, 3, 4]
    assert all(t.games == 3 and t.turns > 0 for t in tallies.values())
    text, findings = card_balance.report(tallies)
    assert text.count("\n| W") + text.count("\n| B") == 28  # every card with a value
    assert isinstance(findings, list)
    assert card_balance.main(["2"]) == 0
    out = capsys.readouterr().out
    assert "first player won" in out and "| B5b |" in out


def test_the_search_bots_win_at_once_check_agrees_with_playing_every_pair_of_actions_bn17():
    """The coach asks whether a seat can end the game this turn as its sole winner: only turns
    drawing the market's last cards with the deck empty can (BN-17); the answer must be the
    generic one (every pair of actions played out) on the last turns of random games."""
    from game.ai.search import _can_win

    bot = make_bot("blanc-noir", "search")
    asked = wins = 0
    for players in (2, 3, 4):
        for deal in range(5):
            rng = random.Random(deal)
            state = bn.new_game(players=players, seed=deal)
            for ply in range(1000):
                if state.is_over:
                    break
                if bot.finishing(state) or ply % 8 == 0:  # and now and then before the end
                    generic = _can_win(state, state.current_player, depth=1)
                    assert bot.can_win_at_once(state) == generic
                    asked += bot.finishing(state)
                    wins += generic
                state.play(rng.choice(state.legal_moves()))
    assert asked > 10 and wins > 3
