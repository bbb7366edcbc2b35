"""Issue 37, item 2: players remembered. A name typed at setup is offered again next time (a
short list of the people who played on this computer: pick, or type); a kiosk keeps no names;
the list's file is checked on reading and a damaged one is set aside with a notice."""

import json

import pygame
import pytest
from helpers.kiosk_driver import kiosk_app
from helpers.scene_driver import click, key, settle, type_text

from scenes.storage import players
from scenes.storage.players import FILE, MAX_PLAYERS, load_players, remember_players


def open_setup(app, game="whose-foods"):
    click(app, app.manager.current.button_rects[game].center)
    settle(app)
    setup = app.manager.current
    assert setup.name == "setup"
    return setup


def on_disk(home):
    return json.loads((home / FILE).read_text())["names"]


def test_a_name_picked_from_the_list_plays_and_comes_first_next_time(make_app, home):
    assert remember_players(home, ["Hana", "Ken"])
    app = make_app()
    setup = open_setup(app)
    assert not any(name.startswith("pick ") for name in setup.button_rects)  # closed until typing
    click(app, setup.button_rects["seat 1 name"].center)
    assert [name for _, name in setup.picker.rows] == ["Hana", "Ken"]
    click(app, setup.button_rects["pick Ken"].center)
    assert setup.names[0] == "Ken" and setup.picker.rows == []  # filled in, the list closed
    click(app, setup.button_rects["Start"].center)
    settle(app)
    assert "Ken" in app.manager.stack[0].setup.names
    assert on_disk(home) == ["Ken", "Hana"]


def test_a_typed_name_is_offered_next_time_and_typing_narrows_the_list(make_app, home):
    assert remember_players(home, ["Kenji", "Hana"])
    app = make_app()
    setup = open_setup(app)
    click(app, setup.button_rects["seat 1 name"].center)
    for _ in setup.names[0]:
        key(app, pygame.K_BACKSPACE)
    type_text(app, "K")
    assert [name for _, name in setup.picker.rows] == ["Kenji"]  # names starting so
    type_text(app, "ate")
    assert setup.picker.rows == []  # nobody called Kate yet
    key(app, pygame.K_RETURN)
    click(app, setup.button_rects["Start"].center)
    settle(app)
    assert on_disk(home) == ["Kate", "Kenji", "Hana"]
    app.go_menu()
    settle(app)
    setup = open_setup(app)
    click(app, setup.button_rects["seat 2 human"].center)
    click(app, setup.button_rects["seat 2 name"].center)
    offered = [name for _, name in setup.picker.rows]
    assert offered[:2] == ["Kenji", "Hana"] and "Kate" not in offered  # Kate sits at seat 1


def test_default_and_computer_names_are_not_remembered_and_the_list_is_bounded(make_app, home):
    app = make_app()
    setup = open_setup(app)
    click(app, setup.button_rects["Start"].center)  # "Player 1" against "Pepper"
    settle(app)
    assert not (home / FILE).exists()
    for number in range(MAX_PLAYERS + 5):
        remember_players(home, [f"P{number}"])
    assert on_disk(home) == [f"P{n}" for n in range(MAX_PLAYERS + 4, 4, -1)]


def test_a_kiosk_keeps_no_names(home):
    remember_players(home, ["Hana"])
    app = kiosk_app(home)
    try:
        app.open_setup("whose-foods")
        settle(app)
        setup = app.manager.current
        assert setup.picker.names == []
        setup.names[0] = "Visitor"
        setup.start()
        settle(app)
        assert on_disk(home) == ["Hana"]
    finally:
        app.close()


@pytest.mark.parametrize(
    "content",
    [
        b"not json",
        b'{"names": "Ada"}',
        b'{"names": [1, 2]}',
        b'{"names": ["' + b"N" * 40 + b'"]}',
        b'{"names": ["Ada", "Ada"]}',
        b'{"names": ["a\\u0007b"]}',
        b'{"names": [' + b'"x",' * 100 + b'"y"]}',
        b"[" * 100_000,
        b"\x00" * (players.MAX_BYTES + 1),
    ],
)
def test_a_damaged_list_is_set_aside_with_a_notice_and_the_setup_opens(make_app, home, content):
    (home / FILE).write_bytes(content)
    assert load_players(home)[1] is not None
    (home / FILE).write_bytes(content)  # (set aside by the look above: once more)
    app = make_app()
    open_setup(app)
    assert any("list of players could not be read" in text for text, _ in app.notices)
    assert sorted(home.glob(FILE + ".bad-*")) and not (home / FILE).exists()
    assert load_players(home) == ([], None)  # quiet from then on
