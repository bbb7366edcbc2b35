"""The coach's review in a real window (Xvfb, 1280x720): a game of Whose Foods against the
computer, continued from the menu, lost on purpose with a click on the move that loses at once,
then Review on the results: the coach judges the person's moves while the window keeps drawing,
the turning point shows on the board, and "Show the whole game" opens the replay viewer.
Every step waits for what it needs on the screen (the same scenes drawn headless) or in the
app's log, with a deadline: never for a fixed time. Screenshots are kept in the test's folder
(and $TABLETOP_TRIO_SHOTS if set)."""

from __future__ import annotations

import shutil

import pytest
from helpers.coach_games import losing_game, open_review
from helpers.scene_driver import click, settle
from helpers.x_window import Running, changed_area, save, start_x, wait_for

from scenes.app import App, Options
from scenes.bench import xserver
from scenes.kit.palette import seat_colours
from scenes.kit.seats import HUMAN, GameSetup, Seat
from scenes.storage.saved_game import SavedGame, save_unfinished
from scenes.storage.settings import SettingsStore

MISSING = xserver.available()
pytestmark = [
    pytest.mark.window,
    pytest.mark.slow,
    pytest.mark.skipif(bool(MISSING), reason=f"no X server: {', '.join(MISSING)} missing"),
]

GAME = "whose-foods"


def where_to_click(home, tmp_path, losing) -> dict:
    """The same path headless, on a copy of `home`: the menu's picture and its Continue; for
    each click of the losing move, where it goes and the board's picture after it with the part
    it changed; the results' picture and its Review; the review's picture and its "Show the
    whole game"."""
    copy = tmp_path / "reference"
    shutil.copytree(home, copy, ignore=shutil.ignore_patterns("*.log", "*.lock"))
    app = App(Options(seed=1), SettingsStore(copy))
    places: dict = {"clicks": []}
    try:
        settle(app)
        places["menu picture"] = app.canvas.copy()
        places["continue"] = app.manager.current.button_rects["Continue"].center
        click(app, places["continue"])
        board = app.manager.current
        assert board.name == "board" and board.human_to_move
        places["board picture"] = before = app.canvas.copy()
        while board.moves[-1:] != [str(losing)]:
            at = board.click_path(losing)[0].center
            click(app, at)
            after = app.canvas.copy()
            area = changed_area(before, after)
            assert area, "a click of the move changed nothing on the board"
            places["clicks"].append((at, after, area))
            before = after
            assert len(places["clicks"]) < 8, "the move is never made"
        settle(app)
        results = app.manager.current
        assert results.name == "results", results.name
        places["results picture"] = app.canvas.copy()
        places["review"] = results.button_rects["Review"].center
        review = open_review(app, places["review"])
        places["review picture"] = app.canvas.copy()
        places["whole game"] = review.button_rects["Show the whole game"].center
    finally:
        app.close()
    return places


def test_a_game_lost_on_purpose_is_reviewed_in_a_real_window(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    start, moves, losing = losing_game(GAME)
    colours = tuple(seat_colours("standard")[:2])
    setup = GameSetup(GAME, (HUMAN, Seat.computer("normal")), ("Tester", "Bot"), colours, {}, 1, 0)
    assert save_unfinished(home, SavedGame.of(setup, start, moves))
    places = where_to_click(home, tmp_path, losing)
    log = home / "tabletop-trio.log"

    def logged(words: str) -> bool:
        return log.exists() and words in log.read_text()

    x = start_x((1280, 720))
    try:
        running = Running(x, home, frames=100_000)
        _menu, score = running.shows(places["menu picture"], 60)
        assert score < 2.0, f"the window does not show the menu (difference {score:.1f})"
        running.click(places["continue"])
        board, score = running.shows(places["board picture"], 60)
        save(board, tmp_path, "coach-window-board.png")
        assert score < 2.0, f"the window does not show the board (difference {score:.1f})"
        for number, (at, after, area) in enumerate(places["clicks"]):
            running.click(at)
            _shot, score = running.shows(after, 60, area)
            assert score < 2.0, f"click {number + 1} did not do its part ({score:.1f} in {area})"
        wait_for(lambda: logged("replay kept"), 60, "the game ended and its replay was kept")
        results, score = running.shows(places["results picture"], 60)
        save(results, tmp_path, "coach-window-results.png")
        assert score < 2.0, f"the window does not show the results (difference {score:.1f})"
        shown = running.settled()
        running.click(places["review"])
        assert running.changes_from(shown, 60) > 10.0, "Review did not open the coach"
        save(x.screenshot(), tmp_path, "coach-window-progress.png")
        wait_for(lambda: logged("review of seat 0"), 300, "the review finished")
        review, score = running.shows(places["review picture"], 60)
        save(review, tmp_path, "coach-window-review.png")
        assert score < 2.0, f"the window does not show the review (difference {score:.1f})"
        review = running.settled()
        assert running.process.poll() is None, running.process.communicate()[1]
        text = log.read_text()
        assert "turning points" in text and " 0 turning points" not in text
        running.click(places["whole game"])
        assert running.changes_from(review, 60) > 10.0, "the replay viewer did not open"
        save(running.settled(), tmp_path, "coach-window-replay.png")
        report = running.quit()
        assert report["scene"] == "replay", report
    finally:
        x.__exit__()
    assert "Traceback" not in log.read_text()
