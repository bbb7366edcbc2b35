"""The command line: options, one-line errors with exit code 2, --frames / --screenshot runs."""

import json

import pygame
import pytest
from helpers.run_main import run_main

from scenes.boards import is_playable
from scenes.cli import parse_args


def test_options_are_parsed():
    options = parse_args(
        [
            "--game",
            "whose-foods",
            "--seats",
            "human,ai:hard,ai",
            "--seed",
            "5",
            "--frames",
            "10",
            "--speed",
            "2",
            "--uncapped",
            "--kiosk",
        ]
    )
    assert options.game == "whose-foods"
    assert [str(seat) for seat in options.seats] == ["human", "ai:hard", "ai:normal"]
    assert (options.seed, options.frames, options.speed) == (5, 10, 2.0)
    assert options.uncapped and options.kiosk and options.fullscreen  # kiosk is fullscreen


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--game", "chess"], "invalid choice"),
        (["--seats", "human,human"], "--seats needs --game"),
        (["--game", "consequence", "--seats", "human,human,human"], "takes 2 seats, not 3"),
        (["--game", "blanc-noir", "--seats", "human,ai:godlike"], "bad seat"),
        (["--frames", "0"], "--frames"),
        (["--speed", "fast"], "--speed"),
        (["--seed", "x"], "--seed"),
        (["--bogus"], "unrecognized"),
    ],
)
def test_a_wrong_value_prints_one_line_and_exits_with_2(argv, words, capsys):
    with pytest.raises(SystemExit) as exit_info:
        parse_args(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err


def test_help_documents_every_option(capsys):
    with pytest.raises(SystemExit) as exit_info:
        parse_args(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    for option in (
        "--game",
        "--seats",
        "--seed",
        "--fullscreen",
        "--kiosk",
        "--attract",
        "--frames",
        "--screenshot",
        "--speed",
        "--uncapped",
        "bench",
    ):
        assert option in out


def test_frames_and_screenshot_run_headless_and_report_one_json_line(tmp_path):
    shot = tmp_path / "out.png"
    done = run_main("--frames", "300", "--screenshot", str(shot), "--uncapped", home=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1
    report = json.loads(lines[0])
    assert report["frames"] == 300 and report["scene"] == "menu"
    assert report["games_finished"] == 0
    assert report["frame_ms_mean"] > 0 and report["frame_ms_p99"] > 0
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1920, 1080)
    assert len({image.get_at((x, 540))[:3] for x in range(0, 1920, 40)}) > 3  # not blank


def test_a_wrong_value_from_the_real_command_line_exits_with_2(tmp_path):
    done = run_main("--game", "nope", home=tmp_path)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("game", ["whose-foods", "consequence", "blanc-noir"])
def test_game_with_seats_starts_the_board_or_opens_the_setup_when_coming_soon(tmp_path, game):
    done = run_main(
        "--game", game, "--seats", "human,ai:easy", "--frames", "5", "--uncapped", home=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["scene"] == ("board" if is_playable(game) else "setup")


@pytest.mark.slow
def test_bench_frames_prints_one_line_per_scene(tmp_path):
    done = run_main("bench", "frames", "5", "--repeats", "1", home=tmp_path)
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.strip().splitlines()]
    assert [row["scene"] for row in rows] == [
        "menu",
        "setup",
        "rules",
        "settings",
        "results",
        "handover",
        "whose-foods board: 3-step chain",
        "consequence board: push of 4 tiles, 1 off",
        "blanc-noir board: land flight, 40 squares, zoom",
    ]
    assert all(row["frame_ms_mean"] > 0 for row in rows)
