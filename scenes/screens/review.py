"""The game review: the coach (`game.ai.coach.Review`) goes through one person's moves of a
finished game, off the frame loop, with a progress bar (the window stays responsive; Cancel
stops it), then steps through the turning points on the real board: the position before the
move, the move played drawn as the last-move marker, the better move glowing, and a sentence
made from the game's events (`scenes.boards.coach_words`). Back and forth between moments;
"Show the whole game" opens the replay viewer at that move (`watch`, given by the scene that
opens the review: the results, the replay viewer).

Each person gets their own review (a tab per person). In a game with secrets the board shows
the reviewed seat's view only (the other hands stay hidden, as in the replay viewer), and
where several people share the screen the review of each waits behind the hand-over screen.

The kiosk's "See where it turned" is this scene with `first_only`: the one biggest moment,
then back after `linger` seconds (judged for `deadline` seconds at most).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from functools import partial

import pygame

from game import GAMES
from game.ai.coach import Moment, Review, biggest
from game.core.protocols import GameState
from scenes.boards import board_spec
from scenes.boards.base import AnyBoard, keep_clear_for_notes
from scenes.boards.coach_words import moment_heading, moment_words
from scenes.boards.computers import OffThread, between_iterations
from scenes.boards.layers import TOP_BAR
from scenes.boards.making import spectator_board
from scenes.kit import callout, fonts, keymap
from scenes.kit.drawn_boxes import note_cover
from scenes.kit.i18n import L_, LP_, _
from scenes.kit.keymap import Action
from scenes.kit.last_move import draw_traces
from scenes.kit.palette import ACCENT, INK, MUTED, PAPER, WHITE
from scenes.kit.seats import GameSetup
from scenes.kit.text_fit import fit_line, fit_lines
from scenes.kit.widgets import Button, draw_panel
from scenes.manager import Scene
from scenes.services import AppServices

log = logging.getLogger(__name__)

#: the coach's level for a review (its iterations: deterministic for a game)
LEVEL = "normal"
PROGRESS_PANEL = pygame.Rect(410, 330, 1100, 420)
BAR = pygame.Rect(490, 470, 940, 44)
TAB_TOP = 10


class ReviewScene(Scene):
    """The review of a finished game (see the module); `on_close` is called by Close (default:
    `app.back`)."""

    name = "review"

    def __init__(
        self,
        app: AppServices,
        setup: GameSetup,
        start_state: GameState[object],
        moves: Sequence[str],
        on_close: Callable[[], object] | None = None,
        level: str = LEVEL,
        first_only: bool = False,
        linger: float | None = None,
        watch: Callable[[int], object] | None = None,
        deadline: float | None = None,
    ) -> None:
        self.app = app
        self.setup = setup
        self.start = start_state.clone()
        self.moves = [str(move) for move in moves]
        self.level = level
        self.first_only = first_only
        #: seconds the moment stays before the scene closes on its own (None: until Close)
        self.linger = linger
        self.on_close = on_close or app.back
        #: "Show the whole game": the replay viewer after that many moves (None: not offered)
        self.watch = watch
        #: seconds of judging at most (then what was judged is shown; None: no limit)
        self.deadline = deadline
        people = [seat for seat in range(setup.players) if setup.is_human(seat)]
        #: the seats that may be reviewed (each person's own; every seat in a computers' game)
        self.seats = people or list(range(setup.players))
        self.seat = self.seats[0]
        self.review: Review | None = None
        self._think: OffThread[None] | None = None
        self.moments: list[Moment] = []
        self.at = 0  # the moment on show
        self.board: AnyBoard | None = None
        #: the review is done, but its moments wait behind the hand-over screen
        self.waiting = False
        #: what the moments' sentences said, with the seat reviewed (the tests read them)
        self.said: list[tuple[int, str]] = []
        small = fonts.BODY
        self.close_button = Button(
            (24, 11, 170, 96), L_("Close"), self.close, icon="icon_back", style="secondary",
            size=small,
        )  # fmt: skip
        self.cancel_button = Button(
            (PROGRESS_PANEL.centerx - 150, PROGRESS_PANEL.bottom - 120, 300, 96),
            L_("Cancel"),
            self.close,
            style="secondary",
            size=small,
        )
        self.back_button = Button(
            (210, 11, 150, 96), LP_("review: the moment before", "Back"), self.back,
            style="secondary", size=small,
        )  # fmt: skip
        self.next_button = Button(
            (370, 11, 150, 96), LP_("review: the next moment", "Next"), self.forward,
            style="secondary", size=small,
        )  # fmt: skip
        self.whole_button = Button(
            (530, 11, 360, 96), L_("Show the whole game"), self.show_whole_game, icon="icon_play",
            style="secondary", size=small,
        )  # fmt: skip
        self.tabs = [
            Button(
                (0, TAB_TOP, 240, 96),
                setup.names[seat],
                partial(self.choose, seat),
                style="secondary",
                size=small,
            )
            for seat in self.seats
        ]
        right = 1896
        for tab in reversed(self.tabs if len(self.tabs) > 1 else []):
            tab.rect.right = right
            right = tab.rect.left - 10
        self.start_review()

    # --- the coach at work ------------------------------------------------------------------------
    def start_review(self) -> None:
        """Judge the seat's moves off the frame loop."""
        self.cancel_think()
        review = Review(self.start, self.moves, self.seat, self.level, seed=0)
        review.pause = between_iterations
        self.review, self.moments, self.at, self.board = review, [], 0, None

        def work(stop: threading.Event) -> None:
            while review.step(stop) is not None:
                pass

        self._think = OffThread(work, f"coach-review-seat-{self.seat}")

    def cancel_think(self) -> None:
        if self._think is not None:
            self._think.cancel()
            self._think = None

    @property
    def judging(self) -> bool:
        return self._think is not None

    @property
    def progress(self) -> float:
        """How much of the review is done, 0..1."""
        review = self.review
        if review is None or review.total == 0:
            return 1.0
        return review.done / review.total

    def stop_early(self) -> None:
        """Show what the coach has judged so far (the kiosk's time is up)."""
        if self._think is not None:
            self._think.cancel()
            self._think.wait(5.0)
            self._judged()

    def _judged(self) -> None:
        """The review is done (or stopped): its moments, shown after the hand-over if needed."""
        think, self._think = self._think, None
        if think is not None and think.error is not None:
            raise RuntimeError("the coach's review failed") from think.error
        review = self.review
        assert review is not None
        moments = review.moments
        log.info(
            "review of seat %d: %d of %d moves judged, %d turning points",
            self.seat, review.done, review.total, len(moments),
        )  # fmt: skip
        if self.first_only or not moments:
            top = biggest(review.judged)
            moments = [] if top is None else [top]
        self.moments = moments
        if self.needs_handover:
            self.waiting = True
            self.app.handover(
                self.setup.called(self.seat), self.setup.colours[self.seat], self._ready
            )
        else:
            self.show(0)

    def _ready(self) -> None:
        self.waiting = False
        self.show(0)

    @property
    def needs_handover(self) -> bool:
        """Several people share the screen in a game with secrets: each review is its seat's."""
        people = [s for s in range(self.setup.players) if self.setup.is_human(s)]
        return GAMES[self.setup.game].hidden_information and len(people) >= 2

    # --- the moments --------------------------------------------------------------------------
    def show(self, at: int) -> None:
        """Show moment `at`: the board as the seat saw it before the move."""
        if not self.moments:
            self.board = None
            return
        self.at = max(0, min(len(self.moments) - 1, at))
        moment = self.moments[self.at]
        if self.board is not None:
            self.board.exit()
        board = spectator_board(self.app, self.setup, self.start, self.moves[: moment.index])
        board.shows_results = False
        board.enter()
        if board.info.hidden_information:
            board.on_show.set_viewer(self.seat)  # the reviewed seat's view, nobody else's
        board.record.last_traces = []  # (the marker shows the move reviewed, not the one before)
        keep_clear_for_notes(board)  # the coach's note stands at its coach_rect
        self.board = board
        self.back_button.enabled = self.at > 0
        self.next_button.enabled = self.at < len(self.moments) - 1

    @property
    def moment(self) -> Moment | None:
        return self.moments[self.at] if self.board is not None and self.moments else None

    def back(self) -> None:
        if self.moment is not None and self.at > 0:
            self.show(self.at - 1)

    def forward(self) -> None:
        if self.moment is not None and self.at < len(self.moments) - 1:
            self.show(self.at + 1)

    def choose(self, seat: int) -> None:
        """Review another person's moves."""
        if seat != self.seat and not self.waiting:
            self.seat = seat
            self.start_review()

    def show_whole_game(self) -> None:
        """The replay viewer at the moment's move (paused before it)."""
        moment = self.moment
        if moment is not None and self.watch is not None:
            self.watch(moment.index)

    def close(self) -> None:
        self.cancel_think()
        if self.board is not None:
            self.board.exit()
            self.board = None
        self.on_close()

    def words(self) -> tuple[str, str]:
        """The heading and the sentence of the moment on show."""
        moment = self.moment
        review = self.review
        if moment is None or review is None:
            return "", ""
        number = [judged.index for judged in review.judged].index(moment.index) + 1
        spec = board_spec(self.setup.game)
        words = moment_words(spec, moment, self.setup.called_names())
        if not moment.turning:
            words = _("No turning point: this is the move that gave up most.") + " " + words
        return moment_heading(moment, number), words

    # --- the frame ----------------------------------------------------------------------------
    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = {str(button.key): button.rect for button in self.buttons}
        for seat, tab in zip(self.seats, self.tabs, strict=True):
            if tab in self.buttons:
                rects[f"seat {seat}"] = tab.rect
        return rects

    @property
    def buttons(self) -> list[Button]:
        if self.judging or self.waiting:
            return [self.cancel_button]
        shown = [self.close_button]
        if self.moment is not None:
            if not self.first_only:
                shown += [self.back_button, self.next_button]
            if self.watch is not None:
                shown.append(self.whole_button)
        if not self.first_only and len(self.tabs) > 1:
            shown += self.tabs
        return shown

    @property
    def animating(self) -> bool:
        return self.judging or self.linger is not None

    def update(self, dt: float) -> None:
        if self._think is not None and self._think.done:
            self._judged()
        elif self._think is not None and self.deadline is not None:
            self.deadline -= dt
            if self.deadline <= 0:
                self.stop_early()
        if self.board is not None:
            self.board.update(dt)
        if self.linger is not None and not self.judging and not self.waiting:
            self.linger -= dt
            if self.linger <= 0:
                self.linger = None
                self.close()

    def handle(self, event: pygame.event.Event) -> bool:
        if any(button.handle(event) for button in self.buttons):
            return True
        asked = keymap.actions(event)  # (keys, a pad's d-pad or stick and its B alike)
        for wanted, act in (
            (Action.LEFT, self.back),
            (Action.RIGHT, self.forward),
            (Action.BACK, self.close),
        ):
            if wanted in asked:
                act()
                return True
        return False

    def draw(self, canvas: pygame.Surface) -> None:
        for tab, seat in zip(self.tabs, self.seats, strict=True):
            tab.selected = seat == self.seat
        if self.judging or self.waiting or self.board is None:
            self._draw_progress(canvas)
            return
        board = self.board
        board.draw(canvas)
        moment = self.moment
        assert moment is not None
        draw_traces(canvas, board.move_traces(list(moment.events)), board.trace_rect)
        spots = [] if moment.better == moment.played else board.click_path(moment.better)
        for spot in spots[:1]:
            callout.glow(canvas, spot, 0.0)
        heading, words = self.words()
        area = callout.clear_area(board.coach_rect(), words, spots)
        fill = board.coach_fills and area == board.coach_rect()
        callout.note(canvas, area, heading, words, ACCENT, spots=spots, fill=fill)
        self.said.append((self.seat, words))
        del self.said[:-200]
        self._draw_bar(canvas)

    def _draw_bar(self, canvas: pygame.Surface) -> None:
        canvas.fill(INK, TOP_BAR)  # the review's bar covers the board's own
        note_cover(canvas, TOP_BAR)
        for button in self.buttons:
            button.draw(canvas)
        left = self.whole_button.rect.right + 20
        right = (self.tabs[0].rect.left if len(self.tabs) > 1 else 1896) - 20
        label = _("{name}'s review: moment {number} of {count}").format(
            name=self.setup.called(self.seat), number=self.at + 1, count=len(self.moments)
        )
        line, size = fit_line(label, fonts.SMALL, right - left, True, fonts.TINY - 8)
        fonts.blit_text(canvas, line, size, WHITE, "midleft", (left, TOP_BAR.centery), bold=True)

    def _draw_progress(self, canvas: pygame.Surface) -> None:
        canvas.fill(INK)
        draw_panel(canvas, PROGRESS_PANEL, PAPER, radius=24, shadow=10)
        name = self.setup.called(self.seat)
        if self.judging or self.waiting:
            title = _("The coach goes through {name}'s moves…").format(name=name)
        else:
            title = _("The coach found no move to show: every move of {name} held up.").format(
                name=name
            )
        lines, size = fit_lines(title, fonts.BODY, PROGRESS_PANEL.width - 80, 2, bold=True)
        y = PROGRESS_PANEL.top + 70 if self.judging or len(lines) == 1 else BAR.top - 60
        for line in lines:
            fonts.blit_text(canvas, line, size, INK, "center", (960, y), bold=True)
            y += max(round(fonts.BODY * 1.25), fonts.line_height(size, True))
        review = self.review
        if self.judging and review is not None:
            pygame.draw.rect(canvas, WHITE, BAR, border_radius=22)
            done = BAR.copy()
            done.width = round(BAR.width * self.progress)
            if done.width:
                pygame.draw.rect(canvas, ACCENT, done, border_radius=22)
            pygame.draw.rect(canvas, INK, BAR, 3, border_radius=22)
            count = _("{done} of {total} moves").format(done=review.done, total=review.total)
            fonts.blit_text(canvas, count, fonts.TINY, MUTED, "midtop", (960, BAR.bottom + 12))
        for button in self.buttons:
            button.draw(canvas)

    def exit(self) -> None:
        self.cancel_think()
        if self.board is not None:
            self.board.exit()
