"""Issue 28: the kiosk's attract screen has a language button visitors can touch. It names the
next language in that language's own words; a touch shows the attract screen (banner, offer) in
that language at once and keeps the choice in the settings, and a second touch goes back."""

import json

from helpers.drawn_text import install
from helpers.kiosk_driver import kiosk_app, touch

from scenes.kiosk.attract import LANGUAGE_BUTTON, AttractScene
from scenes.kit import i18n


def test_a_touch_on_the_language_button_shows_the_attract_screen_in_that_language(
    home, monkeypatch
):
    app = kiosk_app(home, attract=True)
    try:
        attract = app.manager.current
        assert isinstance(attract, AttractScene)
        assert i18n.language() == "en"
        drawn = install(monkeypatch)
        app.manager.draw(app.canvas)
        assert "日本語" in drawn.words and "Touch to play" in drawn.words
        touch(app, LANGUAGE_BUTTON.center)
        assert app.manager.current is attract  # not a touch that opens the menu
        assert i18n.language() == "ja"
        assert json.loads((home / "settings.json").read_text())["language"] == "ja"
        drawn.clear()
        app.manager.draw(app.canvas)
        assert "English" in drawn.words and "タッチして遊ぶ" in drawn.words
        assert "Touch to play" not in drawn.words
        attract.offer_seat(0)  # a touch on a seat's panel: the offer, in Japanese too
        drawn.clear()
        app.manager.draw(app.canvas)
        assert "この席で遊びますか" in drawn.words and "Take this seat?" not in drawn.words
        attract.close_offer()
        touch(app, LANGUAGE_BUTTON.center)
        assert i18n.language() == "en"
        assert json.loads((home / "settings.json").read_text())["language"] == "en"
    finally:
        app.close()
        i18n.set_language("en")
