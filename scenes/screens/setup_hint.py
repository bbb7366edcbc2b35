"""The hint line under the setup screen's seats: a returning player's ladder (their faces of the
levels beaten and the next one to try), or, for a table nobody has a record at, how colours and
the computer levels work."""

from __future__ import annotations

import pygame

from game.ai.levels import LADDER
from scenes.kit import fonts
from scenes.kit.i18n import _, ngettext
from scenes.kit.palette import ACCENT_DARK, MUTED
from scenes.kit.seat_names import Called
from scenes.kit.text_fit import fit_lines
from scenes.screens.ladder import climb_words, draw_faces
from scenes.storage.record import Entry


def draw_setup_hint(
    layer: pygame.Surface,
    rect: pygame.Rect,
    ladder: tuple[Called, Entry] | None,
    fixed_colours: bool,
) -> None:
    """Draw in `rect` the ladder of a returning player (`ladder`: their name and record), or
    when there is none the words on colours (`fixed_colours`: they follow the pieces) and
    levels."""
    if ladder is not None:
        draw_ladder_line(layer, rect, *ladder)
    else:
        draw_levels_hint(layer, rect, fixed_colours)


def draw_ladder_line(layer: pygame.Surface, rect: pygame.Rect, name: Called, entry: Entry) -> None:
    """A returning player's place on the ladder: the levels' faces, then two lines of words."""
    faces = draw_faces(layer, rect.left, rect.centery, entry, 56, 10)
    words = climb_words(name, entry)
    left, room = faces[-1].right + 24, rect.right - faces[-1].right - 24
    lines, size = fit_lines(words, fonts.TINY, room, 2, bold=True)  # (large text: smaller)
    for index, line in enumerate(lines):
        at = (left, rect.centery + 38 * index - 19 * (len(lines) - 1))
        fonts.blit_text(layer, line, size, ACCENT_DARK, "midleft", at, True)


def draw_levels_hint(layer: pygame.Surface, rect: pygame.Rect, fixed_colours: bool) -> None:
    """How colours and the computer levels work (for a table nobody has a record at)."""
    fonts.blit_paragraph(
        layer,
        (
            ngettext(
                "Colours follow the pieces each player plays. Computer players come in "
                "{count} level, from {weakest} (plays like someone in their first game) to "
                "{strongest}; under each, how it did against the level below.",
                "Colours follow the pieces each player plays. Computer players come in "
                "{count} levels, from {weakest} (plays like someone in their first game) to "
                "{strongest}; under each, how it did against the level below.",
                len(LADDER),
            )
            if fixed_colours
            else ngettext(
                "Pick a colour to change it. Computer players come in {count} level, from "
                "{weakest} (plays like someone in their first game) to {strongest}; under "
                "each, how it fared against the level below.",
                "Pick a colour to change it. Computer players come in {count} levels, from "
                "{weakest} (plays like someone in their first game) to {strongest}; under "
                "each, how it fared against the level below.",
                len(LADDER),
            )
        ).format(count=len(LADDER), weakest=_(LADDER[0].title), strongest=_(LADDER[-1].title)),
        fonts.TINY,
        MUTED,
        rect,
        smallest=fonts.TINY - 8,
    )
