"""The hint line under the setup screen's seats: a returning player's ladder (their faces of the
levels beaten, the next one to try and why), or, for a table nobody has a record at, how colours and
the computer levels work."""

from __future__ import annotations

import pygame

from game.ai.levels import LADDER
from scenes.kit import fonts
from scenes.kit.i18n import _, ngettext
from scenes.kit.palette import MUTED
from scenes.kit.seat_names import Called
from scenes.screens.ladder import draw_ladder_row
from scenes.storage.record import Entry


def draw_setup_hint(
    layer: pygame.Surface,
    rect: pygame.Rect,
    ladder: tuple[Called, Entry] | None,
    fixed_colours: bool,
    game: str,
) -> None:
    """Draw in `rect` the ladder of a returning player at `game` (`ladder`: their name and
    record: the levels' faces, the level offered next ringed, and why), or when there is none
    the words on colours (`fixed_colours`: they follow the pieces) and levels."""
    if ladder is not None:
        name, entry = ladder
        draw_ladder_row(layer, rect, entry, name, game)
    else:
        draw_levels_hint(layer, rect, fixed_colours)


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
