"""The lesson runner, one for every game: a scene that owns the game's real board (built from
its `BoardSpec`, on the real engine) and leads a person through the game's `Lesson`.

The board takes the person's clicks as in any game; the lesson judges each move before it is
played (`BoardScene.move_gate`): the move a step accepts is played, any other changes nothing
and is answered (the engine's own refusal for an illegal move, the step's reason for a legal
one) while what to use glows again. The other seat is a computer seat whose bot plays the
lesson's replies (`script`), with the board's thinking cue and animations. When a step's moves
are played and shown, the coach's note names what happened and points at it; Next goes on.

The lesson's bar covers the board's own: Leave (asks first, as Escape does), Back (the step
before), the goal, Skip (the next step). The last screen offers a real game against the weakest
computer. A finished lesson is remembered in the settings (`lessons_done`), outside kiosk mode.
"""

from __future__ import annotations

import pygame

from game import GAMES
from game.ai.levels import LEVELS, level
from game.core.events import Event
from scenes.boards import BOARDS, seat_colours_for
from scenes.boards.base import AnyBoard, BoardScene, keep_clear_for_notes
from scenes.boards.chrome import MENU_BUTTON, RIGHT_EDGE, UNDO_BUTTON
from scenes.boards.cursor import BoardCursor
from scenes.boards.layers import TOP_BAR
from scenes.boards.lessons import coach
from scenes.boards.lessons.check import CheckedLesson, check
from scenes.boards.lessons.data import Beat, Reply, Step, You
from scenes.boards.lessons.script import LessonSetup
from scenes.boards.making import board_scene_class
from scenes.kit import callout, fonts, keymap
from scenes.kit.confirm import ConfirmScene
from scenes.kit.i18n import L_, N_, _
from scenes.kit.keymap import Action
from scenes.kit.palette import ACCENT, BAD, MUTED, seat_colours
from scenes.kit.seats import HUMAN, Seat
from scenes.kit.speech import spoken
from scenes.kit.widgets import Button, Toggle
from scenes.manager import Scene
from scenes.services import AppServices

#: how long what to use breathes after a step begins or a try is turned down
GLOW_SECONDS = 2.5
LAST_PANEL = pygame.Rect(0, 0, 1240, 660)
LAST_PANEL.center = (960, 560)
#: the words for a click that does nothing while the person is to move
FOLLOW_THE_GLOW = N_("Not there: use what glows. The goal is written at the top.")


def weakest_level() -> str:
    """The weakest computer level (the lesson's last screen offers a game against it)."""
    return LEVELS[0]


#: the board's actions a lesson leaves out: its undo, previews, hint, pause menu and think view
BOARD_ONLY = frozenset({Action.UNDO, Action.PREVIEWS, Action.HINT, Action.PAUSE, Action.THINKING})


class LessonScene(Scene):
    """One game's lesson on its real board (see the module)."""

    name = "lesson"

    def __init__(self, app: AppServices, game: str) -> None:
        self.app = app
        self.game = game
        self.spoken_title = lambda: spoken((_(GAMES[game].title), _(self.step.goal)))
        self.spec = BOARDS[game]
        lesson = self.spec.load_lesson()
        if lesson is None:
            raise ValueError(f"{GAMES[game].title} has no lesson")
        #: the lesson, replayed through the engine (WrongLesson if they disagree)
        self.checked: CheckedLesson = check(lesson)
        self.lesson = lesson
        self.setup = self._setup()
        board_class = board_scene_class(game)
        self.board: AnyBoard = board_class(app, self.setup, start_state=self.checked.start(0))
        self.board.shows_results = False
        self.board.keeper.saves = False
        self.board.move_gate = self._judge
        self.board.watch_events = self._moved
        self.board.status.watch_refusals = self._refused
        keep_clear_for_notes(self.board)  # the notes stand at its coach_rect all along
        #: the focus of keys and a pad: the lesson's buttons and the board's places
        self.focus = BoardCursor(
            self.board,
            lambda: self.button_rects,
            self,
            lambda: LAST_PANEL if self.finished else None,
        )
        self.index = 0  #: the step on screen
        self.beat = 0  #: its next beat
        self.step_done = False  #: its beats are played and shown: the callout is up
        self.finished = False  #: the last screen is up
        #: why the last try was turned down (shown in the coach's note), or None
        self.answer: str | None = None
        self.refusals = 0  #: tries turned down so far
        self.glow = GLOW_SECONDS
        self._make_buttons()
        self._enter_step(0, fresh=False)

    def _setup(self) -> LessonSetup:
        lesson = self.lesson
        seats = tuple(
            HUMAN if seat == lesson.you else Seat.computer(weakest_level())
            for seat in range(lesson.players)
        )
        scheme = seat_colours(self.app.settings.colour_scheme)
        colours = seat_colours_for(self.game, scheme, lesson.players)  # as in a real game
        options = GAMES[self.game].default_options()
        names = tuple(_(name) for name in lesson.names)
        return LessonSetup(self.game, seats, names, colours, options, seed=1)

    def _make_buttons(self) -> None:
        small = fonts.BODY
        self.leave_button = Button(
            MENU_BUTTON, L_("Leave"), self.request_leave, icon="icon_back", style="secondary",
            size=small,
        )  # fmt: skip
        self.back_button = Button(
            UNDO_BUTTON, L_("Back"), self.step_back, style="secondary", size=small
        )
        self.back_button.on_refuse = self._refused
        self.skip_button = Button(
            (RIGHT_EDGE - 180, 10, 180, 96), L_("Skip ›"), self.skip, style="secondary",
            size=small,
        )  # fmt: skip
        self.next_button = Button((0, 0, 240, callout.BUTTON_HEIGHT), L_("Next ›"), self.next_step)
        weakest = L_(level(weakest_level()).title)
        width = (LAST_PANEL.width - 200) // 3
        top = LAST_PANEL.bottom - 160
        self.offer = self._offer_toggle()
        self.last_buttons = [
            Button(
                (LAST_PANEL.left + 60, top, width + 160, 110),
                L_("Play a game against the {level} computer", level=weakest),
                self.play_computer,
                icon="icon_play",
                size=fonts.BODY,
            ),
            Button(
                (LAST_PANEL.left + 60 + width + 200, top, width - 100, 110),
                L_("Again"),
                self.restart,
                style="secondary",
                size=fonts.BODY,
            ),
            Button(
                (LAST_PANEL.right - 60 - (width - 100), top, width - 100, 110),
                L_("Leave"),
                self.leave,
                icon="icon_back",
                style="secondary",
                size=fonts.BODY,
            ),
        ]

    def _offer_toggle(self) -> Toggle | None:
        """The switch of the game option the lesson offers on its last screen (None: none)."""
        key = self.lesson.offer
        option = next((o for o in GAMES[self.game].options if o.key == key), None)
        if key is None or option is None:
            return None
        remembered = self.app.settings.last_setup.get(self.game, {}).get("options", {})
        rect = (LAST_PANEL.left + 70, LAST_PANEL.top + 370, 560, 80)
        return Toggle(rect, L_(option.label), bool(remembered.get(key, option.default)),
                      self._set_offer, size=fonts.SMALL)  # fmt: skip

    def _set_offer(self, value: bool) -> None:
        """Remember the offered option for this game's next setups (and the game offered)."""
        assert self.lesson.offer is not None
        setup = self.app.settings.last_setup.setdefault(self.game, {})
        setup.setdefault("options", {})[self.lesson.offer] = value
        self.app.save_settings()

    # --- where the lesson stands ----------------------------------------------------------------

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def current_beat(self) -> Beat | None:
        beats = self.step.beats
        return beats[self.beat] if self.beat < len(beats) else None

    @property
    def your_turn(self) -> bool:
        """The person is to make the step's next move, and the board takes it."""
        return (
            not self.finished
            and not self.step_done
            and isinstance(self.current_beat, You)
            and self.board.human_to_move
        )

    def _parse(self, text: str) -> object:
        return GAMES[self.game].parse_move(self.board.state, text)

    def hint_path(self) -> list[pygame.Rect]:
        """Every click of the step's glowing move from the input as it stands (empty while the
        person has no move to make): the first glows; tests and the benchmark click them."""
        beat = self.current_beat
        if not self.your_turn or not isinstance(beat, You):
            return []
        return self.board.click_path(self._parse(beat.moves[0]))

    def hint_rect(self) -> pygame.Rect | None:
        """What the person should use next (it glows), or None."""
        path = self.hint_path()
        return path[0] if path else None

    # --- steps ----------------------------------------------------------------------------------

    def _enter_step(self, index: int, fresh: bool) -> None:
        """Show step `index`; `fresh`: from its start position (else the board goes on)."""
        self.index = index
        self.beat = 0
        self.step_done = False
        self.answer = None
        self.glow = GLOW_SECONDS
        if fresh:
            self.board.set_state(self.checked.start(index))
        self._ready_reply()

    def _ready_reply(self) -> None:
        """Give the scripted seat its reply when one is due (it plays it when the board lets
        it: after the animation running now, and its thinking cue)."""
        beat = self.current_beat
        self.setup.script.next = self._parse(beat.move) if isinstance(beat, Reply) else None

    def next_step(self) -> None:
        if not self.step_done:
            return
        if self.index + 1 >= len(self.lesson.steps):
            self.finish()
            return
        following = self.lesson.steps[self.index + 1]
        self._enter_step(self.index + 1, fresh=following.position is not None)

    def step_back(self) -> None:
        if self.index > 0:
            self._enter_step(self.index - 1, fresh=True)

    def skip(self) -> None:
        if self.index + 1 < len(self.lesson.steps):
            self._enter_step(self.index + 1, fresh=True)
        else:
            self.finish()

    def restart(self) -> None:
        self.finished = False
        self._enter_step(0, fresh=True)

    def finish(self) -> None:
        """The last screen; the lesson is remembered as done (outside kiosk mode)."""
        self.finished = True
        self.setup.script.next = None
        done = self.app.settings.lessons_done
        if not self.app.kiosk and self.game not in done:
            done.append(self.game)
            self.app.save_settings()

    # --- the board's hooks ----------------------------------------------------------------------

    def _judge(self, move: object) -> str | None:
        """The board's gate: None lets the person's `move` be played, else why not."""
        beat = self.current_beat
        if self.finished or self.step_done or not isinstance(beat, You):
            return _("This step is done: press Next.")
        text = str(move)
        return None if text in beat.moves else _(beat.answer(text))

    def _moved(self, events: list[Event]) -> None:
        """A move was played on the board (the person's or the script's)."""
        self.answer = None
        self.beat += 1
        self._ready_reply()

    def _refused(self, reason: str) -> None:
        """A try was turned down: say why, and let what to use glow again."""
        self.answer = reason
        self.refusals += 1
        self.glow = GLOW_SECONDS

    # --- leaving, and the game after ------------------------------------------------------------

    def request_leave(self) -> None:
        self.app.manager.push(
            ConfirmScene(
                self.app,
                _("Leave the lesson?"),
                _("You can start it again from the game's setup, the rules or the pause menu."),
                _("Leave"),
                _("Stay"),
                self.leave,
            )
        )

    def leave(self) -> None:
        self.app.back()

    def play_computer(self) -> None:
        """A real game against the weakest computer; a game in progress beneath is asked about."""
        seats = [HUMAN, *[Seat.computer(weakest_level())] * (self.lesson.players - 1)]
        setup = self.app.quick_setup(self.game, seats)
        if not any(
            isinstance(scene, BoardScene) and scene.keeper.in_progress
            for scene in self.app.manager.stack
        ):
            self.app.start_game(setup)
            return
        self.app.manager.push(
            ConfirmScene(
                self.app,
                _("Start a new game?"),
                _("The game you left for the lesson is saved until the new game's first move."),
                _("New game"),
                _("Stay"),
                lambda: self.app.start_game(setup),
            )
        )

    # --- the scene ------------------------------------------------------------------------------

    def enter(self) -> None:
        self.board.enter()

    def exit(self) -> None:
        self.setup.script.next = None
        self.board.exit()

    @property
    def buttons(self) -> list[Button]:
        """The buttons that take clicks now."""
        if self.finished:
            return list(self.last_buttons)
        shown = [self.leave_button, self.back_button, self.skip_button]
        return [*shown, self.next_button] if self.step_done else shown

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = {button.key.rstrip(" ›"): button.rect for button in self.buttons}
        if self.finished:
            rects["Play"] = self.last_buttons[0].rect
        return rects

    @property
    def animating(self) -> bool:
        return self.board.animating or self.glow > 0 or self._beats_played

    @property
    def waiting_for_input(self) -> bool:
        """The glow breathes while the person may already act: only the board and the
        lesson's own beats are waited for."""
        return not (self.board.animating or self._beats_played)

    @property
    def _beats_played(self) -> bool:
        return not self.finished and not self.step_done and self.current_beat is None

    def update(self, dt: float) -> None:
        self.back_button.enabled = self.index > 0
        self.back_button.refusal = _("This is the first step.")
        self.board.update(dt)
        self.glow = max(0.0, self.glow - dt)
        board = self.board
        if self._beats_played and board.presenter.idle and board.computers.thinking_seat is None:
            self.step_done = True
            self.answer = None

    def handle(self, event: pygame.event.Event) -> bool:
        if any(button.handle(event) for button in self.buttons):
            return True
        if self.finished and self.offer is not None and self.offer.handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if self.finished:
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        pos = getattr(event, "pos", None)
        if pos is not None and (TOP_BAR.collidepoint(pos) or self._on_note(pos)):
            return event.type != pygame.MOUSEMOTION  # the board's own bar is covered
        waiting = self.your_turn
        hint = self.hint_rect() if event.type == pygame.MOUSEBUTTONDOWN else None
        refusals = self.refusals
        used = self.board.handle(event)
        if waiting and not used and event.type == pygame.MOUSEBUTTONDOWN:
            self._refused(_(FOLLOW_THE_GLOW))
            return True
        on_hint = hint is not None and pos is not None and hint.collidepoint(pos)
        if used and on_hint and self.refusals == refusals:
            self.answer = None  # the glowing thing was used: what was said against a try is over
        return used

    def _on_note(self, pos: tuple[int, int]) -> bool:
        """`pos` is on the coach's note (which stands over the board while it is up)."""
        area = self.board.coach_rect()
        if self.step_done:
            words = _(self.step.callout.words)
            panel = callout.note_panel(area, words, with_button=True, fill=self.board.coach_fills)
        elif self.answer is not None:
            panel = callout.note_panel(area, self.answer, False, fill=self.board.coach_fills)
        else:
            return False
        return panel.collidepoint(pos)

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:  # the usual question, but none once the lesson is over
            if self.finished:
                self.leave()
            elif self.board.has_selection():  # as on a board: what is held is dropped first
                self.board.reset_input()
            else:
                self.request_leave()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_RIGHT):
            if self.step_done:
                self.next_step()
                return True
            return False
        if keymap.actions(event) & BOARD_ONLY:  # the board's top bar is not a lesson's
            return True
        return self.board.handle(event)

    def draw(self, canvas: pygame.Surface) -> None:
        self.board.draw(canvas)
        goal = _(self.step.goal)
        coach.top_bar(
            canvas, goal, self.index, len(self.lesson.steps),
            [self.leave_button, self.back_button, self.skip_button],
        )  # fmt: skip
        if self.finished:
            coach.last_screen(
                canvas,
                LAST_PANEL,
                _("You can play {game}!").format(game=_(GAMES[self.game].title)),
                _(self.lesson.summary),
                self.last_buttons,
            )
            if self.offer is not None:
                self.offer.draw(canvas)
                option = next(o for o in GAMES[self.game].options if o.key == self.lesson.offer)
                help_area = pygame.Rect(
                    self.offer.rect.right + 40,
                    self.offer.rect.top - 4,
                    LAST_PANEL.right - 70 - self.offer.rect.right - 40,
                    90,
                )
                fonts.blit_paragraph(
                    canvas, _(option.help), fonts.TINY, MUTED, help_area, smallest=fonts.TINY - 8
                )
            return
        hint = self.hint_rect()
        if hint is not None:
            callout.glow(canvas, hint, self.glow)
        area = self.board.coach_rect()
        if self.step_done:
            said = self.step.callout
            spots = [self.board.spot_rect(spot) for spot in said.at]
            shown = [spot for spot in spots if spot is not None]
            words = _(said.words)
            callout.note(
                canvas, area, _("What happened"), words, ACCENT, self.next_button, shown,
                fill=self.board.coach_fills,
            )  # fmt: skip
        elif self.answer is not None:
            callout.note(canvas, area, _("Not that"), self.answer, BAD, fill=self.board.coach_fills)
