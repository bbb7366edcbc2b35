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


def test_issue_30_targets_are_judged_beside_their_figures():
    engine = bench_all.judged(
        "rules throughput", {"game": "blanc-noir", "players": 2, "games_per_s": 2999.0}
    )
    assert engine["target"] == ">= 3000 games/s" and engine["met"] is False
    frame = bench_all.judged(
        "frame work", {"scene": "menu", "frame_ms_mean": 3.9, "frame_ms_p99": 7.9}
    )
    assert frame["met"] is True
    slow = bench_all.judged("frame work", {"scene": "x", "frame_ms_mean": 3.0, "frame_ms_p99": 8.1})
    assert slow["met"] is False
    idle = bench_all.judged("window", {"case": "idle menu", "cpu_percent_of_one_core": 1.5})
    assert idle["target"] == "< 1% of a core" and idle["met"] is False
    window = {"case": "animating", "frame_ms_p99": 12.0, "cpu_percent_of_one_core": 40.0}
    assert bench_all.judged("window", window)["met"] is True  # judged on its frame time
    other = {"game": "blanc-noir", "players": 3, "games_per_s": 1.0}
    assert "target" not in bench_all.judged("rules throughput", other)
    assert "target" not in bench_all.judged("frame work", {"skipped": "no"})


def test_the_performance_page_shows_before_after_and_targets(tmp_path, monkeypatch):
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "performance_doc", bench_all.ROOT / "tools" / "performance_doc.py"
    )
    doc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(doc)
    machine = {"figure": "machine", "date": "2026-11-24", "load": [0.1, 0.2, 0.3]}
    after = [machine, {"figure": "frame work", "scene": "menu", "frame_ms_mean": 1.0,
                       "frame_ms_p99": 2.0, "target": "mean < 4 ms", "met": True}]  # fmt: skip
    before = [machine, {"figure": "frame work", "scene": "menu", "frame_ms_mean": 9.0,
                        "frame_ms_p99": 20.0}]  # fmt: skip
    page = doc.render(after, before)
    assert "0.1 / 0.2 / 0.3" in page
    assert "| frame work: menu | frame_ms_mean 9.0; frame_ms_p99 20.0 | " in page
    assert "frame_ms_mean 1.0; frame_ms_p99 2.0 | mean < 4 ms | yes |" in page
    assert "## What each step bought" in page
    rules = {"figure": "rules throughput", "bench": "patterns", "game": "x", "scratch_us": 40.0}
    page = doc.render([machine, {**rules, "scratch_us": 19.0}], [machine, rules])
    assert "| scratch at most half of before | yes |" in page
    # the hand-written part below the marker survives a new table
    written = tmp_path / "performance.md"
    written.write_text("old table\n" + doc.KEPT + "\n## By hand\n")
    assert doc.kept_part(written) == doc.KEPT + "\n## By hand\n"
    assert doc.kept_part(tmp_path / "none.md") == ""


def test_the_throughput_and_pattern_targets_are_also_read_against_before_on_this_machine():
    from game import GAMES

    for info in GAMES.values():
        key, ratio = info.key, info.throughput_target / info.throughput_before
        before = {"game": key, "players": 2, "games_per_s": 1000.0}
        least = 1000.0 * (bench_all.SPREAD if ratio == 1 else ratio)  # not slower, or the ratio
        enough = {**before, "games_per_s": least}
        short = {**before, "games_per_s": least - 1}
        assert bench_all.judged_against("rules throughput", before, enough)[1] is True
        assert bench_all.judged_against("rules throughput", before, short)[1] is False
    # a game whose target is a ratio: the issue's 3,000 against its 1,400 is 2.14 times
    ratios = [info.throughput_target / info.throughput_before for info in GAMES.values()]
    assert max(ratios) > 2 and 1.0 in ratios  # the others: not slower
    patterns = {"bench": "patterns", "scratch_us": 45.0}
    assert bench_all.judged_against("rules throughput", patterns, {**patterns, "scratch_us": 22.5})
    halved = bench_all.judged_against("rules throughput", patterns, {**patterns, "scratch_us": 23})
    assert halved == ("scratch at most half of before", False)
    three = {"game": next(iter(GAMES)), "players": 3, "games_per_s": 1.0}
    assert bench_all.judged_against("rules throughput", three, three) is None


def test_search_speed_counts_the_iterations_of_the_search():
    from scenes.bench.ai import search_speed

    figures = search_speed("consequence", positions=2, iterations=10)
    assert figures["iterations"] == 20 and figures["iterations_per_s"] > 0
