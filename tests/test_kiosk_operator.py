"""The organiser's side of the stand (issue 29): the figures per hour (fake clocks), the operator
screen by touch (today and all time, per game), the CSV export to a folder picked on the screen
and read back, reset; the stand's health (the heartbeat and its check); the "Still playing?"
prompt at the configured idle time (issue 23)."""

import csv
import io
import json
import os
import re
import subprocess
import sys
import time

import pygame
import pytest
from conftest import ROOT
from helpers.kiosk_driver import FRAME, FakeClock, kiosk_app, seconds, settle, top, touch, with_pin

from scenes.kiosk import heartbeat
from scenes.kiosk.controller import COUNTDOWN_SECONDS
from scenes.kiosk.export import csv_text, export_csv
from scenes.kiosk.figures import FIGURES_FILE, Figures
from scenes.kiosk.hours import CSV_COLUMNS, KEEP_DAYS, checked, per_hour
from scenes.kiosk.operator import OperatorScene

HOUR = 3600.0


def local(day, hour, minute=0):
    """Seconds since the epoch of `day` ("YYYY-MM-DD") at hour:minute, local time."""
    return time.mktime(time.strptime(f"{day} {hour:02d}:{minute:02d}", "%Y-%m-%d %H:%M"))


def a_day_at_the_stand(home):
    """Figures of a day: games at 10:xx and 14:xx, a crash and a stall at 14:xx; then a game
    the next day. Returns the figures (their clocks fake) and the wall clock."""
    wall, clock = FakeClock(), FakeClock()
    wall.now = local("2026-06-13", 10, 5)
    figures = Figures(home, clock=clock, wall=wall)
    figures.started("consequence")
    clock.advance(300)
    figures.finished("consequence")  # 5 min
    figures.started("whose-foods")
    figures.abandoned()
    wall.now = local("2026-06-13", 14, 20)
    for minutes in (4, 8):
        figures.started("consequence")
        clock.advance(minutes * 60)
        figures.finished("consequence")
    figures.challenge_won("consequence")
    figures.demo_finished("blanc-noir")
    figures.crashed()
    figures.stalled()
    wall.now = local("2026-06-14", 14, 50)
    figures.started("consequence")
    clock.advance(600)
    figures.finished("consequence")
    return figures, wall


# --- the figures per hour ------------------------------------------------------------------------
def test_every_count_falls_in_its_hour_today_and_all_time(home):
    figures, _ = a_day_at_the_stand(home)
    day = figures.per_hour("2026-06-13")
    assert (day[10].started, day[10].finished, day[10].abandoned) == (2, 1, 1)
    assert day[10].average_minutes == pytest.approx(5.0)
    assert (day[14].started, day[14].finished, day[14].challenge_wins) == (2, 2, 1)
    assert day[14].average_minutes == pytest.approx(6.0)
    assert (day[14].crashes, day[14].stalls, day[14].demo_games) == (1, 1, 1)
    assert sum(h.started for h in day) == 4 and day[9].started == day[15].started == 0
    only = figures.per_hour("2026-06-13", "whose-foods")
    assert only[10].started == 1 and only[10].finished == 0 and only[14].started == 0
    assert only[14].crashes == 1  # the stand's crashes, whatever the game
    ever = figures.per_hour(None)  # all time: both days added hour by hour
    assert ever[14].started == 3 and ever[14].average_minutes == pytest.approx(22 / 3)
    assert figures.per_hour("2026-06-14")[14].started == 1
    assert figures.today() == "2026-06-14" and figures.hour_now() == 14


def test_the_hours_are_kept_on_disk_and_old_days_fold_into_the_hours_of_the_day(home):
    figures, wall = a_day_at_the_stand(home)
    figures.close()
    again = Figures(home, wall=wall)
    assert again.per_hour("2026-06-13")[14].challenge_wins == 1
    wall.now += (KEEP_DAYS + 3) * 86400
    again.started("whose-foods")
    again.close()
    data = json.loads((home / FIGURES_FILE).read_text())
    assert not any(key.startswith("2026-06-1") for key in data["hours"]["buckets"])
    assert data["hours"]["earlier"]["14"]["games"]["consequence"]["started"] == 3
    third = Figures(home, wall=wall)
    ever = third.per_hour(None, "consequence")
    assert ever[14].started == 3 and ever[10].started == 1  # all time still whole
    assert third.per_hour(None)[14].started == 4  # with the game started today
    assert third.per_hour("2026-06-13")[14].started == 0  # (that day is folded away)


def test_bad_hours_in_the_file_are_refused():
    for bad in (
        {"buckets": {"2026-13-01 10": {}}},
        {"buckets": {"2026-06-01 10": {"games": {"chess": {"started": 1}}}}},
        {"buckets": {"2026-06-01 10": {"crashes": -1}}},
        {"buckets": {"2026-06-01 10": {"games": {"consequence": {"seconds_played": 1e400}}}}},
        {"earlier": {"24": {}}},
        {"buckets": [], "earlier": {}},
    ):
        with pytest.raises(ValueError):
            checked(bad)
    assert per_hour(checked(None), None)[0].started == 0


def test_two_copies_on_one_folder_add_their_hours_and_a_reset_clears_the_file(home):
    first, wall = a_day_at_the_stand(home)
    second = Figures(home, wall=wall)  # another copy of the app, same folder, same hour
    second.started("consequence")
    second.finished("consequence")
    first.started("whose-foods")  # the first copy counts on: written after the second's
    stored = Figures(home, wall=wall)  # a third reader sees both
    assert stored.per_hour("2026-06-14")[14].started == 3
    assert stored.per_hour("2026-06-14", "whose-foods")[14].started == 1
    assert stored.per_hour("2026-06-13")[14].started == 2  # the first copy's earlier day
    assert stored.summary()["sessions"] == 3
    second.reset()
    again = Figures(home, wall=wall)
    assert again.summary()["started"] == 0 and again.per_hour(None)[14].started == 0
    assert json.loads((home / FIGURES_FILE).read_text())["hours"]["buckets"] == {}


def test_the_csv_export_reads_back_to_the_figures(home):
    figures, wall = a_day_at_the_stand(home)
    folder = home / "stick"
    folder.mkdir()
    path = export_csv(figures.data["hours"], folder, wall=wall.now)
    assert path.parent == folder and path.name.startswith("tabletop-trio-figures-all-20260614")
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert tuple(rows[0]) == CSV_COLUMNS
    by = {(r["date"], r["hour"], r["game"]): r for r in rows}
    ten = by[("2026-06-13", "10:00", "consequence")]
    assert (ten["started"], ten["finished"], ten["average_minutes"]) == ("1", "1", "5.00")
    assert by[("2026-06-13", "10:00", "whose-foods")]["abandoned"] == "1"
    whole = by[("2026-06-13", "14:00", "all")]
    assert (whole["started"], whole["crashes"], whole["stalls"]) == ("2", "1", "1")
    assert whole["challenge_wins"] == "1" and whole["demo_games"] == "1"
    assert by[("2026-06-13", "14:00", "consequence")]["crashes"] == "0"  # the stand's: on "all"
    for column in ("started", "finished", "abandoned", "challenge_wins", "demo_games"):
        total = sum(int(r[column]) for r in rows if r["game"] == "all")
        assert total == sum(int(r[column]) for r in rows if r["game"] != "all")
    assert sum(int(r["started"]) for r in rows if r["game"] == "all") == 5
    assert csv_text(figures.data["hours"]) == path.read_text(encoding="utf-8")
    again = export_csv(figures.data["hours"], folder, wall=wall.now)  # the same second
    assert again.name == path.name.replace(".csv", "-2.csv")  # never over the first
    assert sorted(p.name for p in folder.iterdir()) == sorted([path.name, again.name])


def test_an_export_to_a_folder_that_cannot_take_it_says_why(home):
    figures, _ = a_day_at_the_stand(home)
    with pytest.raises(OSError):
        export_csv(figures.data["hours"], home / "missing")
    assert not (home / "missing").exists()  # never made by the export


def test_a_reset_clears_every_figure_and_a_game_in_progress_counts_on(home):
    figures, _ = a_day_at_the_stand(home)
    figures.started("whose-foods")
    figures.reset()
    assert figures.summary()["started"] == 0 and figures.per_hour(None)[14].started == 0
    figures.finished("whose-foods")
    assert figures.summary()["finished"] == 1
    assert json.loads((home / FIGURES_FILE).read_text())["games"]["whose-foods"]["finished"] == 1


# --- the operator screen by touch ---------------------------------------------------------------
def operator(app, page="figures"):
    app.manager.switch(OperatorScene(app, page=page), fade=False)
    settle(app)
    return app.manager.current


def test_the_operator_reads_today_and_all_time_per_game_by_touch(home, apps, monkeypatch):
    from helpers.drawn_text import install

    app = kiosk_app(home)
    apps.append(app)
    control = app.kiosk_control
    wall = FakeClock()
    wall.now = local("2026-06-13", 14, 0)
    control.figures.wall = wall
    control.figures.started("consequence")
    control.figures.finished("consequence")
    wall.now = local("2026-06-14", 9, 0)
    control.figures.started("whose-foods")
    screen = operator(app)
    probe = install(monkeypatch)
    app._dirty = True
    app.run(frames=1, fixed_dt=FRAME)
    assert "Games started" in probe.words and "Today, hour by hour" in probe.words
    assert screen.body.rows()[9].started == 1 and screen.body.rows()[14].started == 0
    touch(app, screen.button_rects["All time"].center)
    assert screen.body.rows()[14].started == 1
    touch(app, screen.button_rects["figures consequence"].center)
    rows = screen.body.rows()
    assert rows[14].finished == 1 and rows[9].started == 0
    probe.clear()
    app._dirty = True
    app.run(frames=1, fixed_dt=FRAME)
    assert "All time, since" in probe.words


def test_export_by_touch_to_a_folder_picked_on_the_screen(home, apps):
    app = kiosk_app(home)
    apps.append(app)
    stick = home / "media" / "STICK"
    stick.mkdir(parents=True)
    app.kiosk_control.figures.started("consequence")
    screen = operator(app)
    touch(app, screen.button_rects["Export CSV"].center)
    settle(app)
    picker = app.manager.current
    assert top(app) == "folder"
    picker.open(home / "media")  # (as touching the drive's button would, were it mounted)
    touch(app, picker.button_rects["STICK"].center)
    assert picker.folder == stick
    touch(app, picker.button_rects["Export here"].center)
    (written,) = stick.glob("tabletop-trio-figures-*.csv")
    rows = list(csv.DictReader(io.StringIO(written.read_text())))
    assert [r["started"] for r in rows if r["game"] == "consequence"] == ["1"]
    assert "exported" in app.notices[-1][0]
    assert json.loads((home / "settings.json").read_text())["kiosk_export_folder"] == str(stick)
    touch(app, picker.button_rects["Up one folder"].center)
    assert picker.folder == home / "media"
    touch(app, picker.button_rects["Back"].center)
    settle(app)
    assert top(app) == "operator"


def test_reset_asks_first(home, apps):
    app = kiosk_app(home)
    apps.append(app)
    app.kiosk_control.figures.started("consequence")
    screen = operator(app)
    touch(app, screen.button_rects["Reset figures"].center)
    touch(app, screen.button_rects["Cancel"].center)
    assert app.kiosk_control.figures.summary()["started"] == 1
    touch(app, screen.button_rects["Reset figures"].center)
    touch(app, screen.button_rects["Reset"].center)
    assert app.kiosk_control.figures.summary()["started"] == 0


# --- health: the heartbeat ------------------------------------------------------------------------
def test_the_loop_beats_and_the_check_sees_it_stop(home, apps):
    app = kiosk_app(home)
    apps.append(app)
    path = home / heartbeat.HEARTBEAT_FILE
    assert path.exists() and path.read_text().split()[0] == str(os.getpid())
    os.utime(path, (1000, 1000))
    seconds(app, heartbeat.BEAT_SECONDS + 0.5)
    assert path.stat().st_mtime > 1000  # the loop moved it on
    now = path.stat().st_mtime
    assert heartbeat.check(path, 60, now=now + 30)[0]
    fresh, said = heartbeat.check(path, 60, now=now + 61)
    assert not fresh and "stopped 61 s ago" in said
    assert not heartbeat.check(home / "nothing", 60)[0]


def test_a_stopped_heartbeat_restarts_the_running_unit_only():
    calls = []

    def run(command, active=True):
        calls.append(command)
        return 0 if active or "is-active" not in command else 3

    fresh, said = heartbeat.check(ROOT / "missing", restart="kiosk.service", run=run)
    assert not fresh and "restarted kiosk.service" in said
    assert calls == [
        ["systemctl", "--user", "is-active", "--quiet", "kiosk.service"],
        ["systemctl", "--user", "restart", "kiosk.service"],
    ]
    calls.clear()
    fresh, said = heartbeat.check(
        ROOT / "missing", restart="kiosk.service", run=lambda c: run(c, active=False)
    )
    assert "not running (left alone)" in said and len(calls) == 1


def test_the_heartbeat_check_command(home):
    (home / heartbeat.HEARTBEAT_FILE).write_text("1 1\n")
    command = [sys.executable, "-m", "scenes.kiosk.heartbeat", "--folder", str(home)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "the heartbeat beat" in done.stdout
    # the command reads the real clock: the age it says is 120 s plus however long it took to
    # start and look (seconds on a loaded machine), measured here rather than guessed
    start = time.monotonic()
    os.utime(home / heartbeat.HEARTBEAT_FILE, (time.time() - 120,) * 2)
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    took = time.monotonic() - start
    said = re.search(r"stopped (\d+) s ago", done.stderr)
    assert done.returncode == 1 and said, done.stderr
    assert 120 <= int(said[1]) <= 120 + took + 1, (said[0], took)


# --- issue 23: the first "Still playing?" comes at the idle time set ----------------------------
def test_the_prompt_comes_at_the_idle_time_after_the_computer_has_played(home, apps):
    app = kiosk_app(home, idle=30)
    apps.append(app)
    assert app.start_game(app.quick_setup("consequence", ["human", "ai:hard"]))
    settle(app)
    board = app.manager.current
    for _ in range(600):
        if board.human_to_move:
            break
        app.run(frames=1, fixed_dt=FRAME)
    board.play(board.state.legal_moves()[0])  # the visitor's move (as a touch resets idle)
    app.idle_seconds = 0.0
    waited = 0.0
    while not board.human_to_move:  # the computer thinks, then its move animates
        app.run(frames=1, fixed_dt=0.05)
        waited += 0.05
        assert waited < 30
    assert app.kiosk_control.countdown is None
    prompt_at = None
    for step in range(1, 40 * 20):
        app.run(frames=1, fixed_dt=0.05)
        if app.kiosk_control.countdown is not None:
            prompt_at = step * 0.05
            break
    assert prompt_at == pytest.approx(30, abs=0.1)  # counted from when the visitor was waited for
    seconds(app, COUNTDOWN_SECONDS + 1)
    settle(app)
    assert top(app) == "attract"


def test_without_computers_the_prompt_comes_at_the_idle_time_after_the_last_touch(home, apps):
    app = kiosk_app(home, idle=20)
    apps.append(app)
    assert app.start_game(app.quick_setup("whose-foods", ["human", "human"]))
    settle(app)
    touch(app, (960, 1000))
    waited = 0.0
    while app.kiosk_control.countdown is None and waited < 30:
        app.run(frames=1, fixed_dt=0.05)
        waited += 0.05
    assert waited == pytest.approx(20, abs=0.1)


def test_the_service_restarts_the_kiosk_when_it_fails_or_its_heartbeat_stops(tmp_path):
    import configparser
    import shutil

    units = {}
    for path in (ROOT / "packaging").glob("tabletop-trio-kiosk*"):
        if path.suffix in (".service", ".timer"):
            parser = configparser.ConfigParser(strict=False, interpolation=None)
            parser.optionxform = str
            parser.read_string(path.read_text())
            units[path.name] = parser
    main = units["tabletop-trio-kiosk.service"]
    assert "--kiosk" in main["Service"]["ExecStart"]
    assert main["Service"]["Restart"] == "on-failure"  # all but the operator's Quit (status 0)
    assert main["Unit"]["StartLimitIntervalSec"] == "0"
    check = units["tabletop-trio-kiosk-heartbeat.service"]["Service"]["ExecStart"].split()
    assert check[1:3] == ["-m", "scenes.kiosk.heartbeat"]
    assert check[check.index("--restart") + 1] == "tabletop-trio-kiosk.service"
    timer = units["tabletop-trio-kiosk-heartbeat.timer"]["Timer"]
    assert int(timer["OnUnitActiveSec"]) + heartbeat.BEAT_SECONDS < 60  # well within the minute
    if shutil.which("systemd-analyze"):  # (not everywhere: a container may have no systemd)
        home = tmp_path / "home"
        (home / "tabletop-trio" / ".venv" / "bin").mkdir(parents=True)
        (home / "tabletop-trio" / ".venv" / "bin" / "python").symlink_to(sys.executable)
        for name in units:
            text = (ROOT / "packaging" / name).read_text().replace("%h", str(home))
            (tmp_path / name).write_text(text)
        quiet = {**os.environ, "SYSTEMD_LOG_LEVEL": "warning"}
        command = ["systemd-analyze", "verify", *(str(tmp_path / name) for name in units)]
        done = subprocess.run(command, capture_output=True, text=True, timeout=60, env=quiet)
        assert done.returncode == 0 and not done.stderr.strip(), done.stderr


def test_while_the_operator_is_asked_the_keys_focus_stops_on_the_answers_only(home, apps):
    """The focus ring walked the page under "Clear today's board?" (crossing the question's
    words, a press there doing nothing): while a question is up it stops on its answers."""
    from scenes.kit.focus import targets

    app = kiosk_app(home)
    apps.append(app)
    screen = operator(app, "stand")
    assert len(targets(screen)) > 2
    screen.ask("clear")
    settle(app)
    assert [t.rect for t in targets(screen)] == [screen.yes.rect, screen.no.rect]


@pytest.mark.parametrize("text_size", ["normal", "large"])
@pytest.mark.parametrize("page", ["figures", "stand", "hours"])
def test_the_keys_focus_ring_crosses_no_words_on_an_operator_page(home, apps, page, text_size):
    """The ring on each control of each page (issue 44): it crossed the data folder's line under
    Save to a USB stick, the help lines under Hands on phones and Offer a game left unfinished,
    at the large size the title beside the first tab, the level's line over its buttons and the
    help's last line over Change the PIN; and it stopped on the hidden Earlier / Later hours
    buttons, across the table's headings."""
    from helpers.overlap_tool import checker

    tool = checker()
    with_pin(home, text_size=text_size)
    app = kiosk_app(home)
    apps.append(app)
    canvas = tool.record_on(app)
    screen = operator(app, page)
    canvas.forget()
    app._dirty = True
    app.run(frames=1, fixed_dt=FRAME)
    assert len(canvas.texts) > 10
    assert tool.focus_ring_problems(canvas, screen) == []


def test_the_keys_focus_stops_on_earlier_and_later_hours_only_while_they_are_shown(home, apps):
    """The table's page buttons are shown only when its hours do not fit; hidden, the keys'
    focus stopped on them all the same (a press doing nothing, its ring on the headings)."""
    from helpers.overlap_tool import checker

    from scenes.kit.focus import targets

    app = kiosk_app(home)
    apps.append(app)
    screen = operator(app)
    names = {t.name for t in targets(screen)}
    assert not screen.body.earlier.visible
    assert "Export CSV" in names and not names & {"Earlier hours", "Later hours"}
    app.settings.kiosk_hours = ["08:00", "23:00"]  # more hours than the table holds: paged
    tool = checker()
    canvas = tool.record_on(app)
    screen = operator(app)
    assert screen.body.earlier.visible
    assert {"Earlier hours", "Later hours"} <= {t.name for t in targets(screen)}
    canvas.forget()
    app._dirty = True
    app.run(frames=1, fixed_dt=FRAME)
    assert tool.focus_ring_problems(canvas, screen) == []


def test_the_still_playing_countdown_stands_over_the_keys_focus_ring(home, apps):
    """The app draws the keys' ring over the scene and the countdown over both (its veil, its
    panel): a ring round a square under the panel changes no pixel of the panel's words, so it
    crosses none; the checker, noting where in the frame the app drew the ring, finds nothing
    (drawn last, over the countdown, it saw the ring cross "Still playing?")."""
    from helpers.overlap_tool import checker

    from scenes.kiosk.controller import COUNT_PANEL
    from scenes.kit.focus import ring_rect, targets

    tool = checker()
    app = kiosk_app(home)
    apps.append(app)
    assert app.start_game(app.quick_setup("whose-foods", ["human", "human"]))
    settle(app)
    board = app.manager.current
    canvas = tool.record_on(app)
    tool.note_focus_in_frames(app, canvas)

    def frame() -> pygame.Surface:
        app.kiosk_control.countdown = 7.4
        canvas.forget()
        canvas.focus_order = None
        app._dirty = True
        app.run(frames=1, fixed_dt=FRAME)
        return pygame.Surface.copy(canvas)

    plain = frame()
    words = [box for box in canvas.texts if COUNT_PANEL.contains(box.ink)]
    assert {box.words for box in words} >= {"Still playing?", "Touch anywhere to keep playing"}
    drawn_at = canvas.focus_order
    canvas.focus_order = None  # drawn last, over the countdown, the ring would cross its words
    assert any("'Still playing?'" in p for p in tool.focus_ring_problems(canvas, board))
    canvas.focus_order = drawn_at
    assert tool.focus_ring_problems(canvas, board) == []
    target = next(
        t
        for t in targets(board)
        if any(ring_rect(t.rect).colliderect(box.ink) for box in words)
        and not COUNT_PANEL.contains(ring_rect(t.rect))
    )
    app.focus.shown = True
    app.focus.focus_on(board, target, app.manager)
    ringed = frame()
    assert app.focus.current(board).name == target.name
    changed = [
        (x, y)
        for x in range(ring_rect(target.rect).left, ring_rect(target.rect).right)
        for y in range(ring_rect(target.rect).top, ring_rect(target.rect).bottom)
        if plain.get_at((x, y)) != ringed.get_at((x, y))
    ]
    assert changed, "the ring is drawn (dimmed, beside the panel)"
    assert not [p for p in changed if any(box.ink.collidepoint(p) for box in words)]
