"""`Kiosk`: what `--kiosk` adds to the app's loop.

- The operator PIN: the first start asks for one before the stand goes live (`NewPinScene`);
  wrong PINs are limited across every opening of the pad (`pin_guard`).
- Idle: after `settings.kiosk_idle_seconds` without input, a scene with a game in it (a board,
  its hand-over and dialogs, the results, a lesson) asks "Still playing?" over a ring counting
  down 10 seconds; a hot-seat hand on show is covered first (`BoardScene.pause`: it comes back
  only through its own hand-over); any touch keeps the game, else it is saved (Continue) and the
  attract loop starts. Other scenes go to attract at once. Time while the computers think or a
  move animates is not idle: the visitor is watching (`visitor_idle`). The operator's screens
  close after `OPERATOR_IDLE_SECONDS` whatever the setting.
- Every visitor starts fresh: when the stand goes back to the attract loop by itself (or rests
  there for the idle time), the visitor has gone (`visitor_gone`): a language a visitor chose
  gives way to the stand's own (the operator's setting). A touch that takes the stand out of the
  attract loop counts one visitor in the figures (once until the visitor has gone); each lesson
  opened counts one lesson.
- Opening hours (`settings.kiosk_hours`, scenes.kiosk.opening): outside them the stand shows its
  closed screen as soon as nobody is in a game or a lesson (those finish first); the day's
  figures are written then (a game left open counts as abandoned) and nothing is counted while
  closed. At the opening time the attract loop starts by itself.
- Crashes: the scene is logged (traceback) and replaced by the attract loop; three within a
  minute show the calm "Back in a moment" screen, which retries after a pause.
- Stalls: the watchdog (scenes.kiosk.watchdog).
- The cursor hides after 3 s without mouse motion.
- A long press (3 s) on the bottom-left corner, or a pad's two shoulder buttons held together
  for 3 s, opens the PIN pad of the operator screen.
- Quitting: the operator screen, or Ctrl+Shift+Q held for 5 s (`scenes.kiosk.chord`).
- Session figures (scenes.kiosk.figures), written when they change and when the app quits.
"""

from __future__ import annotations

import logging
import math
import time
import weakref
from collections import deque
from collections.abc import Callable
from typing import Any

import pygame

from game.ai.levels import LEVELS
from game.core.protocols import GameState
from scenes.boards.base import BoardScene
from scenes.boards.dialogs import PauseScene
from scenes.boards.lessons.scene import LessonScene
from scenes.kiosk import opening
from scenes.kiosk.attract import AttractScene
from scenes.kiosk.calm import CalmScene
from scenes.kiosk.challenge import DayBoard, beaten, challenge_level, is_challenge
from scenes.kiosk.chord import HeldChord, PadHold
from scenes.kiosk.closed import ClosedScene
from scenes.kiosk.figures import Figures
from scenes.kiosk.folder import FolderScene
from scenes.kiosk.heartbeat import Heartbeat
from scenes.kiosk.language import stand_language
from scenes.kiosk.on_top import KeepOnTop
from scenes.kiosk.operator import OperatorScene
from scenes.kiosk.pin import PinGuard
from scenes.kiosk.pinpad import NewPinScene, PinScene
from scenes.kiosk.watchdog import Watchdog
from scenes.kit import fonts, i18n
from scenes.kit.confirm import ConfirmScene
from scenes.kit.i18n import _, ngettext
from scenes.kit.palette import ACCENT, INK, MUTED, PAPER
from scenes.kit.seats import GameSetup
from scenes.kit.veils import lay_veil
from scenes.kit.widgets import draw_panel
from scenes.manager import Scene
from scenes.screens.handover import HandoverScene
from scenes.screens.results import ResultsScene
from scenes.screens.settings import SettingsScene
from scenes.services import AppServices

log = logging.getLogger(__name__)

COUNTDOWN_SECONDS = 10.0
CURSOR_SECONDS = 3.0
CRASH_WINDOW = 60.0
CRASHES_FOR_CALM = 3
#: the crashes kept in memory (the scene manager's list; the log keeps every one)
CRASHES_KEPT = 20
HOLD_SECONDS = 3.0
CORNER = pygame.Rect(0, 1080 - 110, 110, 110)
#: the scenes of a visitors' game on screen (a game left for another counts as abandoned)
PLAYING_SCENES: tuple[type[Scene], ...] = (BoardScene, HandoverScene, ResultsScene)
#: scenes that belong to a game or a lesson: idleness there asks "Still playing?" first, and
#: the stand closes only once they are left
GAME_SCENES: tuple[type[Scene], ...] = (*PLAYING_SCENES, PauseScene, ConfirmScene, LessonScene)
#: scenes idleness never leaves
RESTING_SCENES: tuple[type[Scene], ...] = (AttractScene, CalmScene, ClosedScene)
#: the operator's scenes: they close after OPERATOR_IDLE_SECONDS without input
OPERATOR_SCENES: tuple[type[Scene], ...] = (
    PinScene, OperatorScene, NewPinScene, SettingsScene, FolderScene,
)  # fmt: skip
OPERATOR_IDLE_SECONDS = 60.0
COUNT_PANEL = pygame.Rect(0, 0, 1000, 560)
COUNT_PANEL.center = (960, 540)


class Kiosk:
    def __init__(
        self,
        app: AppServices,
        watchdog: Watchdog | None = None,
        clock: Callable[[], float] = time.monotonic,
        window: Any = None,
        wall: Callable[[], float] = time.time,
    ):
        """`clock` times what lasts (monotonic seconds), `wall` dates what is counted (the hour of
        a figure, the day of the board; seconds since the epoch): tests give fake ones."""
        self.app = app
        self.clock = clock
        self.wall = wall
        folder = None if app.store.in_memory else app.store.folder
        self.figures = Figures(folder, clock=clock, wall=wall)
        if self.figures.notice:
            app.notify(self.figures.notice)
        self.day_board = DayBoard(folder, wall=wall)
        if self.day_board.notice:
            app.notify(self.day_board.notice)
        self.heartbeat = Heartbeat(folder)
        #: the games visitors joined by taking a computer's seat (never a challenge)
        self.taken_over: deque[GameSetup] = deque(maxlen=16)
        self.crash_times: deque[float] = deque()
        self.countdown: float | None = None
        #: the rest of the touch that answered "Still playing?" is used up here
        self.eating_touch = False
        self.cursor_still = 0.0
        self.cursor_visible = True
        self.press: list[Any] | None = None  # [down event, seconds held]
        self.pin_guard = PinGuard(clock, folder)
        if self.pin_guard.notice:
            app.notify(self.pin_guard.notice)
        self.chord = HeldChord()
        self.pad_hold = PadHold()
        #: brings the window back when it is minimised, hidden or loses the focus
        self.on_top = KeepOnTop(window) if window is not None else None
        #: seconds since a visitor was last waited for (not watching the computers play)
        self.quiet = 0.0
        #: a visitor took the stand out of the attract loop and has not gone yet (counted once)
        self.visitor_here = False
        self._was_attract = False
        #: the lesson last counted (a weak reference: the stand never keeps a scene alive)
        self._lesson_counted: weakref.ref[Scene] | None = None
        self.watchdog = (
            watchdog if watchdog is not None else Watchdog(self._on_stall, on_exit=self._on_exit)
        )

    # --- input ----------------------------------------------------------------------------------
    @property
    def needs_pin(self) -> bool:
        """No operator PIN is set yet: the stand is not live until one is."""
        return not self.app.settings.kiosk_pin_hash

    def ask_first_pin(self, then: Callable[[], object]) -> None:
        """The first start: the operator sets the PIN, then `then()` opens the stand."""
        from scenes.kiosk.pinpad import NewPinScene

        log.info("kiosk: no operator PIN yet; asking for one before the stand goes live")
        self.app.manager.switch(NewPinScene(self.app, then, first=True), fade=False)

    def handle(self, event: pygame.event.Event) -> bool:
        """See `event` before the scenes; True if it is used up here."""
        kind = event.type
        if self.chord.handle(event):
            return True
        self.pad_hold.handle(event)
        if kind == pygame.MOUSEMOTION:
            if not event.dict.get("from_finger"):
                self._show_cursor(True)
            if self.press is not None and not CORNER.collidepoint(event.pos):
                self._release_press(replay=False)
        if self.countdown is not None and kind in (
            pygame.MOUSEBUTTONDOWN,
            pygame.KEYDOWN,
            pygame.MOUSEMOTION,
            pygame.CONTROLLERBUTTONDOWN,
        ):
            self.countdown = None  # still playing
            log.info("kiosk: still playing")
            # a finger's touch comes as a motion, then its press: the whole touch only keeps the
            # game (it must not also press what lies under it, the hand-over's "I am ready")
            self.eating_touch = kind == pygame.MOUSEMOTION and bool(event.dict.get("from_finger"))
            return kind != pygame.MOUSEMOTION
        if self.eating_touch and kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.eating_touch = kind == pygame.MOUSEBUTTONDOWN
            return True
        if kind == pygame.MOUSEBUTTONDOWN and CORNER.collidepoint(event.pos):
            self.press = [event, 0.0]
            return True
        if kind == pygame.MOUSEBUTTONUP and self.press is not None:
            self._release_press(replay=True, up=event)
            return True
        return False

    def window_event(self, event: pygame.event.Event) -> None:
        """The window was minimised, hidden, lost or gained the focus...: keep it on top."""
        self.chord.handle(event)
        if self.on_top is not None:
            self.on_top.window_event(event)

    def _release_press(self, replay: bool, up: pygame.event.Event | None = None) -> None:
        """A corner press ended early: it was an ordinary touch after all."""
        press, self.press = self.press, None
        if replay and press is not None:
            self.app.manager.handle(press[0])
            if up is not None:
                self.app.manager.handle(up)

    def _show_cursor(self, visible: bool) -> None:
        if visible:
            self.cursor_still = 0.0
        if visible != self.cursor_visible:
            self.cursor_visible = visible
            pygame.mouse.set_visible(visible)

    # --- the frame ------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        held = (self.chord.held_for, self.pad_hold.held_for)
        return self.countdown is not None or any(time is not None for time in held)

    @property
    def visitor_idle(self) -> float:
        """Seconds a visitor has been waited for: since the last input, or since the computers
        last played or a move last animated, whichever is later."""
        return min(self.app.idle_seconds, self.quiet)

    def _computers_busy(self) -> bool:
        """The top scene is a board where a move is animating or a computer is to move, or a
        lesson whose scripted moves are playing."""
        board = self.app.manager.current
        if isinstance(board, LessonScene):
            return not board.waiting_for_input
        if not isinstance(board, BoardScene):
            return False
        if not board.presenter.idle:
            return True
        seat = board.state.current_player
        person = seat not in board.computers and not board.spectator
        return not board.state.is_over and seat is not None and not person

    def _count_holds(self, elapsed: float) -> None:
        """The corner's long press or the pad's shoulders held: the operator's PIN pad."""
        if self.press is not None:
            self.press[1] += elapsed
            if self.press[1] >= HOLD_SECONDS:
                self.press = None
                self.open_operator()
        if self.pad_hold.held(elapsed):
            self.open_operator()

    def tick(self, elapsed: float) -> None:
        self.watchdog.beat()
        self.heartbeat.beat(elapsed)
        self.figures.flush_due()
        if self.chord.held(elapsed):
            log.info("kiosk: the exit chord was held for %.0f s: quitting", self.chord.hold_seconds)
            self.app.quit()
        if self.on_top is not None:
            self.on_top.tick(elapsed)
        self.cursor_still += elapsed
        if self.cursor_visible and self.cursor_still >= CURSOR_SECONDS:
            self._show_cursor(False)
        self._count_holds(elapsed)
        self.quiet = 0.0 if self._computers_busy() else self.quiet + elapsed
        manager = self.app.manager
        if manager.busy or self.needs_pin:
            return
        stack = list(manager.stack)
        self._watch_game(stack)
        self._watch_visitors(stack)
        if self.countdown is not None:
            self.countdown -= elapsed
            if self.countdown <= 0:
                self.countdown = None
                self.leave_for_attract("idle")
            return
        if self._keep_hours(stack):
            return
        if any(isinstance(scene, OPERATOR_SCENES) for scene in stack):
            self._close_operator_when_idle(stack)
            return
        self._watch_idle(stack)

    def _watch_idle(self, stack: list[Scene]) -> None:
        """After the idle time: "Still playing?" over a game or a lesson, the attract loop over
        anything else; at rest, the visitor has gone."""
        top = stack[-1] if stack else None
        limit = self.app.settings.kiosk_idle_seconds
        if isinstance(top, RESTING_SCENES):
            if self.app.idle_seconds >= limit:
                self.visitor_gone()
            return
        if self.visitor_idle < limit:
            return
        if any(isinstance(scene, GAME_SCENES) for scene in stack):
            self.countdown = COUNTDOWN_SECONDS
            self._cover_hand()
            log.info("kiosk: idle for %.0f s in %s: still playing?", limit, top and top.name)
        else:
            self.leave_for_attract("idle")

    def _cover_hand(self) -> None:
        """Before "Still playing?": a hand on show at a board shared by people at one screen is
        covered, as by any scene opened over the board. The board then asks for that seat's
        hand-over, so a touch that keeps the game never shows the hand to whoever touched."""
        board = self.app.manager.current
        if isinstance(board, BoardScene):
            board.pause()

    def _watch_visitors(self, stack: list[Scene]) -> None:
        """Count a visitor when a touch takes the stand out of the attract loop (once until they
        have gone), and each lesson opened."""
        top = stack[-1] if stack else None
        came = top is not None and not isinstance(top, (*RESTING_SCENES, *OPERATOR_SCENES))
        if self._was_attract and came and not self.visitor_here:
            self.visitor_here = True
            self.figures.visitor()
        self._was_attract = isinstance(top, AttractScene)
        counted = self._lesson_counted() if self._lesson_counted is not None else None
        if isinstance(top, LessonScene) and top is not counted:
            self._lesson_counted = weakref.ref(top)
            self.figures.lesson(top.game)

    def visitor_gone(self) -> None:
        """Nobody has touched the stand for the idle time: whoever comes next is a new visitor,
        and the stand's own language returns (a visitor's choice was never saved)."""
        self.visitor_here = False
        language = stand_language(self.app)
        if i18n.language() != language:
            log.info("kiosk: the visitor has gone: back to the stand's language (%s)", language)
            i18n.set_language(language)

    def _keep_hours(self, stack: list[Scene]) -> bool:
        """Open or close the stand by its opening hours; True if that decided the frame."""
        open_now = opening.is_open(self.app.settings.kiosk_hours, self.wall())
        if stack and isinstance(stack[-1], ClosedScene):
            if open_now:
                log.info("kiosk: opening time: the stand opens")
                self.app.start_attract()
            return True
        busy = any(isinstance(scene, (*OPERATOR_SCENES, *GAME_SCENES)) for scene in stack)
        if open_now or busy:
            return False
        self.close_stand()
        return True

    def close_stand(self) -> None:
        """Outside the opening hours: the closed screen. The day's figures end here: a game
        left open counts as abandoned, and everything is written."""
        log.info("kiosk: closing time: the stand closes")
        self.visitor_gone()
        self.figures.abandoned()
        self.figures.flush()
        self.app.manager.switch(ClosedScene(self.app, self.wall()), fade=True)

    def rest(self) -> None:
        """The stand with nobody at it: the attract loop, or the closed screen outside the
        opening hours."""
        if opening.is_open(self.app.settings.kiosk_hours, self.wall()):
            self.app.start_attract()
        else:
            self.close_stand()

    def _close_operator_when_idle(self, stack: list[Scene]) -> None:
        """The operator walked away: the PIN pad closes over what it covered; the operator's
        screens give the stand back to the attract loop."""
        if self.app.idle_seconds < OPERATOR_IDLE_SECONDS:
            return
        if isinstance(stack[-1], PinScene) and not any(
            isinstance(scene, OperatorScene) for scene in stack
        ):
            log.info("kiosk: the PIN pad was left open: closed")
            self.app.manager.pop()
            self.app.idle_seconds = 0.0  # what it covered starts its own idle time afresh
            self.quiet = 0.0
        else:
            log.info("kiosk: the operator screen was left open: back to the stand")
            self.app.start_attract()

    def _watch_game(self, stack: list[Scene]) -> None:
        """A visitors' game no longer on screen (left for the menu) counts as abandoned."""
        if self.figures.open_game is not None and not any(
            isinstance(scene, PLAYING_SCENES) for scene in stack
        ):
            self.figures.abandoned()

    def wake_in(self) -> float:
        """How long an idle loop may sleep before the kiosk needs a frame."""
        waits = [1.0]
        idle_left = self.app.settings.kiosk_idle_seconds - self.visitor_idle
        if idle_left > 0:  # (past it, the scene is one that idleness does not leave)
            waits.append(idle_left)
        if self.cursor_visible:
            waits.append(CURSOR_SECONDS - self.cursor_still)
        if self.press is not None:
            waits.append(HOLD_SECONDS - self.press[1])
        if self.on_top is not None and self.on_top.due is not None:
            waits.append(self.on_top.due)
        change = opening.seconds_to_change(self.app.settings.kiosk_hours, self.wall())
        if change is not None:
            waits.append(change)
        return max(0.0, min(waits))

    # --- visitors' games -------------------------------------------------------------------------
    def seat_taken(self, setup: GameSetup) -> None:
        """A visitor took a computer's seat mid-game: that game is no challenge."""
        self.taken_over.append(setup)
        self.figures.started(setup.game)

    def hints_allowed(self, setup: GameSetup) -> bool:
        """The coach's hints are off in the challenge (one person against its level or harder):
        a win there is the visitor's own."""
        level = challenge_level(self.app.settings)
        return level is None or not is_challenge(setup, level)

    def game_finished(self, setup: GameSetup, final: GameState) -> None:
        """A visitor's game reached its results (already on their way to the screen): counted.
        A challenge beaten (one person against the challenge level or harder, from the first
        move, none taken back) goes on the board of the day and is celebrated; a visitor who
        lost to the computer is offered "See where it turned" (`scenes.kiosk.turned`)."""
        self.figures.finished(setup.game)
        board = self.app.manager.current  # the board that ended, until the results replace it
        if isinstance(board, BoardScene) and board.setup == setup:
            from scenes.kiosk.turned import offer

            if offer(self.app, setup, board, final):  # lost: "See where it turned"
                return
        level = challenge_level(self.app.settings)
        if level is None or not is_challenge(setup, level) or setup in self.taken_over:
            return
        board = self.app.manager.current  # the board that ended, until the results replace it
        if not isinstance(board, BoardScene) or board.setup != setup:
            log.warning("kiosk: a challenge game ended away from its board: not counted")
            return
        if not beaten(setup, final, board.record.rewinds):
            return
        computers = [setup.level(seat) for seat in range(setup.players)]
        beaten_level = min((lv for lv in computers if lv is not None), key=LEVELS.index)
        win = self.day_board.add(setup.game, beaten_level)
        self.figures.challenge_won(setup.game)
        log.info("kiosk: a visitor beat %s at %s", beaten_level, setup.game)
        from scenes.kiosk.celebration import CelebrationScene

        self.app.manager.push(CelebrationScene(self.app, win), fade=True)

    def leave_for_attract(self, why: str) -> None:
        log.info("kiosk: back to the attract loop (%s)", why)
        self.figures.abandoned()
        self.visitor_gone()
        self.rest()

    def open_operator(self) -> None:
        top = self.app.manager.current
        if isinstance(top, (PinScene, OperatorScene)):
            return
        self.countdown = None
        self.app.manager.push(PinScene(self.app, lambda: OperatorScene(self.app)))

    # --- crashes and stalls ---------------------------------------------------------------------
    def recover(self, scene: Scene, error: BaseException) -> Scene:
        """The scene to show after `scene` crashed (the manager has logged the traceback)."""
        from scenes.kiosk.attract import AttractScene

        self.figures.crashed()
        self._forget_old_crashes()
        if isinstance(scene, CalmScene):
            raise error  # the calm screen itself is broken: let the supervisor restart us
        now = self.clock()
        self.crash_times.append(now)
        while self.crash_times and now - self.crash_times[0] > CRASH_WINDOW:
            self.crash_times.popleft()
        self.figures.abandoned()
        self.countdown = None
        if len(self.crash_times) >= CRASHES_FOR_CALM:
            self.crash_times.clear()
            log.error("kiosk: %d crashes within a minute: Back in a moment", CRASHES_FOR_CALM)
            return CalmScene(self.app)
        log.error("kiosk: the %s scene crashed (%s): back to the attract loop", scene.name, error)
        return AttractScene(self.app)

    def _forget_old_crashes(self) -> None:
        """The manager keeps each crash's exception, whose traceback holds the frames and so the
        crashed scene (a board with its pictures): a stand that runs for days keeps the last
        CRASHES_KEPT, those before the newest without their tracebacks (the log has them)."""
        crashes = self.app.manager.crashes
        del crashes[:-CRASHES_KEPT]
        for _when, error in crashes[:-1]:
            chained: BaseException | None = error
            while chained is not None and chained.__traceback__ is not None:
                chained.__traceback__ = None
                chained = chained.__cause__ or chained.__context__

    def _on_stall(self, gap: float) -> None:
        self.figures.stalled(gap)

    def _on_exit(self, gap: float) -> None:
        self.figures.stall_exit(gap)

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, canvas: pygame.Surface) -> None:
        left = self.chord.seconds_left
        if left is not None:
            box = pygame.Rect(0, 0, 900, 110)
            box.midbottom = (960, 1050)
            draw_panel(canvas, box, PAPER, radius=28, shadow=8)
            words = ngettext(
                "Keep holding to quit the kiosk: {count} second.",
                "Keep holding to quit the kiosk: {count} seconds.",
                math.ceil(left),
            ).format(count=math.ceil(left))
            fonts.blit_text(canvas, words, fonts.SMALL, INK, "center", box.center, bold=True)
        if self.countdown is None:
            return
        lay_veil(canvas, (*INK, 150))
        draw_panel(canvas, COUNT_PANEL, PAPER, radius=40, shadow=16)
        left = max(0, math.ceil(self.countdown))
        fonts.blit_text(canvas, _("Still playing?"), fonts.HEADING, INK, "midtop",
                        (960, COUNT_PANEL.top + 50), bold=True)  # fmt: skip
        centre = (960, COUNT_PANEL.top + 300)
        pygame.draw.circle(canvas, MUTED, centre, 110, 10)
        share = max(0.0, self.countdown) / COUNTDOWN_SECONDS
        if share > 0:
            rect = pygame.Rect(0, 0, 220, 220)
            rect.center = centre
            start = math.pi / 2
            pygame.draw.arc(canvas, ACCENT, rect, start, start + 2 * math.pi * share, 14)
        fonts.blit_text(canvas, str(left), fonts.TITLE, INK, "center", centre, bold=True)
        fonts.blit_text(canvas, _("Touch anywhere to keep playing"), fonts.BODY, INK, "midbottom",
                        (960, COUNT_PANEL.bottom - 40))  # fmt: skip

    def close(self) -> None:
        if self.on_top is not None:
            self.on_top.close()
        self.watchdog.stop()
        self.figures.close()
