"""The search's ranking of land actions (`IsmctsBot.candidates`, BN-11) is remembered per land
and hand: Expert's reply cut ranks the other seat's land actions in every sampled state, and
the samples of one tree node share its land. The remembered ranking must keep exactly the
candidates of ranking each land action alone, and work each land's codes out once."""

from __future__ import annotations

import random
from collections import Counter

from game import blanc_noir as bn
from game.blanc_noir import LayLand, bots
from game.blanc_noir.bots import LANDS_KEPT, IsmctsBot, _best_land
from game.blanc_noir.cards import CARDS
from game.blanc_noir.table import Table


def _positions(seeds: range, every: int = 3):
    """Every `every`-th position of random two-player games from `seeds`."""
    for seed in seeds:
        rng = random.Random(seed)
        state = bn.new_game(players=2, seed=seed)
        count = 0
        while not state.is_over:
            if count % every == 0:
                yield state.clone()
            state.play(rng.choice(state.legal_moves()))
            count += 1


def _ranked_alone(table, moves: list, rng: random.Random) -> list:
    """The candidates as the search kept them before the ranking was remembered: each land
    action keyed alone by `_best_land`, ties broken by one draw of `rng` each in move order."""
    lands = [m for m in moves if type(m) is LayLand]
    if len(lands) <= LANDS_KEPT:
        return moves
    hand = table.hand(table.current_player)
    near_end = table.deck_size + len(table.market) <= 2 * table.players
    keyed = []
    for move in lands:
        found = _best_land(table, [move], hand, near_end)
        assert found is not None
        keyed.append((found[0], rng.random(), move))
    keyed.sort(key=lambda item: (item[0], item[1]), reverse=True)
    return [m for m in moves if type(m) is not LayLand] + [i[2] for i in keyed[:LANDS_KEPT]]


def test_the_land_key_is_the_lands_own_so_a_view_and_its_samples_share_it():
    """A state, its seat's view and the view's samples have one `land_key` and the same
    codes for every land action; a card laid on a new square changes the key."""
    checked = 0
    for state in _positions(range(3), every=7):
        view = state.view(state.current_player)
        samples = [view.sample(random.Random(k)) for k in range(3)]
        assert {t.land_key() for t in (state, view, *samples)} == {state.land_key()}
        for move in (m for m in state.legal_moves() if type(m) is LayLand):
            colour = CARDS[move.card].colour
            for there in (True, False):
                codes = {t.land_bits_if(move.square, colour, there) for t in (view, *samples)}
                assert codes == {state.land_bits_if(move.square, colour, there)}
            if not state.has_land(move.square):
                after = state.clone()
                after.play(move)
                assert after.land_key() != state.land_key()
                checked += 1
    assert checked > 10


def test_the_remembered_ranking_keeps_the_candidates_of_ranking_each_land_alone():
    """On the positions of random games (either seat to act, and their samples: other
    hands on the same land), the search's candidates are those of ranking every land action
    alone, with the same tie-breaks, the first time and when remembered."""
    bot = IsmctsBot("expert", iterations=1)
    compared = 0
    for state in _positions(range(6)):
        view = state.view(state.current_player)
        for table in (state, view, view.sample(random.Random(compared))):
            moves = table.legal_moves()
            for draw in range(2):
                got = bot.candidates(table, moves, random.Random(draw))
                assert got == _ranked_alone(table, moves, random.Random(draw))
            compared += 1
    assert compared > 100
    assert bot._ranked_lands  # remembered


def test_a_lands_codes_are_worked_out_once_for_every_hand_on_it(monkeypatch):
    """Ranking the land actions of many sampled hands on one land (the other seat's replies
    at one tree node) asks the land for each code once; ranking one hand again asks nothing."""
    asked: Counter = Counter()
    plain = Table.land_bits_if

    def counted(self, square, colour, hunter_there=True):
        asked[(self.land_key(), square, colour, hunter_there)] += 1
        return plain(self, square, colour, hunter_there)

    monkeypatch.setattr(Table, "land_bits_if", counted)
    state = next(
        s
        for s in _positions(range(3, 9))
        if s.deck_size > 8 and sum(type(m) is LayLand for m in s.legal_moves()) > 2 * LANDS_KEPT
    )
    mover = state.current_player
    other = state.view(1 - mover)  # the other seat's view: the mover's hand is hidden there
    bot = IsmctsBot("expert", iterations=1)
    hands = set()
    for k in range(20):
        sample = other.sample(random.Random(k))
        hands.add(tuple(sample.hand(mover)))
        bot.candidates(sample, sample.legal_moves(), random.Random(k))
    assert len(hands) > 5  # many hands on one land
    assert asked and max(asked.values()) == 1
    before = sum(asked.values())
    bot.candidates(state, state.legal_moves(), random.Random(0))
    bot.candidates(state, state.legal_moves(), random.Random(1))
    assert sum(asked.values()) - before <= len(asked)  # the true hand: new codes at most once
    again = sum(asked.values())
    bot.candidates(state, state.legal_moves(), random.Random(2))
    assert sum(asked.values()) == again


def test_the_remembered_rankings_start_again_past_their_limit(monkeypatch):
    """The memory of rankings stays bounded (a long think, or the coach's many searches)."""
    monkeypatch.setattr(bots, "RANKINGS_KEPT", 3)
    bot = IsmctsBot("expert", iterations=1)
    sizes = []
    for state in _positions(range(2)):
        if sum(type(m) is LayLand for m in state.legal_moves()) > LANDS_KEPT:
            bot.candidates(state, state.legal_moves(), random.Random(0))
            sizes.append(len(bot._ranked_lands))
    assert len(sizes) > 8 and max(sizes) <= 4 and min(sizes[4:]) < max(sizes)
