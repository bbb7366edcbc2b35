"""Issue 37, item 1: several unfinished games kept at once. Leaving a game and starting another
keeps both; the menu offers the newest as Continue and all of them under "Games in progress",
each continuing at its exact position; deleting asks first; beyond the limit the oldest goes to
Replays with a notice; the single save of earlier versions is read and kept; a bad save is set
aside with a notice while the others stay. Driven by posted clicks."""

import json
import os
import random

import pytest
from helpers.kept import save_files
from helpers.played_games import unfinished
from helpers.scene_driver import pass_device_if_asked, settle, tap
from test_scene_consequence import click_move as click_consequence_move
from test_scene_whose_foods import click_move as click_whose_foods_move

from scenes.kit.confirm import ConfirmScene
from scenes.storage import kept_games, replays
from scenes.storage.kept_games import MAX_KEPT, new_slot
from scenes.storage.saved_game import SAVE_FILE, SavedGame, save_unfinished

CLICK_MOVE = {"consequence": click_consequence_move, "whose-foods": click_whose_foods_move}


def start_from_the_menu(app, game):
    """Menu tile, then Start on the setup (its default seats: a person and a computer)."""
    assert app.manager.current.name == "menu"
    tap(app, app.manager.current.button_rects[game].center)
    settle(app)
    tap(app, app.manager.current.button_rects["Start"].center)
    settle(app)
    pass_device_if_asked(app)
    board = app.manager.stack[0]
    assert board.name == "board" and board.setup.game == game
    return board


def play_by_clicks(app, board, count, seed=1):
    """`count` moves of the person's seat, each by clicks (the computer answers between)."""
    rng = random.Random(seed)
    for _ in range(count):
        settle(app)
        pass_device_if_asked(app)
        assert board.human_to_move
        played = len(board.moves)
        move = rng.choice(board.on_show.shown.legal_moves())
        CLICK_MOVE[board.setup.game](app, board, move)
        assert board.moves[played] == str(move)
    settle(app)


def leave(app, board):
    """Menu, then Leave on the question: back on the menu."""
    tap(app, board.button_rects["Menu"].center)
    assert isinstance(app.manager.current, ConfirmScene)
    tap(app, app.manager.current.button_rects["Leave"].center)
    settle(app)
    assert app.manager.current.name == "menu"
    return app.manager.current


def open_the_list(app):
    tap(app, app.manager.current.button_rects["Games in progress"].center)
    settle(app)
    scene = app.manager.current
    assert scene.name == "games in progress"
    return scene


def position(board):
    return list(board.moves), board.state.to_dict()


def test_a_second_game_keeps_the_first_and_each_continues_where_it_was_left(make_app, home):
    app = make_app()
    first = start_from_the_menu(app, "consequence")
    play_by_clicks(app, first, 2)
    left_first = position(first)
    menu = leave(app, first)
    assert menu.continue_tile.saved.game == "consequence"

    second = start_from_the_menu(app, "whose-foods")
    play_by_clicks(app, second, 1, seed=2)
    left_second = position(second)
    menu = leave(app, second)
    assert len(save_files(home)) == 2  # the first game was not replaced
    assert menu.continue_tile.saved.game == "whose-foods"  # the newest is Continue

    listed = open_the_list(app)
    assert [kept.saved.game for kept in listed.kept] == ["whose-foods", "consequence"]
    tap(app, listed.button_rects["Continue 2"].center)  # the older one, from the list
    settle(app)
    pass_device_if_asked(app)
    board = app.manager.stack[0]
    assert board.setup.game == "consequence" and position(board) == left_first
    play_by_clicks(app, board, 1, seed=3)
    moved_on = position(board)
    menu = leave(app, board)
    assert len(save_files(home)) == 2  # saved in its own slot, not a third one
    assert menu.continue_tile.saved.game == "consequence"  # now the newest

    listed = open_the_list(app)
    tap(app, listed.button_rects["Continue 2"].center)
    settle(app)
    pass_device_if_asked(app)
    board = app.manager.stack[0]
    assert board.setup.game == "whose-foods" and position(board) == left_second
    menu = leave(app, board)
    tap(app, menu.button_rects["Continue"].center)  # the tile: the newest again
    settle(app)
    pass_device_if_asked(app)
    board = app.manager.stack[0]
    assert board.setup.game == "whose-foods" and position(board) == left_second
    leave(app, board)
    tap(app, open_the_list(app).button_rects["Continue 2"].center)
    settle(app)
    assert position(app.manager.stack[0]) == moved_on


def test_deleting_a_game_asks_first_and_touches_no_other(make_app, home):
    app = make_app()
    for game in ("consequence", "whose-foods"):
        board = start_from_the_menu(app, game)
        play_by_clicks(app, board, 1)
        leave(app, board)
    listed = open_the_list(app)
    tap(app, listed.button_rects["Delete 1"].center)
    question = app.manager.current
    assert isinstance(question, ConfirmScene) and len(save_files(home)) == 2  # nothing yet
    tap(app, question.button_rects["Keep it"].center)
    assert app.manager.current is listed and len(listed.kept) == 2
    tap(app, listed.button_rects["Delete 1"].center)
    tap(app, app.manager.current.button_rects["Delete"].center)
    settle(app)
    assert [kept.saved.game for kept in listed.kept] == ["consequence"]
    assert [json.loads(p.read_text())["game"] for p in save_files(home)] == ["consequence"]
    assert sorted((home / kept_games.FOLDER).iterdir()) == [listed.kept[0].slot]  # no husk left
    tap(app, listed.button_rects["Back"].center)
    settle(app)
    assert app.manager.current.continue_tile.saved.game == "consequence"


def kept_on_disk(home, count, named=False):
    """`count` unfinished games saved in slots of their own, the first the oldest (`named`:
    in folders named as made one after another, not by the clock)."""
    saves = []
    for number in range(count):
        saved, _ = unfinished("whose-foods", 2, moves=2 + number % 5, seed=number)
        saved = SavedGame(**{**saved.__dict__, "saved_at": 1_700_000_000.0 + 3600 * number})
        if named:
            slot = home / kept_games.FOLDER / f"20260101-{number:06d}-abcdef"
            slot.mkdir(parents=True)
        else:
            slot, lock = new_slot(home)
            lock.release()
        assert save_unfinished(slot, saved)
        saves.append(saved)
    return saves


def test_beyond_the_limit_the_oldest_game_goes_to_replays_and_the_player_is_told(make_app, home):
    saves = kept_on_disk(home, MAX_KEPT)
    app = make_app()
    menu = app.manager.current
    assert menu.continue_tile.saved == saves[-1]
    board = start_from_the_menu(app, "consequence")
    app.notices.clear()
    play_by_clicks(app, board, 1)  # its first save makes a thirteenth game
    said = [text for text, _ in app.notices]
    assert any("Up to 12 unfinished games are kept" in text for text in said)
    assert any("the oldest, Whose Foods, was moved to Replays" in text for text in said)
    on_disk = [json.loads(path.read_text()) for path in save_files(home)]
    assert len(on_disk) == MAX_KEPT and "consequence" in {data["game"] for data in on_disk}
    assert saves[0].saved_at not in {data["saved_at"] for data in on_disk}  # the oldest went
    [replay] = replays.replay_files(home)
    data = json.loads(replay.read_text())
    assert data["moves"] == list(saves[0].moves) and "result" not in data
    leave(app, board)
    tap(app, app.manager.current.button_rects["Replays"].center)
    settle(app)
    [entry] = app.manager.current.entries
    assert entry.winner == "unfinished"


def test_the_single_save_of_earlier_versions_is_read_and_kept(make_app, home):
    old, _ = unfinished("consequence", 2, moves=4)
    assert save_unfinished(home, old)  # where earlier versions kept their one game
    app = make_app()
    assert app.manager.current.continue_tile.saved == old
    board = start_from_the_menu(app, "whose-foods")  # a new game beside it
    play_by_clicks(app, board, 1)
    leave(app, board)
    assert json.loads((home / SAVE_FILE).read_text())["moves"] == list(old.moves)  # untouched
    listed = open_the_list(app)
    assert [kept.saved.game for kept in listed.kept] == ["whose-foods", "consequence"]
    tap(app, listed.button_rects["Continue 2"].center)
    settle(app)
    pass_device_if_asked(app)
    board = app.manager.stack[0]
    assert list(board.moves) == list(old.moves)
    play_by_clicks(app, board, 1)
    leave(app, board)
    on_disk = json.loads((home / SAVE_FILE).read_text())  # kept where it was, moved on
    assert on_disk["moves"][: len(old.moves)] == list(old.moves)
    assert len(on_disk["moves"]) > len(old.moves) and len(save_files(home)) == 2


@pytest.mark.parametrize(
    "damage", ['{"game": "whose-foods", "moves": [', "[]", '{"game": "chess"}']
)
def test_a_bad_save_is_set_aside_with_a_notice_and_the_others_stay(make_app, home, damage):
    good = kept_on_disk(home, 2)
    slot, lock = new_slot(home)
    (slot / SAVE_FILE).write_text(damage)
    lock.release()
    app = make_app()
    settle(app)
    assert any("could not be continued" in text for text, _ in app.notices)
    assert [kept.saved for kept in app.manager.current.kept] == good[::-1]
    assert sorted(slot.glob(SAVE_FILE + ".bad-*")) and not (slot / SAVE_FILE).exists()


def entries_looked_at(monkeypatch) -> list[int]:
    """How many entries each folder listing from now on handed out (one count a listing)."""
    looked: list[int] = []
    real = os.scandir

    class Counted:
        def __init__(self, path):
            self.entries = real(path)
            looked.append(0)

        def __enter__(self):
            self.entries.__enter__()
            return self

        def __exit__(self, *exc):
            return self.entries.__exit__(*exc)

        def __iter__(self):
            for entry in self.entries:
                looked[-1] += 1
                yield entry

    monkeypatch.setattr(kept_games.os, "scandir", Counted)
    return looked


def test_a_flood_of_game_folders_costs_a_bounded_look(home, monkeypatch):
    """A games folder flooded with empty folders and a file is looked at up to MAX_ENTRIES
    entries, however many there are; a save among fewer entries is found. (Which entries come
    first is the file system's order: the save is not counted on to fall among them.)"""
    folder = home / kept_games.FOLDER
    for number in range(kept_games.MAX_ENTRIES + 10):  # empty folders, and a file
        (folder / f"x{number:05d}").mkdir(parents=True)
    (folder / "a file").write_text("{}")
    looked = entries_looked_at(monkeypatch)
    assert kept_games.slot_folders(home) == [] and kept_games.kept_games(home) == ([], [])
    assert looked and max(looked) <= kept_games.MAX_ENTRIES + 1  # (the one that ends the look)
    for number in range(20):  # the flood under the limit, the save included
        (folder / f"x{number:05d}").rmdir()
    saves = kept_on_disk(home, 1)
    assert [kept.saved for kept in kept_games.kept_games(home)[0]] == saves


def test_more_saves_than_are_read_are_read_newest_first(home):
    saves = kept_on_disk(home, kept_games.MAX_SLOTS_READ + 3, named=True)
    games = kept_games.kept_games(home)[0]
    assert [kept.saved for kept in games] == saves[::-1][: kept_games.MAX_SLOTS_READ]


def test_a_slot_left_empty_by_a_kill_is_removed_once_its_lock_is_free(home):
    slot, lock = new_slot(home)  # made, locked, killed before its first save
    assert kept_games.kept_games(home) == ([], []) and slot.exists()  # held: it stays
    lock.release()
    assert kept_games.kept_games(home) == ([], []) and not slot.exists()
