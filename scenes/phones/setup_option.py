"""The "Hands on phones" switch of a setup screen: it opens the table's phones (new codes, the
server listening) and shows the codes; the seats' rows say which phone has joined."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from scenes.kit import fonts
from scenes.kit.focus import clear_of_ring
from scenes.kit.i18n import L_, _
from scenes.kit.palette import GOOD, MUTED
from scenes.kit.seats import GameSetup
from scenes.kit.widgets import Button, Toggle, Widget
from scenes.phones.host import PhoneTable, close_table, offers_phones, open_table
from scenes.phones.join_screen import JoinScene
from scenes.phones.marks import draw_phone_mark

if TYPE_CHECKING:
    from scenes.kit.palette import SeatColour
    from scenes.kit.seats import Seat
    from scenes.manager import Scene
    from scenes.services import AppServices


class SeatsBeingSet(Protocol):
    """The setup screen (`scenes.screens.setup.SetupScene`) as its phones option sees it."""

    app: AppServices
    game: str
    players: int
    names: list[str]

    def seat(self, index: int) -> Seat: ...
    def row_colour(self, row: int) -> SeatColour | None: ...
    def refuse(self, reason: str, near: pygame.Rect, side: str = "right") -> None: ...


class PhonesOption:
    """The switch at `switch_rect` and the "Phone codes" button at `codes_rect` of `scene`;
    `owner` is that scene as the scene manager knows it (its leaving closes the table)."""

    def __init__(
        self,
        scene: SeatsBeingSet,
        owner: Scene,
        switch_rect: pygame.Rect,
        codes_rect: pygame.Rect,
    ) -> None:
        self.scene = scene
        self.owner = owner
        self.offered = offers_phones(scene.game, scene.app)
        self.switch = Toggle(switch_rect, L_("Hands on phones"), self.table is not None, self._turn)
        self.codes_button = Button(
            codes_rect, L_("Phone codes"), self.show_codes, style="secondary", size=fonts.BODY - 6
        )

    @property
    def table(self) -> PhoneTable | None:
        table = self.scene.app.phone_table
        return table if isinstance(table, PhoneTable) and table.owner is self.owner else None

    @property
    def widgets(self) -> list[Widget]:
        if not self.offered:
            return []
        return [self.switch, self.codes_button] if self.table is not None else [self.switch]

    def _turn(self, on: bool) -> None:
        app = self.scene.app
        if not on:
            close_table(app)
            return
        opened = open_table(app, self.scene.game, self.owner)
        if isinstance(opened, str):
            self.switch.value = False
            self.scene.refuse(opened, self.switch.rect, "above")
            return
        self.show_codes()

    def _humans(self) -> list[int]:
        scene = self.scene
        return [seat for seat in range(scene.players) if scene.seat(seat).is_human]

    def sync(self) -> None:
        """Tell the table the rows as they stand (names, who is human) for the phones' lobby."""
        table = self.table
        if table is not None:
            scene = self.scene
            seats = range(len(scene.names))
            humans = [seat < scene.players and scene.seat(seat).is_human for seat in seats]
            colours = [scene.row_colour(s) if s < scene.players else None for s in seats]
            table.set_table([scene.names[s] for s in seats], humans, colours)

    def show_codes(self) -> None:
        table = self.table
        if table is None:
            return
        if not self._humans():
            self.scene.refuse(
                _("No seat is a person's: phones are for people."), self.switch.rect, "above"
            )
            return
        self.sync()
        rows = [(s, self.scene.names[s], self.scene.row_colour(s)) for s in self._humans()]
        self.scene.app.manager.push(JoinScene(self.scene.app, table, rows))

    def before_start(self, setup: GameSetup, rows: list[int]) -> None:
        """The game `setup` starts now; its seat i was the row rows[i]."""
        if self.table is not None:
            self.table.expect(setup, rows)

    def leave(self) -> None:
        """The setup screen is left without a game starting: the phones are let go."""
        if self.table is not None:
            close_table(self.scene.app)

    def seat_words(self, seat: int) -> str | None:
        """What a person's row says instead of "Plays at this screen", or None."""
        table = self.table
        if table is None:
            return None
        if table.row_joined(seat):
            return _("Plays on a phone")
        return _("At this screen, or scan its code")

    def draw_help(self, canvas: pygame.Surface) -> None:
        """A line under the switch saying what it does."""
        if self.offered:
            rect = self.switch.rect
            fonts.blit_paragraph(
                canvas,
                _(
                    "Each person holds their hand on their own phone: same Wi-Fi, nothing to "
                    "install."
                ),
                fonts.TINY,
                MUTED,
                pygame.Rect(rect.left, clear_of_ring(rect).bottom, rect.width, 80),
                smallest=fonts.TINY - 8,
            )

    def draw_mark(self, canvas: pygame.Surface, seat: int, at: tuple[int, int]) -> None:
        table = self.table
        if table is not None and table.row_joined(seat):
            draw_phone_mark(canvas, at, 44, GOOD)
