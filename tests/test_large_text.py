"""Large text (issue 45, item 3): the settings' Text size (normal / large) draws every text at
least 125% as tall (its glyphs measured), is chosen by a click on the settings screen and shown
at once, is kept in the settings file (checked like every setting), and at the large size no
text on any screen, lesson step or board moment overlaps another, leaves its panel or is cut
(the checker of `tools/text_overlap.py`); normal text still passes on every screen.

Scenes lay out a logical 1920x1080 canvas that the window scales whole: the text boxes are the
same in a 1280x720 window as in a 1920x1080 one (checked below), so one check holds at both."""

import json
from pathlib import Path

import pygame
import pytest
from helpers.overlap_tool import checker
from helpers.scene_driver import click, settle

from scenes.kit import fonts
from scenes.kit.i18n import set_language
from scenes.storage.settings import SettingsStore

ROOT = Path(__file__).resolve().parent.parent
#: what is measured: capitals, a descender and (in Japanese) kana and a kanji
SAMPLES = {"en": "Hxg", "ja": "あ漢H"}


TOOL = checker()


def _glyph_height(words: str, size: int) -> int:
    return fonts.text(words, size, (0, 0, 0)).get_bounding_rect().height


@pytest.mark.parametrize("code", ["en", "ja"])
def test_large_text_stands_at_least_125_percent_as_tall_as_normal(code):
    """Every size the app draws at (its named sizes, and each size `fit` shrinks to)."""
    pygame.init()
    set_language(code)
    sizes = sorted({*range(fonts.TINY - 16, fonts.TITLE + 1, 2), fonts.TITLE, fonts.HEADING})
    normal = {}
    for size in sizes:
        fonts.set_text_size("normal")
        normal[size] = _glyph_height(SAMPLES[code], size)
        fonts.set_text_size("large")
        large = _glyph_height(SAMPLES[code], size)
        assert large >= 1.25 * normal[size], (code, size, normal[size], large)
    fonts.set_text_size("normal")
    assert _glyph_height(SAMPLES[code], fonts.BODY) == normal[fonts.BODY]  # as before again


def test_the_text_size_is_kept_and_checked_like_every_setting(tmp_path):
    store = SettingsStore(tmp_path)
    settings = store.load()
    assert settings.text_size == "normal"
    settings.text_size = "large"
    store.save(settings)
    assert SettingsStore(tmp_path).load().text_size == "large"
    path = tmp_path / "settings.json"
    data = json.loads(path.read_text())
    data["text_size"] = "enormous"
    path.write_text(json.dumps(data))
    reread = SettingsStore(tmp_path)
    assert reread.load().text_size == "normal"
    assert reread.notice, "a value that fails the schema is said"


def _box(canvas, words):
    found = [box for box in canvas.texts if box.words == words]
    assert found, f"{words!r} is drawn"
    return found[0].ink


def _drawn(app):
    canvas = TOOL.RecordingCanvas(app.canvas.get_size())
    app.manager.draw(canvas)
    return canvas


def test_a_click_on_large_in_the_settings_redraws_every_text_larger_at_once(make_app, home):
    """No restart: the settings screen itself, and the menu under it, are drawn larger at the
    next frame; the choice is saved; Normal draws them as before."""
    app = make_app()
    menu = app.manager.current
    rules_before = _box(_drawn(app), "Rules")
    click(app, menu.button_rects["Settings"].center)
    settings = app.manager.current
    before = _box(_drawn(app), "Master volume")
    click(app, settings.button_rects["Large text"].center)
    assert app.settings.text_size == "large"
    assert json.loads((home / "settings.json").read_text())["text_size"] == "large"
    large = _box(_drawn(app), "Master volume")
    assert large.height >= 1.25 * before.height and large.width > before.width
    click(app, settings.button_rects["Done"].center)
    assert app.manager.current is menu
    assert _box(_drawn(app), "Rules").height >= 1.25 * rules_before.height
    click(app, menu.button_rects["Settings"].center)
    click(app, app.manager.current.button_rects["Normal text"].center)
    assert app.settings.text_size == "normal"
    assert _box(_drawn(app), "Master volume") == before


def test_the_text_size_chosen_is_shown_from_the_start(make_app, home):
    store = SettingsStore(home)
    settings = store.load()
    settings.text_size = "large"
    store.save(settings)
    app = make_app()
    assert fonts.text_scale() > 1.25
    app.close()


def test_the_layout_is_the_same_in_a_1280x720_and_a_1920x1080_window(home):
    """The boxes the checks below look at do not depend on the window's size."""
    from scenes.app import App, Options
    from scenes.screens.settings import SettingsScene

    drawn = {}
    for size in ((1280, 720), (1920, 1080)):
        store = SettingsStore(home)
        settings = store.load()
        settings.text_size, settings.window_size = "large", list(size)
        store.save(settings)
        app = App(Options(seed=1), store)
        try:
            app.manager.switch(SettingsScene(app), fade=False)
            settle(app)
            assert app.canvas.get_size() == (1920, 1080)
            drawn[size] = [(box.words, tuple(box.ink)) for box in _drawn(app).texts]
        finally:
            app.close()
    assert drawn[(1280, 720)] == drawn[(1920, 1080)] and drawn[(1280, 720)]


@pytest.mark.parametrize("code", ["en", "ja"])
@pytest.mark.parametrize(
    ("name", "points"), [("Pepper", "20 pt"), ("Pepper", "11 pt"), ("Clover the Bra", "120 pt")]
)
def test_a_computers_name_level_and_points_all_stand_whole_in_a_narrow_header(code, name, points):
    """En blanc et noir's seat header (432x56 inside its band) at the large size: the level
    that has no room beside the name stands over it, the points leave the name its room;
    nothing overlaps or is cut."""
    from scenes.boards.blanc_noir import layout
    from scenes.kit.effects import SeatPanel
    from scenes.kit.effects_paint import draw_seat_header
    from scenes.kit.i18n import _
    from scenes.kit.palette import seat_colours

    pygame.init()
    set_language(code)
    fonts.set_text_size("large")
    header = layout.panel(1, 2).header.inflate(-8, -8)
    canvas = TOOL.RecordingCanvas((1920, 1080))
    colour = tuple(seat_colours("standard")[1])
    draw_seat_header(canvas, header, SeatPanel(level="beginner"), name, colour, _(points), 0.0)
    assert TOOL.problems(canvas) == []
    drawn = {box.words for box in canvas.texts}
    assert {name, _("Beginner"), _(points)} <= drawn
    assert all(header.contains(box.ink) for box in canvas.texts)


@pytest.mark.parametrize("code", ["en", "ja"])
def test_the_setups_players_title_ends_before_its_count_buttons(make_app, home, code):
    """At the large size "Players" ("プレイヤー") is made to fit left of the row of counts (in
    Japanese it ran under the "2")."""
    from game import GAMES
    from scenes.kit.i18n import _
    from scenes.screens.setup import SetupScene

    store = SettingsStore(home)
    settings = store.load()
    settings.language, settings.text_size = code, "large"
    store.save(settings)
    app = make_app()
    game = next(code for code, info in GAMES.items() if len(info.player_counts) > 1)
    with TOOL.recording_layers():
        app.manager.switch(SetupScene(app, game), fade=False)
        settle(app)
        title = _box(_drawn(app), _("Players"))
    assert title.right + 8 <= app.manager.current.count_choice.rect.left


@pytest.mark.parametrize("code", ["en", "ja"])
def test_a_game_tiles_pitch_stands_above_its_play_button(make_app, home, code):
    """The menu of a new user (three game tiles, no Continue tile) at the large size: the
    pitch's last line went under Play ("cans.", "3個獲得しましょう。"); the pictures shrink to
    give the words their room. (The screens' check sees the menu with games in progress.)"""
    from scenes.kit.i18n import _

    store = SettingsStore(home)
    settings = store.load()
    settings.language, settings.text_size = code, "large"
    store.save(settings)
    with TOOL.recording_layers():
        app = make_app()
        settle(app)
        canvas = _drawn(app)
    assert TOOL.problems(canvas) == []
    tiles = app.manager.current.tiles
    assert len(tiles) == 3
    for tile in tiles:
        words = [box for box in canvas.texts if tile.rect.contains(box.ink)]
        assert len(words) >= 4  # title, players, pitch, Play
        for box in words:
            if box.words != _("Play"):
                assert box.ink.bottom <= tile.footer.top, (box.words, tile.footer)


# --- every screen and board moment, at the large size ------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("code", ["en", "ja"])
def test_no_large_text_overlaps_leaves_its_panel_or_is_cut_in_any_board_moment(
    code, monkeypatch, tmp_path
):
    monkeypatch.setenv("TABLETOP_TRIO_HOME", str(tmp_path))
    report = TOOL.check_moments(code, "large")
    assert not report.found, "\n".join(report.lines())


@pytest.mark.slow
@pytest.mark.parametrize("size", ["large", "normal"])
@pytest.mark.parametrize("code", ["en", "ja"])
def test_no_text_overlaps_leaves_its_panel_or_is_cut_on_any_screen(
    code, size, monkeypatch, tmp_path
):
    """Menu, games in progress, settings, hand-over, every rules page, setup, results, review,
    boards with their log and a refusal, pause, the leave question, phone codes, replays and
    the viewer, and the kiosk's screens (the lessons: below), the keys' focus ring on each
    control crossing no word either (the kiosk's countdown stands over it)."""
    monkeypatch.setenv("TABLETOP_TRIO_HOME", str(tmp_path))
    report = TOOL.check_screens(code, size, steps=False)
    assert not report.found, "\n".join(report.lines())


@pytest.mark.slow
@pytest.mark.parametrize("code", ["en", "ja"])
def test_no_large_text_overlaps_leaves_its_panel_or_is_cut_in_any_lesson_step(
    code, monkeypatch, tmp_path
):
    """Each step of every lesson: its goal, with the longest answer a try gets, and its note
    once done; no note covers what a player must read."""
    monkeypatch.setenv("TABLETOP_TRIO_HOME", str(tmp_path))
    try:
        report = TOOL.check_lessons(code, "large")
    finally:
        set_language("en")
    assert not report.found, "\n".join(report.lines())
