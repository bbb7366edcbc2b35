"""`python main.py bench coach` (scenes.bench.coach): its figures as JSON lines with their
targets, here with tiny counts (speed is never asserted: the figures are the bench's)."""

from __future__ import annotations

import json

import pytest

from game.ai import at_once, make_bot
from scenes.bench import coach as bench_coach
from scenes.launcher import bench


def test_the_known_answers_figure_counts_what_the_review_marks(capsys):
    assert bench(["coach", "--figure", "known", "--game", "whose-foods", "--games", "1"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["figure"] == "known answer" and line["game"] == "whose-foods"
    assert line["positions"] == 15  # five a player count, 2 to 4 players
    assert line["marked"] == 15 and line["percent"] == 100.0 and line["met"] is True


def test_a_known_answer_is_a_win_at_once_missed_for_a_move_that_loses_at_once():
    """The played move loses by itself, or lets the next seat win at once (WF-16, WF-22)."""
    bot = make_bot("whose-foods", "search")
    for players in (2, 3, 4):
        for known in bench_coach.known_positions("whose-foods", players, 2):
            state = known.start.clone()
            for move in known.moves:
                state.play(move)
            seat = known.seat
            assert state.current_player == seat and known.played in state.legal_moves()
            assert at_once.gives(state, known.played, seat, bot.can_win_at_once, bot.finishing)
            assert any(at_once.wins(state, move, seat) for move in state.legal_moves())


@pytest.mark.slow
def test_the_time_and_wolf_figures_print_their_targets(capsys, monkeypatch):
    monkeypatch.setitem(bench_coach.coach.ITERATIONS, "normal", 60)
    args = ["coach", "--game", "whose-foods", "--games", "1"]
    assert bench([*args, "--figure", "review", "--figure", "hint", "--figure", "wolf"]) == 0
    lines = [json.loads(text) for text in capsys.readouterr().out.splitlines()]
    assert [line["figure"] for line in lines] == ["review time", "hint time", "crying wolf"]
    review, hint, wolf = lines
    assert review["seat_moves"] > 3 and review["cpu_s"] > 0 and "load" in review
    assert hint["positions"] == 5 and hint["cpu_s_max"] >= hint["cpu_s_mean"] > 0
    assert wolf["games"] == 1 and len(wolf["turning_points"]) == 1
    assert all(isinstance(line["met"], bool) and line["target"] for line in lines)


def test_a_bad_argument_is_one_line_and_exit_2(capsys):
    with pytest.raises(SystemExit) as stopped:
        bench(["coach", "--figure", "speed"])
    assert stopped.value.code == 2
    assert "invalid choice" in capsys.readouterr().err
