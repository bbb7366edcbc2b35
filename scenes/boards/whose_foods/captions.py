"""The attract loop's words for Whose Foods events (see scenes.kiosk.captions), in the language
shown."""

from __future__ import annotations

from collections.abc import Sequence

from game import whose_foods as wf
from game.core.events import Event
from scenes.boards.whose_foods.words import loss_pattern, piece
from scenes.kit.i18n import N_, _, ngettext
from scenes.kit.seat_names import Called, seat_name

#: the attract loop's headline: what the game is about, in one sentence a passer-by can check on
#: the board
HEADLINE = N_("Line up three of a kind to capture them: capture exactly three cans to win.")


def tell(events: Sequence[Event], names: Sequence[Called]) -> list[tuple[int, str]]:
    """(weight, words) of each event worth telling; a chain is told as one."""
    told: list[tuple[int, str]] = []
    for event in events:
        who = seat_name(names, getattr(event, "seat", None))
        if isinstance(event, wf.Placed):
            what = piece(event.piece) if event.piece in wf.PIECE_NAMES else _("piece")
            said = _("{name} puts a {piece} on {square}")
            told.append((1, said.format(name=who, piece=what, square=event.square)))
        elif isinstance(event, wf.LosingPattern):
            pattern = loss_pattern(event.pattern, event.pieces)
            told.append((6, _("{name} loses: {pattern}!").format(name=who, pattern=pattern)))
        elif isinstance(event, wf.Overeating):
            said = _("{name} has eaten {count} cans: too many!")
            told.append((7, said.format(name=who, count=event.cans)))
        elif isinstance(event, wf.ThreeCans):
            told.append((8, _("Three cans for {name}: a win!").format(name=who)))
        elif isinstance(event, wf.Disqualified):
            told.append((6, _("{name} is out of the game").format(name=who)))
    chain = [event for event in events if isinstance(event, wf.ChainStep)]
    if chain:
        count = sum(len(step.captured) for step in chain)
        who = seat_name(names, chain[0].seat)
        if len(chain) > 1:
            said = ngettext(
                "Chain x{steps}! {count} piece captured by {name}",
                "Chain x{steps}! {count} pieces captured by {name}",
                count,
            )
            told.append((7, said.format(steps=len(chain), name=who, count=count)))
        elif count:
            said = ngettext(
                "{name} captures {count} piece", "{name} captures {count} pieces", count
            )
            told.append((5, said.format(name=who, count=count)))
    return told
