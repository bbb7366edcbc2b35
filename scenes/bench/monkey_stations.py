"""Where the monkey (`scenes.bench.monkey`) starts each stretch of random input: *stations*, each
reached through the app's own navigation.

Every app: the menu, each game's setup and rules, the settings, every registered board
(`scenes.boards.BOARDS`) in hot seat, against computers and computers only, each game's
results after a random game, a game with a phone page continued on phones (its new codes over
the board), the hand-over screen, the Replays list and the replay viewer.
A kiosk app (`--kiosk`) adds its own screens: the attract loop ("Touch to play"), its "Take this
seat" offer, the "Still playing?" countdown over a game left idle, the calm "Back in a moment"
screen, the operator's PIN pad and the operator screen.

A new board is covered as soon as it is registered; `STATIONS_EXTRA` takes one line for a scene
the navigation cannot reach that way.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.descriptor import GameType
    from game.core.protocols import GameState
    from scenes.app import App
    from scenes.kit.seats import GameSetup

FRAME = 1 / 60


@dataclass(frozen=True)
class Station:
    """A scene the monkey starts a stretch from: `enter(app)` brings it on top."""

    name: str
    enter: Callable[[App], None]


def seat_plans(players: int) -> dict[str, list[str]]:
    return {
        "hot seat": ["human"] * players,
        "against computers": ["human"] + ["ai:easy"] * (players - 1),
        "computers only": ["ai:hard"] * players,
    }


def _games() -> dict[str, GameType]:
    from game import GAMES

    return GAMES


def _setup(game: str) -> Callable[[App], None]:
    return lambda app: app.open_setup(game)


def _rules(game: str) -> Callable[[App], None]:
    return lambda app: app.open_rules(game)


def _board(game: str, seats: list[str]) -> Callable[[App], None]:
    def enter(app: App) -> None:
        app.start_game(app.quick_setup(game, seats), fade=False)

    return enter


def _random_game(
    app: App, game: str, players: int
) -> tuple[GameSetup, GameState, GameState, list[object]]:
    """A random game of `game` played to its end: (setup, final state, start state, moves)."""
    from game.core.engine import random_playout

    state = _games()[game].new_game(players=players, seed=app.rng.randrange(2**31))
    start = state.clone()
    moves = random_playout(state, random.Random(app.rng.random()))
    setup = app.quick_setup(game, seat_plans(players)["against computers"])
    return setup, state, start, moves


def _results(game: str, players: int) -> Callable[[App], None]:
    def enter(app: App) -> None:
        setup, state, start, moves = _random_game(app, game, players)
        app.show_results(setup, state, start, moves)

    return enter


def _replay(game: str, players: int) -> Callable[[App], None]:
    """The replay viewer on a random game of `game` (as Watch replay opens it)."""

    def enter(app: App) -> None:
        from scenes.screens.replay_viewer import ReplayScene
        from scenes.storage.saved_game import SavedGame

        setup, _, start, moves = _random_game(app, game, players)
        app.go_menu()
        app.manager.push(ReplayScene(app, SavedGame.of(setup, start, moves)), fade=False)

    return enter


def _continued_on_phones(game: str, players: int) -> Callable[[App], None]:
    """A game saved with every seat on phones, continued from the menu: its board with the new
    codes over it (at a kiosk without phones turned on: the board alone)."""

    def enter(app: App) -> None:
        from scenes.storage.saved_game import SavedGame, save_unfinished

        setup = app.quick_setup(game, seat_plans(players)["hot seat"])
        saved = SavedGame.of(setup, setup.new_state(), [], phones=range(players))
        save_unfinished(app.store.folder, saved)
        app.continue_game()

    return enter


def _handover(app: App) -> None:
    colour = app.quick_setup(next(iter(_games())), ["human", "human"]).colours[1]
    app.handover("Player 2", colour, lambda: None)


# --- kiosk screens ------------------------------------------------------------------------------
def _settle(app: App) -> None:
    """Run frames (no input) until the scene changes asked for have happened."""
    for _ in range(600):
        app.run(frames=1, fixed_dt=FRAME)
        if not app.manager.busy:
            return


def _seat_offer(app: App) -> None:
    """The attract loop with its "Take this seat" offer open (as a touch on a panel opens it)."""
    from scenes.kiosk.attract import AttractScene

    attract = AttractScene(app)
    app.manager.switch(attract, fade=False)
    _settle(app)  # the switch happens and the attract game starts
    if attract.board is not None:
        attract.offer_seat(app.rng.randrange(attract.board.setup.players))


def _countdown(app: App) -> None:
    """A game left idle: the kiosk asks "Still playing?" (its own idle clock run forward)."""
    game = next(iter(_games()))
    _board(game, seat_plans(2)["hot seat"])(app)  # (a visitor is waited for: no computer)
    _settle(app)
    app.idle_seconds = app.settings.kiosk_idle_seconds  # as if nobody touched it that long
    if app.kiosk_control is not None:
        app.kiosk_control.quiet = app.idle_seconds
    app.run(frames=1, fixed_dt=FRAME)


def _calm(app: App) -> None:
    """The calm screen the kiosk shows after three crashes within a minute."""
    from scenes.kiosk.calm import CalmScene

    app.manager.switch(CalmScene(app), fade=False)


def _pin(app: App) -> None:
    assert app.kiosk_control is not None, "the PIN screen is a kiosk app's"
    app.kiosk_control.open_operator()


def _operator(app: App) -> None:
    """The operator screen (as the PIN pad opens it for the right PIN)."""
    from scenes.kiosk.operator import OperatorScene

    assert app.kiosk_control is not None, "the operator screen is a kiosk app's"
    app.manager.switch(OperatorScene(app), fade=False)


def _welcome(app: App) -> None:
    """The visitor's way in: Learn, Play the computer, Play a friend."""
    from scenes.kiosk.welcome import WelcomeScene

    app.manager.switch(WelcomeScene(app), fade=False)


def _celebration(app: App) -> None:
    """A challenge won, over its results: the name keys, then the board of the day."""
    from scenes.kiosk.celebration import CelebrationScene

    assert app.kiosk_control is not None, "the celebration is a kiosk app's"
    game = next(iter(_games()))
    _results(game, 2)(app)
    win = app.kiosk_control.day_board.add(game, app.settings.kiosk_challenge_level)
    app.manager.push(CelebrationScene(app, win))


def _operator_stand(app: App) -> None:
    """The operator screen's page of the stand's choices (the figures page is "operator")."""
    from scenes.kiosk.operator import OperatorScene

    app.manager.switch(OperatorScene(app, page="stand"), fade=False)


KIOSK_STATIONS = [
    Station("attract", lambda app: app.start_attract(fade=False)),
    Station("welcome", _welcome),
    Station("celebration", _celebration),
    Station("attract seat offer", _seat_offer),
    Station("kiosk countdown", _countdown),
    Station("calm", _calm),
    Station("pin", _pin),
    Station("operator", _operator),
    Station("operator stand", _operator_stand),
]

#: Scenes the navigation below cannot reach; one line each: Station("name", enter).
STATIONS_EXTRA: list[Station] = []


def stations(kiosk: bool = False) -> list[Station]:
    """Every scene reachable from the menu, with the boards registered now (and the kiosk's
    screens for a kiosk app)."""
    from scenes.boards import BOARDS

    games = _games()
    found = [Station("menu", lambda app: app.go_menu())]
    found += [Station(f"setup {game}", _setup(game)) for game in games]
    found += [Station(f"rules {game}", _rules(game)) for game in games]
    found.append(Station("settings", lambda app: app.open_settings()))
    for game in BOARDS:
        players = min(games[game].player_counts)
        for plan, seats in seat_plans(players).items():
            found.append(Station(f"board {game} {plan}", _board(game, seats)))
    for game, info in games.items():
        found.append(Station(f"results {game}", _results(game, max(info.player_counts))))
    for game in BOARDS:
        if BOARDS[game].phone is not None:
            continued = _continued_on_phones(game, min(games[game].player_counts))
            found.append(Station(f"continued on phones {game}", continued))
    found.append(Station("handover", _handover))
    found.append(Station("replays", lambda app: app.open_replays()))
    for game, info in games.items():
        found.append(Station(f"replay {game}", _replay(game, max(info.player_counts))))
    if kiosk:
        found += KIOSK_STATIONS
    return found + STATIONS_EXTRA
