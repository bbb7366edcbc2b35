"""The frame cost of the Whose Foods board's heaviest animation, for `python main.py bench
frames`: a placement that sets off a chain of three captures."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import whose_foods as wf
from scenes.boards.measure import measure_move

if TYPE_CHECKING:
    from collections.abc import Callable

    from scenes.app import App

#: small dog on c2: a trio of cats, then what it uncovers makes two more captures
CHAIN_OF_THREE = ". . . .\nLD LD/SC LD .\nSC LC/SC . .\n. LC . ."


def heaviest_animation(
    app: App, repeats: int = 8, on_frame: Callable[[], object] | None = None
) -> list[tuple[str, tuple[float, float]]]:
    """(label, (mean, p99) ms) of the three-step chain, in CPU time of the drawing thread."""
    chain = wf.from_diagram(CHAIN_OF_THREE)
    measured = measure_move(app, wf.DESCRIPTOR.key, chain, "SD c2", repeats, on_frame=on_frame)
    return [("whose-foods board: 3-step chain", measured)]
