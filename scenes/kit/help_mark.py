"""The mark of a game that had help (the coach's hints, or moves taken back), as the players'
record counts it: a small pill with an icon and words ("With help: 2 hints"), never colour
alone. The Replays list and the replay viewer draw it."""

from __future__ import annotations

import pygame

from scenes.kit import fonts
from scenes.kit.i18n import _, ngettext
from scenes.kit.palette import ACCENT_DARK, INK, PAPER
from scenes.kit.pictures import picture
from scenes.kit.text_fit import fit_line


def help_words(hints: int, undos: int) -> str | None:
    """What help a game had, in a few words; None without any."""
    if hints and undos:
        return _("With help: hints and undo")
    if hints:
        return ngettext("With help: {count} hint", "With help: {count} hints", hints).format(
            count=hints
        )
    if undos:
        return ngettext("With help: {count} undo", "With help: {count} undos", undos).format(
            count=undos
        )
    return None


def draw_help_mark(
    canvas: pygame.Surface,
    hints: int,
    undos: int,
    anchor: tuple[int, int],
    size: int = fonts.TINY,
    widest: int = 520,
    where: str = "midleft",
) -> pygame.Rect | None:
    """The mark of a game with help, its point `where` ("midleft", "midright", ...) at `anchor`,
    at most `widest` pixels wide; where it was drawn (None: the game had no help, nothing is
    drawn)."""
    words = help_words(hints, undos)
    if words is None:
        return None
    height = size + 16
    icon_size = height - 10
    text, text_size = fit_line(words, size, widest - icon_size - 44)
    width = icon_size + 12 + fonts.measure(text, text_size)[0] + 32
    pill = pygame.Rect(0, 0, width, height)
    setattr(pill, where, anchor)
    pygame.draw.rect(canvas, PAPER, pill, border_radius=height // 2)
    pygame.draw.rect(canvas, ACCENT_DARK, pill, 3, border_radius=height // 2)
    icon = picture("icon_learn" if hints else "icon_undo", (icon_size, icon_size))
    canvas.blit(icon, icon.get_rect(midleft=(pill.left + 14, pill.centery)))
    at = (pill.left + 14 + icon_size + 10, pill.centery)
    fonts.blit_text(canvas, text, text_size, INK, "midleft", at)
    return pill
