"""What a seat's phone is sent during a game: the table in public words, and the game as that
seat's `view(seat)` shows it (the game's own `PhoneSpec.board`), never anything of the state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, TypedDict, cast

from game.core.result import Result
from scenes.kit.i18n import _, join_names
from scenes.kit.points import part_words
from scenes.kit.seat_names import Called
from scenes.phones.spec import PhoneSpec

if TYPE_CHECKING:
    from scenes.kit.palette import SeatColour
    from scenes.kit.seats import GameSetup
    from scenes.phones.board import PhoneBoard

LOG_LINES = 6  #: the newest move-log lines a phone shows (the words the big screen shows)


def hex_colour(rgb: Sequence[int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*(int(v) for v in rgb))


def seat_identity(colour: SeatColour | None) -> dict[str, str | None]:
    """A seat's colour and mark as a phone draws them (the board's: same colour, same shape),
    both None while they are decided only when the game starts."""
    if colour is None:
        return {"colour": None, "mark": None}
    return {"colour": hex_colour(colour.rgb), "mark": colour.mark}


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


class FinishedView(Protocol):
    """What the end screen reads of a seat's view of a finished game (the games' views have
    it; `GameView` does not promise it)."""

    @property
    def result(self) -> Result | None: ...
    def breakdown(self, seat: int) -> dict[str, int]: ...


def end_message(
    view: FinishedView, setup: GameSetup, seat: int, spec: PhoneSpec
) -> dict[str, object]:
    """The phone's end screen, from `seat`'s view of the finished game (every secret is turned
    up at the end): who won, each seat's total and its parts, and the game's own notes."""
    result = view.result
    breakdowns = [dict(view.breakdown(s)) for s in range(setup.players)]
    labels = list(dict.fromkeys(label for parts in breakdowns for label in parts))
    return {
        "words": result_words(setup.called_names(), result, seat),
        "winners": list(result.winners) if result is not None else [],
        "totals": [sum(parts.values()) for parts in breakdowns],
        "parts": [
            {
                "label": part_words(setup.game, label),
                "points": [parts.get(label, 0) for parts in breakdowns],
            }
            for label in labels
        ],
        "notes": list(spec.ending(view, setup)) if spec.ending is not None else [],
    }


class UndoShown(TypedDict):
    """An undo request as a phone shows it: the question, who decides, and whether it is this
    phone's to answer."""

    question: str
    decides: str
    yours: bool


def undo_message(board: PhoneBoard, seat: int) -> UndoShown | None:
    """The undo request on the big screen as `seat`'s phone shows it (None: there is none)."""
    asked = board.undo_asked
    if asked is None:
        return None
    decider = board.setup.called(asked.decider)
    yours = asked.decider == seat and board.on_phone(seat)
    if yours:
        decides = _("You decide: allow it or refuse it.")
    elif board.on_phone(asked.decider):
        decides = _("{name} decides, on their phone.").format(name=decider)
    else:
        decides = _("{name} decides, at the big screen.").format(name=decider)
    return UndoShown(question=asked.question, decides=decides, yours=yours)


def seat_message(board: PhoneBoard, seat: int, spec: PhoneSpec) -> dict[str, object]:
    """The `view` message of `seat` (see scenes.phones.protocol) for the game on `board`."""
    state, setup = board.state, board.setup
    view = state.view(seat)
    current = state.current_player
    ready = board.ready
    result = state.result
    over = state.is_over
    undo = None if over else undo_message(board, seat)
    paused = board.paused and not over
    if over or current is None:
        status = result_words(setup.called_names(), result, seat)
    elif paused:
        status = _("Paused on the big screen.")
    elif undo is not None:  # (the question itself is in the page's undo box)
        status = undo["decides"]
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
            **seat_identity(setup.colours[s]),
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
        "log": board.log_words[-LOG_LINES:],
        "last": board.log_words[-1] if board.log_words else "",
        "paused": paused,
        "undo": undo,
        "end": end_message(cast("FinishedView", view), setup, seat, spec) if over else None,
        "board": spec.board(view, seat, setup.options),
    }
