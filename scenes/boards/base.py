"""`BoardScene`: the turn loop of a game on screen, and the hooks a board fills.

A board is generic in its game and its presenter (`BoardScene[State, View, Move, Presenter]`:
the game's state, what a seat may know of it, its move; in a game without secrets the view is
the `State` itself), so a click is typed to `State.play` and the events back. A subclass
supplies only
- `make_presenter()`: its `EffectsPresenter` subclass (pieces, and one animation per event),
  and `build_view()` (extended) makes its painter;
- `sync_presenter()`: lay its pieces from `self.on_show.shown` (the state as the seat on show
  sees it);
- `draw_board(canvas)`: its painter;
- `handle_move_input(event)`: how a person's clicks and drags become a move (`self.play(move)`);
- `describe(seat, move, events)`: the move log's line in plain words;
- `status_text()`: what the player to move is asked to do;
and may override `log_rect()`, `reset_input()` with `has_selection()` (Escape drops a half-made
move before it opens the pause menu), `choose_option(n)` (digit keys), `play_computer_move(move)`,
`presenter_events(events)`, and `move_traces(events)` with `trace_rect(where)`: the squares a
move took pieces from and to, and where each is drawn (the last-move marker); for the lessons
(`scenes.boards.lessons`), `click_path(move)`, `spot_rect(spot)` and `coach_rect()`; for the
think view `think_words(move)`, `think_spot(move)` and its `think_area`; for the phones
`phone_mark_spot(seat)` and `explain(refusal, text)`.

The game (state, move record, seats) is set up by the constructor; what the board draws is made
by `build_view`, a lifecycle step that runs once, when the board is first shown or its
presenter is first asked for, after every subclass has set itself up.

The turn loop is here: a move played (`play`: checked, recorded, animated, saved), computer
seats thinking off the main thread (`computers`, cancelled when a move is undone, the scene is
left or a person takes the seat), the path game over -> last animation -> results. The rest is
in the parts the board holds, each in its own module:
- `on_show` (`SeatOnShow`): whose secrets are on show (`viewer`), what may be drawn (`shown`),
  the hand-over screen between people in a game with secrets, a hand covered while a scene is
  over the board, spectator mode and a computer's seat handed to a person, the record of the
  faces the painter drew (`saw`), which tests and the monkey judge against the seat on show;
- `undo` (`BoardUndo`): with computers, back to the person's last turn; hot seat, the person at
  the screen asks and another player decides;
- `keeper` (`GameKeeper`): the autosave after every move, leaving that asks first, the pause
  menu, the replay kept and the results;
- `chrome` (`BoardChrome`): the top bar (Menu, Undo, Moves, Previews, Thinking, Hint,
  Pause), the keys
  every board shares, the status line, the move log; `status` (`StatusLine`): a refusal or news
  for a moment;
- `phone_seats` (`PhoneSeats`): hands on phones (`scenes.phones`): a seat whose phone is joined
  plays from it (`phone_move`, the same path as a click) and the screen never shows its secrets
  nor hands over to it;
- `record` (`GameRecord`): the moves, turns and log lines; `think_view` (`ThinkView`): a
  thinking computer's top three candidates; the last-move marker (`record.last_traces`);
- `coach_hint` (`CoachHint`): the coach's hint for the person to move (the Hint button);
- `turn_voice` (`TurnVoice`): self-voicing's last move and whose turn it is.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Generic, TypeAlias, TypedDict, TypeVar

import pygame

from game.core.events import Event
from game.core.protocols import MoveT, StateT, ViewT, to_act
from scenes.boards.board_host import parsed
from scenes.boards.chrome import BOARD_FACES, BoardChrome
from scenes.boards.coach_hint import CoachHint
from scenes.boards.computer_turns import ComputerTurns
from scenes.boards.computers import ComputerSeats
from scenes.boards.cursor import BoardCursor
from scenes.boards.history import GameRecord, LogLine
from scenes.boards.keeping import GameKeeper
from scenes.boards.on_show import SeatOnShow
from scenes.boards.phone_seats import PhoneSeats
from scenes.boards.rules_card import RulesCard
from scenes.boards.status import StatusLine
from scenes.boards.think_view import ThinkView
from scenes.boards.turn_voice import TurnVoice
from scenes.boards.undo import BoardUndo
from scenes.kit import fonts
from scenes.kit.cues import TurnCue
from scenes.kit.effects import EffectsPresenter
from scenes.kit.i18n import L_, N_, _, translated
from scenes.kit.last_move import Trace
from scenes.kit.seats import GameSetup
from scenes.manager import Scene
from scenes.services import AppServices

log = logging.getLogger(__name__)

HURRY = 4.0  # how much faster the running animation goes after a click or a key


#: a board's presenter class
P = TypeVar("P", bound=EffectsPresenter)


class BoardOptions(TypedDict, Generic[StateT], total=False):
    """What a board is made with besides the app and the setup (a subclass's `**options`)."""

    start_state: StateT | None
    moves: Sequence[str]
    spectator: bool
    phones: Sequence[int]


class BoardScene(Scene, Generic[StateT, ViewT, MoveT, P]):
    """A game on screen, from its setup to the results scene: the game's state, view and move
    (`StateT`, `ViewT`, `MoveT`), and its presenter's class `P`."""

    name = "board"
    #: the board previews what a move would do when hints are on
    offers_hints = False
    #: the game's rules card, behind the top bar's Rules button (None: no button)
    rules_card: RulesCard | None = None
    #: the board draws the last-move marker itself (`chrome.draw_last_move`, under its own labels)
    draws_last_move = False
    #: the end of the game opens the results (the replay viewer turns this off)
    shows_results = True
    #: where the think view's list of candidates stands
    think_area = pygame.Rect(560, 880, 800, 190)

    def __init__(
        self,
        app: AppServices,
        setup: GameSetup,
        start_state: StateT | None = None,
        moves: Sequence[str] = (),
        spectator: bool = False,
        phones: Sequence[int] = (),
        hints: Sequence[int] = (),
        undos: int = 0,
    ) -> None:
        """`phones`: the seats that played on their phones before (a continued game: they are
        offered new codes when the board opens); `hints`: where the coach's hints were shown,
        `undos`: how many times moves were taken back (a continued game keeps its marks)."""
        self.app = app
        self.setup = setup
        self.info = setup.info
        self.spoken_title = L_(self.info.title)
        self.spectator = spectator
        #: the game as it stands (the setup makes it from the registry: this board's game)
        self.state: StateT = setup.new_state() if start_state is None else start_state.clone()
        self.start_state = self.state.clone()
        self.record: GameRecord[StateT] = GameRecord()
        seats = [s for s in range(setup.players) if not setup.is_human(s)]
        self.computers: ComputerSeats[ViewT, MoveT] = ComputerSeats(
            {seat: setup.make_bot(seat) for seat in seats},
            {seat: setup.bot_rng(seat) for seat in seats},
        )
        self.computer_turns = ComputerTurns(self)
        #: a thinking computer's candidates, on screen when the watcher turns it on
        self.think_view = ThinkView()
        #: the coach's hint for the person to move (the Hint button)
        self.coach_hint = CoachHint(self)
        self.status = StatusLine(app.play_sound)
        self.turn_cue = TurnCue(app.play_sound)
        #: self-voicing's words of a board: the last move and whose turn it is
        self.turn_voice = TurnVoice(app.speech.say, setup)
        self.keeper = GameKeeper(self)
        self.undo = BoardUndo(self)
        self.on_show = SeatOnShow(self)
        #: the phones of this table; a continued game that was played on phones opens a table
        #: of its own, its codes shown when the board opens
        self.phone_seats = PhoneSeats(self, phones, spectator)
        self.on_show.viewer = self.on_show.first_viewer()
        self.hurry = False
        self._presenter: P | None = None  # made by build_view
        #: called with the events of each move as the presenter gets them (redacted for the seat
        #: on show): the attract loop's captions, a lesson's progress
        self.watch_events: Callable[[list[Event]], object] | None = None
        #: a lesson's judge of a person's legal move: why it is not the move wanted (the move is
        #: then refused and changes nothing), or None to let it be played
        self.move_gate: Callable[[MoveT | str], str | None] | None = None
        for text in moves:  # a continued game: replay what was played, without animation
            self.record.play(self.state, parsed(self, text), self.describe, self.move_traces)
        self.record.hints = list(hints)
        self.record.rewinds = undos
        self.chrome = BoardChrome(self)
        #: where the focus of keys and a pad stops on the board
        self.focus = BoardCursor(self)

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
        or asked for its presenter. The faces its words are set in are warmed between the
        frames that follow (`fonts.warm_ahead`)."""
        fonts.warm_ahead(BOARD_FACES)
        self._presenter = self.make_presenter()
        show_levels(self, [self.setup.level(seat) for seat in range(self.setup.players)])
        self.sync_presenter()

    # --- what a board subclass supplies ---------------------------------------------------------

    def make_presenter(self) -> P:
        raise NotImplementedError

    def sync_presenter(self) -> None:
        """Lay every piece where `self.on_show.shown` has it, with nothing animating."""
        raise NotImplementedError

    def draw_board(self, canvas: pygame.Surface) -> None:
        raise NotImplementedError

    def handle_move_input(self, event: pygame.event.Event) -> bool:
        """A person's input while it is their move; True if used."""
        return False

    def describe(self, seat: int, move: MoveT, events: Sequence[Event]) -> LogLine:
        return LogLine(seat, f"{self.setup.names[seat]}: {move}")

    def click_path(self, move: MoveT) -> list[pygame.Rect]:
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

    #: a note at `coach_rect()` takes all of it: it stands over reference text that would
    #: otherwise show cut off under its edge
    coach_fills = False
    #: where notes stand when they stand all along (`keep_clear_for_notes`), which the pieces
    #: then keep clear of; None: `coach_rect()` hides nothing the board needs
    notes_corner: pygame.Rect | None = None

    def status_text(self) -> str:
        return str(self.setup.says(to_act(self.state), N_("{name}: your move"), N_("Your move")))

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

    def trace_rect(self, where: Hashable) -> pygame.Rect | None:
        """Where a square of `move_traces` is drawn now (None: not on show)."""
        return None

    def choose_option(self, number: int) -> bool:
        """Digit key `number` (1..9): pick that option of a choice, if one is on offer."""
        return False

    def play_computer_move(self, move: MoveT) -> None:
        self.play(move)

    def presenter_events(self, events: list[Event]) -> list[Event]:
        """The events as the seat on show may see them (hidden-information games redact)."""
        return events

    def phone_mark_spot(self, seat: int) -> tuple[int, int] | None:
        """Where the mark of a seat playing on its phone stands (None: nowhere)."""
        return None

    def explain(self, refusal: str, text: str) -> str:
        """The engine's refusal of the move written `text`, in a player's words (and language)."""
        return sentence(translated(refusal) or refusal)

    def think_words(self, move: MoveT) -> str:
        """A thinking computer's candidate `move` in plain words, as anyone at the table may
        read it (never a face-down symbol or a hidden card; a face named is recorded with
        `saw`). By default a move's notation, in a game without secrets only."""
        return _("A move") if self.info.hidden_information else str(move)

    def think_spot(self, move: MoveT) -> tuple[float, float] | None:
        """Where on the board the candidate's number stands (None: nowhere)."""
        return None

    @property
    def faces_held_back(self) -> bool:
        """The game is over and the board, as drawn, keeps faces the rules reveal small or
        hidden (hands in panels): "show all faces" would show them."""
        return False

    # --- the turn loop ----------------------------------------------------------------------------

    @property
    def moves(self) -> list[str]:
        """The notations of the moves played so far, in order."""
        return self.record.moves

    @property
    def human_to_move(self) -> bool:
        """A person at this screen (or on a phone) may move now."""
        seat = self.state.current_player
        on_show = self.on_show
        return (
            seat is not None
            and seat not in self.computers
            and not self.spectator
            and self.presenter.idle
            and self.undo.prompt is None
            and (
                not on_show.needs_handover
                or on_show.viewer == seat
                or self.phone_seats.on_phone(seat)
            )
        )

    def play(self, move: MoveT | str) -> None:
        """Apply a move for the seat to act, log it, save the game and animate it (a person's
        move that a lesson's `move_gate` turns down is refused instead, and changes nothing: what
        the person holds stays held, drawn as held)."""
        seat = self.state.current_player
        if self.move_gate is not None and seat not in self.computers and not self.spectator:
            reason = self.move_gate(move)
            if reason is not None:
                self.status.refuse(reason)
                return
        self.computer_turns.stop()  # a computer still thinking about the old position is not asked
        if isinstance(move, str):  # (its notation, from a test or a replay)
            move = parsed(self, move)
        events = self.record.play(self.state, move, self.describe, self.move_traces)
        self.status.clear()
        self.reset_input()
        self.on_show.changed()
        shown = self.presenter_events(events)
        if self.watch_events is not None:
            self.watch_events(shown)
        self.presenter.animate(shown, on_game_over=self.keeper.show_results)
        self.keeper.autosave()

    def set_state(self, state: StateT, rewound: bool = False) -> None:
        """Continue from `state` (a puzzle, a demo position or a test): no history, no
        animation; `rewound`: the same game, taken back (its record goes on)."""
        self.computer_turns.stop()
        self.coach_hint.forget()
        self.state = state
        if not rewound:
            self.start_state = state.clone()
            self.record = GameRecord()
            self.keeper.restart()
        self.reset_input()
        self.on_show.changed()
        self.presenter.skip()
        self.sync_presenter()

    # --- the scene lifecycle ----------------------------------------------------------------------

    def enter(self) -> None:
        if self._presenter is None:
            self.build_view()
        self.phone_seats.enter()

    def exit(self) -> None:
        self.computer_turns.stop()
        if self.keeper.in_progress:  # (before the phones go: the save names the seats on them)
            self.keeper.autosave(thumbnail=True)
        self.phone_seats.close()

    def pause(self) -> None:
        """A scene opens over the board: the hand on show is covered (`SeatOnShow.cover`)."""
        self.on_show.cover()

    def resume(self) -> None:
        """The board is on top again: the covered hand may return (`SeatOnShow.uncover`)."""
        self.on_show.uncover()

    def request_quit(self) -> bool:
        return self.keeper.request_quit()

    @property
    def animating(self) -> bool:
        return (
            self.presenter.busy
            or self.computers.thinking_seat is not None
            or self.status.busy
            or self.coach_hint.busy
            or (self.state.current_player in self.computers and not self.state.is_over)
        )

    def update(self, dt: float) -> None:
        on_show = self.on_show
        on_show.follow_phones()
        timeline = self.presenter.timeline
        timeline.speed = self.app.animation_speed * (HURRY if self.hurry else 1.0)
        timeline.reduced = self.app.settings.motion == "reduced"
        self.presenter.update(dt)
        thinking = self.computers.thinking_seat
        bot = None if thinking is None else self.computers.bots.get(thinking)
        self.think_view.update(dt, thinking, bot, len(self.record.moves))
        self.status.update(dt)
        self.coach_hint.update(dt)
        if not self.presenter.idle:
            return
        self.hurry = False
        self.chrome.refresh()
        self.turn_voice.update(self.record.log, self.state.current_player)
        seat = self.state.current_player
        if seat is None or self.undo.prompt is not None:
            return
        here = self.human_to_move and not self.phone_seats.on_phone(seat)
        self.turn_cue.update((len(self.record.moves), seat) if here else None)
        if seat in self.computers:
            self.computer_turns.step(dt)
        elif self.phone_seats.on_phone(seat):  # played on its phone: the screen shows no hand
            on_show.set_viewer(None)
        elif (
            on_show.needs_handover
            and on_show.viewer != seat
            and on_show.handing_over is None
            and not self.app.manager.busy  # (it would come after what is queued: on top of it)
        ):
            on_show.hand_over(seat)

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = {button.key.split(":")[0]: button.rect for button in self.chrome.buttons}
        if self.undo.prompt is not None and not self.undo.answered_on_phone:
            rects["Allow"] = self.undo.allow_button.rect
            rects["Refuse"] = self.undo.refuse_button.rect
        return rects

    def handle(self, event: pygame.event.Event) -> bool:
        if self.undo.prompt is not None:
            return self.undo.handle(event)
        if self.chrome.handle(event):
            return True
        if not self.presenter.idle:
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.FINGERDOWN):
                self.hurry = True
                return True
            return False
        if not self.human_to_move:
            return False
        return self.handle_move_input(event)

    def draw(self, canvas: pygame.Surface) -> None:
        if self._presenter is None:  # drawn before it was entered (a scene that owns a board)
            self.build_view()
        self.chrome.framing = True
        try:
            self.draw_board(canvas)
        finally:
            self.chrome.framing = False
        if not self.draws_last_move:
            self.chrome.draw_last_move(canvas)
        self.think_view.draw(canvas, self)
        self.phone_seats.draw(canvas)
        self.chrome.draw(canvas)
        self.coach_hint.draw(canvas)  # (over the move log: it stands where the log does)
        if self.undo.prompt is not None:
            self.undo.draw(canvas)


#: a board of a game not known where it is handled (the registry's, a replay's, the kiosk's)
AnyBoard: TypeAlias = BoardScene[Any, Any, Any, Any]


def sentence(text: str) -> str:
    """A refusal from the engine as a sentence to show ("a1 ..." keeps its square name)."""
    if not text[1:2].isdigit():
        text = text[:1].upper() + text[1:]
    ends = (".", "!", "\u3002", "\uff01")  # (Japanese sentences end with a full-width stop)
    return text if text.endswith(ends) else text + "."


def show_levels(board: AnyBoard, levels: Sequence[str | None]) -> None:
    """Show each seat's computer level beside its name on `board` (None: a person's seat). A
    board watched as a spectator, whose seats are all people's, is told the levels that played."""
    for panel, level in zip(board.presenter.seats, levels, strict=True):
        panel.level = level


def keep_clear_for_notes(board: AnyBoard) -> None:
    """Notes will stand at `board.coach_rect()` all along (a lesson, a review): a board with a
    `notes_corner` puts them there and fits its pieces clear of it."""
    if board.notes_corner is None:
        return
    board.presenter.keep_clear = pygame.Rect(board.notes_corner)
    board.coach_fills = False
    board.sync_presenter()
