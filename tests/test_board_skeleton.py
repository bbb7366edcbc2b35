"""The board skeleton is general: a tiny fake game with a secret, on a board of a few lines,
gets computer seats, undo, hand-over, the move log, leaving that asks first, saving, spectator
mode and the results from `BoardScene` alone. All driven by posted clicks."""

from __future__ import annotations

import dataclasses
import threading

import pygame
import pytest
from helpers.drawn_text import install as install_text_probe
from helpers.kept import save_files
from helpers.scene_driver import frames, settle, tap

import game
from game.core.descriptor import EndReason, GameType
from game.core.engine import IllegalMove, TurnState
from game.core.events import Event, GameOver, TurnPassed
from game.core.result import Result
from scenes.boards import BOARDS
from scenes.boards.base import BoardScene
from scenes.boards.history import LogLine
from scenes.boards.spec import BoardSpec
from scenes.kit.confirm import ConfirmScene
from scenes.kit.effects import EffectsPresenter, EventHandlers, UnknownEvent
from scenes.kit.seats import GameSetup
from scenes.kit.tween import Tween

LEFT, RIGHT = (400, 600), (1500, 600)  # click left: add 1, right: add 2


# --- the fake game: add 1 or 2 to a shared count; whoever reaches 5 wins --------------------------


@dataclasses.dataclass(frozen=True)
class Added(Event):
    seat: int
    amount: int
    total: int


class RaceEnd(EndReason):
    REACHED = "reached five"

    @classmethod
    def _texts(cls) -> dict[str, str]:
        return {"reached five": "{winner} reached five."}


class Race(TurnState):
    """Each seat also holds a secret number that only it may see (so hand-over is needed)."""

    def __init__(self, players: int = 2) -> None:
        self.players, self.total, self._current, self._result = players, 0, 0, None
        self.secrets = [7 + seat for seat in range(players)]

    def legal_moves(self) -> list[int]:
        return [] if self._result else [1, 2]

    def play(self, move: object) -> list[Event]:
        if isinstance(move, str) and move in ("1", "2"):
            move = int(move)
        if move not in self.legal_moves():
            raise IllegalMove(f"{move!r} is not 1 or 2")
        mover = self._current
        self.total += int(move)  # type: ignore[call-overload]
        events: list[Event] = [Added(mover, int(move), self.total)]  # type: ignore[call-overload]
        if self.total >= 5:
            self._current = None
            scores = tuple(1 if s == mover else 0 for s in range(self.players))
            self._result = Result((mover,), False, scores, RaceEnd.REACHED)
            events.append(GameOver(self._result))
        else:
            self._current = (mover + 1) % self.players
            events.append(TurnPassed(mover, self._current))
        return events

    def clone(self) -> Race:
        copy = Race(self.players)
        copy.total, copy._current, copy._result = self.total, self._current, self._result
        copy.secrets = list(self.secrets)
        return copy

    def view(self, seat: int | None) -> Race:
        copy = self.clone()
        copy.secrets = [v if s == seat else None for s, v in enumerate(self.secrets)]
        return copy

    def breakdown(self, seat: int) -> dict[str, int]:
        return {"won": 1 if self._result and seat in self._result.winners else 0}

    def to_dict(self) -> dict:
        return {"players": self.players, "total": self.total, "current": self._current}

    @classmethod
    def from_dict(cls, data: dict) -> Race:
        state = cls(data["players"])
        state.total, state._current = data["total"], data["current"]
        return state


def new_race(players=2, seed=None, first_player=0, **options):
    return Race(players)


RACE = GameType(
    key="race",
    title="Race to five",
    player_counts=(2, 3),
    hidden_information=True,
    pitch="Add one or two.",
    end_reasons=RaceEnd,
    new_game=new_race,
    parse_move=lambda state, text: int(text),
    state_class=Race,
)


class RacePresenter(EffectsPresenter):
    def handlers(self):
        return EventHandlers().on(Added, self._added)

    def sync(self, state):
        self.skip()
        self.reset_effects()
        self.total = state.total
        self.settle_seats(state.current_player)

    def _added(self, event):
        self.timeline.then(Tween(self, 0.3, total=event.total))


class SlowBot:
    """Thinks until told to stop (or 120 s): leaving must not wait for it. `told`: it stopped
    because it was told to (False: it thought the whole time, nobody told it)."""

    def __init__(self):
        self.stopped = threading.Event()
        self.told = False

    def choose(self, view, rng, stop):
        self.told = stop.wait(120)
        self.stopped.set()
        return 1


class FirstMoveBot:
    def __init__(self):
        self.views = []

    def choose(self, view, rng):
        self.views.append(view)
        return view.legal_moves()[0]


class RaceBoard(BoardScene):
    bot_class = FirstMoveBot

    def make_presenter(self):
        self.presenter_total = 0
        return RacePresenter(self.setup.players, self.setup.names)

    def sync_presenter(self):
        self.presenter.sync(self.on_show.shown)

    def draw_board(self, canvas):
        canvas.fill((30, 90, 60))
        secrets = self.on_show.shown.secrets
        pygame.draw.rect(canvas, (200, 200, 200), (900, 500, round(self.presenter.total) * 20, 40))
        self.drawn_secrets.append((self.on_show.viewer, tuple(secrets)))

    def handle_move_input(self, event):
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.play(1 if event.pos[0] < 960 else 2)
            return True
        return False

    def describe(self, seat, move, events):
        return LogLine(seat, f"{self.setup.names[seat]} adds {move}")

    def __init__(self, app, setup, **kwargs):
        self.drawn_secrets = []
        self.bots_made = []
        parts = {f.name: getattr(setup, f.name) for f in dataclasses.fields(GameSetup)}
        setup = RaceSetup(**parts)
        object.__setattr__(setup, "board", self)  # (not a field: the save does not keep it)
        super().__init__(app, setup, **kwargs)


@dataclasses.dataclass(frozen=True)
class RaceSetup(GameSetup):
    """The race's setup: its computer seats play the board's `bot_class`, each bot made kept
    in the board's `bots_made`."""

    def make_bot(self, seat):
        bot = self.board.bot_class()
        self.board.bots_made.append(bot)
        return bot


class SlowRaceBoard(RaceBoard):
    bot_class = SlowBot


def race_spec(board):
    """The fake game's presentation, registered like a real game's."""
    return BoardSpec(
        game=RACE,
        board=f"{__name__}:{board.__name__}",
        pages=f"{__name__}:RACE_PAGES",
        tellers=f"{__name__}:tell_race",
        faces=f"{__name__}:race_faces",
        rule_prefix="RC",
        menu_art="logo",
    )


RACE_PAGES = ()


def tell_race(events, names):
    return [(1, f"{names[e.seat]} adds {e.amount}") for e in events if isinstance(e, Added)]


def race_faces(board, views, viewer):
    return lambda code, place: None


@pytest.fixture
def race_app(open_board, monkeypatch):
    """The fake game goes through the same registries as the real ones."""
    monkeypatch.setitem(game.GAMES, "race", RACE)

    def make(seats, board=RaceBoard, spectator=False):
        monkeypatch.setitem(BOARDS, "race", race_spec(board))
        return open_board("race", seats, seed=3, spectator=spectator)

    return make


# --- the tests ------------------------------------------------------------------------------------


def test_a_person_and_a_computer_play_the_fake_game_to_the_results(race_app):
    app, board = race_app(["human", "ai:normal"])
    while isinstance(app.manager.current, BoardScene):
        if board.human_to_move:
            tap(app, RIGHT)
        frames(app)
    assert app.manager.current.name == "results"
    assert board.state.is_over and board.state.total >= 5
    assert len(board.moves) >= 3
    assert [line.text for line in board.record.log[:2]] == ["Player 1 adds 2", "Pepper adds 1"]


def test_the_computer_is_handed_only_its_seats_view(race_app):
    app, board = race_app(["human", "ai:normal"])
    tap(app, LEFT)
    settle(app)
    (bot,) = board.bots_made
    assert bot.views and all(view.secrets == [None, 8] for view in bot.views)
    assert all(view is not board.state for view in bot.views)


def test_undo_against_a_computer_returns_to_the_persons_turn(race_app):
    app, board = race_app(["human", "ai:normal"])
    tap(app, LEFT)
    settle(app)
    assert board.moves == ["1", "1"] and board.human_to_move
    tap(app, board.button_rects["Undo"].center)
    assert board.moves == [] and board.state.total == 0 and board.state.current_player == 0
    assert board.record.log[-1].text == "(move taken back)"


def test_hot_seat_undo_waits_for_the_others(race_app):
    app, board = race_app(["human", "human"])
    _pass_device(app)
    tap(app, board.button_rects["Undo"].center)
    assert board.undo.prompt is None and board.status.refusal[0] == "Nothing to undo now."
    tap(app, RIGHT)
    settle(app)
    _pass_device(app)
    tap(app, board.button_rects["Undo"].center)
    assert board.undo.prompt is not None
    tap(app, board.button_rects["Refuse"].center)
    assert board.moves == ["2"]
    _pass_device(app, settled=False)  # back to the one who asked, who is told why
    assert board.chrome.status_line()[0] == "Player 1 refused: the move stays."
    settle(app)
    tap(app, board.button_rects["Undo"].center)
    tap(app, board.button_rects["Allow"].center)
    assert board.moves == [] and board.state.current_player == 0
    _pass_device(app, settled=False)
    assert board.chrome.status_line()[0] == "Player 1 allowed it: the move is taken back."
    frames(app, 4 * 60)  # a few seconds later the bar says whose move it is again
    assert board.chrome.status_line()[0] == "Player 1: your move"


def test_the_one_who_asks_for_an_undo_is_named_and_another_decides(race_app, monkeypatch):
    """Issue 23, defect 3: Player 2, at the screen, asks to take back Player 1's move: the
    question names Player 2 as the asker, the device goes to Player 1 (the decider: never the
    asker), and nothing secret stays on show while it is passed."""
    app, board = race_app(["human", "human"])
    _pass_device(app)
    tap(app, LEFT)  # Player 1 adds 1
    settle(app)
    _pass_device(app)
    assert board.on_show.viewer == 1
    drawn = install_text_probe(monkeypatch)
    tap(app, board.button_rects["Undo"].center)
    request = board.undo.prompt
    assert (request.asker, request.decider) == (1, 0)
    assert request.question == "Player 2 asks to take back Player 1's last move."
    assert "Pass to Player 1" in drawn.words and request.question in drawn.words
    assert "Player 1 decides: allow it or refuse it." in drawn.words
    assert board.on_show.viewer is None  # Player 2's secret is hidden while Player 1 decides
    board.drawn_secrets.clear()
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(0, 0), buttons=(0, 0, 0))
    )
    frames(app, 3)
    assert board.drawn_secrets and all(
        viewer is None and secrets == (None, None) for viewer, secrets in board.drawn_secrets
    )
    tap(app, board.button_rects["Allow"].center)
    assert board.moves == [] and board.state.current_player == 0
    settle(app)
    assert app.manager.current.name == "handover"  # back to Player 1, whose turn it is again


def test_asking_to_take_back_ones_own_move_is_decided_by_the_next_player(race_app):
    app, board = race_app(["human", "human", "human"])
    _pass_device(app)
    tap(app, LEFT)
    settle(app)
    _pass_device(app)  # Player 2 on show
    tap(app, RIGHT)
    settle(app)
    _pass_device(app)  # Player 3 on show asks to take back Player 2's move
    tap(app, board.button_rects["Undo"].center)
    assert (board.undo.prompt.asker, board.undo.prompt.decider) == (2, 1)
    key_escape(app)  # Escape withdraws the question
    assert board.undo.prompt is None and board.moves == ["1", "2"]


def key_escape(app):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    frames(app, 2)


def _pass_device(app, settled=True):
    """Click "I am ready" on the hand-over screen that should be showing (then let the board
    settle, unless `settled` is False: what it says at once is asked)."""
    settle(app)
    handover = app.manager.current
    assert handover.name == "handover", handover.name
    tap(app, handover.button_rects["I am ready"].center)
    if settled:
        settle(app)


def test_hot_seat_hands_over_and_shows_only_the_seat_on_show(race_app):
    app, board = race_app(["human", "human"])
    _pass_device(app)  # before the first move, nobody's secret is on show
    assert board.on_show.viewer == 0 and board.human_to_move
    tap(app, LEFT)
    settle(app)
    assert app.manager.current.name == "handover" and board.on_show.viewer is None
    _pass_device(app)
    assert board.on_show.viewer == 1
    for viewer, secrets in board.drawn_secrets:
        assert all(value is None for seat, value in enumerate(secrets) if seat != viewer)


def test_leaving_a_game_in_progress_asks_first_and_keeps_it(race_app, tmp_path):
    app, board = race_app(["human", "ai:normal"])
    tap(app, board.button_rects["Menu"].center)
    assert app.manager.current.name == "menu"  # nothing played yet: nothing to lose

    app, board = race_app(["human", "ai:normal"])
    tap(app, LEFT)
    settle(app)
    tap(app, board.button_rects["Menu"].center)
    confirm = app.manager.current
    assert isinstance(confirm, ConfirmScene)
    tap(app, confirm.button_rects["Stay"].center)
    assert app.manager.current is board
    tap(app, board.button_rects["Menu"].center)
    tap(app, app.manager.current.button_rects["Leave"].center)
    settle(app)
    assert app.manager.current.name == "menu"
    assert len(save_files(tmp_path)) == 1


def test_escape_opens_the_pause_menu_and_resume_returns(race_app):
    app, board = race_app(["human", "ai:normal"])
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    frames(app, 3)
    pause = app.manager.current
    assert pause.name == "pause"
    assert set(pause.button_rects) == {"Resume", "Rules", "Settings", "Leave"}
    tap(app, pause.button_rects["Resume"].center)
    assert app.manager.current is board


def test_continue_restores_the_identical_state(race_app, tmp_path):
    app, board = race_app(["human", "ai:normal"])
    tap(app, RIGHT)
    settle(app)
    before = board.state.to_dict()
    board.keeper.leave()
    settle(app)
    assert app.continue_game()
    settle(app)
    again = app.manager.current
    assert isinstance(again, RaceBoard) and again is not board
    assert again.state.to_dict() == before and again.moves == board.moves
    assert again.human_to_move


def test_leaving_while_a_computer_thinks_does_not_wait_for_it(race_app):
    app, board = race_app(["ai:normal", "human"], board=SlowRaceBoard)
    frames(app, 3)
    assert board.computers.thinking_seat == 0
    board.keeper.leave()
    settle(app)
    app.close()
    bot = board.bots_made[0]  # (had leaving waited for it to end, it would have thought 120 s)
    assert bot.stopped.wait(60) and bot.told, "the bot was told to stop"


def test_undo_cancels_a_think_at_once(race_app):
    app, board = race_app(["human", "ai:normal"], board=SlowRaceBoard)
    tap(app, LEFT)
    frames(app, 30)
    assert board.computers.thinking_seat == 1
    tap(app, board.button_rects["Undo"].center)
    assert board.computers.thinking_seat is None and board.moves == []
    assert board.bots_made[0].stopped.wait(60) and board.bots_made[0].told


def test_a_spectator_sees_public_information_and_can_take_a_seat(race_app):
    app, board = race_app(["ai:normal", "ai:normal"], spectator=True)
    assert board.chrome.buttons == [] and board.on_show.viewer is None
    frames(app, 30)
    assert all(secrets == (None, None) for _, secrets in board.drawn_secrets)
    settle(app)
    board.on_show.take_seat(1)
    assert list(map(str, board.setup.seats)) == ["ai:normal", "human"] and board.on_show.viewer == 1
    while isinstance(app.manager.current, BoardScene):
        if board.human_to_move:
            tap(app, RIGHT)
        frames(app)
    assert app.manager.current.name == "results"


def test_an_event_without_an_animation_is_an_error():
    presenter = RacePresenter(2, ("a", "b"))
    with pytest.raises(UnknownEvent):
        presenter.animate([Event()])


def test_window_close_during_a_game_asks_first(race_app):
    app, _ = race_app(["human", "ai:normal"])
    tap(app, LEFT)
    settle(app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 2)
    assert app.running and isinstance(app.manager.current, ConfirmScene)
    tap(app, app.manager.current.button_rects["Quit"].center)
    assert not app.running


def test_the_continue_picture_shows_public_information_only(race_app):
    _, board = race_app(["human", "ai:normal"])
    assert board.on_show.viewer == 0
    board.drawn_secrets.clear()
    board.keeper.thumbnail()
    assert board.drawn_secrets == [(None, (None, None))]
    assert board.on_show.viewer == 0  # the seat on show is back afterwards


def test_the_move_log_shows_the_newest_rows_that_fit_a_wrapped_entry_closer():
    from scenes.boards.move_log import LOG_LINE, LOG_WRAP
    from scenes.boards.move_log import rows_fitting as _rows_fitting

    assert LOG_WRAP < LOG_LINE
    steps = [LOG_LINE, LOG_WRAP, LOG_LINE, LOG_LINE, LOG_WRAP, LOG_WRAP]
    # newest first: 31 + 31 + 40 + 40 = 142 fits 150; one more row of 31 would not
    assert _rows_fitting(steps, len(steps) - 1, -1, 150) == 4
    assert _rows_fitting(steps, 0, 1, 150) == 3  # 40 + 31 + 40 from the oldest; 40 more: 151
    assert _rows_fitting(steps, len(steps) - 1, -1, 10) == 1  # a row is shown however tight
    assert _rows_fitting([], -1, -1, 150) == 0
