"""Whose Foods bots: legal, deterministic for a given rng, greedy takes points and avoids losses."""

import random

import pytest

from game.ai import make_bot
from game.ai.search import Node
from game.whose_foods import from_diagram, new_game
from game.whose_foods.bots import loses_at_once, wins_at_once
from game.whose_foods.events import ChainStep, LosingPattern

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


def test_loses_at_once_flags_exactly_the_placements_that_make_a_losing_pattern_wf16_wf21():
    # Over the positions of random games: a placement is flagged exactly when it loses at once
    # by the losing pattern before any piece is captured (a line of cans uncovered later in a
    # chain is the engine's to find, not the playouts').
    rng = random.Random(5)
    flagged = fours = 0
    for _ in range(60):
        state = new_game(2)
        while not state.is_over:
            for move in state.legal_moves():
                events = state.clone().play(move)
                kinds = [type(event) for event in events]
                at_once = LosingPattern in kinds and ChainStep not in kinds
                assert loses_at_once(state, move) == at_once, f"{move} in\n{state.diagram()}"
                flagged += at_once
                fours += at_once and any(
                    len(e.line) == 4 for e in events if isinstance(e, LosingPattern)
                )
            state.play(rng.choice(state.legal_moves()))
    assert flagged > 50
    assert fours > 20  # four of one illustration or size in a line, not only three cans


def test_search_playouts_never_make_a_losing_pattern_while_another_move_is_safe_wf16():
    # Seat 0 holds two small cans; SF c1 beside the cans of a1 and b1 loses at once (WF-16).
    state = from_diagram(EMPTY_ROWS + "LF SF . .", hands=[(0, 2), (5, 3)])
    bot = make_bot("whose-foods", "search", "hard")
    losing = next(m for m in state.legal_moves() if str(m) == "SF c1")
    assert loses_at_once(state, losing)
    chosen = {
        bot.playout_move(state, state.legal_moves(), random.Random(seed)) for seed in range(300)
    }
    assert losing not in chosen
    assert any(str(move).startswith("SF") for move in chosen)  # the other cans stay in play
    # Four in a line: row 2 holds LD SD . LD; SD c2 (four dogs) and any large piece on c2 (the
    # row is not all large) are told apart.
    state = from_diagram(". . . .\n. . . .\nLD SD . LD\n. . . .")
    four = next(m for m in state.legal_moves() if str(m) == "SD c2")
    assert loses_at_once(state, four)
    assert not loses_at_once(state, next(m for m in state.legal_moves() if str(m) == "LC c2"))
    chosen = {
        bot.playout_move(state, state.legal_moves(), random.Random(seed)) for seed in range(300)
    }
    assert four not in chosen


def wins_by_playing_it_out(state, seat) -> bool:
    """Does some line of `seat`'s own moves from here end the game with it the sole winner?"""
    for move in state.legal_moves():
        after = state.clone()
        after.play(move)
        if after.is_over:
            if tuple(after.result.winners) == (seat,):
                return True
        elif after.current_player == seat and wins_by_playing_it_out(after, seat):
            return True
    return False


@pytest.mark.parametrize("players", [2, 3, 4])
def test_wins_at_once_agrees_with_playing_out_every_line_of_the_turn_wf22_wf25(players):
    # The search's quick check plays out only the placements that may capture a can; over the
    # positions of random games (take choices and last pieces included) it must say exactly
    # what playing out every line says: three cans (WF-22), or the points when the turn ends
    # the game (WF-25, WF-26).
    rng = random.Random(players)
    wins = positions = 0
    for _ in range(40):
        state = new_game(players)
        while not state.is_over:
            expected = wins_by_playing_it_out(state, state.current_player)
            assert wins_at_once(state) == expected, state.diagram()
            wins += expected
            positions += 1
            state.play(rng.choice(state.legal_moves()))
    assert wins > positions // 20, (wins, positions)


def test_wins_at_once_sees_a_third_can_won_by_an_uncovered_piece_wf14_wf17():
    # LD or SC on c1 makes a trio without a can in row 1 (WF-11, WF-12); removing a1's small
    # dog uncovers its large dog, fresh, whose sandwich over a2's can (WF-13) is seat 0's third.
    state = from_diagram(
        "SC . . .\nSD . . .\nLF . . .\nLD/SD SD . .",
        hands=[(1, 0), (3, 3)],
        captured=[["LF", "SF"], ["SF", "SF"]],
    )
    assert wins_at_once(state) and wins_by_playing_it_out(state, 0)
    for name in ("LD c1", "SC c1"):
        after = state.clone()
        after.play(name)
        assert after.result.winners == (0,) and after.cans_captured(0) == 3


def a_move_that_lets_the_opponent_win():
    rng = random.Random(11)
    while True:
        state = new_game(2)
        while not state.is_over:
            if not state.pending:
                for move in state.legal_moves():
                    after = state.clone()
                    after.play(move)
                    if not after.is_over and wins_by_playing_it_out(after, after.current_player):
                        return state, move
            state.play(rng.choice(state.legal_moves()))


@pytest.mark.parametrize("checked", [True, False])
def test_a_move_that_lets_the_opponent_win_at_once_is_proven_lost_the_first_time_it_is_tried(
    checked, monkeypatch
):
    state, gift = a_move_that_lets_the_opponent_win()
    seat = state.current_player
    bot = make_bot("whose-foods", "search", "hard")
    if not checked:
        monkeypatch.setattr(bot, "can_win_at_once", lambda state: False)
    root = Node(mover=-1)
    root.allowed = {gift}
    bot._iterate(root, state.clone(), seat, random.Random(0))
    child = root.children[gift]
    assert child.visits == 1
    if checked:
        assert child.proven == 1 - seat  # no playout: the opponent takes its win
    else:
        assert child.proven is None  # without the check a playout judges it, by chance
