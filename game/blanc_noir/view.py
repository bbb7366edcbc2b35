"""What one seat of En blanc et noir may know (BN-21), and deals consistent with it."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from game.blanc_noir.cards import CARD_IDS, CARDS
from game.blanc_noir.moves import Move
from game.blanc_noir.patterns import Square, WindowCounts
from game.blanc_noir.table import Table, player_words
from game.core.result import Result
from game.core.shuffle import shuffle
from game.messages import N_, said

#: the state class a view deals its samples as
S = TypeVar("S")
S_co = TypeVar("S_co", covariant=True)


class Dealer(Protocol[S_co]):
    """The state class a view was made from (a class: a view reaches no state object): it
    builds the view's samples."""

    def _built(self, *parts: Any, **named: Any) -> S_co: ...


class View(Table, Generic[S]):
    """What one seat may know (BN-21): the read API of `State` with secrets written `W?`, `B?`
    (`WO?` for a stacked overlay). Views compare equal when they show the same things."""

    __slots__ = ("_dealer", "_deck_size", "_layers", "seat")
    seat: int | None
    _deck_size: int
    _layers: dict[Square, tuple[int | None, ...]]
    _dealer: Dealer[S]

    def __init__(
        self,
        seat: int | None,
        *,
        players: int,
        first_player: int,
        current: int | None,
        actions: int,
        drew: bool,
        turn: int,
        hands: Sequence[Sequence[str]],
        market: Sequence[str],
        land: Mapping[Square, tuple[str, ...]],
        laid_by: Mapping[str, int],
        top: Mapping[Square, int],
        frontier: Iterable[Square],
        hunter: Square | None,
        scored: Sequence[Sequence[str]],
        windows: WindowCounts,
        result: Result | None,
        deck_size: int,
        dealer: Dealer[S],
    ) -> None:
        """What `seat` knows of a game whose full parts are these (`State.view` gives them):
        the hands of the others, and the land cards it did not lay, are turned face down.
        `top`, `frontier` and `windows` are the land's derived data, copied here; `dealer` is
        the state class that builds samples of this view."""
        over = result is not None
        self.seat = seat
        self.players = players
        self.first_player = first_player
        self._current = current
        self._actions = actions
        self._drew = drew
        self._turn = turn
        self._hands = [
            list(hand) if s == seat or over else sorted(c[0] + "?" for c in hand)
            for s, hand in enumerate(hands)
        ]
        self._market = list(market)
        self._land = {
            sq: tuple(
                card
                if seat is not None and laid_by.get(card) == seat
                else card[0] + ("O?" if depth else "?")
                for depth, card in enumerate(stack)
            )
            for sq, stack in land.items()
        }
        self._layers = {
            sq: tuple(laid_by.get(card) for card in stack) for sq, stack in land.items()
        }
        self._top = dict(top)
        self._frontier = set(frontier)
        self._hunter = hunter
        self._scored = [list(s) for s in scored]
        self._windows = windows.copy()
        self._result = result
        self._frontier_order = self._land_order = self._rows = None
        self._frontier_moves = self._land_moves = self._frontier_keys = self._land_keys = None
        self._deck_size = deck_size
        self._dealer = dealer

    @property
    def deck_size(self) -> int:
        return self._deck_size

    def laid_by_square(self, square: Square) -> tuple[int | None, ...]:
        """Who laid each card of `square`, bottom first (public; None: the starting land)."""
        return self._layers[square]

    def legal_moves(self) -> list[Move]:
        """The viewing seat's legal actions when it is to act; otherwise empty."""
        if self.seat is None or self.seat != self._current:
            return []
        return super().legal_moves()

    def _refused(self, move: Move) -> str | None:
        if self.seat != self._current:
            return said(
                N_("it is {player}'s turn, not seat {seat}'s"),
                player="nobody" if self._current is None else player_words(self._current),
                seat=self.seat,
            )
        return super()._refused(move)

    def _key(self) -> tuple:
        return (
            self.seat,
            self.players,
            self.first_player,
            self._current,
            self._actions,
            self._drew,
            self._turn,
            self._hands,
            self._market,
            self._land,
            self._layers,
            self._hunter,
            self._scored,
            self._deck_size,
            self._result,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, View):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<View seat={self.seat} turn={self._turn} player={self._current}>"

    def unseen_cards(self) -> list[str]:
        """The card ids this seat has not seen where they are now, sorted."""
        seen = set(self._market)
        for part in self._hands + self._scored:
            seen.update(c for c in part if c in CARDS)
        for stack in self._land.values():
            seen.update(c for c in stack if c in CARDS)
        return [c for c in CARD_IDS if c not in seen]

    def sample(self, rng: random.Random) -> S:
        """A full state consistent with this view: the unseen cards dealt at random to the
        hidden hand slots (by colour), hidden land cards (by colour; stacked ones overlays)
        and the deck. `sample(rng).view(self.seat) == self`."""
        pool = self.unseen_cards()
        shuffle(pool, rng)
        # Each hidden slot takes the first card of its colour left in the pool, most
        # constrained first: stacked overlays (the first overlay), then land, then hands.
        left = {"W": [c for c in pool if c[0] == "W"], "B": [c for c in pool if c[0] == "B"]}

        def take(colour: str, overlay: bool) -> str:
            cards = left[colour]
            for i, card in enumerate(cards):
                if not overlay or CARDS[card].overlay:
                    return cards.pop(i)
            raise ValueError(f"view cannot be dealt: no unseen {colour} card left")

        land: dict[Square, list[str]] = {sq: list(st) for sq, st in self._land.items()}
        for stack in land.values():
            for i, card in enumerate(stack):
                if card.endswith("O?"):
                    stack[i] = take(card[0], True)
        for stack in land.values():
            for i, card in enumerate(stack):
                if card.endswith("?"):
                    stack[i] = take(card[0], False)
        hands = [[take(c[0], False) if c.endswith("?") else c for c in h] for h in self._hands]
        unused = {*left["W"], *left["B"]}
        if len(unused) != self._deck_size:
            raise ValueError("view cannot be dealt: unseen cards do not fill the deck")
        deck = [c for c in pool if c in unused]  # in the pool's order
        laid_by = {
            card: seat
            for sq, stack in land.items()
            for card, seat in zip(stack, self._layers[sq], strict=True)
            if seat is not None
        }
        # dealt whole, each card once, on this view's land: built without from_parts's checks,
        # the land's derived parts taken from the view
        return self._dealer._built(
            self.players,
            self.first_player,
            self._current,
            self._actions,
            self._drew,
            self._turn,
            hands,
            list(self._market),
            deck,
            {sq: tuple(stack) for sq, stack in land.items()},
            self._hunter,
            laid_by,
            [list(s) for s in self._scored],
            self._result,
            like=self,
        )
