"""Each scene rendered to PNG: not blank, and its buttons drawn where the scene says they are."""

import pygame
import pytest
from helpers.played_games import finished_game
from helpers.scene_driver import settle

from scenes.app import App, Options
from scenes.boards import BOARDS
from scenes.kit.widgets import Button
from scenes.screens.handover import HandoverScene
from scenes.screens.menu import MenuScene
from scenes.screens.results import ResultsScene
from scenes.screens.rules import RulesScene
from scenes.screens.settings import SettingsScene
from scenes.screens.setup import SetupScene
from scenes.storage.settings import SettingsStore


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TRIO_HOME", str(tmp_path / "home"))
    app = App(Options(seed=2), SettingsStore(tmp_path / "home"))
    pygame.event.clear()
    yield app
    app.close()


def buttons_of(scene):
    """(name in scene.button_rects, Button) for every button the scene reports."""
    found = []
    rects = scene.button_rects
    candidates = []
    for value in vars(scene).values():
        if isinstance(value, Button):
            candidates.append(value)
        elif isinstance(value, list):
            candidates += [v for v in value if isinstance(v, Button)]
        elif hasattr(value, "buttons"):
            candidates += list(value.buttons)
    for button in candidates:
        for name, rect in rects.items():
            if rect == button.rect and button.visible:
                found.append((name, button))
                break
    return found


def make_scene(app, name, game="whose-foods"):
    if name == "menu":
        return MenuScene(app)
    if name == "setup":
        return SetupScene(app, game)
    if name == "rules":
        return RulesScene(app, game)
    if name == "settings":
        return SettingsScene(app)
    if name == "handover":
        return HandoverScene(
            app, "Pepper", app.quick_setup(game, ["human", "human"]).colours[1], lambda: None
        )
    state, start, moves = finished_game(game, 2 if game == "consequence" else 3)
    setup = app.quick_setup(game, ["human"] + ["ai:normal"] * (state.players - 1))
    return ResultsScene(app, setup, state, start, moves)


SCENES = [(name, game) for name in ("menu", "settings", "handover") for game in ("whose-foods",)]
SCENES += [
    (name, game)
    for name in ("setup", "rules", "results")
    for game in ("whose-foods", "consequence", "blanc-noir")
]


@pytest.mark.parametrize("name, game", SCENES)
def test_scene_renders_to_a_png_with_its_buttons_in_place(app, tmp_path, name, game):
    scene = make_scene(app, name, game)
    app.manager.switch(scene, fade=False)
    settle(app)
    assert app.manager.current is scene
    path = tmp_path / f"{name}-{game}.png"
    app.screenshot(path)
    image = pygame.image.load(str(path))
    assert image.get_size() == (1920, 1080)
    colours = {image.get_at((x, y))[:3] for x in range(0, 1920, 60) for y in range(0, 1080, 60)}
    assert len(colours) > 20, "the scene looks blank"
    found = buttons_of(scene)
    assert len(found) >= min(3, len(scene.button_rects))
    for label, button in found:
        assert button.rect.height >= 96, label
        if button.visible:  # (a hidden one: something else stands there, "Replay kept")
            assert image.get_at(button.sample_point())[:3] == button.fill, label


def test_menu_tiles_show_play_or_coming_soon_in_their_footer(app):
    scene = make_scene(app, "menu")
    app.manager.switch(scene, fade=False)
    settle(app)
    for tile in scene.tiles:
        footer = tile.footer
        assert tile.rect.contains(footer)
        assert app.canvas.get_at((footer.left + 12, footer.centery))[:3] == tile.footer_colour


@pytest.mark.parametrize("game", list(BOARDS))
def test_every_rules_page_renders_and_keeps_its_rule_ids(app, game):
    scene = RulesScene(app, game)
    prefix = BOARDS[game].rule_prefix + "-"
    for index, page in enumerate(BOARDS[game].how_to_play()):
        assert any(rule.startswith(prefix) for rule in page.rules)
        surface = scene.render_page(game, index)
        colours = {
            surface.get_at((x, y))[:3]
            for x in range(0, surface.get_width(), 16)
            for y in range(0, surface.get_height(), 16)
        }
        assert len(colours) > 12, f"{game} page {index + 1} looks blank"
