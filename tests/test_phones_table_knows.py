"""Phones know what the table knows (issue 47, item 2), through the real app, its server on
127.0.0.1 and websocket phones: the last player's move in words, "Paused" while the big screen's
pause menu is open, an undo request shown on every phone and answered on the phone of the seat
that decides (the big screen offers no answer for it), and the phone's end screen (winner, totals,
each part of the points and the game's notes). Every message each phone receives is checked for
secrets (`no_secret_in`)."""

import json
import random
import re

import pytest
from helpers.phone_driver import Phone, open_phone_table, pump, start_game, wait_for
from helpers.scene_driver import click, settle
from test_phones_leaks import hidden_cards

from game import blanc_noir as bn
from game import consequence as cq
from scenes.boards.blanc_noir import ending as bn_ending
from scenes.boards.consequence import ending as cq_ending
from scenes.phones import network

CARD_ID = re.compile(r"\b[WB][2-5O][a-e]\b")
TILE_CODE = re.compile(r"\b[br][MSD]\b")


@pytest.fixture
def table_app(make_app, monkeypatch):
    monkeypatch.setenv(network.LOCAL_ONLY_ENV, "1")
    return make_app(speed=20)


def on_phones(app, game, seats, rows):
    """`game` set up with `seats`, the phones of `rows` joined; (board, table, {row: phone})."""
    setup, table = open_phone_table(app, game, seats)
    phones = {row: Phone(table, row) for row in rows}
    for phone in phones.values():
        phone.hello()
    assert wait_for(app, phones.values(), lambda: all(table.row_connected(r) for r in rows))
    board = start_game(app, setup)
    assert wait_for(app, phones.values(), lambda: all(p.last("view") for p in phones.values()))
    return board, table, phones


def phone_of(table, phones, seat):
    return phones[table.rows[seat]]


def fresh(board, phone):
    """The phone's newest view is of the position now and says what the board is doing."""
    view = phone.last("view")
    return view is not None and view["ply"] == len(board.moves)


def play_on_phone(app, board, table, phones):
    """The seat to move plays its first legal move from its phone."""
    phone = phone_of(table, phones, board.state.current_player)
    assert wait_for(app, phones.values(), lambda: fresh(board, phone) and phone_turn(phone))
    ply = len(board.moves)
    phone.move(phone.last("view")["board"]["moves"][0])
    assert wait_for(app, phones.values(), lambda: len(board.moves) > ply)
    settle(app)


def phone_turn(phone):
    return phone.last("view")["your_turn"]


def no_secret_in(board, table, phones):
    """No message a phone received while the game went on names a card or tile symbol its seat
    may not know (the views' `board` parts are checked against the seat's view elsewhere; this
    covers the words beside them: last move, undo question, statuses)."""
    for row, phone in phones.items():
        seat = table.rows.index(row)
        for message in phone.received:
            if message["t"] != "view" or message["over"]:
                continue
            words = json.dumps({k: v for k, v in message.items() if k != "board"})
            if board.setup.game == "blanc-noir":
                state = replayed(board, message["ply"])
                assert not set(CARD_ID.findall(words)) & hidden_cards(state, seat)
            else:
                assert not TILE_CODE.findall(words), words


def replayed(board, ply):
    state = board.start_state.clone()
    for move in board.moves[:ply]:
        state.play(move)
    return state


def test_every_phone_says_what_the_last_player_did_as_the_big_screen_logs_it(table_app):
    board, table, phones = on_phones(
        table_app, "blanc-noir", ["human", "human", "human"], (0, 1, 2)
    )
    assert all(p.last("view")["last"] == "" for p in phones.values())  # nothing played yet
    for _ in range(3):
        play_on_phone(table_app, board, table, phones)
        line = board.record.log[-1].text
        assert line
        assert wait_for(
            table_app,
            phones.values(),
            lambda line=line: all(
                fresh(board, p) and p.last("view")["last"] == line for p in phones.values()
            ),
        )
    no_secret_in(board, table, phones)


def test_the_phones_say_paused_while_the_pause_menu_is_open_and_refuse_moves(table_app):
    board, table, phones = on_phones(table_app, "consequence", ["human", "human"], (0, 1))
    mover = phone_of(table, phones, board.state.current_player)
    assert wait_for(table_app, phones.values(), lambda: phone_turn(mover))
    click(table_app, board.button_rects["Pause"].center)
    assert table_app.manager.current.name == "pause"
    assert wait_for(
        table_app, phones.values(), lambda: all(p.seen("paused") for p in phones.values())
    )
    for phone in phones.values():
        assert phone.last("view")["status"] == "Paused on the big screen."
    assert not mover.last("view")["your_turn"]
    mover.move(mover.last("view")["board"]["moves"][0])
    assert wait_for(table_app, phones.values(), lambda: mover.last("refused"))
    assert board.moves == []
    click(table_app, table_app.manager.current.button_rects["Rules"].center)  # still paused
    settle(table_app)
    pump(table_app, seconds=0.3)
    for phone in phones.values():
        phone.drain()
        assert phone.last("view")["paused"]
    table_app.manager.pop()  # back from the rules to the pause menu
    settle(table_app)
    click(table_app, table_app.manager.current.button_rects["Resume"].center)
    assert wait_for(
        table_app,
        phones.values(),
        lambda: not any(p.seen("paused") for p in phones.values()) and phone_turn(mover),
    )
    play_on_phone(table_app, board, table, phones)
    no_secret_in(board, table, phones)


def ask_undo(app, board, table, phones):
    """Two moves played on the phones, then Undo at the big screen: the phones' undo views."""
    for _ in range(2):
        play_on_phone(app, board, table, phones)
    click(app, board.button_rects["Undo"].center)
    request = board.undo.prompt
    assert request is not None
    assert wait_for(app, phones.values(), lambda: all(p.seen("undo") for p in phones.values()))
    return request


def test_an_undo_is_answered_on_the_phone_of_the_seat_that_decides(table_app):
    board, table, phones = on_phones(table_app, "consequence", ["human", "human"], (0, 1))
    request = ask_undo(table_app, board, table, phones)
    decider = phone_of(table, phones, request.decider)
    other = phone_of(table, phones, 1 - request.decider)
    assert "Allow" not in board.button_rects  # the big screen does not answer for a phone
    asked = decider.last("view")["undo"]
    assert asked["yours"] and asked["question"] == request.question
    assert decider.last("view")["status"] == "You decide: allow it or refuse it."
    assert not other.last("view")["undo"]["yours"]
    other.send({"t": "answer", "answer": "allow"})  # not theirs to answer
    assert wait_for(table_app, phones.values(), lambda: other.last("refused"))
    assert "decides this undo, not you" in other.last("refused")["reason"]
    assert board.undo.prompt is request and len(board.moves) == 2
    click(table_app, (960, 540))  # a tap on the big screen's question answers nothing
    assert board.undo.prompt is request
    decider.send({"t": "answer", "answer": "allow"})
    assert wait_for(table_app, phones.values(), lambda: board.undo.prompt is None)
    assert len(board.moves) == 1
    assert wait_for(
        table_app,
        phones.values(),
        lambda: all(fresh(board, p) and p.seen("undo") is None for p in phones.values()),
    )
    assert other.last("view")["last"] == "(move taken back)"
    no_secret_in(board, table, phones)


def test_an_undo_refused_on_the_phone_keeps_the_move(table_app):
    board, table, phones = on_phones(table_app, "consequence", ["human", "human"], (0, 1))
    request = ask_undo(table_app, board, table, phones)
    decider = phone_of(table, phones, request.decider)
    decider.send({"t": "answer", "answer": "refuse"})
    assert wait_for(table_app, phones.values(), lambda: board.undo.prompt is None)
    assert len(board.moves) == 2
    decider.send({"t": "answer", "answer": "allow"})  # nothing is asked any more
    assert wait_for(table_app, phones.values(), lambda: decider.last("refused"))
    assert decider.last("refused")["reason"] == "No undo is asked now."
    assert len(board.moves) == 2


def test_an_undo_decided_at_the_screen_is_shown_on_the_phones_without_buttons(table_app):
    board, table, phones = on_phones(table_app, "blanc-noir", ["human", "human", "human"], (1, 2))
    for _ in range(60):  # until the seat at the screen (row 0) has just moved
        settle(table_app)
        seat = board.state.current_player
        top = table_app.manager.current
        if board.moves and board.record.turns[-1].seat == table.rows.index(0):
            break
        if top.name == "handover":
            click(table_app, top.button_rects["I am ready"].center)
        elif table.rows[seat] == 0:
            board.play(board.state.view(seat).legal_moves()[0])
        else:
            play_on_phone(table_app, board, table, phones)
    screen_seat = table.rows.index(0)
    settle(table_app)
    click(table_app, board.button_rects["Undo"].center)
    request = board.undo.prompt
    assert request is not None
    assert request.asker == screen_seat  # the person at the screen asks, a phone decides
    assert wait_for(
        table_app, phones.values(), lambda: all(p.seen("undo") for p in phones.values())
    )
    decider = phone_of(table, phones, request.decider)
    assert decider.last("view")["undo"]["yours"]
    for phone in phones.values():
        if phone is not decider:
            assert not phone.last("view")["undo"]["yours"]
    assert "Allow" not in board.button_rects
    decider.send({"t": "answer", "answer": "refuse"})
    assert wait_for(table_app, phones.values(), lambda: board.undo.prompt is None)
    no_secret_in(board, table, phones)


def finished(game, seed, players):
    """A finished game of `game` played at random by the engine."""
    rng = random.Random(seed)
    state = bn.new_game(players=players, seed=seed) if game == "blanc-noir" else cq.new_game()
    while not state.is_over:
        state.play(rng.choice(state.legal_moves()))
    return state


def test_the_phone_end_screen_has_the_winner_totals_parts_and_bear_notes(table_app):
    board, table, phones = on_phones(table_app, "blanc-noir", ["human", "human", "human"], (0, 1))
    end_state = finished("blanc-noir", 3, 3)
    board.set_state(end_state)
    assert wait_for(table_app, phones.values(), lambda: all(p.seen("end") for p in phones.values()))
    names = board.setup.called_names()
    for row, phone in phones.items():
        seat = table.rows.index(row)
        end = phone.last("view")["end"]
        totals = [sum(end_state.breakdown(s).values()) for s in range(3)]
        assert end["totals"] == totals
        assert [p["label"] for p in end["parts"]] == ["Cards", "Hand", "Bear bonus"]
        for part, key in zip(end["parts"], ("cards", "hand", "bear bonus"), strict=True):
            assert part["points"] == [end_state.breakdown(s)[key] for s in range(3)]
        assert end["winners"] == list(end_state.result.winners)
        assert end["notes"] == bn_ending.notes(end_state, board.setup)
        assert end["notes"][0].startswith("Bear bonus")
        assert end["words"] == phone.last("view")["status"]
        if list(end_state.result.winners) == [seat]:
            assert end["words"] == "You win."
        else:
            assert str(names[end_state.result.winners[0]]) in end["words"]


def test_the_phone_end_screen_of_consequence_counts_the_pairs_and_draws_them(table_app):
    board, _table, phones = on_phones(table_app, "consequence", ["human", "human"], (0, 1))
    end_state = finished("consequence", 4, 2)
    board.set_state(end_state)
    assert wait_for(table_app, phones.values(), lambda: all(p.seen("end") for p in phones.values()))
    for phone in phones.values():
        view = phone.last("view")
        assert view["end"]["totals"] == list(end_state.result.scores)
        assert view["end"]["parts"] == [{"label": "Pairs", "points": view["end"]["totals"]}]
        assert view["end"]["notes"] == cq_ending.notes(end_state, board.setup)
        pairs = view["board"]["pairs"]
        assert [len(p) for p in pairs] == list(end_state.result.scores)
        symbols = end_state.symbols()
        for seat, mine in enumerate(pairs):
            for a, b in mine:
                for name in (a, b):
                    square = "abcd".index(name[0]) + 4 * (int(name[1]) - 1)
                    assert symbols[square] == "MS"[seat]
