"""`BoardScene`: everything a board needs that is not its own game's pictures.

A board is generic in its presenter (`BoardScene[Presenter]`). A subclass supplies only
- `make_presenter()`: its `EffectsPresenter` subclass (pieces, and one animation per event),
  and `build_view()` (extended) makes its painter;
- `sync_presenter()`: lay its pieces from `self.shown` (the state as the seat on show sees it);
- `draw_board(canvas)`: its painter;
- `handle_move_input(event)`: how a person's clicks and drags become a move (`self.play(move)`);
- `describe(seat, move, events)`: the move log's line in plain words;
- `status_text()`: what the player to move is asked to do;
and may override `log_rect()`, `reset_input()` with `has_selection()` (Escape drops a half-made
move before it opens the pause menu), `choose_option(n)` (digit keys), `play_computer_move(move)`,
`presenter_events(events)`, and `move_traces(events)` with `trace_rect(where)`: the squares a
move took pieces from and to, and where each is drawn (the last-move marker); for the lessons
(`scenes.boards.lessons`), `click_path(move)`, `spot_rect(spot)` and `coach_rect()`; and for the
think view `think_words(move)`, `think_spot(move)`, `think_rect()`.

The game (state, move record, seats) is set up by the constructor; what the board draws is made
by `build_view`, a lifecycle step that runs once, when the board is first shown or its
presenter is first asked for, after every subclass has set itself up.

The base does the rest: computer seats thinking off the main thread (cancelled when a move is
undone, the scene is left or a person takes the seat); undo (with computers: back to the
person's last turn; hot seat: the person at the screen asks, another player decides); the hand-
over screen between people in a hidden-information game, and which seat's secrets are on show
(`viewer`); the move log; hints on/off (one remembered setting, the same as Settings' Hints);
the top bar (Menu, Undo, Moves, Hints, Pause), the pause menu, leaving that asks first; the
autosave after every move; the path game over -> last animation -> results; spectator mode
(public information only) and handing a computer's seat to a person mid-game; the record of the
faces the painter drew (`saw`), which tests and the monkey judge against the seat on show; the
last-move marker (from and to of every piece of the last turn, until the next move); hands on
phones (`scenes.phones`): a seat whose phone is joined plays from it (`phone_move`, the same
path as a click) and the screen never shows its secrets nor hands over to it; the think view
(a top-bar toggle with computers at the table: a thinking computer's top three candidates,
scenes.boards.think_view).
"""

from __future__ import annotations

import logging
import re
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

import pygame

from game.core.engine import IllegalMove
from game.core.events import Event, GameOver, TurnPassed
from game.core.protocols import GameState
from scenes.boards.computers import ComputerSeats
from scenes.boards.dialogs import ConfirmScene, PauseScene
from scenes.boards.history import GameRecord, LogLine
from scenes.boards.seats import HUMAN, GameSetup
from scenes.boards.think_view import ThinkView
from scenes.kit import fonts
from scenes.kit.effects import EffectsPresenter
from scenes.kit.i18n import L_, LP_, N_, _, ngettext, translated
from scenes.kit.last_move import Trace, draw_traces
from scenes.kit.palette import BAD, INK, MUTED, PAPER, WHITE
from scenes.kit.pictures import picture
from scenes.kit.seat_names import human_name
from scenes.kit.text_fit import fit_line
from scenes.kit.widgets import Button, draw_mark, draw_panel
from scenes.manager import Scene
from scenes.phones.host import attach as attach_phones
from scenes.phones.host import reopen as reopen_phones
from scenes.phones.marks import draw_phone_mark
from scenes.screens.handover import HandoverScene
from scenes.services import AppServices

log = logging.getLogger(__name__)

THINK_SECONDS = 0.6  # the shortest "thinking" cue of a computer player, at speed 1
HURRY = 4.0  # how much faster the running animation goes after a click or a key
REFUSAL_SECONDS = 3.0  # how long a refused action's reason stays in the status bar
FACES_KEPT = 20_000  # the newest faces drawn that a board remembers (a few minutes of frames)

MENU_BUTTON = pygame.Rect(24, 10, 180, 96)
UNDO_BUTTON = pygame.Rect(216, 10, 180, 96)
RIGHT_EDGE = 1896  # the top bar's right-hand buttons stand leftwards from here
UNDO_PANEL = pygame.Rect(0, 0, 900, 400)
UNDO_PANEL.center = (960, 540)
LOG_POPOVER = pygame.Rect(1296, 126, 600, 640)
LOG_LINE = 40
#: the step to a wrapped entry's next row: closer than to the next entry, so an entry reads as one
LOG_WRAP = 31
#: phones joined (a mark and a number); a click shows the codes, for a phone joining late
PHONES_COUNT = pygame.Rect(UNDO_BUTTON.right + 10, UNDO_BUTTON.top, 170, UNDO_BUTTON.height)
#: rule ids in an engine's message, such as " (XX-12)" or " (XX-3, XX-4)": for the developers
RULE_ID = re.compile(r"\s*\([A-Z]{2}-\d+(?:, [A-Z]{2}-\d+)*\)")


#: a board's presenter class
P = TypeVar("P", bound=EffectsPresenter)


@dataclass(frozen=True)
class UndoRequest:
    """A hot-seat undo waiting for its answer: the turn an allowed undo returns to, the seat
    that asked, the seat that decides (never the asker) and the question in words."""

    turn: int
    asker: int
    decider: int
    question: str


def _aged(note: tuple[str, float] | None, dt: float) -> tuple[str, float] | None:
    """A status-bar note `dt` seconds later (None once its time is up)."""
    if note is None:
        return None
    words, left = note
    return (words, left - dt) if left > dt else None


class BoardScene(Scene, Generic[P]):
    """A game on screen, from its setup to the results scene; `P` is its presenter's class."""

    name = "board"
    #: the board previews what a move would do when hints are on
    offers_hints = False
    #: the end of the game opens the results (the replay viewer turns this off)
    shows_results = True

    def __init__(
        self,
        app: AppServices,
        setup: GameSetup,
        start_state: GameState | None = None,
        moves: Sequence[str] = (),
        spectator: bool = False,
        phones: Sequence[int] = (),
    ) -> None:
        """`phones`: the seats that played on their phones before (a continued game: they are
        offered new codes when the board opens)."""
        self.app = app
        self.setup = setup
        self.info = setup.info
        self.spectator = spectator
        #: the game as it stands (each board knows its own game's State)
        self.state: Any = setup.new_state() if start_state is None else start_state.clone()
        self.start_state = self.state.clone()
        self.record = GameRecord()
        self._turn_open = True  # the next move begins a turn (undo returns to turn starts)
        #: where the pieces of the last turn came from and went (the last-move marker)
        self.last_traces: list[Trace] = []
        #: every face the rules reveal at the end is shown in full (a replay's "show all faces")
        self.all_faces = False
        self.computers = ComputerSeats(
            {seat: self.make_bot(seat) for seat in self._computer_seats()},
            {seat: setup.bot_rng(seat) for seat in self._computer_seats()},
        )
        self._think_time = 0.0
        #: a thinking computer's candidates, on screen when the watcher turns it on
        self.think_view = ThinkView()
        #: the phones of this table (None: no seat plays on a phone); a continued game that
        #: was played on phones opens a table of its own, its codes shown when the board opens
        self.phones = attach_phones(app, self)
        #: the seats that have played on their phones in this game (kept in its save)
        self.phone_seats = set(phones)
        self._show_codes = False
        if self.phones is None and phones and not spectator:
            self.phones = reopen_phones(app, self)
            self._show_codes = self.phones is not None
        self._phone_version = 0  # counts changes of what the phones may show
        self.viewer: int | None = self._first_viewer()
        #: the seat a hand-over screen is waiting for (one at a time; None: none is up)
        self.handing_over: int | None = None
        #: the seat whose hand a scene over the board covers (None: nothing covered)
        self._covered: int | None = None
        self._shown: Any = None
        self._mover: Any = None
        #: faces drawn, as (seat on show, code, place); bounded: only a watcher empties it
        self.faces_seen: deque[tuple[int | None, str, str]] = deque(maxlen=FACES_KEPT)
        self.hurry = False
        self.undo_prompt: UndoRequest | None = None  # a hot-seat undo waiting for its answer
        self.refusal: tuple[str, float] | None = None  # (reason, seconds left)
        self.told: tuple[str, float] | None = None  # (news for the status bar, seconds left)
        self.log_open = False
        self.log_scroll = 0  # lines scrolled up from the newest
        self._left = False
        #: the game's end was kept (its replay written, the unfinished game forgotten), where
        self._finished = False
        self.kept_replay: Path | None = None
        self._presenter: P | None = None  # made by build_view
        #: called with the events of each move as the presenter gets them (redacted for the seat
        #: on show): the attract loop's captions, a lesson's progress
        self.watch_events: Callable[[list[Event]], object] | None = None
        #: a lesson's judge of a person's legal move: why it is not the move wanted (the move is
        #: then refused and changes nothing), or None to let it be played
        self.move_gate: Callable[[Any], str | None] | None = None
        #: called with the words of every refusal the board says (a lesson answers it)
        self.watch_refusals: Callable[[str], object] | None = None
        #: the game in progress is kept for Continue (a lesson's is not)
        self.saves = True
        for text in moves:  # a continued game: replay what was played, without animation
            self._apply(self.state, text)
        self._make_chrome()

    # --- the view: what the board draws, made once -------------------------------------------

    @property
    def presenter(self) -> P:
        """The pieces as drawn and their animations (made by `build_view` when first needed)."""
        if self._presenter is None:
            self.build_view()
        assert self._presenter is not None
        return self._presenter

    def build_view(self) -> None:
        """Make what the board draws, laid out from the game as it stands: the presenter (and,
        in a subclass that extends this, its painter). Runs once, when the board is first shown
        or asked for its presenter."""
        self._presenter = self.make_presenter()
        self.sync_presenter()

    def enter(self) -> None:
        if self._presenter is None:
            self.build_view()
        if self._show_codes and self.phones is not None:  # a continued game: phones again
            self._show_codes = False
            self.phones.show_codes(continued=True)

    # --- what a board subclass supplies ---------------------------------------------------------

    def make_presenter(self) -> P:
        raise NotImplementedError

    def sync_presenter(self) -> None:
        """Lay every piece where `self.shown` has it, with nothing animating."""
        raise NotImplementedError

    def draw_board(self, canvas: pygame.Surface) -> None:
        raise NotImplementedError

    def handle_move_input(self, event: pygame.event.Event) -> bool:
        """A person's input while it is their move; True if used."""
        return False

    def describe(self, seat: int, move: Any, events: Sequence[Event]) -> LogLine:
        return LogLine(seat, f"{self.setup.names[seat]}: {move}")

    def click_path(self, move: Any) -> list[pygame.Rect]:
        """Where a person clicks, in order, to make the legal `move` from the input as it stands
        (a piece picked up counts): a lesson glows the first, tests click them all."""
        return []

    def spot_rect(self, spot: str) -> pygame.Rect | None:
        """Where the thing a lesson's callout names is drawn (a square in the game's notation,
        or `hand N`: seat N's hand), or None if this board does not show it."""
        return None

    def coach_rect(self) -> pygame.Rect:
        """Where a lesson's callouts may stand without hiding what the lesson needs."""
        return self.log_rect() or pygame.Rect(24, 640, 560, 420)

    def status_text(self) -> str:
        seat = self.state.current_player
        return str(self.setup.says(seat, N_("{name}: your move"), N_("Your move")))

    def log_rect(self) -> pygame.Rect | None:
        """Where the move log stands in this layout; None: behind the Moves button."""
        return None

    def seat_panel_at(self, pos: tuple[int, int]) -> int | None:
        """The seat whose panel is at `pos` (the kiosk offers it to a visitor), or None."""
        return None

    def reset_input(self) -> None:
        """Forget a half-made move (a picked-up piece, a hover)."""

    def has_selection(self) -> bool:
        """A person holds something (a piece picked up, a tile waiting for its arrow)."""
        return False

    def move_traces(self, events: Sequence[Event]) -> list[Trace]:
        """Where the pieces of one move came from and went, in the board's own squares."""
        return []

    def trace_rect(self, where: Any) -> pygame.Rect | None:
        """Where a square of `move_traces` is drawn now (None: not on show)."""
        return None

    def choose_option(self, number: int) -> bool:
        """Digit key `number` (1..9): pick that option of a choice, if one is on offer."""
        return False

    def play_computer_move(self, move: Any) -> None:
        self.play(move)

    def presenter_events(self, events: list[Event]) -> list[Event]:
        """The events as the seat on show may see them (hidden-information games redact)."""
        return events

    def phone_mark_spot(self, seat: int) -> tuple[int, int] | None:
        """Where the mark of a seat playing on its phone stands (None: nowhere)."""
        return None

    def make_bot(self, seat: int) -> Any:
        return self.setup.make_bot(seat)

    def think_words(self, move: Any) -> str:
        """A thinking computer's candidate `move` in plain words, as anyone at the table may
        read it (never a face-down symbol or a hidden card; a face named is recorded with
        `saw`). By default a move's notation, in a game without secrets only."""
        return _("A move") if self.hidden_information else str(move)

    def think_spot(self, move: Any) -> tuple[float, float] | None:
        """Where on the board the candidate's number stands (None: nowhere)."""
        return None

    def think_rect(self) -> pygame.Rect:
        """Where the think view's list of candidates stands."""
        return pygame.Rect(560, 880, 800, 190)

    @property
    def moves(self) -> list[str]:
        """The notations of the moves played so far, in order."""
        return self.record.moves

    # --- seats, views, secrets ----------------------------------------------------------------

    def _computer_seats(self) -> list[int]:
        return [s for s in range(self.setup.players) if not self.setup.is_human(s)]

    @property
    def hidden_information(self) -> bool:
        return self.info.hidden_information

    @property
    def needs_handover(self) -> bool:
        """Two or more people share the screen in a game with secrets."""
        return self.hidden_information and self.setup.humans >= 2 and not self.spectator

    def _first_viewer(self) -> int | None:
        """The seat whose secrets the screen shows before any hand-over: the one person at the
        table, if there is only one (with a computer, or alone at the screen); nobody's when
        another person can see the screen, at it or holding a phone beside it (that seat's
        hand waits for its own "I am ready"), or when the one person holds their hand on a
        phone."""
        if self.spectator or not self.hidden_information or self.needs_handover:
            return None
        humans = [s for s in range(self.setup.players) if self.setup.is_human(s)]
        if len(humans) == 1 and not self.on_phone(humans[0]):
            return humans[0]
        return None

    @property
    def shown(self) -> Any:
        """What the screen may show: the state itself in an open game, else the view of the
        seat on show (`viewer`; None: public information only)."""
        if not self.hidden_information:
            return self.state
        if self._shown is None:
            self._shown = self.state.view(self.viewer)
        return self._shown

    @property
    def faces_held_back(self) -> bool:
        """The game is over and the board, as drawn, keeps faces the rules reveal small or
        hidden (hands in panels): "show all faces" would show them."""
        return False

    def show_all_faces(self, on: bool) -> bool:
        """Show in full every face the rules reveal at the end (or stop); refused (False)
        before the game is over: a game in play never shows a secret."""
        if on and not self.state.is_over:
            return False
        if on != self.all_faces:
            self.all_faces = on
            self.sync_presenter()
        return True

    def saw(self, code: str, place: str) -> None:
        """The painter drew the face of `code` at `place`: remember it with the seat on show."""
        self.faces_seen.append((self.viewer, code, place))

    def _state_changed(self) -> None:
        self._shown = None
        self._mover = None
        self._phone_version += 1

    def set_viewer(self, seat: int | None) -> None:
        """Show `seat`'s secrets from now on (None: nobody's)."""
        if seat != self.viewer:
            self.viewer = seat
            self._state_changed()
            self.sync_presenter()

    def pause(self) -> None:
        """A scene opens over the board (pause, leave, settings, rules, codes, a question): where
        another person can see the screen, it covers the hand on show completely: the board
        beneath draws nobody's secrets until it is on top again."""
        if self.needs_handover and self.viewer is not None:
            self._covered = self.viewer
            self.set_viewer(None)

    def resume(self) -> None:
        """The board is on top again: the hand it covered comes back if it is still that seat's
        turn at the screen (no other seat's secret was shown meanwhile); otherwise the next
        seat's hand waits for its hand-over."""
        covered, self._covered = self._covered, None
        if (
            covered is not None
            and self.viewer is None
            and self.handing_over is None
            and self.state.current_player == covered
            and not self.on_phone(covered)
        ):
            self.set_viewer(covered)

    @property
    def has_computers(self) -> bool:
        return bool(self.computers)

    def is_person(self, seat: int) -> bool:
        return seat not in self.computers and not self.spectator

    @property
    def human_to_move(self) -> bool:
        seat = self.state.current_player
        return (
            seat is not None
            and self.is_person(seat)
            and self.presenter.idle
            and self.undo_prompt is None
            and (not self.needs_handover or self.viewer == seat or self.on_phone(seat))
        )

    @property
    def mover_view(self) -> Any:
        """What the seat to move may know: the board checks a person's clicks against it. Never
        drawn: a seat on a phone moves here too (what needs no hand: its hand is on the phone),
        with the screen showing public information only."""
        seat = self.state.current_player
        if not self.hidden_information or seat is None:
            return self.shown
        if self._mover is None:
            self._mover = self.state.view(seat)
        return self._mover

    @property
    def hand_on_phone(self) -> bool:
        """The seat to move holds its hand on its phone (not on this screen)."""
        return self.on_phone(self.state.current_player)

    def take_seat(self, seat: int) -> None:
        """A person plays `seat` from now on (a computer seat, e.g. in the kiosk's attract game),
        under the name a person has in that seat of a new game ("Player 2"): the seat panel, the
        move log, the status line and the results say it from here on."""
        if seat in self.computers:
            self.computers.hand_to_person(seat)
            self.presenter.seats[seat].thinking = False
        self.setup = self.setup.with_seat(seat, HUMAN, human_name(seat))
        self.presenter.names = self.setup.names
        self.think_view.forget(seat)
        self.spectator = False
        if self.hidden_information and self.setup.humans == 1:
            self.set_viewer(seat)

    # --- moves ------------------------------------------------------------------------------------

    def play(self, move: Any) -> None:
        """Apply a move for the seat to act, log it, save the game and animate it (a person's
        move that a lesson's `move_gate` turns down is refused instead, and changes nothing)."""
        if self.move_gate is not None and self.is_person(self.state.current_player):
            reason = self.move_gate(move)
            if reason is not None:
                self.reset_input()
                self.refuse(reason)
                return
        self._stop_thinking()  # a computer still thinking about the old position is not asked
        events = self._apply(self.state, move)
        self.refusal = self.told = None
        self.reset_input()
        self._state_changed()
        shown = self.presenter_events(events)
        if self.watch_events is not None:
            self.watch_events(shown)
        self.presenter.animate(shown, on_game_over=self._show_results)
        self._autosave()

    def _apply(self, state: Any, move: Any) -> list[Event]:
        """Play `move` (a move, or its notation from a save or a replay) on `state` and record
        it; the log line is written from the parsed move, so every board can describe it."""
        if isinstance(move, str):
            move = self.info.parse_move(state, move)
        seat = state.current_player
        opened = self._turn_open
        if opened:
            self.record.begin_turn(state)
            self._turn_open = False
        events = state.play(move)
        self.record.add(move, self.describe(seat, move, events))
        traces = self.move_traces(events)
        self.last_traces = traces if opened else self.last_traces + traces
        if any(isinstance(e, (TurnPassed, GameOver)) for e in events):
            self._turn_open = True
        return events

    def set_state(self, state: Any) -> None:
        """Continue from `state` (a puzzle, a demo position or a test): no history, no animation."""
        self.computers.cancel()
        self.state = state
        self.start_state = state.clone()
        self.record = GameRecord()
        self._turn_open = True
        self.last_traces = []
        self._finished, self.kept_replay = False, None
        self.reset_input()
        self._state_changed()
        self.presenter.skip()
        self.sync_presenter()

    def refuse(self, reason: str) -> None:
        """Say in the status bar why an action was refused (the rule ids an engine's message
        cites are for the developers: players read the words only)."""
        self.refusal = (RULE_ID.sub("", reason), REFUSAL_SECONDS)
        if self.watch_refusals is not None:
            self.watch_refusals(self.refusal[0])

    def tell(self, words: str) -> None:
        """Say `words` in the status bar for a moment (news, not a refusal)."""
        self.told = (words, REFUSAL_SECONDS)

    def _show_results(self) -> None:
        if not self.shows_results:
            return
        self._keep_finished()
        self.app.show_results(
            self.setup, self.state, self.start_state, self.record.moves, replay=self.kept_replay
        )

    def _keep_finished(self) -> None:
        """The game is over: keep its replay and forget the unfinished game in one step, at
        its last move (not after the animation, when a kill would find it in neither)."""
        if self._finished:
            return
        self._finished = True
        if self.shows_results:
            self.kept_replay = self.app.finish_game(
                self.setup, self.start_state, self.record.moves, self.state, self.keeps_save
            )
        else:
            self._clear_save()

    # --- computer players -------------------------------------------------------------------------

    def _run_computer(self, dt: float) -> None:
        seat = self.state.current_player
        panel = self.presenter.seats[seat]
        if self.computers.thinking_seat != seat:
            self.computers.start(seat, self.state.view(seat))
            self._think_time = 0.0
            panel.thinking = True
            return
        self._think_time += dt * self.app.animation_speed
        if self._think_time < THINK_SECONDS:
            return
        move = self.computers.answer()
        if move is None:
            return
        panel.thinking = False
        self.play_computer_move(move)

    def _stop_thinking(self) -> None:
        self.computers.cancel()
        for panel in self.presenter.seats:
            panel.thinking = False

    # --- undo -------------------------------------------------------------------------------------

    def undo_target(self) -> int | None:
        """The turn an undo returns to, or None if nothing can be undone now."""
        if self.state.is_over or not self.presenter.idle or self.spectator:
            return None
        return self.record.undo_target(self.has_computers, self.setup.is_human)

    def request_undo(self) -> None:
        """With computers: back to the person's last turn. Hot seat: the person at the screen
        asks, and another player decides (the device goes to them, secrets hidden)."""
        target = self.undo_target()
        if target is None:
            self.refuse(_("Nothing to undo now."))
            return
        if self.has_computers:
            self.undo_to(target)
            return
        self.undo_prompt = self._undo_request(target)
        if self.needs_handover:
            self.set_viewer(None)  # the one who decides takes the device: nothing secret on show

    def _undo_request(self, target: int) -> UndoRequest:
        """Who asks for the undo back to turn `target`, and who decides. The asker is the
        person at the screen: the seat on show in a game with secrets; in an open game, the
        player whose move it is (who else would want it back). The decider is the player whose
        move would be taken back, or, when that is the asker's own, the next player."""
        mover = self.record.turns[target].seat
        asker = next(s for s in (self.viewer, mover, self.state.current_player) if s is not None)
        if mover is not None and mover != asker:
            decider = mover
        else:
            decider = (asker + 1) % self.setup.players
        assert decider != asker, "the one who asks never allows it"
        names = self.setup.called_names()
        if mover is None or mover == asker:
            question = _("{asker} asks to take back their last move.").format(asker=names[asker])
        else:
            question = _("{asker} asks to take back {mover}'s last move.").format(
                asker=names[asker], mover=names[mover]
            )
        return UndoRequest(target, asker, decider, question)

    def _allow_undo(self) -> None:
        request, self.undo_prompt = self.undo_prompt, None
        if request is not None:
            self.undo_to(request.turn)
            decider = self.setup.called(request.decider)
            self.tell(_("{name} allowed it: the move is taken back.").format(name=decider))

    def _refuse_undo(self) -> None:
        request, self.undo_prompt = self.undo_prompt, None
        if request is not None:  # the asker sees why nothing changed, once back at the screen
            decider = self.setup.called(request.decider)
            self.tell(_("{name} refused: the move stays.").format(name=decider))

    def _withdraw_undo(self) -> None:
        self.undo_prompt = None

    def undo_to(self, index: int) -> None:
        self._stop_thinking()
        self.state = self.record.rewind(index)
        self.record.note(L_("(move taken back)"))
        self._turn_open = True
        self.last_traces = []
        self.reset_input()
        self._state_changed()
        self.presenter.skip()
        self.sync_presenter()
        self._autosave()

    # --- hints ----------------------------------------------------------------------------------

    @property
    def hints(self) -> bool:
        """Hints are on: one setting, the same as Settings' "Hints", remembered across games."""
        return bool(self.app.settings.hints)

    def toggle_hints(self) -> None:
        self.app.settings.hints = not self.hints
        self.app.save_settings()

    # --- leaving, pausing, saving -----------------------------------------------------------------

    @property
    def in_progress(self) -> bool:
        """A game someone would not want to lose: started, not over, with a person at it."""
        return bool(self.record.moves) and not self.state.is_over and not self.spectator

    def request_leave(self) -> None:
        """Menu button: leave, after asking when a game is in progress (it is saved either way)."""
        if not self.in_progress:
            self.leave()
            return
        self.app.manager.push(
            ConfirmScene(
                self.app,
                L_("Leave this game?"),
                L_("It is saved: choose Continue on the menu to play on."),
                L_("Leave"),
                L_("Stay"),
                self.leave,
            )
        )

    def request_quit(self) -> bool:
        """The window is closing (or Ctrl+Q): ask first while a game is in progress."""
        if not self.in_progress:
            return False
        self._autosave(thumbnail=True)
        self.app.manager.push(
            ConfirmScene(
                self.app,
                L_("Quit Tabletop Trio?"),
                L_("Your game is saved: choose Continue on the menu next time."),
                L_("Quit"),
                L_("Stay"),
                self.app.quit,
            )
        )
        return True

    def open_pause(self) -> None:
        self.app.manager.push(PauseScene(self.app, self.setup.game, self.request_leave))

    def leave(self) -> None:
        if not self._left:
            self._left = True
            self.app.go_menu()

    @property
    def keeps_save(self) -> bool:
        return self.saves and not self.spectator and self.setup.humans > 0

    def _autosave(self, thumbnail: bool = False) -> None:
        if self.state.is_over:
            self._keep_finished()
            return
        if not self.keeps_save:
            return
        picture_of_board = self.thumbnail() if thumbnail else None
        self.phone_seats.update(s for s in range(self.setup.players) if self.on_phone(s))
        self.app.save_unfinished(
            self.setup,
            self.start_state,
            self.record.moves,
            picture_of_board,
            sorted(self.phone_seats),
        )

    def _clear_save(self) -> None:
        if self.keeps_save:
            self.app.clear_unfinished()

    def thumbnail(self) -> pygame.Surface:
        """A small picture of the board as it stands, for the menu's Continue tile: public
        information only, since anyone may look at the menu."""
        viewer = self.viewer
        self.set_viewer(None)
        try:
            canvas = self.board_picture()
        finally:
            self.set_viewer(viewer)
        return pygame.transform.smoothscale(canvas, (384, 216))

    def board_picture(self) -> pygame.Surface:
        """The board as drawn now for the seat on show (its painter only: no top bar, no
        marker), on a canvas of its own; the view is made first if it never was."""
        if self._presenter is None:  # a board never shown (a saved game, a finished one)
            self.build_view()
        canvas = pygame.Surface((1920, 1080))
        self.draw_board(canvas)
        return canvas

    # --- phones ----------------------------------------------------------------------------------

    def on_phone(self, seat: int | None) -> bool:
        """`seat` plays on its phone (joined, or away for a moment): the screen never shows its
        secrets and never hands over to it."""
        return seat is not None and self.phones is not None and self.phones.seat_joined(seat)

    def phone_joined(self, seat: int) -> None:
        """`seat`'s phone joined: a hand-over screen waiting for that seat is not needed."""
        top = self.app.manager.current
        if self.handing_over == seat and isinstance(top, HandoverScene):
            top.ready()
        self._phone_version += 1

    def phone_move(self, seat: int, text: str) -> str | None:
        """The move `text` from `seat`'s phone, played like a click (`play`: animation, log,
        autosave); None when played, else why it was refused, in words."""
        state, manager = self.state, self.app.manager
        if state.is_over:
            return _("The game is over.")
        if state.current_player != seat:
            name = self.setup.called(state.current_player)
            return _("It is {name}'s turn, not yours.").format(name=name)
        if not self.presenter.idle:
            return _("Wait a moment: the last move is still being shown.")
        if self.undo_prompt is not None or manager.current is not self or manager.busy:
            return _("Wait a moment: the big screen is asking something first.")
        try:
            move = state.view(seat).parse(text)
        except IllegalMove as refusal:  # (rule ids are for the developers, as in `refuse`)
            return RULE_ID.sub("", self.explain(refusal.args[0], text))
        self.play(move)
        return None

    def explain(self, refusal: str, text: str) -> str:
        """The engine's refusal of the move written `text`, in a player's words (and language)."""
        return sentence(translated(refusal) or refusal)

    def phone_signature(self) -> tuple[Any, ...]:
        """Changes whenever what a phone shows may change."""
        return (
            self._phone_version,
            self.presenter.idle,
            self.undo_prompt is not None,
            self.app.manager.current is self and not self.app.manager.busy,
            tuple(self.on_phone(seat) for seat in range(self.setup.players)),
        )

    # --- the scene lifecycle ----------------------------------------------------------------------

    def exit(self) -> None:
        self._stop_thinking()
        if self.in_progress:  # (before the phones go: the save names the seats on them)
            self._autosave(thumbnail=True)
        if self.phones is not None and self.phones.owner is self:  # (not kept by the results)
            over = self.state.is_over
            self.phones.close(
                _("The game is over.") if over else _("The game was left on the big screen.")
            )

    @property
    def animating(self) -> bool:
        return (
            self.presenter.busy
            or self.computers.thinking_seat is not None
            or self.refusal is not None
            or self.told is not None
            or (self.state.current_player in self.computers and not self.state.is_over)
        )

    def update(self, dt: float) -> None:
        if self.on_phone(self.viewer):  # that hand is on its phone now, never on the screen
            self.set_viewer(None)
        elif self.phones is not None and self.viewer is None and not self.needs_handover:
            self.set_viewer(self._first_viewer())  # a lone person's phone left: the screen again
        timeline = self.presenter.timeline
        timeline.speed = self.app.animation_speed * (HURRY if self.hurry else 1.0)
        self.presenter.update(dt)
        thinking = self.computers.thinking_seat
        bot = None if thinking is None else self.computers.bots.get(thinking)
        self.think_view.update(dt, thinking, bot, len(self.record.moves))
        self.refusal, self.told = _aged(self.refusal, dt), _aged(self.told, dt)
        if not self.presenter.idle:
            return
        self.hurry = False
        self.undo_button.enabled = self.undo_target() is not None
        self.hints_button.label = L_("Hints: on") if self.hints else L_("Hints: off")
        self.hints_button.selected = self.hints
        self.think_button.label = L_("Thinking: on") if self.think_view.on else L_("Thinking: off")
        self.think_button.selected = self.think_view.on
        seat = self.state.current_player
        if seat is None or self.undo_prompt is not None:
            return
        if seat in self.computers:
            self._run_computer(dt)
        elif self.on_phone(seat):  # played on its phone: the screen shows public information
            self.set_viewer(None)
        elif (
            self.needs_handover
            and self.viewer != seat
            and self.handing_over is None
            and not self.app.manager.busy  # (it would come after what is queued: on top of it)
        ):
            self._hand_over(seat)

    def _hand_over(self, seat: int) -> None:
        """Hide every secret behind the hand-over screen until `seat`'s player is ready. The
        screen is pushed once: while it waits to appear (a fade, the queue) the board must not
        push another, or a pile of them would each need a click."""
        self.set_viewer(None)
        self.handing_over = seat

        def ready() -> None:
            self.handing_over = None
            self.set_viewer(seat)

        def paused() -> None:  # Escape on the hand-over: the pause menu, then the hand-over again
            self.handing_over = None
            self.open_pause()

        self.app.handover(self.setup.called(seat), self.setup.colours[seat], ready, paused)

    # --- input ------------------------------------------------------------------------------------

    def _make_chrome(self) -> None:
        small = fonts.BODY
        self.menu_button = Button(
            MENU_BUTTON,
            L_("Menu"),
            self.request_leave,
            icon="icon_back",
            style="secondary",
            size=small,
        )
        self.undo_button = Button(
            UNDO_BUTTON,
            L_("Undo"),
            self.request_undo,
            icon="icon_undo",
            style="secondary",
            size=small,
        )
        self.hints_button = Button(
            (0, 10, 240, 96),
            L_("Hints: on") if self.hints else L_("Hints: off"),
            self.toggle_hints,
            style="secondary",
            size=small,
        )
        self.pause_button = Button(
            (0, 10, 180, 96), L_("Pause"), self.open_pause, icon="icon_settings", style="secondary",
            size=small,
        )  # fmt: skip
        self.moves_button = Button(
            (0, 10, 190, 96), L_("Moves"), self.toggle_log, style="secondary", size=small
        )
        self.think_button = Button(
            (0, 10, 290, 96),
            L_("Thinking: off"),
            self.toggle_think_view,
            style="secondary",
            size=small,
        )
        right = RIGHT_EDGE
        for button in self._right_buttons():
            button.rect.right = right
            right = button.rect.left - 10
        self.allow_button = Button(
            (UNDO_PANEL.left + 60, UNDO_PANEL.bottom - 140, 360, 100),
            LP_("undo request", "Allow"),
            self._allow_undo,
        )
        self.refuse_button = Button(
            (UNDO_PANEL.right - 420, UNDO_PANEL.bottom - 140, 360, 100),
            L_("Refuse"),
            self._refuse_undo,
            style="secondary",
        )

    def _right_buttons(self) -> list[Button]:
        """The top bar's right-hand buttons, from the edge inwards."""
        buttons = [self.pause_button]
        if self.has_computers:
            buttons.append(self.think_button)
        if self.offers_hints:
            buttons.append(self.hints_button)
        if self.log_rect() is None:
            buttons.append(self.moves_button)
        return buttons

    @property
    def chrome_buttons(self) -> list[Button]:
        if self.spectator:
            return []
        return [self.menu_button, self.undo_button, *self._right_buttons()]

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = {button.key.split(":")[0]: button.rect for button in self.chrome_buttons}
        if self.undo_prompt is not None:
            rects["Allow"], rects["Refuse"] = self.allow_button.rect, self.refuse_button.rect
        return rects

    def toggle_think_view(self) -> None:
        """Show or hide what a thinking computer weighs."""
        self.think_view.toggle()

    def toggle_log(self) -> None:
        self.log_open = not self.log_open
        self.log_scroll = 0

    def handle(self, event: pygame.event.Event) -> bool:
        if self.undo_prompt is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self._withdraw_undo()
                return True
            return (
                self.allow_button.handle(event)
                or self.refuse_button.handle(event)
                or event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)
            )
        if any(button.handle(event) for button in self.chrome_buttons):
            return True
        if (
            self.phones is not None
            and event.type == pygame.MOUSEBUTTONDOWN
            and PHONES_COUNT.collidepoint(event.pos)
        ):
            self.phones.show_codes()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and self._pressed_disabled(event.pos):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.log_scroll = max(0, self.log_scroll + getattr(event, "y", 0))
            return True
        if event.type == pygame.KEYDOWN and self._handle_key(event):
            return True
        if not self.presenter.idle:
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.FINGERDOWN):
                self.hurry = True
                return True
            return False
        if not self.human_to_move:
            return False
        return self.handle_move_input(event)

    def _pressed_disabled(self, pos: tuple[int, int]) -> bool:
        """A press on a greyed button: say why it is greyed (and never let it reach the board)."""
        for button in self.chrome_buttons:
            if button.rect.collidepoint(pos):
                if button is self.undo_button:
                    self.refuse(
                        _("Nothing to undo now.") if self.presenter.idle else _("Wait a moment…")
                    )
                return True
        return False

    def _handle_key(self, event: pygame.event.Event) -> bool:
        key, ctrl = event.key, bool(event.mod & pygame.KMOD_CTRL)
        if self.spectator:
            return False
        if key == pygame.K_ESCAPE:
            if self.has_selection():  # Escape drops what is held first
                self.reset_input()
            else:
                self.open_pause()
            return True
        if key == pygame.K_z and ctrl:
            self.request_undo()
            return True
        if key == pygame.K_h and not ctrl and self.offers_hints:
            self.toggle_hints()
            return True
        if pygame.K_1 <= key <= pygame.K_9 and self.human_to_move:
            return self.choose_option(key - pygame.K_0)
        return False

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, canvas: pygame.Surface) -> None:
        if self._presenter is None:  # drawn before it was entered (a scene that owns a board)
            self.build_view()
        self.draw_board(canvas)
        if self.shows_last_move:
            draw_traces(canvas, self.last_traces, self.trace_rect)
        self.think_view.draw(canvas, self)
        if self.phones is not None:
            self._draw_phones(canvas)
        self._draw_status(canvas)
        for button in self.chrome_buttons:
            button.draw(canvas)
        rect = self.log_rect()
        if rect is not None:
            self.draw_log(canvas, rect.inflate(-40, -100).move(0, 30))
        elif self.log_open:
            draw_panel(canvas, LOG_POPOVER, PAPER, radius=24, shadow=12)
            fonts.blit_text(
                canvas, _("Moves"), fonts.SMALL, INK, "topleft",
                (LOG_POPOVER.left + 28, LOG_POPOVER.top + 20), bold=True,
            )  # fmt: skip
            self.draw_log(canvas, LOG_POPOVER.inflate(-40, -100).move(0, 30))
        if self.undo_prompt is not None:
            self._draw_undo_prompt(canvas)

    @property
    def shows_last_move(self) -> bool:
        """The last turn is marked once its animation is over, until the next move (and not
        while a person holds a piece: their move has begun)."""
        return (
            bool(self.last_traces)
            and self.presenter.idle
            and not self.state.is_over
            and not self.has_selection()
        )

    def _status_line(self) -> tuple[str, tuple[int, int, int]]:
        if self.refusal is not None:
            return self.refusal[0], (255, 190, 170)
        if self.told is not None:
            return self.told[0], WHITE
        state = self.state
        if state.is_over:
            return _("Game over"), WHITE
        if self.undo_prompt is not None:
            decider = self.setup.called(self.undo_prompt.decider)
            return _("Undo? {name} decides").format(name=decider), WHITE
        seat = state.current_player
        name = self.setup.called(seat)
        if not self.presenter.idle:
            line = (
                self.record.log[-1].text
                if self.record.log
                else str(self.setup.says(seat, N_("{name} is playing…"), N_("You are playing…")))
            )
            return line, WHITE
        if seat in self.computers:
            return _("{name} is thinking…").format(name=name), WHITE
        if self.on_phone(seat):
            return _("{name} plays on their phone").format(
                name=name
            ), WHITE  # (or what needs no hand, here)
        if self.needs_handover and self.viewer != seat:
            return _("Pass to {name}").format(name=name), WHITE
        return self.status_text(), WHITE

    def _draw_phones(self, canvas: pygame.Surface) -> None:
        """A phone mark on each seat playing on its phone, and how many phones are joined."""
        assert self.phones is not None
        for seat in range(self.setup.players):
            spot = self.phone_mark_spot(seat) if self.on_phone(seat) else None
            if spot is not None:
                draw_phone_mark(canvas, spot, 40, INK if self.phones.seat_online(seat) else MUTED)
        joined = self.phones.joined_count
        pygame.draw.rect(canvas, WHITE, PHONES_COUNT, width=2, border_radius=18)
        x, y = PHONES_COUNT.left + 30, PHONES_COUNT.centery
        draw_phone_mark(canvas, (x, y), 40, WHITE, INK)
        words = ngettext("{count} phone", "{count} phones", joined).format(count=joined)
        fonts.blit_text(canvas, words, fonts.TINY, WHITE, "midleft", (x + 22, y), bold=True)

    def _draw_status(self, canvas: pygame.Surface) -> None:
        text, colour = self._status_line()
        left = UNDO_BUTTON.right + 16 if not self.spectator else 40
        if self.phones is not None:
            left = PHONES_COUNT.right + 16
        right = self._right_buttons()[-1].rect.left - 16
        if self.spectator:
            right = 1880
        width = right - left
        size = fonts.fit(text, fonts.BODY, width, bold=True)
        if fonts.font(size, True).size(text)[0] > width:
            text = _shorten(text, size, width, bold=True)
        fonts.blit_text(canvas, text, size, colour, "center", ((left + right) // 2, 58), bold=True)

    def draw_log(self, canvas: pygame.Surface, rect: pygame.Rect) -> None:
        """The move log in `rect`, newest entry at the bottom, long entries wrapped; the wheel
        scrolls it back."""
        size = fonts.TINY - 6
        rows: list[tuple[LogLine, str, bool]] = []  # (entry, text of the row, first row of it)
        for line in self.record.log:
            indent = (32 if line.seat is not None else 0) + (38 if line.icon else 0)
            wrapped = fonts.wrap(line.text, size, rect.width - indent)
            rows += [(line, part, index == 0) for index, part in enumerate(wrapped)]
        steps = [LOG_LINE if first else LOG_WRAP for _, _, first in rows]
        fit_from_top = _rows_fitting(steps, 0, 1, rect.height)
        self.log_scroll = min(self.log_scroll, max(0, len(rows) - fit_from_top))
        end = len(rows) - self.log_scroll
        shown = rows[end - _rows_fitting(steps, end - 1, -1, rect.height) : end]
        y = rect.top
        for index, (line, text, first) in enumerate(shown):
            if index:
                y += LOG_LINE if first else LOG_WRAP
            x = rect.left
            if line.seat is not None:
                if first:
                    seat_colour = self.setup.colours[line.seat]
                    centre = (x + 12, y + LOG_LINE // 2 - 2)
                    draw_mark(canvas, seat_colour.mark, centre, 11, seat_colour.rgb)
                x += 32
            if line.icon:
                if first:
                    canvas.blit(picture(line.icon, (32, 32)), (x, y + 2))
                x += 38
            colour = INK if line.seat is not None else MUTED
            fonts.blit_text(canvas, text, size, colour, "topleft", (x, y + 6))
        if self.log_scroll:
            newer = _("▼ newer below")
            fonts.blit_text(canvas, newer, size, MUTED, "bottomright", rect.bottomright)

    def _draw_undo_prompt(self, canvas: pygame.Surface) -> None:
        request = self.undo_prompt
        assert request is not None
        veil = pygame.Surface((1920, 1080), pygame.SRCALPHA)
        veil.fill((*INK, 110))
        canvas.blit(veil, (0, 0))
        draw_panel(canvas, UNDO_PANEL, PAPER, radius=32, shadow=14)
        centre = UNDO_PANEL.centerx
        decider = self.setup.called(request.decider)
        colour = self.setup.colours[request.decider]
        if self.needs_handover:
            title = _("Pass to {name}").format(name=decider)
        else:
            title = _("{name}, allow the undo?").format(name=decider)
        words, size = fit_line(title, fonts.HEADING - 12, UNDO_PANEL.width - 160, bold=True)
        width = fonts.measure(words, size, bold=True)[0] + 60  # the mark, a gap, the words
        left = centre - width // 2
        draw_mark(canvas, colour.mark, (left + 22, UNDO_PANEL.top + 76), 22, colour.rgb)
        fonts.blit_text(canvas, words, size, INK, "midleft", (left + 60, UNDO_PANEL.top + 78), True)
        words, size = fit_line(request.question, fonts.SMALL, UNDO_PANEL.width - 80)
        fonts.blit_text(canvas, words, size, INK, "midtop", (centre, UNDO_PANEL.top + 132))
        decides = _("{name} decides: allow it or refuse it.").format(name=decider)
        fonts.blit_text(
            canvas, decides, fonts.TINY, BAD if self.refusal else MUTED, "midtop",
            (centre, UNDO_PANEL.top + 190),
        )  # fmt: skip
        self.allow_button.draw(canvas)
        self.refuse_button.draw(canvas)


def sentence(text: str) -> str:
    """A refusal from the engine as a sentence to show ("a1 ..." keeps its square name)."""
    if not text[1:2].isdigit():
        text = text[:1].upper() + text[1:]
    ends = (".", "!", "\u3002", "\uff01")  # (Japanese sentences end with a full-width stop)
    return text if text.endswith(ends) else text + "."


def _rows_fitting(steps: list[int], start: int, direction: int, height: int) -> int:
    """How many rows, from index `start` going `direction` (1 or -1), fit in `height` given each
    row's step; at least one when there is a row."""
    count, used, index = 0, 0, start
    while 0 <= index < len(steps) and (count == 0 or used + steps[index] <= height):
        used += steps[index]
        count += 1
        index += direction
    return count


def _shorten(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text` cut with an ellipsis to fit `width` pixels at `size`."""
    face = fonts.font(size, bold)
    if face.size(text)[0] <= width:
        return text
    while text and face.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"
