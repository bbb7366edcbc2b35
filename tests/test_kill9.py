"""Issue 25, items 3 and 4 under kill -9: the app plays game after game in a subprocess
(tests/helpers/kill_driver.py) and is killed at 30 random moments, half of them shortly after a
game's last move; after each kill every game it reported is still somewhere: the game in
progress in its slot's unfinished.json with every move reported, a finished one as a replay (or,
finished, still in its slot, which the next start keeps as a replay). The next run starts on the
same folder: it continues the newest saved game or starts another (so that several are kept, and
beyond the limit the oldest move to Replays), and never finds a damaged file."""

import json
import os
import random
import subprocess
import sys
import threading
import time

import pytest
from conftest import ROOT
from helpers.kept import save_files

from scenes.storage.kept_games import MAX_KEPT
from scenes.storage.record import load_record

pytestmark = pytest.mark.slow

RUNS = 30
#: the longest wait for the app's first move or a game's end (a bound against a hang: a loaded
#: machine may take long, and a kill that came before them would test nothing)
WAIT_FOR_END = 120.0


def games_on_disk(home):
    """(setup seed, moves, where) of every unfinished game and every replay."""
    found = []
    for save in save_files(home):
        data = json.loads(save.read_text())
        found.append((data["setup"]["seed"], len(data["moves"]), "unfinished"))
    for path in (home / "replays").glob("*.json"):
        data = json.loads(path.read_text())
        found.append((data["setup"]["seed"], len(data["moves"]), "replay"))
    return found


class Driver:
    """The driver subprocess and what it reported, read on a thread."""

    def __init__(self, home, seed):
        env = dict(os.environ, TABLETOP_TRIO_HOME=str(home), SDL_VIDEODRIVER="dummy")
        env["SDL_AUDIODRIVER"] = "dummy"
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "tests" / "helpers" / "kill_driver.py"), str(seed)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines = []
        self.moved = threading.Event()  # a move was reported: the app is up and playing
        self.ended = threading.Event()  # a game's last move was reported
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.process.stdout:
            if not line.endswith("\n"):
                break  # (the last line, cut by the kill while it was written: nothing reported)
            self.lines.append(line.split())
            if line.startswith("MOVES"):
                self.moved.set()
            if line.startswith("OVER"):
                self.ended.set()

    def kill(self):
        self.process.kill()  # SIGKILL: no cleanup, no atexit, nothing flushed
        self.process.wait(30)
        self.reader.join(10)
        return self.process.stderr.read()

    def reported(self):
        """setup seed -> (moves reported, whether its last move was reported)."""
        games = {}
        for kind, seed, *rest in (line for line in self.lines if len(line) >= 2):
            if kind in ("MOVES", "OVER"):
                games[int(seed)] = (int(rest[0]), kind == "OVER")
        return games


def test_no_game_is_lost_when_the_app_is_killed_at_random_moments(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    rng = random.Random(25)
    finished = checked = 0
    for run in range(RUNS):
        driver = Driver(home, seed=1000 + run)
        # the kill comes at a random moment (the sleeps draw it; nothing is asserted after them
        # but that no game was lost, whatever the moment)
        if run % 2:  # around the end of a game: from the last move to the results
            waited = driver.ended.wait(WAIT_FOR_END)
            time.sleep(rng.uniform(0.0, 1.5))
        else:  # during play, counted from the first move (a loaded machine starts slowly)
            waited = driver.moved.wait(WAIT_FOR_END)
            time.sleep(rng.uniform(0.0, 2.5))  # a game takes about that (speed 10, uncapped)
        if not waited:
            driver.kill()
            raise AssertionError(f"run {run}: the app played nothing in {WAIT_FOR_END:.0f} s")
        err = driver.kill()
        assert "Traceback" not in err, err
        on_disk = games_on_disk(home)
        for seed, (moves, over) in driver.reported().items():
            if moves == 0:
                continue  # nothing was played: nothing to keep
            kept = [(n, where) for s, n, where in on_disk if s == seed and n >= moves]
            assert kept, f"run {run}: game {seed} ({moves} moves, over={over}) was lost"
            if over:
                finished += 1
                assert any(n == moves for n, _ in kept)
            checked += 1
        assert not list(home.glob("*.bad-*")) and not list(home.glob("replays/*.bad-*"))
        assert not list(home.glob("games/*/*.bad-*"))
        assert load_record(home)[1] is None  # the record, written as games end, is whole
        assert len(save_files(home)) <= MAX_KEPT + 1  # (+1: the game of the run just killed)
    print(f"kill -9: {RUNS} kills, {checked} games checked, {finished} finished ones")
    counted = load_record(home)[0].entry("Ada", "whose-foods").against
    print(f"the record counts {sum(t['played'] for t in counted.values())} Whose Foods games")
    assert checked >= RUNS and finished >= RUNS // 3  # the kills did come around game ends
