"""Work done ahead of need, in the time the loop would wait between two frames (issue 41).

Some drawing costs a frame a millisecond or more the first time and nothing after: a text face
loading the glyphs of its first words (`fonts.warm_ahead`), a seat's glow ring drawn at its size
(`effects_paint.glow_ahead`). A board asks for these when it is built (`later`); the app's loop
does one piece of work after a frame that left time to spare (`do_next`), so the frame in which
a move ends, a score changes or a turn passes does not wait for them. Pictures of art have their
own queue (`art.render_ahead`: many, for the pieces' animations), taken when this one is empty.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

#: work asked for ahead and not done yet, by key (each key once, in the order asked)
_work: dict[Hashable, Callable[[], object]] = {}


def later(key: Hashable, work: Callable[[], object]) -> None:
    """Do `work()` between two frames, before it is needed (a key already waiting stays)."""
    _work.setdefault(key, work)


def do_next() -> bool:
    """Do the next piece of work asked for ahead; False when none was left."""
    if not _work:
        return False
    key = next(iter(_work))
    _work.pop(key)()
    return True


def waiting() -> list[Hashable]:
    """The keys of the work not done yet, in the order it will be done."""
    return list(_work)


def clear() -> None:
    """Forget the work not done yet."""
    _work.clear()
