"""`BoardCursor`: where the focus stops on a board, for play by keys and a pad.

The places are the top bar's buttons, the places the board package names (`CursorPlaces`:
its squares, hand and market, so a refused square is reachable and says why), and the first
click of every legal move from the input as it stands (`click_path`: a push's arrow, the Score
button, a capture's choice), so every move can be made without a mouse. The focus
(`scenes.kit.focus`) moves the cursor and presses a place by clicking its centre: the same
previews and refusals as the mouse.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

import pygame

from scenes.kit.focus import Target, Targets


@runtime_checkable
class CursorPlaces(Protocol):
    """A board that names its places for the cursor (its package's squares, hand, market)."""

    def cursor_places(self) -> dict[str, pygame.Rect]: ...


class CursorHost(Protocol):
    """The board, as its cursor sees it."""

    state: Any
    spectator: bool

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
        self, board: CursorHost, buttons: Callable[[], dict[str, pygame.Rect]] | None = None
    ) -> None:
        """`buttons`: the buttons around the board (default: its top bar's; a lesson's own)."""
        self.board = board
        self.buttons = buttons

    def focus_targets(self) -> list[Target]:
        board = self.board
        found = Targets()
        buttons = board.button_rects if self.buttons is None else self.buttons()
        for name, rect in buttons.items():
            found.add(name, rect)
        if board.spectator:
            return found.in_reading_order()
        if isinstance(board, CursorPlaces):
            for name, rect in board.cursor_places().items():
                found.add(name, rect)
        if board.human_to_move and board.presenter.idle:
            for rect in self.first_clicks():
                found.add(f"at {rect.centerx},{rect.centery}", rect)
        return found.in_reading_order()

    def first_clicks(self) -> list[pygame.Rect]:
        """Where the next click of each legal move is, from the input as it stands."""
        heads: dict[tuple[int, int], pygame.Rect] = {}
        for move in self.board.state.legal_moves():
            path = self.board.click_path(move)
            if path:
                heads.setdefault(path[0].center, path[0])
        return list(heads.values())
