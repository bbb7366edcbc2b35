"""A game played on phones, left unfinished and continued from the menu: its save names the seats
that were on phones, and Continue opens a table with new codes, shown over the board, so those
people take their hands back on their phones (the hand-over screen meanwhile)."""

import pytest
from helpers.kept import saved_data
from helpers.phone_driver import Phone, open_phone_table, pump, start_game, wait_for
from helpers.scene_driver import click, pass_device_if_asked, settle, tap
from test_phones_setup import up_to_date

from scenes.phones import network
from scenes.storage.saved_game import BadSave, SavedGame, save_unfinished


@pytest.fixture
def phone_app(make_app, monkeypatch):
    monkeypatch.setenv(network.LOCAL_ONLY_ENV, "1")
    return make_app(speed=40)


def leave_to_the_menu(app, board):
    tap(app, board.button_rects["Menu"].center)
    tap(app, app.manager.current.button_rects["Leave"].center)
    settle(app)
    assert app.manager.current.name == "menu"


def test_a_game_left_on_phones_continues_on_phones_with_new_codes(phone_app, home):
    setup, table = open_phone_table(phone_app, "blanc-noir", ["human", "human", "ai:easy"])
    phones = [Phone(table, row) for row in (0, 1)]
    for phone in phones:
        phone.hello()
    assert wait_for(phone_app, phones, lambda: table.joined_count == 2)
    board = start_game(phone_app, setup)
    while len(board.moves) < 3:  # a few moves, by the phones and the computer
        seat = board.state.current_player
        if board.setup.is_human(seat):
            phone = phones[table.rows[seat]]
            assert wait_for(phone_app, phones, lambda phone=phone: up_to_date(phone, board))
            draws = [m for m in phone.last("view")["board"]["moves"] if m.startswith("draw")]
            ply = len(board.moves)
            phone.move(draws[0])
            assert wait_for(phone_app, phones, lambda ply=ply: len(board.moves) > ply)
        else:
            pump(phone_app, lambda seat=seat: board.state.current_player != seat)
    settle(phone_app)
    old_tokens = {table.tokens.token(row) for row in (0, 1)}
    played, seats = list(board.moves), board.setup.seats
    leave_to_the_menu(phone_app, board)
    assert wait_for(phone_app, phones, lambda: all(p.last("bye") for p in phones))
    saved = saved_data(home)
    on_phones = sorted(table.rows.index(row) for row in (0, 1))
    assert saved["phones"] == on_phones  # the seats, not the setup screen's rows

    tile = phone_app.manager.current.continue_tile  # the menu marks the seats on phones
    assert [kind for _, kind in tile.seat_lines] == [
        "human, on a phone" if seat in on_phones else "computer, easy" for seat in range(3)
    ]
    click(phone_app, tile.rect.center)
    settle(phone_app)
    again = phone_app.manager.stack[0]
    assert again.name == "board" and again.moves == played and again.setup.seats == seats
    codes = phone_app.manager.current
    assert codes.name == "phones" and codes.continued  # the new codes, over the board
    assert [row for row, _, _ in codes.rows] == on_phones  # a code for each person
    new = phone_app.phone_table
    assert new is not None and new is not table and again.phone_seats.table is new
    assert {new.tokens.token(seat) for seat in on_phones}.isdisjoint(old_tokens)
    assert again.on_show.viewer is None  # nobody's hand on the screen while the codes are up
    click(phone_app, codes.button_rects["Done"].center)
    settle(phone_app)

    rejoined = [Phone(new, seat) for seat in on_phones]
    for phone in rejoined:
        phone.hello()
    assert wait_for(
        phone_app, rejoined, lambda: all(again.phone_seats.on_phone(s) for s in on_phones)
    )
    settle(phone_app)
    assert (
        phone_app.manager.current is again and again.on_show.viewer is None
    )  # no hand-over needed
    seat = again.state.current_player
    while not again.setup.is_human(seat):
        pump(phone_app, lambda seat=seat: again.state.current_player != seat)
        settle(phone_app)
        seat = again.state.current_player
    phone = rejoined[on_phones.index(seat)]
    assert wait_for(phone_app, rejoined, lambda: up_to_date(phone, again))
    hand = phone.last("view")["board"]["hand"]
    assert [card["id"] for card in hand] == list(again.state.hand(seat))  # its own hand
    ply = len(again.moves)
    phone.move(phone.last("view")["board"]["moves"][0])
    assert wait_for(phone_app, rejoined, lambda: len(again.moves) == ply + 1)


def test_a_game_played_at_the_screen_continues_as_before(phone_app, home):
    phone_app.start_game(phone_app.quick_setup("consequence", ["human", "human"]), fade=False)
    settle(phone_app)
    board = phone_app.manager.stack[0]
    pass_device_if_asked(phone_app)
    board.play(board.state.legal_moves()[0])
    settle(phone_app)
    pass_device_if_asked(phone_app)
    leave_to_the_menu(phone_app, board)
    assert "phones" not in saved_data(home)
    click(phone_app, phone_app.manager.current.button_rects["Continue"].center)
    settle(phone_app)
    assert phone_app.manager.stack[0].phone_seats.table is None and phone_app.phone_table is None
    assert phone_app.manager.current.name == "handover"  # hot seat, as it was played


def saved_on_phones(app, home, seats, phones):
    """A Consequence game of `seats` saved after its first move, `phones` its seats on phones."""
    setup = app.quick_setup("consequence", seats)
    start = setup.new_state()
    moves = [str(start.clone().legal_moves()[0])]
    assert save_unfinished(home, SavedGame.of(setup, start, moves, phones=phones))


def test_where_the_computer_cannot_listen_the_game_continues_at_the_screen(
    phone_app, home, monkeypatch
):
    from scenes.phones import server

    def refused(self):
        raise OSError("address already in use")

    monkeypatch.setattr(server.PhoneServer, "start", refused)
    saved_on_phones(phone_app, home, ["human", "human"], [0, 1])
    phone_app.go_menu()
    settle(phone_app)
    click(phone_app, phone_app.manager.current.button_rects["Continue"].center)
    settle(phone_app)
    board = phone_app.manager.stack[0]
    assert board.name == "board" and board.moves and board.phone_seats.table is None
    assert phone_app.manager.current.name == "handover"
    assert any("Phones cannot join: address already in use" in t for t, _ in phone_app.notices)
    board.keeper.leave()
    settle(phone_app)
    assert saved_data(home)["phones"] == [0, 1]  # kept for next time


def test_a_kiosk_continues_without_phones_while_the_operator_has_them_off(make_app, home):
    app = make_app(kiosk=True)
    saved_on_phones(app, home, ["human", "ai:easy"], [0])
    assert app.continue_game()
    settle(app)
    assert app.manager.stack[0].phone_seats.table is None and app.phone_table is None


def test_a_saved_list_of_phone_seats_is_checked(make_app):
    app = make_app()
    setup = app.quick_setup("consequence", ["human", "ai:easy"])
    good = SavedGame.of(setup, setup.new_state(), []).to_dict()
    assert "phones" not in good and SavedGame.from_dict(good).phones == ()
    assert SavedGame.from_dict({**good, "phones": [0]}).phones == (0,)
    for bad in ([1], [0, 0], [2], [-1], ["0"], [True], 0):  # a computer, twice, no such seat
        with pytest.raises(BadSave, match="the seats on phones"):
            SavedGame.from_dict({**good, "phones": bad})
