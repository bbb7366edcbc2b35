"""`python main.py bench lessons`: each lesson played by its own clicks at speed 1, one JSON line
per lesson with its steps and seconds (app time plus 4 s of reading a step). The figure is
counted in app time on a fixed clock, so it is the same on any machine; the benchmark prints
it, and this test checks what is printed."""

import json

import pytest

import main
from scenes.bench import lessons as bench_lessons
from scenes.boards import BOARDS


def test_bench_lessons_is_registered():
    assert main.BENCHMARKS["lessons"] == bench_lessons.__name__


@pytest.mark.slow
def test_bench_lessons_prints_one_line_per_lesson_under_three_minutes(home, capsys):
    assert bench_lessons.main([]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [row["game"] for row in rows] == [g for g, s in BOARDS.items() if s.lesson]
    for row in rows:
        lesson = BOARDS[row["game"]].load_lesson()
        assert row["bench"] == "lessons" and row["steps"] == len(lesson.steps)
        assert row["reading_seconds"] == 4.0 * row["steps"]
        assert row["seconds"] == pytest.approx(row["animation_seconds"] + row["reading_seconds"])
        assert row["clicks"] > row["steps"]  # at least a click a step, and each Next
        assert row["under_three_minutes"] and row["seconds"] < 180
