"""What a seat remembers of an En blanc et noir game beyond its view of the moment: every card
it has seen face up (BN-21: the market is open), so that a card it saw which is no longer
anywhere it can see was taken by another seat, and lies in that seat's hand or face down in
the land it laid. A search deals such cards there rather than into the deck (`place_known`).

Only the seat's own views are read, one at each of its actions, as a player at the table
remembers the market it looked at; a card that came to the market and was taken before the
seat looked again stays unknown to it, as its view never showed it.
"""

from __future__ import annotations

import random
from bisect import insort
from typing import Any

from game.blanc_noir.cards import CARDS


def visible(view: Any) -> set[str]:
    """The cards `view` shows face up to its seat: the market, its own hand, every scored card
    and the land cards it laid."""
    shown = set(view.market)
    for seat in range(view.players):
        shown.update(view.scored(seat))
    shown.update(c for c in view.hand(view.seat) if c in CARDS)
    for stack in view.land.values():
        shown.update(c for c in stack if c in CARDS)
    return shown


class Memory:
    """The cards one seat has seen in one game (`see` each of its views, in order)."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self._turn = -1
        self._seat: int | None = None

    def see(self, view: Any) -> frozenset[str]:
        """Remember what `view` shows; the cards seen before that it no longer shows (held or
        laid face down by another seat). A view from an earlier turn than the last one seen (a
        new game, or one taken back), or of another seat, starts the memory again."""
        if view.turn < self._turn or view.seat != self._seat:
            self.seen = set()
        self._turn = view.turn
        self._seat = view.seat
        shown = visible(view)
        self.seen |= shown
        return frozenset(self.seen - shown)


def place_known(state: Any, known: frozenset[str], seat: int, rng: random.Random) -> None:
    """Move each of `known` that a sample `state` dealt where it cannot be (the deck, or the
    face-down starting land, laid before it was seen) to a hidden place of its colour: another
    seat's hand, or a land card another seat laid (a place on a stack only for an overlay), in
    exchange for the card there. The views of every seat that did not hold them stay the
    same."""
    if not known:
        return
    # the cards that fit fewer places first; in one order, so a sample depends on the rng alone
    todo = sorted(known, key=lambda card: (CARDS[card].overlay, card))
    for _ in range(2 * len(todo)):  # an overlay moved aside is placed again: a few more steps
        if not todo:
            return
        card = todo.pop(0)
        slot = _out_of_place(state, card)
        if slot is None:
            continue
        found = _swap_into_place(state, card, seat, known, rng)
        if found is None:
            continue
        out, moved_aside = found
        sq, index = slot
        if sq is None:
            state._deck[index] = out
        else:
            stack = state._land[sq]
            state._land[sq] = (*stack[:index], out, *stack[index + 1 :])
        if moved_aside:
            todo.append(out)


def _out_of_place(state: Any, card: str) -> tuple[Any, int] | None:
    """Where a sample dealt `card` if that is the deck (None, its index) or the starting land
    (its square, its depth); None when it is in a hand or land another seat laid."""
    deck = state._deck
    if card in deck:
        return (None, deck.index(card))
    if state._laid_by.get(card) is not None:
        return None
    for sq, stack in state._land.items():
        if card in stack:
            return (sq, stack.index(card))
    return None  # in a hand


def _swap_into_place(
    state: Any, card: str, seat: int, known: frozenset[str], rng: random.Random
) -> tuple[str, bool] | None:
    """Put `card` in a random hidden place of its colour that another seat holds or laid, in
    place of a card not known (or, when there is none, for a card that is no overlay, of a
    known overlay, which may go on a stack instead); the card it took the place of, and
    whether that was a known card moved aside. None when there is no such place."""
    places, aside = _places(state, card, seat, known)
    moved_aside = not places
    choices = aside if moved_aside else places
    if not choices:
        return None
    other, sq, index = choices[rng.randrange(len(choices))]
    if sq is None:
        hand = state._hands[other]
        out = hand.pop(index)
        insort(hand, card)
        return out, moved_aside
    stack = state._land[sq]
    out = stack[index]
    state._land[sq] = (*stack[:index], card, *stack[index + 1 :])
    state._laid_by[card] = state._laid_by.pop(out)
    return out, moved_aside


Place = tuple[int, Any, int]  # (seat, None, index in its hand) or (-1, square, depth)


def _places(
    state: Any, card: str, seat: int, known: frozenset[str]
) -> tuple[list[Place], list[Place]]:
    """The hidden places of `card`'s colour that other seats hold or laid and `card` may take:
    those of cards not known, and (for a card that is no overlay) those of known overlays."""
    places: list[Place] = []
    aside: list[Place] = []
    overlay = CARDS[card].overlay
    for other in range(state.players):
        if other != seat:
            for i, c in enumerate(state._hands[other]):
                if c[0] == card[0] and c != card:
                    if c not in known:
                        places.append((other, None, i))
                    elif not overlay and CARDS[c].overlay:
                        aside.append((other, None, i))
    laid_by = state._laid_by
    for sq, stack in state._land.items():
        for depth, c in enumerate(stack):
            if c[0] != card[0] or c == card or laid_by.get(c, seat) == seat:
                continue
            if c not in known and (overlay or depth == 0):
                places.append((-1, sq, depth))
            elif c in known and depth == 0 and not overlay and CARDS[c].overlay:
                aside.append((-1, sq, depth))
    return places, aside
