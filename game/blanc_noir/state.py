"""En blanc et noir (白と黒で): the rules engine (shared/rules/blanc_noir.md, BN-1 .. BN-23).

`new_game(players, seed, deck, first_player)` deals a game; `State.play` applies one action
(`land W2c 2 0`, `score B4a`, `draw W3b`) and returns the events; `State.view(seat)` is what a
seat may know (BN-21) and `View.sample(rng)` deals the unseen cards for the bots.

Rulings of this engine beyond the rules file:
- BN-16: after each action, if the player to act can do nothing (empty hand and empty market),
  the turn ends at once. After a turn the game is over exactly when deck and market are both
  empty (BN-17); otherwise the market holds a card, so the next player can always draw or land
  and the engine never hangs. Should a player still be unable to act at the start of a turn
  (impossible with these rules), the turn is passed (`TurnPassed`), and if nobody can act the
  game ends with the reason "no moves".
- The market is a list of slots: a drawn card leaves its slot (later cards move up) and the
  refill appends cards at the end, in deck order.
- Once the game is over, views show every hand (they are shown to count the penalties, BN-18);
  land faces and the deck order stay hidden.
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from operator import itemgetter
from typing import Any, ClassVar, TypeVar

from game.blanc_noir.cards import CARD_IDS, CARDS
from game.blanc_noir.moves import (
    SPOTS,
    CardDrawn,
    CardScored,
    DrawCard,
    GameEnded,
    HunterMoved,
    LandLaid,
    LayLand,
    MarketRefilled,
    Move,
    redact_events,
)
from game.blanc_noir.patterns import COLOUR_CODE, Square, WindowCounts, key_of
from game.blanc_noir.table import (
    ACTIONS_PER_TURN,
    CARD_COUNT,
    HAND_LIMIT,
    HAND_SIZE,
    MARKET_SIZE,
    MASKS,
    ROTATIONS,
    Table,
)
from game.blanc_noir.view import View
from game.core import descriptor
from game.core.engine import Engine, copy_rows
from game.core.events import Event, TurnPassed
from game.core.result import Result, best_seats
from game.core.shuffle import shuffle
from game.core.state_checks import (
    checked_result,
    field,
    flag,
    items,
    mapping,
    one_of,
    point,
    saved_result,
    seat_number,
    to_move,
    viewer,
    whole,
)
from game.messages import N_

MIN_PLAYERS, MAX_PLAYERS = 2, 4
#: Starting land squares (BN-7, API.md): white on (0,0) then (1,1), black on (1,0) then (0,1).
WHITE_START: tuple[Square, Square] = ((0, 0), (1, 1))
BLACK_START: tuple[Square, Square] = ((1, 0), (0, 1))
_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))
ALL_CARDS = frozenset(CARD_IDS)
_COLOUR_OF = itemgetter(0)
T = TypeVar("T")


class _Near(dict[Square, frozenset[Square]]):
    """Square -> the four squares sharing an edge with it, made on first use."""

    def __missing__(self, square: Square) -> frozenset[Square]:
        x, y = square
        near = self[square] = frozenset((x + dx, y + dy) for dx, dy in _STEPS)
        return near


_NEAR = _Near()

# Events are frozen, so those that can only take a few dozen values are made once and handed out
# again (making an event costs 2,000 to 5,000 machine instructions, a fair part of an action).
#: `_PASSED[seat][next_seat]`: the turn of `seat` is over and `next_seat` acts next
_PASSED = tuple(
    tuple(TurnPassed(seat, after) for after in range(MAX_PLAYERS)) for seat in range(MAX_PLAYERS)
)
#: `_DRAWN[card][slot][seat]`: `seat` took `card` from market slot `slot`
_DRAWN = {
    card: tuple(
        tuple(CardDrawn(seat, card, slot) for seat in range(MAX_PLAYERS))
        for slot in range(MARKET_SIZE)
    )
    for card in CARD_IDS
}


def _add_square(keys: list[int], moves: list[LayLand], square: Square) -> None:
    """`square` added to the sorted squares whose `keys` and land actions (a spot each, in
    their order) are kept, in place."""
    key = key_of(square)
    at = bisect_left(keys, key)
    keys.insert(at, key)
    moves[at * CARD_COUNT : at * CARD_COUNT] = SPOTS[square]


def _regrow_frontier(
    keys: list[int], moves: list[LayLand], gone: Square, added: Iterable[Square]
) -> None:
    """The sorted frontier whose `keys` and land actions (a spot each, in its order) are kept,
    without `gone` and with `added` (in any order), in place."""
    at = bisect_left(keys, key_of(gone))
    del keys[at]
    del moves[at * CARD_COUNT : (at + 1) * CARD_COUNT]
    for square in added:
        _add_square(keys, moves, square)


def _copy_or_none(kept: list[T] | None) -> list[T] | None:
    """A copy of kept land actions or keys, if known (for `clone`)."""
    return None if kept is None else kept[:]


# --- the full state -----------------------------------------------------------------------------


class EndReason(descriptor.EndReason):
    """How a game of En blanc et noir ends (BN-17, BN-16 ruling); the points decide."""

    DECK_EXHAUSTED = (
        "deck exhausted",
        N_("The last card was drawn: cards, hands and bear bonus decide."),
        True,
    )
    NO_MOVES = (
        "no moves",
        N_("No player could act: cards, hands and bear bonus decide."),
        True,
    )


class State(Table, Engine[Move]):
    """A game of En blanc et noir with everything known (deck order, all hands, land faces)."""

    __slots__ = ("_deck", "_laid_by")
    _deck: list[str]
    _laid_by: dict[str, int]
    _COPIED: ClassVar = {
        "_hands": copy_rows,
        "_market": list.copy,
        "_land": dict.copy,
        "_top": dict.copy,
        "_frontier": set.copy,
        "_scored": copy_rows,
        "_windows": WindowCounts.copy,
        "_deck": list.copy,
        "_laid_by": dict.copy,
        "_frontier_moves": _copy_or_none,
        "_frontier_keys": _copy_or_none,
        "_land_moves": _copy_or_none,
        "_land_keys": _copy_or_none,
    }

    @property
    def deck_size(self) -> int:
        return len(self._deck)

    @property
    def deck(self) -> list[str]:
        """The deck, top card first (secret: not in any view)."""
        return list(self._deck)

    def laid_by(self, card: str) -> int | None:
        """The seat that laid `card` on the land (None: the starting land, or not on the land)."""
        return self._laid_by.get(card)

    def _apply(self, move: Move) -> list[Event]:
        player = self._current
        assert player is not None
        hand = self._hands[player]
        kind = type(move)  # each branch reads the card of one class of move (see `_refused`)
        if kind is LayLand:
            events = self._lay(player, hand, move.card, move.square)  # type: ignore[union-attr]
        elif kind is DrawCard:
            card = move.card
            market = self._market
            slot = market.index(card)
            del market[slot]
            insort(hand, card)
            self._drew = True
            events = [_DRAWN[card][slot][player]]
        else:
            card = move.card
            squares = self._windows.match(MASKS[card], ROTATIONS[card])
            assert squares is not None
            hand.remove(card)
            self._scored[player].append(card)
            events = [CardScored(player, card, squares)]
        actions = self._actions = self._actions + 1
        if actions >= ACTIONS_PER_TURN or not (hand or self._market):
            self._end_turn(events)
        return events

    def _lay(self, player: int, hand: list[str], card: str, sq: Square) -> list[Event]:
        hand.remove(card)
        old_hunter = self._hunter
        top = self._top
        land = self._land
        self._windows.lay(top, old_hunter, sq)
        stack = land.get(sq)
        if stack is None:
            land[sq] = (card,)
            frontier = self._frontier
            frontier.discard(sq)
            new = _NEAR[sq].difference(land).difference(frontier)
            frontier |= new
            if (moves := self._frontier_moves) is not None:
                _regrow_frontier(self._frontier_keys, moves, sq, new)  # type: ignore[arg-type]
            if (moves := self._land_moves) is not None:
                _add_square(self._land_keys, moves, sq)  # type: ignore[arg-type]
            self._frontier_order = self._land_order = self._rows = None
        else:
            land[sq] = (*stack, card)
        colour = card[0]
        top[sq] = COLOUR_CODE[colour]
        self._hunter = sq
        self._laid_by[card] = player
        return [LandLaid(player, card, sq, colour, stack is not None), HunterMoved(old_hunter, sq)]

    def _can_act(self, seat: int) -> bool:
        return bool(self._hands[seat]) or bool(self._market)

    def _end_turn(self, events: list[Event]) -> None:
        player = self._current
        assert player is not None
        market = self._market
        deck = self._deck
        if self._drew:
            wanted = MARKET_SIZE - len(market)
            if wanted > 0 and deck:
                added = tuple(deck[:wanted])
                del deck[:wanted]
                market += added
                events.append(MarketRefilled(added, tuple(market), len(deck)))
            self._drew = False
        self._turn += 1
        self._actions = 0
        if not market and not deck:
            self._finish(events, player, EndReason.DECK_EXHAUSTED)
            return
        seat = player + 1 if player + 1 < self.players else 0
        if market or self._hands[seat]:  # the next seat can act: the usual case
            self._current = seat
            events.append(_PASSED[player][seat])
            return
        for _ in range(self.players):
            events.append(_PASSED[player][seat])
            if self._can_act(seat):
                self._current = seat
                return
            # BN-16: `seat` cannot act; pass on
            player, seat = seat, (seat + 1) % self.players
            self._turn += 1
        self._finish(events, player, EndReason.NO_MOVES)

    def _finish(self, events: list[Event], player: int, reason: EndReason) -> None:
        """BN-18 .. BN-20: totals, then the tie-break on cards of the bear count's colour."""
        leader = self.bear_colour()
        breakdowns = [self._breakdown(s, leader) for s in range(self.players)]
        totals = tuple(sum(parts.values()) for parts in breakdowns)

        def cards_of_leader(seat: int) -> int:
            return sum(1 for c in self._scored[seat] if c[0] == leader)

        winners = best_seats(totals, tiebreak=None if leader is None else cards_of_leader)
        result = self._conclude(winners, totals, reason)
        events.append(TurnPassed(player, None))
        events.append(GameEnded(result, tuple(tuple(parts.items()) for parts in breakdowns)))

    def view(self, seat: int | None) -> View:
        """What `seat` may know (BN-21); None: a spectator."""
        return View(
            viewer(seat, self.players),
            players=self.players,
            first_player=self.first_player,
            current=self._current,
            actions=self._actions,
            drew=self._drew,
            turn=self._turn,
            hands=self._hands,
            market=self._market,
            land=self._land,
            laid_by=self._laid_by,
            top=self._top,
            frontier=self._frontier,
            hunter=self._hunter,
            scored=self._scored,
            windows=self._windows,
            result=self._result,
            deck_size=len(self._deck),
            dealer=State,
        )

    def to_dict(self) -> dict[str, Any]:
        """The full state as JSON-ready data."""
        result = self._result
        return {
            "game": "blanc-noir",
            "players": self.players,
            "first_player": self.first_player,
            "current_player": self._current,
            "actions": self._actions,
            "drew": self._drew,
            "turn": self._turn,
            "hands": [list(h) for h in self._hands],
            "market": list(self._market),
            "deck": list(self._deck),
            "land": [[x, y, list(stack)] for (x, y), stack in self._land.items()],
            "hunter": list(self._hunter) if self._hunter is not None else None,
            "laid_by": dict(self._laid_by),
            "scored": [list(s) for s in self._scored],
            "result": None if result is None else result.to_dict(),
        }

    @classmethod
    def from_parts(
        cls,
        *,
        players: int,
        first_player: int,
        hands: Sequence[Sequence[str]],
        market: Sequence[str],
        deck: Sequence[str],
        land: Mapping[Square, Sequence[str]],
        hunter: Square | None,
        laid_by: Mapping[str, int],
        scored: Sequence[Sequence[str]],
        current: int | None = None,
        actions: int = 0,
        drew: bool = False,
        turn: int = 0,
        result: Result | None = None,
    ) -> State:
        """A state from its parts: each seat's hand and scored cards, the market, the deck (top
        first), the land (square -> its cards, bottom first; the squares in the order laid),
        the hunter's square, who laid each land card, and where the turn stands (`current`:
        the seat to act, by default `first_player`). The land's top colours, its frontier and
        its pattern windows are worked out here. ValueError, naming the part, for a state no
        game reaches: wrong types, an unknown card or one twice, hands or market over their
        limits, a land square far from the start, a hunter off the land, a seat, turn or
        action count out of range, a player to move exactly while the game runs."""
        players = whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
        first_player = seat_number(first_player, players, "first_player")
        hands = [_cards(h, "a hand", HAND_LIMIT) for h in items(hands, "hands", players, True)]
        won = [
            _cards(s, "scored cards", CARD_COUNT) for s in items(scored, "scored", players, True)
        ]
        market = _cards(market, "the market", MARKET_SIZE)
        deck = _cards(deck, "the deck", CARD_COUNT)
        stacks = _land(land)
        if hunter is not None:
            hunter = point(hunter, "the hunter", LAND_REACH)
            if hunter not in stacks:
                raise ValueError("the hunter stands off the land")
        laid_by = mapping(laid_by, "laid_by", CARD_COUNT)
        on_land = {c for stack in stacks.values() for c in stack}
        for card, seat in laid_by.items():
            if card not in on_land:
                raise ValueError("laid_by names a card that is not on the land")
            seat_number(seat, players, "laid_by:")
        cards = [c for part in (*hands, *won) for c in part]
        cards += [*market, *deck, *(c for stack in stacks.values() for c in stack)]
        if len(set(cards)) != len(cards):
            raise ValueError("a card is there twice: a game holds each card once")
        result = checked_result(result, players)
        if current is None and result is None:
            current = first_player
        return cls._built(
            players,
            first_player,
            to_move(current, players, result, "current_player"),
            whole(actions, "actions", 0, ACTIONS_PER_TURN - 1),
            flag(drew, "drew"),
            whole(turn, "turn", 0, MAX_TURNS),
            hands,
            market,
            deck,
            stacks,
            hunter,
            dict(laid_by),
            won,
            result,
        )

    @classmethod
    def _built(
        cls,
        players: int,
        first_player: int,
        current: int | None,
        actions: int,
        drew: bool,
        turn: int,
        hands: Sequence[Sequence[str]],
        market: list[str],
        deck: list[str],
        land: dict[Square, tuple[str, ...]],
        hunter: Square | None,
        laid_by: dict[str, int],
        scored: list[list[str]],
        result: Result | None,
        like: Table | None = None,
    ) -> State:
        """A state of parts known to be valid (`from_parts` checks them; `new_game` and
        `View.sample` deal them), taken as they are: the land's top colours, frontier and
        windows worked out, or taken from `like`, a table of a land of the same squares and
        top colours (its cards may differ; copied where a state changes them)."""
        state = cls.__new__(cls)
        state.players = players
        state.first_player = first_player
        state._current = current
        state._actions = actions
        state._drew = drew
        state._turn = turn
        state._hands = [sorted(hand) for hand in hands]
        state._market = market
        state._deck = deck
        state._land = land
        state._hunter = hunter
        state._scored = scored
        state._result = result
        state._laid_by = laid_by
        if like is not None:
            state._top = like._top.copy()
            state._frontier = like._frontier.copy()
            state._windows = like._windows.copy()
            state._frontier_order = like._frontier_order
            state._land_order = like._land_order
            state._land_moves = _copy_or_none(like._land_moves)
            state._land_keys = _copy_or_none(like._land_keys)
            state._frontier_moves = _copy_or_none(like._frontier_moves)
            state._frontier_keys = _copy_or_none(like._frontier_keys)
            state._rows = like._rows
            return state
        state._top = {sq: COLOUR_CODE[stack[-1][0]] for sq, stack in land.items()}
        state._frontier = frontier = set().union(*map(_NEAR.__getitem__, land))
        frontier.difference_update(land)
        state._windows = WindowCounts.of_land(state._top, hunter)
        state._frontier_order = state._land_order = state._rows = None
        state._frontier_moves = state._land_moves = None
        state._frontier_keys = state._land_keys = None
        return state

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        """The state saved by `to_dict`, or a hand-made position (each card at most once);
        ValueError, naming the field, for a damaged one or any state `from_parts` refuses."""
        return cls.from_parts(
            players=field(data, "players"),
            first_player=field(data, "first_player"),
            hands=field(data, "hands"),
            market=field(data, "market"),
            deck=field(data, "deck"),
            land=_saved_land(field(data, "land")),
            hunter=field(data, "hunter"),
            laid_by=field(data, "laid_by"),
            scored=field(data, "scored"),
            current=field(data, "current_player"),
            actions=field(data, "actions"),
            drew=field(data, "drew"),
            turn=field(data, "turn"),
            result=saved_result(field(data, "result"), EndReason, MAX_PLAYERS),
        )


#: how far from the starting squares the land can reach with the cards
LAND_REACH = CARD_COUNT
#: the most turns of a game: each card is drawn at most once and laid or scored at most once,
#: every turn takes an action, and a turn may pass each other seat once (BN-16)
MAX_TURNS = 2 * CARD_COUNT * MAX_PLAYERS


def _cards(value: Any, what: str, longest: int) -> list[str]:
    """Card ids of the game, at most `longest` of them."""
    cards = items(value, what, longest)
    for card in cards:
        one_of(card, f"a card of {what}", CARDS)
    return cards


def _saved_land(value: Any) -> dict[Square, Any]:
    """The land as saved: [x, y, stack] entries, each square once."""
    land: dict[Square, Any] = {}
    for entry in items(value, "the land", CARD_COUNT):
        x, y, stack = items(entry, "a land square", 3, exactly=True)
        square = point([x, y], "a land square", LAND_REACH)
        if square in land:
            raise ValueError("the land lists a square twice")
        land[square] = stack
    return land


def _land(value: Any) -> dict[Square, tuple[str, ...]]:
    """The land, square -> its cards, each square within LAND_REACH of the start (hand-made
    positions for tests may leave holes; a game's land is one piece)."""
    land: dict[Square, tuple[str, ...]] = {}
    for square, stack in mapping(value, "the land", CARD_COUNT).items():
        cards = _cards(stack, "a land square", CARD_COUNT)
        if not cards:
            raise ValueError("a land square holds no card")
        land[point(square, "a land square", LAND_REACH)] = tuple(cards)
    if not land:
        raise ValueError("the land is empty")
    return land


# --- entry points (API.md) ----------------------------------------------------------------------


def new_game(
    players: int = 2,
    seed: int | None = None,
    deck: list[str] | None = None,
    first_player: int = 0,
    **options: Any,
) -> State:
    """Deal a game (BN-5 .. BN-9): shuffled from `seed`, or dealt from `deck` (36 ids, top
    first) as API.md says: 3 cards per seat in seat order, then the first 2 white and first 2
    black of the rest to the land, then 3 to the market, the rest the deck."""
    DESCRIPTOR.check_setup(players, first_player, options)
    if deck is None:
        order = list(CARD_IDS)
        shuffle(order, random.Random(seed))
    else:
        order = list(deck)
        if sorted(order) != sorted(CARD_IDS):
            raise ValueError("deck must list the 36 card ids, each exactly once")
    hands = [order[s * HAND_SIZE : (s + 1) * HAND_SIZE] for s in range(players)]
    rest = order[players * HAND_SIZE :]
    # the first two white and the first two black cards of the rest go to the land
    colours = "".join(map(_COLOUR_OF, rest))
    white = colours.index("W")
    white2 = colours.index("W", white + 1)
    black = colours.index("B")
    black2 = colours.index("B", black + 1)
    land: dict[Square, tuple[str, ...]] = {
        WHITE_START[0]: (rest[white],),
        BLACK_START[0]: (rest[black],),
        BLACK_START[1]: (rest[black2],),
        WHITE_START[1]: (rest[white2],),
    }
    for taken in sorted((white, white2, black, black2), reverse=True):
        del rest[taken]
    # dealt whole, each card once: built without from_parts's checks (a playout's start), the
    # land's derived parts those of every starting land
    scored: list[list[str]] = [[] for _ in range(players)]
    return State._built(
        players, first_player, first_player, 0, False, 0, hands, rest[:MARKET_SIZE],
        rest[MARKET_SIZE:], land, None, {}, scored, None, like=_starting_land(),
    )  # fmt: skip


@cache
def _starting_land() -> State:
    """A state on the starting land (BN-7) with the land's derived parts all worked out (top
    colours, frontier, windows, sorted orders, every card's land actions): every game starts
    on a land of these colours on these squares, whatever its cards."""
    land: dict[Square, tuple[str, ...]] = {
        WHITE_START[0]: ("W2a",),
        BLACK_START[0]: ("B2a",),
        BLACK_START[1]: ("B2b",),
        WHITE_START[1]: ("W2b",),
    }
    state = State._built(2, 0, 0, 0, False, 0, [[], []], [], [], land, None, {}, [[], []], None)
    state.frontier()
    state.land_squares()
    state._rows = {card: state._land_row(card) for card in CARD_IDS}
    return state


def parse_move(state: Table, text: str) -> Move:
    """The move written `text` (`land W2c 2 0`, `score B4a`, `draw W3b`) if legal now in `state`
    (a State or the view of the seat to act): InvalidNotation if it does not parse, IllegalMove
    if the rules refuse it."""
    return state.parse(text)


# --- what the game states about itself -----------------------------------------------------------


DESCRIPTOR = descriptor.GameType(
    key="blanc-noir",
    title=N_("En blanc et noir"),
    player_counts=tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
    hidden_information=True,
    pitch=N_("Grow a land of white and black forest and score the cards it fits."),
    end_reasons=EndReason,
    new_game=new_game,
    parse_move=parse_move,
    state_class=State,
    bots="game.blanc_noir.bots",
    penalties=("hand",),
    part_words={"cards": N_("Cards"), "hand": N_("Hand"), "bear bonus": N_("Bear bonus")},
    throughput_target=3000,
    throughput_before=1400,
    longest_playout=80,
    redact_events=redact_events,
)
