"""Screenshots of hands on phones (docs/screenshots/): the setup screen with phones joined, the
codes, a board with phone marks, and the phone pages at a phone's size (390x844) in headless
Chromium (Debian's, driven by Playwright: pip install -e '.[test]', apt-get install chromium).

Usage: python tools/phone_shots.py [folder]   (default docs/screenshots)
Writes phones-setup, phones-codes, phones-board (1920x1080), phone-consequence and
phone-blanc-noir (390x844 at 2x).
"""

import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["TABLETOP_TRIO_PHONES_LOCAL_ONLY"] = "1"  # the pages are opened on this computer
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright

from scenes.app import App, Options
from scenes.kit.seats import Seat
from scenes.storage.settings import SettingsStore

STEP = 1 / 60
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def run(app, until=lambda: False, seconds=3.0):
    deadline = time.monotonic() + seconds
    while not until() and time.monotonic() < deadline:
        app.run(frames=1, fixed_dt=STEP)
        time.sleep(0.003)
    for _ in range(30):
        app.run(frames=1, fixed_dt=STEP)


def open_setup(app, game, seats):
    app.open_setup(game, seats=[Seat.parse(seat) for seat in seats])
    run(app)
    setup = app.manager.current
    setup.phones.switch.value = True
    setup.phones._turn(True)
    run(app)
    return setup, app.phone_table


def open_page(browser, table, row):
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{table.server.port}/#{table.tokens.token(row)}")
    return page


def play(app, board, count, rng):
    """`count` random moves of the people (computers play themselves)."""
    for _ in range(count):
        run(app, lambda: board.presenter.idle and board.state.current_player is not None)
        seat = board.state.current_player
        if board.setup.is_human(seat):
            board.play(rng.choice(board.state.view(seat).legal_moves()))
    run(app, lambda: board.presenter.idle, 5)


def consequence(browser, app, folder):
    setup, table = open_setup(app, "consequence", ["human", "human"])
    pages = [open_page(browser, table, row) for row in (0, 1)]
    run(app, lambda: table.joined_count == 2)
    app.manager.current.close()
    run(app)
    app.screenshot(folder / "phones-setup.png")
    setup.phones.show_codes()
    run(app)
    app.screenshot(folder / "phones-codes.png")
    app.manager.current.close()
    run(app)
    setup.start()
    run(app, lambda: app.manager.current.name == "board" and not app.manager.busy)
    board = app.manager.current
    play(app, board, 9, random.Random(4))
    app.screenshot(folder / "phones-board.png")
    page = pages[table.rows[board.state.current_player]]
    run(app, seconds=0.5)
    page.wait_for_timeout(300)
    moves = [m for m in board.state.legal_moves() if str(m).startswith("push")]
    if moves:
        _, code, square, _ = str(moves[0]).split()
        page.locator(f'.cq-hand [data-code="{code}"]').first.click()
        page.locator(f'.cq-grid [data-square="{square}"]').click()
    page.screenshot(path=str(folder / "phone-consequence.png"))
    board.keeper.leave()
    run(app)


def blanc_noir(browser, app, folder):
    setup, table = open_setup(app, "blanc-noir", ["human", "human", "ai:easy"])
    pages = [open_page(browser, table, row) for row in (0, 1)]
    run(app, lambda: table.joined_count == 2)
    app.manager.current.close()
    setup.start()
    run(app, lambda: app.manager.current.name == "board" and not app.manager.busy)
    board = app.manager.current
    rng = random.Random(2)
    for _ in range(60):  # until a person to move holds a card that scores
        play(app, board, 1, rng)
        seat = board.state.current_player
        if seat is not None and board.setup.is_human(seat):
            view = board.state.view(seat)
            if any(view.scorable(c) for c in view.hand(seat)):
                break
    page = pages[table.rows[board.state.current_player]]
    run(app, seconds=0.5)
    page.wait_for_timeout(300)
    page.locator(".bn-card.scorable").first.click()
    page.screenshot(path=str(folder / "phone-blanc-noir.png"))
    board.keeper.leave()
    run(app)


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("no chromium: apt-get install chromium")
    with tempfile.TemporaryDirectory() as home, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=ARGS)
        app = App(Options(seed=3, speed=20), SettingsStore(Path(home)))
        try:
            consequence(browser, app, folder)
            blanc_noir(browser, app, folder)
        finally:
            app.close()
            browser.close()
    print(f"written to {folder}")


if __name__ == "__main__":
    main()
