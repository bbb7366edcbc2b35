"""How a game of En blanc et noir came out, for the results: the bear count and what it did to
each player's score (BN-19), and the tie-break when totals were equal (BN-20)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game import blanc_noir as bn
from game.blanc_noir.cards import CARDS
from game.blanc_noir.table import Table
from scenes.boards.spec import Ending
from scenes.kit.i18n import _, join_names, ngettext, pgettext
from scenes.kit.seat_names import Called

if TYPE_CHECKING:
    from scenes.kit.seats import GameSetup
    from scenes.services import AppServices


def ending(app: AppServices, setup: GameSetup, state: bn.State) -> Ending:
    """Sentences: the land's count by colour and whether it gives a bonus, each player's bears
    and what they brought, and how a tie on points was settled."""
    return Ending(tuple(notes(state, setup)))


def notes(state: Table, setup: GameSetup) -> list[str]:
    """The bear count and the tie-break in sentences (for the results, and a phone's end screen
    from its seat's view of the end, where every hand is turned up)."""
    names = setup.called_names()
    return bear_notes(names, state) + tie_notes(names, state)


def _signed(points: int) -> str:
    return f"−{-points}" if points < 0 else f"+{points}"


def _number(points: int) -> str:
    """Points as written on the results: a true minus sign, no plus."""
    return f"−{-points}" if points < 0 else str(points)


def bear_notes(names: Sequence[Called], state: Table) -> list[str]:
    """The land's count by colour, what it makes each bear worth, and each player's bears."""
    counts = state.colour_counts()
    leader = state.bear_colour()
    if leader is None:
        tied = _("Bear bonus: the land is tied {white}-{black}, so no bonus.")
        return [tied.format(white=counts["W"], black=counts["B"])]
    high, low = max(counts.values()), min(counts.values())
    if leader == "W":
        lead = _(
            "Bear bonus: white holds more land, {high}-{low}: each white bear scored gives "
            "{plus}, each black bear {minus}."
        )
    else:
        lead = _(
            "Bear bonus: black holds more land, {high}-{low}: each black bear scored gives "
            "{plus}, each white bear {minus}."
        )
    plus, minus = _signed(bn.BEAR_BONUS), _signed(-bn.BEAR_BONUS)
    notes = [lead.format(high=high, low=low, plus=plus, minus=minus)]
    for seat, name in enumerate(names):
        bears = [card for card in state.scored(seat) if CARDS[card].bear]
        if not bears:
            continue
        white = sum(1 for card in bears if card[0] == "W")
        black = len(bears) - white
        bonus = _signed(state.breakdown(seat)["bear bonus"])
        if white and black:
            text = _("{name}: {white} white and {black} black bears, {bonus}.")
        elif white:
            text = ngettext(
                "{name}: {white} white bear, {bonus}.",
                "{name}: {white} white bears, {bonus}.",
                white,
            )
        else:
            text = ngettext(
                "{name}: {black} black bear, {bonus}.",
                "{name}: {black} black bears, {bonus}.",
                black,
            )
        notes.append(text.format(name=name, white=white, black=black, bonus=bonus))
    if len(notes) == 1:
        notes.append(_("No one scored a bear."))
    return notes


def tie_notes(names: Sequence[Called], state: Table) -> list[str]:
    """How equal top totals were settled: by cards of the colour that won the bear count."""
    totals = [sum(state.breakdown(seat).values()) for seat in range(state.players)]
    best = max(totals)
    tied = [seat for seat, total in enumerate(totals) if total == best]
    if len(tied) < 2:
        return []
    who = join_names([str(names[seat]) for seat in tied])
    leader = state.bear_colour()
    if leader is None:
        shared = _("{names} tie on {points}; the land is tied too, so they share the win.")
        return [shared.format(names=who, points=_number(best))]
    cards = pgettext("list of names", ", ").join(
        f"{names[seat].name} {sum(1 for card in state.scored(seat) if card[0] == leader)}"
        for seat in tied
    )
    assert state.result is not None  # (the game is over)
    winners = state.result.winners
    if len(winners) == 1:
        if leader == "W":
            text = _(
                "{names} tie on {points}: the one with more white cards scored wins ({cards}): "
                "{winner}."
            )
        else:
            text = _(
                "{names} tie on {points}: the one with more black cards scored wins ({cards}): "
                "{winner}."
            )
        return [text.format(names=who, points=_number(best), cards=cards, winner=names[winners[0]])]
    if leader == "W":
        text = _(
            "{names} tie on {points}, and on white cards scored ({cards}): they share the win."
        )
    else:
        text = _(
            "{names} tie on {points}, and on black cards scored ({cards}): they share the win."
        )
    return [text.format(names=who, points=_number(best), cards=cards)]
