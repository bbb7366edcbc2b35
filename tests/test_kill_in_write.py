"""Issue 37's proof: kill -9 while the players' record or a game's save is being written loses
nothing else. The real app (tests/helpers/kill_in_write.py) continues the newest of three games
in progress and is killed halfway through writing the record (after the game's last move) or
the game's save (after a move): every other file reads back as it was (the other games, the
replay, the record or the save it was writing, whole in its last version), the next start
finds nothing to set aside and says nothing, and every game is still there to continue."""

import os
import subprocess
import sys

import pytest
from conftest import ROOT
from helpers.kept import save_files
from helpers.played_games import finished_game, table, unfinished

from game.core.result import Result
from scenes.storage import kept_games, replays
from scenes.storage.kept_games import new_slot
from scenes.storage.record import add_game, load_record
from scenes.storage.replays import keep_replay, replay_data
from scenes.storage.saved_game import SavedGame, save_unfinished
from scenes.storage.startup import check_data_folder

pytestmark = pytest.mark.slow  # (each case starts the app in a process of its own)

GAME = "whose-foods"
WON = Result(winners=(0,), draw=False, scores=(1, 0), reason="points")


def one_move_from_a_win(moves_left):
    """A SavedGame of Ada (seat 0) against a computer, `moves_left` moves from the end of a
    random game whose last move she plays and wins."""
    setup = table(GAME, 2)
    for seed in range(200):
        final, start, moves = finished_game(GAME, players=2, seed=seed)
        if final.result.draw or final.result.winners != (0,):
            continue
        position = start.clone()
        for move in moves[:-moves_left]:
            position.play(move)
        if position.current_player == 0:
            return SavedGame.of(setup, start, moves[:-moves_left], saved_at=1_800_000_000.0)
    raise AssertionError("no such game")


def prepared(home, which):
    """Three games in progress (the one continued is the newest), a replay and a record."""
    ada = table(GAME, 2)
    for at in range(2):
        assert add_game(home, ada, WON, helped=False, at=float(at))
    final, start, moves = finished_game(GAME, players=2, seed=9)
    keep_replay(home, GAME, replay_data(SavedGame.of(ada, start, moves), final))
    for seed in (3, 4):
        saved, _state = unfinished(GAME, players=2, moves=4 + seed, seed=seed)
        slot, lock = new_slot(home)
        assert save_unfinished(slot, saved)
        lock.release()
    slot, lock = new_slot(home)
    assert save_unfinished(slot, one_move_from_a_win(1 if which == "record" else 7))
    lock.release()


def what_is_kept(home):
    """What a person would find: each game in progress (its start and moves), the replays, and
    the record."""
    games, notices = kept_games.kept_games(home)
    assert notices == []
    record, notice = load_record(home)
    assert notice is None
    return {
        "games": sorted((repr(kept.saved.start), kept.saved.moves) for kept in games),
        "replays": sorted(replays.replay_files(home)),
        "record": record.to_dict(),
    }


@pytest.mark.parametrize("which", ["record", "save"])
def test_a_kill_in_the_middle_of_a_write_loses_nothing_else(tmp_path, which):
    home = tmp_path / "home"
    home.mkdir()
    prepared(home, which)
    before = what_is_kept(home)
    assert len(before["games"]) == 3 and len(before["replays"]) == 1
    env = dict(os.environ, TABLETOP_TRIO_HOME=str(home), SDL_VIDEODRIVER="dummy")
    env["SDL_AUDIODRIVER"] = "dummy"
    run = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "helpers" / "kill_in_write.py"), which],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == -9, run.stdout + run.stderr  # killed, in the write
    assert "KILLING" in run.stdout and "Traceback" not in run.stderr
    half = sorted(home.rglob("*.tmp"))  # the temporary file it was writing, cut short
    assert len(half) == 1 and half[0].name.startswith(
        "record.json." if which == "record" else "unfinished.json."
    )
    after = what_is_kept(home)
    assert after["record"] == before["record"]  # whole, as it was before the write
    assert after["replays"] == before["replays"]
    assert after["games"] == before["games"]  # all three, each at its last saved move
    assert check_data_folder(home) == []  # the next start: nothing set aside, nothing said
    assert not list(home.rglob("*.bad-*")) and len(save_files(home)) == 3
