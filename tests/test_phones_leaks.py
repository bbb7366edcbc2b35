"""What a phone is sent of the game holds nothing its seat may not know (CQ-17, BN-21): for random
games, at every move, each seat's phone data is the same for every full state that differs only
in what that seat may not know (its view's samples: other hands, face-down symbols, deck order),
and names no hidden tile or card."""

import json
import random
import re

import pytest

from game import blanc_noir as bn
from game import consequence as cq
from scenes.boards.blanc_noir.phone import PHONE as BN_PHONE
from scenes.boards.consequence.phone import PHONE as CQ_PHONE

SAMPLES = 3
CARD_ID = re.compile(r"\b[WB][2-5O][a-e]\b")


def random_game(state, rng):
    """Yield `state` before every move of a random game, and once over."""
    while True:
        yield state
        if state.is_over:
            return
        state.play(rng.choice(state.legal_moves()))


def same_for_every_state_the_seat_cannot_tell_apart(spec, state, seat, rng, options):
    view = state.view(seat)
    sent = spec.board(view, seat, options)
    for _ in range(SAMPLES):
        other = view.sample(rng)
        assert other.view(seat) == view
        assert spec.board(other.view(seat), seat, options) == sent
    json.dumps(sent)  # JSON-ready
    return sent


@pytest.mark.parametrize("memory_aid", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_cq17_a_consequence_phone_gets_only_its_seats_view(seed, memory_aid):
    rng = random.Random(seed)
    options = {"memory_aid": memory_aid}
    for state in random_game(cq.new_game(), rng):
        for seat in (0, 1):
            sent = same_for_every_state_the_seat_cannot_tell_apart(
                CQ_PHONE, state, seat, rng, options
            )
            assert sent["hand"] == state.hand(seat)
            if state.is_over:
                continue
            assert all(code.endswith("?") for code in sent["other_hand"])
            for square, code in enumerate(sent["cells"]):
                if code is None:
                    continue
                own = state.view(None).placed_by(square) == seat
                assert code.endswith("?") or (own and memory_aid), (square, code)
            assert sent["moves"] == (
                [str(m) for m in state.legal_moves()] if state.current_player == seat else []
            )


def hidden_cards(state, seat):
    """The card ids `seat` may not know where they are now (BN-21)."""
    data = state.to_dict()
    hidden = set(data["deck"])
    for other in range(state.players):
        if other != seat:
            hidden |= set(state.hand(other))
    for _, _, stack in data["land"]:
        hidden |= {card for card in stack if data["laid_by"].get(card) != seat}
    return hidden


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (3, 3), (4, 4)])
def test_bn21_an_en_blanc_et_noir_phone_gets_only_its_seats_view(players, seed):
    rng = random.Random(seed)
    for state in random_game(bn.new_game(players=players, seed=seed), rng):
        for seat in range(players):
            sent = same_for_every_state_the_seat_cannot_tell_apart(BN_PHONE, state, seat, rng, {})
            assert [card["id"] for card in sent["hand"]] == state.hand(seat)
            if state.is_over:
                continue
            named = set(CARD_ID.findall(json.dumps(sent)))
            assert not named & hidden_cards(state, seat), named & hidden_cards(state, seat)


def test_bn4_a_scorable_card_shows_its_pattern_turned_as_it_matches():
    rng = random.Random(7)
    checked = 0
    for state in random_game(bn.new_game(players=2, seed=7), rng):
        seat = state.current_player
        if seat is None:
            break
        view = state.view(seat)
        for card in BN_PHONE.board(view, seat, {})["hand"]:
            if card["match"] is None:
                assert not card["known"] or card["overlay"] or not view.scorable(card["id"])
                continue
            squares = {tuple(sq) for sq in card["match"]["squares"]}
            assert squares == set(view.match_squares(card["id"]))
            left, bottom = min(x for x, _ in squares), min(y for _, y in squares)
            top = view.top_colours()
            for row, y in zip(card["match"]["pattern"], (bottom + 1, bottom), strict=True):
                for colour, x in zip(row, (left, left + 1), strict=True):
                    assert colour == (top[(x, y)] if (x, y) in squares else ".")
            # the same icons as the printed pattern: one of its four turns
            printed = card["pattern"]
            turns = [printed]
            for _ in range(3):
                (a, b), (c, d) = turns[-1]
                turns.append([c + a, d + b])  # a quarter turn clockwise
            assert [list(r) for r in card["match"]["pattern"]] in [
                [list(r) for r in t] for t in turns
            ]
            checked += 1
    assert checked > 5
