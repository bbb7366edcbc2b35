"""How a finished game ended: `Result`, and `best_seats` for the games that count points."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended. `reason` is the game's EndReason member (a str: it compares
    equal to its text and saves as a plain string)."""

    winners: tuple[int, ...]
    draw: bool
    scores: tuple[int, ...]
    reason: str
    disqualified: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: lists and plain strings."""
        return {
            "winners": list(self.winners),
            "draw": self.draw,
            "scores": list(self.scores),
            "reason": str(self.reason),
            "disqualified": list(self.disqualified),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], reasons: type[StrEnum] | None = None) -> Result:
        """The result saved by `to_dict`; `reasons`, the game's EndReason, turns the reason back
        into its member (ValueError for a reason the game does not have)."""
        reason = data["reason"]
        return cls(
            winners=tuple(int(seat) for seat in data["winners"]),
            draw=bool(data["draw"]),
            scores=tuple(int(score) for score in data["scores"]),
            reason=reasons(reason) if reasons is not None else str(reason),
            disqualified=tuple(int(seat) for seat in data.get("disqualified", ())),
        )


def best_seats(
    totals: Sequence[int],
    seats: Iterable[int] | None = None,
    tiebreak: Callable[[int], int] | None = None,
) -> tuple[int, ...]:
    """The seats (of `seats`, default all) with the highest total; when several share it, those
    of them with the highest `tiebreak(seat)`. More than one seat left is a shared win."""
    ranked = list(range(len(totals)) if seats is None else seats)
    best = max(totals[seat] for seat in ranked)
    tied = [seat for seat in ranked if totals[seat] == best]
    if len(tied) > 1 and tiebreak is not None:
        second = {seat: tiebreak(seat) for seat in tied}
        most = max(second.values())
        tied = [seat for seat in tied if second[seat] == most]
    return tuple(tied)
