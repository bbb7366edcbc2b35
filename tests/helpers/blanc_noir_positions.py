"""En blanc et noir positions for tests: a state from a picture of its land, every card of a
state, and a brute-force pattern matcher to check the engine's against."""

from __future__ import annotations

from game import blanc_noir as bn
from game.blanc_noir.cards import CARD_IDS, CARDS


def position(
    picture: str,
    hands: list[list[str]] | None = None,
    market: list[str] | None = None,
    deck: list[str] | None = None,
    scored: list[list[str]] | None = None,
    players: int = 2,
    current: int = 0,
    origin: tuple[int, int] = (0, 0),
) -> bn.State:
    """A state whose land is `picture` (rows top first, `.` empty, `W`/`B` a land card, lower
    case under the hunter; the bottom-left cell at `origin`). Land cards are taken from the
    cards not named elsewhere, values before overlays; the market defaults to three of the
    cards left, the deck to the rest (pass `deck=[]` to leave the others out of the game)."""
    hands = hands or [[] for _ in range(players)]
    scored = scored or [[] for _ in range(players)]
    named = {c for part in hands + scored for c in part} | set(market or []) | set(deck or [])
    pool = {
        colour: [c for c in CARD_IDS if c[0] == colour and c not in named and not CARDS[c].overlay]
        + [c for c in CARD_IDS if c[0] == colour and c not in named and CARDS[c].overlay]
        for colour in "WB"
    }
    rows = [row.split() for row in picture.strip().splitlines()]
    land, hunter = [], None
    for i, row in enumerate(rows):
        y = origin[1] + len(rows) - 1 - i
        for j, cell in enumerate(row):
            if cell == ".":
                continue
            x = origin[0] + j
            land.append([x, y, [pool[cell.upper()].pop(0)]])
            if cell.islower():
                hunter = [x, y]
    used = named | {stack[2][0] for stack in land}
    left = [c for c in CARD_IDS if c not in used]
    if market is None:
        market, left = left[:3], left[3:]
    if deck is None:
        deck = left
    return state_of(hands, market, deck, land, hunter, scored, current=current)


def state_of(
    hands: list[list[str]],
    market: list[str],
    deck: list[str],
    land: list[list],
    hunter: list[int] | None = None,
    scored: list[list[str]] | None = None,
    current: int = 0,
    first_player: int = 0,
) -> bn.State:
    """The state at the start of `current`'s turn holding exactly these cards (`land`: [x, y,
    stack] items; one player a hand)."""
    data = {
        "players": len(hands),
        "first_player": first_player,
        "current_player": current,
        "actions": 0,
        "drew": False,
        "turn": 0,
        "hands": hands,
        "market": market,
        "deck": deck,
        "land": land,
        "hunter": hunter,
        "laid_by": {},
        "scored": scored or [[] for _ in hands],
        "result": None,
    }
    return bn.State.from_dict(data)


def cards_of(state: bn.State) -> list[str]:
    """Every card id anywhere in the state."""
    out = state.market + state.deck
    for seat in range(state.players):
        out += state.hand(seat) + state.scored(seat)
    for stack in state.land.values():
        out += stack
    return out


def rotations(pattern: str) -> list[list[str]]:
    grid = [list(row) for row in pattern.split("/")]
    out = []
    for _ in range(4):
        out.append(["".join(row) for row in grid])
        grid = [list(row) for row in zip(*grid[::-1], strict=True)]  # a quarter turn clockwise
    return out


def brute_force_matches(state: bn.State, card_id: str) -> bool:
    card = CARDS[card_id]
    if card.overlay:
        return False
    own, other = card.colour, "B" if card.colour == "W" else "W"
    tops = state.top_colours()
    xs = [x for x, _ in tops]
    ys = [y for _, y in tops]
    for grid in rotations(card.pattern):
        for ax in range(min(xs) - 1, max(xs) + 1):
            for ay in range(min(ys) - 1, max(ys) + 1):
                ok = True
                for row, y in ((0, ay + 1), (1, ay)):
                    for col, x in ((0, ax), (1, ax + 1)):
                        icon = grid[row][col]
                        if icon == ".":
                            continue
                        want = own if icon == "X" else other
                        if (x, y) == state.hunter or tops.get((x, y)) != want:
                            ok = False
                if ok:
                    return True
    return False
