"""The phone page speaks the app's language (issue 28): headless Chromium opens two Consequence
seats' pages while the app shows Japanese; every word on the pages is Japanese (names and square
names aside), a refusal comes in Japanese, and a switch to English on the big screen reaches the
open pages at once, without a reload."""

import re

import pytest
from helpers.phone_driver import open_phone_table, start_game
from test_phones_browser import Page, browser, phone_app, tap_consequence, up_to_date, wait

from scenes.kit import i18n

pytestmark = pytest.mark.browser
__all__ = ["browser", "phone_app"]  # (fixtures, used by name)

ENGLISH = re.compile(r"[A-Za-z]{2,}")
#: the app's name, kept in Latin letters in every language (as the catalog has it)
APP_NAME = {"Tabletop", "Trio"}


def english_on(page, names):
    """The English words the page shows (its visible text and its title), names aside."""
    shown = page.page.evaluate("document.title + '\\n' + document.body.innerText")
    return sorted(set(ENGLISH.findall(shown)) - set(" ".join(names).split()) - APP_NAME)


def test_the_phone_page_speaks_the_apps_language_and_follows_a_switch(browser, phone_app):
    i18n.set_language("ja")
    setup, table = open_phone_table(phone_app, "consequence", ["human", "human"])
    names = list(setup.names)
    pages = {row: Page(browser, table, row) for row in (0, 1)}
    wait(phone_app, pages.values(), lambda: table.joined_count == 2)
    for page in pages.values():  # the lobby, before the game
        wait(phone_app, pages.values(), lambda page=page: bool(page.received))
        assert page.page.evaluate("document.documentElement.lang") == "ja"
        assert english_on(page, names) == []
        assert "このページを開いたままにしてください" in page.page.inner_text("#game")
    board = start_game(phone_app, setup)
    mover = pages[table.rows[board.state.current_player]]
    waiting = pages[table.rows[1 - board.state.current_player]]
    wait(phone_app, pages.values(), lambda: up_to_date(mover, board))
    wait(phone_app, pages.values(), lambda: waiting.last_view() is not None)
    for page in pages.values():
        assert english_on(page, names) == [], page.page.inner_text("body")
    assert "あなたの番です" in mover.page.inner_text("#status")
    assert "手元のタイル" in mover.page.inner_text("#game")
    waiting.tap(".cq-hand [data-code]")
    assert waiting.page.locator("#refusal").inner_text() == "自分の番まで待ってください。"
    move = mover.last_view()["board"]["moves"][0]
    tap_consequence(mover, move)
    wait(phone_app, pages.values(), lambda: board.moves == [move])
    wait(phone_app, pages.values(), lambda: waiting.last_view()["ply"] == 1)
    assert "置きました" in waiting.page.text_content("#log-lines"), waiting.last_view()["log"]
    i18n.set_language("en")  # the big screen switches: the pages follow, with no reload
    wait(phone_app, pages.values(), lambda: "Your hand" in waiting.page.text_content("#game"))
    assert waiting.page.evaluate("document.documentElement.lang") == "en"
    assert "places a" in waiting.page.text_content("#log-lines")
    for page in pages.values():
        assert page.errors == []
        page.close()
