"""The lessons on the real boards, driven by posted clicks: each completed by what glows, a wrong
click or move changing nothing and answered, Back and Skip, leaving that asks, the hidden faces
of the other seat never drawn, the saved game never touched, and where the lessons are offered
(setup, rules, pause menu, the menu tile, the last screen's game against the weakest computer)."""

import dataclasses

import pygame
import pytest
from helpers.drawn_text import install
from helpers.kept import newest_saved
from helpers.kiosk_driver import kiosk_app, touch
from helpers.kiosk_driver import settle as kiosk_settle
from helpers.scene_driver import (
    check_every_frame,
    click,
    frames,
    key,
    pass_time,
    settle,
    tap,
    watch_faces,
)

from game import GAMES
from game.ai.levels import LEVELS, level
from game.consequence.moves import PlacePush
from game.core.grid import SQUARE_NAMES, read_grid
from scenes.app import App, Options
from scenes.bench.board_checks import BoardWatch
from scenes.bench.lessons import play_lesson
from scenes.boards import BOARDS
from scenes.boards.lessons import You, coach
from scenes.boards.lessons.scene import FOLLOW_THE_GLOW, GLOW_SECONDS, LAST_PANEL
from scenes.kiosk.attract import AttractScene
from scenes.kit import callout, fonts
from scenes.kit.i18n import LANGUAGES, SOURCE_LANGUAGE, gettext, set_language
from scenes.storage.settings import Settings, SettingsStore

GAME_KEYS = list(BOARDS)
HIDDEN = [game for game in GAME_KEYS if GAMES[game].hidden_information]


@pytest.fixture
def lesson_app(home):
    """make(speed=10) -> an App on `home`, settled on the menu (closed after)."""
    made = []

    def make(speed=10.0, kiosk=False):
        app = App(Options(seed=1, speed=speed, kiosk=kiosk), SettingsStore(home))
        pygame.event.clear()
        settle(app)
        made.append(app)
        return app

    yield make
    for app in made:
        app.close()


def open_lesson(app, game):
    app.open_lesson(game)
    settle(app)
    lesson = app.manager.current
    assert lesson.name == "lesson"
    return lesson


def finish_step(app, lesson):
    """Click what glows until the step's callout is up."""
    for _ in range(40):
        if lesson.step_done:
            return
        path = lesson.hint_path()
        if path:
            click(app, path[0].center)
        else:
            frames(app, 10)
    raise AssertionError(f"step {lesson.index + 1} did not end")


def wrong_spot(lesson):
    """A place on the board that is none of the glowing move's clicks: an empty square of a
    4x4 board, or a land square (with nothing picked up, it picks nothing)."""
    board, path = lesson.board, lesson.hint_path()
    if lesson.game == "blanc-noir":
        return board.spot_rect("0 0").center
    cells = read_grid(board.on_show.shown.diagram())
    for name, cell in zip(SQUARE_NAMES, cells, strict=True):
        rect = board.spot_rect(name)
        if cell == "." and not any(rect.colliderect(step) for step in path):
            return rect.center
    raise AssertionError("no empty square to click wrongly")


def snapshot(lesson):
    board = lesson.board
    return board.state.to_dict(), list(board.moves), lesson.index, lesson.beat


# --- each lesson, played by its clicks ---------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("game", GAME_KEYS)
def test_each_lesson_is_completed_by_its_clicks(lesson_app, game):
    app = lesson_app()
    lesson = open_lesson(app, game)
    watch = watch_faces(app, lesson.board)  # every face drawn, judged against the seat on show
    finished_steps = []

    def before_click(scene):
        """At each Next: the board played the step's accepted moves and scripted replies."""
        if scene.step_done and scene.index not in finished_steps:
            finished_steps.append(scene.index)
            beats = scene.lesson.steps[scene.index].beats
            wanted = [b.moves[0] if isinstance(b, You) else b.move for b in beats]
            assert scene.board.moves[-len(wanted) :] == wanted, scene.index + 1

    run = play_lesson(app, lesson, on_click=before_click)
    assert lesson.finished and run.steps == len(lesson.lesson.steps)
    assert finished_steps == list(range(run.steps))
    assert game in app.settings.lessons_done
    assert game in SettingsStore(app.store.folder).load().lessons_done  # saved
    assert watch.faces_checked > 0


@pytest.mark.slow
@pytest.mark.parametrize("game", HIDDEN)
def test_a_hidden_information_lesson_never_draws_the_other_seats_secrets(lesson_app, game):
    """Every face drawn, frame by frame, is one the seat on show may see (the game's own face
    rule, as in play); and while the game goes on, no face of the scripted seat's hand is drawn
    and every face drawn is the person's seat's."""
    app = lesson_app()
    lesson = open_lesson(app, game)
    watch = BoardWatch(lesson.board)
    drawn = []

    def check():
        if not lesson.board.state.is_over:
            drawn.extend(lesson.board.on_show.faces_seen)
        leaks = watch.leaks()
        assert not leaks, leaks

    check_every_frame(app, check)
    for _ in lesson.lesson.steps:
        finish_step(app, lesson)
        click(app, lesson.next_button.rect.center)
    assert lesson.finished and watch.faces_checked > len(drawn) > 0
    other = 1 - lesson.lesson.you
    assert {seat for seat, _, _ in drawn} == {lesson.lesson.you}
    assert not [place for _, _, place in drawn if place == f"hand {other}"]


@pytest.mark.slow
@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_wrong_click_at_every_step_changes_nothing_and_shows_the_hint(lesson_app, game):
    app = lesson_app()
    lesson = open_lesson(app, game)
    parse = GAMES[game].parse_move
    for index, step in enumerate(lesson.lesson.steps):
        assert lesson.index == index and lesson.hint_rect() is not None
        pass_time(app, GLOW_SECONDS)  # the glow settles, then a wrong click makes it breathe again
        assert lesson.glow == 0
        before = snapshot(lesson)
        tap(app, wrong_spot(lesson))
        assert lesson.glow > 0 and lesson.hint_rect() is not None
        settle(app)
        assert snapshot(lesson) == before, f"step {index + 1}: a wrong click changed the game"
        assert lesson.answer, f"step {index + 1}: no answer to the wrong click"
        you = step.beats[0]
        for wrong in you.wrong if isinstance(you, You) else ():
            for rect in lesson.board.click_path(parse(lesson.board.state, wrong.move)):
                click(app, rect.center)
            assert snapshot(lesson) == before, f"step {index + 1}: {wrong.move} was played"
            assert lesson.answer == wrong.words
        finish_step(app, lesson)
        click(app, lesson.next_button.rect.center)
    assert lesson.finished


# --- single steps --------------------------------------------------------------------------------


def test_a_legal_move_the_step_does_not_want_is_answered_and_changes_nothing(lesson_app):
    app = lesson_app()
    lesson = open_lesson(app, "whose-foods")
    before = snapshot(lesson)
    board = lesson.board
    piece, square = board.click_path(GAMES["whose-foods"].parse_move(board.state, "LC a1"))
    click(app, piece.center)
    tap(app, square.center)
    assert snapshot(lesson) == before
    assert lesson.answer == lesson.lesson.steps[0].beats[0].not_this
    assert lesson.hint_rect() is not None and lesson.glow > 0  # it glows again


def test_an_illegal_move_is_answered_with_the_engines_refusal(lesson_app):
    app = lesson_app()
    lesson = open_lesson(app, "consequence")
    for _ in range(2):
        finish_step(app, lesson)
        click(app, lesson.next_button.rect.center)
    assert lesson.index == 2  # Sun has just moved the tile on b3: it may not move now (CQ-11)
    before = snapshot(lesson)
    click(app, lesson.board.spot_rect("b3").center)
    assert snapshot(lesson) == before
    assert "just moved that tile" in lesson.answer


def test_an_illegal_placement_is_answered_in_whose_foods(lesson_app):
    app = lesson_app()
    lesson = open_lesson(app, "whose-foods")
    finish_step(app, lesson)
    click(app, lesson.next_button.rect.center)
    board = lesson.board
    before = snapshot(lesson)
    click(app, board.click_path(GAMES["whose-foods"].parse_move(board.state, "LC a1"))[0].center)
    click(app, board.spot_rect("b2").center)  # a large cat on the large dog: not allowed (WF-9)
    assert snapshot(lesson) == before
    assert lesson.answer and "b2" in lesson.answer


def test_back_and_skip_move_between_steps_from_their_start(lesson_app):
    app = lesson_app()
    lesson = open_lesson(app, "blanc-noir")
    starts = lesson.checked.starts
    assert not lesson.back_button.enabled
    click(app, lesson.back_button.rect.center)
    assert lesson.index == 0 and lesson.answer == "This is the first step."
    finish_step(app, lesson)
    click(app, lesson.button_rects["Skip"].center)
    assert lesson.index == 1 and not lesson.step_done
    assert lesson.board.state.to_dict() == starts[1].to_dict()
    click(app, lesson.button_rects["Skip"].center)
    click(app, lesson.button_rects["Back"].center)
    assert lesson.index == 1 and lesson.board.state.to_dict() == starts[1].to_dict()
    for _ in range(len(starts) - 1):  # from step 2: the last Skip ends the lesson
        click(app, lesson.button_rects["Skip"].center)
    assert lesson.finished
    assert "blanc-noir" in app.settings.lessons_done


def test_escape_asks_first_and_leaving_returns_to_the_setup(lesson_app):
    app = lesson_app()
    app.open_setup("consequence")
    settle(app)
    setup = app.manager.current
    click(app, setup.button_rects["Learn"].center)
    lesson = app.manager.current
    assert lesson.name == "lesson"
    key(app, pygame.K_ESCAPE)
    confirm = app.manager.current
    assert confirm.name == "confirm" and confirm.question == "Leave the lesson?"
    click(app, confirm.button_rects["Stay"].center)
    assert app.manager.current is lesson
    click(app, lesson.button_rects["Leave"].center)
    click(app, app.manager.current.button_rects["Leave"].center)
    assert app.manager.current is setup


@pytest.mark.parametrize("game", GAME_KEYS)
def test_escape_drops_what_is_held_before_it_asks(lesson_app, game):
    """As on a board (issue 23): a piece picked up is put back first; the next Escape asks."""
    app = lesson_app()
    lesson = open_lesson(app, game)
    path = lesson.hint_path()
    assert len(path) >= 2  # something to pick up, then where it goes
    click(app, path[0].center)
    assert lesson.board.has_selection()
    key(app, pygame.K_ESCAPE)
    assert app.manager.current is lesson and not lesson.board.has_selection()
    key(app, pygame.K_ESCAPE)
    assert app.manager.current.name == "confirm"


def test_the_lesson_never_touches_the_game_in_progress(lesson_app):
    """Opened from the pause menu over a game: the game's save is left as it was, and leaving
    the lesson comes back to the game."""
    app = lesson_app()
    assert app.start_game(app.quick_setup("whose-foods", ["human", "human"]))
    settle(app)
    board = app.manager.current
    board.play("LD a1")
    settle(app)
    saved = newest_saved(app.store.folder)
    assert saved is not None and saved.moves == ("LD a1",)
    click(app, board.button_rects["Pause"].center)
    click(app, app.manager.current.button_rects["Learn (2 min)"].center)
    lesson = app.manager.current
    assert lesson.name == "lesson"
    finish_step(app, lesson)
    assert newest_saved(app.store.folder).moves == ("LD a1",)
    key(app, pygame.K_ESCAPE)
    click(app, app.manager.current.button_rects["Leave"].center)
    assert app.manager.current.name == "pause"
    click(app, app.manager.current.button_rects["Resume"].center)
    assert app.manager.current is board and board.moves == ["LD a1"]


def test_the_last_screen_starts_a_game_against_the_weakest_computer(lesson_app):
    app = lesson_app()
    lesson = open_lesson(app, "blanc-noir")
    lesson.finish()
    settle(app)
    click(app, lesson.button_rects["Play"].center)
    board = app.manager.current
    assert board.name == "board" and board.setup.game == "blanc-noir"
    assert [str(seat) for seat in board.setup.seats] == ["human", f"ai:{LEVELS[0]}"]


def test_the_last_screen_names_the_weakest_computer(lesson_app, monkeypatch):
    app = lesson_app()
    lesson = open_lesson(app, "consequence")
    drawn = install(monkeypatch)
    lesson.finish()
    settle(app)
    app.manager.draw(app.canvas)
    weakest = level(LEVELS[0]).title  # the ladder's first step (issue 26): Beginner
    button = [words for words, size in drawn.seen if size >= fonts.SMALL]
    assert f"Play a game against\nthe {weakest} computer" in "\n".join(button)  # two lines, large
    assert "You can play Consequence!" in drawn.words


def test_a_game_in_progress_is_asked_about_before_the_lesson_starts_a_new_one(lesson_app):
    app = lesson_app()
    assert app.start_game(app.quick_setup("consequence", ["human", "ai:easy"]))
    settle(app)
    board = app.manager.current
    board.play("place bM b2")
    settle(app)
    app.open_lesson("consequence")
    settle(app)
    lesson = app.manager.current
    lesson.finish()
    click(app, lesson.button_rects["Play"].center)
    confirm = app.manager.current
    assert confirm.name == "confirm" and confirm.question == "Start a new game?"
    click(app, confirm.button_rects["Stay"].center)
    assert app.manager.current is lesson


# --- where the lessons are offered --------------------------------------------------------------


def test_the_setup_offers_the_lesson_to_a_newcomer_then_as_a_reminder(lesson_app, monkeypatch):
    app = lesson_app()
    drawn = install(monkeypatch)
    app.open_setup("whose-foods")
    settle(app)
    app.manager.draw(app.canvas)
    assert "New to Whose Foods? Learn it in 2 minutes, by playing." in drawn.words
    setup = app.manager.current
    assert setup.learn_button.style == "primary"
    click(app, setup.button_rects["Learn"].center)
    lesson = app.manager.current
    assert lesson.name == "lesson" and lesson.game == "whose-foods"
    lesson.finish()
    drawn.clear()
    click(app, lesson.button_rects["Leave"].center)
    assert app.manager.current is setup
    assert "Set up the table" in drawn.words and "New to Whose Foods?" not in drawn.words
    assert setup.learn_button.style == "secondary"  # still there, no longer pressed on anyone


def test_the_rules_screen_opens_the_lesson_of_the_game_on_show(lesson_app):
    app = lesson_app()
    app.open_rules("blanc-noir")
    settle(app)
    rules = app.manager.current
    click(app, rules.button_rects["Learn"].center)
    lesson = app.manager.current
    assert lesson.name == "lesson" and lesson.game == "blanc-noir"
    lesson.leave()
    settle(app)
    assert app.manager.current is rules


def test_the_menu_tile_shows_a_finished_lesson(lesson_app, monkeypatch):
    app = lesson_app()
    drawn = install(monkeypatch)
    app.go_menu()
    settle(app)
    app.manager.draw(app.canvas)
    assert "Lesson done" not in drawn.words
    app.settings.lessons_done.append("consequence")
    drawn.clear()
    app.go_menu()
    settle(app)
    app.manager.draw(app.canvas)
    assert drawn.words.count("Lesson done") == 1
    menu = app.manager.current
    assert [tile.lesson_done for tile in menu.tiles] == [g == "consequence" for g in GAMES]


def test_in_kiosk_mode_a_finished_lesson_is_not_remembered(lesson_app):
    """A stand's visitors come and go: the next one is offered the lesson as a newcomer."""
    app = lesson_app(kiosk=True)
    lesson = open_lesson(app, "whose-foods")
    lesson.finish()
    assert app.settings.lessons_done == []


def test_open_lesson_refuses_a_lesson_the_engine_disagrees_with(lesson_app, monkeypatch):
    from scenes.boards.whose_foods import lesson as wf_lesson

    app = lesson_app()
    broken = dataclasses.replace(
        wf_lesson.LESSON, steps=(dataclasses.replace(wf_lesson.LESSON.steps[0], position=None),)
    )
    monkeypatch.setattr(wf_lesson, "LESSON", broken)
    notices = []
    monkeypatch.setattr(app, "notify", notices.append)
    app.open_lesson("whose-foods")
    settle(app)
    assert app.manager.current.name == "menu"
    assert notices and "lesson could not start" in notices[0]


def test_a_game_without_a_lesson_says_so(lesson_app, monkeypatch):
    app = lesson_app()
    monkeypatch.setitem(
        BOARDS, "consequence", dataclasses.replace(BOARDS["consequence"], lesson=None)
    )
    notices = []
    monkeypatch.setattr(app, "notify", notices.append)
    app.open_lesson("consequence")
    assert notices == ["Consequence has no lesson yet: How to play explains it."]


def test_the_settings_keep_only_known_games_as_lessons_done():
    settings, failed = Settings.checked({"lessons_done": ["whose-foods", "chess"]})
    assert settings.lessons_done == [] and failed == ["lessons_done"]
    settings, failed = Settings.checked({"lessons_done": ["consequence"]})
    assert settings.lessons_done == ["consequence"] and not failed


def test_a_click_that_does_nothing_is_answered_with_the_hint(lesson_app):
    app = lesson_app()
    lesson = open_lesson(app, "consequence")
    pass_time(app, GLOW_SECONDS)
    before = snapshot(lesson)
    tap(app, (1000, 1040))  # the table under the turn counter
    assert snapshot(lesson) == before
    assert lesson.answer == FOLLOW_THE_GLOW and lesson.glow > 0


def test_the_kiosk_attract_loop_offers_the_lesson_of_the_game_on_show(home, monkeypatch):
    """A touch on Learn (2 min), beside Touch to play, opens the lesson of the game the computers
    are playing; leaving it comes back to the kiosk's menu (its welcome)."""
    app = kiosk_app(home, attract=True)
    try:
        attract = app.manager.current
        assert isinstance(attract, AttractScene)
        game = attract.board.setup.game
        drawn = install(monkeypatch)
        app.manager.draw(app.canvas)
        assert "Learn (2 min)" in drawn.words and "Touch to play" in drawn.words
        touch(app, attract.learn_button.rect.center)
        kiosk_settle(app)
        lesson = app.manager.current
        assert lesson.name == "lesson" and lesson.game == game
        assert [scene.name for scene in app.manager.stack] == ["welcome", "lesson"]
        finish_step(app, lesson)  # it plays like any lesson
        key(app, pygame.K_ESCAPE)
        click(app, app.manager.current.button_rects["Leave"].center)
        kiosk_settle(app)
        assert app.manager.current.name == "welcome"
    finally:
        app.close()


def test_a_push_that_would_send_off_the_tile_just_placed_is_refused_in_consequence(lesson_app):
    """Step 4 follows Sun's tile placed on b4: pushing column b north would send it off, which
    CQ-12 forbids; the arrow is refused with the reason and nothing changes."""
    app = lesson_app()
    lesson = open_lesson(app, "consequence")
    for _ in range(3):
        finish_step(app, lesson)
        click(app, lesson.next_button.rect.center)
    assert lesson.index == 3
    board = lesson.board
    before = snapshot(lesson)
    move = PlacePush("bS", SQUARE_NAMES.index("b1"), 0)  # north: illegal, so not parsed
    for rect in board.click_path(move):
        click(app, rect.center)
    assert snapshot(lesson) == before
    assert lesson.answer and "b4" in lesson.answer
    finish_step(app, lesson)  # the step's own push still works
    assert lesson.step_done


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("game", GAME_KEYS)
def test_every_lesson_text_fits_its_place_in_every_language(lesson_app, game, language):
    """The goal in at most two lines of the bar, each note's words in its area on this board at
    a size still easy to read (a note of what happened in the area as it stands when the step is
    played: a board may move it clear of what it shows then), the summary above the last
    screen's buttons; every text translated."""
    app = lesson_app()
    lesson = open_lesson(app, game)
    area = lesson.board.coach_rect()
    callout_areas = {}

    def before_click(scene):
        if scene.step_done:
            callout_areas.setdefault(scene.index, scene.board.coach_rect())

    play_lesson(app, lesson, on_click=before_click)
    set_language(language)
    try:
        texts = [lesson.lesson.summary]
        for index, step in enumerate(lesson.lesson.steps):
            goal = gettext(step.goal)
            texts += [step.goal, step.callout.words]
            size = fonts.SMALL - 4
            lines = fonts.wrap(goal, size, coach.GOAL_RIGHT - coach.GOAL_LEFT, bold=True)
            assert len(lines) <= 2, (language, goal)
            for words, button in [(gettext(step.callout.words), True)] + [
                (gettext(words), False) for words in answers(step)
            ]:
                panel, size, lines = callout._layout(
                    callout_areas[index] if button else area, words, button
                )
                room = (
                    panel.height
                    - 2 * callout.NOTE_PADDING
                    - 50
                    - (callout.BUTTON_HEIGHT + 14 if button else 0)
                )
                assert len(lines) * round(size * 1.2) <= room, (language, words)
                assert size >= fonts.TINY, (language, words)  # still easy to read
        summary = gettext(lesson.lesson.summary)  # the last screen: above its buttons
        step = round(fonts.line_height(fonts.SMALL) * 1.2)
        lines = fonts.wrap(summary, fonts.SMALL, LAST_PANEL.width - 140)
        assert 150 + len(lines) * step <= LAST_PANEL.height - 160 - 10, (language, summary)
        if language != SOURCE_LANGUAGE:
            untranslated = [text for text in texts if gettext(text) == text]
            assert not untranslated, untranslated
    finally:
        set_language(SOURCE_LANGUAGE)


def answers(step):
    """What a step answers to moves it does not want."""
    you = next((beat for beat in step.beats if isinstance(beat, You)), None)
    if you is None:
        return []
    return [you.not_this, *[wrong.words for wrong in you.wrong]]
