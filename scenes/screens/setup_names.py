"""The remembered names on the setup screen: who played here before (scenes/storage/players.py)
offered under the name of the seat being typed, and the names typed kept for next time. A kiosk
keeps nobody."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from scenes.kit.seat_names import is_default_name
from scenes.kit.text_field import TextField
from scenes.screens.name_picker import NamePicker
from scenes.services import AppServices
from scenes.storage.players import load_players, remember_players


class SeatRows(Protocol):
    """The setup screen's seats as the names offered read them."""

    players: int
    names: list[str]
    computer: list[bool]
    name_fields: list[TextField]


def keeps_players(app: AppServices) -> bool:
    """This app remembers who played (not a kiosk, not a store kept in memory only)."""
    return not app.kiosk and not app.store.in_memory


def known_players(app: AppServices) -> list[str]:
    """Who played here before, the most recent first (a notice if their list was set aside)."""
    if not keeps_players(app):
        return []
    names, notice = load_players(app.store.folder)
    if notice:
        app.notify(notice)
    return names


def remember_typed(app: AppServices, rows: SeatRows) -> None:
    """Keep the names typed for the people's seats, to offer them again next time."""
    if not keeps_players(app):
        return
    typed = [
        rows.names[seat].strip()
        for seat in range(rows.players)
        if not rows.computer[seat] and not is_default_name(rows.names[seat].strip(), seat)
    ]
    remember_players(app.store.folder, typed)


class NamesOffered:
    """The list of known names under the person's name field being typed in."""

    def __init__(self, names: Sequence[str], rows: SeatRows):
        self.picker = NamePicker(names)
        self.rows = rows

    def typing_seat(self) -> int | None:
        """The person's seat whose name is being typed, if one is."""
        rows = self.rows
        for seat in range(rows.players):
            if rows.name_fields[seat].focused and not rows.computer[seat]:
                return seat
        return None

    def follow(self) -> None:
        """Offer the players known here under the name being typed (or close the list)."""
        seat = self.typing_seat()
        if seat is None:
            self.picker.place(None, "", [])
            return
        rows = self.rows
        field = rows.name_fields[seat]
        typed = "" if is_default_name(field.value, seat) else field.value
        taken = [rows.names[other] for other in range(rows.players) if other != seat]
        self.picker.place(field.rect, typed, taken)

    def pick(self, event: pygame.event.Event) -> bool:
        """A press on a name offered: it becomes the seat's name, and the typing ends. Presses
        on the list's panel are used too (it lies over the rows below: nothing under it is
        clicked)."""
        seat = self.typing_seat()
        name = self.picker.pick(event) if seat is not None else None
        if seat is None or name is None:
            return event.type in (
                pygame.MOUSEBUTTONDOWN,
                pygame.MOUSEBUTTONUP,
            ) and self.picker.covers(event.pos)
        field = self.rows.name_fields[seat]
        field.value = name
        field.focused = False
        self.rows.names[seat] = name
        self.follow()
        return True

    @property
    def rects(self) -> dict[str, pygame.Rect]:
        """Where each name offered is, by "pick <name>"."""
        return {f"pick {name}": rect for rect, name in self.picker.rows}

    def draw(self, canvas: pygame.Surface) -> None:
        self.picker.draw(canvas)
