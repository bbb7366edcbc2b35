"""Issue 37, items 4 and 5: the statistics screen (from the menu) shows a remembered player's
record per game: the row of the five level faces (those beaten without help marked, with how
often), the table of games against each opponent, the longest streak, the games with help, and
the last results drawn oldest to newest. Driven by clicks."""

import dataclasses

from helpers.drawn_text import install
from helpers.scene_driver import click, settle

from game.core.result import Result
from scenes.screens.statistics import beaten
from scenes.storage.record import add_game

WON = Result(winners=(0,), draw=False, scores=(1, 0), reason="points")
LOST = Result(winners=(1,), draw=False, scores=(0, 1), reason="points")


def play(app, home, name, level, result, helped=False, at=0.0, game="whose-foods"):
    seats = ["human", "human"] if level is None else ["human", f"ai:{level}"]
    setup = app.quick_setup(game, seats)
    setup = dataclasses.replace(setup, names=(name, "Ben" if level is None else setup.names[1]))
    assert add_game(home, setup, result, helped=helped, at=at)


def test_without_a_record_the_menu_offers_no_statistics(make_app):
    app = make_app()
    assert "Statistics" not in app.manager.current.button_rects


def test_the_statistics_show_each_players_ladder_table_and_last_results(
    make_app, home, monkeypatch
):
    app = make_app()
    play(app, home, "Ada", "beginner", WON, at=1.0)
    play(app, home, "Ada", "beginner", WON, helped=True, at=2.0)  # counted, not on the ladder
    play(app, home, "Ada", "easy", LOST, at=3.0)
    play(app, home, "Ada", None, WON, at=4.0)  # against Ben: people
    app.go_menu()
    settle(app)
    drawn = install(monkeypatch)
    click(app, app.manager.current.button_rects["Statistics"].center)
    settle(app)
    screen = app.manager.current
    assert screen.name == "statistics" and screen.players == ["Ada", "Ben"]  # seen last first
    entry = screen.entry("whose-foods")
    assert beaten(entry) == [1, 0, 0, 0, 0]
    assert entry.counts("beginner")["played"] == 2 and entry.counts("beginner")["helped"] == 1
    assert [item["outcome"] for item in entry.last] == ["won", "won", "lost", "won"]
    words = drawn.words.splitlines()
    assert "1 win" in words and "Hard" in words  # a face beaten says how often, others name
    assert "Easy" in words and "People" in words  # an opponent met: a row of the table
    assert "Longest winning streak: 2" in words
    assert "1 game with help (a move taken back)" in words
    assert "Not played yet" in words  # the two other games
    click(app, screen.button_rects["player Ben"].center)
    assert screen.player == "Ben"
    assert screen.entry("whose-foods").counts("people")["lost"] == 1
    click(app, screen.button_rects["Back"].center)
    settle(app)
    assert app.manager.current.name == "menu"
