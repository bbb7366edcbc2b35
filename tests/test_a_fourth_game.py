"""Adding a game is its two packages and two registry lines (CONTRIBUTING.md, "Adding a game"):
a small game written here, in the test's own folder (a rules package `fives` and a board package
`fives_board`, nothing else), registered the way game/__init__.py and scenes/boards/__init__.py
register theirs, goes through the menu, the setup, a whole game, the results and the benchmarks,
and through every test that loops over the registered games, which find it by themselves."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from helpers.scene_driver import click, settle

ROOT = Path(__file__).resolve().parent.parent

RULES = {
    "__init__.py": '''
        """Fives: add one or two to a shared count; whoever brings it to fifteen wins (FV-1)."""

        from game.core.engine import IllegalMove, InvalidNotation
        from fives.state import DESCRIPTOR, Add, EndReason, State, new_game, parse_move

        __all__ = [
            "DESCRIPTOR", "Add", "EndReason", "IllegalMove", "InvalidNotation", "State",
            "new_game", "parse_move",
        ]
    ''',
    "state.py": '''
        """The state of Fives (FV-1: add one or two; FV-2: fifteen wins)."""

        from dataclasses import dataclass

        from game.core import descriptor
        from game.core.engine import Engine, InvalidNotation, MadeMoves, shown
        from game.core.events import Event, GameOver, TurnPassed

        GOAL = 15


        @dataclass(frozen=True)
        class Add:
            amount: int

            def __str__(self) -> str:
                return f"add {self.amount}"


        MOVES = MadeMoves()
        ONE, TWO = MOVES.add(Add(1)), MOVES.add(Add(2))


        @dataclass(frozen=True)
        class Added(Event):
            seat: int
            amount: int
            total: int


        class EndReason(descriptor.EndReason):
            FIFTEEN = "fifteen", "{winner} brought the count to fifteen."


        class State(Engine[Add]):
            __slots__ = ("players", "total")
            _made = MOVES

            def __init__(self, players: int = 2, first_player: int = 0) -> None:
                self.players, self.total = players, 0
                self._current, self._result = first_player, None

            def legal_moves(self) -> list[Add]:
                if self._result:
                    return []
                return [m for m in (ONE, TWO) if self.total + m.amount <= GOAL]

            def _read(self, text: str) -> Add:
                for move in (ONE, TWO):
                    if text.strip() == str(move):
                        return move
                raise InvalidNotation(f"{shown(text)} is not a Fives move")

            def _malformed(self, move: object) -> str | None:
                if type(move) is not Add or type(move.amount) is not int:
                    return f"{shown(move)} is not a Fives move"
                return None if move.amount in (1, 2) else "one or two only (FV-1)"

            def _refused(self, move: Add) -> str | None:
                return None if self.total + move.amount <= GOAL else "past fifteen (FV-2)"

            def _apply(self, move: Add) -> list[Event]:
                seat = self._current
                self.total += move.amount
                events: list[Event] = [Added(seat, move.amount, self.total)]
                if self.total == GOAL:
                    scores = tuple(int(s == seat) for s in range(self.players))
                    events.append(GameOver(self._conclude((seat,), scores, EndReason.FIFTEEN)))
                else:
                    self._current = (seat + 1) % self.players
                    events.append(TurnPassed(seat, self._current))
                return events

            def view(self, seat: int | None) -> "State":
                return self.clone()

            def diagram(self) -> str:
                return str(self.total)

            def hand(self, seat: int) -> list[str]:
                return []

            def score(self, seat: int) -> int:
                return self._result.scores[seat] if self._result else 0

            def breakdown(self, seat: int) -> dict[str, int]:
                return {"won": self.score(seat)}

            def to_dict(self) -> dict:
                return {"players": self.players, "total": self.total, "current": self._current}

            @classmethod
            def from_dict(cls, data: dict) -> "State":
                state = cls(data["players"], data["current"])
                state.total = data["total"]
                return state


        def new_game(players: int = 2, seed: int | None = None, first_player: int = 0) -> State:
            return State(players, first_player)


        def parse_move(state: State, text: object) -> Add:
            return state.parse(text)


        DESCRIPTOR = descriptor.GameType(
            key="fives",
            title="Fives",
            player_counts=(2, 3),
            hidden_information=False,
            pitch="Add one or two; bring the count to fifteen.",
            end_reasons=EndReason,
            new_game=new_game,
            parse_move=parse_move,
            state_class=State,
            bots="fives.bots",
            longest_playout=16,
        )
    ''',
    "bots.py": '''
        """Fives' computers: any move, or the one that wins at once."""

        from game.ai.random_bot import RandomBot


        class Greedy(RandomBot):
            name = "greedy"

            def choose(self, view, rng):
                for move in view.legal_moves():
                    if view.total + move.amount == 15:
                        return move
                return super().choose(view, rng)


        class Beginner(RandomBot):
            name = "beginner"


        class Search(Greedy):
            name = "search"


        BOTS = {"random": RandomBot, "beginner": Beginner, "greedy": Greedy, "search": Search}
    ''',
}

BOARD = {
    "__init__.py": '''
        """How the app shows Fives."""

        from fives import DESCRIPTOR
        from scenes.boards.spec import BoardSpec

        SPEC = BoardSpec(
            game=DESCRIPTOR,
            board="fives_board.scene:FivesBoard",
            pages="fives_board.scene:PAGES",
            tellers="fives_board.scene:tell",
            faces="fives_board.scene:faces",
            rule_prefix="FV",
            menu_art="logo",
            animation_bench="fives_board.scene:heaviest_animation",
        )
    ''',
    "scene.py": '''
        """The Fives board: the count, drawn as a bar; a click on the left adds one, on the
        right two (FV-1)."""

        import pygame

        from scenes.boards.base import BoardScene
        from scenes.boards.history import LogLine
        from scenes.boards.measure import measure_move
        from scenes.kit.effects import EffectsPresenter, EventHandlers
        from scenes.kit.tween import Tween
        from fives.state import ONE, TWO, Add, Added, State, new_game

        PAGES = ()


        class Presenter(EffectsPresenter):
            total = 0.0

            def handlers(self):
                return EventHandlers().on(Added, self._added)

            def sync(self, state):
                self.skip()
                self.reset_effects()
                self.total = state.total
                self.settle_seats(state.current_player)

            def _added(self, event):
                self.timeline.then(Tween(self, 0.3, total=event.total))


        class FivesBoard(BoardScene[State, State, Add, Presenter]):
            def make_presenter(self):
                return Presenter(self.setup.players, self.setup.names)

            def sync_presenter(self):
                self.presenter.sync(self.on_show.shown)

            def draw_board(self, canvas):
                canvas.fill((40, 90, 60))
                width = round(self.presenter.total * 100)
                pygame.draw.rect(canvas, (230, 200, 80), (200, 500, width, 80))

            def handle_move_input(self, event):
                if event.type != pygame.MOUSEBUTTONDOWN:
                    return False
                move = ONE if event.pos[0] < 960 else TWO
                if move in self.state.legal_moves():
                    self.play(move)
                else:
                    self.status.refuse("That would pass fifteen.")
                return True

            def click_path(self, move):
                x = 300 if move == ONE else 1500
                return [pygame.Rect(x, 500, 10, 10)]

            def describe(self, seat, move, events):
                return LogLine(seat, f"{self.setup.names[seat]} adds {move.amount}")


        def tell(events, names):
            return [(1, f"{names[e.seat]} adds {e.amount}") for e in events if isinstance(e, Added)]


        def faces(board, views, viewer):
            return lambda code, place: None


        def heaviest_animation(app, repeats=8):
            measured = measure_move(app, "fives", new_game(), "add 2", repeats)
            return [("fives board: add two", measured)]
    ''',
}

REGISTRY = '''
    """The two registry lines of Fives, said at run time: its rules package in game.PACKAGES
    (game.GAMES follows it) and its board's spec in scenes.boards.BOARDS. As a pytest plugin
    (`-p fives_registry`) it registers the game before any test module is read."""

    import fives
    import fives_board

    import game
    from scenes import boards


    def register():
        if fives.DESCRIPTOR.key not in game.GAMES:
            game.PACKAGES = (*game.PACKAGES, fives)
            game.GAMES[fives.DESCRIPTOR.key] = fives.DESCRIPTOR
            boards.BOARDS[fives_board.SPEC.key] = fives_board.SPEC


    def pytest_configure(config):
        register()
'''

#: the tests that loop over the registered games, and the Fives cases each must run
LOOPING_TESTS = {
    "tests/test_move_safety.py": "test_play_parse_and_views_refuse_anything_that_is_not_legal",
    "tests/test_api_names.py": "test_each_game_module_offers_new_game_parse_move_and_state",
    "tests/test_game_names.py": "test_no_file_outside_the_games_packages_names_the_game",
    "tests/test_scene_flow.py": "test_a_menu_tile_opens_that_games_setup",
    "tests/test_saved_game.py": "fives",
}


def write_packages(folder: Path) -> Path:
    """The two packages of Fives (and its registry lines) in `folder`; the folder."""
    for package, files in (("fives", RULES), ("fives_board", BOARD)):
        (folder / package).mkdir(parents=True, exist_ok=True)
        for name, text in files.items():
            (folder / package / name).write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    (folder / "fives_registry.py").write_text(textwrap.dedent(REGISTRY).lstrip())
    return folder


@pytest.fixture
def fives(tmp_path, monkeypatch):
    """Fives importable from the test's folder and registered (undone after the test)."""
    import game
    from scenes import boards

    monkeypatch.syspath_prepend(str(write_packages(tmp_path / "fourth")))
    monkeypatch.setattr(game, "PACKAGES", game.PACKAGES)  # (put back after)
    for name in [n for n in sys.modules if n.split(".")[0] in ("fives", "fives_board")]:
        monkeypatch.delitem(sys.modules, name)
    import fives_registry

    fives_registry.register()
    yield
    game.GAMES.pop("fives", None)
    boards.BOARDS.pop("fives", None)
    for name in [n for n in sys.modules if n.split(".")[0] in ("fives", "fives_board")]:
        del sys.modules[name]
    sys.modules.pop("fives_registry", None)


@pytest.mark.slow
def test_a_fourth_game_is_played_from_the_menu_to_the_results(fives, make_app):
    import game

    assert list(game.GAMES)[-1] == "fives" and game.load("fives").DESCRIPTOR.title == "Fives"
    app = make_app()
    menu = app.manager.current
    assert menu.name == "menu" and "fives" in menu.button_rects
    click(app, menu.button_rects["fives"].center)
    setup = app.manager.current
    assert setup.name == "setup" and setup.game == "fives"
    click(app, setup.button_rects["Start"].center)
    board = app.manager.current
    assert board.name == "board" and board.setup.game == "fives"
    for _ in range(40):  # the people at the table click: left adds one, right two
        if app.manager.current is not board:
            break
        settle(app)
        if board.human_to_move:
            click(app, (1500, 600) if board.state.total <= 13 else (300, 600))
    settle(app)
    assert board.state.is_over and board.state.total == 15
    assert app.manager.current.name == "results"
    assert any("adds" in line.text for line in board.record.log)


@pytest.mark.slow
def test_a_fourth_game_is_in_the_benchmarks(fives, make_app):
    from scenes.bench import frames
    from scenes.bench.rules import games_per_second
    from scenes.boards import BOARDS

    assert games_per_second("fives", 2, seconds=0.05)["games"] >= 1
    app = make_app()
    labels = [label for label, _ in frames.board_moments(app, repeats=1)]
    assert "fives board: add two" in labels and len(labels) == len(BOARDS) >= 4


@pytest.mark.slow
def test_every_test_that_loops_over_the_games_runs_the_fourth_one_too(tmp_path):
    folder = write_packages(tmp_path / "fourth")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), str(ROOT)])}
    command = [sys.executable, "-m", "pytest", "-p", "fives_registry", "-n", "0", "-q"]
    command += ["-p", "no:cacheprovider", "-k", "fives", *LOOPING_TESTS]
    run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    listed = subprocess.run(
        [*command, "--collect-only"], cwd=ROOT, env=env, capture_output=True, text=True
    ).stdout
    for path, name in LOOPING_TESTS.items():
        assert any(
            path in line and name in line and "fives" in line for line in listed.splitlines()
        ), (path, name)
