"""One-line captions for the attract loop: what just happened, made from the events a spectator
may see, and between them what a visitor can do (`invitations`).

`caption(events, names, tell)` reads only what `BoardScene.presenter_events` hands the presenter
for a spectator (the boards' redaction), so a caption can never tell a secret: a card laid face
down reaches it as its colour and `?`, a hidden tile as its colour only. Each game's words for its
own events are its board package's `captions.tell` (named by its `BoardSpec`); the end of a game
is told here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.core.events import Event, GameOver
from scenes.kit.i18n import _, join_names, ngettext
from scenes.kit.seat_names import Called, seat_name


def caption(
    events: Sequence[Event],
    names: Sequence[Called],
    tell: Callable[[Sequence[Event], Sequence[Called]], list[tuple[int, str]]],
) -> str | None:
    """The most telling thing in `events` as one line, or None if nothing is worth saying;
    `tell` gives the game's own (weight, words) for its events."""
    told = list(tell(events, names))
    told += [(9, _game_over(event, names)) for event in events if isinstance(event, GameOver)]
    if not told:
        return None
    return max(told, key=lambda item: item[0])[1]


def _game_over(event: GameOver, names: Sequence[Called]) -> str:
    winners = list(event.result.winners)
    if len(winners) == 1:
        return _("{name} wins!").format(name=seat_name(names, winners[0]))
    if winners:
        shared = join_names([str(seat_name(names, w)) for w in winners])
        return _("A shared win for {names}").format(names=shared)
    return _("Game over")


def invitations(title: str, lesson: bool, challenge: tuple[str, int] | None = None) -> list[str]:
    """What a visitor can do at the stand, as whole sentences in the current language about the
    game `title` on show (`lesson`: it has a short lesson; `challenge`: the level to beat and how
    many visitors beat it today)."""
    said = [
        _("Touch the screen to learn {game} in two minutes.").format(game=title)
        if lesson
        else _("Touch the screen to learn how to play {game}.").format(game=title),
        _("Touch the screen to play {game} against the computer.").format(game=title),
        _("Touch the screen to play {game} with a friend.").format(game=title),
        _("Touch a player's name to take their seat and play on."),
    ]
    if challenge is not None:
        level, count = challenge
        said.insert(
            1,
            ngettext(
                "Beat the computer at {level}: {count} visitor has done it today.",
                "Beat the computer at {level}: {count} visitors have done it today.",
                count,
            ).format(level=level, count=count),
        )
    return said
