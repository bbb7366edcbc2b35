"""Issue 44 item 6 and issue 37 item 6: who you are playing. A computer's level is shown beside
its name on the board, on the results, in Replays (a replay and a finished game record the
levels that played), in the Games in progress list and on the Continue tile."""

import json

import pytest
from helpers.drawn_text import install
from helpers.played_games import finished_game, show_results, unfinished
from helpers.scene_driver import frames, settle, tap

from game import GAMES
from scenes.kit.seats import Seat
from scenes.storage import replays
from scenes.storage.finished import keep_finished
from scenes.storage.saved_game import SavedGame, save_unfinished


@pytest.mark.parametrize("game", list(GAMES))
def test_the_board_shows_each_computers_level_beside_its_name(open_board, monkeypatch, game):
    drawn = install(monkeypatch)
    app, board = open_board(game, ["human", "ai:beginner"])
    frames(app, 2)
    shown = drawn.words.splitlines()
    assert "Beginner" in shown and not {"Easy", "Normal", "Hard", "Expert"} & set(shown)
    person, computer = board.presenter.seats
    assert person.level is None and computer.level == "beginner"
    board.on_show.take_seat(1)  # a person takes the computer's seat: no level any more
    drawn.clear()
    frames(app, 2)
    assert "Beginner" not in drawn.words.splitlines()


def test_the_results_say_each_computers_level(make_app, monkeypatch):
    drawn = install(monkeypatch)
    app = make_app()
    show_results(app, "whose-foods", 3)  # a person and two computers at Normal
    frames(app, 2)
    assert drawn.words.splitlines().count("Normal") == 2


def test_replays_record_and_show_the_levels_that_played(make_app, home, monkeypatch):
    final, start, moves = finished_game("consequence", 2, seed=5)
    app = make_app()
    setup = app.quick_setup("consequence", ["human", "ai:hard"]).with_seat(
        0, Seat.parse("human"), "Ada"
    )
    keep_finished(home, SavedGame.of(setup, start, moves), final)
    [path] = replays.replay_files(home)
    assert json.loads(path.read_text())["setup"]["seats"] == ["human", "ai:hard"]  # recorded
    drawn = install(monkeypatch)
    tap(app, app.manager.current.button_rects["Replays"].center)
    settle(app)
    [entry] = app.manager.current.entries
    computer = setup.names[1]
    assert entry.players == f"Ada and {computer} (Hard)"
    frames(app, 2)
    assert entry.players in drawn.words
    tap(app, app.manager.current.row_rect(0).center)  # watch it: the board says the level too
    frames(app, 30)
    viewer = app.manager.current
    assert viewer.name == "replay"
    assert [panel.level for panel in viewer.board.presenter.seats] == [None, "hard"]


def test_the_games_in_progress_list_and_the_continue_tile_show_the_levels(
    make_app, home, monkeypatch
):
    saved, _ = unfinished("whose-foods", 3)  # Ada against Clover and Pepper at Hard
    assert save_unfinished(home, saved)
    drawn = install(monkeypatch)
    app = make_app()
    frames(app, 2)
    assert "Hard" in drawn.words.splitlines()  # on the Continue tile, beside each name
    tap(app, app.manager.current.button_rects["Games in progress"].center)
    drawn.clear()
    settle(app)
    assert "Ada, Clover (Hard) and Pepper (Hard)" in drawn.words
