"""The events every game's `play()` may return besides its own: the base class, a turn passed,
the game over. Scenes animate events in order; each is a small frozen dataclass."""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any

from game.core.result import Result


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened during `play()`; scenes animate these in order.

    Every event is a frozen dataclass with slots. Its constructor fills the slots directly
    rather than through the frozen `__setattr__` (a third of the cost of a game's move in the
    rules engines' random games); the instance is frozen all the same."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super(Event, cls).__init_subclass__(**kwargs)  # the slotted class (no zero-arg super)
        if "__dataclass_fields__" in cls.__dict__ and "__slots__" in cls.__dict__:
            _fill_slots_directly(cls)


def _fill_slots_directly(cls: type) -> None:
    """Give the frozen slotted dataclass `cls` an `__init__` that sets each slot through its
    descriptor (same parameters; kept as generated when a field has a default or the class a
    `__post_init__`)."""
    found = fields(cls)
    if hasattr(cls, "__post_init__") or any(
        f.default is not MISSING or f.default_factory is not MISSING or not f.init for f in found
    ):
        return
    names = [f.name for f in found]
    scope = {f"_set_{name}": getattr(cls, name).__set__ for name in names}
    body = "".join(f"    _set_{name}(self, {name})\n" for name in names) or "    pass\n"
    exec(f"def __init__(self, {', '.join(names)}):\n{body}", scope)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    """The turn of `seat` is over; `next_seat` acts next (None when the game is over)."""

    seat: int
    next_seat: int | None


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game has ended with `result`."""

    result: Result
