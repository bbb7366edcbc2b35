"""Issue 10, item 6: every bad argument of main.py and its benchmarks is one line on stderr and
exit code 2; a screenshot that cannot be written is one line and exit code 1, with the --frames
line still printed and the app closed."""

import json

import pytest
from helpers.run_main import run_main

import main

BAD_BENCH_ARGUMENTS = [
    ["frames", "abc"],
    ["frames", "1.5"],
    ["frames", "0"],
    ["frames", "-5"],
    ["frames", "1", "2"],
    ["rules", "0"],
    ["rules", "-1"],
    ["rules", "nan"],
    ["rules", "inf"],
    ["rules", "abc"],
    ["cards", "0"],
    ["cards", "-5"],
    ["cards", "abc"],
    ["cards", "10", "--jobs", "-3"],
    ["cards", "10", "--jobs", "0"],
    ["cards", "10", "--seed", "x"],
    ["monkey", "--frames", "0"],
    ["monkey", "--seeds", "-1"],
    ["soak", "--minutes", "0"],
    ["soak", "--minutes", "nan"],
    ["soak", "--minutes", "5", "--first-minutes", "6"],
    ["nope"],
    [],
]


@pytest.mark.parametrize("argv", BAD_BENCH_ARGUMENTS, ids=" ".join)
def test_a_bad_bench_argument_is_one_line_and_exit_code_2(argv, capsys):
    try:
        code = main.main(["bench", *argv])
    except SystemExit as exit_info:
        code = exit_info.code
    assert code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "error" in captured.err


def test_a_bad_bench_argument_from_the_real_command_line(tmp_path):
    done = run_main("bench", "cards", "abc", home=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_each_bench_has_help(capsys):
    for name in main.BENCHMARKS:
        with pytest.raises(SystemExit) as exit_info:
            main.main(["bench", name, "--help"])
        assert exit_info.value.code == 0
        assert f"python main.py bench {name}" in capsys.readouterr().out


def test_the_shortest_rules_bench_still_plays_a_game(capsys):
    assert main.main(["bench", "rules", "0.000001"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert all(row["games"] >= 1 for row in rows if row["bench"] == "rules")


@pytest.mark.parametrize("argv", [["--screenshot", ""], ["--speed", "nan"], ["--frames", "1.5"]])
def test_a_bad_app_argument_is_one_line_and_exit_code_2(argv, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main.main(argv)
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.parametrize("where", ["a folder", "under a file", "/proc"])
def test_an_unwritable_screenshot_is_one_line_and_exit_1_with_the_frames_line(tmp_path, where):
    (tmp_path / "file").write_text("")
    (tmp_path / "folder.png").mkdir()
    target = {
        "a folder": tmp_path / "folder.png",
        "under a file": tmp_path / "file" / "shot.png",
        "/proc": "/proc/no-such-dir/shot.png",
    }[where]
    done = run_main("--frames", "3", "--screenshot", str(target), home=tmp_path)
    assert done.returncode == 1
    assert json.loads(done.stdout)["frames"] == 3
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot save the screenshot" in lines[0], done.stderr


def test_ctrl_c_in_the_terminal_quits_with_130_and_still_reports(tmp_path, monkeypatch, capsys):
    from scenes import cli
    from scenes.app import App

    def interrupted(self, *args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setenv("TABLETOP_TRIO_HOME", str(tmp_path))
    monkeypatch.setattr(App, "run", interrupted)
    assert cli.run(["--frames", "5"]) == 130
    captured = capsys.readouterr()
    assert "frames" in json.loads(captured.out) and "Traceback" not in captured.err


def test_an_app_that_cannot_start_is_one_line_and_exit_1(tmp_path, monkeypatch, capsys):
    from scenes import cli
    from scenes.app import App

    def broken(self, *args, **kwargs):
        raise RuntimeError("no way")

    monkeypatch.setenv("TABLETOP_TRIO_HOME", str(tmp_path))
    monkeypatch.setattr(App, "__init__", broken)
    assert cli.run([]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "could not start: no way" in err
