"""The results scene leads with the real reason the game ended; its confirmations cover nothing."""

import json

import pytest
from helpers.drawn_text import install
from helpers.played_games import finished_game
from helpers.scene_driver import click, settle, tap

from game import whose_foods as wf
from scenes.kit.palette import seat_colours
from scenes.kit.seats import HUMAN, GameSetup, Seat
from scenes.screens import results as results_module


def three_can_win():
    """Seat 0 captures its third can and wins (WF-22) while holding six cans: -24 against -15."""
    state = wf.from_diagram(
        ". . . .\n. . . .\n. . . .\nLD LF LF .",
        players=2,
        hands=[(0, 6), (3, 0)],
        captured=[["LF"], []],
    )
    start = state.clone()
    state.play("SD d1")
    assert state.result.reason == "three cans" and state.result.winners == (0,)
    assert state.final_score(0) < state.final_score(1)
    return state, start, ["SD d1"]


def table_of_tester(game="whose-foods", players=2):
    colours = tuple(seat_colours("standard")[:players])
    names = ("Tester", "Bot", "Clover", "Maple")[:players]
    seats = (HUMAN,) + (Seat.computer("normal"),) * (players - 1)
    return GameSetup(game, seats, names, colours, {}, 1, 0)


def open_results(app, setup, state, start, moves, monkeypatch=None):
    drawn = install(monkeypatch) if monkeypatch is not None else None
    app.show_results(setup, state, start, moves)
    settle(app)
    return app.manager.current, drawn


def test_a_three_can_win_leads_with_the_reason_and_the_points_are_not_counted(
    make_app, monkeypatch
):
    """Bug 2: "Tester wins!" stood above a total of -16 against the loser's -1, unexplained."""
    app = make_app()
    state, start, moves = three_can_win()
    results, drawn = open_results(app, table_of_tester(), state, start, moves, monkeypatch)
    assert results.name == "results" and not results.by_points
    assert results.lead == "Tester captured exactly three cans."
    assert results.lead in drawn.words
    assert "not counted" in results.chart_title and results.chart_title in drawn.words
    lead_size = max(size for words, size in drawn.seen if words == results.lead)
    totals = {str(t).replace("-", "−") for t in results.totals}
    total_size = max(size for words, size in drawn.seen if words in totals)
    assert lead_size > total_size  # the reason leads; the points are secondary
    assert results.lead_rect.bottom <= results.chart.top  # and it comes first
    assert results.chart.height < results_module.POINTS_CHART.height


def test_the_string_matched_reasons_table_is_gone():
    assert not hasattr(results_module, "REASONS") and not hasattr(results_module, "reason_text")


@pytest.mark.parametrize("game", ["whose-foods", "consequence", "blanc-noir"])
def test_a_game_decided_by_points_shows_the_points_as_the_result(make_app, monkeypatch, game):
    app = make_app()
    state, start, moves = finished_game(game, players=2, seed=4)
    setup = table_of_tester(game)
    results, drawn = open_results(app, setup, state, start, moves, monkeypatch)
    reason = setup.info.reason(state.result.reason)
    assert results.by_points == reason.decided_by_points
    if results.by_points:
        assert results.chart_title == "Points"
        chart = results_module.POINTS_CHART  # (a game's final board and notes take part of it)
        assert results.chart.top == chart.top and chart.contains(results.chart)
        assert reason.text.split(":")[0][1:] in drawn.words


def test_the_loser_is_named_when_a_losing_pattern_ends_the_game(make_app):
    app = make_app()
    state = wf.from_diagram(". . . .\n. . LF .\n. LF/SD . .\nLF SC . .", players=2)
    start = state.clone()
    state.play("SD b3")
    results, _ = open_results(app, table_of_tester(), state, start, ["SD b3"])
    assert results.lead == "Tester made a losing line and lost at once."
    assert not results.by_points


def test_the_replay_is_kept_unasked_and_confirmed_under_the_buttons_not_over_the_title(
    make_app, home
):
    app = make_app()
    state, start, moves = three_can_win()
    results, _ = open_results(app, table_of_tester(), state, start, moves)
    saved = sorted((home / "replays").glob("whose-foods-*.json"))
    assert len(saved) == 1 and results.saved_to == saved[0]
    assert json.loads(saved[0].read_text())["moves"] == moves
    assert not app.notices, "a banner over the title"
    assert str(results.save_button.label) == "Replay kept" and not results.save_button.enabled
    tap(app, results.button_rects["Save replay"].center)  # says it is kept; no copy
    assert results.refusal.active and "already kept" in results.refusal.text
    assert len(list((home / "replays").glob("*.json"))) == 1
    notice = results.save_notice_rect
    assert results.save_notice[0] == "Replay kept: see Replays on the menu."  # no path shown
    assert app.canvas.get_rect().contains(notice)
    assert all(not notice.colliderect(b.rect.inflate(0, 14)) for b in results.buttons)
    assert not notice.colliderect(results.chart) and not notice.colliderect(results.lead_rect)
    with_notice = app.canvas.copy()
    results.save_notice = None
    results.draw(app.canvas)
    changed = [
        (x, y)
        for x in range(notice.left, notice.right, 4)
        for y in range(notice.top, notice.bottom, 2)
        if app.canvas.get_at((x, y)) != with_notice.get_at((x, y))
    ]
    assert changed, "the confirmation is not drawn"


def test_a_replay_that_cannot_be_kept_says_so_and_the_button_tries_again(
    make_app, home, monkeypatch
):
    from scenes.storage import replays

    app = make_app()
    state, start, moves = three_can_win()
    real = replays.write_new_json

    def refuse(folder, stem, data):
        raise OSError("disk full")

    monkeypatch.setattr(replays, "write_new_json", refuse)
    results, _ = open_results(app, table_of_tester(), state, start, moves)
    assert results.saved_to is None and "could not be saved" in results.save_notice[0]
    assert results.save_button.enabled  # it may be tried again
    monkeypatch.setattr(replays, "write_new_json", real)
    click(app, results.button_rects["Save replay"].center)
    assert results.saved_to is not None and results.saved_to.exists()
    assert str(results.save_button.label) == "Replay kept"


def test_a_long_name_is_shortened_with_an_ellipsis_on_the_chart(make_app, monkeypatch):
    app = make_app()
    state, start, moves = three_can_win()
    setup = table_of_tester()
    setup = GameSetup(setup.game, setup.seats, ("WWWWWWWWWWWWWW", "Bot"), setup.colours, {}, 1, 0)
    _, drawn = open_results(app, setup, state, start, moves, monkeypatch)
    assert any(words.startswith("WWW") and words.endswith("…") for words, _ in drawn.seen)
    assert drawn.smallest() >= 22
