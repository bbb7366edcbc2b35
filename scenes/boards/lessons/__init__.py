"""The lessons: a guided first game of each game, played on its real board.

A lesson is data in its game's board package (`scenes/boards/<game>/lesson.py`, named by its
`BoardSpec.lesson`): positions as diagrams the engine reads, the moves each step accepts, the
scripted replies and the words (`data`). `check` replays it through the engine and refuses one
that disagrees; `scene` runs it on the real board (`script` plays the other seat), `coach`
draws what the lesson adds to the board.
"""

from scenes.boards.lessons.check import CheckedLesson, WrongLesson, check
from scenes.boards.lessons.data import (
    Callout,
    Claim,
    GoesOn,
    Lesson,
    Position,
    Reply,
    Scores,
    Step,
    Wins,
    Wrong,
    You,
)

__all__ = [
    "Callout",
    "CheckedLesson",
    "Claim",
    "GoesOn",
    "Lesson",
    "Position",
    "Reply",
    "Scores",
    "Step",
    "Wins",
    "Wrong",
    "WrongLesson",
    "You",
    "check",
]
