"""The ladder of computer levels (game.ai.levels): five steps in order, each with a name, a face
and a budget; seat specs, settings, saved games and the command line accept all five, and what
was saved before the ladder (`ai:easy`, `ai:normal`, `ai:hard`) loads with the same meaning;
the setup screen steps through them with each level's face, name and measured strength."""

from __future__ import annotations

import json

import pygame
import pytest
from helpers.played_games import table, unfinished
from helpers.scene_driver import settle, tap

from game.ai import levels, make_bot
from scenes.kit import art
from scenes.kit.seats import HUMAN, GameSetup, Seat
from scenes.screens.level_words import strength_words
from scenes.screens.setup import SetupScene
from scenes.storage.continuing import load_unfinished
from scenes.storage.saved_game import SAVE_FILE, restore, save_unfinished
from scenes.storage.settings import SettingsStore


def test_five_levels_weakest_first_with_names_faces_and_budgets():
    assert levels.LEVELS == ("beginner", "easy", "normal", "hard", "expert")
    assert [step.title for step in levels.LADDER] == [
        "Beginner",
        "Easy",
        "Normal",
        "Hard",
        "Expert",
    ]
    assert all(step.face in art.NAMES for step in levels.LADDER)
    budgets = [step.seconds for step in levels.LADDER]
    assert budgets == sorted(budgets) and budgets[0] == 0  # Beginner does not search
    assert levels.SECONDS["expert"] == pytest.approx(3.0)
    old = {"easy": 0.1, "normal": 0.5, "hard": 1.5}  # the budgets before the ladder
    assert all(levels.SECONDS[name] <= limit for name, limit in old.items())
    assert levels.below("easy") == "beginner" and levels.below("beginner") is None
    with pytest.raises(ValueError, match="beginner, easy, normal, hard, expert"):
        levels.level("genius")


@pytest.mark.parametrize("name", levels.LEVELS)
def test_every_level_is_a_seat_and_a_bot(name):
    assert Seat.parse(f"ai:{name}") == Seat(name) == Seat.from_str(f"ai:{name}")
    assert Seat.parse(f"AI:{name.upper()}") == Seat(name)
    assert str(Seat(name)) == f"ai:{name}"
    setup = GameSetup("consequence", (HUMAN, Seat(name)), ("A", "B"), table().colours)
    bot = setup.make_bot(1)
    assert bot.level == name and bot.name == levels.level(name).bot
    assert make_bot("whose-foods", None, name).name == bot.name


def test_a_bare_ai_seat_is_normal_and_an_unknown_level_is_refused_naming_the_five():
    assert Seat.parse("ai") == Seat("normal")
    with pytest.raises(ValueError, match="beginner, easy, normal, hard, expert"):
        Seat.parse("ai:genius")
    with pytest.raises(ValueError, match="beginner, easy, normal, hard, expert"):
        Seat("genius")


@pytest.mark.parametrize("old", ["ai:easy", "ai:normal", "ai:hard"])
def test_a_game_saved_before_the_ladder_loads_with_its_level(tmp_path, old):
    pygame.display.init()
    saved, _ = unfinished("whose-foods")
    assert save_unfinished(tmp_path, saved)
    raw = json.loads((tmp_path / SAVE_FILE).read_text())
    raw["setup"]["seats"] = ["human", old]  # as a save from before the ladder holds it
    (tmp_path / SAVE_FILE).write_text(json.dumps(raw))
    loaded, notice = load_unfinished(tmp_path)
    assert notice is None and loaded is not None, notice
    setup, _, _ = restore(loaded)
    assert setup.seats == (HUMAN, Seat(old[3:])) and setup.level(1) == old[3:]
    assert setup.make_bot(1).level == old[3:]


def test_settings_keep_a_remembered_table_with_the_new_levels(tmp_path):
    store = SettingsStore(tmp_path)
    settings = store.load()
    settings.last_setup["consequence"] = {"players": 2, "seats": ["ai:beginner", "ai:expert"]}
    store.save(settings)
    assert store.load().last_setup["consequence"]["seats"] == ["ai:beginner", "ai:expert"]


def test_the_setup_screen_steps_through_the_five_levels_with_faces_and_words(make_app):
    app = make_app()
    scene = SetupScene(app, "consequence", [HUMAN, Seat("beginner")])
    app.manager.switch(scene, fade=False)
    settle(app)
    stepper = scene.level_steppers[1]
    seen = []
    for _ in range(len(levels.LEVELS) + 1):  # the last click is on a greyed ›
        seen.append(scene.levels[1])
        app.canvas.fill((0, 0, 0))
        scene.draw(app.canvas)
        face = art.image(levels.level(scene.levels[1]).face, (60, 60))
        assert face.get_at((30, 30)).a == 255
        tap(app, stepper.plus.rect.center)
    assert seen[:5] == list(levels.LEVELS) and scene.levels[1] == "expert"
    assert scene.build_setup().seats[1] == Seat("expert")
    for name in levels.LEVELS:
        words = strength_words("consequence", name)
        assert words is None or words.startswith("Won ")
