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
from scenes.storage.record import Entry


def results_against_levels(entry: Entry) -> dict[str, tuple[int, int, int]]:
    """Wins, draws and losses against each level as the ladder counts them
    (`Entry.ladder_results`: a win with help left out), as `game.ai.climb` reads them."""
    return {level: entry.ladder_results(level) for level in LEVELS}


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
        games = sum(entry.ladder_results(top))  # (a win with help is not one of them)
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


#: the faces of the setup screen's row, and the room between two
ROW_FACE, ROW_GAP = 56, 10


def _gap(face: int) -> int:
    """The room between two faces of `face` pixels in the row."""
    return round(face * ROW_GAP / ROW_FACE)


def faces_width(face: int = ROW_FACE) -> int:
    """How wide the row's five faces of `face` pixels are, with the room before its sentence."""
    return len(LEVELS) * face + (len(LEVELS) - 1) * _gap(face) + 24


def draw_ladder_row(
    canvas: pygame.Surface,
    rect: pygame.Rect,
    entry: Entry,
    name: object,
    game: str,
    words: str | None = None,
    face: int = ROW_FACE,
    sizes: tuple[tuple[int, int], ...] = ROW_SIZES,
) -> str:
    """The ladder in `rect` (the setup screen's, and the results'): the five faces of `face`
    pixels (those beaten without help ticked, the level offered next ringed) and the sentence
    saying where `name` stands, the level to try and why (or `words` instead), at the largest
    of `sizes` at which it fits whole; the sentence."""
    suggested = suggested_level(entry, game)
    draw_faces(canvas, rect.left, rect.centery, entry, face, _gap(face), suggested)
    words = climb_words(name, entry, game) if words is None else words
    left = rect.left + faces_width(face)
    draw_sentence(canvas, words, pygame.Rect(left, rect.top, rect.right - left, rect.height), sizes)
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
