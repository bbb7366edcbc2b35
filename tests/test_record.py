"""Issue 37, item 3: a record. For every remembered player, per game and per opponent (a
computer level, or people): played, won, drawn, lost, and how many had help (a move taken back:
counted, and said); the longest winning streak; the last ten results. Stored as JSON, written
atomically, schema-checked on read, bounded; a damaged one is set aside with a notice."""

import dataclasses
import json

import pytest
from helpers.kiosk_driver import kiosk_app
from helpers.played_games import finished_game
from helpers.scene_driver import settle

from game.core.result import Result
from scenes.app import App, Options
from scenes.storage import record as records
from scenes.storage.players import MAX_PLAYERS
from scenes.storage.record import FILE, LAST, add_game, load_record
from scenes.storage.settings import SettingsStore

WON = Result(winners=(0,), draw=False, scores=(1, 0), reason="points")
LOST = Result(winners=(1,), draw=False, scores=(0, 1), reason="points")


def named(app, game, seats, name="Ada"):
    setup = app.quick_setup(game, list(seats))
    return dataclasses.replace(setup, names=(name, *setup.names[1:]))


def play_to_the_end(app, setup, seed=6, take_back=False):
    """`setup`'s game on its board, from near its end: its last two moves played there (one
    taken back first, when asked); the final state."""
    assert app.start_game(setup, fade=False)
    settle(app)
    board = app.manager.stack[0]
    final, start, moves = finished_game(setup.game, players=setup.players, seed=seed)
    position = start.clone()
    for move in moves[:-2]:
        position.play(move)
    board.set_state(position)
    board.play(moves[-2])
    if take_back:
        board.record.rewinds += 1  # (as the undo does: tests/test_undo.py plays it by clicks)
    board.play(moves[-1])
    return final


@pytest.mark.parametrize("game", ["whose-foods", "consequence", "blanc-noir"])
def test_a_finished_game_is_counted_for_its_named_player_against_its_level(home, game):
    app = App(Options(seed=1, speed=10.0), SettingsStore(home))
    try:
        setup = named(app, game, ["human", "ai:beginner"])
        final = play_to_the_end(app, setup)
        entry = load_record(home)[0].entry("Ada", game)
        outcome = records.outcome(final.result, 0)
        assert entry.counts("beginner") == {
            "played": 1,
            "won": outcome == "won",
            "drawn": outcome == "drawn",
            "lost": outcome == "lost",
            "helped": 0,
        }
        assert [item["outcome"] for item in entry.last] == [outcome]
        assert entry.last[0]["against"] == "beginner" and not entry.last[0]["helped"]
        assert set(load_record(home)[0].players) == {"Ada"}  # not "Pepper", a computer
    finally:
        app.close()


def test_a_game_with_a_move_taken_back_is_counted_and_marked(home):
    app = App(Options(seed=1, speed=10.0), SettingsStore(home))
    try:
        play_to_the_end(app, named(app, "whose-foods", ["human", "ai:easy"]), take_back=True)
        entry = load_record(home)[0].entry("Ada", "whose-foods")
        assert entry.counts("easy")["helped"] == 1 and entry.last[-1]["helped"]
        assert entry.unaided_wins("easy") == 0
    finally:
        app.close()


def test_default_names_and_a_kiosk_keep_no_record(home):
    app = App(Options(seed=1, speed=10.0), SettingsStore(home))
    try:
        play_to_the_end(app, app.quick_setup("whose-foods", ["human", "ai:easy"]))
        assert not (home / FILE).exists()  # "Player 1" is nobody remembered
    finally:
        app.close()
    kiosk = kiosk_app(home)
    try:
        play_to_the_end(kiosk, named(kiosk, "whose-foods", ["human", "ai:easy"]))
        assert not (home / FILE).exists()
    finally:
        kiosk.close()


def test_streaks_people_and_the_last_ten(tmp_path, make_app):
    app = make_app()
    setup = named(app, "consequence", ["human", "human"])
    setup = dataclasses.replace(setup, names=("Ada", "Ben"))
    won, lost = WON, LOST
    for number, result in enumerate([won, won, lost, won, won, won] + [lost] * 8):
        assert add_game(tmp_path, setup, result, helped=False, at=1000.0 + number)
    record = load_record(tmp_path)[0]
    ada, ben = record.entry("Ada", "consequence"), record.entry("Ben", "consequence")
    assert ada.counts("people") == {"played": 14, "won": 5, "drawn": 0, "lost": 9, "helped": 0}
    assert ada.best_streak == 3 and ada.streak == 0 and ben.best_streak == 8
    assert len(ada.last) == LAST and ada.last[-1]["at"] == 1013.0
    assert [item["outcome"] for item in ben.last] == ["lost", "lost"] + ["won"] * 8


def test_the_players_seen_longest_ago_go_first(tmp_path, make_app):
    app = make_app()
    for number in range(MAX_PLAYERS + 3):
        setup = named(app, "whose-foods", ["human", "ai:easy"], name=f"P{number}")
        add_game(tmp_path, setup, WON, helped=False, at=float(number))
    kept = set(load_record(tmp_path)[0].players)
    assert kept == {f"P{n}" for n in range(3, MAX_PLAYERS + 3)}


def good_record():
    entry = {
        "against": {"beginner": {"played": 2, "won": 1, "drawn": 0, "lost": 1, "helped": 0}},
        "streak": 0,
        "best_streak": 1,
        "last": [{"at": 5.0, "outcome": "won", "against": "beginner", "helped": False}],
    }
    return {"version": 1, "players": {"Ada": {"seen": 5.0, "games": {"whose-foods": entry}}}}


def spoiled(path, value):
    data = good_record()
    place = data
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    return json.dumps(data).encode()


ENTRY = ["players", "Ada", "games", "whose-foods"]
CASES = {
    "not JSON": b"{",
    "a newer version": spoiled(["version"], 2),
    "counts that do not add up": spoiled([*ENTRY, "against", "beginner", "won"], 7),
    "a negative count": spoiled([*ENTRY, "streak"], -1),
    "a huge count": spoiled([*ENTRY, "best_streak"], 10**30),
    "a count that is text": spoiled([*ENTRY, "streak"], "3"),
    "an unknown level": spoiled([*ENTRY, "against", "genius"], {}),
    "an unknown game": spoiled(["players", "Ada", "games", "chess"], {}),
    "a name of control letters": spoiled(["players", "\u0007"], {"seen": 1, "games": {}}),
    "eleven results": spoiled(
        [*ENTRY, "last"], [good_record()["players"]["Ada"]["games"]["whose-foods"]["last"][0]] * 11
    ),
    "a result of the wrong shape": spoiled([*ENTRY, "last"], [{"at": 1}]),
    "deep nesting": b"[" * 100_000 + b"]" * 100_000,
    "too large": b" " * (records.MAX_BYTES + 1),
}


def test_a_good_record_reads_back():
    record = records.check(good_record())
    assert record.entry("Ada", "whose-foods").unaided_wins("beginner") == 1
    assert records.check(record.to_dict()).to_dict() == record.to_dict()


@pytest.mark.parametrize("case", list(CASES))
def test_a_damaged_record_is_set_aside_with_a_notice_and_counting_starts_afresh(
    tmp_path, make_app, case
):
    (tmp_path / FILE).write_bytes(CASES[case])
    record, notice = load_record(tmp_path)
    assert record.players == {} and "players' record could not be read" in notice
    assert sorted(tmp_path.glob(FILE + ".bad-*")) and not (tmp_path / FILE).exists()
    app = make_app()
    add_game(tmp_path, named(app, "whose-foods", ["human", "ai:easy"]), WON, False)
    assert load_record(tmp_path)[0].entry("Ada", "whose-foods").counts("easy")["won"] == 1
