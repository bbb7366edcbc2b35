"""The language of the app: gettext catalogs, the current language, and switching it at once.

English is the source language (the msgids); other languages are gettext catalogs compiled to
`assets/locale/<code>/LC_MESSAGES/tabletop_trio.mo` from the `.po` beside them (`tools/i18n.py`).

Marking text (Babel extracts these calls; keywords in `babel.cfg`):
- `_("Settings")`: text shown now, in the current language.
- `ngettext("{count} pair", "{count} pairs", n).format(count=n)`: a sentence with a number.
- `pgettext("switch", "On")`: the same English words with two meanings.
- `N_("...")` (from `game.messages`, also here): text defined at import time (a module's
  constants, everything in `game/`), translated where it is shown: `_(info.title)`.
- `L_("Pass to {name}", name=player)` / `LN_(singular, plural, count, **fields)` /
  `LP_(context, msgid, **fields)`: a lazy
  `Message` for what is kept and drawn later (a widget's label): `str(message)` is the text in
  the language current when it is drawn, so a switch needs no rebuild. `message.msgid` is its
  English text, a stable key (tests find buttons by it).
Sentences are whole, with `{name}` fields of `str.format` for what changes (names, numbers,
squares); never English fragments pasted together. A module that translates never names a
throwaway variable `_`.

Switching: `set_language(code)` takes effect for the next text asked for. Drawn text cached in a
layer goes stale: the layer keeps a `Watch()` and rebuilds when `watch.changed()` (also after a
switch of text size, `restyle()`).
"""

from __future__ import annotations

import gettext as _gettext
import locale
import logging
import os
from collections.abc import Sequence
from dataclasses import dataclass

from game.messages import N_, Text  # N_ re-exported: scenes import every marker from here
from scenes.kit.assets import asset_folder

log = logging.getLogger(__name__)

__all__ = [
    "LANGUAGES",
    "LN_",
    "LP_",
    "L_",
    "N_",
    "Message",
    "Text",
    "Watch",
    "_",
    "generation",
    "gettext",
    "in_every_language",
    "join_names",
    "join_squares",
    "language",
    "next_language",
    "ngettext",
    "pgettext",
    "resolve",
    "restyle",
    "set_language",
    "source_text",
    "system_language",
    "translated",
]

DOMAIN = "tabletop_trio"
LOCALE_DIR = asset_folder("locale")
#: The languages offered, each named in its own language (never translated: a visitor must find
#: their own). The first is the source language of the msgids.
LANGUAGES: dict[str, str] = {"en": "English", "ja": "日本語"}
SOURCE_LANGUAGE = "en"
#: The language setting that follows the system's locale.
SYSTEM = "system"

_catalogs: dict[str, _gettext.NullTranslations] = {}
_current = SOURCE_LANGUAGE
_generation = 0


def _catalog(code: str) -> _gettext.NullTranslations:
    """The translations of `code` (English: none); a missing or broken catalog is logged and
    English is shown instead, never an error."""
    if code not in _catalogs:
        catalog: _gettext.NullTranslations = _gettext.NullTranslations()
        if code != SOURCE_LANGUAGE:
            try:
                catalog = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
            except (OSError, ValueError, UnicodeError):
                log.exception("the %s catalog cannot be read: English is shown instead", code)
        _catalogs[code] = catalog
    return _catalogs[code]


def language() -> str:
    """The code of the language shown now ("en", "ja")."""
    return _current


def next_language() -> str:
    """The code of the language after the one shown now (in LANGUAGES' order, round again)."""
    codes = list(LANGUAGES)
    return codes[(codes.index(_current) + 1) % len(codes)]


def generation() -> int:
    """How many times the language (or the text size) has been switched: a cache of drawn text
    built at another count is stale."""
    return _generation


def restyle() -> None:
    """Drawn text changes for another reason than the language (the text size): every `Watch`
    and every cache keyed by `generation()` renders again."""
    global _generation
    _generation += 1


def set_language(code: str) -> None:
    """Show `code`'s text from now on (ValueError for a language not in LANGUAGES)."""
    global _current, _generation
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}: one of {', '.join(LANGUAGES)}")
    if code != _current:
        _catalog(code)  # read it now, not in the middle of a frame
        _current = code
        _generation += 1


def system_language() -> str:
    """The language of the system's locale: Japanese for a `ja*` locale, else English."""
    names = [os.environ.get(name, "") for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    chosen = next((name for name in names if name), "")
    if not chosen:
        try:
            chosen = locale.getlocale()[0] or ""
        except ValueError:
            chosen = ""
    first = chosen.split(":")[0].lower()
    return "ja" if first.startswith("ja") else SOURCE_LANGUAGE


def resolve(setting: str) -> str:
    """The language a `language` setting asks for ("system" follows the system's locale)."""
    if setting in LANGUAGES:
        return setting
    return system_language()


def gettext(message: str) -> str:
    """`message` in the current language (itself where the catalog has no translation)."""
    if not message:
        return message  # gettext("") is the catalog's header, never a text to show
    return _catalog(_current).gettext(message)


_ = gettext


def in_every_language(message: str) -> set[str]:
    """`message` in each language offered (to recognise a text stored in any of them)."""
    return {_catalog(code).gettext(message) for code in LANGUAGES}


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of the sentence for `count` in the current language (format `{count}` after)."""
    return _catalog(_current).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """`message` in the current language, as meant in `context` (two meanings of one word)."""
    return _catalog(_current).pgettext(context, message)


@dataclass(frozen=True)
class Message:
    """Text translated when it is turned into a str: `str(message)` is in the current language,
    with its fields filled in (`{count}` is the count of a plural message)."""

    msgid: str
    plural: str | None = None
    count: int = 1
    fields: tuple[tuple[str, object], ...] = ()
    context: str | None = None  #: as for `pgettext`: which of two meanings of the same words

    def __str__(self) -> str:
        if self.context is not None:
            text = pgettext(self.context, self.msgid)
        elif self.plural is None:
            text = gettext(self.msgid)
        else:
            text = ngettext(self.msgid, self.plural, self.count)
        if self.plural is None and not self.fields:
            return text
        return text.format(**{"count": self.count, **dict(self.fields)})  # (a field may be `count`)


def L_(msgid: str, **fields: object) -> Message:
    """A lazy message: `msgid` translated (and its fields filled in) each time it is drawn."""
    return Message(msgid, fields=tuple(fields.items()))


def LP_(context: str, msgid: str, **fields: object) -> Message:
    """A lazy message meant as `context` says (`pgettext`): "Back" one move, not back a screen."""
    return Message(msgid, fields=tuple(fields.items()), context=context)


def LN_(singular: str, plural: str, count: int, **fields: object) -> Message:
    """A lazy plural message: the form for `count`, with `{count}` and `fields` filled in."""
    return Message(singular, plural, count, tuple(fields.items()))


def source_text(label: str | Message) -> str:
    """The English text of a label (a Message's msgid): a key that does not change language."""
    return label.msgid if isinstance(label, Message) else label


class Watch:
    """Notices a switch of language or text size: `changed()` is True once after each switch,
    so a cache of drawn text (a static layer) knows to render again."""

    def __init__(self) -> None:
        self._seen = _generation

    def changed(self) -> bool:
        if self._seen == _generation:
            return False
        self._seen = _generation
        return True


def join_names(names: Sequence[str]) -> str:
    """Names as one phrase of the current language: "Ada", "Ada and Ben", "Ada, Ben and Cy"."""
    if len(names) < 2:
        return "".join(names)
    first = pgettext("list of names", ", ").join(names[:-1])
    return gettext("{first} and {last}").format(first=first, last=names[-1])


def join_squares(squares: Sequence[str]) -> str:
    """Squares named one after another in a sentence: "a1 b1 c1" (in Japanese "a1・b1・c1")."""
    return pgettext("list of squares", " ").join(squares)


def translated(text: str | None, **names: object) -> str | None:
    """A text from `game/` in the current language: a `Text` (game.messages) by its msgid with
    its fields translated too, a plain marked str by itself. `names` replace fields by name (a
    board says a seat's name for a player number). None stays None."""
    if text is None:
        return None
    if not isinstance(text, Text):
        return gettext(text)
    if not text.fields:
        return gettext(text.msgid)
    fields = {
        key: names[key] if key in names else translated(value) if isinstance(value, Text) else value
        for key, value in text.fields.items()
    }
    return gettext(text.msgid).format(**fields)
