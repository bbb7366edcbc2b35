"""The knowledge Expert adds to En blanc et noir's search (issue 43): what its seat remembers of
the open market (game.blanc_noir.memory), known answers on small positions."""

from __future__ import annotations

import random

from helpers.blanc_noir_positions import position

from game import GAMES
from game.ai import make_bot
from game.blanc_noir.bots import selfplay_move
from game.blanc_noir.memory import Memory, place_known


def _start():
    return position(
        "B w\nW B",
        hands=[["B2b", "B3b", "W2b"], ["B2c", "W2c", "W3b"]],
        market=["W5a", "B4b", "W4b"],
    )


#: Seat 0 draws B4b and lays W2b, leaving W5a in the market; seat 1 draws W5a (BN-14) and lays
#: W2c (seat 0 sees a white card laid, not which).
TURNS = (("draw B4b", "land W2b 2 0"), ("draw W5a", "land W2c -1 0"))


def _market_taken():
    """The game at seat 0's next turn, and seat 0's memory of its views on the way."""
    state = _start()
    memory = Memory()
    for action in TURNS[0]:
        memory.see(state.view(0))
        state.play(state.parse(action))
    for action in TURNS[1]:
        state.play(state.parse(action))
    return state, memory


def test_a_card_seen_in_the_market_and_taken_is_dealt_to_the_seat_that_took_it():
    """BN-21: the market is open. Seat 0 saw W5a there and it is gone, neither scored nor in
    its hand: seat 1 holds it (it laid W2c, which seat 0 saw laid as a white card). Every
    sample puts W5a in seat 1's hand or land, never in the deck, and shows seat 0 its view."""
    state, memory = _market_taken()
    view = state.view(0)
    known = memory.see(view)
    assert known == {"W5a"}
    plain_in_deck = 0
    for seed in range(40):
        rng = random.Random(seed)
        sample = view.sample(rng)
        plain_in_deck += "W5a" in sample.deck
        place_known(sample, known, 0, rng)
        assert sample.view(0) == view
        assert "W5a" in sample.hand(1) or sample.laid_by("W5a") == 1
        assert "W5a" not in sample.deck
    assert plain_in_deck > 20  # the view alone deals it to the deck most of the time


def test_memory_starts_again_with_a_new_game():
    state, memory = _market_taken()
    assert memory.see(state.view(0)) == {"W5a"}
    fresh = GAMES["blanc-noir"].new_game(players=2, seed=3)
    assert memory.see(fresh.view(fresh.current_player)) == frozenset()


def test_every_remembered_card_is_where_the_memory_says_in_self_play():
    """In self-play of 2 to 4 players, what a seat remembers as taken is truly in another
    seat's hand or land, and the samples dealt with it keep the seat's view."""
    for seed in range(6):
        players = 2 + seed % 3
        state = GAMES["blanc-noir"].new_game(players=players, seed=seed)
        rng = random.Random(seed)
        memory = Memory()
        while not state.is_over:
            if state.current_player == 0:
                view = state.view(0)
                known = memory.see(view)
                for card in known:
                    holder = next((s for s in range(players) if card in state.hand(s)), None)
                    assert holder not in (None, 0) or state.laid_by(card) not in (None, 0)
                sample = view.sample(rng)
                place_known(sample, known, 0, rng)
                assert sample.view(0) == view and not known & set(sample.deck)
            state.play(selfplay_move(state, rng))


def test_expert_alone_remembers_the_market():
    """Only Expert's search keeps a memory of the market (the other levels deal from the view
    of the moment, as before)."""
    for level in ("easy", "normal", "hard", "expert"):
        bot = make_bot("blanc-noir", None, level)
        bot.iterations = 30
        state = _start()
        rng = random.Random(1)
        for action in TURNS[0]:
            bot.choose(state.view(0), rng)
            state.play(state.parse(action))
        for action in TURNS[1]:
            state.play(state.parse(action))
        bot.choose(state.view(0), rng)
        assert bot._known == ({"W5a"} if level == "expert" else frozenset()), level
