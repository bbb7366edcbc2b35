"""The markers of player-facing text defined in `game/` (titles, pitches, end reasons, options,
refusals).

`game/` never translates: it marks its sentences with `N_` so Babel extracts them into the
catalog (`tools/i18n.py extract`), and the scenes translate them where they show them
(`scenes.kit.i18n.gettext(info.title)`). `N_` returns its argument unchanged.

A sentence with parts that change (a refusal naming a square) is a `Text`: `said(N_("{square} is
occupied"), square="a1")` is the str "a1 is occupied", as the API has always given it, that also
keeps its msgid and fields, so that a scene can say it in the player's language
(`scenes.kit.i18n.translated`). A field that is a code people read as words is a `term`: the str
keeps the code ("LF"), the translation names it ("large can").
"""

from __future__ import annotations

from typing import Any


def N_(message: str) -> str:
    """`message` itself: marks it for extraction, to be translated where it is shown."""
    return message


class Text(str):
    """English words (the str itself) with the msgid and fields they were made from."""

    msgid: str
    fields: dict[str, Any]

    def __new__(cls, text: str, msgid: str, fields: dict[str, Any]) -> Text:
        made = super().__new__(cls, text)
        made.msgid = msgid
        made.fields = fields
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Text, (str(self), self.msgid, self.fields))


def said(msgid: str, **fields: Any) -> Text:
    """The sentence `msgid` (marked `N_`) with its `{fields}` filled in."""
    return Text(msgid.format(**fields), msgid, fields)


def term(code: str, words: str) -> Text:
    """A code (a piece's "LF") shown as itself in the English text, and as `words` (marked
    `N_`, "large can") where a scene translates the sentence it is part of."""
    return Text(code, words, {})
