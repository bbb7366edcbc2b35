"""Every scene driven headless by posted mouse events in logical coordinates."""

import json
import random

import pygame
import pytest
from helpers import drawn_text
from helpers.boards import no_board, swap_board
from helpers.kiosk_driver import with_pin
from helpers.played_games import GAMES, finished_game, show_results
from helpers.scene_driver import click, key, settle, tap, type_text

import scenes.screens.level_words as level_words
from game.core.engine import random_playout
from scenes.kit.palette import seat_colours
from scenes.kit.seats import HUMAN
from scenes.manager import Scene


# --- driving the app: tests/scene_driver.py; the `home` and `make_app` fixtures: conftest.py ---
@pytest.fixture
def no_boards(monkeypatch):
    """No game has a board scene (as before the board issues land)."""
    for game in GAMES:
        no_board(monkeypatch, game)


@pytest.fixture
def fake_board(monkeypatch):
    """Whose Foods gets a stand-in board scene that plays random moves and shows the results."""
    swap_board(monkeypatch, "whose-foods", f"{__name__}:RandomBoard")


class RandomBoard(Scene):
    """A board scene as boards.py describes it: plays a whole game, then hands it to results."""

    name = "board"

    def __init__(self, app, setup, **continued):
        self.app = app
        self.setup = setup
        self.state = setup.new_state()
        self.start = self.state.clone()

    def update(self, dt):
        if not self.state.is_over:
            moves = random_playout(self.state, random.Random(self.setup.seed))
            self.app.show_results(self.setup, self.state, self.start, moves)


# --- menu and setup ------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_menu_tile_opens_that_games_setup(make_app, monkeypatch, game):
    swap_board(monkeypatch, game, f"{__name__}:RandomBoard")
    app = make_app()
    assert app.manager.current.name == "menu"
    click(app, app.manager.current.button_rects[game].center)
    scene = app.manager.current
    assert scene.name == "setup" and scene.game == game


@pytest.mark.slow
def test_a_coming_soon_game_cannot_be_started(make_app, no_boards):
    app = make_app()
    menu = app.manager.current
    assert not any(tile.playable for tile in menu.tiles)
    click(app, menu.button_rects["whose-foods"].center)
    assert app.manager.current is menu  # no dead-end setup
    app.open_setup("whose-foods")  # as the command line may
    settle(app)
    setup = app.manager.current
    assert str(setup.start_button.label) == "Coming soon" and not setup.start_button.enabled
    click(app, setup.button_rects["Start"].center)
    assert app.manager.current is setup
    setup.start()  # even when asked directly
    settle(app)
    assert app.manager.current is setup


def test_setup_start_builds_the_setup_and_starts_the_board(make_app, fake_board):
    app = make_app()
    click(app, app.manager.current.button_rects["whose-foods"].center)
    setup = app.manager.current
    click(app, setup.count_choice.buttons[1].rect.center)  # 3 players
    click(app, setup.button_rects["seat 2 human"].center)
    built = setup.build_setup()
    assert built.game == "whose-foods" and built.players == 3
    assert built.seats[:2] == (HUMAN, HUMAN) and not built.seats[2].is_human
    assert len(set(built.colours)) == 3
    click(app, setup.button_rects["Start"].center)
    assert app.manager.current.name == "results"  # the stand-in board played the whole game
    assert app.games_finished == 1
    results = app.manager.current
    assert results.setup.players == 3 and results.state.is_over


def test_setup_is_remembered_across_a_restart(make_app):
    app = make_app()
    app.open_setup("blanc-noir")  # its tile says "coming soon" until its board is built
    settle(app)
    setup = app.manager.current
    click(app, setup.count_choice.buttons[2].rect.center)  # 4 players
    click(app, setup.button_rects["seat 1 name"].center)
    key(app, pygame.K_BACKSPACE)
    type_text(app, "Ada")
    key(app, pygame.K_RETURN)
    assert setup.names[0] == "Player Ada"
    click(app, setup.button_rects["Menu"].center)
    assert app.manager.current.name == "menu"
    app.close()
    again = make_app()
    again.open_setup("blanc-noir")
    settle(again)
    remembered = again.manager.current
    assert remembered.players == 4 and remembered.names[0] == "Player Ada"


def test_consequence_setup_puts_the_moon_player_in_seat_0(make_app):
    app = make_app()
    app.open_setup("consequence")
    settle(app)
    setup = app.manager.current
    setup.names[:2] = ["Ada", "Bob"]
    setup.first = 1  # Bob plays Moon
    built = setup.build_setup()
    assert built.names == ("Bob", "Ada") and built.first_player == 0


@pytest.mark.parametrize("scheme", ["standard", "colour-blind"])
def test_consequence_seats_take_the_colours_of_the_tiles_they_play(make_app, scheme):
    """Issue 23: Moon plays the blue tiles and Sun the red, so Moon's seat is blue and Sun's
    red (Player 1 had a red marker but played blue), whoever opens; the setup says so."""
    app = make_app()
    app.settings.colour_scheme = scheme
    palette = seat_colours(scheme)
    blue, red = palette[1], palette[0]
    assert blue.name == "blue"
    assert app.quick_setup("consequence", ["human", "ai:easy"]).colours == (blue, red)
    app.open_setup("consequence")
    settle(app)
    setup = app.manager.current
    for first, rows in ((0, (blue, red)), (1, (red, blue))):
        setup.first = first
        assert (setup.row_colour(0), setup.row_colour(1)) == rows  # the opener is Moon: blue
        assert setup.build_setup().colours == (blue, red)
    setup.first = "random"
    assert setup.row_colour(0) is None  # not known until who opens is drawn
    assert setup.build_setup().colours == (blue, red)
    tap(app, setup.swatches[0].rect.center)
    assert setup.refusal.active and "colour of their pieces" in setup.refusal.text
    assert app.quick_setup("whose-foods", ["human", "human"]).colours == tuple(palette[:2])


def test_the_setup_says_a_computer_levels_test_results_in_plain_words(make_app, monkeypatch):
    """Issue 23: not "Beat greedy 16 of 30 games": how it did against the level below (Beginner:
    against a random mover), from a row of 40 games; a level not measured in full says who it
    is instead (issue 26)."""
    below = {"games": 40, "wins": 31, "draws": 1, "losses": 8}
    baseline = {"games": 40, "wins": 36, "draws": 0, "losses": 4}
    partial = {"games": 12, "wins": 9, "draws": 0, "losses": 3}
    table = {
        "consequence": {
            "beginner": {"random": baseline},
            "normal": {"easy": below},
            "hard": {"normal": partial},
        }
    }
    monkeypatch.setattr(level_words, "STRENGTH", table)
    app = make_app()
    app.open_setup("consequence")
    settle(app)
    setup = app.manager.current
    seat = next(s for s, stepper in enumerate(setup.level_steppers) if stepper.visible)
    stepper = setup.level_steppers[seat]
    probe = drawn_text.install(monkeypatch)
    shown = {}
    for level in ("hard", "normal", "easy", "beginner"):
        while setup.levels[seat] != level:
            tap(app, (stepper.minus if level != "hard" else stepper.plus).rect.center)
        probe.clear()
        app.manager.draw(app.canvas)
        shown[level] = probe.words
    assert "Won 36 of 40 test games against a random mover" in shown["beginner"]
    assert "Won 31 of 40 test games against the Easy level" in shown["normal"]
    assert "test game" not in shown["hard"] and "Reads the game well" in shown["hard"]
    assert "test game" not in shown["easy"]  # not measured here: who it is
    assert not any("greedy" in words for words in shown.values())


# --- results --------------------------------------------------------------------------------------
def test_results_show_the_real_breakdown_and_lead_back_to_the_menu(make_app):
    app = make_app()
    state, _, _ = show_results(app)
    results = app.manager.current
    assert results.name == "results"
    for seat in range(state.players):
        assert results.totals[seat] == state.result.scores[seat]
        assert list(results.breakdowns[seat]) == ["shared pieces", "cans", "cans in hand"]
    click(app, results.button_rects["Menu"].center)
    assert app.manager.current.name == "menu"


@pytest.mark.parametrize("game", GAMES)
def test_results_of_each_engine_add_up(make_app, game):
    app = make_app()
    state, _, _ = show_results(app, game, players=2 if game == "consequence" else 3)
    results = app.manager.current
    assert results.totals == list(state.result.scores)


def test_a_finished_game_is_kept_as_a_replay_with_the_start_state_and_moves(make_app, home):
    app = make_app()
    state, _, moves = show_results(app)
    results = app.manager.current
    saved = sorted((home / "replays").glob("whose-foods-*.json"))
    assert len(saved) == 1 and results.saved_to == saved[0]
    data = json.loads(saved[0].read_text())
    assert data["game"] == "whose-foods" and data["setup"]["game"] == "whose-foods"
    assert data["moves"] == [str(m) for m in moves]
    replay = type(state).from_dict(data["start"])
    for move in data["moves"]:
        replay.play(move)
    assert replay.result == state.result
    assert results.save_notice[0].startswith("Replay kept") and not app.notices
    assert str(home) not in results.save_notice[0]  # no path is shown to visitors


def test_change_seats_opens_the_table_just_played_not_the_last_one_set_up(make_app, fake_board):
    """Bug 5: after `--game whose-foods --seats human,human`, Change seats showed the 4-player
    table last set up in the menu."""
    app = make_app()
    click(app, app.manager.current.button_rects["whose-foods"].center)
    setup = app.manager.current
    click(app, setup.count_choice.buttons[2].rect.center)  # 4 players
    click(app, setup.option_toggles[0].rect.center)  # memory mode off
    click(app, setup.button_rects["Menu"].center)
    assert app.settings.last_setup["whose-foods"]["players"] == 4
    app.close()
    again = make_app(game="whose-foods", seats=("human", "human"))
    results = again.manager.current
    assert results.name == "results" and results.setup.players == 2
    played = results.setup
    click(again, results.button_rects["Change seats"].center)
    table = again.manager.current
    assert table.name == "setup" and table.game == "whose-foods"
    assert table.players == 2 and table.computer[:2] == [False, False]
    built = table.build_setup()
    assert built.seats == played.seats and built.names == played.names
    assert [c[1] for c in built.colours] == [c[1] for c in played.colours]
    assert built.options == played.options


@pytest.mark.slow
def test_change_seats_opens_the_setup_and_rematch_starts_again(make_app, fake_board):
    app = make_app()
    show_results(app)
    click(app, app.manager.current.button_rects["Change seats"].center)
    assert app.manager.current.name == "setup" and app.manager.current.game == "whose-foods"
    show_results(app)
    click(app, app.manager.current.button_rects["Rematch"].center)
    assert app.manager.current.name == "results" and app.games_finished == 3


# --- settings, rules, hand-over -------------------------------------------------------------------
def test_settings_persist_across_a_restart(make_app, home):
    app = make_app()
    click(app, app.manager.current.button_rects["Settings"].center)
    settings = app.manager.current
    assert settings.name == "settings"
    click(app, settings.button_rects["Colour-blind"].center)
    click(app, settings.button_rects["Move previews"].center)
    track = settings.master.track_rect
    click(app, (track.left + track.width // 4, track.centery))
    click(app, settings.speed.plus.rect.center)
    click(app, settings.button_rects["Done"].center)
    assert app.manager.current.name == "menu"
    app.close()
    again = make_app()
    assert again.settings.colour_scheme == "colour-blind"
    assert again.settings.hints is False
    assert again.settings.master_volume == pytest.approx(0.25, abs=0.01)
    assert again.settings.animation_speed == 1.5 and again.animation_speed == 1.5


def test_a_corrupt_settings_file_is_recovered_from_with_a_notice(make_app, home):
    (home / "settings.json").write_text("{ this is not json")
    app = make_app()
    assert app.settings.colour_scheme == "standard"
    assert any("could not be read" in text for text, _ in app.notices)
    assert list(home.glob("settings.json.bad-*"))
    banner = app._notice_rect()
    assert (
        app.canvas.get_at((banner.left + 30, banner.centery))[:3]
        != app.manager.current._static.get_at((banner.left + 30, banner.centery))[:3]
    )
    app.settings.hints = False
    app.save_settings()
    assert json.loads((home / "settings.json").read_text())["hints"] is False


def test_rules_pages_tabs_and_back(make_app):
    app = make_app()
    click(app, app.manager.current.button_rects["Rules"].center)
    rules = app.manager.current
    assert rules.name == "rules" and rules.game == "whose-foods" and rules.page == 0
    click(app, rules.button_rects["Next"].center)
    click(app, rules.button_rects["Next"].center)
    assert rules.page == 2
    click(app, rules.button_rects["Consequence"].center)
    assert rules.game == "consequence" and rules.page == 0
    for _ in range(6):
        click(app, rules.button_rects["Next"].center)
    assert rules.page == len(rules.pages) - 1
    click(app, rules.button_rects["Back"].center)
    assert app.manager.current.name == "menu"


def test_the_rules_scene_turns_pages_with_keys_and_buttons(make_app):
    app = make_app()
    app.open_rules("consequence")
    settle(app)
    rules = app.manager.current
    assert rules.game == "consequence"
    key(app, pygame.K_RIGHT)
    assert rules.page == 1
    click(app, rules.button_rects["Previous"].center)
    assert rules.page == 0


def test_the_handover_scene_waits_for_a_click_then_hands_back(make_app):
    app = make_app()
    ready = []
    app.handover(
        "Sun",
        app.quick_setup("consequence", ["human", "human"]).colours[1],
        lambda: ready.append(True),
    )
    settle(app)
    handover = app.manager.current
    assert handover.name == "handover" and not ready
    click(app, handover.button_rects["I am ready"].center)
    assert ready == [True] and app.manager.current.name == "menu"


def test_quit_button_ends_the_loop_and_kiosk_has_none(make_app, home):
    app = make_app()
    click(app, app.manager.current.button_rects["Quit"].center)
    assert app.running is False
    with_pin(home)
    kiosk = make_app(kiosk=True)
    assert "Quit" not in kiosk.manager.current.button_rects and kiosk.kiosk
    key(kiosk, pygame.K_q, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert kiosk.running  # a kiosk's chord is held for seconds (tests/test_kiosk_exits.py)


def test_f11_toggles_fullscreen_and_remembers_it(make_app, home):
    app = make_app()
    assert app.fullscreen is False
    key(app, pygame.K_F11)
    assert app.fullscreen is True and app.settings.fullscreen is True
    assert json.loads((home / "settings.json").read_text())["fullscreen"] is True
    assert app.canvas.get_size() == (1920, 1080)


# --- crashes --------------------------------------------------------------------------------------
class Broken(Scene):
    name = "broken"

    def update(self, dt):
        raise RuntimeError("a bug in a scene")


def test_a_crashing_scene_returns_to_the_menu_with_a_notice_and_a_log(make_app, home):
    app = make_app()
    app.manager.switch(Broken(), fade=False)
    settle(app)
    assert app.manager.current.name == "menu"
    assert any("that screen hit a problem" in text for text, _ in app.notices)
    assert not any("broken" in text for text, _ in app.notices)  # no internal id shown
    log_text = (home / "tabletop-trio.log").read_text()
    assert "scene broken crashed" in log_text and "a bug in a scene" in log_text
    assert app.running


def test_frame_statistics_cover_the_run(make_app):
    app = make_app()
    app.run(frames=20, fixed_dt=1 / 60)
    stats = app.stats()
    assert stats["frames"] == app.frames >= 20
    assert stats["scene"] == "menu" and stats["games_finished"] == 0
    assert stats["frame_ms_mean"] > 0 and stats["frame_ms_p99"] > 0
    assert min(app.frame_ms) - 0.001 <= stats["frame_ms_p99"] <= max(app.frame_ms) + 0.001


class BrokenBoard(Scene):
    name = "board"

    def __init__(self, app, setup, **continued):
        raise RuntimeError("the board is broken")


def test_a_board_that_fails_to_start_leaves_the_setup_open_with_a_notice(
    make_app, monkeypatch, home
):
    swap_board(monkeypatch, "whose-foods", f"{__name__}:BrokenBoard")
    app = make_app()
    app.open_setup("whose-foods")
    settle(app)
    click(app, app.manager.current.button_rects["Start"].center)
    assert app.manager.current.name == "setup"
    assert any("could not start" in text for text, _ in app.notices)
    assert "the board is broken" in (home / "tabletop-trio.log").read_text()


def test_an_unreadable_remembered_setup_falls_back_to_defaults(make_app):
    app = make_app()
    app.settings.last_setup["whose-foods"] = {"players": 3, "seats": 5, "names": None}
    app.open_setup("whose-foods")
    settle(app)
    setup = app.manager.current
    assert setup.name == "setup" and setup.players == 2


def test_escape_while_typing_a_name_only_ends_the_typing(make_app):
    app = make_app()
    app.open_setup("consequence")
    settle(app)
    setup = app.manager.current
    click(app, setup.button_rects["seat 2 name"].center)
    assert setup.name_fields[1].focused
    key(app, pygame.K_ESCAPE)
    assert app.manager.current is setup and not setup.name_fields[1].focused
    key(app, pygame.K_ESCAPE)
    assert app.manager.current.name == "menu"


def test_results_bars_grow_to_their_points_and_a_click_skips_the_growth(make_app):
    app = make_app()
    state, start, moves = finished_game()
    app.show_results(
        app.quick_setup("whose-foods", ["human", "ai:easy", "ai:easy"]), state, start, moves
    )
    while app.manager.busy:  # the fade only, not the bars
        app.run(frames=1, fixed_dt=1 / 60)
    results = app.manager.current
    assert results.name == "results" and results.animating and results.grow < 1
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(960, 60), button=1))
    app.run(frames=1, fixed_dt=1 / 60)
    assert not results.animating and results.grow == 1.0
    zero, scale = results.bar_geometry()
    for seat in range(state.players):
        parts = results.bar_rects(seat)
        positive = sum(rect.width for _, value, rect in parts if value > 0)
        negative = sum(rect.width for _, value, rect in parts if value < 0)
        breakdown = state.breakdown(seat)
        assert abs(positive - scale * sum(v for v in breakdown.values() if v > 0)) <= len(parts)
        assert abs(negative + scale * sum(v for v in breakdown.values() if v < 0)) <= len(parts)
        for _, value, rect in parts:
            assert (rect.left >= zero) if value > 0 else (rect.right <= zero)


def test_dragging_a_volume_slider_saves_once_when_let_go(make_app, home):
    app = make_app()
    app.open_settings()
    settle(app)
    settings = app.manager.current
    track = settings.effects.track_rect
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(track.left, track.centery), button=1)
    )
    for x in range(track.left, track.left + track.width // 2, 40):
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=(x, track.centery), rel=(40, 0), buttons=(1, 0, 0)
            )
        )
    app.run(frames=1, fixed_dt=1 / 60)
    assert settings.effects.dragging and not (home / "settings.json").exists()
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEBUTTONUP, pos=(track.left + track.width // 2, track.centery), button=1
        )
    )
    settle(app)
    saved = json.loads((home / "settings.json").read_text())
    assert saved["effects_volume"] == pytest.approx(0.5, abs=0.01)


def test_default_names_are_said_in_the_language_shown_and_typed_names_are_kept(make_app):
    """A Japanese player's seats are プレイヤー1, not "Player 1"; a default name kept from a
    session in another language follows the language; a typed one never changes."""
    app = make_app()
    app.open_setup("whose-foods")
    settle(app)
    click(app, app.manager.current.button_rects["Menu"].center)  # "Player 1" remembered
    click(app, app.manager.current.button_rects["Settings"].center)
    click(app, app.manager.current.button_rects["日本語"].center)
    click(app, app.manager.current.button_rects["Done"].center)
    click(app, app.manager.current.button_rects["whose-foods"].center)
    setup = app.manager.current
    assert setup.names[:2] == ["プレイヤー1", "ペッパー"]
    click(app, setup.button_rects["seat 2 human"].center)  # a person now: their default
    assert setup.names[1] == "プレイヤー2"
    click(app, setup.button_rects["seat 2 name"].center)
    type_text(app, "花")
    key(app, pygame.K_RETURN)
    assert setup.build_setup().names == ("プレイヤー1", "プレイヤー2花")
    click(app, setup.button_rects["Menu"].center)
    click(app, app.manager.current.button_rects["Settings"].center)
    click(app, app.manager.current.button_rects["English"].center)
    click(app, app.manager.current.button_rects["Done"].center)
    click(app, app.manager.current.button_rects["whose-foods"].center)
    assert app.manager.current.names[:2] == ["Player 1", "プレイヤー2花"]
    click(app, app.manager.current.button_rects["seat 1 computer"].center)
    assert app.manager.current.names[0] == "Clover"


def test_a_name_typed_with_invisible_controls_keeps_them_out_and_the_game_continues(make_app):
    """A zero-width space or a direction override is no letter: kept out of the name, and a
    Japanese full-width space becomes a space, so the save and the settings that hold the name
    are read back (the monkey found a game set aside)."""
    app = make_app()
    app.open_setup("whose-foods")
    settle(app)
    setup = app.manager.current
    click(app, setup.button_rects["seat 1 name"].center)
    for letter in "A\u200bB\u202eC\u0301\u3000D":  # (an accent is a letter's: kept)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    settle(app)
    key(app, pygame.K_RETURN)
    assert setup.names[0] == "Player 1ABC\u0301 D"  # a full-width space: a space
    click(app, setup.button_rects["Start"].center)
    settle(app)
    board = app.manager.current
    board.play(board.state.legal_moves()[0])
    settle(app)
    tap(app, board.button_rects["Menu"].center)
    tap(app, app.manager.current.button_rects["Leave"].center)
    settle(app)
    assert not app.notices
    click(app, app.manager.current.button_rects["Continue"].center)
    settle(app)
    assert app.manager.stack[0].setup.names[0] == "Player 1ABC\u0301 D" and not app.notices


def test_a_japanese_input_method_shows_what_it_composes_and_types_what_it_commits(
    make_app, monkeypatch
):
    """An IME sends what it composes (TEXTEDITING: shown in the field, underlined, its own keys
    left to it) and then what is chosen (TEXTINPUT: typed)."""
    from helpers.drawn_text import install

    told = []
    monkeypatch.setattr(pygame.key, "set_text_input_rect", told.append)
    app = make_app()
    app.open_setup("whose-foods")
    settle(app)
    setup = app.manager.current
    click(app, setup.button_rects["seat 1 name"].center)
    field = setup.name_fields[0]
    assert len(told) == 1  # the input method is told where the field is, in window pixels
    assert field.rect.collidepoint(app.screen.window_to_canvas(told[0].center))
    key(app, pygame.K_BACKSPACE)
    assert setup.names[0] == "Player "
    drawn = install(monkeypatch)
    pygame.event.post(pygame.event.Event(pygame.TEXTEDITING, text="やまだ", start=3, length=0))
    settle(app)
    assert field.composing == "やまだ" and setup.names[0] == "Player "  # not typed yet
    assert "Player " in drawn.words.split("\n") and "やまだ" in drawn.words.split("\n")
    key(app, pygame.K_BACKSPACE)  # the IME's key while it composes: not the field's
    key(app, pygame.K_RETURN)
    assert setup.names[0] == "Player " and field.focused
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="山田"))
    settle(app)
    assert field.composing == "" and setup.names[0] == "Player 山田"
    key(app, pygame.K_RETURN)
    assert not field.focused and setup.build_setup().names[0] == "Player 山田"
