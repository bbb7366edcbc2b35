"""The read API of En blanc et noir shared by `State` and `View`, and the legal actions.

Everything here reads only what the holder knows: a `View` fills the same fields with the
seat's knowledge (unknown cards written `W?`, `B?`, `WO?`), so legality and pattern matching
work the same on a view as on the full state.
"""

from __future__ import annotations

from itertools import chain

from game.blanc_noir.cards import CARD_IDS, CARDS
from game.blanc_noir.moves import (
    CARD_INDEX,
    DRAW_MOVES,
    MADE,
    SCORE_MOVES,
    DrawCard,
    LayLand,
    Move,
    malformed,
    read_move,
    spots,
)
from game.blanc_noir.patterns import (
    COLOUR_CODE,
    Square,
    WindowCounts,
    card_mask,
    key_of,
    rotations,
)
from game.core.engine import Arbiter, TurnState
from game.core.state_checks import seat_number
from game.messages import N_, Text, said

HAND_SIZE = 3  # BN-6
HAND_LIMIT = 5  # BN-14
MARKET_SIZE = 3  # BN-8, BN-15
ACTIONS_PER_TURN = 2  # BN-10
BEAR_BONUS = 2  # BN-19
BREAKDOWN_LABELS = ("cards", "hand", "bear bonus")

#: Card id -> window-code mask (0 for overlays) and the rotations of its pattern.
MASKS: dict[str, int] = {cid: card_mask(card) for cid, card in CARDS.items()}
ROTATIONS = {cid: rotations(c.pattern, c.colour) for cid, c in CARDS.items() if c.pattern}
#: the number of cards: a spot holds a move for each
CARD_COUNT = len(CARD_IDS)
#: card -> the move drawing it from the market
_DRAW_MOVE = DRAW_MOVES.__getitem__


class Table(TurnState, Arbiter[Move]):
    """The read API of a game as some seat knows it, and the legal actions; `State` and `View`
    fill it in."""

    __slots__ = (
        "_actions",
        "_drew",
        "_frontier",
        "_frontier_keys",
        "_frontier_moves",
        "_frontier_order",
        "_hands",
        "_hunter",
        "_land",
        "_land_keys",
        "_land_moves",
        "_land_order",
        "_market",
        "_rows",
        "_scored",
        "_top",
        "_turn",
        "_windows",
        "first_player",
        "players",
    )
    players: int
    first_player: int
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
    #: the frontier and the land squares, sorted (None: not worked out since the land grew)
    _frontier_order: tuple[Square, ...] | None
    _land_order: tuple[Square, ...] | None
    #: card -> its land actions on this land (None: not worked out since the land grew), shared
    #: by clones until their land grows; the land actions on the frontier and on the land, each
    #: square's spot (see moves.SPOTS) in the squares' order, and those squares' keys
    #: (`patterns.key_of`: they sort as the squares do) in that order (None: not worked out;
    #: kept up as the land grows once known, copied by clones).
    _rows: dict[str, list[Move]] | None
    _frontier_moves: list[LayLand] | None
    _frontier_keys: list[int] | None
    _land_moves: list[LayLand] | None
    _land_keys: list[int] | None

    # plain accessors (API.md)

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
        return list(self._hands[seat_number(seat, self.players)])

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
        white = [*self._top.values()].count(1)
        return {"W": white, "B": len(self._top) - white}

    def bear_colour(self) -> str | None:
        """The colour with more land squares, or None on equal counts (BN-19)."""
        counts = self.colour_counts()
        if counts["W"] == counts["B"]:
            return None
        return "W" if counts["W"] > counts["B"] else "B"

    def breakdown(self, seat: int) -> dict[str, int]:
        """End-of-game points of `seat` by part (BN-18, BN-19), as the land stands now."""
        return self._breakdown(seat, self.bear_colour())

    def _breakdown(self, seat: int, leader: str | None) -> dict[str, int]:
        """`breakdown(seat)` with the bear count's colour `leader` known, in one pass over the
        scored cards and one over the hand."""
        cards = bonus = 0
        for c in self._scored[seat]:
            card = CARDS[c]
            cards += card.value
            if leader is not None and card.bear:
                bonus += BEAR_BONUS if c[0] == leader else -BEAR_BONUS
        hand = 0
        for c in self._hands[seat]:
            if c in CARDS:  # a view's hidden cards (`W?`) count nothing here
                hand -= CARDS[c].penalty
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
        mask = MASKS.get(card, 0)
        return self._windows.match(mask, ROTATIONS[card]) if mask else None

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

    def legal_moves(self) -> list[Move]:
        """Every legal action of the player to act; empty once the game is over."""
        player = self._current
        if player is None:
            return []
        hand = self._hands[player]
        moves: list[Move] = list(map(_DRAW_MOVE, self._market)) if len(hand) < HAND_LIMIT else []
        bits = self._windows.bits
        for card in hand:  # a loop: Python 3.11 makes a function for every comprehension run
            if MASKS[card] & bits:
                moves.append(SCORE_MOVES[card])  # noqa: PERF401
        rows = self._rows
        if rows is None:
            rows = self._rows = {}
        for card in hand:
            row = rows.get(card)
            if row is None:
                row = rows[card] = self._land_row(card)
            moves += row
        return moves

    def _land_row(self, card: str) -> list[Move]:
        """The land actions of `card` (BN-11, BN-12): each frontier square, then for an overlay
        each land square, sorted."""
        flat = self._frontier_moves
        if flat is None:
            squares = self.frontier()
            flat = self._frontier_moves = list(chain.from_iterable(spots(squares)))
            self._frontier_keys = list(map(key_of, squares))
        row: list[Move] = flat[CARD_INDEX[card] :: CARD_COUNT]  # type: ignore[assignment]
        if CARDS[card].overlay:
            lands = self._land_moves
            if lands is None:
                squares = self.land_squares()
                lands = self._land_moves = list(chain.from_iterable(spots(squares)))
                self._land_keys = list(map(key_of, squares))
            row += lands[CARD_INDEX[card] :: CARD_COUNT]
        return row

    _read = staticmethod(read_move)
    _malformed = staticmethod(malformed)
    _made = MADE

    def _refused(self, move: Move) -> str | None:
        player = self._current
        assert player is not None
        # each branch reads the card of one class of move: an attribute read that meets one
        # class only stays on Python's fast path
        kind = type(move)
        if kind is DrawCard:
            card = move.card
            if card not in self._market:
                return said(N_("{card} is not in the market"), card=card)
            if len(self._hands[player]) >= HAND_LIMIT:
                return said(
                    N_("hand limit {limit}: {player} cannot draw (BN-14)"),
                    limit=HAND_LIMIT,
                    player=player_words(player),
                )
            return None
        if kind is LayLand:
            card = move.card
            if card not in self._hands[player]:
                return _not_in_hand(card, player)
            sq = move.square  # type: ignore[union-attr]
            if sq in self._frontier:  # never on the land
                return None
            where = f"({sq[0]}, {sq[1]})"
            if sq not in self._land:
                return said(N_("{square} shares no edge with the land (BN-11)"), square=where)
            if not CARDS[card].overlay:
                return said(
                    N_("{square} already holds land; only overlays go on top (BN-12)"), square=where
                )
            return None
        card = move.card
        if card not in self._hands[player]:
            return _not_in_hand(card, player)
        if CARDS[card].overlay:
            return said(
                N_("{card} is an overlay card; overlays cannot be scored (BN-13)"), card=card
            )
        if not MASKS[card] & self._windows.bits:
            return said(
                N_(
                    "the pattern of {card} matches nowhere on the land, the hunter's square "
                    "excluded (BN-4)"
                ),
                card=card,
            )
        return None


def _not_in_hand(card: str, player: int) -> Text:
    """The refusal of a move with `card` when `player` does not hold it."""
    return said(N_("{card} is not in the hand of {player}"), card=card, player=player_words(player))


def player_words(player: int) -> Text:
    """ "player 0": a seat as a refusal names it (a board says the seat's name instead)."""
    return said(N_("player {number}"), number=player)
