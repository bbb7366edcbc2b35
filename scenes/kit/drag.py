"""A press that may become a drag: boards use it for drag and drop beside click-then-click."""

from __future__ import annotations

THRESHOLD = 12  # pixels the pointer must move, button held, before a press counts as a drag


class Drag:
    """Tracks one press: `press(pos)`, then `move(pos)` while held, then `release()`.

    `pos` is where the dragged thing is drawn (None until the press became a drag)."""

    def __init__(self) -> None:
        self.start: tuple[int, int] | None = None
        self.pos: tuple[int, int] | None = None

    def press(self, pos: tuple[int, int]) -> None:
        self.start, self.pos = pos, None

    def move(self, pos: tuple[int, int]) -> None:
        if self.start is None:
            return
        dx, dy = pos[0] - self.start[0], pos[1] - self.start[1]
        if self.pos is not None or dx * dx + dy * dy > THRESHOLD**2:
            self.pos = pos

    def release(self) -> bool:
        """End the press; True if it had become a drag."""
        dragged = self.pos is not None
        self.cancel()
        return dragged

    def cancel(self) -> None:
        self.start, self.pos = None, None
