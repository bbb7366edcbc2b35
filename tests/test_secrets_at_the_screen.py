"""Secrets at the screen, at every mixed table (issue 47): a hand of a seat at the screen is drawn
only once that seat has pressed its own "I am ready" (since the game started or the screen last
showed another seat's secret), unless nobody else is at the table; only that button reveals it
(a stray touch, a second finger or a click where Pause stands does not); every scene opened over
the board covers the hand completely. Checked on the board's record of drawn faces."""

import dataclasses
import random

import pygame
import pytest
from helpers.scene_driver import click, frames, key, settle, tap

from game import GAMES
from scenes.boards import BOARDS, chrome
from scenes.boards.making import board_scene_class
from scenes.kit.seats import Seat
from scenes.manager import Scene
from scenes.phones import host

SECRET_GAMES = [key for key in BOARDS if GAMES[key].hidden_information]


class CodesScreen(Scene):
    """Stands in for the phones' codes, drawn over the board (as the real one is)."""

    name = "codes"
    overlay = True


class PhonesAtTheTable:
    """Stands in for the phone table: `seats` hold their hands on joined phones; asked for its
    codes, it shows them over the board."""

    def __init__(self, app, seats):
        self.app = app
        self.seats = set(seats)
        self.owner = None

    def seat_joined(self, seat):
        return seat in self.seats

    def seat_online(self, seat):
        return seat in self.seats

    @property
    def joined_count(self):
        return len(self.seats)

    def show_codes(self, continued=False):
        self.app.manager.push(CodesScreen())

    def poll(self):
        """(The app asks each frame whether a phone spoke: none does here.)"""
        return False

    def close(self, reason=None):
        pass


def _tables():
    """Every mixed table of every game with secrets, by how many sit at the screen, on phones
    and are computers, with every first player the game allows."""
    for game in SECRET_GAMES:
        info = GAMES[game]
        for players in info.player_counts:
            for screen in range(1, players + 1):
                for phones in range(0, min(3, players - screen) + 1):
                    firsts = range(players) if info.free_first_player else (0,)
                    for first in firsts:
                        yield pytest.param(
                            game, players, screen, phones, first,
                            id=f"{game}-{screen}screen-{phones}phone-of{players}-first{first}",
                        )  # fmt: skip


@pytest.fixture
def seat_table(home, monkeypatch):
    """open(game, players, screen, phones, first) -> (app, board): seats 0.. at the screen, then
    on phones, then computers; the board opened as Start opens it."""
    from scenes.app import App, Options
    from scenes.storage.settings import SettingsStore

    made = []

    def open_(game, players, screen, phones, first):
        kinds = ["human"] * (screen + phones) + ["ai:beginner"] * (players - screen - phones)
        on_phones = range(screen, screen + phones)
        monkeypatch.setattr(host, "attach", lambda app, board: app.phone_table)
        app = App(Options(seed=3, speed=10.0), SettingsStore(home))
        made.append(app)
        app.phone_table = PhonesAtTheTable(app, on_phones) if phones else None
        setup = app.quick_setup(game, [Seat.parse(kind) for kind in kinds])
        setup = dataclasses.replace(setup, first_player=first)
        board = board_scene_class(game)(app, setup)
        app.manager.switch(board, fade=False)
        pygame.event.clear()
        return app, board

    yield open_
    for app in made:
        app.close()


def hands_drawn(board):
    """The seats whose secrets the board drew since the record was last emptied."""
    seen = {viewer for viewer, _, _ in board.on_show.faces_seen if viewer is not None}
    board.on_show.faces_seen.clear()
    return seen


def run_until_a_screen_seat_is_asked(app, board, screen, rng, limit=200):
    """Play on (computers by themselves, phone seats by their phones' moves) until a seat at the
    screen is to move; the seats whose secrets were drawn meanwhile."""
    drawn = set()
    for _ in range(limit):
        settle(app)
        drawn |= hands_drawn(board)
        seat = board.state.current_player
        if seat is None or (
            app.manager.current is not board and app.manager.current.name != "handover"
        ):
            return drawn
        if seat < screen and (
            app.manager.current.name == "handover" or board.on_show.viewer == seat
        ):
            return drawn
        if board.phone_seats.on_phone(seat) and board.presenter.idle:
            move = rng.choice(list(board.state.legal_moves()))
            assert board.phone_seats.phone_move(seat, str(move)) is None
        frames(app, 2)
        drawn |= hands_drawn(board)
    raise AssertionError("no seat at the screen was ever to move")


@pytest.mark.parametrize(("game", "players", "screen", "phones", "first"), list(_tables()))
def test_a_screen_seats_hand_waits_for_its_own_ready_at_every_mixed_table(
    seat_table, game, players, screen, phones, first
):
    app, board = seat_table(game, players, screen, phones, first)
    alone = screen == 1 and phones == 0  # one person, the rest computers: nobody else looks
    drawn = run_until_a_screen_seat_is_asked(app, board, screen, random.Random(first))
    seat = board.state.current_player
    if alone:
        assert app.manager.current is board and board.on_show.viewer == seat == 0
        assert drawn <= {0}
        return
    assert drawn == set(), f"a hand was drawn before its seat said it was ready: {drawn}"
    assert app.manager.current.name == "handover" and board.on_show.viewer is None
    handover = app.manager.current
    rects = handover.button_rects
    stray = [(60, 1040), (1860, 1040), (960, 140), rects["Pause"].move(-200, 0).center]
    for pos in stray:  # stray touches beside the button (and where the board's Pause stands)
        tap(app, pos)
        frames(app, 3)
        assert app.manager.current is handover and board.on_show.viewer is None, pos
    assert hands_drawn(board) == set()
    click(app, rects["I am ready"].center)
    assert app.manager.current is board and board.on_show.viewer == seat
    frames(app, 2)
    assert hands_drawn(board) <= {seat}


def test_the_hand_overs_pause_button_opens_the_pause_menu_and_shows_nothing(seat_table):
    app, board = seat_table(SECRET_GAMES[0], 2, 2, 0, 0)
    settle(app)
    handover = app.manager.current
    assert handover.name == "handover"
    click(app, handover.button_rects["Pause"].center)
    assert app.manager.current.name == "pause" and board.on_show.viewer is None
    frames(app, 3)
    assert hands_drawn(board) == set()
    key(app, pygame.K_ESCAPE)  # back: the hand-over again, not the hand
    assert app.manager.current.name == "handover" and board.on_show.viewer is None


def open_each_overlay(app, board):
    """Open every scene a person can open over the board during their turn, one at a time:
    yields its name while it is on top (the record of drawn faces emptied just before it
    opened), then closes it."""

    def opening(pos):
        board.on_show.faces_seen.clear()
        click(app, pos)

    rects = board.button_rects
    opening(rects["Pause"].center)
    pause = app.manager.current
    yield "pause"
    for name in ("Settings", "Rules"):
        if name in pause.button_rects:
            opening(pause.button_rects[name].center)
            yield name.lower()
            key(app, pygame.K_ESCAPE)
            settle(app)
    key(app, pygame.K_ESCAPE)
    settle(app)
    opening(rects["Menu"].center)  # a game in progress: "Leave this game?" asks first
    yield "leave"
    click(app, app.manager.current.button_rects["Stay"].center)
    if board.phone_seats.table is not None:
        opening(chrome.PHONES_COUNT.center)  # the count of phones: their codes again
        yield "codes"
        app.manager.pop()
        settle(app)
    opening(rects["Undo"].center)  # hot seat: the question goes to another seat
    yield "undo request"
    key(app, pygame.K_ESCAPE)


@pytest.mark.parametrize(
    ("game", "players", "screen", "phones"),
    [(game, 2, 2, 0) for game in SECRET_GAMES]
    + [(game, 3, 1, 2) for game in SECRET_GAMES if 3 in GAMES[game].player_counts]
    + [(game, 3, 2, 1) for game in SECRET_GAMES if 3 in GAMES[game].player_counts],
)
def test_every_scene_over_the_board_covers_the_hand_completely(
    seat_table, game, players, screen, phones
):
    app, board = seat_table(game, players, screen, phones, 0)
    rng = random.Random(1)
    run_until_a_screen_seat_is_asked(app, board, screen, rng)
    click(app, app.manager.current.button_rects["I am ready"].center)
    seat = board.state.current_player
    while board.state.current_player == seat:  # a move of theirs: undo and leave have a game
        move = rng.choice(list(board.state.legal_moves()))
        board.play(move)
        settle(app)
    run_until_a_screen_seat_is_asked(app, board, screen, rng)
    if app.manager.current.name == "handover":
        click(app, app.manager.current.button_rects["I am ready"].center)
    seat = board.on_show.viewer
    assert seat is not None and seat == board.state.current_player
    hands_drawn(board)
    opened = []
    for name in open_each_overlay(app, board):
        opened.append(name)
        frames(app, 3)
        assert hands_drawn(board) == set(), f"{name} over the board leaves a hand visible"
        assert board.on_show.viewer is None
    assert opened[:2] == ["pause", "settings"] and "leave" in opened
    assert ("codes" in opened) == bool(phones)
    settle(app)
    if app.manager.current is board:  # every overlay closed: the same seat's hand comes back
        assert board.on_show.viewer == seat
        frames(app, 2)
        assert hands_drawn(board) <= {seat}
