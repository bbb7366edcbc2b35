"""Lessons never refuse the right move with the wrong words (issue 44, item 2): a legal move the
step does not want is answered "allowed, but…" with the card still held, what is held stays
held after a refusal, the red note goes once the glowing thing is used, and the words of each
step match its position (the checker refuses a callout whose hunter is elsewhere)."""

import dataclasses

import pytest
import test_lesson_scene as lessons
from helpers.scene_driver import click, pass_time, settle, tap

from game import GAMES
from scenes.boards.blanc_noir.lesson import LESSON as BN_LESSON
from scenes.boards.blanc_noir.lesson import HunterOn
from scenes.boards.lessons.check import WrongLesson, check
from scenes.boards.lessons.scene import GLOW_SECONDS

lesson_app = lessons.lesson_app  # (the fixture)
finish_step, open_lesson, snapshot = lessons.finish_step, lessons.open_lesson, lessons.snapshot


def _hold_card(app, lesson, card):
    board = lesson.board
    sprite = next(s for s in board.my_hand if s.code == card)
    rect = board.click_path(GAMES["blanc-noir"].parse_move(board.state, f"land {card} 2 0"))[0]
    assert rect.collidepoint((sprite.x, sprite.y))
    click(app, rect.center)
    assert board.selected == card


def test_a_glowing_square_the_step_does_not_want_is_answered_allowed_but_not_this(lesson_app):
    """Step 1 of En blanc et noir: the black 2 held, a click on another glowing square (a legal
    lay) is answered with the step's "allowed, but" words, never "pick a card first"; the card
    stays held, so the next click on the ringed square plays the step's move."""
    app = lesson_app()
    lesson = open_lesson(app, "blanc-noir")
    board = lesson.board
    _hold_card(app, lesson, "B2b")
    before = snapshot(lesson)
    other = board.spot_rect("0 2")  # above the land: a lay the rules allow (BN-11)
    assert "land B2b 0 2" in {str(m) for m in board.state.legal_moves()}
    click(app, other.center)
    assert snapshot(lesson) == before
    assert lesson.answer == lesson.lesson.steps[0].beats[0].not_this
    assert board.selected == "B2b"  # still held, drawn as held
    click(app, lesson.hint_rect().center)
    assert lesson.step_done


def test_an_overlay_on_the_hunters_square_gets_the_rules_answer_not_pick_a_card(lesson_app):
    """Step 4 holds the white overlay: a click on the hunter's own square (an overlay may go
    there, BN-12) is a legal move the step does not want, and is answered so."""
    app = lesson_app()
    lesson = open_lesson(app, "blanc-noir")
    for _ in range(3):
        finish_step(app, lesson)
        click(app, lesson.next_button.rect.center)
    board = lesson.board
    click(app, lesson.hint_rect().center)  # picks up the white overlay
    assert board.selected == "WOa"
    hunter = board.state.hunter
    click(app, board.spot_rect(f"{hunter[0]} {hunter[1]}").center)
    assert "Pick a card" not in (lesson.answer or "")
    assert lesson.answer == lesson.lesson.steps[3].beats[0].not_this
    assert board.selected == "WOa"


def test_what_is_held_stays_held_after_a_refused_move_in_consequence(lesson_app):
    """Step 3 (a dot on b2): the dot held and dropped on another empty square (legal, not
    wanted) is refused, and the dot is still held: the next click on b2 plays the step."""
    app = lesson_app()
    lesson = open_lesson(app, "consequence")
    for _ in range(2):
        finish_step(app, lesson)
        click(app, lesson.next_button.rect.center)
    board = lesson.board
    click(app, lesson.hint_rect().center)
    held = board.selected_code
    assert held is not None
    click(app, board.spot_rect("a1").center)
    assert lesson.answer == lesson.lesson.steps[2].beats[0].not_this
    assert board.selected_code == held
    click(app, board.spot_rect("b2").center)
    assert lesson.step_done


def test_the_not_that_note_goes_once_the_glowing_thing_is_used(lesson_app):
    app = lesson_app()
    lesson = open_lesson(app, "blanc-noir")
    pass_time(app, GLOW_SECONDS)
    tap(app, lesson.board.spot_rect("0 0").center)  # nothing held: refused
    settle(app)
    assert lesson.answer
    click(app, lesson.hint_rect().center)  # the black 2, as the glow says
    assert lesson.board.selected == "B2b" and lesson.answer is None


def test_a_callout_that_puts_the_hunter_where_it_is_not_is_refused():
    """Step 4's words say where the hunter went after Pepper's reply; the checker holds them to
    the engine: a callout claiming the hunter on the overlay is refused."""
    step = BN_LESSON.steps[3]
    assert HunterOn("-1 0") in step.callout.claims
    claims = tuple(HunterOn("1 0") if isinstance(c, HunterOn) else c for c in step.callout.claims)
    wrong = dataclasses.replace(step, callout=dataclasses.replace(step.callout, claims=claims))
    steps = (*BN_LESSON.steps[:3], wrong, *BN_LESSON.steps[4:])
    with pytest.raises(WrongLesson, match="hunter"):
        check(dataclasses.replace(BN_LESSON, steps=steps))


def test_a_tile_just_moved_is_said_not_to_move_this_turn_not_back(lesson_app):
    """CQ-11 forbids moving the tile at all this turn, not only back."""
    app = lesson_app()
    lesson = open_lesson(app, "consequence")
    for _ in range(2):
        finish_step(app, lesson)
        click(app, lesson.next_button.rect.center)
    click(app, lesson.board.spot_rect("b3").center)
    assert "may not move it on this turn" in lesson.answer and "back" not in lesson.answer
