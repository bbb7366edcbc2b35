"""What a placement would do, shown when hints are on: captures, the losing line, the words.

Computed on a clone of the state; in memory mode it stops where a covered piece would be
uncovered (WF-10), so the hint never depends on what lies beneath.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game import whose_foods as wf
from game.core.events import Event
from scenes.boards.whose_foods.presenter import loss_text
from scenes.kit.i18n import _, ngettext


@dataclass(frozen=True)
class Preview:
    """What a placement would do (the "hints" setting): computed on a clone of the state."""

    captured: frozenset[int]
    danger: tuple[int, ...]
    text: str
    loses: bool


def preview_of(state: wf.State, move: wf.Place, memory_mode: bool = False) -> Preview:
    """Play `move` on a clone and describe the outcome for the mover. The number is the change
    of the mover's score as their panel shows it (the score if the game ended now: a can out of
    the hand no longer costs 5, captures add). In memory mode the preview stops where a covered
    piece would be uncovered: what lies beneath is for the players to remember (WF-10), so the
    hint never depends on it."""
    seat = state.current_player
    assert seat is not None, "a preview of a game that is over"
    after = state.clone()
    events = after.play(move)
    from_hand = 5 * sum(1 for e in events if isinstance(e, wf.Placed) and e.from_hand)
    if memory_mode:
        uncovered = next((e for e in events if isinstance(e, wf.Uncovered)), None)
        if uncovered is not None:
            return _until_uncovered(events[: events.index(uncovered)], uncovered, from_hand)
    change = signed(after.final_score(seat) - state.final_score(seat))
    steps = [e for e in events if isinstance(e, wf.ChainStep)]
    captured = _squares_of(steps)
    loss = next((e for e in events if isinstance(e, wf.LosingPattern)), None)
    if loss is not None:
        line = tuple(wf.parse_square(sq) for sq in loss.line)
        words = loss_text(loss.pattern, loss.pieces).lower()
        return Preview(captured, line, f"You would lose: {words}", True)
    if any(isinstance(e, wf.Overeating) for e in events):
        return Preview(captured, (), "You would lose: a 4th can is overeating!", True)
    if any(isinstance(e, wf.ThreeCans) for e in events):
        return Preview(captured, (), _("You would win: exactly three cans!"), False)
    if any(isinstance(e, wf.ChoiceOffered) for e in events):
        if change == "+0":
            return Preview(captured, (), _("Several captures at once: you would choose"), False)
        text = _("Several captures at once: you would choose (score {change} first)")
        return Preview(captured, (), text.format(change=change), False)
    if steps:
        pieces = sum(len(s.captured) for s in steps)
        if len(steps) > 1:
            text = ngettext(
                "Captures {count} piece in a chain of {steps}: score {change}",
                "Captures {count} pieces in a chain of {steps}: score {change}",
                pieces,
            ).format(count=pieces, steps=len(steps), change=change)
        else:
            text = ngettext(
                "Captures {count} piece: score {change}",
                "Captures {count} pieces: score {change}",
                pieces,
            ).format(count=pieces, change=change)
        return Preview(captured, (), text, False)
    if change != "+0":
        text = _("No capture: score {change} (a can left your hand)").format(change=change)
        return Preview(captured, (), text, False)
    return Preview(captured, (), "No capture", False)


def _squares_of(steps: Sequence[wf.ChainStep]) -> frozenset[int]:
    return frozenset(wf.parse_square(square) for step in steps for square, _piece in step.captured)


def signed(points: int) -> str:
    """A change of points with its sign, minus as a true minus: "+9", "−5"."""
    return f"−{-points}" if points < 0 else f"+{points}"


def _until_uncovered(before: Sequence[Event], uncovered: wf.Uncovered, from_hand: int) -> Preview:
    steps = [e for e in before if isinstance(e, wf.ChainStep)]
    change = signed(from_hand + sum(s.points for s in steps))
    pieces = sum(len(s.captured) for s in steps)
    text = ngettext(
        "Captures {count} piece: score {change} …then {square} is uncovered",
        "Captures {count} pieces: score {change} …then {square} is uncovered",
        pieces,
    ).format(count=pieces, change=change, square=uncovered.square)
    return Preview(_squares_of(steps), (), text, False)
