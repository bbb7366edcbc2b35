"""`BoardCursor`: where the focus stops on a board, for play by keys and a pad.

The places are the top bar's buttons, the places the board package names (`CursorPlaces`:
its squares, hand and market, so a refused square is reachable and says why), and the first
click of every legal move from the input as it stands (`click_path`: a push's arrow, the Score
button, a capture's choice), so every move can be made without a mouse. The focus
(`scenes.kit.focus`) moves the cursor and presses a place by clicking its centre: the same
previews and refusals as the mouse.

Each place carries its spoken words (self-voicing): a button's label, and for a board's place
what its package says of it (`place_words`, from the view of the seat on show only), made
when they are said.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol, runtime_checkable

import pygame

from scenes.kit.focus import Target, Targets
from scenes.kit.i18n import pgettext

#: the buttons of a hot-seat undo's question: while it is up, the only places
ANSWERS = ("Allow", "Refuse")


@runtime_checkable
class CursorPlaces(Protocol):
    """A board that names its places for the cursor (its package's squares, hand, market)."""

    def cursor_places(self) -> dict[str, pygame.Rect]: ...

    def place_words(self, name: str) -> str:
        """What self-voicing says of the place `name` of `cursor_places` (a square and what
        stands on it), from the view of the seat on show: never a face it may not see."""
        ...


class CursorHost(Protocol):
    """The board, as its cursor sees it."""

    state: Any
    spectator: bool

    @property
    def chrome(self) -> object: ...
    @property
    def undo(self) -> object: ...
    @property
    def coach_hint(self) -> object: ...

    @property
    def button_rects(self) -> dict[str, pygame.Rect]: ...
    @property
    def human_to_move(self) -> bool: ...
    @property
    def presenter(self) -> Any: ...
    def click_path(self, move: Any) -> list[pygame.Rect]: ...


class BoardCursor:
    """The places of one board that the focus can stop on."""

    def __init__(
        self,
        board: CursorHost,
        buttons: Callable[[], dict[str, pygame.Rect]] | None = None,
        holder: object = None,
        covered: Callable[[], pygame.Rect | None] = lambda: None,
    ) -> None:
        """`buttons`: the buttons around the board (default: its top bar's; a lesson's own),
        `holder`, what keeps those buttons (their words), and `covered`, where a panel of the
        holder stands over the board now (a lesson's last screen), or None."""
        self.board = board
        self.buttons = buttons
        self.holder = holder
        self.covered = covered

    def _reachable(self, rect: pygame.Rect) -> bool:
        """A place of the board at `rect` is not under a popover or panel drawn over it (the
        ring would stand on that panel's words, and a press would not reach the place)."""
        opened = getattr(self.board.chrome, "opened", lambda: None)()
        return not any(over.colliderect(rect) for over in (opened, self.covered()) if over)

    def focus_targets(self) -> list[Target]:
        board = self.board
        found = Targets()
        buttons = board.button_rects if self.buttons is None else self.buttons()
        asking = getattr(board.undo, "prompt", None) is not None  # a question over a veiled board
        if asking:
            buttons = {name: buttons[name] for name in ANSWERS if name in buttons}
        for name, rect in buttons.items():
            found.add(name, rect)
        playing = not board.spectator and not asking
        if playing and isinstance(board, CursorPlaces):
            for name, rect in board.cursor_places().items():
                if self._reachable(rect):
                    found.add(name, rect, spoken=partial(board.place_words, name))
        if playing and board.human_to_move and board.presenter.idle:
            for rect in self.first_clicks():
                if self._reachable(rect):
                    found.add(f"at {rect.centerx},{rect.centery}", rect)
        for holder in (self.holder or board.chrome, board.undo, board.coach_hint, board):
            found.name_from(holder)  # (the board's own buttons: Score, a capture's options)
        # TRANSLATORS: spoken on a place of the board where a move goes on (a push's arrow)
        found.name_rest(pgettext("spoken", "The next step of a move"))
        return found.in_reading_order()

    def first_clicks(self) -> list[pygame.Rect]:
        """Where the next click of each legal move is, from the input as it stands."""
        heads: dict[tuple[int, int], pygame.Rect] = {}
        for move in self.board.state.legal_moves():
            path = self.board.click_path(move)
            if path:
                heads.setdefault(path[0].center, path[0])
        return list(heads.values())


def place_said(place: str, what: str | None = None) -> str:
    """A place of the board and what stands on it, as self-voicing says it ("b2: empty")."""
    # TRANSLATORS: spoken: a place of the board where nothing stands
    stands = what if what is not None else pgettext("spoken", "empty")
    # TRANSLATORS: spoken: a place of the board ("b2", "Hand 1") and what stands on it
    return pgettext("spoken", "{place}: {what}").format(place=place, what=stands)
