"""Issue 37, items 4 and 5: the statistics screen (from the menu) shows a remembered player's
record per game: the row of the five level faces (those beaten without help marked, with how
often), the table of games against each opponent, the longest streak without help, the games
with help and their wins (not on the ladder), and the last results drawn oldest to newest.
Driven by clicks."""

import dataclasses

import pygame
from helpers.drawn_text import install
from helpers.played_games import finished_game
from helpers.scene_driver import click, key, settle, type_text

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
    assert "Longest winning streak without help: 1" in words  # (the win with help: left out)
    assert "1 game with help (a hint or a move taken back)" in words
    assert "1 win with help, not counted on the ladder" in words
    assert "a game with help" in words  # what the dot over a result means, in words
    assert "Not played yet" in words  # the two other games
    click(app, screen.button_rects["player Ben"].center)
    assert screen.player == "Ben"
    assert screen.entry("whose-foods").counts("people")["lost"] == 1
    click(app, screen.button_rects["Back"].center)
    settle(app)
    assert app.manager.current.name == "menu"


def finished_with_winner(game, seat):
    """A random finished game of two whose only winner is `seat`."""
    for seed in range(50):
        final, start, moves = finished_game(game, players=2, seed=seed)
        if final.result.winners == (seat,) and not final.result.draw:
            return final, start, moves
    raise AssertionError("no such game")


def results_of(app, home, level, final, start, moves, name="Ada"):
    setup = app.quick_setup("whose-foods", ["human", f"ai:{level}"])
    setup = dataclasses.replace(setup, names=(name, setup.names[1]))
    app.show_results(setup, final, start, moves)
    settle(app, limit=3000)
    return app.manager.current


def test_the_results_say_the_ladder_to_a_remembered_player(make_app, home, monkeypatch):
    app = make_app()
    for number in range(3):
        play(app, home, "Ada", "beginner", WON, at=float(number))
    drawn = install(monkeypatch)
    final, start, moves = finished_with_winner("whose-foods", 1)
    results = results_of(app, home, "beginner", final, start, moves)
    assert results.ladder == (
        "Ada has beaten Beginner 3 times: try Easy, the weakest level measured above those results."
    )  # (the level from the measurements: tests/test_ladder_climb.py)
    assert results.ladder in drawn.words.splitlines()


def test_the_ladder_counts_each_win_against_the_highest_level_beaten(make_app, home):
    """(A first win is celebrated over the results: tests/test_ladder_climb.py.)"""
    app = make_app()
    play(app, home, "Ada", "beginner", WON, at=1.0)
    final, start, moves = finished_with_winner("whose-foods", 0)
    play(app, home, "Ada", "easy", WON, at=2.0)  # (the game below, counted at its last move)
    play(app, home, "Ada", "easy", WON, at=3.0)
    results = results_of(app, home, "easy", final, start, moves)
    assert results.ladder.startswith("Ada has beaten Easy 2 times")  # (the level: measured)


def test_the_ladder_before_a_win_after_a_win_with_help_and_none_without_a_name(make_app, home):
    app = make_app()
    play(app, home, "Ada", "beginner", LOST, at=1.0)
    final, start, moves = finished_with_winner("whose-foods", 1)
    results = results_of(app, home, "beginner", final, start, moves)
    assert results.ladder == "Ada has not beaten a level yet: start with Beginner."
    play(app, home, "Ada", "beginner", WON, helped=True, at=2.0)  # a helped win: not on it
    results = results_of(app, home, "beginner", final, start, moves)
    assert results.ladder == (
        "Ada won with help (a hint or a move taken back): a win with help is not counted on the "
        "ladder."
    )
    play(app, home, "Player 1", "beginner", WON, at=3.0)
    results = results_of(app, home, "beginner", final, start, moves, name="Player 1")
    assert results.ladder is None


def test_the_setup_shows_the_ladder_of_the_person_whose_name_is_typed(make_app, home, monkeypatch):
    app = make_app()
    for number in range(2):
        play(app, home, "Ada", "beginner", WON, at=float(number))
    click(app, app.manager.current.button_rects["whose-foods"].center)
    settle(app)
    setup = app.manager.current
    assert setup.ladder() is None  # "Player 1" has no record: the usual hint
    drawn = install(monkeypatch)
    click(app, setup.button_rects["seat 1 name"].center)
    for _ in setup.names[0]:
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Ada")
    key(app, pygame.K_RETURN)
    seat, entry = setup.ladder()
    assert seat == 0 and beaten(entry) == [2, 0, 0, 0, 0]
    said = " ".join(drawn.words.splitlines())  # (wrapped to two lines)
    assert "Ada has beaten Beginner 2 times: try Easy, the weakest level measured above" in said


def test_a_long_record_stays_in_its_panels(make_app, home):
    """Every level and people met at every game, with help: the table and its notes make room,
    and the last results stay in the panel (tools/text_overlap.py's checker, both languages)."""
    from helpers.overlap_tool import checker

    from scenes.kit.i18n import _, set_language
    from scenes.screens.statistics import StatisticsScene

    app = make_app()
    at = 0.0
    for game in ("whose-foods", "consequence", "blanc-noir"):
        for level in ("beginner", "easy", "normal", "hard", "expert", None):
            for result, helped in ((WON, False), (WON, True), (LOST, True)):
                at += 1
                play(app, home, "Ada", level, result, helped=helped, at=at, game=game)
    tool = checker()
    try:
        for language in ("en", "ja"):
            set_language(language)
            canvas = tool.RecordingCanvas((1920, 1080))
            StatisticsScene(app).draw(canvas)
            assert tool.problems(canvas) == [], language
            words = [box.words for box in canvas.texts]
            assert len([w for w in words if w == _("a game with help")]) == 3  # (under the
            # last results of each game: the first to leave its panel when there is no room)
    finally:
        set_language("en")
