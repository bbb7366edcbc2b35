"""Hands on phones on the setup screen and the board, by clicks: the switch only where hands are
secret (and at a kiosk only when the operator allows it), codes per person's seat, the seats' rows
and the board marking joined phones, the codes' rows following the seats when Sun is chosen to
begin, a whole game on phones with the big screen showing nothing secret, and the phones kept
for a rematch."""

import random

import pytest
from helpers.phone_driver import Phone, open_phone_table, pump, start_game, wait_for
from helpers.scene_driver import click, settle, tap, watch_faces

from scenes.kit import i18n
from scenes.phones import network


@pytest.fixture
def phone_app(make_app, monkeypatch):
    monkeypatch.setenv(network.LOCAL_ONLY_ENV, "1")
    return make_app(speed=40)


def test_the_switch_is_offered_only_for_games_with_hidden_hands(phone_app):
    for game, offered in (("whose-foods", False), ("consequence", True), ("blanc-noir", True)):
        phone_app.open_setup(game)
        settle(phone_app)
        setup = phone_app.manager.current
        assert (setup.phones.switch in setup.widgets) is offered, game


def test_a_kiosk_offers_phones_only_when_the_operator_turned_them_on(make_app, monkeypatch):
    monkeypatch.setenv(network.LOCAL_ONLY_ENV, "1")
    app = make_app(kiosk=True)
    app.open_setup("consequence")
    settle(app)
    assert app.manager.current.phones.widgets == []
    app.settings.kiosk_phones = True
    app.open_setup("consequence")
    settle(app)
    assert app.manager.current.phones.switch in app.manager.current.widgets


def test_the_codes_are_one_per_persons_seat_and_the_rows_say_who_joined(phone_app):
    setup, table = open_phone_table(phone_app, "blanc-noir", ["human", "ai", "human"])
    click(phone_app, setup.phones.codes_button.rect.center)
    codes = phone_app.manager.current
    assert [row for row, _, _ in codes.rows] == [0, 2]
    assert codes._codes.keys() == {0, 2}  # drawn: one QR code per person, all of one size
    assert len({code.get_size() for code in codes._codes.values()}) == 1
    assert codes._codes[0].get_width() >= 300
    for row in (0, 2):
        url = table.url(row)
        assert url.startswith("http://127.0.0.1:") and url.endswith("#" + table.tokens.token(row))
        assert "".join(table.url_lines(row)) == url  # the address in text, under the code
    phone = Phone(table, 2)
    phone.hello()
    assert wait_for(phone_app, [phone], lambda: table.row_joined(2))
    settle(phone_app)
    assert codes.animating is False  # redrawn when the phone joined
    assert codes._shown[0] == (False, True)
    assert wait_for(phone_app, [phone], lambda: phone.last("lobby") is not None)
    lobby = phone.last("lobby")
    assert lobby["name"] == "Player 3" and [p["name"] for p in lobby["players"]] == [
        "Player 1",
        "Player 3",
    ]
    click(phone_app, codes.button_rects["Done"].center)
    assert setup.phones.seat_words(2) == "Plays on a phone"
    assert setup.phones.seat_words(0) == "At this screen, or scan its code"
    click(phone_app, setup.phones.switch.rect.center)  # off: the phones are let go
    assert wait_for(phone_app, [phone], lambda: phone.last("bye"))
    assert table.closed and phone_app.phone_table is None


def test_a_phone_on_a_seat_that_becomes_a_computer_is_let_go(phone_app):
    setup, table = open_phone_table(phone_app, "blanc-noir", ["human", "human", "human"])
    phone = Phone(table, 1)
    phone.hello()
    assert wait_for(phone_app, [phone], lambda: table.row_joined(1))
    click(phone_app, setup.kind_choices[1].buttons[1].rect.center)  # seat 2: Computer
    start_game(phone_app, setup)
    assert wait_for(phone_app, [phone], lambda: phone.last("bye"))
    assert "computer" in phone.last("bye")["reason"]


def test_a_phone_let_go_from_a_computers_seat_is_told_in_the_language_shown(phone_app):
    i18n.set_language("ja")
    setup, table = open_phone_table(phone_app, "blanc-noir", ["human", "human", "human"])
    phone = Phone(table, 1)
    phone.hello()
    assert wait_for(phone_app, [phone], lambda: table.row_joined(1))
    click(phone_app, setup.kind_choices[1].buttons[1].rect.center)  # seat 2: Computer
    start_game(phone_app, setup)
    assert wait_for(phone_app, [phone], lambda: phone.last("bye"))
    reason = phone.last("bye")["reason"]
    assert (
        reason
        == i18n.gettext("This seat is played by the computer.")
        != ("This seat is played by the computer.")
    )


def test_the_codes_follow_their_seats_when_sun_is_chosen_to_begin(phone_app):
    setup, table = open_phone_table(phone_app, "consequence", ["human", "human"])
    setup.first = 1  # Player 2 plays Moon: the game's seat 0 is the setup's row 1
    phones = [Phone(table, row) for row in (0, 1)]
    for phone in phones:
        phone.hello()
    assert wait_for(phone_app, phones, lambda: table.joined_count == 2)
    board = start_game(phone_app, setup)
    assert board.setup.names[0] == "Player 2" and table.rows == [1, 0]
    assert wait_for(phone_app, phones, lambda: all(p.last("view") for p in phones))
    assert phones[1].last("view")["seat"] == 0 and phones[1].last("view")["board"]["role"] == "Moon"
    assert phones[0].last("view")["seat"] == 1


def up_to_date(phone, board):
    """The phone has the view of the position now and may move (a seat may move twice in a
    row: its view from before its last move must not be taken for the new one)."""
    view = phone.last("view")
    return view is not None and view["ply"] == len(board.moves) and view["your_turn"]


def play_a_whole_game_on_phones(phone_app):
    """A whole Consequence game with both seats on phones, to its results: the big screen
    never shows a secret (every frame judged)."""
    setup, table = open_phone_table(phone_app, "consequence", ["human", "human"])
    phones = [Phone(table, row) for row in (0, 1)]
    for phone in phones:
        phone.hello()
    assert wait_for(phone_app, phones, lambda: table.joined_count == 2)
    board = start_game(phone_app, setup)
    watch = watch_faces(phone_app, board)
    rng = random.Random(3)
    while not board.state.is_over:
        settle(phone_app)
        assert (
            phone_app.manager.current is board and board.on_show.viewer is None
        )  # never a hand-over
        phone = phones[table.rows[board.state.current_player]]
        assert wait_for(phone_app, phones, lambda phone=phone: up_to_date(phone, board))
        ply = len(board.moves)
        phone.move(rng.choice(phone.last("view")["board"]["moves"]))
        assert wait_for(phone_app, phones, lambda ply=ply: len(board.moves) > ply)
        assert board.phone_seats.on_phone(0) and board.phone_seats.on_phone(1)
        for seat in (0, 1):
            assert board.phone_mark_spot(seat) is not None
    assert wait_for(phone_app, phones, lambda: all(p.seen("over") for p in phones))
    pump(phone_app, lambda: phone_app.manager.current.name == "results")
    assert watch.faces_checked > 0  # the final reveal, judged like every frame before it
    return board, table, phones


def test_a_whole_game_on_phones_shows_nothing_secret_on_the_big_screen(phone_app):
    play_a_whole_game_on_phones(phone_app)


def test_the_phones_stay_for_a_rematch_and_go_when_the_results_are_left(phone_app):
    board, table, phones = play_a_whole_game_on_phones(phone_app)
    settle(phone_app)
    results = phone_app.manager.current
    assert table.joined_count == 2 and not any(p.last("bye") for p in phones)
    assert all(p.last("view")["over"] for p in phones)  # they show the end meanwhile
    click(phone_app, results.button_rects["Rematch"].center)
    pump(phone_app, lambda: phone_app.manager.current.name in ("board", "handover"))
    again = phone_app.manager.current
    assert again.name == "board" and again is not board and again.phone_seats.table is table
    assert (
        again.phone_seats.on_phone(0)
        and again.phone_seats.on_phone(1)
        and again.on_show.viewer is None
    )  # no hand-over
    assert wait_for(
        phone_app, phones, lambda: all(p.seen("ply") == 0 for p in phones)
    )  # the new game's first position, on the phones already joined
    assert not any(p.last("view")["over"] for p in phones)
    again.set_state(board.state)  # to the end at once: the results of the rematch
    pump(phone_app, lambda: phone_app.manager.current.name == "results")
    settle(phone_app)
    click(phone_app, phone_app.manager.current.button_rects["Menu"].center)
    assert wait_for(phone_app, phones, lambda: all(p.last("bye") for p in phones))
    assert phones[0].last("bye")["reason"] == "The game is over."
    assert phone_app.phone_table is None


def test_a_phone_joins_late_from_the_boards_codes_and_the_hand_over_gives_way(phone_app):
    setup, table = open_phone_table(phone_app, "blanc-noir", ["human", "human"])
    board = start_game(phone_app, setup)
    seat = board.state.current_player
    assert phone_app.manager.current.name == "handover" and board.on_show.handing_over == seat
    click(phone_app, phone_app.manager.current.button_rects["I am ready"].center)
    assert board.on_show.viewer == seat  # hot seat as before: no phone has joined
    click(phone_app, (board_phones_count().centerx, board_phones_count().centery))
    codes = phone_app.manager.current
    assert codes.name == "phones" and [r for r, _, _ in codes.rows] == [0, 1]
    click(phone_app, codes.button_rects["Done"].center)
    phone = Phone(table, table.rows[seat])
    phone.hello()
    assert wait_for(phone_app, [phone], lambda: board.phone_seats.on_phone(seat))
    settle(phone_app)
    assert (
        board.on_show.viewer is None and phone_app.manager.current is board
    )  # the hand left the screen
    tap(phone_app, (960, 400))  # a click on the land: laying a card needs the hand
    assert board.status.refusal is not None and "on your phone" in board.status.refusal[0]
    assert board.moves == []
    card = board.state.market[0]  # a draw needs no hand: the big screen may make it
    click(phone_app, board.market_card_pos(card))
    assert board.moves == [f"draw {card}"] and board.on_show.viewer is None
    assert wait_for(phone_app, [phone], lambda: phone.seen("ply") == 1)
    assert card in [c["id"] for c in phone.last("view")["board"]["hand"]]


def board_phones_count():
    from scenes.boards.chrome import PHONES_COUNT

    return PHONES_COUNT


def test_a_lone_persons_hand_goes_to_the_phone_and_comes_back_when_it_leaves(
    phone_app, monkeypatch
):
    from scenes.phones import host

    monkeypatch.setattr(host, "GRACE_SECONDS", 0.2)
    setup, table = open_phone_table(phone_app, "consequence", ["human", "ai:easy"])
    phone = Phone(table, 0)
    phone.hello()
    assert wait_for(phone_app, [phone], lambda: table.row_connected(0))
    board = start_game(phone_app, setup)
    human = next(seat for seat in range(board.setup.players) if board.setup.is_human(seat))
    assert board.on_show.viewer is None and board.phone_seats.on_phone(human)
    phone.close()
    assert pump(phone_app, lambda: not board.phone_seats.on_phone(human))
    settle(phone_app)
    assert (
        board.on_show.viewer == human
    )  # no hand-over with one person: the hand is on the screen again


def test_a_qr_code_picture_holds_exactly_segnos_modules_for_the_address():
    import segno

    from scenes.phones.qr import QUIET_ZONE, qr_surface

    url = "http://192.168.1.20:45678/#" + "A" * 32
    picture = qr_surface(url, 400)
    modules = [list(row) for row in segno.make(url, error="m").matrix_iter(border=QUIET_ZONE)]
    scale = picture.get_width() // len(modules)
    assert scale >= 8 and picture.get_width() == scale * len(modules)
    for y, row in enumerate(modules):
        for x, dark in enumerate(row):
            colour = picture.get_at((x * scale + scale // 2, y * scale + scale // 2))
            assert (colour.r == 0) is bool(dark), (x, y)


def test_a_seat_on_a_phone_may_move_a_grid_tile_on_the_big_screen_but_not_place_one(phone_app):
    from scenes.boards.consequence import layout

    setup, table = open_phone_table(phone_app, "consequence", ["human", "human"])
    phones = [Phone(table, row) for row in (0, 1)]
    for phone in phones:
        phone.hello()
    assert wait_for(phone_app, phones, lambda: table.joined_count == 2)
    board = start_game(phone_app, setup)
    for move in ("place bM b2", "place rS d4"):  # played on the phones
        phone = phones[table.rows[board.state.current_player]]
        assert wait_for(phone_app, phones, lambda phone=phone: up_to_date(phone, board))
        phone.move(move)
        assert wait_for(phone_app, phones, lambda move=move: board.moves[-1:] == [move])
    settle(phone_app)
    moon_hand = layout.panel(0).hand_slot(0)
    tap(phone_app, moon_hand)  # Moon's tiles are on Moon's phone
    assert board.status.refusal is not None and "on your phone" in board.status.refusal[0]
    click(phone_app, layout.square_centre(5))  # b2: Moon's own tile, face down on the screen
    assert board.target_squares and board.on_show.viewer is None
    click(phone_app, layout.square_centre(6))  # to c2
    assert board.moves[-1] == "move b2 c2"
    assert wait_for(phone_app, phones, lambda: phones[table.rows[0]].seen("ply") == 3)
