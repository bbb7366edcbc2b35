"""Hands on phones against bad input, through the real app and its server on 127.0.0.1: wrong
and borrowed codes, moves out of turn, garbage, 1 MB messages, floods, dropped connections, a
second phone, foreign pages; each refused or survived, nothing lost, the game unchanged."""

import json
import urllib.error
import urllib.request

import pytest
from helpers.phone_driver import Phone, open_phone_table, pump, start_game, wait_for
from helpers.scene_driver import click, settle

from scenes.phones import host as phone_host
from scenes.phones import network, protocol, server


@pytest.fixture
def table_app(make_app, monkeypatch):
    """A headless app; phones listen on 127.0.0.1 only."""
    monkeypatch.setenv(network.LOCAL_ONLY_ENV, "1")
    return make_app(speed=20)


def consequence_on_phones(app):
    """A Consequence game, both seats on phones that have joined; (board, table, phones). The
    table has played Consequence before, with the memory aid off (a first game offers it on)."""
    app.settings.last_setup["consequence"] = {"options": {"memory_aid": False}}
    setup, table = open_phone_table(app, "consequence", ["human", "human"])
    phones = [Phone(table, row) for row in (0, 1)]
    for phone in phones:
        phone.hello()
    assert wait_for(app, phones, lambda: all(table.row_connected(r) for r in (0, 1)))
    board = start_game(app, setup)
    assert board.name == "board" and board.phone_seats.table is table
    mover = phones[table.rows[board.state.current_player]]
    wait_for(app, phones, lambda: all(p.last("view") for p in phones) and your_turn(mover))
    return board, table, phones


def your_turn(phone):
    view = phone.last("view")
    return view is not None and view["your_turn"]


def seat_phone(board, phones, seat):
    """The phone of the board's `seat` (the setup's rows may be reordered: Moon opens)."""
    return phones[board.phone_seats.table.rows[seat]]


def snapshot(board):
    return json.dumps(board.state.to_dict(), sort_keys=True), list(board.moves)


def test_both_seats_on_phones_play_without_hand_over_and_see_only_their_view(table_app):
    board, _table, phones = consequence_on_phones(table_app)
    assert board.on_show.viewer is None and table_app.manager.current is board  # no hand-over
    for seat in (0, 1):
        view = seat_phone(board, phones, seat).last("view")
        assert view["seat"] == seat
        assert view["board"]["hand"] == board.state.view(seat).hand(seat)
        assert set(view["board"]["other_hand"]) == {"r?"} if seat == 0 else {"b?"}
    moon = seat_phone(board, phones, 0)
    assert moon.last("view")["your_turn"] is True
    move = moon.last("view")["board"]["moves"][0]
    moon.move(move)
    assert wait_for(table_app, phones, lambda: board.moves == [move])
    settle(table_app)
    assert board.on_show.viewer is None and table_app.manager.current is board  # still no hand-over
    sun = seat_phone(board, phones, 1)
    assert wait_for(table_app, phones, lambda: sun.seen("your_turn"))
    assert sun.last("view")["board"]["cells"].count("b?") == 1  # Moon's tile: its colour only


def test_a_move_out_of_turn_is_refused_with_the_reason_and_changes_nothing(table_app):
    board, _table, phones = consequence_on_phones(table_app)
    sun = seat_phone(board, phones, 1)
    before = snapshot(board)
    sun.move("place rM a1")
    assert wait_for(table_app, phones, lambda: sun.last("refused"))
    assert "turn, not yours" in sun.last("refused")["reason"]
    assert snapshot(board) == before


def test_an_illegal_move_is_refused_in_words_and_changes_nothing(table_app):
    board, _table, phones = consequence_on_phones(table_app)
    moon = seat_phone(board, phones, 0)
    before = snapshot(board)
    moon.move("move a1 a2")  # nothing on the grid yet
    assert wait_for(table_app, phones, lambda: moon.last("refused"))
    reason = moon.last("refused")["reason"]
    assert reason[0].isupper() and reason.endswith(".") and "CQ-" not in reason
    assert snapshot(board) == before


def test_a_wrong_code_and_another_seats_code_are_refused(table_app):
    board, table, phones = consequence_on_phones(table_app)
    before = snapshot(board)
    stranger = Phone(table, 0, token="x" * 32)  # its request shows a code of no seat
    assert wait_for(table_app, [stranger], lambda: stranger.closed is not None)
    assert [m["t"] for m in stranger.received] == ["error"]  # told why, then closed
    assert stranger.closed.rcvd.code == 1008
    moon, sun = seat_phone(board, phones, 0), seat_phone(board, phones, 1)
    # Sun's phone sends Moon's move with Moon's code: its connection holds Sun's seat
    sun.send({"t": "move", "move": moon.last("view")["board"]["moves"][0], "token": moon.token})
    assert wait_for(table_app, [sun], lambda: sun.last("error"))
    pump(table_app, seconds=0.2)
    assert snapshot(board) == before
    assert table.row_connected(0) and table.row_connected(1)


def test_five_wrong_codes_close_the_connection(table_app):
    _, table = open_phone_table(table_app, "consequence", ["human", "human"])
    guesser = Phone(table, 0, token="A" * 32, path_token=table.tokens.token(0))
    for _ in range(server.MAX_WRONG_TOKENS):
        guesser.hello()
    assert wait_for(table_app, [guesser], lambda: guesser.closed is not None)
    assert guesser.closed.rcvd.code == 1008
    assert not table.holders


def test_garbage_is_refused_and_the_phone_plays_on(table_app):
    board, _table, phones = consequence_on_phones(table_app)
    moon = seat_phone(board, phones, 0)
    before = snapshot(board)
    for garbage in ("not json", "[1, 2]", '{"t": "fly"}', '{"t": "move", "token": 7}', "{" * 500):
        moon.send_text(garbage)
    moon.send({"t": "move", "move": 12})
    moon.ws.send(b"\x00\x01binary")
    assert wait_for(
        table_app, [moon], lambda: len([m for m in moon.received if m["t"] == "refused"]) >= 7
    )
    assert snapshot(board) == before
    move = moon.last("view")["board"]["moves"][0]
    moon.move(move)
    assert wait_for(table_app, phones, lambda: board.moves == [move])


def test_a_megabyte_message_closes_only_that_connection_and_the_phone_rejoins(table_app):
    board, table, phones = consequence_on_phones(table_app)
    moon = seat_phone(board, phones, 0)
    before = snapshot(board)
    moon.send_text(json.dumps({"t": "move", "token": moon.token, "move": "x" * 1_000_000}))
    assert wait_for(table_app, [moon], lambda: moon.closed is not None)
    assert moon.closed.rcvd.code == 1009  # message too big
    assert snapshot(board) == before
    assert table.seat_joined(0)  # away for a moment: the seat is kept
    again = Phone(table, table.rows[0], device=moon.device)
    again.hello()
    assert wait_for(table_app, [again], lambda: again.last("view"))
    move = again.last("view")["board"]["moves"][0]
    again.move(move)
    assert wait_for(table_app, [again], lambda: board.moves == [move])


def test_a_thousand_messages_a_second_are_survived_and_play_one_move(table_app):
    board, table, phones = consequence_on_phones(table_app)
    moon = seat_phone(board, phones, 0)
    move = moon.last("view")["board"]["moves"][0]
    text = json.dumps({"t": "move", "token": moon.token, "move": move})
    for _ in range(1000):
        moon.send_text(text)
    assert pump(table_app, lambda: board.moves)
    pump(table_app, seconds=1.0)  # the rest of the flood arrives
    moon.drain(0.2)
    assert board.moves == [move]  # one move played: the rest were too many or out of turn
    refusals = [m["reason"] for m in moon.received if m["t"] == "refused"]
    assert any("Too many messages" in r for r in refusals)
    assert len(refusals) < 50  # a flood gets one warning a second, not one a message
    assert table.row_connected(table.rows[0])  # and the phone is still in


def test_a_connection_dropped_mid_move_loses_nothing(table_app):
    board, table, phones = consequence_on_phones(table_app)
    moon = seat_phone(board, phones, 0)
    move = moon.last("view")["board"]["moves"][0]
    moon.move(move)
    moon.close()  # the phone goes to sleep at once
    assert wait_for(table_app, [], lambda: board.moves == [move])
    assert table.seat_joined(0)
    back = Phone(table, table.rows[0], device=moon.device)
    back.hello()
    assert wait_for(table_app, [back], lambda: back.last("view"))
    assert back.last("view")["ply"] == 1 and table_app.manager.current is board
    assert back.last("view")["board"]["cells"].count("b?") == 1


def test_a_phone_away_too_long_falls_back_to_the_hand_over(table_app, monkeypatch):
    monkeypatch.setattr(phone_host, "GRACE_SECONDS", 0.2)
    board, _table, phones = consequence_on_phones(table_app)
    seat_phone(board, phones, 0).close()
    assert pump(table_app, lambda: not board.phone_seats.on_phone(0))
    settle(table_app)
    assert table_app.manager.current.name == "handover"
    assert any("phone has left" in notice[0] for notice in table_app.notices)


def test_a_second_phone_asks_the_screen_which_may_refuse_or_allow(table_app):
    _board, table, phones = consequence_on_phones(table_app)
    row = table.rows[0]
    second = Phone(table, row, device="someone-else")
    second.hello()
    assert wait_for(table_app, [second], lambda: second.last("waiting"))
    settle(table_app)
    question = table_app.manager.current
    assert question.name == "confirm"
    click(table_app, question.button_rects["Keep the first"].center)
    assert wait_for(table_app, [second], lambda: second.last("bye"))
    assert table.holders[row].device == "device-0" if row == 0 else "device-1"
    third = Phone(table, row, device="a-third")
    third.hello()
    assert wait_for(table_app, [third], lambda: third.last("waiting"))
    settle(table_app)
    click(table_app, table_app.manager.current.button_rects["Allow"].center)
    first = phones[row]
    assert wait_for(table_app, [first, third], lambda: first.last("bye") and third.last("view"))
    assert table.holders[row].device == "a-third"


def test_only_the_pages_files_and_one_websocket_are_served(table_app):
    _, table = open_phone_table(table_app, "consequence", ["human", "human"])
    base = f"http://127.0.0.1:{table.server.port}"
    page = urllib.request.urlopen(base + "/", timeout=5)
    assert page.status == 200 and "default-src 'none'" in page.headers["Content-Security-Policy"]
    assert page.headers["Cache-Control"] == "no-store"
    for path in ("/game.js", "/phone.js", "/phone.css", "/game.css"):
        assert urllib.request.urlopen(base + path, timeout=5).status == 200
    for path in ("/etc/passwd", "/../pyproject.toml", "/static/phone.js", "/ws", "/favicon.ico"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(base + path, timeout=5)
        assert refused.value.code in (404, 426), path
    from websockets.exceptions import InvalidStatus

    with pytest.raises(InvalidStatus):  # a page from elsewhere may not open the websocket
        Phone(table, 0, origin="http://evil.example")


def test_the_server_stops_when_the_game_is_left_and_a_new_game_has_new_codes(table_app):
    board, table, phones = consequence_on_phones(table_app)
    old_tokens = [table.tokens.token(r) for r in range(4)]
    board.keeper.leave()
    assert wait_for(table_app, phones, lambda: all(p.last("bye") for p in phones))
    settle(table_app)
    assert table.closed and table_app.phone_table is None and not table.server.running
    _, again = open_phone_table(table_app, "consequence", ["human", "human"])
    assert all(again.tokens.token(r) not in old_tokens for r in range(4))


def test_leaving_the_setup_screen_stops_the_server(table_app):
    setup, table = open_phone_table(table_app, "blanc-noir", ["human", "human", "ai"])
    click(table_app, setup.back_button.rect.center)
    assert table.closed and not table.server.running and table_app.phone_table is None


def test_a_mixed_table_hands_over_only_to_the_seat_without_a_phone(table_app):
    setup, table = open_phone_table(table_app, "blanc-noir", ["human", "human", "ai"])
    phone = Phone(table, 1)
    phone.hello()
    assert wait_for(table_app, [phone], lambda: table.row_connected(1))
    board = start_game(table_app, setup)
    seen = set()
    for _ in range(60):  # until each person has had a turn
        settle(table_app)
        seat, top = board.state.current_player, table_app.manager.current
        if seen == {"screen", "phone"} or seat is None:
            break
        if top.name == "handover":
            assert seat == 0 and board.on_show.viewer is None
            click(table_app, top.button_rects["I am ready"].center)
            assert board.on_show.viewer == 0
            seen.add("screen")
        elif seat == 0:
            assert board.on_show.viewer == 0 and top is board
            board.play(board.state.view(0).legal_moves()[0])
        elif seat == 1:
            assert (
                board.on_show.viewer is None and top is board
            )  # no hand-over, nothing secret shown
            assert wait_for(
                table_app,
                [phone],
                lambda: phone.seen("ply") == len(board.moves) and phone.seen("your_turn"),
            )
            phone.move(phone.last("view")["board"]["moves"][0])
            ply = len(board.moves)
            assert wait_for(table_app, [phone], lambda ply=ply: len(board.moves) > ply)
            seen.add("phone")
    assert seen == {"screen", "phone"}


def test_protocol_reads_only_the_pages_messages():
    assert protocol.read('{"t": "hello", "token": "abc", "device": "d"}').kind == "hello"
    assert protocol.read('{"t": "move", "token": "abc", "move": " place bM a1 "}').move == (
        "place bM a1"
    )
    for bad in ("", "null", "1e999", '"text"', '{"t": "move", "token": "abc"}', "[" * 2000):
        with pytest.raises(protocol.ProtocolError):
            protocol.read(bad)
    with pytest.raises(protocol.ProtocolError):
        protocol.read(b'{"t": "hello", "token": "abc"}')
    assert protocol.read('{"t": "answer", "token": "abc", "answer": "allow"}').move == "allow"
    assert protocol.read('{"t": "answer", "token": "abc", "answer": "refuse"}').kind == "answer"
    for bad in ('{"t": "answer", "token": "abc"}', '{"t": "answer", "token": "abc", "answer": 1}'):
        with pytest.raises(protocol.ProtocolError):
            protocol.read(bad)


def test_a_garbled_answer_is_refused_in_words_and_changes_nothing(table_app):
    board, _table, phones = consequence_on_phones(table_app)
    moon = seat_phone(board, phones, 0)
    before = snapshot(board)
    moon.send({"t": "answer", "answer": "maybe"})
    assert wait_for(table_app, phones, lambda: moon.last("refused"))
    assert moon.last("refused")["reason"] == "That answer is neither allow nor refuse."
    moon.send({"t": "answer", "answer": "allow"})  # no undo is asked
    assert wait_for(
        table_app, phones, lambda: moon.last("refused")["reason"] == "No undo is asked now."
    )
    assert snapshot(board) == before
