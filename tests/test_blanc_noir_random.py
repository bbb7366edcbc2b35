"""En blanc et noir: API promises checked at every step of hundreds of random games."""

from __future__ import annotations

import json
import random

import pytest
from helpers.blanc_noir_positions import brute_force_matches, cards_of

from game import blanc_noir as bn
from game.blanc_noir.cards import CARD_IDS, CARDS
from game.core.engine import IllegalMove, random_playout
from game.core.events import GameOver, TurnPassed


def random_states(games: int, seed: int):
    """Yield (state, rng) before every action of `games` random games, 2-4 players."""
    rng = random.Random(seed)
    for game in range(games):
        state = bn.new_game(players=2 + game % 3, seed=rng.randrange(2**32), first_player=game % 2)
        steps = 0
        while not state.is_over:
            yield state, rng
            state.play(rng.choice(state.legal_moves()))
            steps += 1
            assert steps < 500, "game did not end"
        yield state, rng


# --- a model that replays events -------------------------------------------------------------


class Model:
    """Land, hands, market and hunter rebuilt only from events, as a scene would."""

    def __init__(self, reader, seat: int | None = "all") -> None:
        self.seat = seat
        self.land = {sq: list(stack) for sq, stack in reader.land.items()}
        self.hands = [sorted(reader.hand(s)) for s in range(reader.players)]
        self.market = reader.market
        self.hunter = reader.hunter
        self.scored = [reader.scored(s) for s in range(reader.players)]
        self.current = reader.current_player
        self.result = None

    def _shown(self, seat: int, card: str) -> str:
        return card if self.seat in ("all", seat) else card[0] + "?"

    def apply(self, events) -> None:
        for e in events:
            if isinstance(e, bn.LandLaid):
                assert e.overlay == (e.square in self.land)
                self.hands[e.seat].remove(self._shown(e.seat, e.card))
                self.land.setdefault(e.square, []).append(e.card)
            elif isinstance(e, bn.HunterMoved):
                assert self.hunter == e.from_square
                self.hunter = e.to_square
            elif isinstance(e, bn.CardScored):
                self.hands[e.seat].remove(self._shown(e.seat, e.card))
                self.scored[e.seat].append(e.card)
            elif isinstance(e, bn.CardDrawn):
                assert self.market[e.slot] == e.card
                del self.market[e.slot]
                self.hands[e.seat] = sorted(self.hands[e.seat] + [self._shown(e.seat, e.card)])
            elif isinstance(e, bn.MarketRefilled):
                self.market += list(e.cards)
                assert tuple(self.market) == e.market
            elif isinstance(e, TurnPassed):
                assert self.current == e.seat
                self.current = e.next_seat
            elif isinstance(e, GameOver):
                self.result = e.result

    def matches(self, reader) -> bool:
        return (
            self.land == reader.land
            and self.hands == [reader.hand(s) for s in range(reader.players)]
            and self.market == reader.market
            and self.hunter == reader.hunter
            and self.scored == [reader.scored(s) for s in range(reader.players)]
            and self.current == reader.current_player
        )


def expected_result(state: bn.State) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Scores and winners by BN-18 .. BN-20, counted here from scratch."""
    tops = [stack[-1][0] for stack in state.land.values()]
    white, black = tops.count("W"), tops.count("B")
    leader = None if white == black else ("W" if white > black else "B")
    totals = []
    for seat in range(state.players):
        base = sum(CARDS[c].value for c in state.scored(seat))
        base -= sum(5 if CARDS[c].overlay else CARDS[c].value for c in state.hand(seat))
        bonus = 0
        if leader:
            bonus = sum((2 if c[0] == leader else -2) for c in state.scored(seat) if CARDS[c].bear)
        totals.append(base + bonus)
    best = max(totals)
    tied = [s for s in range(state.players) if totals[s] == best]
    if leader and len(tied) > 1:
        colour = {s: sum(c[0] == leader for c in state.scored(s)) for s in tied}
        tied = [s for s in tied if colour[s] == max(colour.values())]
    return tuple(totals), tuple(tied)


def brute_force_moves(state: bn.State) -> set[str]:
    """Every legal action, found by trying every card and square of the bounding box."""
    seat = state.current_player
    hand = state.hand(seat)
    land = state.land
    out = {f"draw {c}" for c in state.market} if len(hand) < 5 else set()
    xs = [x for x, _ in land]
    ys = [y for _, y in land]
    for card in hand:
        if brute_force_matches(state, card):
            out.add(f"score {card}")
        for x in range(min(xs) - 1, max(xs) + 2):
            for y in range(min(ys) - 1, max(ys) + 2):
                if (x, y) in land:
                    if CARDS[card].overlay:
                        out.add(f"land {card} {x} {y}")
                elif any((x + dx, y + dy) in land for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                    out.add(f"land {card} {x} {y}")
    return out


# --- the invariants ---------------------------------------------------------------------------


def test_random_games_end_conserve_cards_and_score_as_counted_independently():
    finished = 0
    for state, _ in random_states(300, seed=1):
        assert sorted(cards_of(state)) == sorted(CARD_IDS)
        assert state.is_over == (state.legal_moves() == [])
        assert len(state.market) <= 3 and all(len(state.hand(s)) <= 5 for s in range(state.players))
        if state.is_over:
            finished += 1
            scores, winners = expected_result(state)
            assert state.result.scores == scores and state.result.winners == winners
            assert state.result.draw == (len(winners) > 1)
            assert state.current_player is None
            for seat in range(state.players):
                assert sum(state.breakdown(seat).values()) == scores[seat]
                assert list(state.breakdown(seat)) == ["cards", "hand", "bear bonus"]
    assert finished == 300


def test_legal_moves_equal_a_brute_force_and_every_notation_parses_back():
    for state, _ in random_states(40, seed=2):
        if state.is_over:
            continue
        moves = state.legal_moves()
        assert len(set(moves)) == len(moves)
        assert {str(m) for m in moves} == brute_force_moves(state)
        for move in moves:
            assert bn.parse_move(state, str(move)) == move


def test_events_replayed_on_a_copy_reproduce_land_hands_and_market():
    for state, rng in random_states(150, seed=3):
        if state.is_over:
            continue
        model = Model(state)
        views = {seat: state.view(seat) for seat in (0, 1, None)}
        seat_models = {seat: Model(view, seat) for seat, view in views.items()}
        events = state.play(rng.choice(state.legal_moves()))
        model.apply(events)
        assert model.matches(state)
        for seat, seat_model in seat_models.items():
            seat_model.apply(bn.redact_events(events, seat))
            after = state.view(seat)
            if not state.is_over:  # at the end every hand is shown
                assert seat_model.matches(after), seat
        if state.is_over:
            assert model.result == state.result
            assert isinstance(events[-1], bn.GameEnded)
            assert [dict(b) for b in events[-1].breakdowns] == [
                state.breakdown(s) for s in range(state.players)
            ]


def test_clones_are_independent_and_to_dict_round_trips_through_json():
    for state, rng in random_states(150, seed=4):
        if rng.random() > 0.2:
            continue
        saved = state.to_dict()
        text = json.dumps(saved)
        copy = bn.State.from_dict(json.loads(text))
        assert copy.to_dict() == saved
        assert copy.legal_moves() == state.legal_moves()
        assert copy.diagram() == state.diagram() and copy.land_bits() == state.land_bits()
        clone = state.clone()
        assert clone.to_dict() == saved
        if not state.is_over:
            move = rng.choice(state.legal_moves())
            copy_events = copy.play(move)
            clone.play(move)
            assert clone.to_dict() == copy.to_dict()
            assert state.to_dict() == saved  # the original did not move
            assert copy_events == state.clone().play(move)


@pytest.mark.slow
def test_view_samples_reproduce_the_view():
    for state, rng in random_states(120, seed=5):
        if rng.random() > 0.25:
            continue
        for seat in [*range(state.players), None]:
            view = state.view(seat)
            for _ in range(3):
                sample = view.sample(rng)
                assert sample.view(seat) == view
                assert sorted(cards_of(sample)) == sorted(CARD_IDS)
                assert sample.legal_moves() == state.legal_moves() or state.current_player != seat
        if not state.is_over:
            seat = state.current_player
            assert state.view(seat).legal_moves() == state.legal_moves()


def test_illegal_random_text_changes_nothing():
    rng = random.Random(6)
    for state, _ in random_states(30, seed=6):
        if state.is_over:
            continue
        legal = {str(m) for m in state.legal_moves()}
        before = state.to_dict()
        for _ in range(5):
            card = rng.choice(CARD_IDS)
            text = rng.choice(
                [
                    f"land {card} {rng.randint(-9, 9)} {rng.randint(-9, 9)}",
                    f"score {card}",
                    f"draw {card}",
                ]
            )
            if text in legal:
                continue
            try:
                state.play(text)
            except IllegalMove as error:
                assert str(error)
            else:
                raise AssertionError(f"{text} was accepted but is not legal")
            assert state.to_dict() == before


def test_random_playout_helper_finishes_every_player_count():
    rng = random.Random(7)
    for players in (2, 3, 4):
        state = bn.new_game(players=players, seed=players)
        moves = random_playout(state, rng)
        assert state.is_over and state.result.reason == "deck exhausted"
        assert len(moves) >= 2 * (36 - 3 * players - 4) // 2
