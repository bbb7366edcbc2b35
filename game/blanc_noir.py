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
from bisect import insort
from dataclasses import dataclass, replace
from typing import Any

from game.blanc_noir_cards import CARD_IDS, CARDS
from game.blanc_noir_patterns import (
    COLOUR_CODE,
    Square,
    WindowCounts,
    anchors_touching,
    card_mask,
    find_match,
    rotations,
    time_scorable_search,
)
from game.core import Event, GameOver, IllegalMove, Result, TurnPassed

MIN_PLAYERS, MAX_PLAYERS = 2, 4
HAND_SIZE = 3  # BN-6
HAND_LIMIT = 5  # BN-14
MARKET_SIZE = 3  # BN-8, BN-15
ACTIONS_PER_TURN = 2  # BN-10
BEAR_BONUS = 2  # BN-19
#: Starting land squares (BN-7, API.md): white on (0,0) then (1,1), black on (1,0) then (0,1).
WHITE_START: tuple[Square, Square] = ((0, 0), (1, 1))
BLACK_START: tuple[Square, Square] = ((1, 0), (0, 1))
BREAKDOWN_LABELS = ("cards", "hand", "bear bonus")

#: Card id -> window-code mask (0 for overlays) and the rotations of its pattern.
MASKS: dict[str, int] = {cid: card_mask(card) for cid, card in CARDS.items()}
ROTATIONS = {cid: rotations(c.pattern, c.colour) for cid, c in CARDS.items() if c.pattern}
_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


# --- moves -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LayLand:
    """Action A (BN-11, BN-12): lay `card` face down at `square` (expand, or stack an overlay)."""

    card: str
    square: Square

    def __str__(self) -> str:
        return f"land {self.card} {self.square[0]} {self.square[1]}"


@dataclass(frozen=True, slots=True)
class ScoreCard:
    """Action B (BN-13): score `card` from hand; the engine finds the match."""

    card: str

    def __str__(self) -> str:
        return f"score {self.card}"


@dataclass(frozen=True, slots=True)
class DrawCard:
    """Action C (BN-14): take `card` from the market into hand."""

    card: str

    def __str__(self) -> str:
        return f"draw {self.card}"


Move = LayLand | ScoreCard | DrawCard
_SCORE_MOVES = {cid: ScoreCard(cid) for cid in CARD_IDS}
_DRAW_MOVES = {cid: DrawCard(cid) for cid in CARD_IDS}
_LAND_MOVES: dict[str, dict[Square, LayLand]] = {cid: {} for cid in CARD_IDS}


def _land_move(card: str, square: Square) -> LayLand:
    moves = _LAND_MOVES[card]
    move = moves.get(square)
    if move is None:
        move = moves[square] = LayLand(card, square)
    return move


# --- events ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """`player` took `card` from market slot `slot` (0-based, before the card left it)."""

    player: int
    card: str
    slot: int


@dataclass(frozen=True, slots=True)
class MarketRefilled(Event):
    """After the turn, `cards` went from the deck to the end of the market (BN-15)."""

    cards: tuple[str, ...]
    market: tuple[str, ...]
    deck_size: int


@dataclass(frozen=True, slots=True)
class LandLaid(Event):
    """`player` laid `card` (of `colour`) at `square`; `overlay`: stacked on land (BN-12)."""

    player: int
    card: str
    square: Square
    colour: str
    overlay: bool


@dataclass(frozen=True, slots=True)
class HunterMoved(Event):
    """The hunter went from `from_square` (None: beside the land) to `to_square` (BN-11)."""

    from_square: Square | None
    to_square: Square


@dataclass(frozen=True, slots=True)
class CardScored(Event):
    """`player` scored `card`; `squares` are the land squares under its icons (BN-13)."""

    player: int
    card: str
    squares: tuple[Square, ...]


@dataclass(frozen=True, slots=True)
class GameEnded(GameOver):
    """The game is over; `breakdowns[seat]` is ((label, points), ...) as `breakdown(seat)`."""

    breakdowns: tuple[tuple[tuple[str, int], ...], ...]


def redact_events(events: list[Event], viewer: int | None) -> list[Event]:
    """The events as `viewer` may see them: a card laid face down by another seat is shown as
    its colour and `?` (`WO?` when stacked as an overlay). Everything else is public."""
    out: list[Event] = []
    for event in events:
        if isinstance(event, LandLaid) and event.player != viewer:
            event = replace(event, card=event.colour + ("O?" if event.overlay else "?"))
        out.append(event)
    return out


# --- the read API shared by states and views -------------------------------------------------


class _Table:
    """The read API of a game as some seat knows it; `State` and `View` fill it in."""

    __slots__ = (
        "_actions",
        "_current",
        "_drew",
        "_frontier",
        "_frontier_order",
        "_hands",
        "_hunter",
        "_land",
        "_land_order",
        "_market",
        "_result",
        "_scored",
        "_top",
        "_turn",
        "_windows",
        "first_player",
        "players",
    )
    players: int
    first_player: int
    _current: int | None
    _actions: int
    _drew: bool
    _turn: int
    _hands: list[list[str]]
    _market: list[str]
    _land: dict[Square, tuple[str, ...]]
    _top: dict[Square, int]
    _frontier: set[Square]
    _hunter: Square | None
    _scored: list[list[str]]
    _windows: WindowCounts
    _result: Result | None
    _frontier_order: tuple[Square, ...] | None
    _land_order: tuple[Square, ...] | None

    # plain accessors (API.md)
    @property
    def current_player(self) -> int | None:
        return self._current

    @property
    def is_over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> Result | None:
        return self._result

    @property
    def land(self) -> dict[Square, list[str]]:
        """(x, y) -> card ids of that square, bottom card first."""
        return {sq: list(stack) for sq, stack in self._land.items()}

    @property
    def hunter(self) -> Square | None:
        return self._hunter

    @property
    def market(self) -> list[str]:
        return list(self._market)

    @property
    def deck_size(self) -> int:
        raise NotImplementedError

    @property
    def turn(self) -> int:
        """Turns completed so far."""
        return self._turn

    @property
    def actions_done(self) -> int:
        """Actions already taken in the current turn (0 or 1)."""
        return self._actions

    @property
    def drew_this_turn(self) -> bool:
        return self._drew

    def hand(self, seat: int) -> list[str]:
        """The card ids in `seat`'s hand, sorted."""
        return list(self._hands[seat])

    def scored(self, seat: int) -> list[str]:
        """The cards `seat` has scored, in the order scored."""
        return list(self._scored[seat])

    def score(self, seat: int) -> int:
        """The sum of the values of `seat`'s scored cards."""
        return sum(CARDS[c].value for c in self._scored[seat])

    def has_land(self, square: Square) -> bool:
        """Whether `square` holds land."""
        return square in self._land

    def top_colours(self) -> dict[Square, str]:
        """(x, y) -> colour of the top card of that square."""
        return {sq: stack[-1][0] for sq, stack in self._land.items()}

    def colour_counts(self) -> dict[str, int]:
        """Land squares by the colour of their top card (BN-19)."""
        white = sum(1 for code in self._top.values() if code == 1)
        return {"W": white, "B": len(self._top) - white}

    def bear_colour(self) -> str | None:
        """The colour with more land squares, or None on equal counts (BN-19)."""
        counts = self.colour_counts()
        if counts["W"] == counts["B"]:
            return None
        return "W" if counts["W"] > counts["B"] else "B"

    def breakdown(self, seat: int) -> dict[str, int]:
        """End-of-game points of `seat` by part (BN-18, BN-19), as the land stands now."""
        leader = self.bear_colour()
        cards = self.score(seat)
        hand = -sum(CARDS[c].penalty for c in self._hands[seat] if c in CARDS)
        bonus = 0
        if leader is not None:
            for c in self._scored[seat]:
                if CARDS[c].bear:
                    bonus += BEAR_BONUS if c[0] == leader else -BEAR_BONUS
        return {"cards": cards, "hand": hand, "bear bonus": bonus}

    def diagram(self) -> str:
        """The land's bounding box, top row first: `.`, `W`, `B`; lower case under the hunter."""
        xs = [x for x, _ in self._land]
        ys = [y for _, y in self._land]
        rows = []
        for y in range(max(ys), min(ys) - 1, -1):
            cells = []
            for x in range(min(xs), max(xs) + 1):
                stack = self._land.get((x, y))
                cell = stack[-1][0] if stack else "."
                cells.append(cell.lower() if (x, y) == self._hunter else cell)
            rows.append(" ".join(cells))
        return "\n".join(rows)

    # matching
    def scorable(self, card: str) -> bool:
        """Whether `card`'s pattern matches the land now (BN-4); False for overlays."""
        return bool(MASKS.get(card, 0) & self._windows.bits)

    def match_squares(self, card: str) -> tuple[Square, ...] | None:
        """The icon squares of a match of `card` on the land now, or None."""
        if not self.scorable(card):
            return None
        return find_match(ROTATIONS[card], self._top, self._hunter)

    def land_bits(self) -> int:
        """The window codes present on the land now (see blanc_noir_patterns)."""
        return self._windows.bits

    def land_bits_if(self, square: Square, colour: str, hunter_there: bool = True) -> int:
        """The window codes present if a `colour` card were laid at `square` (the hunter moving
        there, or, with `hunter_there=False`, standing nowhere). Changes nothing."""
        return self._windows.bits_if(
            self._top, self._hunter, square, COLOUR_CODE[colour], square if hunter_there else None
        )

    def frontier(self) -> tuple[Square, ...]:
        """The empty squares sharing an edge with the land, sorted."""
        if self._frontier_order is None:
            self._frontier_order = tuple(sorted(self._frontier))
        return self._frontier_order

    def land_squares(self) -> tuple[Square, ...]:
        """The land's squares, sorted."""
        if self._land_order is None:
            self._land_order = tuple(sorted(self._land))
        return self._land_order

    def _moves(self) -> list[Move]:
        player = self._current
        if player is None:
            return []
        hand = self._hands[player]
        moves: list[Move] = []
        if len(hand) < HAND_LIMIT:
            moves.extend([_DRAW_MOVES[c] for c in self._market])
        bits = self._windows.bits
        moves.extend([_SCORE_MOVES[c] for c in hand if MASKS[c] & bits])
        frontier = self.frontier()
        for card in hand:
            cache = _LAND_MOVES[card]
            for sq in frontier:
                move = cache.get(sq)
                moves.append(move if move is not None else _land_move(card, sq))
            if CARDS[card].overlay:
                moves.extend([_land_move(card, sq) for sq in self.land_squares()])
        return moves

    def check(self, move: Any) -> None:
        """Raise IllegalMove saying why, unless `move` is legal now."""
        player = self._current
        if player is None:
            raise IllegalMove("the game is over")
        kind = type(move)
        if kind not in (LayLand, ScoreCard, DrawCard):
            raise IllegalMove(f"{move!r} is not an En blanc et noir move")
        card = move.card
        if kind is DrawCard:
            if card not in self._market:
                raise IllegalMove(f"{card} is not in the market")
            if len(self._hands[player]) >= HAND_LIMIT:
                raise IllegalMove(f"hand limit {HAND_LIMIT}: player {player} cannot draw (BN-14)")
            return
        if card not in self._hands[player]:
            raise IllegalMove(f"{card} is not in the hand of player {player}")
        if kind is ScoreCard:
            if CARDS[card].overlay:
                raise IllegalMove(f"{card} is an overlay card; overlays cannot be scored (BN-13)")
            if not MASKS[card] & self._windows.bits:
                raise IllegalMove(
                    f"the pattern of {card} matches nowhere on the land, the hunter's square "
                    "excluded (BN-4)"
                )
            return
        sq = move.square
        if sq in self._land:
            if not CARDS[card].overlay:
                raise IllegalMove(
                    f"({sq[0]}, {sq[1]}) already holds land; only overlay cards go on top (BN-12)"
                )
        elif sq not in self._frontier:
            raise IllegalMove(f"({sq[0]}, {sq[1]}) shares no edge with the land (BN-11)")


# --- the full state --------------------------------------------------------------------------


class State(_Table):
    """A game of En blanc et noir with everything known (deck order, all hands, land faces)."""

    __slots__ = ("_deck", "_laid_by")
    _deck: list[str]
    _laid_by: dict[str, int]

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

    def legal_moves(self) -> list[Move]:
        """Every legal action of the player to act; empty once the game is over."""
        return self._moves()

    def play(self, move: Move | str) -> list[Event]:
        """Apply one action (a Move or its notation); returns the events, in order."""
        if isinstance(move, str):
            move = parse_move(self, move)
        else:
            self.check(move)
        return self._apply(move)

    def _apply(self, move: Move) -> list[Event]:
        player = self._current
        assert player is not None
        hand = self._hands[player]
        events: list[Event] = []
        kind = type(move)
        if kind is LayLand:
            events += self._lay(player, move.card, move.square)
        elif kind is ScoreCard:
            squares = find_match(ROTATIONS[move.card], self._top, self._hunter)
            assert squares is not None
            hand.remove(move.card)
            self._scored[player].append(move.card)
            events.append(CardScored(player, move.card, squares))
        else:
            slot = self._market.index(move.card)
            del self._market[slot]
            insort(hand, move.card)
            self._drew = True
            events.append(CardDrawn(player, move.card, slot))
        self._actions += 1
        if self._actions >= ACTIONS_PER_TURN or not (hand or self._market):
            self._end_turn(events)
        return events

    def _lay(self, player: int, card: str, sq: Square) -> list[Event]:
        self._hands[player].remove(card)
        old_hunter = self._hunter
        anchors = anchors_touching((sq, old_hunter))
        top = self._top
        self._windows.remove(top, old_hunter, anchors)
        stacked = sq in self._land
        if stacked:
            self._land[sq] = self._land[sq] + (card,)
        else:
            self._land[sq] = (card,)
            self._frontier.discard(sq)
            x, y = sq
            for dx, dy in _STEPS:
                near = (x + dx, y + dy)
                if near not in self._land:
                    self._frontier.add(near)
            self._frontier_order = self._land_order = None
        top[sq] = COLOUR_CODE[card[0]]
        self._hunter = sq
        self._windows.add(top, sq, anchors)
        self._laid_by[card] = player
        return [LandLaid(player, card, sq, card[0], stacked), HunterMoved(old_hunter, sq)]

    def _can_act(self, seat: int) -> bool:
        return bool(self._hands[seat]) or bool(self._market)

    def _end_turn(self, events: list[Event]) -> None:
        player = self._current
        assert player is not None
        if self._drew:
            added = []
            while len(self._market) < MARKET_SIZE and self._deck:
                card = self._deck.pop(0)
                self._market.append(card)
                added.append(card)
            if added:
                events.append(MarketRefilled(tuple(added), tuple(self._market), len(self._deck)))
        self._turn += 1
        self._actions = 0
        self._drew = False
        if not self._market and not self._deck:
            self._finish(events, player, "deck exhausted")
            return
        seat = (player + 1) % self.players
        for _ in range(self.players):
            if self._can_act(seat):
                self._current = seat
                events.append(TurnPassed(player, seat))
                return
            events.append(TurnPassed(player, seat))  # BN-16: `seat` cannot act; pass on
            player, seat = seat, (seat + 1) % self.players
            self._turn += 1
        self._finish(events, player, "no moves")

    def _finish(self, events: list[Event], player: int, reason: str) -> None:
        self._current = None
        self._result = self._final_result(reason)
        events.append(TurnPassed(player, None))
        parts = tuple(tuple(self.breakdown(s).items()) for s in range(self.players))
        events.append(GameEnded(self._result, parts))

    def _final_result(self, reason: str) -> Result:
        """BN-18 .. BN-20: totals, then the tie-break on cards of the bear count's colour."""
        totals = tuple(sum(self.breakdown(s).values()) for s in range(self.players))
        best = max(totals)
        tied = [s for s in range(self.players) if totals[s] == best]
        leader = self.bear_colour()
        if len(tied) > 1 and leader is not None:
            count = {s: sum(1 for c in self._scored[s] if c[0] == leader) for s in tied}
            most = max(count.values())
            tied = [s for s in tied if count[s] == most]
        return Result(tuple(tied), len(tied) > 1, totals, reason)

    def clone(self) -> State:
        """An independent copy."""
        new = State.__new__(State)
        new.players = self.players
        new.first_player = self.first_player
        new._current = self._current
        new._actions = self._actions
        new._drew = self._drew
        new._turn = self._turn
        new._hands = [h[:] for h in self._hands]
        new._market = self._market[:]
        new._land = self._land.copy()
        new._top = self._top.copy()
        new._frontier = self._frontier.copy()
        new._hunter = self._hunter
        new._scored = [s[:] for s in self._scored]
        new._windows = self._windows.copy()
        new._result = self._result
        new._frontier_order = self._frontier_order
        new._land_order = self._land_order
        new._deck = self._deck[:]
        new._laid_by = self._laid_by.copy()
        return new

    def view(self, seat: int | None) -> View:
        """What `seat` may know (BN-21); None: a spectator."""
        return View(self, seat)

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
            "result": None
            if result is None
            else {
                "winners": list(result.winners),
                "draw": result.draw,
                "scores": list(result.scores),
                "reason": result.reason,
            },
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        """The state saved by `to_dict`, or a hand-made position (each card at most once)."""
        result = data["result"]
        hunter = data["hunter"]
        state = _build(
            players=data["players"],
            first_player=data["first_player"],
            hands=[list(h) for h in data["hands"]],
            market=list(data["market"]),
            deck=list(data["deck"]),
            land={(x, y): tuple(stack) for x, y, stack in data["land"]},
            hunter=(hunter[0], hunter[1]) if hunter is not None else None,
            laid_by={card: int(seat) for card, seat in data["laid_by"].items()},
            scored=[list(s) for s in data["scored"]],
        )
        state._current = data["current_player"]
        state._actions = data["actions"]
        state._drew = data["drew"]
        state._turn = data["turn"]
        if result is not None:
            state._result = Result(
                tuple(result["winners"]), result["draw"], tuple(result["scores"]), result["reason"]
            )
        cards = [c for part in (state._hands + state._scored) for c in part]
        cards += state._market + state._deck + [c for s in state._land.values() for c in s]
        if len(set(cards)) != len(cards) or not set(cards) <= set(CARD_IDS):
            raise ValueError("saved state holds an unknown card or a card twice")
        return state


def _build(
    players: int,
    first_player: int,
    hands: list[list[str]],
    market: list[str],
    deck: list[str],
    land: dict[Square, tuple[str, ...]],
    hunter: Square | None,
    laid_by: dict[str, int],
    scored: list[list[str]],
) -> State:
    """A state at the start of `first_player`'s turn from its parts; derived data computed."""
    state = State.__new__(State)
    state.players = players
    state.first_player = first_player
    state._current = first_player
    state._actions = 0
    state._drew = False
    state._turn = 0
    state._hands = [sorted(h) for h in hands]
    state._market = market
    state._deck = deck
    state._land = land
    state._top = {sq: COLOUR_CODE[stack[-1][0]] for sq, stack in land.items()}
    state._frontier = {
        (x + dx, y + dy) for x, y in land for dx, dy in _STEPS if (x + dx, y + dy) not in land
    }
    state._hunter = hunter
    state._scored = scored
    state._windows = WindowCounts.of_land(state._top, hunter)
    state._result = None
    state._frontier_order = state._land_order = None
    state._laid_by = laid_by
    return state


# --- views -----------------------------------------------------------------------------------


class View(_Table):
    """What one seat may know (BN-21): the read API of `State` with secrets written `W?`, `B?`
    (`WO?` for a stacked overlay). Views compare equal when they show the same things."""

    __slots__ = ("_deck_size", "_layers", "seat")
    seat: int | None
    _deck_size: int
    _layers: dict[Square, tuple[int | None, ...]]

    def __init__(self, state: State, seat: int | None) -> None:
        over = state.is_over
        self.seat = seat
        self.players = state.players
        self.first_player = state.first_player
        self._current = state._current
        self._actions = state._actions
        self._drew = state._drew
        self._turn = state._turn
        self._hands = [
            list(hand) if s == seat or over else sorted(c[0] + "?" for c in hand)
            for s, hand in enumerate(state._hands)
        ]
        self._market = list(state._market)
        laid_by = state._laid_by
        self._land = {
            sq: tuple(
                card
                if seat is not None and laid_by.get(card) == seat
                else card[0] + ("O?" if depth else "?")
                for depth, card in enumerate(stack)
            )
            for sq, stack in state._land.items()
        }
        self._layers = {
            sq: tuple(laid_by.get(card) for card in stack) for sq, stack in state._land.items()
        }
        self._top = dict(state._top)
        self._frontier = set(state._frontier)
        self._hunter = state._hunter
        self._scored = [list(s) for s in state._scored]
        self._windows = state._windows.copy()
        self._result = state._result
        self._frontier_order = state._frontier_order
        self._land_order = state._land_order
        self._deck_size = len(state._deck)

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
        return self._moves()

    def check(self, move: Any) -> None:
        if self._current is not None and self.seat != self._current:
            raise IllegalMove(f"it is player {self._current}'s turn, not seat {self.seat}'s")
        super().check(move)

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

    def sample(self, rng: random.Random) -> State:
        """A full state consistent with this view: the unseen cards dealt at random to the
        hidden hand slots (by colour), hidden land cards (by colour; stacked ones overlays)
        and the deck. `sample(rng).view(self.seat) == self`."""
        pool = self.unseen_cards()
        rng.shuffle(pool)
        # Most constrained first: stacked overlays, then colour-only slots.
        overlay_slots = [
            (sq, i) for sq, st in self._land.items() for i, c in enumerate(st) if c.endswith("O?")
        ]
        land: dict[Square, list[str]] = {sq: list(st) for sq, st in self._land.items()}

        def take(colour: str, overlay: bool) -> str:
            for i, card in enumerate(pool):
                if card[0] == colour and (not overlay or CARDS[card].overlay):
                    return pool.pop(i)
            raise ValueError(f"view cannot be dealt: no unseen {colour} card left")

        for sq, i in overlay_slots:
            land[sq][i] = take(land[sq][i][0], True)
        for sq, stack in land.items():
            for i, card in enumerate(stack):
                if card.endswith("?"):
                    stack[i] = take(card[0], False)
        hands = [[take(c[0], False) if c.endswith("?") else c for c in h] for h in self._hands]
        if len(pool) != self._deck_size:
            raise ValueError("view cannot be dealt: unseen cards do not fill the deck")
        laid_by = {
            card: seat
            for sq, stack in land.items()
            for card, seat in zip(stack, self._layers[sq])
            if seat is not None
        }
        state = _build(
            players=self.players,
            first_player=self.first_player,
            hands=hands,
            market=list(self._market),
            deck=pool,
            land={sq: tuple(stack) for sq, stack in land.items()},
            hunter=self._hunter,
            laid_by=laid_by,
            scored=[list(s) for s in self._scored],
        )
        state._land = {sq: state._land[sq] for sq in self._land}  # keep the land's order
        state._current = self._current
        state._actions = self._actions
        state._drew = self._drew
        state._turn = self._turn
        state._result = self._result
        return state


# --- entry points (API.md) -------------------------------------------------------------------


def new_game(
    players: int = 2,
    seed: int | None = None,
    deck: list[str] | None = None,
    first_player: int = 0,
) -> State:
    """Deal a game (BN-5 .. BN-9): shuffled from `seed`, or dealt from `deck` (36 ids, top
    first) as API.md says: 3 cards per seat in seat order, then the first 2 white and first 2
    black of the rest to the land, then 3 to the market, the rest the deck."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"En blanc et noir needs {MIN_PLAYERS}-{MAX_PLAYERS} players (BN-5)")
    if not 0 <= first_player < players:
        raise ValueError(f"first_player must be a seat 0..{players - 1}")
    if deck is None:
        order = list(CARD_IDS)
        random.Random(seed).shuffle(order)
    else:
        order = list(deck)
        if sorted(order) != sorted(CARD_IDS):
            raise ValueError("deck must list the 36 card ids, each exactly once")
    hands = [order[s * HAND_SIZE : (s + 1) * HAND_SIZE] for s in range(players)]
    rest = order[players * HAND_SIZE :]
    whites = [c for c in rest if c[0] == "W"][:2]
    blacks = [c for c in rest if c[0] == "B"][:2]
    rest = [c for c in rest if c not in whites and c not in blacks]
    land = {
        WHITE_START[0]: (whites[0],),
        BLACK_START[0]: (blacks[0],),
        BLACK_START[1]: (blacks[1],),
        WHITE_START[1]: (whites[1],),
    }
    return _build(
        players=players,
        first_player=first_player,
        hands=hands,
        market=rest[:MARKET_SIZE],
        deck=rest[MARKET_SIZE:],
        land=land,
        hunter=None,
        laid_by={},
        scored=[[] for _ in range(players)],
    )


def parse_move(state: _Table, text: str) -> Move:
    """The move written `text` (`land W2c 2 0`, `score B4a`, `draw W3b`) if legal now."""
    parts = text.split()
    if not parts:
        raise IllegalMove("empty move text")
    verb, args = parts[0], parts[1:]
    if verb not in ("land", "score", "draw"):
        raise IllegalMove(f"unknown action {verb!r}: use land, score or draw")
    if len(args) != (3 if verb == "land" else 1):
        shape = "land CARD X Y" if verb == "land" else f"{verb} CARD"
        raise IllegalMove(f"{text!r} is not of the form '{shape}'")
    card = args[0]
    if card not in CARDS:
        raise IllegalMove(f"unknown card {card!r}")
    move: Move
    if verb == "land":
        try:
            square = (int(args[1]), int(args[2]))
        except ValueError:
            raise IllegalMove(f"{args[1]} {args[2]} is not a square (two integers)") from None
        move = LayLand(card, square)
    elif verb == "score":
        move = _SCORE_MOVES[card]
    else:
        move = _DRAW_MOVES[card]
    state.check(move)
    return move


def bench_figures() -> list[dict[str, Any]]:
    """Extra figures for `python main.py bench rules`: the pattern search on a 40-square land."""
    return [time_scorable_search(CARDS, squares=40, hand=5)]
