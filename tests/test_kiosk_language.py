"""The visitor's language at the stand (issue 28; issue 46 item 2): the attract loop and the
welcome have a language button that names the next language in its own words; a touch shows every
screen in it at once. The choice is the visitor's: the settings file never changes, and when the
stand goes back to the attract loop by itself (or rests there for the idle time) the stand's own
language returns for the next visitor."""

import json

from helpers.drawn_text import install
from helpers.kiosk_driver import kiosk_app, seconds, settle, top, touch

from scenes.kiosk.attract import LANGUAGE_BUTTON, AttractScene
from scenes.kit import i18n


def stored_language(home):
    return json.loads((home / "settings.json").read_text()).get("language")


def test_a_visitors_language_shows_at_once_and_gives_way_to_the_stands_after_idle(
    home, apps, monkeypatch
):
    app = kiosk_app(home, attract=True, idle=10)
    apps.append(app)
    attract = app.manager.current
    assert isinstance(attract, AttractScene)
    assert i18n.language() == "en"
    before = stored_language(home)
    drawn = install(monkeypatch)
    app.manager.draw(app.canvas)
    assert "日本語" in drawn.words and "Touch to play" in drawn.words
    touch(app, LANGUAGE_BUTTON.center)
    assert app.manager.current is attract  # not a touch that opens the menu
    assert i18n.language() == "ja"
    drawn.clear()
    app.manager.draw(app.canvas)
    assert "English" in drawn.words and "タッチして遊ぶ" in drawn.words
    assert "Touch to play" not in drawn.words
    attract.offer_seat(0)  # a touch on a seat's panel: the offer, in Japanese too
    drawn.clear()
    app.manager.draw(app.canvas)
    assert "この席で遊びますか" in drawn.words and "Take this seat?" not in drawn.words
    attract.close_offer()
    assert stored_language(home) == before  # the visitor's choice is not the stand's
    seconds(app, 9)  # watching a while: still the visitor's
    assert i18n.language() == "ja"
    seconds(app, 2)  # nobody has touched for the idle time: the visitor has gone
    assert i18n.language() == "en" and top(app) == "attract"
    drawn.clear()
    app.manager.draw(app.canvas)
    assert "Touch to play" in drawn.words and "日本語" in drawn.words
    assert stored_language(home) == before


def test_the_welcome_has_the_language_button_and_a_game_left_idle_returns_the_stands(
    home, apps, monkeypatch
):
    app = kiosk_app(home, idle=10)
    apps.append(app)
    welcome = app.manager.current
    assert top(app) == "welcome"
    touch(app, welcome.button_rects["language"].center)
    assert i18n.language() == "ja" and app.manager.current is welcome
    drawn = install(monkeypatch)
    app.manager.draw(app.canvas)
    assert "コンピューターと対戦" in drawn.words and "English" in drawn.words
    touch(app, welcome.button_rects["Play the computer"].center)  # the game in Japanese
    settle(app)
    assert top(app) == "board" and i18n.language() == "ja"
    seconds(app, 11 + 10 + 1)  # idle, "Still playing?", no touch: back to the attract loop
    settle(app)
    assert top(app) == "attract" and i18n.language() == "en"
    assert stored_language(home) in (None, "system")


def test_the_operators_language_is_the_stands(home, apps):
    app = kiosk_app(home, attract=True, idle=10)
    apps.append(app)
    app.settings.language = "ja"  # as the operator's Settings would
    app.save_settings()
    assert i18n.language() == "ja"
    touch(app, LANGUAGE_BUTTON.center)  # a visitor's English
    assert i18n.language() == "en"
    seconds(app, 11)
    assert i18n.language() == "ja" and stored_language(home) == "ja"
