"""Climbing the ladder of the five computer levels: what the results say to a remembered player
after a game against the computer ("Ada has beaten Beginner 3 times: try Easy"), from their
record (scenes/storage/record.py). The levels' order is the ladder's: each is measured stronger
than the one below (game/ai/strength.py)."""

from __future__ import annotations

import pygame

from game.ai import levels
from game.ai.levels import LEVELS
from game.core.result import Result
from scenes.kit.i18n import _, ngettext
from scenes.kit.palette import GOOD, INK, WHITE
from scenes.kit.pictures import picture
from scenes.kit.seats import GameSetup
from scenes.storage.record import PEOPLE, Entry, Record, opponent_of, outcome, recorded_seats


def ladder_words(record: Record, setup: GameSetup, result: Result) -> str | None:
    """What the results say of the ladder to the first remembered person at a game against the
    computer, once the game is counted (the record's last result is this game's): a first win
    without help against a level is said as such; otherwise
    the highest level beaten without help, how often, and the next one to try. None: no such
    person, no computer, or no level beaten yet."""
    seats = recorded_seats(setup)
    opponent = opponent_of(setup)
    if not seats or opponent == PEOPLE:
        return None
    seat = seats[0]
    name = setup.called(seat)
    entry = record.entry(setup.names[seat], setup.game)
    beaten = [level for level in LEVELS if entry.unaided_wins(level)]
    if not beaten:
        return None
    top = beaten[-1]
    above = LEVELS[LEVELS.index(top) + 1] if top != LEVELS[-1] else None
    title = _(levels.level(top).title)
    helped = bool(entry.last) and entry.last[-1]["helped"]
    first_win = (
        outcome(result, seat) == "won" and not helped and opponent == top
        and entry.unaided_wins(top) == 1
    )  # fmt: skip
    if first_win:
        if above is None:
            return _("{name} beat {level} for the first time: the top of the ladder!").format(
                name=name, level=title
            )
        return _("{name} beat {level} for the first time! Next, try {next}.").format(
            name=name, level=title, next=_(levels.level(above).title)
        )
    return climb_words(name, entry)


def climb_words(name: object, entry: Entry) -> str:
    """Where `name` stands on the ladder of one game: the highest level beaten without help,
    how often, and the next one to try (Beginner, when none is beaten yet)."""
    beaten = [level for level in LEVELS if entry.unaided_wins(level)]
    if not beaten:
        return _("{name} has not beaten a level yet: start with {level}.").format(
            name=name, level=_(levels.level(LEVELS[0]).title)
        )
    top = beaten[-1]
    above = LEVELS[LEVELS.index(top) + 1] if top != LEVELS[-1] else None
    title = _(levels.level(top).title)
    count = entry.unaided_wins(top)
    if above is None:
        return ngettext(
            "{name} has beaten {level} {count} time: the top of the ladder.",
            "{name} has beaten {level} {count} times: the top of the ladder.",
            count,
        ).format(name=name, level=title, count=count)
    return ngettext(
        "{name} has beaten {level} {count} time: try {next}.",
        "{name} has beaten {level} {count} times: try {next}.",
        count,
    ).format(name=name, level=title, count=count, next=_(levels.level(above).title))


def draw_faces(
    canvas: pygame.Surface, left: int, centre_y: int, entry: Entry, size: int, gap: int
) -> list[pygame.Rect]:
    """The five level faces in a row from `left`, those beaten without help in colour with a
    tick, the others faint; where each was drawn."""
    rects = []
    for level in LEVELS:
        face = picture(f"level_{level}", (size, size)).copy()
        beaten = entry.unaided_wins(level) > 0
        if not beaten:
            face.set_alpha(70)
        rect = canvas.blit(face, face.get_rect(midleft=(left, centre_y)))
        if beaten:
            _draw_tick(canvas, rect)
        rects.append(rect)
        left = rect.right + gap
    return rects


def _draw_tick(canvas: pygame.Surface, face: pygame.Rect) -> None:
    """A green badge with a tick on the top right corner of `face`."""
    badge = pygame.Rect(0, 0, face.width // 2, face.width // 2)
    badge.center = (face.right - face.width // 8, face.top + face.width // 8)
    pygame.draw.ellipse(canvas, GOOD, badge)
    pygame.draw.ellipse(canvas, INK, badge, 2)
    a, b, w = badge.left + badge.width // 4, badge.centery, badge.width
    pygame.draw.lines(
        canvas, WHITE, False, [(a, b), (a + w // 5, b + w // 5), (a + w // 2, b - w // 5)], 3
    )
