"""Issue 25, items 3 to 6: no finished game vanishes (its replay is written in the step that
removes the unfinished game); the kiosk's figures are written as they change and survive a kill
or the watchdog's exit; two copies of the app on one folder lose nothing (figures add up, the
Continue slot is guarded, replay names never collide); a full or read-only disk is said once,
not hidden and not retried after every move."""

import errno
import json
import multiprocessing
import random
import time

import pygame
import pytest
from helpers.kept import save_files, the_save
from helpers.kiosk_driver import FRAME, kiosk_app
from helpers.played_games import finished_game
from helpers.scene_driver import settle

from game import GAMES
from scenes.app import App, Options
from scenes.kiosk.figures import FIGURES_FILE, FLUSH_SECONDS, LOCK_FILE, Figures
from scenes.kiosk.watchdog import Stalled, Watchdog
from scenes.navigation import SLOT_TAKEN
from scenes.storage import replays, saved_game
from scenes.storage import settings as settings_store
from scenes.storage.atomic import write_json_atomically
from scenes.storage.continuing import load_unfinished
from scenes.storage.finished import keep_finished
from scenes.storage.locks import FileLock
from scenes.storage.saved_game import SAVE_FILE, THUMBNAIL_FILE, SavedGame
from scenes.storage.settings import SettingsStore


def new_app(home, **options):
    app = App(Options(seed=1, speed=10.0, **options), SettingsStore(home))
    pygame.event.clear()
    settle(app)
    return app


def board_of(app, game="whose-foods", seats=("human", "ai:easy")):
    assert app.start_game(app.quick_setup(game, list(seats)), fade=False)
    settle(app)
    board = app.manager.stack[0]
    assert board.name == "board"
    return board


# --- item 3: the end of a game --------------------------------------------------------------------
@pytest.mark.parametrize("game", list(GAMES))
def test_the_last_move_writes_the_replay_and_removes_the_save_in_one_step(home, apps, game):
    app = new_app(home)
    apps.append(app)
    board = board_of(app, game)
    final, start, moves = finished_game(game, players=2, seed=6)
    position = start.clone()
    for move in moves[:-2]:
        position.play(move)
    board.set_state(position)
    board.play(moves[-2])
    slot = the_save(home).parent  # the game in progress is saved, in a slot of its own
    board.play(moves[-1])  # the last move: nothing has been animated yet
    kept = replays.replay_files(home)
    assert len(kept) == 1 and save_files(home) == [] and not slot.exists()
    data = json.loads(kept[0].read_text())
    assert data["moves"] == [str(moves[-2]), str(moves[-1])]
    assert data["result"]["winners"] == list(final.result.winners)
    for _ in range(3000):  # the animation, then the results
        app.run(frames=1, fixed_dt=FRAME)
        if app.manager.current.name == "results" and not app.manager.busy:
            break
    results = app.manager.current
    assert results.name == "results" and results.saved_to == kept[0]
    assert replays.replay_files(home) == kept  # kept once, not again by the results


def test_a_finished_game_found_as_the_unfinished_one_is_kept_as_a_replay_once(tmp_path):
    _, start, moves = finished_game("consequence", players=2, seed=2)
    setup = bench_setup("consequence")
    saved = SavedGame.of(setup, start, moves)
    saved_game.save_unfinished(tmp_path, saved)  # the app was killed before the replay
    assert load_unfinished(tmp_path) == (None, None)
    kept = replays.replay_files(tmp_path)
    assert len(kept) == 1 and not (tmp_path / SAVE_FILE).exists()
    assert json.loads(kept[0].read_text())["moves"] == [str(m) for m in moves]
    saved_game.save_unfinished(tmp_path, saved)  # killed after the replay, before the removal
    assert load_unfinished(tmp_path) == (None, None)
    assert replays.replay_files(tmp_path) == kept  # not a second copy
    assert not (tmp_path / SAVE_FILE).exists()


def test_a_replay_that_cannot_be_written_leaves_the_save_for_the_next_start(tmp_path, monkeypatch):
    final, start, moves = finished_game("whose-foods", players=2, seed=3)
    saved = SavedGame.of(bench_setup("whose-foods"), start, moves)
    saved_game.save_unfinished(tmp_path, saved)

    def full(folder, stem, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(replays, "write_new_json", full)
    assert keep_finished(tmp_path, saved, final) is None
    assert (tmp_path / SAVE_FILE).exists()  # not removed: the game is still somewhere
    monkeypatch.undo()
    assert load_unfinished(tmp_path) == (None, None)
    assert len(replays.replay_files(tmp_path)) == 1


def bench_setup(game):
    from scenes.kit.palette import seat_colours
    from scenes.kit.seats import HUMAN, GameSetup, Seat

    seats = (HUMAN, Seat.computer("easy"))
    return GameSetup(game, seats, ("Ada", "Bo"), tuple(seat_colours("standard")[:2]))


# --- item 4: the kiosk's figures ------------------------------------------------------------------
class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def on_disk(folder):
    return json.loads((folder / FIGURES_FILE).read_text())


def test_visitors_games_crashes_and_stalls_are_written_at_once(tmp_path):
    figures = Figures(tmp_path, clock=Clock())
    assert on_disk(tmp_path)["sessions"] == 1  # the run itself, at once
    figures.started("consequence")
    assert on_disk(tmp_path)["games"]["consequence"]["started"] == 1
    figures.finished("consequence")
    assert on_disk(tmp_path)["games"]["consequence"]["finished"] == 1
    figures.crashed()
    assert on_disk(tmp_path)["crashes"] == 1
    figures.stalled(6.5)
    data = on_disk(tmp_path)
    assert data["stalls"] == 1 and data["last_stall"].endswith("(6 s)")


def test_demo_games_are_written_within_a_few_seconds(tmp_path):
    clock = Clock()
    figures = Figures(tmp_path, clock=clock)
    figures.demo_finished("blanc-noir")
    figures.flush_due()
    assert "blanc-noir" not in on_disk(tmp_path)["games"]  # not every demo costs a write
    clock.now += FLUSH_SECONDS
    figures.flush_due()
    assert on_disk(tmp_path)["games"]["blanc-noir"]["demo_games"] == 1


def test_the_kiosk_writes_pending_figures_as_frames_pass(home, apps):
    app = kiosk_app(home)
    apps.append(app)
    figures = app.kiosk_control.figures
    figures.clock = clock = Clock()
    figures.save()
    figures.demo_finished("whose-foods")
    app.run(frames=2, fixed_dt=FRAME)
    assert "whose-foods" not in on_disk(home)["games"]
    clock.now += FLUSH_SECONDS
    app.run(frames=2, fixed_dt=FRAME)
    assert on_disk(home)["games"]["whose-foods"]["demo_games"] == 1  # no close needed


def test_the_stall_that_makes_the_watchdog_exit_is_written_before_the_exit(tmp_path):
    clock, exits = Clock(), []
    figures = Figures(tmp_path, clock=clock)
    watchdog = Watchdog(
        figures.stalled,
        stall_seconds=5,
        exit_after=30,
        check_every=60,  # checked by hand below
        clock=clock,
        exit_process=lambda code: exits.append((code, on_disk(tmp_path))),
        on_exit=figures.stall_exit,
    )
    try:
        watchdog.active = True
        clock.now += 6
        with pytest.raises(Stalled):  # the stall: written at once, then the loop interrupted
            watchdog.check()
            deadline = time.monotonic() + 30  # (the interrupt comes as a signal: wait for it)
            while time.monotonic() < deadline:
                time.sleep(0.01)
        assert on_disk(tmp_path)["stalls"] == 1
        clock.now += 31
        watchdog.check()  # still stuck: the exit, after the figures are written
    finally:
        watchdog.stop()
    assert len(exits) == 1
    _, written = exits[0]
    assert written["stall_exits"] == 1 and written["stalls"] == 1
    assert written["last_stall"].endswith("(37 s)")


def _count_demos(folder, count):
    figures = Figures(folder)
    for _ in range(count):
        figures.demo_finished("consequence")
        figures.save()
    figures.close()


def test_two_kiosks_on_one_folder_add_their_figures_up(tmp_path):
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_count_demos, args=(tmp_path, 40)) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
        assert worker.exitcode == 0
    data = on_disk(tmp_path)
    assert data["games"]["consequence"]["demo_games"] == 80  # none overwritten
    assert data["sessions"] == 2


def test_a_copy_that_finds_the_figures_locked_for_long_keeps_its_counts_for_later(tmp_path):
    """Another copy holds the figures' lock for longer than a save waits (a loaded machine):
    the save writes nothing rather than overwrite what that copy is writing, and the counts are
    added once the lock is free (at load 28, two kiosks counted 1 session instead of 2)."""
    Figures(tmp_path).close()
    other = FileLock(tmp_path / LOCK_FILE)
    assert other.acquire()
    seen = on_disk(tmp_path)  # the other copy reads, under its lock, ...
    second = Figures(tmp_path)  # (its first save finds the lock taken for 2 s)
    seen["sessions"] += 1
    write_json_atomically(tmp_path / FIGURES_FILE, seen)  # ... and writes what it counted
    other.release()
    second.demo_finished("consequence")
    second.close()
    data = on_disk(tmp_path)
    assert data["sessions"] == 3 and data["games"]["consequence"]["demo_games"] == 1


def test_two_figures_in_one_process_add_up_and_a_deleted_file_starts_afresh(tmp_path):
    first, second = Figures(tmp_path), Figures(tmp_path)
    first.started("whose-foods")
    second.started("whose-foods")
    first.close()
    second.close()
    data = on_disk(tmp_path)
    assert data["games"]["whose-foods"]["started"] == 2 and data["sessions"] == 2
    assert data["games"]["whose-foods"]["abandoned"] == 2
    (tmp_path / FIGURES_FILE).unlink()  # the organiser resets the figures
    third = Figures(tmp_path)
    third.crashed()
    assert on_disk(tmp_path)["sessions"] == 1 and on_disk(tmp_path)["games"] == {}


# --- item 5: two copies of the app ----------------------------------------------------------------
def test_two_copies_keep_their_games_apart_and_never_open_one_twice(home, apps):
    first, second = new_app(home), new_app(home)
    apps += [first, second]
    board = board_of(first)
    board.play(random.Random(1).choice(board.state.legal_moves()))
    mine = json.loads(the_save(home).read_text())
    other = board_of(second, "consequence")
    other.play(other.state.legal_moves()[0])
    other.play(other.state.legal_moves()[0])
    saves = {json.loads(path.read_text())["game"]: path for path in save_files(home)}
    assert sorted(saves) == ["consequence", "whose-foods"]  # each in its own slot
    assert json.loads(saves["whose-foods"].read_text()) == mine  # not overwritten, not merged
    assert len(json.loads(saves["consequence"].read_text())["moves"]) == 2
    slot = saves["whose-foods"].parent
    assert not second.continue_game(slot)  # the first copy's game is not opened twice
    assert [text for text, _ in second.notices] == [SLOT_TAKEN]  # and it is said
    second.notices.clear()
    assert not second.delete_unfinished(slot)  # nor deleted under it
    assert [text for text, _ in second.notices] == [SLOT_TAKEN]
    assert saves["whose-foods"].exists()
    first.close()
    apps.remove(first)
    assert second.continue_game(slot)  # the slot is free again: the game goes on here
    assert slot in second._held  # (the display went with the first copy: nothing is drawn)


def test_replays_of_two_copies_never_overwrite_each_other(tmp_path, monkeypatch):
    monkeypatch.setattr(replays.time, "strftime", lambda fmt: "20260101-120000")
    paths = [replays.keep_replay(tmp_path, "whose-foods", {"n": n}) for n in range(5)]
    assert len(set(paths)) == 5
    assert sorted(json.loads(p.read_text())["n"] for p in paths) == list(range(5))


# --- item 6: a full or read-only disk -------------------------------------------------------------
def test_a_failed_settings_write_is_said_instead_of_saved_at_once(home, apps, monkeypatch):
    app = new_app(home)
    apps.append(app)
    app.open_settings()
    settle(app)
    screen = app.manager.current
    assert screen.saved_line()[0] == "Changes are saved at once."

    def full(path, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(settings_store, "write_json_atomically", full)
    app.settings.hints = not app.settings.hints
    app.save_settings()
    assert any("could not be saved (No space left on device)" in t for t, _ in app.notices)
    assert "could not be saved" in screen.saved_line()[0]
    app.run(frames=2, fixed_dt=FRAME)  # and it is drawn
    monkeypatch.undo()
    app.save_settings()
    assert screen.saved_line()[0] == "Changes are saved at once."


def test_saving_the_game_stops_after_the_first_failure_with_one_notice(home, apps, monkeypatch):
    app = new_app(home)
    apps.append(app)
    board = board_of(app)
    tries = []

    def read_only(path, data):
        tries.append(path)
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(saved_game, "write_json_atomically", read_only)
    rng = random.Random(2)
    for _ in range(4):
        if board.state.is_over:
            break
        board.play(rng.choice(board.state.legal_moves()))
    assert len(tries) == 1  # not retried (and logged) after every move
    notices = [text for text, _ in app.notices if "cannot be saved" in text]
    assert len(notices) == 1 and str(home) not in notices[0]


def test_a_picture_cut_short_by_a_full_disk_is_not_published(tmp_path, monkeypatch):
    saved, _ = played_unfinished()
    surface = pygame.Surface((384, 216))
    assert saved_game.save_unfinished(tmp_path, saved, surface)
    assert saved_game.thumbnail_path(tmp_path) is not None
    real_save = pygame.image.save

    def full_disk(picture, name, *rest):
        real_save(picture, name, *rest)
        with open(name, "r+b") as written:
            written.truncate(100)

    monkeypatch.setattr(pygame.image, "save", full_disk)
    assert saved_game.save_unfinished(tmp_path, saved, surface)  # the game itself is saved
    assert saved_game.thumbnail_path(tmp_path) is None  # and no picture of another position
    assert not (tmp_path / THUMBNAIL_FILE).exists()
    assert load_unfinished(tmp_path)[0] == saved


def played_unfinished():
    from helpers.played_games import unfinished

    pygame.display.init()
    return unfinished()
