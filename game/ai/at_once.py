"""What a move does at once, judged exactly in full states (the coach's worlds: a copy of a
complete view, or states sampled from a hidden-information view): does it win the game on the
spot, lose on the spot, or let the next seat win at once; and which of its events are sure.

"At once" is the rest of the mover's own turn: a move followed by more actions of the same seat
(a capture to choose, a turn's second action) is judged with its best follow-up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.core.events import Event

#: Own actions followed after a move within the same turn (a capture to choose, a second action).
FOLLOW_UPS = 3

#: `can_win(state)`: can the seat to act in `state` become the sole winner by its own actions now?
CanWin = Callable[[Any], bool]
#: `finishing(state)`: may the seat to act in `state` end the game by its own actions now?
Finishing = Callable[[Any], bool]
#: The events of a move as one seat may see them: `redact(events, seat)`.
Redact = Callable[[list[Event], int | None], list[Event]]


def out(state: Any, seat: int) -> bool:
    """Has `seat` lost: the game over without it among the winners, or it disqualified while the
    others play on (3+ seats)?"""
    if state.is_over:
        return seat not in state.result.winners
    return seat in getattr(state, "disqualified", ())


def wins(world: Any, move: Any, seat: int, depth: int = FOLLOW_UPS) -> bool:
    """Does `move` (with `seat`'s best follow-up in its turn) end the game with `seat` the sole
    winner in `world`?"""
    after = world.clone()
    after.play(move)
    if after.is_over:
        return tuple(after.result.winners) == (seat,)
    if after.current_player != seat or depth <= 0:
        return False
    return any(wins(after, follow, seat, depth - 1) for follow in after.legal_moves())


def gives(
    world: Any,
    move: Any,
    seat: int,
    can_win: CanWin,
    finishing: Finishing,
    depth: int = FOLLOW_UPS,
) -> bool:
    """Does `move` lose at once for `seat` in `world`, or let the next seat win at once (whatever
    `seat` follows it with in its turn)?"""
    after = world.clone()
    after.play(move)
    if out(after, seat):
        return True
    if after.is_over:
        return False
    if after.current_player == seat:
        if depth <= 0:
            return False
        return all(
            gives(after, follow, seat, can_win, finishing, depth - 1)
            for follow in after.legal_moves()
        )
    return finishing(after) and can_win(after)


def share_giving(
    worlds: Sequence[Any], move: Any, seat: int, can_win: CanWin, finishing: Finishing
) -> float:
    """The share of `worlds` in which `move` gives (see `gives`)."""
    return sum(gives(world, move, seat, can_win, finishing) for world in worlds) / len(worlds)


def winning_moves(worlds: Sequence[Any], moves: Sequence[Any], seat: int) -> list[Any]:
    """The moves of `moves` that win at once in every one of `worlds`."""
    return [move for move in moves if all(wins(world, move, seat) for world in worlds)]


def winning_line(state: Any, depth: int = FOLLOW_UPS) -> list[Any]:
    """The first line of actions of the seat to act in `state` (in the order of its legal moves,
    with its own follow-ups in the turn) that wins at once for it; [] when none does."""
    seat = state.current_player
    if seat is None:
        return []
    for move in state.legal_moves():
        after = state.clone()
        after.play(move)
        if after.is_over:
            if tuple(after.result.winners) == (seat,):
                return [move]
        elif depth > 0 and after.current_player == seat:
            line = winning_line(after, depth - 1)
            if line:
                return [move, *line]
    return []


def after(world: Any, moves: Sequence[Any]) -> Any:
    """A copy of `world` with `moves` played."""
    state = world.clone()
    for move in moves:
        state.play(move)
    return state


def sure_events(
    worlds: Sequence[Any], lines: Sequence[Sequence[Any]], seat: int, redact: Redact
) -> tuple[Event, ...]:
    """The events that playing `lines[i]` in `worlds[i]` makes, as `seat` may see them, as far
    as they are the same in every world (the longest common beginning): what the moves are sure
    to do whatever the view hides."""
    seen: list[list[Event]] = []
    for world, line in zip(worlds, lines, strict=True):
        state = world.clone()
        events: list[Event] = []
        for move in line:
            events += redact(state.play(move), seat)
        seen.append(events)
    first = seen[0]
    length = len(first)
    for other in seen[1:]:
        length = min(length, len(other))
        length = next((i for i in range(length) if other[i] != first[i]), length)
    return tuple(first[:length])
