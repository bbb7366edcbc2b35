"""A table of phones and people in a real browser (issue 47): En blanc et noir for three, two
seats on phone pages (headless Chromium at 390x844, touch) and one at the big screen, the
screen's seat first. The big screen is paused and the pages say so; an undo is asked at the
screen and answered on the page of the seat that decides; the game is played to its end and
each page shows its end screen (winner, totals, hand penalties, the bear bonus), kept after the
page is let go. Every message each page received is its seat's view and names no hidden card.
In Japanese, the same moments show no English. With TABLE_SHOTS=<folder>, each moment's page
is saved there as a PNG (for a person to look at)."""

import os
import random
from pathlib import Path
from types import SimpleNamespace

import pytest
from helpers.phone_driver import open_phone_table, start_game
from helpers.scene_driver import click, settle
from test_phones_browser import (
    Page,
    blanc_noir_hidden,
    browser,
    check_messages,
    choose_blanc_noir,
    phone_app,
    shows,
    tap_blanc_noir,
    up_to_date,
    wait,
)
from test_phones_language import english_on

from game import blanc_noir as bn
from scenes.boards.blanc_noir import ending as bn_ending
from scenes.kit import i18n

pytestmark = pytest.mark.browser
__all__ = ["browser", "phone_app"]  # (fixtures, used by name)

SCREEN_ROW = 2  #: the row played at the big screen; rows 0 and 1 are on phones


def shoot(pages, moment):
    """Save each page as TABLE_SHOTS/<language>-<moment>-row<r>.png when TABLE_SHOTS is set."""
    folder = os.environ.get("TABLE_SHOTS")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    for row, page in pages.items():
        path = Path(folder) / f"{i18n.language()}-{moment}-row{row}.png"
        page.page.screenshot(path=str(path), full_page=True)


def mixed_table(app, browser):
    """En blanc et noir for three people: rows 0 and 1 on pages, row 2 at the screen, first."""
    setup, table = open_phone_table(app, "blanc-noir", ["human", "human", "human"])
    setup.first = SCREEN_ROW
    pages = {row: Page(browser, table, row) for row in (0, 1)}
    wait(app, pages.values(), lambda: table.joined_count == 2)
    board = start_game(app, setup)
    screen_seat = table.rows.index(SCREEN_ROW)
    assert board.state.current_player == screen_seat
    return board, table, pages, screen_seat


def screen_turn(app, board, seat, rng):
    """The seat at the screen takes its turn: its hand-over first, then its actions."""
    settle(app)
    top = app.manager.current
    if board.on_show.viewer != seat:
        assert top.name == "handover" and board.on_show.viewer is None
        click(app, top.button_rects["I am ready"].center)
        settle(app)
    assert board.on_show.viewer == seat
    while board.state.current_player == seat:
        board.play(choose_blanc_noir([str(m) for m in board.state.legal_moves()], rng))
        settle(app)


def page_turn(app, board, table, pages, rng):
    """The seat to move taps its move on its page."""
    page = pages[table.rows[board.state.current_player]]
    wait(app, pages.values(), lambda: up_to_date(page, board))
    shows(app, pages.values(), page, "mine")
    move = choose_blanc_noir(page.last_view()["board"]["moves"], rng)
    ply = len(board.moves)
    tap_blanc_noir(page, move)
    wait(app, pages.values(), lambda: len(board.moves) > ply)
    assert board.moves[-1] == move


def text_of(page, selector):
    return page.page.inner_text(selector)


def ply_of(page):
    """The ply of the last view `page` received (None before its first: a page that reconnects
    on a loaded machine may not have one yet)."""
    view = page.last_view()
    return None if view is None else view["ply"]


def pause_and_undo(app, board, table, pages, screen_seat, rng):
    """The screen seat plays its first turn; the screen is paused and resumed; an undo of that
    turn is asked at the screen and allowed on the page of the seat that decides (the next)."""
    screen_turn(app, board, screen_seat, rng)
    played = list(board.moves)
    for page in pages.values():
        wait(app, pages.values(), lambda page=page: ply_of(page) == len(played))
    last = board.record.log[-1].text
    for page in pages.values():
        wait(app, pages.values(), lambda page=page: last in text_of(page, "#last"))
    click(app, board.button_rects["Pause"].center)
    assert app.manager.current.name == "pause"
    paused = i18n.gettext("Paused on the big screen.")
    for page in pages.values():
        wait(app, pages.values(), lambda page=page: text_of(page, "#status") == paused)
    shoot(pages, "paused")
    click(app, app.manager.current.button_rects["Resume"].center)
    settle(app)
    click(app, board.button_rects["Undo"].center)
    request = board.undo.prompt
    assert request is not None and request.asker == screen_seat
    assert "Allow" not in board.button_rects  # the screen does not answer for a phone
    decider = pages[table.rows[request.decider]]
    for page in pages.values():
        wait(app, pages.values(), lambda page=page: page.page.locator("#undo").is_visible())
        assert request.question in text_of(page, "#undo")
        buttons = page.page.locator("#undo [data-answer]").count()
        assert buttons == (2 if page is decider else 0)
    shoot(pages, "undo")
    decider.tap('#undo [data-answer="allow"]')
    wait(app, pages.values(), lambda: board.undo.prompt is None)
    assert board.moves == [] and board.state.current_player == screen_seat
    for page in pages.values():
        wait(app, pages.values(), lambda page=page: not page.page.locator("#undo").is_visible())
    # what the pages were sent of the turn taken back: each its seat's view of those moves
    before = SimpleNamespace(setup=board.setup, start_state=board.start_state, moves=played)
    kept = {}
    for row, page in pages.items():
        views = [i for i, m in enumerate(page.received) if m["t"] == "view" and m["ply"] > 0]
        cut = views[-1] + 1
        kept[row], page.received = page.received[cut:], page.received[:cut]
    assert check_messages(before, pages, table, blanc_noir_hidden) > 2
    for row, page in pages.items():
        page.received = kept[row]


def end_screens(app, board, table, pages):
    """Each page shows the end: the verdict, a row per seat with its parts and total, the bear
    notes; kept (with its words) once the results are left and the page is let go."""
    state = board.state
    totals = [sum(state.breakdown(s).values()) for s in range(3)]
    for row, page in pages.items():
        wait(app, pages.values(), lambda page=page: page.page.locator("#end").is_visible())
        seat = table.rows.index(row)
        cells = page.page.locator(f'#end tr[data-seat="{seat}"] td.total').inner_text()
        assert cells.replace("\u2212", "-") == str(totals[seat])
        assert page.page.locator("#end tbody tr").count() == 3
        hand = state.breakdown(seat)["hand"]
        shown = page.page.locator(f'#end tr[data-seat="{seat}"] td').nth(1).inner_text()
        assert shown.replace("\u2212", "-") == str(hand)  # the hand penalty
        notes = page.page.locator("#end .notes li").all_inner_texts()
        assert notes == bn_ending.notes(state, board.setup)  # the bear count first
    shoot(pages, "end")
    wait(app, pages.values(), lambda: app.manager.current.name == "results")
    settle(app)
    verdicts = {row: text_of(page, "#end .verdict") for row, page in pages.items()}
    click(app, app.manager.current.button_rects["Menu"].center)
    for page in pages.values():
        shows(app, pages.values(), page, "over")
        wait(app, pages.values(), lambda page=page: page.received[-1]["t"] == "bye")
    for row, page in pages.items():
        assert page.page.locator("#end").is_visible()
        assert text_of(page, "#end .verdict") == verdicts[row]
    shoot(pages, "let-go")


@pytest.mark.slow
def test_three_people_two_phones_one_at_the_screen_first_to_the_end(browser, phone_app):
    board, table, pages, screen_seat = mixed_table(phone_app, browser)
    rng = random.Random(3)
    pause_and_undo(phone_app, board, table, pages, screen_seat, rng)
    for _ in range(400):
        settle(phone_app)
        if board.state.is_over:
            break
        if board.state.current_player == screen_seat:
            screen_turn(phone_app, board, screen_seat, rng)
        else:
            page_turn(phone_app, board, table, pages, rng)
    assert board.state.is_over
    end_screens(phone_app, board, table, pages)
    assert check_messages(board, pages, table, blanc_noir_hidden) > 20
    for page in pages.values():
        assert page.errors == []
        page.close()


def test_the_same_table_in_japanese_shows_no_english(browser, phone_app):
    i18n.set_language("ja")
    board, table, pages, screen_seat = mixed_table(phone_app, browser)
    names = list(board.setup.names)
    rng = random.Random(4)
    pause_and_undo(phone_app, board, table, pages, screen_seat, rng)
    for page in pages.values():
        assert english_on(page, names) == [], text_of(page, "body")
    screen_turn(phone_app, board, screen_seat, rng)
    page_turn(phone_app, board, table, pages, rng)
    for page in pages.values():
        assert english_on(page, names) == [], text_of(page, "body")
    shoot(pages, "play")
    near_end = bn.new_game(players=3, seed=8)
    while True:
        move = rng.choice(near_end.legal_moves())
        after = near_end.clone()
        after.play(move)
        if after.is_over:
            break
        near_end = after
    board.set_state(near_end)  # to the last move at once, then the end, played as usual
    board.play(move)
    end_screens(phone_app, board, table, pages)
    for page in pages.values():
        assert english_on(page, names) == [], text_of(page, "body")
        assert page.errors == []
        page.close()
