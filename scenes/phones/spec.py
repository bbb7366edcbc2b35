"""`PhoneSpec`: what a phone shows of one game. A game with hands on phones names its spec in its
`BoardSpec` (its `phone` loader), beside its page script and style; the phones get it from the
app (`AppServices.phone_spec`), never from the boards."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any

from scenes.kit.i18n import Message

if TYPE_CHECKING:
    from scenes.kit.seats import GameSetup


@dataclass(frozen=True)
class PhoneSpec:
    """What the phone page of one game needs.

    `board(view, seat, options)` is what the seat's phone shows of the game, as JSON-ready data
    computed from `view` (that seat's `view(seat)`) alone; `options` are the game's setup options
    (a phone may show less than the view, never more). `script` is the page script, a file
    beside the game's phone module, that draws that data and turns taps into move notation;
    `style` its stylesheet there. `words` are the script's own words, key -> English msgid
    (marked `N_`, or a lazy `LP_` where the words have another meaning elsewhere): the page gets
    them in the app's language (`scenes.phones.words`). A key of the page's own words given
    here says it in this game's terms ("your tiles" for "your hand"). `package`
    is the package the script and style are in (the phone module's: `__package__`).
    `art` names pictures of assets/art the page draws (`/art/<name>.svg`: the same art as the
    board's, a hunter drawn as the hunter). `ending(view, setup)`, once the game is over, is
    what the phone's end screen says of the count besides each seat's points (a bonus, a
    tie-break), from the seat's view of the end.
    """

    board: Callable[[Any, int, Mapping[str, Any]], dict[str, Any]]
    package: str
    script: str = "phone.js"
    style: str = "phone.css"
    words: Mapping[str, str | Message] = field(default_factory=dict)
    ending: Callable[[Any, GameSetup], Sequence[str]] | None = None
    art: Sequence[str] = ()


def game_files(spec: PhoneSpec) -> tuple[bytes, bytes]:
    """The page script and stylesheet of a game's phone (package data beside its phone module)."""
    folder = resources.files(spec.package)
    return folder.joinpath(spec.script).read_bytes(), folder.joinpath(spec.style).read_bytes()
