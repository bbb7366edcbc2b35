"""How a game of En blanc et noir came out, for the results: the bear count and what it did to
each player's score (BN-19), and the tie-break when totals were equal (BN-20)."""

from __future__ import annotations

from typing import Any

from game import blanc_noir as bn
from game.blanc_noir.cards import CARDS
from scenes.boards.spec import Ending

COLOUR = {"W": "white", "B": "black"}


def ending(app: Any, setup: Any, state: Any) -> Ending:
    """Sentences: the land's count by colour and whether it gives a bonus, each player's bears
    and what they brought, and how a tie on points was settled."""
    return Ending(tuple(bear_notes(setup.names, state) + tie_notes(setup.names, state)))


def bear_notes(names: Any, state: Any) -> list[str]:
    counts = state.colour_counts()
    white, black = counts["W"], counts["B"]
    leader = state.bear_colour()
    if leader is None:
        return [f"Bear bonus: the land is tied {white}-{black}, so no bonus."]
    other = "B" if leader == "W" else "W"
    high, low = max(white, black), min(white, black)
    notes = [
        f"Bear bonus: {COLOUR[leader]} holds more land, {high}-{low}: each {COLOUR[leader]} "
        f"bear scored gives +{bn.BEAR_BONUS}, each {COLOUR[other]} bear −{bn.BEAR_BONUS}."
    ]
    for seat, name in enumerate(names):
        bears = [card for card in state.scored(seat) if CARDS[card].bear]
        if not bears:
            continue
        mine = sum(1 for card in bears if card[0] == leader)
        theirs = len(bears) - mine
        parts = []
        if mine:
            parts.append(f"{mine} {COLOUR[leader]} bear{'s' * (mine > 1)}")
        if theirs:
            parts.append(f"{theirs} {COLOUR[other]} bear{'s' * (theirs > 1)}")
        bonus = state.breakdown(seat)["bear bonus"]
        sign = f"−{-bonus}" if bonus < 0 else f"+{bonus}"
        notes.append(f"{name}: {' and '.join(parts)}, {sign}.")
    return notes


def tie_notes(names: Any, state: Any) -> list[str]:
    """How equal top totals were settled: by cards of the colour that won the bear count."""
    result = state.result
    totals = [sum(state.breakdown(seat).values()) for seat in range(state.players)]
    best = max(totals)
    tied = [seat for seat, total in enumerate(totals) if total == best]
    if len(tied) < 2:
        return []
    who = " and ".join(names[seat] for seat in tied)
    leader = state.bear_colour()
    if leader is None:
        return [f"{who} tie on {best}; the land is tied too, so they share the win."]
    cards = {seat: sum(1 for card in state.scored(seat) if card[0] == leader) for seat in tied}
    counted = ", ".join(f"{names[seat]} {cards[seat]}" for seat in tied)
    colour = COLOUR[leader]
    if len(result.winners) == 1:
        winner = names[result.winners[0]]
        return [
            f"{who} tie on {best}: the one with more {colour} cards scored wins "
            f"({counted}): {winner}."
        ]
    return [f"{who} tie on {best}, and on {colour} cards scored ({counted}): they share the win."]
