"""Issue 37, item 4 (the ladder): the level offered next comes from the levels' measured strengths
(`game.ai.climb` reading `game.ai.strength.STRENGTH`), not one step up, and the results and the
setup screen say why in a short sentence; a first win against a level is celebrated once per
player, game and level (kept in the record), short, skipped by a click, a key or a pad button,
and shown without movement with reduced motion. Driven by posted clicks and keys."""

import dataclasses
import json

import pygame
import pytest
from helpers.drawn_text import install
from helpers.played_games import finished_game
from helpers.scene_driver import click, frames, key, pass_time, settle, type_text

from game.ai import climb
from game.core.result import Result
from scenes.screens import first_win
from scenes.storage.record import FILE, add_game, load_record

WON = Result(winners=(0,), draw=False, scores=(1, 0), reason="points")
LOST = Result(winners=(1,), draw=False, scores=(0, 1), reason="points")


def measured(easy_wins):
    """A table of measurements where Easy won `easy_wins` of 40 against Beginner, and each level
    above won 34 of 40 against the one below."""

    def row(wins):
        return {"games": 40, "wins": wins, "draws": 0, "losses": 40 - wins}

    return {
        "whose-foods": {
            "easy": {"beginner": row(easy_wins)},
            "normal": {"easy": row(34)},
            "hard": {"normal": row(34)},
            "expert": {"hard": row(34)},
        }
    }


@pytest.fixture
def close_easy(monkeypatch):
    """Easy measured close to Beginner (22 of 40): three straight wins against Beginner rate a
    player above it."""
    monkeypatch.setattr(climb, "STRENGTH", measured(22))


@pytest.fixture
def far_easy(monkeypatch):
    """Easy measured far above Beginner (38 of 40)."""
    monkeypatch.setattr(climb, "STRENGTH", measured(38))


def play(app, home, name, level, result, helped=False, at=0.0):
    seats = ["human", "human"] if level is None else ["human", f"ai:{level}"]
    setup = app.quick_setup("whose-foods", seats)
    setup = dataclasses.replace(setup, names=(name, "Ben" if level is None else setup.names[1]))
    assert add_game(home, setup, result, helped=helped, at=at)
    return setup


def finished_with_winner(seat):
    for seed in range(50):
        final, start, moves = finished_game("whose-foods", players=2, seed=seed)
        if final.result.winners == (seat,) and not final.result.draw:
            return final, start, moves
    raise AssertionError("no such game")


def show_results(app, setup, winner=0):
    """The results of a game `setup` won by `winner`, a few frames in (what opens over them
    is still on show)."""
    final, start, moves = finished_with_winner(winner)
    app.show_results(setup, final, start, moves)
    frames(app, 40)
    return app.manager.stack


# --- the level offered next ----------------------------------------------------------------------
def test_the_same_results_are_offered_another_level_when_the_measurements_differ(
    monkeypatch,
):
    results = {"beginner": (3, 0, 0)}
    monkeypatch.setattr(climb, "STRENGTH", measured(38))
    far = climb.next_level("whose-foods", results)
    monkeypatch.setattr(climb, "STRENGTH", measured(22))
    close = climb.next_level("whose-foods", results)
    assert far.level == "easy" and far.skipped == ()
    assert close.level == "normal" and close.skipped == ("easy",)  # not "one up"
    assert 0 < close.chance < 0.5 and 0 < far.chance < 0.5  # the first rated above the player


def test_losses_keep_a_player_at_the_level_and_the_top_is_the_end(far_easy):
    assert climb.next_level("whose-foods", {"easy": (1, 0, 5)}).level == "easy"
    assert climb.next_level("whose-foods", {"hard": (12, 0, 0)}).level == "expert"
    assert climb.next_level("whose-foods", {"expert": (3, 0, 0)}).level is None
    ratings = climb.level_ratings("whose-foods")
    assert list(ratings) == ["beginner", "easy", "normal", "hard", "expert"]
    assert ratings["beginner"] == 0 and sorted(ratings.values()) == list(ratings.values())


def test_a_level_not_measured_in_full_is_a_plain_step_above(monkeypatch):
    monkeypatch.setattr(climb, "STRENGTH", {})
    ratings = climb.level_ratings("whose-foods")
    assert [ratings[level] for level in ratings] == [0, 100, 200, 300, 400]


def test_the_results_say_the_level_to_try_and_why(make_app, home, close_easy, monkeypatch):
    app = make_app()
    for number in range(3):
        setup = play(app, home, "Ada", "beginner", WON, at=float(number))
    drawn = install(monkeypatch)
    results = show_results(app, setup, winner=1)[-1]
    settle(app)
    assert results.name == "results"
    assert results.ladder == (
        "Ada has beaten Beginner 3 times, more often than Easy did in test games: try Normal."
    )
    assert results.ladder in drawn.words.splitlines()


def test_the_results_offer_one_up_where_the_measurements_say_so(make_app, home, far_easy):
    app = make_app()
    for number in range(3):
        setup = play(app, home, "Ada", "beginner", WON, at=float(number))
    results = show_results(app, setup, winner=1)[-1]
    assert results.ladder == (
        "Ada has beaten Beginner 3 times: try Easy, the weakest level measured above those results."
    )


def test_a_player_losing_at_the_level_beaten_is_told_to_play_it_again(make_app, home, far_easy):
    app = make_app()
    play(app, home, "Ada", "easy", WON, at=1.0)
    for number in range(5):
        setup = play(app, home, "Ada", "easy", LOST, at=2.0 + number)
    results = show_results(app, setup, winner=1)[-1]
    assert results.ladder == (
        "Ada has won 1 of 6 games against Easy: play it again before Normal, measured well above "
        "those results."
    )


def test_the_setup_says_the_level_to_try_and_rings_its_face(
    make_app, home, close_easy, monkeypatch
):
    app = make_app()
    for number in range(3):
        play(app, home, "Ada", "beginner", WON, at=float(number))
    click(app, app.manager.current.button_rects["whose-foods"].center)
    setup = app.manager.current
    rung = []
    monkeypatch.setattr(
        "scenes.screens.ladder.draw_faces",
        lambda *args: rung.append(args[-1]) or [pygame.Rect(args[1], 0, 56, 56)],
    )
    drawn = install(monkeypatch)
    click(app, setup.button_rects["seat 1 name"].center)
    for _ in setup.names[0]:
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Ada")
    key(app, pygame.K_RETURN)
    said = " ".join(drawn.words.splitlines())
    assert "Ada has beaten Beginner 3 times, more often than Easy did in test games: try " in said
    assert "Normal." in said
    assert rung[-1] == "normal"


# --- the first win, celebrated once ----------------------------------------------------------
def test_a_first_win_is_celebrated_once_and_kept_in_the_record(make_app, home, far_easy):
    app = make_app()
    play(app, home, "Ada", "beginner", WON, at=1.0)
    setup = play(app, home, "Ada", "easy", WON, at=2.0)  # (counted at the game's last move)
    stack = show_results(app, setup)
    celebration = stack[-1]
    assert celebration.name == "first win" and stack[-2].name == "results"
    assert celebration.headline == "Ada beat Easy for the first time!"
    assert celebration.next_words == stack[-2].ladder
    entry = load_record(home)[0].entry("Ada", "whose-foods")
    assert entry.celebrated == ["easy"]
    click(app, (960, 540))
    assert app.manager.current.name == "results"
    # the same game's results again (the record already says it was celebrated): not twice
    app.go_menu()
    settle(app)
    assert show_results(app, setup)[-1].name == "results"


def test_a_second_win_a_helped_win_or_a_game_against_people_is_not_celebrated(make_app, home):
    app = make_app()
    setup = play(app, home, "Ada", "beginner", WON, helped=True, at=1.0)
    assert show_results(app, setup)[-1].name == "results"  # helped: not on the ladder
    app.go_menu()
    settle(app)
    play(app, home, "Ada", "beginner", WON, at=2.0)
    setup = play(app, home, "Ada", "beginner", WON, at=3.0)
    assert show_results(app, setup)[-1].name == "results"  # the second one without help
    app.go_menu()
    settle(app)
    setup = play(app, home, "Ada", None, WON, at=4.0)
    assert show_results(app, setup)[-1].name == "results"


@pytest.mark.parametrize("how", ["click", "key", "pad"])
def test_the_celebration_is_skipped_by_a_click_a_key_or_a_pad_button(make_app, home, how):
    app = make_app()
    setup = play(app, home, "Ada", "beginner", WON, at=1.0)
    assert show_results(app, setup)[-1].name == "first win"
    if how == "click":
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 100), button=1))
    elif how == "key":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x"))
    else:
        pygame.event.post(
            pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_A)
        )
    frames(app, 3)
    assert app.manager.current.name == "results"


def test_the_celebration_is_short_and_goes_by_itself(make_app, home):
    app = make_app()
    setup = play(app, home, "Ada", "beginner", WON, at=1.0)
    assert show_results(app, setup)[-1].name == "first win"
    pass_time(app, first_win.SECONDS + 0.5)
    assert app.manager.current.name == "results"


@pytest.mark.parametrize("motion", ["full", "reduced"])
def test_reduced_motion_shows_the_celebration_without_movement(make_app, home, motion):
    app = make_app()
    app.settings.motion = motion
    setup = play(app, home, "Ada", "beginner", WON, at=1.0)
    celebration = show_results(app, setup)[-1]
    assert celebration.name == "first win"
    pictures = []
    for clock in (0.1, 0.3, 1.5):
        celebration.clock = clock
        canvas = pygame.Surface((1920, 1080))
        celebration.draw(canvas)
        pictures.append(pygame.image.tobytes(canvas, "RGB"))
    still = pictures[0] == pictures[1] == pictures[2]
    assert still is (motion == "reduced")


def test_an_old_record_without_celebrations_reads_and_a_bad_one_is_set_aside(make_app, home):
    app = make_app()
    play(app, home, "Ada", "beginner", WON, at=1.0)
    data = json.loads((home / FILE).read_text())
    assert "celebrated" not in data["players"]["Ada"]["games"]["whose-foods"]  # as before
    assert load_record(home)[1] is None
    for number, bad in enumerate((["grandmaster"], [{"a": 1}], ["easy", "easy"], "easy"), 1):
        data["players"]["Ada"]["games"]["whose-foods"]["celebrated"] = bad
        (home / FILE).write_text(json.dumps(data))
        record, notice = load_record(home)
        assert notice and not record.players, bad
        assert len(list(home.glob(f"{FILE}.bad-*"))) == number


def test_wins_against_a_weaker_level_never_pull_a_player_down(far_easy):
    """Beating Beginner as well as Easy rates a player no lower than beating Easy alone."""
    ratings = climb.level_ratings("whose-foods")
    alone = climb.player_rating(ratings, {"easy": (1, 0, 0)})
    both = climb.player_rating(ratings, {"beginner": (3, 0, 0), "easy": (1, 0, 0)})
    assert both >= alone
    assert climb.next_level("whose-foods", {"beginner": (3, 0, 0), "easy": (1, 0, 0)}).level != (
        "easy"
    )
