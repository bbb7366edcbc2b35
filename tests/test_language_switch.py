"""Japanese and English, switched on the settings screen at any moment: the choice is kept, every
translated screen redraws at once, a game in progress loses nothing, and every text of the
translated screens (menu, Continue tile, settings, hand-over) fits its box in both languages."""

import dataclasses
import json

import pygame
import pytest
from helpers.drawn_text import install
from helpers.played_games import unfinished
from helpers.scene_driver import click, key, settle

from scenes.kit import fonts, i18n
from scenes.kit.palette import seat_colours
from scenes.kit.widgets import Button, Choice, Stepper
from scenes.screens.handover import PANEL as HANDOVER_PANEL
from scenes.screens.handover import HandoverScene
from scenes.screens.menu import MenuScene
from scenes.screens.settings import LABEL_WIDTH, SettingsScene
from scenes.screens.settings import PANEL as SETTINGS_PANEL
from scenes.storage.saved_game import save_unfinished
from scenes.storage.settings import SETTINGS_FILE, SettingsStore

#: the smallest text size allowed (logical pixels of the 1920x1080 canvas): at 1280x720 a line
#: of English at 22 is 10 px tall; a kanji needs more, so Japanese text keeps 30 (13 px kanji)
SMALLEST = {"en": 22, "ja": 30}


def _hot_seat_whose_foods(home):
    """An unfinished Whose Foods game between two people, saved so the menu offers it."""
    saved, _ = unfinished("whose-foods", 2)
    saved = dataclasses.replace(saved, setup={**saved.setup, "seats": ["human", "human"]})
    pygame.display.init()
    assert save_unfinished(home, saved)
    return saved


def _open_settings_from_menu(app):
    click(app, app.manager.current.button_rects["Settings"].center)
    settings = app.manager.current
    assert settings.name == "settings"
    return settings


def test_choosing_japanese_redraws_the_settings_at_once_and_is_kept(make_app, home, monkeypatch):
    app = make_app()
    settings = _open_settings_from_menu(app)
    drawn = install(monkeypatch)
    click(app, settings.button_rects["日本語"].center)
    assert i18n.language() == "ja" and app.settings.language == "ja"
    assert json.loads((home / SETTINGS_FILE).read_text())["language"] == "ja"
    assert {"設定", "全体の音量", "配色", "完了", "変更はすぐに保存されます。"} <= set(
        drawn.words.split("\n")
    )
    drawn.clear()
    click(app, settings.button_rects["Done"].center)  # the menu beneath was drawn in English
    assert app.manager.current.name == "menu"
    assert {"遊ぶ", "ルール", "設定", "白と黒で", "コンシークエンス"} <= set(
        drawn.words.split("\n")
    )
    app.close()
    restarted = make_app()  # the next start shows Japanese
    assert i18n.language() == "ja" and restarted.settings.language == "ja"
    settings = _open_settings_from_menu(restarted)
    click(restarted, settings.button_rects["English"].center)
    assert i18n.language() == "en" and restarted.settings.language == "en"


def test_without_a_choice_the_system_language_is_shown(make_app, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "ja_JP")
    app = make_app()
    assert app.settings.language == "system" and i18n.language() == "ja"
    settings = _open_settings_from_menu(app)
    assert settings.language.index == list(i18n.LANGUAGES).index("ja")


def test_a_bad_language_in_the_settings_file_is_reset_with_a_notice(home):
    (home / SETTINGS_FILE).write_text(json.dumps({"language": "klingon", "hints": False}))
    store = SettingsStore(home)
    settings = store.load()
    assert settings.language == "system" and settings.hints is False
    assert "not valid" in store.notice


def test_a_switch_in_the_middle_of_a_game_loses_nothing_and_redraws_the_board(
    make_app, home, monkeypatch
):
    _hot_seat_whose_foods(home)
    app = make_app()
    click(app, app.manager.current.button_rects["Continue"].center)
    board = app.manager.current
    assert board.name == "board" and board.human_to_move
    moves, state = list(board.moves), board.state.to_dict()
    layer = board.painter.static_layer()
    key(app, pygame.K_ESCAPE)
    click(app, app.manager.current.button_rects["Settings"].center)
    click(app, app.manager.current.button_rects["日本語"].center)
    click(app, app.manager.current.button_rects["Done"].center)
    assert app.manager.current.name == "pause"
    drawn = install(monkeypatch)
    click(app, app.manager.current.button_rects["Resume"].center)
    assert app.manager.current is board
    assert list(board.moves) == moves and board.state.to_dict() == state
    assert board.painter.static_layer() is not layer  # rendered again in the new language
    assert {"メニュー", "戻す"} <= set(drawn.words.split("\n"))
    assert board.button_rects.keys() >= {"Menu", "Undo"}  # found by the same names
    drawn.clear()
    click(app, board.button_rects["Menu"].center)  # the game goes on as before: leaving asks
    assert app.manager.current.name != "board" and list(board.moves) == moves


# --- every text in its box, in both languages ----------------------------------------------------
def _difference(first, second):
    """The mask of the pixels where two pictures differ."""
    same = pygame.mask.from_threshold(first, (0, 0, 0), (2, 2, 2, 255), second)
    same.invert()
    return same


def _text_mask(app, make_scene, monkeypatch):
    """The pixels that are text on `make_scene()`'s screen: drawn with and without text."""
    shots = []
    for with_text in (True, False):
        with monkeypatch.context() as patch:
            if not with_text:
                real = fonts.text

                def blank(words, size, colour, bold=False, real=real):
                    return pygame.Surface(
                        real(words, size, colour, bold).get_size(), pygame.SRCALPHA
                    )

                patch.setattr(fonts, "text", blank)
            app.manager.switch(make_scene(), fade=False)
            settle(app)
            shots.append(app.canvas.copy())
    return _difference(*shots)


def _outside(mask, boxes):
    """How many text pixels of `mask` lie outside every box."""
    inside = pygame.mask.Mask(mask.get_size())
    for box in boxes:
        inside.draw(pygame.mask.Mask(box.size, fill=True), box.topleft)
    return mask.count() - mask.overlap_area(inside, (0, 0))


def _buttons_of(scene):
    found = [w for w in getattr(scene, "buttons", []) if isinstance(w, Button)]
    for widget in getattr(scene, "widgets", []):
        if isinstance(widget, Button):
            found.append(widget)
        elif isinstance(widget, Choice):
            found += widget.buttons
        elif isinstance(widget, Stepper):
            found += [widget.minus, widget.plus]
    for name in ("ready_button",):
        if hasattr(scene, name):
            found.append(getattr(scene, name))
    return found


def _label_inside_its_button(button):
    """The label's pixels lie inside the button's face (drawn alone, with and without text)."""
    shots = []
    for words in (button.label, ""):
        surface = pygame.Surface((1920, 1080))
        surface.fill((0, 0, 0))
        pygame.draw.rect(surface, (0, 0, 0), button.rect)
        saved, button.label = button.label, words
        button.draw(surface)
        button.label = saved
        shots.append(surface)
    mask = _difference(*shots)
    return _outside(mask, [button.rect.inflate(-8, -8)]) == 0 and mask.count() > 0


#: the longest names the setup takes (14 letters), in each script
LONG_NAMES = {"en": "Clementine-Ann", "ja": "あいうえおかきくけこさしすせ"}


def _screens(app, language):
    players = seat_colours("standard")[0]
    return {
        "menu": (lambda: MenuScene(app), None),
        "settings": (
            lambda: SettingsScene(app),
            [SETTINGS_PANEL, pygame.Rect(SETTINGS_PANEL.left, 0, SETTINGS_PANEL.width, 138)],
        ),
        "handover": (
            lambda: HandoverScene(app, LONG_NAMES[language], players, lambda: None),
            [HANDOVER_PANEL],
        ),
    }


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("screen", ["menu", "settings", "handover"])
def test_every_text_fits_its_box_in_both_languages(make_app, home, monkeypatch, language, screen):
    _hot_seat_whose_foods(home)  # the menu with four tiles, the Continue tile first
    app = make_app()
    i18n.set_language(language)
    make_scene, boxes = _screens(app, language)[screen]
    make_scene()  # (the Continue tile's picture of the board, drawn in this language, holds the
    # board's own small text: it is drawn, and cached, before the probe counts the screen's)
    drawn = install(monkeypatch)
    app.manager.switch(make_scene(), fade=False)
    settle(app)
    scene = app.manager.current
    assert drawn.seen and drawn.smallest() >= SMALLEST[language]
    if boxes is None:  # the menu: the title band, the tiles, the buttons
        boxes = [pygame.Rect(40, 0, 1840, 205)]
        boxes += [card.rect for card in scene.cards] + [b.rect for b in scene.buttons]
    else:
        boxes = boxes + [button.rect for button in _buttons_of(scene)]
    mask = _text_mask(app, make_scene, monkeypatch)
    assert mask.count() > 1000
    assert _outside(mask, boxes) == 0, "text drawn outside its box"
    for button in _buttons_of(app.manager.current):
        assert _label_inside_its_button(button), str(button.label)
    for widget in getattr(app.manager.current, "widgets", []):
        label = getattr(widget, "label", "")
        if label and not isinstance(widget, Button):  # a row's label stays left of its control
            room = LABEL_WIDTH - 20 if not hasattr(widget, "switch_rect") else LABEL_WIDTH + 20
            assert fonts.measure(str(label), widget.size)[0] <= room, str(label)
