"""At the stand, after a visitor lost to the computer: over the results, "See where it turned".
A tap shows the one biggest turning point of the visitor's game (the coach's review at a quick
level, `scenes.screens.review` with `first_only`), in under 20 seconds, then the welcome."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.core.protocols import GameState
from scenes.kit import fonts
from scenes.kit.i18n import L_, LP_, _
from scenes.kit.palette import INK, PAPER
from scenes.kit.seats import GameSetup
from scenes.kit.text_fit import fit_lines
from scenes.kit.widgets import Button, draw_panel
from scenes.manager import Scene
from scenes.screens.review import ReviewScene
from scenes.services import AppServices

#: the coach's level at the stand: a whole game's review in a few seconds (the moves that won
#: or lost on the spot are found exactly at any level)
LEVEL = "beginner"
#: seconds of judging at most: then the biggest moment found so far is shown
DEADLINE = 14.0
#: seconds the moment stays before the welcome returns
LINGER = 25.0
PANEL = pygame.Rect(460, 300, 1000, 420)


def lost_to_the_computer(setup: GameSetup, final: GameState) -> int | None:
    """The one person of `setup` if they played against computers and did not win, else None."""
    people = [seat for seat in range(setup.players) if setup.is_human(seat)]
    result = final.result
    if len(people) != 1 or setup.players < 2 or result is None:
        return None
    return None if people[0] in result.winners else people[0]


class TurnedOffer(Scene):
    """Over the results: "See where it turned" or "No thanks"."""

    name = "turned"
    overlay = True

    def __init__(
        self, app: AppServices, setup: GameSetup, start: GameState, moves: Sequence[str]
    ) -> None:
        self.app = app
        self.setup = setup
        self.start = start.clone()
        self.moves = list(moves)
        self.see = Button(
            (PANEL.left + 40, PANEL.bottom - 150, 560, 110), L_("See where it turned"), self.open,
            icon="icon_learn",
        )  # fmt: skip
        self.skip = Button(
            (PANEL.right - 360, PANEL.bottom - 150, 320, 110),
            LP_("kiosk: not now", "No thanks"),
            app.back,
            style="secondary",
        )
        self.buttons = [self.see, self.skip]
        #: the review opened (the tests follow it)
        self.review: ReviewScene | None = None

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        return {str(button.key): button.rect for button in self.buttons}

    def open(self) -> None:
        """The biggest moment of the visitor's game, then the welcome."""
        self.review = ReviewScene(
            self.app,
            self.setup,
            self.start,
            self.moves,
            on_close=self.app.go_menu,
            level=LEVEL,
            first_only=True,
            linger=LINGER,
            deadline=DEADLINE,
        )
        self.app.manager.switch(self.review, fade=True)

    def handle(self, event: pygame.event.Event) -> bool:
        if any(button.handle(event) for button in self.buttons):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.back()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def draw(self, canvas: pygame.Surface) -> None:
        veil = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
        veil.fill((*INK, 150))
        canvas.blit(veil, (0, 0))
        draw_panel(canvas, PANEL, PAPER, radius=28, shadow=10)
        title = _("The computer won this time.")
        fonts.blit_text(
            canvas, title, fonts.HEADING - 12, INK, "midtop", (960, PANEL.top + 40), True
        )
        words = _("See the moment where the game turned, and the move the coach would play.")
        y = PANEL.top + 130
        lines, size = fit_lines(words, fonts.BODY, PANEL.width - 80, 3)
        for line in lines:
            fonts.blit_text(canvas, line, size, INK, "midtop", (960, y))
            y += max(round(fonts.BODY * 1.25), fonts.line_height(size))
        for button in self.buttons:
            button.draw(canvas)


def offer(app: AppServices, setup: GameSetup, board: Any, final: GameState) -> bool:
    """Offer "See where it turned" over the results if the visitor lost to the computer on
    `board` (the board that just ended); whether it was offered."""
    if lost_to_the_computer(setup, final) is None or not board.record.moves:
        return False
    app.manager.push(TurnedOffer(app, setup, board.start_state, board.record.moves), fade=True)
    return True
