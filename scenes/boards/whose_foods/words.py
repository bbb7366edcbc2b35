"""The words the Whose Foods board says about pieces and captures in its move log, option buttons,
refusals and status line (marked `N_`, translated where they are drawn)."""

from __future__ import annotations

from collections.abc import Sequence

from game import whose_foods as wf
from game.whose_foods.moves import PIECE_WORDS
from scenes.kit.i18n import L_, N_, Message

#: a capture by its kind (game.whose_foods.EffectKind); a trio of one animal is named by it
CAPTURES = {
    wf.EffectKind.TRIO_ILLUSTRATION.value: N_("trio"),
    wf.EffectKind.TRIO_SIZE.value: N_("trio by size"),
    wf.EffectKind.SANDWICH.value: N_("sandwich"),
    "dog": N_("trio of dogs"),
    "cat": N_("trio of cats"),
    "can": N_("trio of cans"),
}


def piece(code: str) -> Message:
    """A piece by its notation code, as a sentence names it ("large dog")."""
    return L_(PIECE_WORDS[code])


def capture(kind: str, pieces: Sequence[str] = ()) -> Message:
    """A capture's name: "trio of cats" (a trio of one animal), "trio by size", "sandwich"."""
    animals = {wf.illustration(code) for code in pieces}
    if kind == wf.EffectKind.TRIO_ILLUSTRATION.value and len(animals) == 1:
        return L_(CAPTURES[animals.pop()])
    return L_(CAPTURES[kind])


def capture_clause(kind: str, captured: Sequence[tuple[str, str]], points: int) -> Message:
    """ "trio of cats, takes 3, +3" (`captured`: the (square, piece) taken)."""
    name = capture(kind, [code for _square, code in captured])
    return L_(
        "{capture}, takes {count}, +{points}", capture=name, count=len(captured), points=points
    )


def loss_pattern(pattern: str, pieces: Sequence[str]) -> Message:
    """The losing pattern a move made (WF-16): "four dogs in a line"."""
    if pattern == wf.LossKind.FOUR_SIZE.value:
        if wf.is_large(pieces[0]):
            return L_("four large pieces in a line")
        return L_("four small pieces in a line")
    if pattern == wf.LossKind.FOUR_ILLUSTRATION.value:
        animal = wf.illustration(pieces[0])
        if animal == "dog":
            return L_("four dogs in a line")
        if animal == "cat":
            return L_("four cats in a line")
        return L_("four cans in a line")
    return L_("three cans in a line")


def loss_clause(pattern: str, pieces: Sequence[str]) -> Message:
    """The losing pattern as a clause of the move's log line: "four dogs in a line: loses"."""
    return L_("{pattern}: loses", pattern=loss_pattern(pattern, pieces))
