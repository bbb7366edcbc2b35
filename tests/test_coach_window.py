"""The coach's review in a real window (Xvfb, 1280x720): a game of Whose Foods against the
computer, continued from the menu, lost on purpose with a click on the move that loses at once,
then Review on the results: the coach judges the person's moves while the window keeps drawing,
the turning point shows on the board, and "Show the whole game" opens the replay viewer.
Screenshots are kept in the test's folder (and $TABLETOP_TRIO_SHOTS if set)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from conftest import ROOT
from helpers.coach_games import losing_game

from scenes.app import App, Options
from scenes.bench import xserver
from scenes.boards.making import board_scene_class
from scenes.kit.palette import seat_colours
from scenes.kit.seats import HUMAN, GameSetup, Seat
from scenes.screens.results import ResultsScene
from scenes.storage.saved_game import SavedGame, save_unfinished
from scenes.storage.settings import SettingsStore
from scenes.window import CANVAS_SIZE, viewport

MISSING = xserver.available()
pytestmark = [
    pytest.mark.window,
    pytest.mark.slow,
    pytest.mark.skipif(bool(MISSING), reason=f"no X server: {', '.join(MISSING)} missing"),
]

GAME = "whose-foods"


def wait_for(condition, seconds: float, what: str) -> None:
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"never: {what}")
        time.sleep(0.2)


def changed(a: pygame.Surface, b: pygame.Surface) -> bool:
    """Do two screenshots differ by more than a little (mean of the channels' differences)?"""
    over, under = a.copy(), b.copy()
    over.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    under.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    over.blit(under, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    return sum(pygame.transform.average_color(over)[:3]) / 3 > 10


def test_a_game_lost_on_purpose_is_reviewed_in_a_real_window(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    start, moves, losing = losing_game(GAME)
    colours = tuple(seat_colours("standard")[:2])
    setup = GameSetup(GAME, (HUMAN, Seat.computer("normal")), ("Tester", "Bot"), colours, {}, 1, 0)
    assert save_unfinished(home, SavedGame.of(setup, start, moves))
    # where things stand on the canvas, from the same scenes headless
    reference = App(Options(seed=1), SettingsStore(tmp_path / "reference"))
    try:
        before = start.clone()
        for text in moves:
            before.play(text)
        board = board_scene_class(GAME)(reference, setup, start_state=start, moves=moves)
        board.build_view()
        clicks = [rect.center for rect in board.click_path(losing)]
        final = before.clone()
        final.play(losing)
        results = ResultsScene(reference, setup, final, start, [*moves, str(losing)])
        review_at = results.button_rects["Review"].center
    finally:
        reference.close()
    assert clicks

    shots = Path(os.environ.get("TABLETOP_TRIO_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    log = home / "tabletop-trio.log"
    with xserver.Xvfb(1280, 720) as x:
        process = subprocess.Popen(
            [sys.executable, "main.py", "--frames", "100000"],
            cwd=ROOT,
            env=x.env(TABLETOP_TRIO_HOME=str(home), SDL_AUDIODRIVER="dummy"),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            window = x.run(
                "xdotool", "search", "--sync", "--onlyvisible", "--pid", str(process.pid),
                timeout=60,
            ).split()[0]  # fmt: skip
            fields = dict(
                line.split("=", 1)
                for line in x.run("xdotool", "getwindowgeometry", "--shell", window).split()
            )
            frame = pygame.Rect(
                int(fields["X"]), int(fields["Y"]), int(fields["WIDTH"]), int(fields["HEIGHT"])
            )
            view = viewport(frame.size, CANVAS_SIZE).move(frame.topleft)
            scale = view.width / CANVAS_SIZE[0]

            def click(pos):
                at = (round(view.left + pos[0] * scale), round(view.top + pos[1] * scale))
                x.run("xdotool", "mousemove", str(at[0]), str(at[1]), "click", "1")
                time.sleep(0.6)

            def shot(name):
                pygame.image.save(x.screenshot(), str(shots / name))

            time.sleep(3.0)  # the menu rises in
            menu = _menu_rects(tmp_path, home)
            click(menu["Continue"].center)
            time.sleep(3.0)
            shot("coach-window-board.png")
            for pos in clicks:
                click(pos)
            time.sleep(8.0)  # the last animation, then the results
            shot("coach-window-results.png")
            results = x.screenshot()
            click(review_at)
            shot("coach-window-progress.png")
            wait_for(
                lambda: log.exists() and "review of seat 0" in log.read_text(),
                120,
                "the review finished",
            )
            time.sleep(1.0)  # (the moment drawn: no longer the results)
            wait_for(lambda: changed(x.screenshot(), results), 30, "the review on screen")
            shot("coach-window-review.png")
            assert process.poll() is None, process.communicate()[1]
            text = log.read_text()
            assert "turning points" in text and " 0 turning points" not in text
            click((700, 59))  # "Show the whole game" (its place in the review's bar)
            time.sleep(2.0)
            shot("coach-window-replay.png")
            x.run("xdotool", "key", "ctrl+shift+q")
            _out, err = process.communicate(timeout=60)
            assert process.returncode == 0, err
        finally:
            if process.poll() is None:
                process.kill()
    assert "Traceback" not in log.read_text()
    shutil.copy(shots / "coach-window-review.png", tmp_path / "review.png")


def _menu_rects(tmp_path, home):
    """The menu's rects as drawn with the unfinished game in `home` (a copy of it)."""
    copy = tmp_path / "menu-home"
    shutil.copytree(home, copy, ignore=shutil.ignore_patterns("*.log", "*.lock"))
    app = App(Options(seed=1), SettingsStore(copy))
    try:
        app.run(frames=3, fixed_dt=1 / 60)
        return dict(app.manager.current.button_rects)
    finally:
        app.close()
