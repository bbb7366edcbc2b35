"""A lesson replayed through the rules engine before anyone sees it: every position is one the
rules allow (the game's `from_diagram` refuses the others), every accepted, scripted and
turned-down move is legal where it stands, the beats follow the turns (each step ends with the
person to move, or the game over), and every claim is what the engine's events say. A lesson
that disagrees is refused (`WrongLesson`, with the step and the reason), as the rules screen
refuses a picture (`WrongPicture`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game import GAMES
from game.core.engine import IllegalMove
from game.core.events import Event
from game.core.protocols import GameState
from scenes.boards.lessons.data import Claim, Lesson, Step, You


class WrongLesson(ValueError):
    """The engine does not agree with what a lesson says."""


@dataclass(frozen=True)
class CheckedLesson:
    """A lesson the engine agrees with, and the state each step starts from."""

    lesson: Lesson
    starts: tuple[GameState[object], ...]

    def start(self, index: int) -> GameState[object]:
        """A fresh copy of the state step `index` starts from."""
        return self.starts[index].clone()


def check(lesson: Lesson) -> CheckedLesson:
    """`lesson` replayed through its game's engine (see the module); WrongLesson otherwise."""
    if not lesson.steps:
        raise WrongLesson("a lesson has steps")
    state: GameState[object] | None = None
    starts = []
    for index, step in enumerate(lesson.steps):
        where = f"step {index + 1} ({step.goal[:40]}…)"
        try:
            state = _start_of(lesson, step, state)
            starts.append(state.clone())
            events = _play_beats(lesson, step, state)
            _check_claims(step.callout.claims, events, state, "its callout")
        except WrongLesson as error:
            raise WrongLesson(f"{where}: {error}") from None
        if not state.is_over and state.current_player != lesson.you:
            raise WrongLesson(f"{where}: it ends with a scripted seat to move")
    return CheckedLesson(lesson, tuple(starts))


def _start_of(lesson: Lesson, step: Step, before: GameState[object] | None) -> GameState[object]:
    if step.position is None:
        if before is None:
            raise WrongLesson("the first step needs a position")
        if before.is_over:
            raise WrongLesson("the game before it is over: it needs a position of its own")
        return before
    try:
        state = lesson.start(step.position.diagram, **step.position.details)
    except ValueError as error:
        raise WrongLesson(f"its position is not one the rules allow: {error}") from None
    if state.players != lesson.players or state.is_over:
        raise WrongLesson(f"its position is not a {lesson.players}-player game going on")
    return state


def _play_beats(lesson: Lesson, step: Step, state: GameState[object]) -> list[Event]:
    """Play the step's beats on `state`; the events they made."""
    if not step.beats:
        raise WrongLesson("a step has at least one beat")
    parse = GAMES[lesson.game].parse_move
    events: list[Event] = []
    for beat in step.beats:
        seat = state.current_player
        if state.is_over:
            raise WrongLesson(f"the game is over before {beat}")
        if isinstance(beat, You):
            if seat != lesson.you:
                raise WrongLesson(f"{beat.moves[0]!r} is the person's, but seat {seat} is to move")
            for text in beat.moves:
                _legal(parse, state, text)
            for wrong in beat.wrong:
                if wrong.move in beat.moves:
                    raise WrongLesson(f"{wrong.move!r} is both accepted and turned down")
                trial = state.clone()
                _legal(parse, trial, wrong.move)
                _check_claims(wrong.claims, trial.play(wrong.move), trial, f"{wrong.move!r}")
            move = beat.moves[0]
        else:
            if seat == lesson.you:
                raise WrongLesson(f"the reply {beat.move!r} comes while the person is to move")
            move = beat.move
            _legal(parse, state, move)
        events += state.play(move)
    return events


def _legal(
    parse: Callable[[GameState[object], str], object], state: GameState[object], text: str
) -> None:
    try:
        parse(state, text)
    except IllegalMove as error:
        raise WrongLesson(f"{text!r} is not legal there: {error}") from None


def _check_claims(
    claims: Sequence[Claim], events: list[Event], state: GameState[object], what: str
) -> None:
    for claim in claims:
        disagreement = claim.check(events, state)
        if disagreement is not None:
            raise WrongLesson(f"{what} claims {claim}, but {disagreement}")
