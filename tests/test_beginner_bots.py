"""The Beginner level of every game (game.ai.novice): a person in their first game. Known answers:
it takes an immediate win nearly always and its own immediate gain most of the time, never makes
a move a person would call absurd while another is there, misses a planted threat or a chain
most of the time; it plays from its view only, legally and deterministically per rng."""

from __future__ import annotations

import random

import pytest
from helpers.blanc_noir_positions import position

from game import GAMES
from game.ai import make_bot, novice
from game.ai.search import gives_win
from game.blanc_noir import DrawCard, LayLand, ScoreCard
from game.blanc_noir.cards import CARDS
from game.consequence import MOON, Place, PlacePush
from game.consequence import from_diagram as cq_diagram
from game.consequence.moves import push_run
from game.whose_foods import from_diagram as wf_diagram
from game.whose_foods.bots import first_capture, loses_at_once

GAME_NAMES = ("whose-foods", "consequence", "blanc-noir")
SEEDS = range(200)
EMPTY_ROWS = ". . . .\n. . . .\n. . . .\n"


def beginner(game: str):
    bot = make_bot(game, None, "beginner")
    assert bot.name == "beginner" and bot.level == "beginner"
    return bot


def choices(bot, state, seeds=SEEDS):
    """The bot's move from `state`'s view of the seat to act, once per seed."""
    seat = state.current_player
    return [bot.choose(state.view(seat), random.Random(seed)) for seed in seeds]


@pytest.mark.parametrize("game", GAME_NAMES)
def test_beginner_plays_whole_games_legally_from_its_view_deterministically(game):
    bot = beginner(game)
    for seed in range(3):
        players = GAMES[game].player_counts[seed % len(GAMES[game].player_counts)]
        state = GAMES[game].new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            view = state.view(state.current_player)
            draw = rng.random()
            move = bot.choose(view, random.Random(draw))
            assert move == bot.choose(view, random.Random(draw))  # the same rng, the same move
            assert move in state.legal_moves()
            state.play(move)


# --- Whose Foods --------------------------------------------------------------------------------


def test_whose_foods_beginner_takes_the_third_can_nearly_always_wf22():
    # Seat 0 has two cans; LD c1 sandwiches the can of b1 (D F D): its third can, a win.
    state = wf_diagram(EMPTY_ROWS + "LD LF . .", captured=[["LF", "SF"], []])
    bot = beginner("whose-foods")
    wins = 0
    for seed in SEEDS:
        after, rng = state.clone(), random.Random(seed)
        while not after.is_over and after.current_player == 0:  # its own `take` too (WF-19)
            after.play(bot.choose(after.view(0), rng))
        wins += after.is_over and after.result.winners == (0,)
    assert wins >= 0.9 * len(SEEDS), wins


def test_whose_foods_beginner_takes_its_best_immediate_capture_most_of_the_time_wf11():
    # LF c1 makes the large trio LD LF LF (5 points); SD c1 the sandwich D F D (2 points).
    state = wf_diagram(EMPTY_ROWS + "LD LF . .")
    moves = [str(m) for m in choices(beginner("whose-foods"), state)]
    share = moves.count("LF c1") / len(moves)
    assert novice.SEES_GAIN - 0.1 <= share <= novice.SEES_GAIN + 0.1, share


def test_whose_foods_beginner_never_makes_a_losing_pattern_while_a_safe_move_exists_wf16():
    # Row 1 holds two cans: a can on c1 is three cans in a line; row 2 LD SD . LD: a dog on c2
    # is four dogs in a line. Both lose at once (WF-16, WF-21).
    state = wf_diagram(". . . .\n. . . .\nLD SD . LD\nLF SF . .", hands=[(3, 2), (2, 3)])
    losing = [m for m in state.legal_moves() if loses_at_once(state, m)]
    assert {str(m) for m in losing} >= {"LF c1", "SF c1", "LD c2", "SD c2"}
    for move in choices(beginner("whose-foods"), state):
        assert not loses_at_once(state, move), str(move)
    for state in list(_random_positions("whose-foods", range(8)))[::3]:
        moves = state.legal_moves()
        if all(loses_at_once(state, m) for m in moves):
            continue
        move = beginner("whose-foods").choose(state.view(state.current_player), random.Random(1))
        assert not loses_at_once(state, move), str(move)


def test_whose_foods_beginner_never_completes_four_of_one_size_wf16():
    # Row 1 LD LF . LC: any large piece on c1 is four large pieces in a line, which loses at
    # once (WF-16), before the trio it also makes (WF-21); the newcomer sees it and never plays
    # it, though a large trio would tempt it (its first capture reads nothing there).
    state = wf_diagram(EMPTY_ROWS + "LD LF . LC")
    large_c1 = [m for m in state.legal_moves() if str(m) in {"LD c1", "LF c1"}]
    assert len(large_c1) == 2
    for move in large_c1:
        assert loses_at_once(state, move) and first_capture(state, move) == (0, 0)
        after = state.clone()
        after.play(move)
        assert after.is_over and 0 not in after.result.winners  # the engine agrees
    for move in choices(beginner("whose-foods"), state):
        assert not loses_at_once(state, move), str(move)


def test_whose_foods_beginner_misses_a_planted_threat_most_of_the_time():
    """Positions of random games where nothing captures at once and some moves, not all, let
    the opponent win at once: greedy never walks into one; a newcomer often does."""
    positions = []
    for state in _random_positions("whose-foods", range(300)):
        moves = state.legal_moves()
        if len(moves) > 40 or state.pending or any(first_capture(state, m)[0] for m in moves):
            continue
        gifts = [m for m in moves if _gives_a_win(state, m)]
        if len(moves) // 3 <= len(gifts) < len(moves):
            positions.append(state)
        if len(positions) == 4:
            break
    assert len(positions) == 4
    bot, greedy = beginner("whose-foods"), make_bot("whose-foods", "greedy", "hard")
    walked = tries = 0
    for state in positions:
        for move in choices(bot, state, range(25)):
            walked += _gives_a_win(state, move)
            tries += 1
        for move in choices(greedy, state, range(5)):
            assert not _gives_a_win(state, move)
    assert 0.2 * tries <= walked < tries, (walked, tries)


def _gives_a_win(state, move) -> bool:
    return gives_win(state, move, state.current_player)


def test_whose_foods_beginner_reads_the_first_capture_not_the_chain_wf17():
    # Worked example 4: SD b3 makes a small trio on column b (3 points) whose removal uncovers
    # the large can at b2, and the diagonal a1-b2-c3 then shows three cans: the mover loses.
    # The newcomer sees the trio, not the loss after it.
    state = wf_diagram(". . . .\n. . LF .\n. LF/SD . .\nLF SC . .")
    move = next(m for m in state.legal_moves() if str(m) == "SD b3")
    assert not loses_at_once(state, move)
    assert first_capture(state, move) == (3, 0)
    after = state.clone()
    after.play(move)
    assert after.is_over and 0 not in after.result.winners  # the chain loses


def _random_positions(game: str, seeds: range):
    for seed in seeds:
        rng = random.Random(seed)
        state = GAMES[game].new_game(players=2, seed=seed)
        while not state.is_over:
            yield state
            state = state.clone()
            state.play(rng.choice(state.legal_moves()))


# --- Consequence --------------------------------------------------------------------------------


def test_consequence_beginner_puts_its_symbol_beside_its_own_most_of_the_time_cq15():
    # Moon placed moons on a1 and b1; a moon on a2, b2 or c2 (beside both, or one) makes pairs.
    state = cq_diagram(". . . .\n. . . .\n. . . rD\nbM bM . rS", to_move=MOON)
    moves = choices(beginner("consequence"), state)
    pairs = [m for m in moves if type(m) is Place and m.code[1] == "M" and m.square in (4, 5)]
    assert len(pairs) >= (novice.SEES_GAIN - 0.1) * len(moves), len(pairs)


def test_consequence_beginner_never_breaks_its_pairs_nor_pushes_its_symbol_off_cq9():
    # Row 1 holds Moon's moons on b1 c1 d1 (placed by Moon): a push east from a1 would hand
    # d1's moon to Sun, a slide of one of them breaks a pair.
    state = cq_diagram(". . . .\n. . . .\n. . . .\n. bM bM bM", to_move=MOON)
    occupied = sum(1 << sq for sq in range(16) if state.view(MOON).cells[sq] is not None)
    bad_pushes = [
        m
        for m in state.legal_moves()
        if type(m) is PlacePush and push_run(occupied, m.square, m.direction)[1] >= 0
    ]
    assert bad_pushes
    for move in choices(beginner("consequence"), state):
        if type(move) is PlacePush:
            assert push_run(occupied, move.square, move.direction)[1] < 0, str(move)
        assert str(move).split()[0] != "move" or _keeps_pairs(state, move), str(move)


def _keeps_pairs(state, move) -> bool:
    after = state.clone()
    after.play(move)
    return after.score(MOON) >= state.score(MOON)


def test_consequence_beginner_keeps_the_opponents_symbol_away_from_their_tiles():
    # Moon holds only its sun (and dots): a sun beside Sun's red tiles may pair with them.
    state = cq_diagram(
        "bM bM bM bD\nbD . . .\n. . . .\nrS rS . .",
        hands=[["bS", "bD"], ["rS", "rM", "rD", "rD", "rD"]],
        to_move=MOON,
    )
    for move in choices(beginner("consequence"), state):
        if type(move) is Place and move.code == "bS":
            assert move.square not in (2, 4, 5, 6), str(move)  # c1 a2 b2 c2 touch a red tile


# --- En blanc et noir -----------------------------------------------------------------------------


def test_blanc_noir_beginner_scores_its_best_card_most_of_the_time_bn13():
    state = position("W W\nW W", hands=[["W5a", "W2b", "B3b"], ["B2b"]])
    moves = choices(beginner("blanc-noir"), state)
    best = sum(m == ScoreCard("W5a") for m in moves)
    assert best >= (novice.SEES_GAIN - 0.1) * len(moves), best


def test_blanc_noir_beginner_never_lays_a_card_it_could_score_nor_draws_an_overlay():
    state = position(
        "W W\nW W", hands=[["W5a", "W2b", "B3b", "B2b"], ["B2c"]], market=["WOa", "BOa", "W3c"]
    )
    for move in choices(beginner("blanc-noir"), state):
        if type(move) is LayLand:
            assert not state.scorable(move.card), str(move)
        if type(move) is DrawCard:
            assert not CARDS[move.card].overlay, str(move)


def test_blanc_noir_beginner_lays_the_card_it_values_least_bn11():
    # A full hand (no draw, BN-14) and nothing to score: it lays land, its overlay (worth
    # nothing to it) nearly always; it does not weigh where the land helps its hand.
    state = position(
        "W B\nB W", hands=[["WOa", "W5a", "B5a", "W4a", "B4a"], ["B2c"]], market=["W2b"]
    )
    assert not any(type(m) is ScoreCard for m in state.legal_moves())
    moves = choices(beginner("blanc-noir"), state)
    assert all(type(m) is LayLand for m in moves)
    overlay = sum(m.card == "WOa" for m in moves)
    assert overlay >= (1 - novice.SEES_SETUP - 0.1) * len(moves), overlay
