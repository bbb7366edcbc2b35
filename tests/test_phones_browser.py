"""Hands on phones in a real browser: headless Chromium (Debian's, driven by Playwright) opens two
seats' pages on 127.0.0.1 and plays whole games by tapping them, with the app running headless.
Every message each page received holds only what its seat may know, and the end state is the
engine's replay of the moves. Skipped, saying why, only where no browser can be launched."""

import json
import random
import re
import shutil

import pytest
from helpers.phone_driver import open_phone_table, pump, start_game
from helpers.scene_driver import click, settle
from test_phones_leaks import hidden_cards

from scenes.boards import BOARDS
from scenes.phones import network

pytestmark = pytest.mark.browser

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
CARD_ID = re.compile(r"\b[WB][2-5O][a-e]\b")


def chromium_path():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        pytest.skip(f"Playwright is not installed ({error}): pip install -e '.[test]'")
    path = chromium_path()
    if path is None:
        pytest.skip("no Chromium on this machine: apt-get install chromium (as .ci/run does)")
    with sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        except Exception as error:
            pytest.skip(f"Chromium at {path} cannot be launched here: {error}")
        yield launched
        launched.close()


class Page:
    """One seat's phone page, and every websocket message it received."""

    def __init__(self, browser, table, row, token=None):
        self.context = browser.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
        )
        self.page = self.context.new_page()
        self.received = []
        self.sockets = 0  # websockets the page opened
        self.errors = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("websocket", self._watch)
        port = table.server.port
        token = table.tokens.token(row) if token is None else token
        self.page.goto(f"http://{network.LOOPBACK}:{port}/#{token}")

    def _watch(self, ws):
        self.sockets += 1
        ws.on("framereceived", lambda payload: self.received.append(json.loads(payload)))

    def flush(self):
        """Let the browser's events (messages received) reach this side."""
        self.page.wait_for_timeout(1)

    def last_view(self):
        views = [m for m in self.received if m["t"] == "view"]
        return views[-1] if views else None

    def status(self):
        return self.page.evaluate("document.getElementById('status').className")

    def tap(self, selector):
        self.page.locator(selector).first.click()

    def close(self):
        self.context.close()


def shows(app, pages, page, status):
    """Wait until `page` shows `status` (a message reaches the test a moment before the page's
    own script has shown it)."""
    wait(app, pages, lambda: page.status() == status)


def wait(app, pages, predicate, seconds=10.0):
    def check():
        for page in pages:
            page.flush()
        return predicate()

    assert pump(app, check, seconds), "timed out"


def play_on_pages(app, board, pages, table, tap_move, choose, limit=400):
    """Play until the game is over: the seat to move taps its page (a computer plays itself)."""
    rng = random.Random(11)
    for _ in range(limit):
        settle(app)
        if board.state.is_over:
            return
        seat = board.state.current_player
        if not board.setup.is_human(seat):
            continue
        page = pages[table.rows[seat]]
        wait(app, pages.values(), lambda page=page: up_to_date(page, board))
        shows(app, pages.values(), page, "mine")
        moves = page.last_view()["board"]["moves"]
        assert moves == [str(m) for m in board.state.legal_moves()]
        move = choose(moves, rng)
        ply = len(board.moves)
        tap_move(page, move)
        wait(app, pages.values(), lambda ply=ply: len(board.moves) > ply)
        assert board.moves[-1] == move
    raise AssertionError("the game did not end")


def up_to_date(page, board):
    """The page has the view of the position now and may move (a seat may act twice in a row:
    its view from before its last action must not be taken for the new one)."""
    view = page.last_view()
    return view is not None and view["ply"] == len(board.moves) and view["your_turn"]


def check_messages(board, pages, table, hidden):
    """Every view a page received equals its seat's phone data of the state at that move, is the
    same for states the seat cannot tell apart, and names nothing `hidden(state, seat)`."""
    spec = BOARDS[board.setup.game].phone_spec()
    states = [board.start_state.clone()]
    for move in board.moves:
        state = states[-1].clone()
        state.play(move)
        states.append(state)
    rng = random.Random(5)
    checked = 0
    for row, page in pages.items():
        seat = table.rows.index(row)
        assert page.errors == []
        views = [m for m in page.received if m["t"] == "view"]
        assert views and all(m["seat"] == seat for m in views)
        for message in views:
            state = states[message["ply"]]
            view = state.view(seat)
            assert message["board"] == spec.board(view, seat, board.setup.options)
            for _ in range(2):
                other = view.sample(rng).view(seat)
                assert spec.board(other, seat, board.setup.options) == message["board"]
            if not state.is_over:
                assert not hidden(state, seat, json.dumps(message))
            checked += 1
    return checked


def check_replay(board):
    replayed = board.setup.new_state()
    assert json.dumps(replayed.to_dict(), sort_keys=True) == json.dumps(
        board.start_state.to_dict(), sort_keys=True
    )
    for move in board.moves:
        replayed.play(move)
    assert replayed.to_dict() == board.state.to_dict()
    assert replayed.result == board.state.result


@pytest.fixture
def phone_app(make_app, monkeypatch):
    monkeypatch.setenv(network.LOCAL_ONLY_ENV, "1")
    return make_app(speed=40)


def tap_consequence(page, move):
    parts = move.split()
    if parts[0] == "move":  # the tile, its square, then "Move ... to ..."
        page.tap(f'.cq-grid [data-square="{parts[1]}"]')
        page.tap(f'.cq-grid [data-square="{parts[2]}"]')
        page.tap('[data-action="move"]')
        return
    page.tap(f'.cq-hand [data-code="{parts[1]}"]')
    page.tap(f'.cq-grid [data-square="{parts[2]}"]')  # then "Place on ..." or a push: confirmed
    if parts[0] == "push":
        page.tap(f'[data-dir="{parts[3]}"]')
    else:
        page.tap('[data-action="place"]')


def consequence_hidden(state, seat, text):
    """A symbol of a tile `seat` did not place, or of the other hand, in `text`."""
    message = json.loads(text)["board"]
    other = message["other_hand"]
    cells = message["cells"]
    placers = state.view(None).placers
    return any(not c.endswith("?") for c in other) or any(
        code is not None and not code.endswith("?") and placers[sq] != seat
        for sq, code in enumerate(cells)
    )


def test_a_whole_consequence_game_on_two_phones(browser, phone_app):
    setup, table = open_phone_table(phone_app, "consequence", ["human", "human"])
    pages = {row: Page(browser, table, row) for row in (0, 1)}
    wait(phone_app, pages.values(), lambda: table.joined_count == 2)
    board = start_game(phone_app, setup)
    assert board.on_show.viewer is None
    play_on_pages(
        phone_app, board, pages, table, tap_consequence, lambda moves, rng: rng.choice(moves)
    )
    wait(phone_app, pages.values(), lambda: all(p.last_view()["over"] for p in pages.values()))
    for page in pages.values():
        shows(phone_app, pages.values(), page, "over")
    assert check_messages(board, pages, table, consequence_hidden) > 40
    check_replay(board)
    settle(phone_app)
    assert phone_app.manager.current.name == "results"
    assert not table.closed  # the phones stay, showing the end, for a rematch
    click(phone_app, phone_app.manager.current.button_rects["Rematch"].center)
    pump(phone_app, lambda: phone_app.manager.current.name == "board")
    again = phone_app.manager.current
    assert (
        again is not board and again.on_show.viewer is None
    )  # no hand-over: the hands are on phones
    wait(phone_app, pages.values(), lambda: all(p.last_view()["ply"] == 0 for p in pages.values()))
    mover = pages[table.rows[again.state.current_player]]
    assert not mover.last_view()["over"]
    shows(phone_app, pages.values(), mover, "mine")
    waiting = next(page for page in pages.values() if page is not mover)
    turn = "Turn 1 of 60."  # as the big screen counts
    wait(phone_app, pages.values(), lambda: turn in waiting.page.inner_text("body"))
    first = mover.last_view()["board"]["moves"][0]  # the rematch's first move, on its page
    tap_consequence(mover, first)
    wait(phone_app, pages.values(), lambda: again.moves == [first])
    click(phone_app, again.button_rects["Menu"].center)  # leaving asks first, then lets go
    click(phone_app, phone_app.manager.current.button_rects["Leave"].center)
    wait(phone_app, pages.values(), lambda: table.closed)
    for page in pages.values():
        shows(phone_app, pages.values(), page, "over")  # the page says why it was let go
    for page in pages.values():
        page.close()


def tap_blanc_noir(page, move):
    parts = move.split()
    if parts[0] == "draw":
        page.tap(f'[data-market="{parts[1]}"]')
        page.tap('[data-action="draw"]')
        return
    page.tap(f'.bn-hand [data-card="{parts[1]}"]')
    if parts[0] == "score":
        page.tap('[data-action="score"]')
    else:
        page.tap(f'.bn-land [data-x="{parts[2]}"][data-y="{parts[3]}"]')


def choose_blanc_noir(moves, rng):
    """Score when possible, else draw or lay (random play that reaches the end)."""
    scores = [m for m in moves if m.startswith("score")]
    draws = [m for m in moves if m.startswith("draw")]
    if scores:
        return rng.choice(scores)
    if draws and rng.random() < 0.6:
        return rng.choice(draws)
    return rng.choice(moves)


def blanc_noir_hidden(state, seat, text):
    return bool(set(CARD_ID.findall(text)) & hidden_cards(state, seat))


def test_a_three_player_en_blanc_et_noir_game_with_two_phones(browser, phone_app):
    setup, table = open_phone_table(phone_app, "blanc-noir", ["human", "human", "ai:easy"])
    pages = {row: Page(browser, table, row) for row in (0, 1)}
    wait(phone_app, pages.values(), lambda: table.joined_count == 2)
    board = start_game(phone_app, setup)
    play_on_pages(phone_app, board, pages, table, tap_blanc_noir, choose_blanc_noir)
    wait(phone_app, pages.values(), lambda: all(p.last_view()["over"] for p in pages.values()))
    assert check_messages(board, pages, table, blanc_noir_hidden) > 40
    check_replay(board)
    for page in pages.values():
        page.close()


def test_a_reloaded_page_takes_its_seat_back_without_asking(browser, phone_app):
    setup, table = open_phone_table(phone_app, "consequence", ["human", "human"])
    pages = {row: Page(browser, table, row) for row in (0, 1)}
    wait(phone_app, pages.values(), lambda: table.joined_count == 2)
    board = start_game(phone_app, setup)
    page = pages[table.rows[board.state.current_player]]
    wait(phone_app, pages.values(), lambda: up_to_date(page, board))
    page.received.clear()
    page.page.reload()
    wait(phone_app, pages.values(), lambda: up_to_date(page, board))
    settle(phone_app)
    assert phone_app.manager.current is board  # the same phone: no question on the screen
    assert table.joined_count == 2 and board.on_show.viewer is None
    move = page.last_view()["board"]["moves"][0]
    tap_consequence(page, move)
    wait(phone_app, pages.values(), lambda: board.moves == [move])
    for each in pages.values():
        each.close()


def test_a_refusal_reaches_the_page_in_words(browser, phone_app):
    setup, table = open_phone_table(phone_app, "blanc-noir", ["human", "human"])
    pages = {row: Page(browser, table, row) for row in (0, 1)}
    wait(phone_app, pages.values(), lambda: table.joined_count == 2)
    board = start_game(phone_app, setup)
    waiting = pages[table.rows[1 - board.state.current_player]]
    wait(phone_app, pages.values(), lambda: waiting.last_view() is not None)
    waiting.tap(".bn-hand [data-card]")
    assert waiting.page.locator("#refusal").inner_text() == "Wait for your turn."
    mover = pages[table.rows[board.state.current_player]]
    wait(phone_app, pages.values(), lambda: mover.last_view()["your_turn"])
    hand = mover.last_view()["board"]["hand"]
    unscorable = [c["id"] for c in hand if c["match"] is None and not c["overlay"]]
    assert unscorable, "the deal of seed 1 gives the first player a card that cannot score"
    mover.tap(f'.bn-hand [data-card="{unscorable[0]}"]')  # Score is not offered: it says why
    assert mover.page.locator('[data-action="score"]').count() == 0
    why = mover.page.locator(".why-not").inner_text()
    assert "matches nowhere" in why and "BN-" not in why and why.endswith(".")
    land = mover.last_view()["board"]["land"][0]  # a square that holds land: refused in words
    mover.tap(f'.bn-land [data-x="{land["x"]}"][data-y="{land["y"]}"]')
    wait(phone_app, pages.values(), lambda: any(m["t"] == "refused" for m in mover.received))
    reason = mover.page.locator("#refusal").inner_text()
    assert "holds land" in reason and "BN-" not in reason and reason.endswith(".")
    assert board.moves == []
    for page in pages.values():
        page.close()


def test_a_game_left_on_two_phones_continues_on_them_with_the_new_codes(browser, phone_app):
    setup, table = open_phone_table(phone_app, "consequence", ["human", "human"])
    pages = {row: Page(browser, table, row) for row in (0, 1)}
    wait(phone_app, pages.values(), lambda: table.joined_count == 2)
    board = start_game(phone_app, setup)
    for _ in range(2):  # a move on each page
        page = pages[table.rows[board.state.current_player]]
        wait(phone_app, pages.values(), lambda page=page: up_to_date(page, board))
        move, ply = page.last_view()["board"]["moves"][0], len(board.moves)
        tap_consequence(page, move)
        wait(phone_app, pages.values(), lambda ply=ply: len(board.moves) > ply)
    played = list(board.moves)
    click(phone_app, board.button_rects["Menu"].center)
    click(phone_app, phone_app.manager.current.button_rects["Leave"].center)
    wait(phone_app, pages.values(), lambda: table.closed)
    settle(phone_app)
    click(phone_app, phone_app.manager.current.button_rects["Continue"].center)
    settle(phone_app)
    again, codes = phone_app.manager.stack[0], phone_app.manager.current
    assert again.moves == played and codes.name == "phones"
    new = phone_app.phone_table
    for seat, page in ((seat, pages[table.rows[seat]]) for seat in (0, 1)):
        shows(phone_app, pages.values(), page, "over")  # the old page says why it was let go
        page.received.clear()
        page.page.goto(new.url(seat))  # the new code, scanned by the same phone
    wait(
        phone_app, pages.values(), lambda: all(again.phone_seats.on_phone(seat) for seat in (0, 1))
    )
    click(phone_app, codes.button_rects["Done"].center)
    settle(phone_app)
    assert phone_app.manager.current is again and again.on_show.viewer is None  # no hand-over
    mover = pages[table.rows[again.state.current_player]]
    wait(phone_app, pages.values(), lambda: up_to_date(mover, again))
    shows(phone_app, pages.values(), mover, "mine")
    assert mover.last_view()["ply"] == len(played)
    move = mover.last_view()["board"]["moves"][0]
    tap_consequence(mover, move)
    wait(phone_app, pages.values(), lambda: again.moves == [*played, move])
    for page in pages.values():
        assert not page.errors
        page.close()


def test_a_page_with_a_code_of_no_seat_says_why_and_stops_trying(browser, phone_app):
    _, table = open_phone_table(phone_app, "consequence", ["human", "human"])
    page = Page(browser, table, 0, token="an-old-code-of-another-game")
    try:
        shows(phone_app, [page], page, "over")
        text = page.page.evaluate("document.getElementById('status').textContent")
        assert text.startswith("This code does not open this seat")
        assert page.page.evaluate("document.getElementById('link').textContent") == "let go"
        pump(phone_app, seconds=1.5)  # (longer than the page's first wait before a retry)
        page.flush()
        assert page.sockets == 1 and page.errors == []  # it did not try again
        assert not table.holders
    finally:
        page.close()


def test_nothing_is_placed_on_one_tap_a_placement_waits_for_place_or_back(browser, phone_app):
    setup, table = open_phone_table(phone_app, "consequence", ["human", "human"])
    pages = {row: Page(browser, table, row) for row in (0, 1)}
    wait(phone_app, pages.values(), lambda: table.joined_count == 2)
    board = start_game(phone_app, setup)
    mover = pages[table.rows[board.state.current_player]]
    wait(phone_app, pages.values(), lambda: up_to_date(mover, board))
    move = mover.last_view()["board"]["moves"][0]
    kind, code, square = move.split()[:3]
    assert kind == "place"  # the first move of a game: a placement, no line to push
    mover.tap(f'.cq-hand [data-code="{code}"]')
    mover.tap(f'.cq-grid [data-square="{square}"]')
    pump(phone_app, seconds=0.5)
    assert board.moves == []  # the tap on the square played nothing
    place = mover.page.locator('[data-action="place"]')
    assert place.inner_text() == f"Place on {square}"
    mover.tap('[data-action="cancel"]')  # Back: the choice is gone, nothing played
    assert mover.page.locator('[data-action="place"]').count() == 0
    pump(phone_app, seconds=0.3)
    assert board.moves == []
    mover.tap(f'.cq-grid [data-square="{square}"]')  # (Back keeps the tile picked)
    mover.tap('[data-action="place"]')
    wait(phone_app, pages.values(), lambda: board.moves == [move])
    for page in pages.values():
        assert page.errors == []
        page.close()
