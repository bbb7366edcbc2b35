"""One seat identity everywhere (issue 47, item 3): a seat's colour and shape are the same on the
codes screen, the phone's lobby, its chips and the board, in both colour schemes; where the
colours follow who opens and that is drawn at the start, the codes screen and the lobby say so
instead of showing a colour that will change; the hunter on a phone is the board's hunter art."""

import pytest
from helpers import drawn_text
from helpers.phone_driver import Phone, open_phone_table, start_game, wait_for
from helpers.scene_driver import click, settle
from test_phones_browser import Page, browser, phone_app, tap_blanc_noir, up_to_date, wait

from scenes.kit.palette import seat_colours
from scenes.phones.views import hex_colour

__all__ = ["browser", "phone_app"]  # (fixtures, used by name)


def identity(colour):
    return {"colour": hex_colour(colour.rgb), "mark": colour.mark}


def lobby_players(phone):
    return [{k: p[k] for k in ("colour", "mark")} for p in phone.last("lobby")["players"]]


@pytest.mark.parametrize("scheme", ["standard", "colour-blind"])
def test_the_lobby_and_the_game_give_each_seat_the_boards_colour_and_shape(phone_app, scheme):
    phone_app.settings.colour_scheme = scheme
    setup, table = open_phone_table(phone_app, "blanc-noir", ["human", "human", "human"])
    phones = [Phone(table, row) for row in (0, 1)]
    for phone in phones:
        phone.hello()
    assert wait_for(phone_app, phones, lambda: all(p.last("lobby") for p in phones))
    rows = [setup.row_colour(row) for row in range(3)]
    assert len({c.mark for c in rows}) == 3  # three seats, three shapes
    assert all(c in seat_colours(scheme) for c in rows)
    for phone in phones:
        assert lobby_players(phone) == [identity(c) for c in rows]
    click(phone_app, setup.phones.codes_button.rect.center)  # the codes screen: the same
    codes = phone_app.manager.current
    assert [colour for _, _, colour in codes.rows] == rows
    click(phone_app, codes.button_rects["Done"].center)
    board = start_game(phone_app, setup)
    assert wait_for(phone_app, phones, lambda: all(p.last("view") for p in phones))
    for phone in phones:
        players = phone.last("view")["players"]
        assert [{k: p[k] for k in ("colour", "mark")} for p in players] == [
            identity(c) for c in board.setup.colours
        ]
        assert list(board.setup.colours) == rows  # the board's seats: the rows' colours


def test_colours_that_follow_who_opens_are_decided_at_the_start_on_codes_and_lobby(
    phone_app, monkeypatch
):
    setup, table = open_phone_table(phone_app, "consequence", ["human", "human"])
    assert setup.first == "random" and setup.row_colour(0) is None
    phones = [Phone(table, row) for row in (0, 1)]
    for phone in phones:
        phone.hello()
    assert wait_for(phone_app, phones, lambda: all(p.last("lobby") for p in phones))
    for phone in phones:
        assert lobby_players(phone) == [{"colour": None, "mark": None}] * 2
    probe = drawn_text.install(monkeypatch)
    click(phone_app, setup.phones.codes_button.rect.center)
    settle(phone_app)
    assert "Player 1 (colour decided at the start)" in probe.words
    assert "Player 2 (colour decided at the start)" in probe.words
    click(phone_app, phone_app.manager.current.button_rects["Done"].center)
    setup.first = 1  # Player 2 opens: now each row's colour is known, and shown
    setup.phones.sync()
    for phone in phones:
        phone.hello()  # (asks again: the lobby as it stands now)
    known = [setup.row_colour(0), setup.row_colour(1)]
    assert None not in known
    assert wait_for(
        phone_app,
        phones,
        lambda: all(lobby_players(p) == [identity(c) for c in known] for p in phones),
        seconds=5,
    )
    board = start_game(phone_app, setup)
    assert [setup.row_colour(0), setup.row_colour(1)] == [
        board.setup.colours[table.rows.index(0)],
        board.setup.colours[table.rows.index(1)],
    ]


@pytest.mark.browser
def test_the_page_draws_each_seat_in_its_shape_and_the_hunter_as_the_hunter(browser, phone_app):
    phone_app.settings.colour_scheme = "colour-blind"
    setup, table = open_phone_table(phone_app, "blanc-noir", ["human", "human", "human"])
    pages = {row: Page(browser, table, row) for row in (0, 1)}
    wait(phone_app, pages.values(), lambda: table.joined_count == 2)
    lobby_marks = "[...document.querySelectorAll('#players .seat-mark')].map(m => m.dataset.mark)"
    rows = [setup.row_colour(row).mark for row in range(3)]
    for page in pages.values():
        wait(phone_app, pages.values(), lambda page=page: page.page.evaluate(lobby_marks) == rows)
    setup.first = 0
    board = start_game(phone_app, setup)
    mover = pages[table.rows[0]]  # lays a card: the hunter stands on it
    wait(phone_app, pages.values(), lambda: up_to_date(mover, board))
    lay = next(m for m in mover.last_view()["board"]["moves"] if m.startswith("land"))
    tap_blanc_noir(mover, lay)
    wait(phone_app, pages.values(), lambda: board.moves == [lay])
    for page in pages.values():
        wait(phone_app, pages.values(), lambda page=page: page.last_view()["ply"] == 1)
    marks = [colour.mark for colour in board.setup.colours]
    for row, page in pages.items():
        wait(phone_app, pages.values(), lambda page=page: page.last_view() is not None)
        wait(phone_app, pages.values(), lambda page=page: page.page.evaluate(lobby_marks) == marks)
        mine = page.page.evaluate("document.querySelector('#who .seat-mark').dataset.mark")
        assert mine == marks[table.rows.index(row)]
        hunter = page.page.locator(".bn-land img.bn-hunter")
        assert hunter.count() == 1 and hunter.get_attribute("src") == "/art/hunter.svg"
        wait(
            phone_app,
            pages.values(),
            lambda page=page: (
                page.page.evaluate("document.querySelector('.bn-land img.bn-hunter').naturalWidth")
                > 0
            ),
        )  # the picture loads (the page's own file, allowed by its content policy)
        assert page.errors == []
    for page in pages.values():
        page.close()
