"""The scripted seat of a lesson: a computer seat of the real board whose "bot" plays the reply
the lesson has ready, so the board shows it as it shows any computer's move (the thinking cue,
then the real animation)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from scenes.kit.seats import GameSetup


class Script:
    """The reply the scripted seat plays next (a move of the game, or None while there is none)."""

    def __init__(self) -> None:
        self.next: object | None = None


class ScriptedBot:
    """Plays `script.next`; it reads nothing else, so it learns nothing from the view."""

    name = "script"
    level = "lesson"

    def __init__(self, script: Script) -> None:
        self.script = script

    def choose(self, view: object, rng: random.Random) -> object:
        move = self.script.next
        if move is None:
            raise RuntimeError("the lesson's scripted seat was asked to move with no reply ready")
        return move


@dataclass(frozen=True)
class LessonSetup(GameSetup):
    """A game set up for a lesson: its computer seats play the lesson's script."""

    script: Script = field(default_factory=Script, compare=False, repr=False)

    def make_bot(self, seat: int) -> ScriptedBot:
        return ScriptedBot(self.script)
