"""What a seat's phone is sent during a game: the table in public words, and the game as that
seat's `view(seat)` shows it (the game's own `PhoneSpec.board`), never anything of the state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.core.result import Result
from scenes.kit.i18n import _, join_names
from scenes.kit.seat_names import Called
from scenes.phones.spec import PhoneSpec

if TYPE_CHECKING:
    from scenes.phones.board import PhoneBoard

LOG_LINES = 6  #: the newest move-log lines a phone shows (the words the big screen shows)


def hex_colour(rgb: Sequence[int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*(int(v) for v in rgb))


def result_words(names: Sequence[Called], result: Result | None, seat: int) -> str:
    """ "Player 1 wins." / "Player 1 and Player 2 share the win." / "A draw.", and "You win."
    on the phone of `seat` when it alone won."""
    if result is None:
        return ""
    winners = [str(names[s]) for s in result.winners]
    if result.draw and len(winners) != 1:
        if not winners:
            return _("A draw.")
        return _("A draw: {names} share the win.").format(names=join_names(winners))
    if len(winners) == 1:
        if result.winners[0] == seat:
            return _("You win.")
        return _("{name} wins.").format(name=winners[0])
    return _("{names} win.").format(names=join_names(winners))


def seat_message(board: PhoneBoard, seat: int, spec: PhoneSpec) -> dict[str, object]:
    """The `view` message of `seat` (see scenes.phones.protocol) for the game on `board`."""
    state, setup = board.state, board.setup
    view = state.view(seat)
    current = state.current_player
    ready = board.ready
    result = state.result
    over = state.is_over
    if over or current is None:
        status = result_words(setup.called_names(), result, seat)
    elif current == seat:
        status = _("Your turn") if ready else _("Your turn: watch the big screen a moment…")
    elif not setup.is_human(current):
        status = _("{name} is thinking…").format(name=setup.called(current))
    elif board.on_phone(current):
        status = _("{name}'s turn, on their phone").format(name=setup.called(current))
    else:
        status = _("{name}'s turn, at the big screen").format(name=setup.called(current))
    players = [
        {
            "name": setup.names[s],
            "colour": hex_colour(setup.colours[s][1]),
            "mark": setup.colours[s][2],
            "computer": not setup.is_human(s),
            "phone": board.on_phone(s),
        }
        for s in range(setup.players)
    ]
    return {
        "ply": board.ply,
        "seat": seat,
        "game": _(setup.info.title),
        "players": players,
        "turn": current,
        "your_turn": bool(current == seat and ready and not over),
        "status": status,
        "over": over,
        "scores": list(result.scores) if over and result is not None else None,
        "log": board.log_words[-LOG_LINES:],
        "board": spec.board(view, seat, setup.options),
    }
