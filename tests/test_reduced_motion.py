"""Issue 45 item 3, motion: with reduced motion chosen in the settings, nothing shakes and no
tween but a wait (the pause between a chain's steps) lasts longer than a short fade, over a
whole game on every board."""

from __future__ import annotations

import pytest
from helpers.scene_driver import click, frames, settle

from scenes.boards import BOARDS
from scenes.kit import tween
from scenes.kit.tween import REDUCED_MOTION_SECONDS, Timeline, Wait


def test_reduced_motion_is_chosen_on_the_settings_screen_and_kept(make_app) -> None:
    app = make_app()
    click(app, app.manager.current.button_rects["Settings"].center)
    settings = app.manager.current
    click(app, settings.button_rects["Reduced motion"].center)
    assert app.settings.motion == "reduced"
    app.close()
    assert make_app().settings.motion == "reduced"


def test_a_reduced_timeline_cuts_every_tween_but_a_wait() -> None:
    class Thing:
        x = 0.0

    timeline = Timeline()
    timeline.reduced = True
    flight = timeline.add(tween.Tween(Thing(), 1.5, x=100.0))
    wait = timeline.add(tween.Tween(Wait(), 0.9, t=1.0))
    assert flight.duration == REDUCED_MOTION_SECONDS and wait.duration == 0.9


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(BOARDS))
def test_no_tween_outlasts_a_short_fade_over_a_whole_game(open_board, monkeypatch, game) -> None:
    started: list[tuple[Timeline, str, frozenset[str], float]] = []
    add = Timeline.add

    def recording_add(self, made):
        added = add(self, made)
        started.append((self, type(made.target).__name__, frozenset(made.ends), made.duration))
        return added

    monkeypatch.setattr(Timeline, "add", recording_add)
    app, board = open_board(game, ["ai:beginner", "ai:beginner"])
    app.settings.motion = "reduced"
    shaken = []
    for _ in range(4000):
        if app.manager.current.name == "results":
            break
        frames(app, 5)
        shaken += board.presenter.shakes
    settle(app)
    assert app.manager.current.name == "results" and board.state.is_over
    board_timeline = board.presenter.timeline
    moving = [e[1:] for e in started if e[0] is board_timeline and e[1] != "Wait"]
    assert len(moving) > 20
    assert [e for e in moving if e[2] > REDUCED_MOTION_SECONDS] == []
    assert any("x" in keys or "y" in keys for _, keys, _ in moving)  # flights were among them
    assert shaken == []
