"""First bots for En blanc et noir: `random` and `greedy`. Both read only a view (BN-21).

`greedy_move` reads nothing but the acting seat's own hand, the market, the land's colours and
the hunter, the deck size and the scored cards; so it plays the same from a `View` as from a
`State`, and the card-balance benchmark may call it on states directly.
"""

from __future__ import annotations

import random
from typing import Any

from game.ai.random_bot import RandomBot
from game.blanc_noir import MASKS, DrawCard, LayLand, Move, ScoreCard
from game.blanc_noir_cards import CARDS

#: How often each level plays a random legal action instead of the greedy one.
RANDOM_SHARE = {"easy": 0.3, "normal": 0.05, "hard": 0.0}


def _best_value(cards: list[str], bits: int, leaving: str | None = None) -> int:
    """The highest value among `cards` (but `leaving`) whose pattern matches `bits`."""
    best = 0
    for card in cards:
        if card != leaving and MASKS[card] & bits and CARDS[card].value > best:
            best = CARDS[card].value
    return best


def _later_value(cards: list[str], bits: int, leaving: str) -> int:
    """The total value of `cards` (but `leaving`) whose pattern matches `bits`."""
    return sum(CARDS[c].value for c in cards if c != leaving and MASKS[c] & bits)


def greedy_move(table: Any, rng: random.Random) -> Move:
    """One greedy action for the seat to act: score the best card it can; else lay land that
    makes a card of its hand scorable (now, or once the hunter leaves); draw while the hand is
    small, and near the end keep the hand small."""
    moves = table.legal_moves()
    seat = table.current_player
    hand = table.hand(seat)
    leader = table.bear_colour()

    scores = [m for m in moves if type(m) is ScoreCard]
    if scores:

        def score_key(move: ScoreCard) -> tuple[int, str]:
            card = CARDS[move.card]
            bonus = 0 if not card.bear or leader is None else (2 if card.colour == leader else -2)
            return (card.value + bonus, move.card)

        return max(scores, key=score_key)

    draws = [m for m in moves if type(m) is DrawCard]
    lands = [m for m in moves if type(m) is LayLand]
    left = table.deck_size + len(table.market)
    near_end = left <= 2 * table.players
    bits = table.land_bits()
    best_land = _best_land(table, lands, hand, near_end)

    if best_land is not None and best_land[0][0] > 0:
        return best_land[1]
    if draws:
        scorable = [m for m in draws if MASKS[m.card] & bits]
        if scorable:
            return max(scorable, key=lambda m: CARDS[m.card].value)
        if not lands or (not near_end and len(hand) <= 2):
            if near_end:
                return min(draws, key=lambda m: CARDS[m.card].penalty)
            return max(draws, key=lambda m: (not CARDS[m.card].overlay, CARDS[m.card].value))
    if best_land is not None:
        return best_land[1]
    return rng.choice(moves)


def _best_land(
    table: Any, lands: list[LayLand], hand: list[str], near_end: bool
) -> tuple[tuple[int, int, int], LayLand] | None:
    """The land action that best serves the hand: (its key, the move), or None without one.
    The key: the best value scorable at once, the value scorable once the hunter leaves, and
    what the card laid would cost left in hand."""
    best_land: tuple[tuple[int, int, int], LayLand] | None = None
    now_cache: dict[Any, int] = {}
    later_cache: dict[Any, int] = {}
    for move in lands:
        card = CARDS[move.card]
        sq = move.square
        stacked = table.has_land(sq)
        now_key = sq if stacked else None  # every expansion leaves the same squares usable
        if now_key not in now_cache:
            now_cache[now_key] = table.land_bits_if(sq, card.colour, hunter_there=True)
        if (sq, card.colour) not in later_cache:
            later_cache[(sq, card.colour)] = table.land_bits_if(sq, card.colour, False)
        now = _best_value(hand, now_cache[now_key], move.card)
        later = _later_value(hand, later_cache[(sq, card.colour)], move.card)
        cost = card.penalty if near_end else (-card.penalty if card.overlay else -card.value)
        key = (now, later, cost)
        if best_land is None or key > best_land[0]:
            best_land = (key, move)
    return best_land


class GreedyBot:
    """Plays `greedy_move`, with a share of random actions at the easier levels."""

    name = "greedy"

    def __init__(self, level: str = "normal") -> None:
        self.level = level

    def choose(self, view: Any, rng: random.Random) -> Move:
        if rng.random() < RANDOM_SHARE.get(self.level, 0.0):
            return rng.choice(view.legal_moves())
        return greedy_move(view, rng)


BOTS = {"random": RandomBot, "greedy": GreedyBot}
