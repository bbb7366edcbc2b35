"""Issue 15, item 3: `python main.py bench all` prints one JSON line per figure (the run itself
is a benchmark, not a timed test: here its parts that decide what is printed)."""

import json

import main
from scenes.bench import summary as bench_all


def lines(capsys):
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_bench_all_is_a_benchmark():
    assert main.BENCHMARKS["all"] == bench_all.__name__
    assert "peak memory" in bench_all.__doc__ and "start-up" in bench_all.__doc__


def test_without_an_x_server_the_window_figure_says_why_it_is_skipped(
    monkeypatch, capsys, tmp_path
):
    from scenes.bench import xserver

    monkeypatch.setattr(xserver, "available", lambda programs=(): list(programs))
    monkeypatch.delenv("DISPLAY", raising=False)
    bench_all.window(str(tmp_path), 1.0)
    (line,) = lines(capsys)
    assert line["figure"] == "window" and "no X server" in line["skipped"]


def test_the_bot_strength_summary_is_read_from_the_doc_table(monkeypatch, capsys, tmp_path):
    doc = tmp_path / "ai-strength.md"
    doc.write_text(
        "# Bot strength\n\nAgainst random.\n\n| game | bot | win rate |\n|---|---|---:|\n"
        "| whose-foods | greedy | 81% |\n| consequence | greedy | 74% |\n"
    )
    monkeypatch.setattr(bench_all, "AI_STRENGTH", doc)
    bench_all.bot_strength()
    rows = lines(capsys)
    assert rows == [
        {"figure": "bot strength", "game": "whose-foods", "bot": "greedy", "win rate": "81%"},
        {"figure": "bot strength", "game": "consequence", "bot": "greedy", "win rate": "74%"},
    ]


def test_the_bot_strength_summary_is_the_targets_table_when_there_is_one(
    monkeypatch, capsys, tmp_path
):
    doc = tmp_path / "ai-strength.md"
    doc.write_text(
        "# Bot strength\n\n| bot | search |\n|---|---|\n| search | MCTS |\n\n## Measured\n\n"
        "| game | match |\n|---|---|\n| consequence | hard vs greedy |\n\n## Targets\n\n"
        "| target | status |\n|---|---|\n| hard vs random | met |\n\nAfter the table.\n"
    )
    monkeypatch.setattr(bench_all, "AI_STRENGTH", doc)
    bench_all.bot_strength()
    assert lines(capsys) == [
        {"figure": "bot strength", "target": "hard vs random", "status": "met"}
    ]


def test_without_the_doc_the_bot_strength_line_says_so(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(bench_all, "AI_STRENGTH", tmp_path / "missing.md")
    bench_all.bot_strength()
    (line,) = lines(capsys)
    assert "not there yet" in line["skipped"]


def test_a_failing_bench_becomes_a_skipped_line_not_a_crash(capsys, tmp_path):
    bench_all.run_bench("rules throughput", ["rules", "-1"], str(tmp_path), timeout=120)
    (line,) = lines(capsys)
    assert line["figure"] == "rules throughput" and "failed" in line["skipped"]
