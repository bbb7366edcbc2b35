"""The unfinished game on disk: saved atomically, restored exactly, and every bad file set aside
with a notice instead of an exception ("A game is never lost")."""

import json
import random

import pygame
import pytest
from helpers.played_games import table, unfinished

from game import GAMES
from game.core.engine import random_playout
from scenes.storage import saved_game
from scenes.storage.continuing import load_unfinished
from scenes.storage.saved_game import (
    SAVE_FILE,
    THUMBNAIL_FILE,
    SavedGame,
    clear_unfinished,
    restore,
    save_unfinished,
    thumbnail_path,
)


@pytest.fixture
def folder(tmp_path):
    pygame.display.init()
    return tmp_path


@pytest.mark.parametrize("game", list(GAMES))
def test_a_saved_game_loads_and_restores_to_the_same_position(folder, game):
    saved, state = unfinished(game)
    assert save_unfinished(folder, saved)
    loaded, notice = load_unfinished(folder)
    assert notice is None and loaded == saved
    setup, start, moves = restore(loaded)
    assert setup == table(game) and moves == list(saved.moves)
    for move in moves:
        start.play(move)
    assert start.to_dict() == state.to_dict()


def test_the_file_holds_what_replays_the_game(folder):
    saved, _ = unfinished()
    save_unfinished(folder, saved)
    data = json.loads((folder / SAVE_FILE).read_text())
    assert set(data) == {"game", "setup", "start", "moves", "saved_at", "version"}
    assert data["setup"] == table().to_dict() and data["version"] == saved.version
    assert list(folder.iterdir()) == [folder / SAVE_FILE]  # no temporary file left behind


def test_the_thumbnail_is_a_small_png_beside_the_save_and_goes_with_it(folder):
    saved, _ = unfinished()
    board = pygame.Surface((960, 960))
    board.fill((200, 120, 60))
    save_unfinished(folder, saved, board)
    path = thumbnail_path(folder)
    assert path == folder / THUMBNAIL_FILE
    picture = pygame.image.load(str(path))
    assert picture.get_width() <= 480 and picture.get_height() <= 300
    assert all(
        abs(a - b) <= 4 for a, b in zip(picture.get_at((5, 5)), (200, 120, 60), strict=False)
    )
    save_unfinished(folder, saved)  # a later save without a picture: no stale picture
    assert thumbnail_path(folder) is None
    save_unfinished(folder, saved, board)
    clear_unfinished(folder)
    assert load_unfinished(folder) == (None, None) and thumbnail_path(folder) is None


def test_no_file_is_no_game_and_no_notice(folder):
    assert load_unfinished(folder) == (None, None)


def write(folder, content):
    path = folder / SAVE_FILE
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content if isinstance(content, str) else json.dumps(content))
    return path


def good_data():
    saved, _ = unfinished()
    return saved.to_dict()


def corrupt(**changes):
    data = good_data()
    data.update(changes)
    return data


BAD_FILES = {
    "empty": (b"", "empty"),
    "blank": ("  \n", "empty"),
    "truncated": (json.dumps(good_data())[:80], "cut short"),
    "binary": (bytes(range(256)) * 4, "not text"),
    "a list": ([1, 2, 3], "does not hold a saved game"),
    "missing moves": ({k: v for k, v in good_data().items() if k != "moves"}, "saved game"),
    "moves not text": (corrupt(moves=[1, 2]), "does not hold a saved game"),
    "unknown game": (corrupt(game="chess"), "does not know the game 'chess'"),
    "newer version": (corrupt(version="99.0.0"), "newer version (99.0.0)"),
    "bad version": (corrupt(version="soon"), "does not hold a saved game"),
    "move does not replay": (corrupt(moves=["LD a1", "LD a1"]), "move 2 (LD a1) does not replay"),
    "unreadable move": (corrupt(moves=["fly to the moon"]), "move 1"),
    "damaged start": (corrupt(start={"game": "whose-foods"}), "start position is damaged"),
    "setup of another game": (
        corrupt(setup=table("consequence").to_dict()),
        "does not hold a saved game",
    ),
    "bad seat": (
        corrupt(setup={**table().to_dict(), "seats": ["human", "ai:genius"]}),
        "does not hold a saved game",
    ),
}


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_a_bad_file_is_set_aside_with_a_notice_never_an_exception(folder, case):
    content, why = BAD_FILES[case]
    original = write(folder, content).read_bytes()
    (folder / THUMBNAIL_FILE).write_bytes(b"\x89PNG old picture")
    saved, notice = load_unfinished(folder)
    assert saved is None and notice is not None
    assert why in notice, notice
    assert not (folder / SAVE_FILE).exists()  # set aside ...
    aside = sorted(folder.glob(SAVE_FILE + ".bad-*"))
    assert len(aside) == 1 and "kept aside" in notice  # ... and the notice says so
    assert str(folder) not in notice  # no path is shown to visitors
    assert aside[0].read_bytes() == original  # kept as it was, for a bug report
    assert list(folder.glob(THUMBNAIL_FILE + ".bad-*"))  # its picture went with it
    assert load_unfinished(folder) == (None, None)  # and the next start is quiet


def test_set_aside_never_overwrites_an_earlier_copy(folder):
    copies = []
    for text in ("first", "second", "third"):
        write(folder, text)
        load_unfinished(folder)
        copies = sorted(folder.glob(SAVE_FILE + ".bad-*"))
    assert len(copies) == 3
    assert sorted(path.read_text() for path in copies) == ["first", "second", "third"]


def test_a_finished_game_left_behind_is_quietly_forgotten(folder):
    setup = table()
    state = setup.new_state()
    start = state.clone()
    moves = random_playout(state, random.Random(2))
    save_unfinished(folder, SavedGame.of(setup, start, moves))
    assert load_unfinished(folder) == (None, None)
    assert not (folder / SAVE_FILE).exists()


def test_a_save_that_cannot_be_written_returns_false_and_raises_nothing(folder, monkeypatch):
    def refuse(path, data):
        raise OSError("read-only")

    monkeypatch.setattr(saved_game, "write_json_atomically", refuse)
    saved, _ = unfinished()
    assert save_unfinished(folder, saved) is False
