"""Issue 37's proof in a real window (Xvfb, 1280x720, `python main.py`, real clicks with xdotool):
three games in progress, one of each game against the computer; each in turn is continued from
"Games in progress", a move is played on its board by clicks, and it is left from the board's
Menu ("Leave"). Every game is kept at once with its move (the save grows by it, the others stay
as they were), the list offers all three throughout, and the app quits cleanly. Screenshots of
the list and of each board are kept in the test's folder (and $TABLETOP_TRIO_SHOTS if set)."""

from __future__ import annotations

import dataclasses
import shutil

import pytest
from helpers.played_games import table
from helpers.scene_driver import click, settle
from helpers.x_window import Running, save, start_x, wait_for

from game import GAMES
from scenes.app import App, Options
from scenes.bench import xserver
from scenes.kit.seats import HUMAN, Seat
from scenes.storage import kept_games
from scenes.storage.saved_game import SavedGame, save_unfinished
from scenes.storage.settings import SettingsStore

MISSING = xserver.available()
pytestmark = [
    pytest.mark.window,
    pytest.mark.slow,
    pytest.mark.skipif(bool(MISSING), reason=f"no X server: {', '.join(MISSING)} missing"),
]


def keep_three(home):
    """One unfinished game of each game (Ada, a person, against a computer), a few moves in,
    Ada to move; saved oldest first. The saves, by game."""
    saved = {}
    for order, game in enumerate(GAMES):
        setup = dataclasses.replace(table(game, 2), seats=(HUMAN, Seat.computer("beginner")))
        state = setup.new_state()
        start, moves = state.clone(), []
        while len(moves) < 4 or state.current_player != 0:
            move = state.legal_moves()[len(moves) % len(state.legal_moves())]
            state.play(move)
            moves.append(move)
        slot, lock = kept_games.new_slot(home)
        saved[game] = SavedGame.of(setup, start, moves, saved_at=1_700_000_000.0 + order)
        assert save_unfinished(slot, saved[game])
        lock.release()
    return saved


def where_to_click(home, tmp_path, saved):
    """From the same scenes headless, on a copy of `home`: the menu's "Games in progress", the
    list's "Continue 3" (its oldest game), and for each game the clicks of Ada's move (one that
    does not end it), the board's Menu and the question's Leave."""
    copy = tmp_path / "reference"
    shutil.copytree(home, copy, ignore=shutil.ignore_patterns("*.log", "*.lock"))
    app = App(Options(seed=1), SettingsStore(copy))
    places = {}
    try:
        settle(app)
        places["menu picture"] = app.canvas.copy()
        places["list"] = app.manager.current.button_rects["Games in progress"].center
        click(app, places["list"])
        settle(app)
        places["continue oldest"] = app.manager.current.button_rects["Continue 3"].center
        for game, save_of_game in saved.items():
            slot = next(k.slot for k in kept_games.kept_games(copy)[0] if k.saved == save_of_game)
            assert app.continue_game(slot)
            settle(app)
            board = app.manager.stack[0]
            assert board.name == "board" and board.human_to_move
            move = next(m for m in board.state.legal_moves() if not _ends(board.state, m))
            played, clicks = len(board.moves), []
            while len(board.moves) == played:  # each click as the input then stands
                clicks.append(board.click_path(move)[0].center)
                click(app, clicks[-1])
                assert len(clicks) < 8, "the move is never made"
            assert board.moves[played] == str(move)  # (the clicks make it, headless too)
            places[game] = (str(move), clicks)
            settle(app)
            places["board menu"] = board.button_rects["Menu"].center
            click(app, places["board menu"])
            places["leave"] = app.manager.current.button_rects["Leave"].center
            click(app, places["leave"])
            settle(app)
    finally:
        app.close()
    return places


def _ends(state, move) -> bool:
    after = state.clone()
    after.play(move)
    return after.is_over


def save_of(home, game):
    """The moves of the game in progress of `game` on disk (None: none)."""
    games, notices = kept_games.kept_games(home)
    assert notices == []
    found = [kept.saved for kept in games if kept.saved.game == game]
    assert len(found) <= 1
    return found[0].moves if found else None


def test_three_games_left_and_continued_in_a_real_window(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    saved = keep_three(home)
    places = where_to_click(home, tmp_path, saved)
    x = start_x((1280, 720))
    try:
        running = Running(x, home, frames=100_000)
        menu, score = running.shows(places["menu picture"])
        assert score < 2.0, f"the window does not show the menu (difference {score:.1f})"
        for round_number, game in enumerate(GAMES):  # each time the oldest: row 3
            running.click(places["list"])
            assert running.changes_from(menu, 60) > 10.0, "the list did not open"
            listed = running.settled()
            if round_number == 0:
                save(listed, tmp_path, "games-in-progress-1280x720.png")
            before = {other: save_of(home, other) for other in GAMES}
            running.click(places["continue oldest"])
            assert running.changes_from(listed, 60) > 10.0, "no board opened"
            notation, clicks = places[game]
            for at in clicks:
                running.settled()  # (the board answers each click before the next)
                running.click(at)
            grown = before[game] + (notation,)
            wait_for(
                lambda game=game, grown=grown: (save_of(home, game) or ())[: len(grown)] == grown,
                30,
                f"{game}: the move clicked was saved",
            )
            board = running.settled()
            save(board, tmp_path, f"{game}-after-a-move-1280x720.png")
            running.click(places["board menu"])
            assert running.changes_from(board, 60) > 2.0, "leaving did not ask"
            asked = running.settled()
            running.click(places["leave"])
            assert running.changes_from(asked, 60) > 10.0, "the menu did not come back"
            menu = running.settled()
            for other in GAMES:  # the other games as they were; this one with its move
                kept = save_of(home, other)
                assert kept is not None, f"{other} was lost"
                assert kept == before[other] if other != game else kept[: len(grown)] == grown
        assert running.process.poll() is None, running.process.communicate()[1]
        report = running.quit()
        assert report["scene"] == "menu"
    finally:
        x.__exit__()
    for game, save_of_game in saved.items():  # each kept with the move clicked on its board
        assert save_of(home, game)[: len(save_of_game.moves) + 1] == (
            *save_of_game.moves,
            places[game][0],
        )
    log = (home / "tabletop-trio.log").read_text() if (home / "tabletop-trio.log").exists() else ""
    assert "Traceback" not in log
