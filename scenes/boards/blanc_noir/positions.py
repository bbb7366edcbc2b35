"""The positions the En blanc et noir how-to-play pages show, each made by the rules engine, never
drawn by hand: whatever a picture claims (a move is legal or refused, pieces are captured, a
card fits) is read back from the engine, so building a picture the rules disagree with fails
(WrongPicture). Nothing here draws: `diagrams` paints these positions."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from game import blanc_noir as bn
from game.blanc_noir.cards import CARDS
from game.blanc_noir.patterns import Square
from scenes.kit.rules_drawing import WrongPicture

START_LAND = {(0, 0): ("W2a",), (1, 1): ("W3c",), (1, 0): ("B2d",), (0, 1): ("B3d",)}


def _land_game(hands: list[list[str]], market: list[str], deck: list[str]) -> bn.State:
    """Two players at the start of a game on the starting checkerboard (BN-7)."""
    return bn.State.from_parts(
        players=2,
        first_player=0,
        hands=hands,
        market=market,
        deck=deck,
        land={square: stack for square, stack in START_LAND.items()},
        hunter=None,
        laid_by={},
        scored=[[], []],
    )


@cache
def deal() -> bn.State:
    """A real deal of a 2-player game: land, market, deck (BN-5 .. BN-8)."""
    return bn.new_game(players=2, seed=53)


@dataclass(frozen=True)
class Expand:
    """The land after action A: a card laid next to it, the hunter on it (BN-11)."""

    state: bn.State
    move: str
    square: tuple[int, int]


@cache
def expand() -> Expand:
    state = _land_game([["B2c", "W3b", "W2e"], ["B2b", "W5b", "B4c"]], ["W2b", "B3b", "W4b"], [])
    state.play("land B2c 2 0")
    return Expand(state, "land B2c 2 0", (2, 0))


@dataclass(frozen=True)
class Fit:
    """A land and a card from hand whose pattern fits it (BN-4): the squares under its icons."""

    state: bn.State
    card: str
    squares: tuple[tuple[int, int], ...]


FIT_TURNS = ("land W2b 2 1", "land W3b 2 0", "land B2b 3 0", "draw B3b")


@cache
def fit() -> Fit:
    """Two turns of expanding; then the first player's W4a fits three white and one black."""
    state = _land_game(
        [["W2b", "W3b", "W4a"], ["B2b", "B4b", "W2c"]],
        ["B3b", "W2e", "B2e"],
        ["B3c", "W3d", "B4c"],
    )
    for move in FIT_TURNS:
        state.play(move)
    squares = state.match_squares("W4a")
    if state.current_player != 0 or squares is None:
        raise WrongPicture("W4a was meant to fit the land on the first player's turn")
    return Fit(state, "W4a", tuple(squares))


@dataclass(frozen=True)
class Scoring:
    """A finished hand counted by the engine (BN-18, BN-19)."""

    state: bn.State
    seat: int
    breakdown: dict[str, int]

    @property
    def scored(self) -> list[str]:
        return self.state.scored(self.seat)

    @property
    def hand(self) -> list[str]:
        return self.state.hand(self.seat)

    def bears(self) -> list[tuple[str, int]]:
        """(card, bonus) for each scored bear card."""
        leader = self.state.bear_colour()
        return [
            (card, bn.BEAR_BONUS if card[0] == leader else -bn.BEAR_BONUS)
            for card in self.scored
            if CARDS[card].bear and leader is not None
        ]


@cache
def scoring() -> Scoring:
    """Three scored cards (two white bears, one black), two cards left in hand, white leads."""
    land: dict[Square, tuple[str, ...]] = dict(START_LAND)
    land[(2, 0)] = ("W2b",)
    land[(2, 1)] = ("W2c",)
    state = bn.State.from_parts(
        players=2,
        first_player=0,
        hands=[["B3b", "WOa"], []],
        market=["W2e"],
        deck=[],
        land=land,
        hunter=(2, 1),
        laid_by={"W2b": 0, "W2c": 1},
        scored=[["W5a", "W3a", "B2a"], []],
    )
    return Scoring(state, 0, state.breakdown(0))
