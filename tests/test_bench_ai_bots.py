"""`python main.py bench ai` and the setup screen's strength words (scenes.bench.ai,
game.ai.strength_text). The bench runs here with tiny budgets: speed is never asserted."""

from __future__ import annotations

import re

import pytest

import game.ai.search as search
import game.ai.strength_text as strength_text
from scenes.bench import ai as bench_ai


def test_wilson_interval_brackets_the_share():
    lo, hi = bench_ai.wilson(8, 10)
    assert lo < 0.8 < hi and lo >= 0 and hi <= 1
    assert bench_ai.wilson(0, 0) == (0.0, 1.0)


def test_pairings_cover_random_greedy_the_level_below_and_self_play():
    labels = [p.label for p in bench_ai.pairings("consequence")]
    assert labels == [
        "easy vs random",
        "easy vs greedy",
        "normal vs random",
        "normal vs greedy",
        "normal vs easy",
        "hard vs random",
        "hard vs greedy",
        "hard vs normal",
        "hard self-play, 2 players",
    ]
    four = [p.label for p in bench_ai.pairings("blanc-noir") if p.self_play]
    assert four == [f"hard self-play, {n} players" for n in (2, 3, 4)]


def test_a_match_plays_each_deal_twice_with_the_seats_swapped(monkeypatch):
    """Games 2k and 2k+1 of a match share one deal and swap the seats, so the luck of the deal
    cancels out; self-play has a deal per game."""
    from game import GAMES

    real = GAMES["whose-foods"]
    deals: list[int] = []
    search_seats: list[set[int]] = []

    class Recorder:
        def new_game(self, players, seed):
            deals.append(seed)
            search_seats.append(set())
            return real.new_game(players=players, seed=seed)

    class Tagged:
        def __init__(self, name):
            self.name = name

        def choose(self, view, rng):
            if self.name == "search":
                search_seats[-1].add(view.current_player)
            return rng.choice(view.legal_moves())

    monkeypatch.setitem(bench_ai.GAMES, "whose-foods", Recorder())
    monkeypatch.setattr(bench_ai, "make_bot", lambda game, name, level: Tagged(name))
    pairing = bench_ai.Pairing("whose-foods", "hard", "greedy", "hard")
    for index in range(4):
        bench_ai.play_one(pairing, index, seed=3)
    assert deals[0] == deals[1] != deals[2] == deals[3]
    assert search_seats == [{0}, {1}, {0}, {1}]
    deals.clear()
    selfish = bench_ai.Pairing("whose-foods", "hard", "search", "hard")
    for index in range(2):
        bench_ai.play_one(selfish, index, seed=3)
    assert deals[0] != deals[1]


@pytest.mark.slow
def test_bench_ai_smoke_run_prints_the_table(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(search, "SECONDS", {"easy": 0.002, "normal": 0.004, "hard": 0.006})
    monkeypatch.setattr(bench_ai, "STRENGTH_FILE", tmp_path / "strength.py")
    assert bench_ai.main(["--games", "2", "--game", "whose-foods", "--write"]) == 0
    out = capsys.readouterr().out
    row = re.search(
        r"\| whose-foods \| hard vs greedy \(first seat (\d)-(\d)-(\d), second (\d)-(\d)-(\d)\) "
        r"\| 2 \| (\d) / (\d) / (\d) \|",
        out,
    )
    assert row, out
    first, second, total = ([int(n) for n in row.groups()[i : i + 3]] for i in (0, 3, 6))
    assert sum(first) == sum(second) == 1  # one game in each seat
    assert [a + b for a, b in zip(first, second, strict=True)] == total
    assert "| whose-foods | hard self-play, 4 players: seats won " in out
    written = (tmp_path / "strength.py").read_text()
    namespace: dict = {}
    exec(compile(written, "strength.py", "exec"), namespace)
    figures = namespace["STRENGTH"]["whose-foods"]
    assert set(figures) == {"easy", "normal", "hard"}
    assert sum(figures["hard"]["greedy"][k] for k in ("wins", "draws", "losses")) == 2


def test_bench_ai_match_run_replaces_only_its_matches_in_the_table(monkeypatch, tmp_path):
    monkeypatch.setattr(search, "SECONDS", {"easy": 0.002, "normal": 0.004, "hard": 0.006})
    monkeypatch.setattr(bench_ai, "STRENGTH_FILE", tmp_path / "strength.py")
    old = {"games": 9, "wins": 9, "draws": 0, "losses": 0}
    bench_ai.write_strength({"consequence": {"hard": {"random": old, "greedy": old}}})
    argv = ["--games", "1", "--game", "consequence", "--match", "hard vs greedy", "--write"]
    assert bench_ai.main(argv) == 0
    table = bench_ai.read_strength()["consequence"]["hard"]
    assert table["random"] == old
    assert table["greedy"]["games"] == 1


@pytest.mark.parametrize("bad", [["--games", "0"], ["--jobs", "x"], ["--game", "chess"]])
def test_bench_ai_refuses_bad_arguments_in_one_line(bad, capsys):
    with pytest.raises(SystemExit) as exit_info:
        bench_ai.main(bad)
    assert exit_info.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_measured_strength_is_against_the_level_below_else_the_simple_baseline(monkeypatch):
    table = {
        "consequence": {
            "easy": {"greedy": {"games": 10, "wins": 6, "draws": 0, "losses": 4}},
            "hard": {
                "greedy": {"games": 10, "wins": 7, "draws": 2, "losses": 1},
                "random": {"games": 4, "wins": 4, "draws": 0, "losses": 0},
                "search": {"games": 30, "wins": 18, "draws": 1, "losses": 11},
            },
            "normal": {"search": {"games": 0, "wins": 0, "draws": 0, "losses": 0}},
        }
    }
    monkeypatch.setattr(strength_text, "STRENGTH", table)
    Measured = strength_text.Measured
    assert strength_text.measured("consequence", "hard") == Measured(18, 30, "normal")
    assert strength_text.measured("consequence", "easy") == Measured(6, 10, None)
    assert strength_text.measured("consequence", "normal") is None  # no game played
    assert strength_text.measured("whose-foods", "hard") is None
