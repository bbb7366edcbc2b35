"""Climbing the ladder of the five computer levels: what the results and the setup screen say to a
remembered player ("Ada has beaten Beginner 3 times: try Easy, the weakest level measured above
those results"), from their record (scenes/storage/record.py) and the levels' measured strengths
(`game.ai.climb`, reading game/ai/strength.py), and the row of level faces."""

from __future__ import annotations

import pygame

from game.ai import levels
from game.ai.climb import next_level
from game.ai.levels import LEVELS
from scenes.kit import fonts
from scenes.kit.i18n import _, join_names, ngettext
from scenes.kit.palette import ACCENT_DARK, GOOD, INK, WHITE
from scenes.kit.pictures import picture
from scenes.kit.seats import GameSetup
from scenes.storage.record import PEOPLE, Entry, Record, opponent_of, recorded_seats


def ladder_words(record: Record, setup: GameSetup) -> str | None:
    """What the results say of the ladder to the first remembered person at a game against the
    computer, once the game is counted: the highest level beaten without help, how often, the
    level to try next and why (`climb_words`). None: no such person, no computer, or no level
    beaten yet. (A first win is celebrated over the results: `scenes.screens.first_win`.)"""
    seats = recorded_seats(setup)
    if not seats or opponent_of(setup) == PEOPLE:
        return None
    seat = seats[0]
    entry = record.entry(setup.names[seat], setup.game)
    if not any(entry.unaided_wins(level) for level in LEVELS):
        return None
    return climb_words(setup.called(seat), entry, setup.game)


def results_against_levels(entry: Entry) -> dict[str, tuple[int, int, int]]:
    """Wins without help, draws and losses against each level, as `game.ai.climb` reads them (a
    win with help is left out; a draw or loss with help counts: help did not win it)."""
    return {
        level: (
            entry.unaided_wins(level),
            entry.counts(level)["drawn"],
            entry.counts(level)["lost"],
        )
        for level in LEVELS
    }


def suggested_level(entry: Entry, game: str) -> str:
    """The level `climb_words` suggests (the first before any is beaten, the top one once it
    is)."""
    if not any(entry.unaided_wins(level) for level in LEVELS):
        return LEVELS[0]
    return next_level(game, results_against_levels(entry)).level or LEVELS[-1]


def climb_words(name: object, entry: Entry, game: str) -> str:
    """Where `name` stands on the ladder of `game`: the highest level beaten without help, how
    often, the level to try next and why, in one short sentence. The level comes from the levels'
    measured strengths and the player's results (`game.ai.climb`), not one step up: the weakest
    level rated above those results (Beginner, when none is beaten yet)."""
    beaten = [level for level in LEVELS if entry.unaided_wins(level)]
    if not beaten:
        return _("{name} has not beaten a level yet: start with {level}.").format(
            name=name, level=_(levels.level(LEVELS[0]).title)
        )
    top = beaten[-1]
    title = _(levels.level(top).title)
    count = entry.unaided_wins(top)
    climb = next_level(game, results_against_levels(entry))
    above = LEVELS[LEVELS.index(top) + 1] if top != LEVELS[-1] else None
    if climb.level is None or (climb.level == top and above is None):
        return ngettext(
            "{name} has beaten {level} {count} time: the top of the ladder.",
            "{name} has beaten {level} {count} times: the top of the ladder.",
            count,
        ).format(name=name, level=title, count=count)
    following = _(levels.level(climb.level).title)
    if climb.level == top and above is not None:  # not yet rated above the level beaten
        games = entry.counts(top)["played"]
        return ngettext(
            "{name} has won {wins} of {games} game against {level}: play it again before "
            "{next}, measured well above those results.",
            "{name} has won {wins} of {games} games against {level}: play it again before "
            "{next}, measured well above those results.",
            games,
        ).format(name=name, wins=count, games=games, level=title, next=_(levels.level(above).title))
    if climb.skipped:
        skipped = join_names([_(levels.level(level).title) for level in climb.skipped])
        return ngettext(
            "{name} has beaten {level} {count} time, more often than {skipped} did in test "
            "games: try {next}.",
            "{name} has beaten {level} {count} times, more often than {skipped} did in test "
            "games: try {next}.",
            count,
        ).format(name=name, level=title, count=count, skipped=skipped, next=following)
    return ngettext(
        "{name} has beaten {level} {count} time: try {next}, the weakest level measured above "
        "those results.",
        "{name} has beaten {level} {count} times: try {next}, the weakest level measured above "
        "those results.",
        count,
    ).format(name=name, level=title, count=count, next=following)


#: the sizes the ladder's sentence may take on the setup screen, largest first, with how many
#: lines each may fill
ROW_SIZES = ((fonts.TINY, 2), (fonts.TINY - 4, 2), (fonts.TINY - 8, 3))


def draw_ladder_row(
    canvas: pygame.Surface, rect: pygame.Rect, entry: Entry, name: object, game: str
) -> str:
    """The setup screen's ladder in `rect`: the five faces (the level offered next ringed) and
    the sentence saying where `name` stands, the level to try and why, at the largest size at
    which it fits whole; the sentence."""
    faces = draw_faces(canvas, rect.left, rect.centery, entry, 56, 10, suggested_level(entry, game))
    words = climb_words(name, entry, game)
    left = faces[-1].right + 24
    draw_sentence(canvas, words, pygame.Rect(left, rect.top, rect.right - left, rect.height))
    return words


def draw_sentence(
    canvas: pygame.Surface,
    words: str,
    rect: pygame.Rect,
    sizes: tuple[tuple[int, int], ...] = ROW_SIZES,
    where: str = "midleft",
) -> None:
    """The ladder's sentence in `rect`, bold, at the first of `sizes` (size, most lines) at
    which it fits whole (the last one otherwise), its lines centred on `rect`'s middle and
    aligned on its left or right (`where`: "midleft", "midright")."""
    for size, most in sizes:
        lines = fonts.wrap(words, size, rect.width, bold=True)
        if len(lines) <= most:
            break
    step = min(size + 6, rect.height // len(lines))
    x = rect.left if where == "midleft" else rect.right
    for index, line in enumerate(lines):
        at = (x, rect.centery + step * index - step * (len(lines) - 1) // 2)
        fonts.blit_text(canvas, line, size, ACCENT_DARK, where, at, True)


def draw_faces(
    canvas: pygame.Surface,
    left: int,
    centre_y: int,
    entry: Entry,
    size: int,
    gap: int,
    suggested: str | None = None,
) -> list[pygame.Rect]:
    """The five level faces in a row from `left`, those beaten without help in colour with a
    tick, the others faint, the `suggested` one (the words name it) in colour within a ring;
    where each was drawn."""
    rects = []
    for level in LEVELS:
        face = picture(f"level_{level}", (size, size)).copy()
        beaten = entry.unaided_wins(level) > 0
        if not beaten and level != suggested:
            face.set_alpha(70)
        rect = canvas.blit(face, face.get_rect(midleft=(left, centre_y)))
        if level == suggested:
            pygame.draw.ellipse(canvas, ACCENT_DARK, rect.inflate(10, 10), 4)
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
