"""Driving hands on phones in tests: a headless app with a game set up "on phones" through its
real setup screen, phones as websocket clients (or browser pages), and frames run until what a
test waits for has happened (the server answers on its own thread)."""

import json
import time
from urllib.parse import quote

from websockets.sync.client import connect

from helpers.scene_driver import FRAME, click, settle
from scenes.kit.seats import Seat
from scenes.phones import network


def pump(app, until=lambda: False, seconds=10.0):
    """Run frames (a fixed clock) until `until()` holds or `seconds` of real time have passed;
    returns whether it held. Sleeps a little between frames so the server's thread runs."""
    deadline = time.monotonic() + seconds
    while True:
        app.run(frames=1, fixed_dt=FRAME)
        if until():
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.003)


def open_phone_table(app, game, seats):
    """The setup screen of `game` with `seats` (as the command line writes them: "human",
    "ai:easy"), "Hands on phones" switched on by a click, its codes' screen closed by a click on
    Done. Returns (setup scene, phone table)."""
    app.open_setup(game, seats=[Seat.parse(seat) for seat in seats])
    settle(app)
    setup = app.manager.current
    click(app, setup.phones.switch.rect.center)
    table = app.phone_table
    assert table is not None, "the switch did not open the phones"
    assert app.manager.current.name == "phones"
    click(app, app.manager.current.button_rects["Done"].center)
    return setup, table


def start_game(app, setup):
    """Start (a click on Start game) and settle on the board."""
    click(app, setup.start_button.rect.center)
    settle(app)
    return app.manager.stack[0]


class Phone:
    """A phone as a websocket client of the table: every message it received is kept. Its
    request and its messages carry `token` (by default its row's); `path_token` changes the
    request's only."""

    def __init__(self, table, row, device=None, origin=None, token=None, path_token=None):
        self.table = table
        self.token = table.tokens.token(row) if token is None else token
        port = table.server.port
        shown = self.token if path_token is None else path_token
        self.ws = connect(
            f"ws://{network.LOOPBACK}:{port}/ws?token={quote(shown)}",
            origin=origin or f"http://{network.LOOPBACK}:{port}",
            max_size=None,
        ).__enter__()
        self.received = []
        self.closed = None
        self.device = device or f"device-{row}"

    def hello(self):
        self.send({"t": "hello", "device": self.device})

    def send(self, message, token=True):
        if token and "token" not in message:
            message = {**message, "token": self.token}
        self.send_text(json.dumps(message))

    def send_text(self, text):
        self.ws.send(text)

    def move(self, text):
        self.send({"t": "move", "move": text})

    def drain(self, seconds=0.0):
        """Read what has arrived (waiting up to `seconds` for the first)."""
        from websockets.exceptions import ConnectionClosed

        wait = seconds
        while True:
            try:
                text = self.ws.recv(timeout=wait)
            except TimeoutError:
                return
            except ConnectionClosed as closed:
                self.closed = closed
                return
            self.received.append(json.loads(text))
            wait = 0

    def last(self, kind):
        found = [m for m in self.received if m["t"] == kind]
        return found[-1] if found else None

    def seen(self, key):
        """The last view's `key`; None until a first view has arrived (a wait's predicate
        reads this: a phone that joined may hear of its seat before its first view)."""
        view = self.last("view")
        return None if view is None else view[key]

    def close(self):
        self.ws.close()


def wait_for(app, phones, predicate, seconds=10.0):
    """Pump frames while reading every phone until `predicate()` holds."""

    def check():
        for phone in phones:
            phone.drain()
        return predicate()

    return pump(app, check, seconds)
