"""Issue 15, item 2: every finished game is kept as a replay; the replay viewer plays one on the
real board (pause, step, speed, jump); the Replays list on the menu; a bad replay file opens to a
clear message and is set aside, never a crash. Driven by posted clicks."""

import json
import os

import pytest
from helpers.played_games import finished_game, show_results
from helpers.scene_driver import FRAME, click, frames, key, settle, tap

from game import GAMES
from scenes.kit.version import APP_VERSION
from scenes.storage import replays


def run_until(app, done, limit=6000):
    for _ in range(limit):
        if done():
            return True
        app.run(frames=1, fixed_dt=FRAME)
    return done()


def replayed(start, moves):
    state = start.clone()
    for move in moves:
        state.play(str(move))
    return state


def same(a, b):
    return a.to_dict() == b.to_dict()


def open_viewer_from_results(app):
    state, start, moves = show_results(app, "whose-foods", players=2, seed=5)
    results = app.manager.current
    tap(app, results.button_rects["Watch replay"].center)
    assert run_until(app, lambda: not app.manager.busy)
    viewer = app.manager.current
    assert viewer.name == "replay"
    return viewer, state, start, [str(m) for m in moves]


# --- kept unasked ---------------------------------------------------------------------------------
def test_finishing_a_game_keeps_its_replay_without_a_click(make_app, home):
    app = make_app()
    _, start, moves = show_results(app, "consequence", players=2, seed=2)
    kept = replays.replay_files(home)
    assert len(kept) == 1 and app.manager.current.saved_to == kept[0]
    data = json.loads(kept[0].read_text())
    assert data["version"] == APP_VERSION and data["moves"] == [str(m) for m in moves]
    assert GAMES["consequence"].from_dict(data["start"]).to_dict() == start.to_dict()
    assert str(app.manager.current.save_button.label) == "Replay kept"


def test_replays_are_listed_newest_first_and_bounded(home):
    paths = []
    for number in range(5):
        path = replays.keep_replay(home, "whose-foods", {"n": number}, limit=3)
        os.utime(path, ns=(number * 10**9, number * 10**9))  # distinct times, oldest first
        paths.append(path)
    kept = replays.replay_files(home)
    assert len(kept) == 3
    assert [json.loads(p.read_text())["n"] for p in kept] == [4, 3, 2]


# --- the viewer -----------------------------------------------------------------------------------
def test_the_viewer_plays_the_game_on_the_real_board_with_animations(make_app):
    app = make_app(speed=4)
    viewer, state, _, moves = open_viewer_from_results(app)
    assert type(viewer.board).__name__ == "WhoseFoodsBoard"  # the real board, not a copy
    assert viewer.board.spectator and viewer.playing
    saw_animation = run_until(app, lambda: viewer.board.presenter.busy, limit=600)
    assert saw_animation, "no move was animated"
    assert run_until(app, lambda: viewer.index == len(moves) and viewer.board.presenter.idle)
    frames(app, 5)
    assert app.manager.current is viewer, "the end of the replay must not open the results"
    assert same(viewer.board.state, state) and not viewer.playing
    click(app, viewer.button_rects["Close"].center)
    assert app.manager.current.name == "results"


@pytest.mark.parametrize("code", ["en", "ja"])
def test_the_words_over_the_track_stand_clear_of_the_keys_focus_ring(make_app, code):
    """The keys' ring round the track crossed the foot of "Whose Foods　16手中6手目" above it."""
    from helpers.overlap_tool import checker

    from scenes.kit.i18n import set_language

    tool = checker()
    app = make_app()
    viewer, *_ = open_viewer_from_results(app)
    tap(app, viewer.button_rects["Pause"].center)
    set_language(code)
    try:
        canvas = tool.RecordingCanvas(app.canvas.get_size())
        app.manager.draw(canvas)
        found = tool.focus_ring_problems(canvas, viewer)
        assert any(box.words.startswith("Whose Foods") for box in canvas.texts)
    finally:
        set_language("en")
    assert found == []


@pytest.mark.slow
def test_pause_step_back_and_forth_speed_and_jump(make_app):
    app = make_app()
    viewer, state, start, moves = open_viewer_from_results(app)
    tap(app, viewer.button_rects["Pause"].center)
    assert not viewer.playing and str(viewer.play_button.label) == "Play"
    viewer.jump(0)
    tap(app, viewer.button_rects["Next"].center)
    tap(app, viewer.button_rects["Next"].center)  # the first move's animation is cut short
    assert viewer.index == 2 and same(viewer.board.state, replayed(start, moves[:2]))
    settle(app)
    click(app, viewer.button_rects["Back"].center)
    assert viewer.index == 1 and same(viewer.board.state, replayed(start, moves[:1]))
    assert viewer.board.presenter.idle  # back rebuilds at once, without animation
    track = viewer.button_rects["Track"]
    click(app, (track.left + track.width // 2, track.centery))
    half = round(len(moves) / 2)
    assert viewer.index in (half - 1, half, half + 1)
    assert same(viewer.board.state, replayed(start, moves[: viewer.index]))
    click(app, viewer.button_rects["End"].center)
    assert viewer.index == len(moves) and same(viewer.board.state, state)
    click(app, viewer.button_rects["Start"].center)
    assert viewer.index == 0 and same(viewer.board.state, start)
    click(app, viewer.button_rects["Speed"].center)
    assert viewer.speed == 2.0 and str(viewer.speed_button.label) == "Speed 2x"
    key(app, 32)  # Space plays
    assert viewer.playing or viewer.index > 0
    assert not app.manager.crashes


@pytest.mark.slow
def test_menu_replays_list_newest_first_and_watch(make_app, home):
    app = make_app()
    for game, seed in (("whose-foods", 1), ("consequence", 2)):
        state, start, moves = finished_game(game, 2, seed)
        seats = ["human", "ai:normal"]
        app.show_results(app.quick_setup(game, seats), state, start, moves)
        settle(app)
        newest = app.manager.current.saved_to
        os.utime(newest, ns=(seed * 10**9, seed * 10**9))
    app.go_menu()
    settle(app)
    click(app, app.manager.current.button_rects["Replays"].center)
    listing = app.manager.current
    assert listing.name == "replays"
    assert [entry.title for entry in listing.entries] == ["Consequence", "Whose Foods"]
    entry = listing.entries[0]
    assert entry.players and entry.winner and entry.date
    tap(app, listing.row_rect(0).center)
    assert run_until(app, lambda: not app.manager.busy)
    viewer = app.manager.current
    assert viewer.name == "replay" and viewer.saved.game == "consequence"
    click(app, viewer.button_rects["Close"].center)
    assert app.manager.current is listing
    click(app, listing.button_rects["Back"].center)
    assert app.manager.current.name == "menu"


# --- bad files ------------------------------------------------------------------------------------
def good_replay():
    state, start, moves = finished_game("whose-foods", 2, 3)
    from scenes.kit.palette import seat_colours
    from scenes.kit.seats import HUMAN, GameSetup

    setup = GameSetup(
        "whose-foods", (HUMAN, HUMAN), ("Ada", "Bo"), tuple(seat_colours("standard")[:2])
    )
    return {
        "game": "whose-foods",
        "version": APP_VERSION,
        "setup": setup.to_dict(),
        "start": start.to_dict(),
        "moves": [str(m) for m in moves],
        "saved_at": 1_700_000_000.0,
        "result": {"winners": list(state.result.winners), "draw": False},
    }


def bad_bytes(case):
    data = good_replay()
    text = json.dumps(data)
    if case == "empty":
        return b""
    if case == "truncated":
        return text[: len(text) // 2].encode()
    if case == "binary":
        return bytes(range(256)) * 4
    if case == "wrong shape":
        return json.dumps([1, 2, 3]).encode()
    if case == "illegal move":
        data["moves"] = [*data["moves"][:3], "XX z9", *data["moves"][3:]]
        return json.dumps(data).encode()
    if case == "newer version":
        data["version"] = "99.0.0"
        return json.dumps(data).encode()
    raise AssertionError(case)


MESSAGES = {
    "empty": "empty",
    "truncated": "cut short or damaged",
    "binary": "not text",
    "wrong shape": "does not hold a replay",
    "illegal move": "move 4 (XX z9) does not replay",
    "newer version": "newer version (99.0.0)",
}
#: what the list cannot even show is set aside when the app starts; the rest when opened
REFUSED_AT_START = ("empty", "truncated", "binary", "wrong shape", "newer version")


@pytest.mark.parametrize("case", list(MESSAGES))
def test_a_bad_replay_is_set_aside_with_a_clear_message(make_app, home, case):
    folder = replays.replay_folder(home)
    folder.mkdir(parents=True)
    (folder / "whose-foods-20260101-120000.json").write_bytes(bad_bytes(case))
    app = make_app()
    if case in REFUSED_AT_START:
        notice = " ".join(text for text, *_ in app.notices)
        assert "A replay could not be read" in notice and MESSAGES[case] in notice
    else:
        click(app, app.manager.current.button_rects["Replays"].center)
        listing = app.manager.current
        assert listing.name == "replays" and len(listing.entries) == 1
        click(app, listing.row_rect(0).center)
        assert app.manager.current is listing  # no viewer, no crash
        notice = " ".join(text for text, *_ in app.notices)
        assert "This replay cannot be watched" in notice and MESSAGES[case] in notice
        assert listing.entries == []
    assert str(home) not in notice
    assert not list(folder.glob("*.json")) and len(list(folder.glob("*.json.bad-*"))) == 1
    assert not app.manager.crashes


def test_a_good_replay_file_written_by_hand_opens(make_app, home):
    folder = replays.replay_folder(home)
    folder.mkdir(parents=True)
    (folder / "whose-foods-20260101-120000.json").write_text(json.dumps(good_replay()))
    app = make_app()
    click(app, app.manager.current.button_rects["Replays"].center)
    tap(app, app.manager.current.row_rect(0).center)
    assert run_until(app, lambda: not app.manager.busy)
    assert app.manager.current.name == "replay"


# --- the move log of a replay ---------------------------------------------------------------------
@pytest.mark.parametrize("game", list(GAMES))
def test_a_replays_move_log_says_each_move_in_words(make_app, game):
    """Issue 23, defect 4: a replay feeds the board notations; each log line is the one the
    board writes for the move itself ("Player 1: large cat on c3"), never "Player 1 chooses"."""
    app = make_app()
    _, start, moves = show_results(app, game, players=2, seed=6)
    results = app.manager.current
    tap(app, results.button_rects["Watch replay"].center)
    assert run_until(app, lambda: not app.manager.busy)
    viewer = app.manager.current
    click(app, viewer.button_rects["End"].center)
    board = viewer.board
    seats = [start.clone()]
    for move in moves[:-1]:
        seats.append(seats[-1].clone())
        seats[-1].play(move)
    expected = [
        board.describe(before.current_player, move, before.clone().play(move)).text
        for before, move in zip(seats, moves, strict=True)
    ]
    assert [line.text for line in board.record.log] == expected
    if game == "whose-foods":
        placements = [line.text for line, m in zip(board.record.log, moves, strict=True)
                      if not str(m).startswith("take")]  # fmt: skip
        assert placements and not any("chooses" in text for text in placements)
        assert all(" on " in text for text in placements), placements[:3]
