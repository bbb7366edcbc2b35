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


@dataclass(frozen=True)
class Preview:
    """What a placement would do (the "hints" setting): computed on a clone of the state."""

    captured: frozenset[int]
    danger: tuple[int, ...]
    text: str
    loses: bool


def preview_of(state: wf.State, move: wf.Place, memory_mode: bool = False) -> Preview:
    """Play `move` on a clone and describe the outcome for the mover. In memory mode the
    preview stops where a covered piece would be uncovered: what lies beneath is for the
    players to remember (WF-10), so the hint never depends on it."""
    events = state.clone().play(move)
    if memory_mode:
        uncovered = next((e for e in events if isinstance(e, wf.Uncovered)), None)
        if uncovered is not None:
            return _until_uncovered(events[: events.index(uncovered)], uncovered)
    steps = [e for e in events if isinstance(e, wf.ChainStep)]
    captured = frozenset(wf.parse_square(sq) for s in steps for sq, _ in s.captured)
    points = sum(s.points for s in steps)
    loss = next((e for e in events if isinstance(e, wf.LosingPattern)), None)
    if loss is not None:
        line = tuple(wf.parse_square(sq) for sq in loss.line)
        words = loss_text(loss.pattern, loss.pieces).lower()
        return Preview(captured, line, f"You would lose: {words}", True)
    if any(isinstance(e, wf.Overeating) for e in events):
        return Preview(captured, (), "You would lose: a 4th can is overeating!", True)
    if any(isinstance(e, wf.ThreeCans) for e in events):
        return Preview(captured, (), f"You would win: exactly three cans! (+{points})", False)
    if any(isinstance(e, wf.ChoiceOffered) for e in events):
        text = "Several captures at once: you would choose"
        return Preview(captured, (), text + (f" (+{points} first)" if points else ""), False)
    if steps:
        pieces = sum(len(s.captured) for s in steps)
        chain = f", chain of {len(steps)}" if len(steps) > 1 else ""
        text = f"Captures {pieces} piece{'s' * (pieces > 1)}: +{points} points{chain}"
        return Preview(captured, (), text, False)
    return Preview(captured, (), "No capture", False)


def _until_uncovered(before: Sequence[Event], uncovered: wf.Uncovered) -> Preview:
    steps = [e for e in before if isinstance(e, wf.ChainStep)]
    captured = frozenset(wf.parse_square(sq) for s in steps for sq, _ in s.captured)
    points = sum(s.points for s in steps)
    pieces = sum(len(s.captured) for s in steps)
    text = f"Captures {pieces} piece{'s' * (pieces > 1)}: +{points} points"
    return Preview(captured, (), f"{text} …then {uncovered.square} is uncovered", False)
