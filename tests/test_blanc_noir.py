"""En blanc et noir: setup, one test per rule BN-1 .. BN-23, notation and refusals."""

from __future__ import annotations

import pytest
from helpers.blanc_noir_positions import cards_of, position

from game import blanc_noir as bn
from game.blanc_noir.cards import CARD_IDS, CARDS, check_table
from game.core.engine import IllegalMove
from game.core.events import GameOver, TurnPassed

# --- a position from a picture ----------------------------------------------------------------


# --- setup (API.md dealing order) -------------------------------------------------------------


def test_deck_dealing_order_two_players():
    """API.md: 3 cards per seat, then first 2 white / first 2 black to the land, market, deck."""
    deck = list(CARD_IDS)  # W2a .. WOd, then B2a .. BOd
    state = bn.new_game(players=2, deck=deck)
    assert state.hand(0) == ["W2a", "W2b", "W2c"]
    assert state.hand(1) == ["W2d", "W2e", "W3a"]
    assert state.land == {(0, 0): ["W3b"], (1, 1): ["W3c"], (1, 0): ["B2a"], (0, 1): ["B2b"]}
    assert state.market == ["W3d", "W4a", "W4b"]
    assert state.deck == deck[11:18] + deck[20:]
    assert state.deck_size == 36 - 6 - 4 - 3
    assert state.hunter is None
    assert state.current_player == 0


def test_deck_dealing_order_blacks_first_four_players():
    """API.md: land cards are taken in the order met; the other cards keep their order."""
    deck = ["B2a", "W2a", "B2b", "W2b", "B2c", "W2c", "B2d", "W2d", "B2e", "W2e", "B3a", "W3a"]
    deck += ["B3b", "B3c", "B3d", "W3b", "B4a", "W3c", "W3d", "B4b"]
    deck += [c for c in CARD_IDS if c not in deck]
    state = bn.new_game(players=4, deck=deck, first_player=2)
    assert [state.hand(s) for s in range(4)] == [
        ["B2a", "B2b", "W2a"],
        ["B2c", "W2b", "W2c"],
        ["B2d", "B2e", "W2d"],
        ["B3a", "W2e", "W3a"],
    ]
    assert state.land == {(0, 0): ["W3b"], (1, 1): ["W3c"], (1, 0): ["B3b"], (0, 1): ["B3c"]}
    assert state.market == ["B3d", "B4a", "W3d"]
    assert state.deck == deck[19:]
    assert state.current_player == 2


def test_seed_deals_the_same_game_and_different_seeds_differ():
    assert bn.new_game(3, seed=7).to_dict() == bn.new_game(3, seed=7).to_dict()
    assert bn.new_game(3, seed=7).to_dict() != bn.new_game(3, seed=8).to_dict()


def test_bad_deck_is_refused():
    with pytest.raises(ValueError):
        bn.new_game(deck=[*CARD_IDS[:-1], "W2a"])


# --- rules -------------------------------------------------------------------------------------


def test_bn1_thirty_six_cards_by_colour_value_bear_and_overlay():
    assert check_table(CARDS) == []
    assert len(CARDS) == 36
    for colour in "WB":
        own = [c for c in CARDS.values() if c.colour == colour]
        assert (
            sorted(c.value for c in own if not c.overlay) == [2] * 5 + [3] * 4 + [4] * 3 + [5] * 2
        )
        assert sorted(c.id for c in own if c.bear) == [f"{colour}{v}a" for v in (2, 3, 4, 5)]
        assert [c.id for c in own if c.overlay] == [f"{colour}O{x}" for x in "abcd"]


def test_bn1_check_table_spots_a_wrong_printing():
    from game.blanc_noir.cards import CARD_TABLE, build_cards

    table = tuple(("W2b", 2, True, row[3]) if row[0] == "W2b" else row for row in CARD_TABLE)
    assert any("bears" in p for p in check_table(build_cards(table)))


def test_bn2_one_hunter_beside_the_land_then_on_the_newest_land():
    state = bn.new_game(seed=3)
    assert state.hunter is None
    assert "w" not in state.diagram() and "b" not in state.diagram()
    card = state.hand(0)[0]
    events = state.play(f"land {card} 2 0")
    assert state.hunter == (2, 0)
    assert bn.HunterMoved(None, (2, 0)) in events
    assert state.diagram().count(card[0].lower()) == 1


def test_bn3_a_card_back_shows_only_its_colour():
    state = bn.new_game(seed=5)
    view = state.view(1)
    assert view.hand(0) == sorted(c[0] + "?" for c in state.hand(0))
    for card in CARDS.values():
        assert card.colour == card.id[0]
        assert (card.pattern is None) == card.overlay


def test_bn4_match_uses_top_colours_rotation_and_not_the_hunter():
    # W5a needs a full white square; the hunter on one of them blocks it.
    free = position("W W\nW W")
    assert free.scorable("W5a")
    assert not position("W W\nW w").scorable("W5a")
    # Top colour counts: an overlay turning a black square white completes the square.
    state = position("W W\nW B", hands=[["WOa", "W5a", "B2b"], []])
    assert not state.scorable("W5a")
    state.play("land WOa 1 0")
    assert not state.scorable("W5a")  # the hunter now stands on it
    state.play("land B2b 2 0")
    assert state.scorable("W5a")
    assert state.match_squares("W5a") == ((0, 0), (0, 1), (1, 0), (1, 1))


def test_bn5_two_to_four_players():
    for players in (2, 3, 4):
        assert bn.new_game(players=players, seed=1).players == players
    for players in (1, 5):
        with pytest.raises(ValueError):
            bn.new_game(players=players)


def test_bn6_three_secret_cards_each():
    state = bn.new_game(players=4, seed=11)
    for seat in range(4):
        assert len(state.hand(seat)) == 3
        for other in range(4):
            shown = state.view(other).hand(seat)
            assert shown == (
                state.hand(seat) if other == seat else sorted(c[0] + "?" for c in state.hand(seat))
            )


def test_bn7_starting_land_is_a_checkerboard_without_hunter():
    for seed in range(20):
        state = bn.new_game(players=3, seed=seed)
        land = state.land
        assert sorted(land) == [(0, 0), (0, 1), (1, 0), (1, 1)]
        assert [land[sq][0][0] for sq in ((0, 0), (1, 1), (1, 0), (0, 1))] == ["W", "W", "B", "B"]
        assert state.diagram() == "B W\nW B"
        assert state.hunter is None


def test_bn8_market_of_three_and_the_rest_face_down():
    for players in (2, 3, 4):
        state = bn.new_game(players=players, seed=2)
        assert len(state.market) == 3
        assert state.deck_size == 36 - 3 * players - 4 - 3
        assert state.view(0).deck_size == state.deck_size
        assert sorted(cards_of(state)) == sorted(CARD_IDS)


def test_bn9_first_player_and_clockwise_order():
    state = bn.new_game(players=3, seed=4, first_player=1)
    order = []
    while len(order) < 6:
        order.append(state.current_player)
        moves = state.legal_moves()
        state.play(moves[0])
        state.play(state.legal_moves()[0])
    assert order == [1, 2, 0, 1, 2, 0]


def test_bn10_two_actions_per_turn_same_action_twice_allowed():
    state = bn.new_game(seed=9)
    first = state.market[0]
    events = state.play(f"draw {first}")
    assert state.current_player == 0 and state.actions_done == 1
    assert not any(isinstance(e, TurnPassed) for e in events)
    events = state.play(f"draw {state.market[0]}")
    assert TurnPassed(0, 1) in events
    assert state.current_player == 1 and state.actions_done == 0
    assert len(state.hand(0)) == 5


def test_bn11_expand_only_next_to_the_land_and_never_on_top():
    state = position("B W\nW B", hands=[["W2b", "B3b"], []])
    with pytest.raises(IllegalMove, match="shares no edge"):
        state.play("land W2b 2 2")  # diagonal only
    with pytest.raises(IllegalMove, match="already holds land"):
        state.play("land W2b 1 1")
    events = state.play("land W2b -1 1")
    assert events[0] == bn.LandLaid(0, "W2b", (-1, 1), "W", False)
    assert state.land[(-1, 1)] == ["W2b"] and state.hunter == (-1, 1)
    state.play("land B3b 0 2")
    assert state.hunter == (0, 2)
    assert state.diagram() == ". b .\nW B W\n. W B"


def test_bn12_overlay_on_any_land_even_the_hunter_square_and_stacks_grow():
    state = position("B w\nW B", hands=[["WOa", "BOb", "WOc"], []])
    events = state.play("land BOb 1 1")  # on the hunter's square
    assert events[0] == bn.LandLaid(0, "BOb", (1, 1), "B", True)
    assert state.land[(1, 1)][1:] == ["BOb"] and state.hunter == (1, 1)
    state.play("land WOa 1 1")
    assert state.land[(1, 1)][1:] == ["BOb", "WOa"]
    assert state.diagram() == "B w\nW B"
    # An overlay may also expand the land like any card.
    state2 = position("B W\nW B", hands=[["WOc"], []])
    state2.play("land WOc 2 0")
    assert state2.land[(2, 0)] == ["WOc"]


def test_bn13_score_lays_the_card_face_up_land_is_not_used_up():
    state = position("W W\nW W", hands=[["W5a", "W5b", "WOa"], []])
    with pytest.raises(IllegalMove, match="overlay"):
        state.play("score WOa")
    events = state.play("score W5a")
    assert isinstance(events[0], bn.CardScored)
    assert sorted(events[0].squares) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    state.play("score W5b")  # the same squares serve again
    assert state.scored(0) == ["W5a", "W5b"] and state.score(0) == 10
    assert state.hand(0) == ["WOa"]


def test_bn14_draw_from_the_market_only_and_hand_limit_five():
    state = position("B W\nW B", hands=[["W2a", "W2b", "W2c", "W2d"], []])
    deck_top = state.deck[0]
    with pytest.raises(IllegalMove, match="not in the market"):
        state.play(f"draw {deck_top}")
    state.play(f"draw {state.market[0]}")
    assert len(state.hand(0)) == 5
    with pytest.raises(IllegalMove, match="hand limit 5"):
        state.play(f"draw {state.market[0]}")
    assert not any(isinstance(m, bn.DrawCard) for m in state.legal_moves())


def test_bn15_market_refilled_after_the_turn_only_if_drawn():
    state = bn.new_game(seed=12)
    top = state.deck[:2]
    taken = state.market[1]
    state.play(f"draw {taken}")
    assert len(state.market) == 2  # not yet refilled
    events = state.play(f"land {state.hand(0)[0]} 2 0")
    assert state.market[2] == top[0] and len(state.market) == 3
    refill = [e for e in events if isinstance(e, bn.MarketRefilled)]
    assert refill == [bn.MarketRefilled((top[0],), tuple(state.market), state.deck_size)]
    # A turn without a draw leaves market and deck alone.
    before = (state.market, state.deck_size)
    hand = state.hand(1)
    state.play(f"land {hand[0]} -1 0")
    state.play(f"land {hand[1]} -2 0")
    assert (state.market, state.deck_size) == before


def test_bn15_refill_as_far_as_the_deck_allows():
    state = position(
        "B W\nW B", hands=[["W2a"], ["B2a"]], market=["W3a", "W3b", "W3c"], deck=["W4a"]
    )
    state.play("draw W3a")
    events = state.play("draw W3b")
    assert state.market == ["W3c", "W4a"] and state.deck_size == 0
    assert bn.MarketRefilled(("W4a",), ("W3c", "W4a"), 0) in events
    assert not state.is_over


def test_bn16_turn_ends_when_no_second_action_is_possible():
    state = position("W W\nW W", hands=[["W5a"], ["B2a"]], market=[], deck=[])
    events = state.play("score W5a")
    assert state.actions_done == 0
    assert any(isinstance(e, TurnPassed) for e in events)
    assert state.is_over and state.legal_moves() == []  # never hangs


def test_bn16_players_who_cannot_act_are_passed_and_the_engine_never_hangs():
    # Not reachable in play (the market is refilled whenever someone draws), but the engine
    # must still end: nobody can land, score or draw, so the turns are passed and it ends.
    state = position("B W\nW B", hands=[["W2a"], []], market=[], deck=["W5b"])
    events = state.play("land W2a 2 0")
    passed = [e for e in events if isinstance(e, TurnPassed)]
    assert passed[:2] == [TurnPassed(0, 1), TurnPassed(1, 0)]
    assert state.is_over and state.result.reason == "no moves"


def test_bn17_game_ends_after_the_turn_in_which_the_last_card_was_drawn():
    state = position("B W\nW B", hands=[["W2a"], ["B2a"]], market=["W3a"], deck=[])
    state.play("draw W3a")
    assert not state.is_over and state.current_player == 0
    events = state.play("land W2a 2 0")
    assert state.is_over and state.current_player is None
    assert isinstance(events[-1], GameOver) and events[-2] == TurnPassed(0, None)
    assert state.result.reason == "deck exhausted"
    # With the deck empty but cards in the market, play goes on.
    state = position("B W\nW B", hands=[["W2a"], ["B2a"]], market=["W3a", "W3b"], deck=[])
    state.play("draw W3a")
    state.play("land W2a 2 0")
    assert not state.is_over and state.current_player == 1


def test_bn18_base_points_scored_minus_hand_overlay_costs_five():
    state = position(
        "B W\nW B",
        hands=[["W3a", "BOa"], []],
        scored=[["W5b", "B4b"], ["B2b"]],
        market=["W2b"],
        deck=[],
    )
    assert state.breakdown(0) == {"cards": 9, "hand": -8, "bear bonus": 0}
    assert state.breakdown(1) == {"cards": 2, "hand": 0, "bear bonus": 0}  # empty hand: 0
    state.play("draw W2b")
    state.play("land W2b 2 0")
    assert state.result.scores == (9 - 8 + 0, 2)  # W leads the bear count; no bears scored


def test_bn19_bear_bonus_follows_the_colour_with_more_squares():
    scored = [["W5a", "B4a", "W3b"], ["B2a"]]
    state = position("W W\nW B", scored=scored, market=[], deck=[])
    assert state.colour_counts() == {"W": 3, "B": 1}
    assert state.breakdown(0)["bear bonus"] == 2 - 2
    assert state.breakdown(1)["bear bonus"] == -2
    state = position("B B\nW B", scored=scored, market=[], deck=[])
    assert state.breakdown(0)["bear bonus"] == -2 + 2
    assert state.breakdown(1)["bear bonus"] == 2
    state = position("B W\nW B", scored=scored, market=[], deck=[])
    assert state.breakdown(1)["bear bonus"] == 0  # equal counts: no bonus


def test_bn20_tie_broken_by_cards_of_the_bear_winning_colour():
    # White leads the bear count; both end on 6; seat 1 scored two white cards, seat 0 one.
    state = position(
        "W W\nW B",
        scored=[["W4b", "B2b"], ["W2c", "W2d", "B2c"]],
        market=["W3b"],
        deck=[],
    )
    state.play("draw W3b")
    state.play("land W3b 2 0")
    assert state.bear_colour() == "W"
    assert state.result.scores == (6, 6)
    assert state.result.winners == (1,) and not state.result.draw


def test_bn20_shared_victory_when_still_tied():
    state = position("W W\nW B", scored=[["W4b"], ["W4c"]], market=["W3b"], deck=[])
    state.play("draw W3b")
    state.play("land W3b 2 0")
    assert state.result.scores == (4, 4)
    assert state.result.winners == (0, 1) and state.result.draw


def test_bn20_shared_victory_when_the_bear_count_is_equal():
    state = position("B W .\nW B B", scored=[["W4b"], ["B4b"]], market=["W3b"], deck=[])
    state.play("draw W3b")
    state.play("land W3b 2 1")
    assert state.colour_counts() == {"W": 3, "B": 3}
    assert state.result.scores == (4, 4)
    assert state.result.winners == (0, 1) and state.result.draw


def test_bn21_view_shows_own_hand_colours_of_others_open_market_and_scored():
    state = position(
        "B W\nW B", hands=[["W2a", "WOa"], ["B3a", "W4a"]], scored=[["W5a"], []], market=None
    )
    state.play("land WOa 1 0")  # stacked overlay, laid by seat 0
    state.play("land W2a 2 0")
    for seat, own in ((0, True), (1, False)):
        view = state.view(seat)
        assert view.land[(1, 0)][1] == ("WOa" if own else "WO?")
        assert view.land[(2, 0)] == (["W2a"] if own else ["W?"])
        assert view.land[(0, 0)] == ["W?"]  # the starting land: nobody knows it
        assert view.market == state.market and view.scored(0) == ["W5a"]
        assert view.deck_size == state.deck_size and not hasattr(view, "deck")
        assert view.diagram() == state.diagram() and view.hunter == state.hunter
    assert state.view(1).hand(1) == ["B3a", "W4a"]
    assert state.view(0).hand(1) == ["B?", "W?"]
    spectator = state.view(None)
    assert spectator.hand(1) == ["B?", "W?"] and spectator.land[(2, 0)] == ["W?"]
    assert spectator.legal_moves() == []


def test_bn21_states_differing_only_in_secrets_give_equal_views():
    state = bn.new_game(players=3, seed=21)
    data = state.to_dict()
    deck = data["deck"]
    other = dict(data, deck=deck[::-1])  # another deck order
    # Swap a card of seat 1 with a deck card of the same colour.
    swap = next(c for c in deck if c[0] == data["hands"][1][0][0])
    hands = [list(h) for h in data["hands"]]
    hands[1][0], other_deck = swap, [data["hands"][1][0] if c == swap else c for c in deck]
    other2 = dict(data, hands=hands, deck=other_deck)
    # Swap a face-down land card with a deck card of the same colour.
    x, y, (under,) = data["land"][0]
    swap = next(c for c in deck if c[0] == under[0])
    land = [[x, y, [swap]], *data["land"][1:]]
    other3 = dict(data, land=land, deck=[under if c == swap else c for c in deck])
    for variant in (other, other2, other3):
        twin = bn.State.from_dict(variant)
        assert twin.view(0) == state.view(0)
        assert twin.view(None) == state.view(None)
    assert bn.State.from_dict(other2).view(1) != state.view(1)


def test_bn21_events_are_redacted_per_viewer():
    state = position("B W\nW B", hands=[["W2a", "BOb"], []])
    events = state.play("land W2a 2 0") + state.play("land BOb 0 0")
    assert bn.redact_events(events, 0) == events
    for viewer in (1, None):
        laid = [e for e in bn.redact_events(events, viewer) if isinstance(e, bn.LandLaid)]
        assert [e.card for e in laid] == ["W?", "BO?"]
    drawn = bn.new_game(seed=1)
    card = drawn.market[0]
    assert bn.redact_events(drawn.play(f"draw {card}"), 1)[0].card == card  # market is open


def test_bn22_hand_over_views_hide_the_acting_hand_and_offer_no_moves():
    state = bn.new_game(seed=22)
    waiting = state.view(1)
    assert waiting.legal_moves() == []
    assert all(card.endswith("?") for card in waiting.hand(0))
    assert state.view(0).legal_moves() == state.legal_moves()
    with pytest.raises(IllegalMove, match="turn"):
        bn.parse_move(waiting, f"draw {state.market[0]}")


def test_bn23_the_land_has_no_edge():
    state = position(". W\nb B", hands=[["W2a", "W2b", "B2a", "B2b"], []], origin=(-5, -7))
    assert state.land_squares() == ((-5, -7), (-4, -7), (-4, -6))
    state.play("land W2a -6 -7")
    state.play("land W2b -7 -7")
    # seat 1 has no cards: it draws twice
    state.play(f"draw {state.market[0]}")
    state.play(f"draw {state.market[0]}")
    state.play("land B2a -7 -8")
    assert state.diagram() == ". . . W\nW W B B\nb . . ."
    assert min(x for x, _ in state.land) == -7 and min(y for _, y in state.land) == -8


def test_legal_move_count_of_the_first_position():
    """Dealt from the table order: seat 0 holds W2a W2b W2c on the checkerboard start.
    3 draws + 2 scores (W2a, W2b: a black corner with white arms, BN-4; W2c needs arms of two
    colours) + 3 cards x 8 squares sharing an edge with the 2x2 land = 29."""
    state = bn.new_game(deck=list(CARD_IDS))
    moves = state.legal_moves()
    assert len(moves) == 29
    assert {m for m in moves if isinstance(m, bn.ScoreCard)} == {
        bn.ScoreCard("W2a"),
        bn.ScoreCard("W2b"),
    }
    with pytest.raises(ValueError):
        state.view(2)


# --- notation and refusals ------------------------------------------------------------------


def test_move_notation_and_parse():
    state = position("B W\nW B", hands=[["W2a", "WOa", "W3d"], []])
    assert str(bn.LayLand("W2a", (2, 0))) == "land W2a 2 0"
    assert str(bn.ScoreCard("W3d")) == "score W3d"
    assert str(bn.DrawCard("B2a")) == "draw B2a"
    assert bn.parse_move(state, "land W2a -1 0") == bn.LayLand("W2a", (-1, 0))
    assert bn.parse_move(state, "  score   W3d ") == bn.ScoreCard("W3d")
    for move in state.legal_moves():
        assert bn.parse_move(state, str(move)) == move
    assert bn.LayLand("WOa", (1, 1)) in state.legal_moves()  # overlay on land


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("jump W2a", "unknown action"),
        ("land W2a 2", "form"),
        ("land W2a x 0", "not a square"),
        ("score Z9z", "unknown card"),
        ("score W4b", "matches nowhere"),
        ("score B5a", "not in the hand"),
        ("land W2a 5 5", "shares no edge"),
        ("land W2a 0 0", "already holds land"),
        ("draw B2a", "not in the market"),
        ("score WOa", "overlay"),
    ],
)
def test_illegal_input_raises_with_a_reason_and_changes_nothing(text, reason):
    state = position("B W\nW B", hands=[["W2a", "WOa", "W3d", "W4b"], []], market=["W5b"])
    before = state.to_dict()
    with pytest.raises(IllegalMove, match=reason):
        state.play(text)
    assert state.to_dict() == before


def test_play_after_the_end_is_refused():
    state = position("W W\nW W", hands=[["W5a"], []], market=[], deck=[])
    state.play("score W5a")
    with pytest.raises(IllegalMove, match="over"):
        state.play("draw W2a")
    with pytest.raises(IllegalMove):
        state.play(object())
