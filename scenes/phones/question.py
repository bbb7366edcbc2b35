"""The big screen's question when a second phone asks for a seat that has one: at most one
question per seat, whatever the phones do.

A newer phone asking for the same seat takes the place of the one the question asked about (the
table lets the earlier one go); a phone asking again on the same connection changes nothing; and
the question closes by itself when the phone it asks about leaves or is let go (`withdraw`), or
when the table closes. Nothing here runs a game: the table (`host.PhoneTable`) decides what
"Allow" and "Keep the first" do.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.kit.confirm import ConfirmScene
from scenes.kit.i18n import L_, LP_, _
from scenes.kit.seat_names import Called
from scenes.services import AppServices

#: what the table does with an answer: (row, connection asking)
Answer = Callable[[int, int], object]


class SecondPhoneQuestion(ConfirmScene):
    """Allow a second phone into seat `row`? "Keep the first" (or Escape) refuses it; a question
    withdrawn (its phone left) closes without an answer."""

    def __init__(
        self,
        app: AppServices,
        row: int,
        name: str | Called,
        asking: int,
        allow: Answer,
        keep: Answer,
    ) -> None:
        super().__init__(
            app,
            _("A second phone asks for {name}'s seat").format(name=name),
            _("Allow it to take the seat from the first phone, or keep the first one."),
            LP_("second phone", "Allow"),
            L_("Keep the first"),
            self._allowed,
        )
        self.row = row
        self.asking: int | None = asking  # the connection asking; None once withdrawn
        self._allow, self._keep = allow, keep
        self._answered = False

    @property
    def closed(self) -> bool:
        return self._closed

    def ask_about(self, connection: int) -> None:
        """Ask about `connection` instead (a newer phone asks for the same seat)."""
        self.asking = connection

    def withdraw(self) -> None:
        """The phone asked about is gone: the question closes (at once if it is on top, else
        when it is next on top; it is not drawn meanwhile)."""
        self.asking = None

    def _allowed(self) -> None:
        if self.asking is not None:
            self._allow(self.row, self.asking)

    def _yes(self) -> None:
        self._answered = True
        super()._yes()

    def close(self) -> None:
        first = not self._closed
        super().close()
        if first and not self._answered:
            self._answered = True
            if self.asking is not None:
                self._keep(self.row, self.asking)

    @property
    def animating(self) -> bool:
        return self.asking is None  # (it is about to close itself)

    def update(self, dt: float) -> None:
        if self.asking is None:
            self.close()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.asking is None:
            return False
        return super().handle(event)

    def draw(self, canvas: pygame.Surface) -> None:
        if self.asking is not None:
            super().draw(canvas)


class SeatQuestions:
    """The questions open on the big screen, at most one per seat (see the module docstring)."""

    def __init__(self, app: AppServices, allow: Answer, keep: Answer) -> None:
        self.app = app
        self.allow, self.keep = allow, keep
        self._open: dict[int, SecondPhoneQuestion] = {}

    def ask(self, row: int, name: str | Called, connection: int) -> None:
        """Ask whether `connection` may take seat `row` (the seat's open question asks about it
        instead, if there is one)."""
        question = self._open.get(row)
        if question is not None and not question.closed:
            question.ask_about(connection)
            return
        question = SecondPhoneQuestion(self.app, row, name, connection, self.allow, self.keep)
        self._open[row] = question
        self.app.manager.push(question)

    def withdraw(self, row: int) -> None:
        """The phone asking for `row` is gone: its question closes."""
        question = self._open.pop(row, None)
        if question is not None:
            question.withdraw()

    def withdraw_all(self) -> None:
        for row in list(self._open):
            self.withdraw(row)

    def shown(self) -> list[SecondPhoneQuestion]:
        """The questions open now (answered ones are not)."""
        return [q for q in self._open.values() if not q.closed and q.asking is not None]
