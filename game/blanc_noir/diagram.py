"""En blanc et noir positions drawn in the notation of `State.diagram()`, checked against the
rules.

`from_diagram` (re-exported by game.blanc_noir) reads a land diagram (rows from the top, `.` no
land, `W` / `B` the top card's colour, lower case under the hunter) and what a diagram cannot
show (where it lies, hands, market, deck, scored cards, the cards of each square, who laid them)
and gives that position at the start of a turn; ValueError for a position no game reaches, so a
picture in the rules screen or a test never shows one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.blanc_noir.cards import CARD_IDS, CARDS
from game.blanc_noir.patterns import Square
from game.blanc_noir.state import State
from game.blanc_noir.table import HAND_LIMIT, MARKET_SIZE

#: BN-7: the starting land, white on (0, 0) and (1, 1), black on (1, 0) and (0, 1), in the
#: order new_game lays it
START = {(0, 0): "W", (1, 1): "W", (1, 0): "B", (0, 1): "B"}
_START_ORDER = {sq: i for i, sq in enumerate(START)}
_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def from_diagram(
    diagram: str,
    players: int = 2,
    current: int = 0,
    *,
    origin: Square = (0, 0),
    hands: Sequence[Sequence[str]] | None = None,
    market: Sequence[str] | None = None,
    deck: Sequence[str] | None = None,
    scored: Sequence[Sequence[str]] | None = None,
    stacks: Mapping[Square, Sequence[str]] | None = None,
    laid_by: Mapping[str, int] | None = None,
    first_player: int | None = None,
    turn: int = 0,
) -> State:
    """The position `diagram` draws, at the start of `current`'s turn; ValueError for one no
    game reaches. `origin` is the (x, y) of the diagram's bottom-left cell.

    `stacks` names the cards of some squares, bottom first; every other square gets a card of
    its colour (a starting square shown in the other colour: its starting card under an overlay
    of the shown colour). Cards come from those not named elsewhere, values before overlays.
    `hands` and `scored` default to empty, the market to three of the cards left and the deck to
    the rest: every one of the 36 cards is somewhere. `laid_by` maps a laid card to the seat
    that laid it (default: `current`); the starting cards were laid by nobody. `turn` turns
    are over; `first_player` opened the game (by default the seat that did if play passed
    clockwise from it to `current`).
    """
    if not 2 <= players <= 4:
        raise ValueError(f"En blanc et noir is for 2 to 4 players (BN-5), not {players!r}")
    if current not in range(players) or first_player not in (None, *range(players)):
        raise ValueError(f"current and first_player are seats 0..{players - 1}")
    if turn.__class__ is not int or turn < 0:
        raise ValueError(f"turn counts the turns over: {turn!r} is not a count")
    opener = (current - turn) % players if first_player is None else first_player
    if (opener + turn) % players != current:
        raise ValueError(f"seat {opener} opened: turn {turn} is not seat {current}'s (BN-9)")
    colours, hunter = read_land(diagram, origin)
    hands = _per_seat(hands, players, "hands")
    scored = _per_seat(scored, players, "scored")
    named = [c for part in (*hands, *scored, market or (), deck or ()) for c in part]
    named += [c for stack in (stacks or {}).values() for c in stack]
    _check_cards(named)
    pool = [c for c in CARD_IDS if c not in set(named)]
    pool.sort(key=lambda c: CARDS[c].overlay)  # values before overlays
    land = _land(colours, dict(stacks or {}), pool)
    if hunter is None and any(len(land[sq]) > 1 or sq not in START for sq in land):
        raise ValueError("the hunter stands on the newest land once a card is laid (BN-11)")
    if market is None:
        market, pool = pool[:MARKET_SIZE], pool[MARKET_SIZE:]
    if deck is None:
        deck, pool = pool, []
    market, deck = list(market), list(deck)
    _check_table(hands, scored, market, deck, land)
    start_cards = {stack[0] for sq, stack in land.items() if sq in START}
    laid = [c for stack in land.values() for c in stack if c not in start_cards]
    return State.from_parts(
        players=players,
        first_player=opener,
        hands=hands,
        market=market,
        deck=deck,
        land=land,
        hunter=hunter,
        laid_by={c: (laid_by or {}).get(c, current) for c in laid},
        scored=scored,
        current=current,
        turn=turn,
    )


def read_land(diagram: str, origin: Square = (0, 0)) -> tuple[dict[Square, str], Square | None]:
    """(square -> top colour, the hunter's square or None) of a land diagram whose bottom-left
    cell is `origin`; ValueError unless the land is one piece (BN-11) holding the starting
    squares (BN-7) with at most one hunter."""
    rows = [row.split() for row in diagram.strip().splitlines()]
    if not rows or any(len(row) != len(rows[0]) for row in rows):
        raise ValueError("a land diagram is rows of equal length, cells separated by spaces")
    colours: dict[Square, str] = {}
    hunters = []
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            if cell == ".":
                continue
            if cell not in ("W", "B", "w", "b"):
                raise ValueError(f"{cell!r} is not a land cell (. W B w b)")
            sq = (origin[0] + j, origin[1] + len(rows) - 1 - i)
            colours[sq] = cell.upper()
            if cell.islower():
                hunters.append(sq)
    if len(hunters) > 1:
        raise ValueError("there is one hunter (BN-2)")
    if not set(START) <= set(colours):
        raise ValueError(f"the land holds the starting squares (BN-7): is origin {origin} right?")
    if len(_reached_from((0, 0), set(colours))) != len(colours):
        raise ValueError("the land is one piece: each card laid shares an edge with it (BN-11)")
    return colours, hunters[0] if hunters else None


def _reached_from(square: Square, squares: set[Square]) -> set[Square]:
    """The squares of `squares` reached from `square` by steps across edges."""
    reached, todo = {square}, [square]
    while todo:
        x, y = todo.pop()
        for dx, dy in _STEPS:
            near = (x + dx, y + dy)
            if near in squares and near not in reached:
                reached.add(near)
                todo.append(near)
    return reached


def _per_seat(parts: Sequence[Sequence[str]] | None, players: int, what: str) -> list[list[str]]:
    if parts is None:
        return [[] for _ in range(players)]
    if len(parts) != players:
        raise ValueError(f"{what}: one list of cards per seat, {players} in all")
    return [list(part) for part in parts]


def _check_cards(cards: list[str]) -> None:
    unknown = [c for c in cards if c not in CARDS]
    if unknown:
        raise ValueError(f"unknown card(s): {' '.join(map(repr, unknown))}")
    twice = sorted({c for c in cards if cards.count(c) > 1})
    if twice:
        raise ValueError(f"a card is in one place only: {' '.join(twice)} named twice")


def _land(
    colours: dict[Square, str], stacks: dict[Square, Sequence[str]], pool: list[str]
) -> dict[Square, tuple[str, ...]]:
    """The cards of each land square, bottom first: as `stacks` gives them, or taken from
    `pool`; ValueError for a stack the rules cannot build (BN-7, BN-11, BN-12)."""
    extra = set(stacks) - set(colours)
    if extra:
        raise ValueError(f"stacks for squares without land: {sorted(extra)}")

    def take(colour: str, overlay: bool) -> str:
        for card in pool:
            if card[0] == colour and (CARDS[card].overlay or not overlay):
                pool.remove(card)
                return card
        kind = "overlay" if overlay else "card"
        raise ValueError(f"no {colour} {kind} is left to lay (BN-1)")

    land: dict[Square, tuple[str, ...]] = {}
    for sq in sorted(colours, key=lambda sq: (_START_ORDER.get(sq, len(START)), sq)):
        colour, start = colours[sq], START.get(sq)
        if sq in stacks:
            stack = tuple(stacks[sq])
        elif start is not None and start != colour:
            stack = (take(start, False), take(colour, True))
        else:
            stack = (take(colour, False),)
        if not stack or stack[-1][0] != colour:
            raise ValueError(f"{sq}: the top card gives the square its colour, {colour}")
        if start is not None and stack[0][0] != start:
            raise ValueError(f"{sq}: the starting land is a checkerboard, {start} there (BN-7)")
        if not all(CARDS[c].overlay for c in stack[1:]):
            raise ValueError(f"{sq}: only overlay cards go on top of land (BN-12)")
        land[sq] = stack
    order = [*(sq for sq in stacks), *(sq for sq in land if sq not in stacks)]
    return {sq: land[sq] for sq in order}  # the squares named in `stacks` first, in their order


def _check_table(
    hands: list[list[str]],
    scored: list[list[str]],
    market: list[str],
    deck: list[str],
    land: dict[Square, tuple[str, ...]],
) -> None:
    """Hands, market, deck and scored cards as the rules allow at the start of a turn, every
    card somewhere (BN-1, BN-13 .. BN-15, BN-17)."""
    if any(len(hand) > HAND_LIMIT for hand in hands):
        raise ValueError(f"a hand holds {HAND_LIMIT} cards at most (BN-14)")
    if any(CARDS[c].overlay for part in scored for c in part):
        raise ValueError("overlays cannot be scored (BN-13)")
    if len(market) > MARKET_SIZE or (deck and len(market) < MARKET_SIZE):
        raise ValueError(f"the market is refilled to {MARKET_SIZE} while the deck lasts (BN-15)")
    if not market and not deck:
        raise ValueError("with deck and market empty the game is over (BN-17)")
    everywhere = [c for part in (*hands, *scored, market, deck) for c in part]
    everywhere += [c for stack in land.values() for c in stack]
    _check_cards(everywhere)
    missing = [c for c in CARD_IDS if c not in set(everywhere)]
    if missing:
        raise ValueError(f"every card is somewhere: {' '.join(missing)} are nowhere")
