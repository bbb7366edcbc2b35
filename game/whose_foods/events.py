"""Whose Foods events: what `State.play` returns, in order, for a scene to animate.

Pieces and squares are named by their codes (`"LF"`, `"b3"`); everything is open information
(WF-6), so no event needs redacting for a viewer.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.events import Event


@dataclass(frozen=True, slots=True)
class Placed(Event):
    """`seat` put `piece` on `square` (from the shared supply or own hand), maybe on a stack."""

    seat: int
    piece: str
    square: str
    from_hand: bool
    stacked_on: str | None


@dataclass(frozen=True, slots=True)
class ChoiceOffered(Event):
    """Several effects exist at once; `seat` must pick one with a `take` move (WF-19)."""

    seat: int
    options: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]  # (kind, line, squares)


@dataclass(frozen=True, slots=True)
class ChainStep(Event):
    """Step `step` (1, 2, ...) of the chain: an effect resolved, its pieces captured by `seat`."""

    step: int
    seat: int
    kind: str
    line: tuple[str, ...]
    captured: tuple[tuple[str, str], ...]  # (square, piece) removed
    points: int  # points the capture is worth (WF-26 counting)


@dataclass(frozen=True, slots=True)
class Uncovered(Event):
    """Removing a small piece showed the large `piece` under it on `square` (WF-14)."""

    square: str
    piece: str


@dataclass(frozen=True, slots=True)
class LosingPattern(Event):
    """`seat` made the losing `pattern` on `line` (WF-16, WF-21): "four of one illustration",
    "four of one size" or "three cans" (game.whose_foods.effects.LossKind); `pieces` are the
    line's visible pieces, in its order."""

    seat: int
    line: tuple[str, ...]
    pattern: str
    pieces: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Overeating(Event):
    """`seat` ends the turn with `cans` (4 or more) captured cans and loses (WF-23)."""

    seat: int
    cans: int


@dataclass(frozen=True, slots=True)
class ThreeCans(Event):
    """`seat` ends the turn with exactly three captured cans and wins (WF-22)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Disqualified(Event):
    """`seat` lost in a game of 3+ players and takes no more turns (WF-24)."""

    seat: int
    reason: str
