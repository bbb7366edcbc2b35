"""`BoardUndo`: taking moves back. With computers at the table: back to the person's last turn.
Hot seat: the person at the screen asks, another player decides (the device goes to them,
secrets hidden), on a question drawn over the board; a decider whose hand is on a phone answers
there (`PhoneSeats.phone_answer`), and the screen only says so."""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic

import pygame

from game.core.protocols import MoveT, StateT, ViewT
from scenes.boards.history import UndoRequest
from scenes.kit import fonts
from scenes.kit.i18n import L_, LP_, _
from scenes.kit.palette import BAD, INK, MUTED, PAPER
from scenes.kit.text_fit import fit_line
from scenes.kit.veils import lay_veil
from scenes.kit.widgets import Button, draw_mark, draw_panel
from scenes.phones.marks import draw_phone_mark

if TYPE_CHECKING:
    from scenes.boards.board_host import BoardHost

UNDO_PANEL = pygame.Rect(0, 0, 900, 400)
UNDO_PANEL.center = (960, 540)


class BoardUndo(Generic[StateT, ViewT, MoveT]):
    """The board's undo: what it may take back, and a hot-seat undo's question (`prompt`)."""

    def __init__(self, board: BoardHost[StateT, ViewT, MoveT]) -> None:
        self.board = board
        self.prompt: UndoRequest | None = None  # a hot-seat undo waiting for its answer
        self.allow_button = Button(
            (UNDO_PANEL.left + 60, UNDO_PANEL.bottom - 140, 360, 100),
            LP_("undo request", "Allow"),
            self.allow,
        )
        self.refuse_button = Button(
            (UNDO_PANEL.right - 420, UNDO_PANEL.bottom - 140, 360, 100),
            L_("Refuse"),
            self.refuse,
            style="secondary",
        )

    def target(self) -> int | None:
        """The turn an undo returns to, or None if nothing can be undone now."""
        board = self.board
        if board.state.is_over or not board.presenter.idle or board.spectator:
            return None
        return board.record.undo_target(bool(board.computers), board.setup.is_human)

    def request(self) -> None:
        """With computers: back to the person's last turn. Hot seat: the person at the screen
        asks, and another player decides (the device goes to them, secrets hidden)."""
        target = self.target()
        if target is None:
            self.board.status.refuse(_("Nothing to undo now."))
            return
        if self.board.computers:
            self.back_to(target)
            return
        self.prompt = self.request_for(target)
        if self.board.on_show.needs_handover:
            self.board.on_show.set_viewer(None)  # the one who decides takes the device

    def request_for(self, target: int) -> UndoRequest:
        """Who asks for the undo back to turn `target`, and who decides. The asker is the
        person at the screen: the seat on show in a game with secrets; in an open game, the
        player whose move it is (who else would want it back). The decider is the player whose
        move would be taken back, or, when that is the asker's own, the next player."""
        board = self.board
        mover = board.record.turns[target].seat
        viewer = board.on_show.viewer
        asker = next(s for s in (viewer, mover, board.state.current_player) if s is not None)
        if mover is not None and mover != asker:
            decider = mover
        else:
            decider = (asker + 1) % board.setup.players
        assert decider != asker, "the one who asks never allows it"
        names = board.setup.called_names()
        if mover is None or mover == asker:
            question = _("{asker} asks to take back their last move.").format(asker=names[asker])
        else:
            question = _("{asker} asks to take back {mover}'s last move.").format(
                asker=names[asker], mover=names[mover]
            )
        return UndoRequest(target, asker, decider, question)

    def allow(self) -> None:
        request, self.prompt = self.prompt, None
        if request is not None:
            self.back_to(request.turn)
            decider = self.board.setup.called(request.decider)
            self.board.status.tell(
                _("{name} allowed it: the move is taken back.").format(name=decider)
            )

    def refuse(self) -> None:
        request, self.prompt = self.prompt, None
        if request is not None:  # the asker sees why nothing changed, once back at the screen
            decider = self.board.setup.called(request.decider)
            self.board.status.tell(_("{name} refused: the move stays.").format(name=decider))

    def back_to(self, index: int) -> None:
        """Take the game back to the start of turn `index` (and save it so)."""
        board = self.board
        state = board.record.rewind(index)
        board.record.note(L_("(move taken back)"))
        board.set_state(state, rewound=True)
        board.keeper.autosave()

    def withdraw(self) -> None:
        self.prompt = None

    @property
    def answered_on_phone(self) -> bool:
        """The seat that decides plays on its phone: it answers there, not at the screen."""
        request = self.prompt
        return request is not None and self.board.phone_seats.on_phone(request.decider)

    def handle(self, event: pygame.event.Event) -> bool:
        """Input while the question is up: only its answer, at the screen unless the one who
        decides answers on their phone (Escape withdraws it)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.withdraw()
            return True
        if self.answered_on_phone:
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)
        return (
            self.allow_button.handle(event)
            or self.refuse_button.handle(event)
            or event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)
        )

    def draw(self, canvas: pygame.Surface) -> None:
        """The question over a veiled board: who decides, and Allow / Refuse."""
        request = self.prompt
        assert request is not None
        board = self.board
        lay_veil(canvas, (*INK, 110))
        draw_panel(canvas, UNDO_PANEL, PAPER, radius=32, shadow=14)
        centre = UNDO_PANEL.centerx
        decider = board.setup.called(request.decider)
        colour = board.setup.colours[request.decider]
        on_phone = self.answered_on_phone
        if board.on_show.needs_handover and not on_phone:
            title = _("Pass to {name}").format(name=decider)
        else:
            title = _("{name}, allow the undo?").format(name=decider)
        words, size = fit_line(title, fonts.HEADING - 12, UNDO_PANEL.width - 160, bold=True)
        width = fonts.measure(words, size, bold=True)[0] + 60  # the mark, a gap, the words
        left = centre - width // 2
        draw_mark(canvas, colour.mark, (left + 22, UNDO_PANEL.top + 76), 22, colour.rgb)
        fonts.blit_text(canvas, words, size, INK, "midleft", (left + 60, UNDO_PANEL.top + 78), True)
        words, size = fit_line(request.question, fonts.SMALL, UNDO_PANEL.width - 80, False, 24)
        fonts.blit_text(canvas, words, size, INK, "midtop", (centre, UNDO_PANEL.top + 132))
        if on_phone:
            decides = _("{name} answers on their phone (Escape withdraws the request).").format(
                name=decider
            )
        else:
            decides = _("{name} decides: allow it or refuse it.").format(name=decider)
        decides, size = fit_line(decides, fonts.TINY, UNDO_PANEL.width - 80, False, 22)
        fonts.blit_text(
            canvas, decides, size, BAD if board.status.refusal else MUTED, "midtop",
            (centre, UNDO_PANEL.top + 190),
        )  # fmt: skip
        if on_phone:  # where the answer would be: the phone it comes from
            draw_phone_mark(canvas, (centre, self.allow_button.rect.centery), 72, colour.rgb)
        else:
            self.allow_button.draw(canvas)
            self.refuse_button.draw(canvas)
