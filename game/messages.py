"""The marker of player-facing text defined in `game/` (titles, pitches, end reasons, options).

`game/` never translates: it marks its sentences with `N_` so Babel extracts them into the
catalog (`tools/i18n.py extract`), and the scenes translate them where they show them
(`scenes.kit.i18n.gettext(info.title)`). `N_` returns its argument unchanged.
"""

from __future__ import annotations


def N_(message: str) -> str:
    """`message` itself: marks it for extraction, to be translated where it is shown."""
    return message
