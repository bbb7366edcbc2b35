"""Issue 37, the help a game had (undo and hints) kept and shown: the count of moves taken back is
saved with an unfinished game, so a continued game keeps its "helped" mark and is counted
exactly (an old save without the count still loads); the Replays list and the replay viewer
mark a game that had hints or undo, in words, as the players' record does. Driven by posted
clicks."""

import dataclasses
import json
import random

import pytest
from helpers.drawn_text import install
from helpers.played_games import finished_game, table
from helpers.scene_driver import click, frames, settle, tap

from scenes.storage.record import load_record
from scenes.storage.replays import keep_replay, replay_data
from scenes.storage.saved_game import SavedGame

GAME = "whose-foods"


def clicked(app, board, move):
    for spot in board.click_path(move):
        click(app, spot.center)


def a_persons_move_by_clicks(app, board):
    """The person to move plays their first legal move by clicking its path."""
    assert board.human_to_move
    played = len(board.moves)
    clicked(app, board, board.state.legal_moves()[0])
    assert len(board.moves) > played


@pytest.mark.slow  # (plays the continued game to its end)
def test_a_game_left_after_an_undo_continues_helped_and_is_counted_so(make_app, home):
    app = make_app()
    setup = app.quick_setup(GAME, ["human", "ai:beginner"])
    setup = dataclasses.replace(setup, names=("Ada", setup.names[1]))
    assert app.start_game(setup, fade=False)
    settle(app)
    board = app.manager.current
    a_persons_move_by_clicks(app, board)
    settle(app)  # (the computer answers)
    click(app, board.button_rects["Undo"].center)
    assert board.record.rewinds == 1 and board.moves == []
    a_persons_move_by_clicks(app, board)  # played on: the save holds the undo all the same
    settle(app)
    click(app, board.button_rects["Menu"].center)
    click(app, app.manager.current.button_rects["Leave"].center)
    menu = app.manager.current
    assert menu.name == "menu"
    click(app, menu.button_rects["Continue"].center)
    again = app.manager.current
    assert again.name == "board" and again is not board
    assert again.record.rewinds == 1 and again.record.helped  # the mark kept
    # played on to its end (the person's moves at random): counted as helped, and its replay
    # says so
    rng = random.Random(3)
    while app.manager.current is again:
        if again.human_to_move:
            again.play(rng.choice(again.state.legal_moves()))
        settle(app, limit=3000)
    assert app.manager.current.name in ("results", "first win")
    entry = load_record(home)[0].entry("Ada", GAME)
    assert entry.counts("beginner")["played"] == 1 and entry.counts("beginner")["helped"] == 1
    assert entry.last[-1]["helped"] is True
    (replay,) = sorted((home / "replays").glob("*.json"))
    assert json.loads(replay.read_text())["undos"] == 1


def test_an_old_save_without_the_count_loads_and_a_bad_count_is_refused():
    setup = table()
    start = setup.new_state()
    saved = SavedGame.of(setup, start, [], undos=2)
    data = saved.to_dict()
    assert data["undos"] == 2 and SavedGame.from_dict(data).undos == 2
    assert SavedGame.from_dict(data).helped
    old = {key: value for key, value in data.items() if key != "undos"}  # as saved before
    assert SavedGame.from_dict(old).undos == 0 and not SavedGame.from_dict(old).helped
    assert "undos" not in SavedGame.of(setup, start, []).to_dict()  # nothing to say: as before
    for bad in (-1, "2", True, 1.5, 10**9):
        with pytest.raises(ValueError):
            SavedGame.from_dict({**data, "undos": bad})


def keep(home, hints=0, undos=0, seed=4):
    final, start, moves = finished_game(GAME, players=2, seed=seed)
    saved = SavedGame.of(table(), start, moves, hints=[0] * hints, undos=undos)
    return keep_replay(home, GAME, replay_data(saved, final))


def test_the_replays_list_and_the_viewer_mark_a_game_with_help(make_app, home, monkeypatch):
    app = make_app()
    keep(home)
    keep(home, hints=2)
    keep(home, undos=1)
    keep(home, hints=1, undos=3)
    app.go_menu()
    settle(app)
    drawn = install(monkeypatch)
    click(app, app.manager.current.button_rects["Replays"].center)
    replays = app.manager.current
    assert replays.name == "replays"
    marks = [(entry.hints, entry.undos) for entry in replays.entries]
    assert sorted(marks) == [(0, 0), (0, 1), (1, 3), (2, 0)]
    words = drawn.words.splitlines()
    marked = {word for word in words if word.startswith("With help")}
    assert marked == {"With help: 2 hints", "With help: 1 undo", "With help: hints and undo"}
    for index, mark in enumerate(marks):
        tap(app, replays.button_rects[f"replay {index}"].center, frames=30)  # (it plays on)
        viewer = app.manager.current
        drawn.clear()
        frames(app, 2)  # (the viewer alone: the fade from the list is over)
        assert viewer.name == "replay"
        helped = {word for word in drawn.words.splitlines() if word.startswith("With help")}
        expected = {(0, 0): set(), (2, 0): {"With help: 2 hints"}, (0, 1): {"With help: 1 undo"}}
        assert helped == expected.get(mark, {"With help: hints and undo"}), mark
        tap(app, viewer.button_rects["Close"].center, frames=30)
        assert app.manager.current is replays
