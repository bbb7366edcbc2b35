"""Issue 37, items 3 and 4 on the results: a game against a computer level shows the row of the
five level faces (those the player has beaten without help ticked, read from the record) with
the ladder's sentence, laid out so that nothing overlaps, and said again in the language shown
after a switch; a game of people only shows none; a win with help is kept in the record and
marked, and the results, the ladder and the statistics say it is not counted on the ladder.
Driven by posted clicks: the setup, the game's last move, the Hint button."""

import dataclasses

import pygame
import pytest
from helpers.drawn_text import install
from helpers.overlap_tool import checker
from helpers.played_games import finished_game, table
from helpers.scene_driver import click, frames, key, pass_device_if_asked, settle, tap, type_text

from game.ai import coach
from game.ai.levels import LEVELS
from game.core.result import Result
from scenes.kit import fonts, i18n
from scenes.kit.palette import GOOD
from scenes.screens import ladder
from scenes.storage.record import add_game, load_record

GAME = "whose-foods"
WON = Result(winners=(0,), draw=False, scores=(1, 0), reason="points")


OVERLAP = checker()


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


@pytest.fixture
def faces(monkeypatch):
    """Where the ladder's faces were last drawn (the five rects, Beginner first)."""
    drawn: list[list[pygame.Rect]] = []
    draw = ladder.draw_faces

    def recording(*args, **kwargs):
        drawn.append(draw(*args, **kwargs))
        return drawn[-1]

    monkeypatch.setattr(ladder, "draw_faces", recording)
    return drawn


def ticked(canvas, rects):
    """The levels whose face wears the green tick on `canvas` (its badge's upper left part)."""
    found = []
    for level, face in zip(LEVELS, rects, strict=True):
        side = face.width // 2
        badge = pygame.Rect(0, 0, side, side)
        badge.center = (face.right - face.width // 8, face.top + face.width // 8)
        spot = (badge.left + side // 4 + 2, badge.top + side // 4 + 2)
        if tuple(canvas.get_at(spot))[:3] == GOOD:
            found.append(level)
    return found


def the_end_won_by(seat, players):
    """(position, last move) of a random game whose last move `seat` plays and wins."""
    for seed in range(200):
        final, start, moves = finished_game(GAME, players=players, seed=seed)
        if final.result.draw or final.result.winners != (seat,):
            continue
        position = start.clone()
        for move in moves[:-1]:
            position.play(move)
        if position.current_player == seat:
            return position, moves[-1]
    raise AssertionError("no such game")


def set_up_by_clicks(app, opponent):
    """From the menu: the game's setup, seat 1 named Ada, seat 2 a computer of level `opponent`
    (or a person named Ben), then Start; the board."""
    tap(app, app.manager.current.button_rects[GAME].center)
    settle(app)
    setup = app.manager.current
    assert setup.name == "setup"
    for seat, name in ((0, "Ada"), (1, "Ben")):
        if seat == 1 and opponent != "people":
            continue
        if seat == 1:
            click(app, setup.button_rects["seat 2 human"].center)
        click(app, setup.button_rects[f"seat {seat + 1} name"].center)
        for _ in setup.names[seat]:
            key(app, pygame.K_BACKSPACE)
        type_text(app, name)
        key(app, pygame.K_RETURN)
    if opponent != "people":
        click(app, setup.button_rects["seat 2 computer"].center)
        stepper = setup.level_steppers[1]
        while setup.levels[1] != opponent:
            tap(app, stepper.minus.rect.center)
    tap(app, setup.button_rects["Start"].center)
    settle(app)
    pass_device_if_asked(app)
    board = app.manager.stack[0]
    assert board.name == "board" and board.setup.names[0] == "Ada"
    return board


def win_the_last_move_by_clicks(app, board, faces, hint=False):
    """Ada to move one move from the end (a position of a random game), then she plays the
    winning last move by clicks (after asking for a hint, with `hint`); the results, over
    any celebration (clicked away). `faces` holds the faces drawn from the last move on."""
    position, last = the_end_won_by(0, board.setup.players)
    board.set_state(position)
    settle(app)
    pass_device_if_asked(app)
    assert board.human_to_move
    if hint:
        tap(app, board.button_rects["Hint"].center)
        for _ in range(6000):
            if board.coach_hint.shown is not None:
                break
            app.run(frames=1, fixed_dt=1 / 60)
        assert board.coach_hint.shown is not None
    faces.clear()
    for spot in board.click_path(last):
        click(app, spot.center)
    for _ in range(3000):
        if app.manager.current.name in ("results", "first win") and not app.manager.busy:
            break
        app.run(frames=1, fixed_dt=1 / 60)
    if app.manager.current.name == "first win":
        click(app, (960, 540))
    settle(app)
    results = app.manager.current
    assert results.name == "results"
    return results


def drawn_results(results):
    canvas = pygame.Surface((1920, 1080))
    results.draw(canvas)
    return canvas


# --- item 4: the row of faces on the results -----------------------------------------------------
def test_a_win_against_a_level_shows_the_row_with_that_level_beaten(make_app, home, faces):
    app = make_app()
    setup = app.quick_setup(GAME, ["human", "ai:beginner"])
    add_game(home, dataclasses.replace(setup, names=("Ada", setup.names[1])), WON, False, at=1.0)
    board = set_up_by_clicks(app, "easy")
    results = win_the_last_move_by_clicks(app, board, faces)
    entry = load_record(home)[0].entry("Ada", GAME)
    assert entry.unaided_wins("easy") == 1 and entry.unaided_wins("beginner") == 1  # (the record)
    canvas = drawn_results(results)
    assert faces and all(rects == faces[0] for rects in faces)  # one row, of the five faces
    assert ticked(canvas, faces[0]) == ["beginner", "easy"]
    assert results.ladder.startswith("Ada has beaten Easy 1 time")
    row = faces[0][0].union(faces[0][-1])
    assert results.chart.contains(row) and row.bottom < results.row_centre(0) - 30


def test_a_hot_seat_game_of_people_only_shows_no_ladder(make_app, home, faces):
    app = make_app()
    board = set_up_by_clicks(app, "people")
    assert board.setup.names[:2] == ("Ada", "Ben") and board.setup.level(1) is None
    results = win_the_last_move_by_clicks(app, board, faces)
    assert load_record(home)[0].entry("Ada", GAME).counts("people")["won"] == 1  # counted
    drawn_results(results)
    assert results.ladder is None and faces == []


def endings(game, players):
    """A random game of `game` decided by its points and one decided otherwise (a banner over
    a smaller chart, titled as not counted), where its rules have such an end."""
    from scenes.screens.results import decided_by_points

    found = {}
    for seed in range(60):
        final, start, moves = finished_game(game, players=players, seed=seed)
        setup = table(game, players)
        found.setdefault(decided_by_points(setup, final.result), (final, start, moves))
        if len(found) == 2:
            break
    return list(found.values())


@pytest.fixture(params=["normal", "large"])
def text_size(request):
    fonts.set_text_size(request.param)
    yield request.param
    fonts.set_text_size("normal")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_row_overlaps_nothing_on_the_results(
    make_app, home, language, lang, players, text_size
):
    """The results of every game, ended by the points and otherwise, the ladder's row in the
    chart's title line or on a line of its own under it (a long title, a picture of the board
    narrowing the chart), with no text overlapping, cut or out of its panel: the checker of
    tools/text_overlap.py."""
    from game import GAMES

    language(lang)
    app = make_app()
    placed = set()
    for game in GAMES:
        count = players if players in GAMES[game].player_counts else 2
        for at, level in enumerate(("beginner", "easy", "hard")):
            setup = app.quick_setup(game, ["human"] + [f"ai:{level}"] * (count - 1))
            setup = dataclasses.replace(setup, names=("Ada", *setup.names[1:]))
            add_game(home, setup, WON, False, at=float(at))
        for final, start, moves in endings(game, count):
            app.show_results(setup, final, start, moves)
            for _ in range(600):
                if not app.manager.busy:
                    break
                frames(app)
            results = next(scene for scene in app.manager.stack if scene.name == "results")
            assert results.ladder_row is not None
            results.timeline.skip()  # (the bars grown, their numbers drawn)
            canvas = OVERLAP.RecordingCanvas((1920, 1080))
            results.draw(canvas)
            assert OVERLAP.problems(canvas) == [], (game, lang, text_size, results.by_points)
            placed.add(results.ladder_row.beside(results.chart, results._title_right()) is None)
    assert placed == {False, True}  # (both places were looked at)


# --- item 2: said again in the language shown ----------------------------------------------------
def test_the_ladders_sentence_is_said_again_after_a_switch_of_language(
    make_app, home, monkeypatch, language
):
    app = make_app()
    setup = app.quick_setup(GAME, ["human", "ai:beginner"])
    setup = dataclasses.replace(setup, names=("Ada", setup.names[1]))
    for at in range(3):
        add_game(home, setup, WON, False, at=float(at))
    final, start, moves = finished_game(GAME, players=2, seed=3)
    app.show_results(setup, final, start, moves)
    settle(app)
    results = app.manager.current
    english = results.ladder
    assert english.startswith("Ada has beaten Beginner 3 times")
    drawn = install(monkeypatch)
    language("ja")  # (as the language button of a kiosk's screen switches it)
    app.manager.draw(app.canvas)  # (an idle screen is drawn again on the next event)
    japanese = results.ladder
    assert japanese != english and "「入門」に3回勝っています" in japanese
    said = "".join(drawn.words.splitlines())
    assert japanese.replace(" ", "") in said.replace(" ", "")  # (wrapped, maybe)


# --- item 3: a win with help is marked, and not counted on the ladder ----------------------------
@pytest.fixture
def quick_coach(monkeypatch):
    monkeypatch.setattr(
        coach, "ITERATIONS", {"beginner": 40, "easy": 60, "normal": 80, "hard": 120, "expert": 160}
    )


def test_a_win_with_a_hint_is_marked_and_not_counted_on_the_ladder(
    make_app, home, faces, quick_coach, monkeypatch
):
    app = make_app()
    board = set_up_by_clicks(app, "beginner")
    results = win_the_last_move_by_clicks(app, board, faces, hint=True)
    entry = load_record(home)[0].entry("Ada", GAME)
    assert entry.counts("beginner")["won"] == 1 and entry.counts("beginner")["helped"] == 1
    assert entry.last[-1]["helped"] is True
    assert entry.unaided_wins("beginner") == 0 and entry.ladder_results("beginner") == (0, 0, 0)
    assert entry.best_streak == 0  # a win with help does not lengthen the streak
    assert entry.celebrated == []  # nor is it celebrated
    canvas = drawn_results(results)
    assert ticked(canvas, faces[-1]) == []
    assert results.ladder == (
        "Ada won with help (a hint or a move taken back): a win with help is not counted on the "
        "ladder."
    )
    # the statistics say it too, beside the table that counts it
    app.go_menu()
    settle(app)
    drawn = install(monkeypatch)
    tap(app, app.manager.current.button_rects["Statistics"].center)
    settle(app)
    words = drawn.words.splitlines()
    assert "1 game with help (a hint or a move taken back)" in words
    assert "1 win with help, not counted on the ladder" in words


def test_the_ladder_counts_games_without_a_win_with_help(make_app, home):
    """ "Won 1 of 3 games" counts the games the ladder reads: a win with help is not one; a loss
    with help is (help did not win it); and a win with help neither lengthens nor ends a
    streak."""
    app = make_app()
    setup = app.quick_setup(GAME, ["human", "ai:easy"])
    setup = dataclasses.replace(setup, names=("Ada", setup.names[1]))
    lost = Result(winners=(1,), draw=False, scores=(0, 1), reason="points")
    for at, (result, helped) in enumerate(
        ((WON, False), (WON, True), (lost, True), (lost, False), (WON, True))
    ):
        add_game(home, setup, result, helped, at=float(at))
    entry = load_record(home)[0].entry("Ada", GAME)
    assert entry.counts("easy")["played"] == 5 and entry.ladder_results("easy") == (1, 0, 2)
    assert entry.helped_wins("easy") == 2
    words = ladder.climb_words("Ada", entry, GAME)
    assert words == (  # (the other two: the wins with help)
        "Ada has won 1 of 3 games against Easy: play it again before Normal, measured well above "
        "those results."
    )
    add_game(home, setup, WON, False, at=6.0)
    entry = load_record(home)[0].entry("Ada", GAME)
    assert entry.streak == 1 and entry.best_streak == 1
    add_game(home, setup, WON, True, at=7.0)
    add_game(home, setup, WON, False, at=8.0)
    entry = load_record(home)[0].entry("Ada", GAME)
    assert entry.streak == 2 and entry.best_streak == 2  # (the win with help between: left out)
