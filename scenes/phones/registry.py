"""Which games offer hands on phones, and what a phone shows of each: found beside each game's
board scene (`scenes/boards/<game>/phone.py` holding `PHONE`, a `PhoneSpec`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module, resources
from typing import Any

from scenes.boards import BOARD_SCENES


@dataclass(frozen=True)
class PhoneSpec:
    """What the phone page of one game needs.

    `board(view, seat, options)` is what the seat's phone shows of the game, as JSON-ready data
    computed from `view` (that seat's `view(seat)`) alone; `options` are the game's setup options
    (a phone may show less than the view, never more). `script` is the page script, a file
    beside the game's phone module, that draws that data and turns taps into move notation;
    `style` its stylesheet there.
    """

    board: Callable[[Any, int, Mapping[str, Any]], dict[str, Any]]
    script: str = "phone.js"
    style: str = "phone.css"


def phone_spec(game: str) -> PhoneSpec | None:
    """The phone spec of `game`, or None when its board package offers none."""
    target = BOARD_SCENES.get(game)
    if target is None:
        return None
    package = target.partition(":")[0].rpartition(".")[0]
    if not package:
        return None
    try:
        module = import_module(f"{package}.phone")
    except ImportError:
        return None
    spec = getattr(module, "PHONE", None)
    return spec if isinstance(spec, PhoneSpec) else None


def game_files(game: str) -> tuple[bytes, bytes]:
    """The page script and stylesheet of `game`'s phone (package data beside its phone module)."""
    spec = phone_spec(game)
    if spec is None:
        raise ValueError(f"{game} offers no phone page")
    folder = resources.files(BOARD_SCENES[game].partition(":")[0].rpartition(".")[0])
    return folder.joinpath(spec.script).read_bytes(), folder.joinpath(spec.style).read_bytes()
