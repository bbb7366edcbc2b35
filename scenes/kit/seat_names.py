"""A seat's name: the default names, and the name where a sentence names it.

Two things change a sentence with a player in it, in every language:
- the reader's own seat (a lesson's "You") is the subject of sentences of its own ("You lay a
  card", 「あなたは…」), never "You lays" or 「あなたさん」: `Called.reader`, and the
  sentence-makers (`GameSetup.says` in scenes.kit.seats) pick that msgid;
- a name a person typed is said with the language's honorific (Japanese adds さん), while a
  default name ("Player 2", a computer's "Pepper") and the reader's are said as they are.

A `Called` is lazy, as `scenes.kit.i18n.Message` is: it is worded in the language current when it
is formatted, so a move-log line holding one follows a switch of language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scenes.kit.i18n import N_, Message, _, in_every_language, pgettext

#: a person's default name, by seat number from 1, and a computer's in each seat (each said in
#: the language shown: `human_name`, `bot_name`)
HUMAN_NAME = N_("Player {number}")
BOT_NAMES = (N_("Clover"), N_("Pepper"), N_("Biscuit"), N_("Maple"))
#: the reader's seat's name (a lesson's person); a seat named so is the reader in any language
YOU = N_("You")


def human_name(index: int) -> str:
    """A person's default name at place `index` ("Player 1"), in the language shown now."""
    return _(HUMAN_NAME).format(number=index + 1)


def bot_name(index: int) -> str:
    """A computer's default name at place `index` ("Pepper"), in the language shown now."""
    return _(BOT_NAMES[index])


def is_default_name(name: str, index: int) -> bool:
    """Whether `name` is a default name at place `index`, a person's or a computer's, in any
    language (a name typed by nobody, kept from a session in another language)."""
    return name in in_every_language(BOT_NAMES[index]) or name in {
        text.format(number=index + 1) for text in in_every_language(HUMAN_NAME)
    }


def is_reader(name: str) -> bool:
    """Whether `name` is the reader's ("You", in any language offered)."""
    return name in in_every_language(YOU)


@dataclass(frozen=True)
class Called:
    """A seat's name as a sentence says it: `str()` or a format field gives the name, with the
    honorific of the language shown when `honoured` (a name a person typed, never the
    reader's)."""

    name: str
    honoured: bool = False

    @property
    def reader(self) -> bool:
        """The reader's own seat: sentences about it have msgids of their own."""
        return is_reader(self.name)

    def __str__(self) -> str:
        if not self.honoured:
            return self.name
        # TRANSLATORS: a name a person typed, where a sentence names them ("Ada"); Japanese adds
        # the honorific ("{name}さん"). Default names ("Player 2") and computers' names are said
        # without this.
        return pgettext("a typed name in a sentence", "{name}").format(name=self.name)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def called(name: str, index: int) -> Called:
    """The name `name` of the seat at place `index` as a sentence says it: a typed name with the
    language's honorific, a default name ("Player 2", "Pepper") as it is."""
    return Called(name, honoured=not is_default_name(name, index) and not is_reader(name))


def says(name: str, index: int, theirs: str, yours: str, **fields: object) -> Message:
    """A sentence about the seat at place `index` named `name`, lazy: `yours` (marked `N_`, "You
    lay a card") when it is the reader's seat, else `theirs` ("{name} lays a card") with the
    name as a sentence says it in `{name}`; `fields` fill both."""
    name_called = called(name, index)
    if name_called.reader:
        return Message(yours, fields=tuple(fields.items()))
    return Message(theirs, fields=(("name", name_called), *fields.items()))


def seat_name(names: Sequence[Called], seat: object) -> Called:
    """The name of `seat` as a sentence says it, or "Someone" for a seat the names do not
    have."""
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return Called(_("Someone"))
