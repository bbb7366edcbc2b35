"""The stand, second round (issue 46), by posted events on the real kiosk app: every visitor starts
fresh (a hand covered before "Still playing?", a lesson left alone gets it too, Continue says
which game and when, or is not offered), the attract loop readable from two metres (its line of
invitations at 56 or more, clear of the title; a headline per game), the operator's figures as
numbers (visitors and lessons counted, a table per hour, a CSV with no blank cell, one touch to a
USB stick, the picker opening there), "Clear today's board" asks first, words for a touch screen
(the results, --help, the PIN pad's error, Escape and right clicks on the attract loop), and the
opening hours (the closed screen, opening by itself, the day's figures ended at closing)."""

from __future__ import annotations

import csv
import io
import json
import time

import pygame
import pytest
from helpers.drawn_text import install
from helpers.kept import newest_saved
from helpers.kiosk_driver import FRAME, TEST_PIN, kiosk_app, seconds, settle, top, touch

from game import GAMES
from scenes.boards import BOARDS
from scenes.cli import make_parser
from scenes.kiosk import attract as attract_module
from scenes.kiosk import export
from scenes.kiosk.attract import (
    CAPTION_SMALLEST,
    HEADER,
    LEARN_BUTTON,
    TEXT_WIDTH,
    TITLE_LEFT,
    AttractScene,
)
from scenes.kiosk.controller import COUNTDOWN_SECONDS
from scenes.kiosk.export import csv_text
from scenes.kiosk.hour_table import COLUMNS
from scenes.kiosk.hours import CSV_COLUMNS
from scenes.kiosk.operator import NOTICE, OperatorScene
from scenes.kiosk.pinpad import NewPinScene, PinScene
from scenes.kiosk.stand import game_headline
from scenes.kiosk.welcome import WelcomeScene
from scenes.kit import fonts, i18n

IDLE = 10


def operator(app, page="figures"):
    app.manager.switch(OperatorScene(app, page=page), fade=False)
    settle(app)
    return app.manager.current


def welcome(app, game):
    app.idle_seconds = 0.0  # (a visitor's touch)
    app.manager.switch(WelcomeScene(app, game), fade=False)
    settle(app)
    return app.manager.current


def redraw(app):
    app._dirty = True
    app.run(frames=1, fixed_dt=FRAME)


def hands_drawn(board):
    """The seats whose secrets the board drew since the record was last emptied."""
    seen = {viewer for viewer, _, _ in board.on_show.faces_seen if viewer is not None}
    board.on_show.faces_seen.clear()
    return seen


class DrawnRects:
    """Every (words, size, rect) drawn through `fonts.blit_text` while installed."""

    def __init__(self, monkeypatch):
        self.seen: list[tuple[str, int, pygame.Rect]] = []
        blit = fonts.blit_text

        def recording(canvas, words, size, colour, anchor="topleft", at=(0, 0), bold=False):
            rect = blit(canvas, words, size, colour, anchor, at, bold)
            self.seen.append((words, size, rect))
            return rect

        monkeypatch.setattr(fonts, "blit_text", recording)

    def find(self, words):
        return [(size, rect) for drawn, size, rect in self.seen if drawn == words]


# --- item 2: every visitor starts fresh --------------------------------------------------------
def test_a_hot_seat_hand_is_covered_before_still_playing_and_comes_back_only_by_its_handover(
    home, apps
):
    app = kiosk_app(home, idle=IDLE)
    apps.append(app)
    scene = welcome(app, "consequence")  # hidden hands; phones off: hot seat at once
    touch(app, scene.button_rects["Play a friend"].center)
    settle(app)
    assert top(app) == "handover"
    touch(app, app.manager.current.button_rects["I am ready"].center)
    settle(app)
    board = app.manager.current
    assert top(app) == "board" and board.on_show.viewer == 0
    redraw(app)
    assert hands_drawn(board) == {0}  # the visitor's hand, face up
    app.idle_seconds = 0.0
    seconds(app, IDLE + 1)  # they walked away
    assert app.kiosk_control.countdown is not None
    seconds(app, 3)  # the countdown runs: whatever is drawn under it shows no hand
    assert board.on_show.viewer is None and hands_drawn(board) == set()
    assert top(app) == "handover"  # the board asks for the seat's own "I am ready"
    touch(app, (960, 700))  # the next passer-by keeps the game...
    assert app.kiosk_control.countdown is None
    seconds(app, 1)
    assert board.on_show.viewer is None and hands_drawn(board) == set()  # ...but sees no hand
    touch(app, app.manager.current.button_rects["I am ready"].center)
    settle(app)
    assert board.on_show.viewer == 0  # only the seat's own hand-over brings it back


def test_a_lesson_left_alone_gets_still_playing_like_a_game(home, apps):
    app = kiosk_app(home, idle=IDLE)
    apps.append(app)
    scene = welcome(app, "consequence")
    touch(app, scene.button_rects["Learn"].center)
    settle(app)
    assert top(app) == "lesson"
    app.idle_seconds = 0.0
    seconds(app, IDLE + 1)
    assert app.kiosk_control.countdown is not None and top(app) == "lesson"
    touch(app, (960, 700))  # still learning
    assert app.kiosk_control.countdown is None and top(app) == "lesson"
    seconds(app, IDLE + 1 + COUNTDOWN_SECONDS + 1)  # walked away: the countdown runs out
    settle(app)
    assert top(app) == "attract"


def start_and_leave_a_game(app):
    """A visitor's game against the computer, one move in, left to the idle countdown."""
    scene = welcome(app, "whose-foods")
    touch(app, scene.button_rects["Play the computer"].center)
    settle(app)
    board = app.manager.current
    for _ in range(600):
        if board.human_to_move:
            break
        app.run(frames=1, fixed_dt=FRAME)
    board.play(board.state.legal_moves()[0])
    seconds(app, IDLE + 1 + COUNTDOWN_SECONDS + 2)
    settle(app)


def test_continue_says_which_game_and_when_it_was_left(home, apps, monkeypatch):
    app = kiosk_app(home, idle=IDLE)
    apps.append(app)
    start_and_leave_a_game(app)
    saved = newest_saved(home)
    assert top(app) == "attract" and saved is not None
    scene = welcome(app, "consequence")
    label = str(scene.continue_button.label)
    assert "Whose Foods" in label  # the game left, and when
    assert time.strftime("%H:%M", time.localtime(saved.saved_at)) in label
    probe = install(monkeypatch)
    redraw(app)
    assert any(words.startswith("Continue Whose Foods") for words, _size in probe.seen)


def test_the_operator_chooses_whether_continue_is_offered(home, apps):
    app = kiosk_app(home, idle=IDLE)
    apps.append(app)
    start_and_leave_a_game(app)
    assert welcome(app, "whose-foods").continue_button is not None
    screen = operator(app, "stand")
    touch(app, screen.button_rects["Offer a game left unfinished"].center)
    assert json.loads((home / "settings.json").read_text())["kiosk_continue"] is False
    scene = welcome(app, "whose-foods")
    assert scene.continue_button is None and "Continue" not in scene.button_rects


def test_each_visitor_and_each_lesson_is_counted_once(home, apps):
    app = kiosk_app(home, attract=True, idle=IDLE)
    apps.append(app)
    figures = app.kiosk_control.figures
    touch(app, (960, 600))  # a visitor comes
    settle(app)
    assert top(app) == "welcome" and figures.summary()["visitors"] == 1
    touch(app, app.manager.current.button_rects["Watch"].center)
    settle(app)
    touch(app, (960, 600))  # the same visitor, back at once
    settle(app)
    assert figures.summary()["visitors"] == 1
    touch(app, app.manager.current.button_rects["Learn"].center)
    settle(app)
    assert top(app) == "lesson" and figures.summary()["lessons"] == 1
    seconds(app, IDLE + 1 + COUNTDOWN_SECONDS + 1)  # gone: the next touch is a new visitor
    settle(app)
    assert top(app) == "attract"
    touch(app, (960, 600))
    settle(app)
    assert figures.summary()["visitors"] == 2
    hour = figures.per_hour(figures.today())[figures.hour_now()]
    assert (hour.visitors, hour.lessons) == (2, 1)


# --- item 3: readable from two metres ---------------------------------------------------------
@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_invitation_fits_at_56_or_more_under_the_headline(home, apps, monkeypatch, language):
    with (home / "settings.json").open("w") as file:
        json.dump({"kiosk_challenge": True, "kiosk_challenge_level": "normal"}, file)
    app = kiosk_app(home, attract=True)
    apps.append(app)
    i18n.set_language(language)
    scene = app.manager.current
    day_board = app.kiosk_control.day_board
    for _ in scene.games:
        game = scene.board.setup.game
        for count in (0, 1, 17):  # visitors who beat the computer today
            while day_board.count(game, "normal") < count:
                day_board.add(game, "normal")
            said = scene.invitations()
            assert len(said) == 5
            for number, words in enumerate(said):
                scene.caption = scene.pending = None  # (no move to tell)
                scene.clock = number * attract_module.INVITATION_SECONDS
                drawn = DrawnRects(monkeypatch)
                redraw(app)
                ((size, line),) = drawn.find(words)  # whole: not cut
                assert size >= CAPTION_SMALLEST >= 56, (words, size)
                assert line.width <= TEXT_WIDTH and line.bottom <= HEADER.bottom
                (_title_size, title), *_ = drawn.find(i18n.gettext(GAMES[game].title))
                ((headline_size, headline),) = drawn.find(game_headline(game))
                assert not line.colliderect(title) and not line.colliderect(headline)
                assert line.top >= headline.bottom and headline.top >= LEARN_BUTTON.bottom - 4
                assert title.left >= TITLE_LEFT and headline_size >= 48
        scene.start_next_game()
        settle(app)


def test_each_game_has_a_headline_of_its_own(home, apps):
    headlines = {BOARDS[game].headline_msgid() for game in BOARDS}
    assert len(headlines) == len(BOARDS)
    assert all(text != GAMES[game].pitch for game, text in zip(BOARDS, headlines, strict=False))


def test_the_board_on_show_is_touched_where_it_is_drawn(home, apps):
    from scenes.boards.whose_foods import layout

    app = kiosk_app(home, attract=True)
    apps.append(app)
    scene = app.manager.current
    panel = layout.tray(1).rect
    at = AttractScene.screen_point(panel.center)
    assert AttractScene.board_point(at) == panel.center
    assert scene.seat_at(at) == 1
    left_of_it = AttractScene.screen_point((panel.left - 40, panel.centery))
    assert scene.seat_at(left_of_it) != 1


# --- item 4: the operator's figures as numbers -------------------------------------------------
def a_day(app):
    figures = app.kiosk_control.figures
    for _ in range(3):
        figures.visitor()
    figures.started("consequence")
    figures.finished("consequence")
    figures.lesson("blanc-noir")
    figures.started("whose-foods")
    figures.abandoned()
    figures.crashed()
    return figures


def test_the_figures_page_shows_a_table_per_hour_beside_the_charts(home, apps, monkeypatch):
    app = kiosk_app(home)
    apps.append(app)
    a_day(app)
    screen = operator(app)
    drawn = DrawnRects(monkeypatch)
    redraw(app)
    hour = app.kiosk_control.figures.hour_now()
    assert hour in screen.body.page_hours()
    ((_size, when),) = drawn.find(f"{hour:02d}:00")
    row = [(words, rect) for words, _s, rect in drawn.seen if rect.centery == when.centery]
    numbers = [words for words, rect in sorted(row, key=lambda r: r[1].left)][1:]
    assert numbers == ["2", "1", "1", "1", "3", "0"]  # started, finished, abandoned, lessons,
    for _key, heading, _of in COLUMNS:  # visitors, challenge wins
        assert drawn.find(heading) or any(heading.startswith(w) for w, _s, _r in drawn.seen)
    assert drawn.find("Games started")  # the charts beside it


def test_the_csv_has_the_tables_columns_and_no_blank_cell(home, apps):
    app = kiosk_app(home)
    apps.append(app)
    figures = a_day(app)
    text = csv_text(figures.data["hours"], figures.today())
    rows = list(csv.reader(io.StringIO(text)))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert [key for key, _words, _of in COLUMNS] == rows[0][3 : 3 + len(COLUMNS)]
    assert len(rows) > 2
    for row in rows[1:]:
        assert len(row) == len(CSV_COLUMNS) and all(cell != "" for cell in row), row
        assert all(float(cell) >= 0 for cell in row[3:])
    whole = {r[2]: dict(zip(CSV_COLUMNS, r, strict=True)) for r in rows[1:]}
    assert whole["all"]["visitors"] == "3" and whole["all"]["crashes"] == "1"
    assert whole["consequence"]["visitors"] == "0"  # the stand's: on the "all" row
    assert whole["blanc-noir"]["lessons"] == "1"


@pytest.fixture
def usb_stick(tmp_path, monkeypatch):
    """A USB stick mounted where the desktop mounts it, and a system mount that is not one."""
    stick = tmp_path / "media" / "user" / "STICK"
    stick.mkdir(parents=True)
    system = tmp_path / "mnt" / "system"
    system.mkdir(parents=True)
    mounts = tmp_path / "mounts"
    mounts.write_text(
        f"/dev/sda2 {system} ext4 rw 0 0\nproc /proc proc rw 0 0\n/dev/sdz1 {stick} vfat rw 0 0\n"
    )
    monkeypatch.setattr(export, "MOUNTS_FILE", mounts)
    monkeypatch.setattr(export, "MEDIA_ROOTS", (f"{tmp_path}/media/",))
    monkeypatch.setattr(export, "BLOCK_DEVICES", tmp_path / "no-such-folder")
    return stick


def test_one_touch_saves_the_day_on_the_usb_stick_and_the_picker_opens_there(home, apps, usb_stick):
    app = kiosk_app(home)
    apps.append(app)
    a_day(app)
    app.settings.kiosk_export_folder = str(home)  # an earlier export elsewhere
    assert export.drives() == [usb_stick]  # the system's own mount is not offered
    screen = operator(app)
    touch(app, screen.button_rects["Save to drive"].center)
    (written,) = usb_stick.glob("tabletop-trio-figures-*.csv")
    day = app.kiosk_control.figures.today()
    assert written.name.startswith(f"tabletop-trio-figures-{day}-")
    rows = list(csv.DictReader(io.StringIO(written.read_text())))
    assert rows and {r["date"] for r in rows} == {day}
    assert "saved" in app.notices[-1][0]
    touch(app, screen.button_rects["Export CSV"].center)
    settle(app)
    assert top(app) == "folder" and app.manager.current.folder == usb_stick


def test_without_a_usb_stick_the_one_touch_button_says_why(home, apps, monkeypatch, tmp_path):
    monkeypatch.setattr(export, "MOUNTS_FILE", tmp_path / "none")
    app = kiosk_app(home)
    apps.append(app)
    screen = operator(app)
    touch(app, screen.button_rects["Save to drive"].center)
    assert "No USB stick" in app.notices[-1][0]


# --- item 5: nothing lost by one touch -----------------------------------------------------------
def test_clear_todays_board_asks_first(home, apps):
    app = kiosk_app(home)
    apps.append(app)
    board = app.kiosk_control.day_board
    board.add("consequence", "hard")
    screen = operator(app, "stand")
    touch(app, screen.button_rects["Clear today's board"].center)
    assert screen.confirming == "clear" and len(board.wins) == 1
    touch(app, screen.button_rects["Cancel"].center)
    assert len(board.wins) == 1
    touch(app, screen.button_rects["Clear today's board"].center)
    touch(app, screen.button_rects["Clear"].center)
    assert board.wins == [] and screen.confirming is None


# --- item 6: words for a touch screen ------------------------------------------------------------
def test_help_says_the_exit_chord_is_held():
    words = " ".join(make_parser().format_help().split())
    assert "holding Ctrl+Shift+Q down for 5 seconds" in words


def test_the_kiosks_results_do_not_point_at_replays(home, apps, monkeypatch):
    from helpers.played_games import show_results

    app = kiosk_app(home)
    apps.append(app)
    probe = install(monkeypatch)
    show_results(app, "consequence", 2)
    redraw(app)
    assert "Replay kept: touch Watch replay to see the game again." in probe.words
    assert "Replays" not in probe.words


def test_an_old_pin_error_goes_when_a_new_pin_is_begun(home, apps):
    app = kiosk_app(home)
    apps.append(app)
    app.manager.push(PinScene(app, lambda: OperatorScene(app)))
    settle(app)
    pad = app.manager.current
    for digit in "1111":
        touch(app, pad.button_rects[digit].center)
    touch(app, pad.button_rects["OK"].center)
    assert pad.warning and pad.message == "Wrong PIN: try again."
    touch(app, pad.button_rects[TEST_PIN[0]].center)
    assert not pad.warning and pad.message == "Organisers only: enter the PIN."
    app.manager.switch(NewPinScene(app, lambda: None), fade=False)
    settle(app)
    pad = app.manager.current
    for digit in "0000":
        touch(app, pad.button_rects[digit].center)
    touch(app, pad.button_rects["OK"].center)
    assert pad.warning
    touch(app, pad.button_rects["5"].center)
    assert not pad.warning and "Choose a PIN" in pad.message


@pytest.mark.parametrize("page", ["figures", "stand", "hours"])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_wrong_pin_line_touches_nothing_below_it(home, apps, monkeypatch, page, language):
    app = kiosk_app(home)
    apps.append(app)
    i18n.set_language(language)
    guard = app.kiosk_control.pin_guard
    guard.wrong_since_opened, guard.waits_since_opened = 17, 2  # what the screen reports
    screen = operator(app, page)
    drawn = DrawnRects(monkeypatch)
    redraw(app)
    words = screen.wrong_pins_line()
    assert words
    ((_size, line),) = drawn.find(words)
    assert NOTICE.top - 4 <= line.top and line.bottom <= NOTICE.bottom + 4
    others = [rect for text, _s, rect in drawn.seen if text != words and text.strip()]
    others += [widget.rect for widget in screen.widgets if widget.visible]
    for rect in others:
        assert not line.inflate(0, 16).colliderect(rect), rect


def test_escape_and_right_clicks_do_nothing_on_the_attract_loop_and_enter_is_a_touch(home, apps):
    app = kiosk_app(home, attract=True)
    apps.append(app)
    scene = app.manager.current
    for event in (
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(960, 600)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, button=3, pos=(960, 600)),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0),
    ):
        pygame.event.post(event)
        seconds(app, 1)
        settle(app)
        assert app.manager.current is scene and scene.offer is None
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    )
    app.run(frames=2, fixed_dt=FRAME)
    settle(app)
    assert top(app) == "welcome"


# --- item 7: opening hours -----------------------------------------------------------------------
def hours_app(home, hours, **options):
    with (home / "settings.json").open("w") as file:
        json.dump({"kiosk_hours": hours}, file)
    return kiosk_app(home, **options)  # the stand's clock: 14:30 (kiosk_driver.STAND_TIME)


def test_outside_the_hours_the_stand_is_closed_and_opens_by_itself(home, apps, monkeypatch):
    probe = install(monkeypatch)  # (the closed screen renders its words once)
    app = hours_app(home, ["15:00", "18:00"], attract=True, idle=IDLE)
    apps.append(app)
    settle(app)
    assert top(app) == "closed"
    assert "The stand is closed" in probe.words
    assert "Open again today from 15:00 to 18:00." in probe.words
    touch(app, (960, 600))  # a passer-by: nothing opens, nobody is counted
    settle(app)
    assert top(app) == "closed" and app.kiosk_control.figures.summary()["visitors"] == 0
    app.kiosk_control.wall.advance(30 * 60)  # 15:00
    seconds(app, 1)
    settle(app)
    assert top(app) == "attract"
    probe.clear()
    app.kiosk_control.wall.advance(3 * 3600)  # 18:00
    seconds(app, 1)
    settle(app)
    assert top(app) == "closed"
    assert "Open again tomorrow from 15:00 to 18:00." in probe.words
    demos = app.kiosk_control.figures.data["hours"]
    seconds(app, 60)  # closed: nothing is counted (no attract game plays)
    assert app.kiosk_control.figures.data["hours"] == demos and top(app) == "closed"


def test_a_game_at_closing_time_is_finished_first_and_the_days_figures_end(home, apps):
    app = hours_app(home, ["10:00", "14:45"], idle=IDLE)
    apps.append(app)
    scene = welcome(app, "whose-foods")
    touch(app, scene.button_rects["Play the computer"].center)
    settle(app)
    board = app.manager.current
    app.kiosk_control.wall.advance(20 * 60)  # 14:50: closed, but a visitor is playing
    seconds(app, 2)
    assert app.manager.current is board
    seconds(app, IDLE + COUNTDOWN_SECONDS + 2)  # they walk away: the closed screen, not attract
    settle(app)
    assert top(app) == "closed"
    stored = json.loads((home / "kiosk-figures.json").read_text())
    assert stored["games"]["whose-foods"]["abandoned"] == 1  # written at closing


def test_the_operator_sets_the_opening_hours_by_touch(home, apps, monkeypatch):
    app = kiosk_app(home)
    apps.append(app)
    screen = operator(app, "hours")

    def stored():
        return json.loads((home / "settings.json").read_text())["kiosk_hours"]

    touch(app, screen.button_rects["Keep opening hours"].center)
    assert stored() == ["10:00", "18:00"]
    touch(app, screen.button_rects["Opens +"].center)
    assert stored() == ["10:30", "18:00"]
    for _ in range(16):  # closing comes down past the opening, which moves back before it
        touch(app, screen.button_rects["Closes -"].center)
    assert stored() == ["09:30", "10:00"]
    probe = install(monkeypatch)
    redraw(app)
    assert "Closed now; opens tomorrow at" in probe.words  # the stand's clock says 14:30
    touch(app, screen.button_rects["Keep opening hours"].center)
    assert stored() == []


def test_a_long_day_pages_through_its_hours_by_touch(home, apps):
    app = kiosk_app(home)
    apps.append(app)
    figures = app.kiosk_control.figures
    wall = app.kiosk_control.wall
    start = wall.now
    for hour in range(24):  # a game started in every hour of the day
        wall.now = time.mktime(time.strptime(f"{figures.today()} {hour:02d}:10", "%Y-%m-%d %H:%M"))
        figures.started("consequence")
    wall.now = start
    screen = operator(app)
    body = screen.body
    assert body.earlier.visible and body.later.visible and not body.later.enabled
    last = body.page_hours()
    assert last[-1] == 23 and 0 not in last
    for _ in range(3):  # (two pages back at most: 24 hours, 11 or more a page)
        touch(app, screen.button_rects["Earlier hours"].center)
    first = body.page_hours()
    assert first[0] == 0 and not body.earlier.enabled and body.later.enabled
    seen = set(first)
    for _ in range(3):
        touch(app, screen.button_rects["Later hours"].center)
        seen |= set(body.page_hours())
    assert seen == set(range(24)) and not body.later.enabled  # every hour can be read
