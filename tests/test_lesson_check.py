"""Every lesson replayed through the rules engine (scenes.boards.lessons.check): positions the
rules allow, legal moves where they stand, claims the engine's events make; and a lesson that
disagrees with the engine is refused with the step and the reason."""

import dataclasses
import re

import pytest

from game import GAMES
from game import consequence as cq
from game import whose_foods as wf
from scenes.boards import BOARDS
from scenes.boards.blanc_noir import lesson as bn_lesson
from scenes.boards.consequence import lesson as cq_lesson
from scenes.boards.lessons import (
    Callout,
    Position,
    Reply,
    Scores,
    Step,
    Wins,
    Wrong,
    WrongLesson,
    You,
    check,
)
from scenes.boards.whose_foods import lesson as wf_lesson

LESSONS = {game: spec.load_lesson() for game, spec in BOARDS.items()}


def claims_of(lesson):
    """Every claim of a lesson: its callouts' and its turned-down moves'."""
    found = []
    for step in lesson.steps:
        found += step.callout.claims
        for beat in step.beats:
            if isinstance(beat, You):
                found += [claim for wrong in beat.wrong for claim in wrong.claims]
    return found


def with_step(lesson, index, **changes):
    steps = list(lesson.steps)
    steps[index] = dataclasses.replace(steps[index], **changes)
    return dataclasses.replace(lesson, steps=tuple(steps))


def test_every_game_has_a_lesson_of_five_to_nine_steps():
    assert set(LESSONS) == set(GAMES)
    for game, lesson in LESSONS.items():
        assert lesson is not None, game
        assert lesson.game == game
        assert 5 <= len(lesson.steps) <= 9, (game, len(lesson.steps))


@pytest.mark.parametrize("game", list(LESSONS))
def test_every_lesson_replays_through_the_engine(game):
    lesson = LESSONS[game]
    checked = check(lesson)
    assert len(checked.starts) == len(lesson.steps)
    parse = GAMES[game].parse_move
    for index, step in enumerate(lesson.steps):
        state = checked.start(index)
        if step.position is not None:  # the position is the one its diagram draws
            assert (
                state.to_dict()
                == lesson.start(step.position.diagram, **step.position.details).to_dict()
            )
        for beat in step.beats:  # every accepted and scripted move is legal where it stands
            seat = state.current_player
            moves = beat.moves if isinstance(beat, You) else (beat.move,)
            legal = {str(move) for move in state.legal_moves()}
            for text in moves:
                assert text in legal, (game, index + 1, text)
                assert str(parse(state, text)) == text
            assert (seat == lesson.you) == isinstance(beat, You), (game, index + 1, moves[0])
            state.play(moves[0])
        assert state.is_over or state.current_player == lesson.you, (game, index + 1)


@pytest.mark.parametrize("game", list(LESSONS))
def test_the_words_are_whole_sentences_without_rule_ids(game):
    lesson = LESSONS[game]
    words = [lesson.summary]
    for step in lesson.steps:
        words += [step.goal, step.callout.words]
        for beat in step.beats:
            if isinstance(beat, You):
                words += [beat.not_this, *(wrong.words for wrong in beat.wrong)]
    for text in words:
        assert text[0].isupper() and text.rstrip().endswith((".", "!", "?")), text
        assert not re.search(r"\b[A-Z]{2}-\d", text), text


def test_wf9_wf11_wf12_wf13_wf17_wf16_wf22_wf23_the_whose_foods_lesson_teaches_them():
    claims = claims_of(LESSONS["whose-foods"])
    kinds = {claim.kind for claim in claims if isinstance(claim, wf_lesson.Captures)}
    assert kinds == {"trio by illustration", "trio by size", "sandwich"}
    assert any(isinstance(claim, wf_lesson.Covers) for claim in claims)  # WF-9
    assert any(isinstance(claim, wf_lesson.Uncovers) for claim in claims)  # a chain, WF-17
    patterns = {claim.pattern for claim in claims if isinstance(claim, wf_lesson.Loses)}
    assert patterns == {"three cans", "four of one size", "four of one illustration"}  # WF-16
    assert any(isinstance(claim, wf_lesson.Overeats) for claim in claims)  # WF-23
    last = LESSONS["whose-foods"].steps[-1].callout.claims
    assert Wins(0) in last and any(isinstance(c, wf_lesson.Captures) for c in last)  # WF-22


def test_cq7_cq10_cq11_cq12_cq15_cq16_the_consequence_lesson_teaches_them():
    lesson = LESSONS["consequence"]
    beats = [beat for step in lesson.steps for beat in step.beats]
    moves = [beat.moves[0] if isinstance(beat, You) else beat.move for beat in beats]
    assert {move.split()[0] for move in moves} == {"place", "move", "push"}  # CQ-7
    claims = claims_of(lesson)
    receivers = {c.receiver for c in claims if isinstance(c, cq_lesson.PushedOff)}
    assert receivers == {0, 1}  # CQ-10: either way, to the pusher's opponent
    restricted = [c for c in claims if isinstance(c, cq_lesson.Restricted)]
    assert any(c.no_move for c in restricted) and any(c.no_push_off for c in restricted)
    pairs = [c for c in claims if isinstance(c, cq_lesson.Pairs)]
    crossing = {frozenset(("a1", "b2")), frozenset(("b1", "a2"))}  # CQ-15, crossing lines
    assert any(crossing <= {frozenset(pair) for pair in c.pairs} for c in pairs)
    ties = [c for c in claims if isinstance(c, Scores) and len(set(c.scores)) == 1]
    assert ties and any(isinstance(c, cq_lesson.FourInLine) for c in claims)  # CQ-16


def test_bn10_bn11_bn12_bn13_bn14_bn17_bn19_the_blanc_noir_lesson_teaches_them():
    lesson = LESSONS["blanc-noir"]
    claims = claims_of(lesson)
    laid = [c for c in claims if isinstance(c, bn_lesson.Laid)]
    assert {c.overlay for c in laid} == {False, True}  # BN-11, BN-12
    assert any(isinstance(c, bn_lesson.Scored) for c in claims)  # BN-13
    assert any(isinstance(c, bn_lesson.Drew) and c.seat == lesson.you for c in claims)  # BN-14
    assert any(isinstance(c, bn_lesson.BearBonus) for c in claims)  # BN-19
    assert any(isinstance(c, Scores) for c in claims)  # BN-17: the game ends in the lesson
    person = [step for step in lesson.steps[:2]]  # BN-10: a turn is two of the person's actions
    assert all(isinstance(step.beats[0], You) for step in person)
    assert isinstance(person[1].beats[1], Reply)


# --- a lesson the engine disagrees with is refused, with the reason ---------------------------


def test_a_claim_the_engine_does_not_make_is_refused_with_the_step():
    lesson = LESSONS["whose-foods"]
    step = lesson.steps[2]
    callout = dataclasses.replace(
        step.callout, claims=(wf_lesson.Captures(("a1", "b1"), "trio by illustration"),)
    )
    with pytest.raises(WrongLesson, match=r"step 3 .*claims .*the captures were"):
        check(with_step(lesson, 2, callout=callout))


def test_a_claim_about_a_turned_down_move_is_checked_on_a_copy():
    lesson = LESSONS["whose-foods"]
    index = 6
    you = lesson.steps[index].beats[0]
    wrong = dataclasses.replace(you.wrong[0], claims=(wf_lesson.Loses(0, "four of one size"),))
    beats = (dataclasses.replace(you, wrong=(wrong,)), *lesson.steps[index].beats[1:])
    with pytest.raises(WrongLesson, match=r"step 7 .*'SF c1' claims .*losing patterns were"):
        check(with_step(lesson, index, beats=beats))


def test_an_illegal_move_is_refused_with_the_engines_reason():
    lesson = LESSONS["whose-foods"]
    with pytest.raises(WrongLesson, match=r"step 2 .*'LC c3' is not legal there: .*"):
        check(with_step(lesson, 1, beats=(You(("LC c3",)), Reply("SD a4"))))


def test_a_position_the_rules_cannot_hold_is_refused():
    lesson = LESSONS["whose-foods"]
    four_large_dogs = Position("LD LD LD LD\n. . . .\n. . . .\n. . . .")
    with pytest.raises(WrongLesson, match=r"step 3 .*not one the rules allow"):
        check(with_step(lesson, 2, position=four_large_dogs))


def test_a_step_that_leaves_the_scripted_seat_to_move_is_refused():
    lesson = LESSONS["whose-foods"]
    with pytest.raises(WrongLesson, match=r"step 3 .*scripted seat to move"):
        check(with_step(lesson, 2, beats=(You(("LC c1",)),)))


def test_a_reply_while_the_person_is_to_move_is_refused():
    lesson = LESSONS["consequence"]
    with pytest.raises(WrongLesson, match=r"step 1 .*reply 'place rS c3' comes while"):
        check(with_step(lesson, 0, beats=(Reply("place rS c3"),)))


def test_a_move_both_accepted_and_turned_down_is_refused():
    lesson = LESSONS["whose-foods"]
    beats = (You(("LD b2",), wrong=(Wrong("LD b2", "No."),)), Reply("LF c3"))
    with pytest.raises(WrongLesson, match=r"both accepted and turned down"):
        check(with_step(lesson, 0, beats=beats))


def test_a_push_off_to_the_wrong_hand_is_refused():
    lesson = LESSONS["consequence"]
    step = lesson.steps[3]
    callout = dataclasses.replace(step.callout, claims=(cq_lesson.PushedOff("c4", 0),))
    with pytest.raises(WrongLesson, match=r"step 4 .*the push-offs were"):
        check(with_step(lesson, 3, callout=callout))


def test_a_score_the_engine_does_not_count_is_refused():
    lesson = LESSONS["blanc-noir"]
    step = lesson.steps[-1]
    callout = dataclasses.replace(step.callout, claims=(Scores((22, 11)),))
    with pytest.raises(WrongLesson, match=r"step 6 .*scores were meant to be \(22, 11\)"):
        check(with_step(lesson, 5, callout=callout))


def test_a_lesson_starts_from_a_position():
    lesson = LESSONS["consequence"]
    with pytest.raises(WrongLesson, match="first step needs a position"):
        check(with_step(lesson, 0, position=None))


def test_the_hidden_information_positions_are_built_from_data_not_private_fields():
    """The lessons name hands, market and who placed what; the engine deals the rest."""
    step = LESSONS["consequence"].steps[4]
    state = check(LESSONS["consequence"]).start(4)
    assert state.hand(0) == ["bM"] and state.hand(1) == ["rD"]
    assert step.position is not None and "hands" in step.position.details
    end = check(LESSONS["blanc-noir"]).start(4)
    assert end.market == ["B2b"] and end.deck_size == 0 and end.hand(0) == ["B4a"]


def test_claims_read_only_events_and_the_state_after():
    """A claim says why it disagrees, in words: here, no cans were captured at all."""
    state = wf.from_diagram(". . . .\n. . . .\n. . . .\n. . . .")
    events = state.play("LD b2")
    assert "captures were []" in wf_lesson.Captures(("b2",), "sandwich").check(events, state)
    assert wf_lesson.Covers("b2").check(events, state) is not None
    state = cq.new_game()
    events = state.play("place bM b2")
    assert cq_lesson.PushedOff("b2", 1).check(events, state) == "the push-offs were []"


def test_a_step_needs_a_beat():
    lesson = LESSONS["whose-foods"]
    empty = Step("Nothing to do.", (), Callout("Nothing happened."))
    with pytest.raises(WrongLesson, match="at least one beat"):
        check(dataclasses.replace(lesson, steps=(*lesson.steps[:2], empty)))
