"""What must hold on a board after every frame; checked by the monkey and the scene tests.

- Its state is its start state with its move list replayed (`BoardWatch.drift`).
- No secret drawn (`BoardWatch.leaks`): every face in the board's record of drawn faces
  (`board.faces_seen`: seat on show, code, place) is one that seat may see. A move is applied at
  once and animated after it, and neither people nor computers move again before the animation
  ends, so a face is judged against that seat's view of the state now and of the state before
  the last move. Nobody on show (a spectator, a hand-over) may see public faces only; once the
  game is over everything is shown. Whose Foods has no secrets between seats, but in memory mode
  a piece covered before and after the last move is never drawn (WF-10).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import whose_foods as wf
from game.core.grid import parse_square

#: (code, place) -> why that face may not be drawn, or None
Rule = Callable[[str, str], str | None]


def _over(views: list[Any]) -> bool:
    return bool(views[0].is_over)  # views[0]: the state now


def consequence_rule(board: Any, views: list[Any], viewer: int | None) -> Rule:
    """Faces: the grid symbols the seat on show knows on that square, its own hand's tiles
    (in its hand, or on the square where one waits for its push arrow) (CQ-17)."""
    if _over(views):
        return lambda code, place: None
    hands = [set(v.hand(viewer)) for v in views] if viewer is not None else []
    known_hand = set().union(*hands)

    def why(code: str, place: str) -> str | None:
        if place.startswith("grid "):
            square = parse_square(place.split()[1])
            if code not in known_hand and not any(v.cells[square] == code for v in views):
                return "the seat on show does not know that tile's symbol"
            return None
        if place.startswith("hand "):
            if place != f"hand {viewer}":
                return "that hand is not the one on show"
            return None if code in known_hand else "that tile is not in the hand on show"
        if code not in known_hand and not any(code in v.cells for v in views):
            return "the seat on show does not know that tile's symbol"
        return None

    return why


def blanc_noir_rule(board: Any, views: list[Any], viewer: int | None) -> Rule:
    """Faces: the market, scored cards, land cards, the own hand; every hand at the end (BN-21)."""
    over = _over(views)
    allowed: set[str] = set()
    for view in views:
        allowed.update(view.market)
        for seat in range(view.players):
            allowed.update(view.scored(seat))
            if seat == viewer or over:
                allowed.update(view.hand(seat))
        for stack in view.land.values():
            allowed.update(stack)

    def why(code: str, place: str) -> str | None:
        if place.startswith("hand ") and not over and place != f"hand {viewer}":
            return "that hand is not the one on show"
        if place == "drag" and viewer is None:
            return "nobody's hand is on show"
        if code not in allowed:
            return "the seat on show may not see that card"
        return None

    return why


def whose_foods_rule(board: Any, views: list[Any], viewer: int | None) -> Rule:
    """In memory mode, no face on a square whose covered piece stayed covered, but its top."""
    if not board.memory_mode:
        return lambda code, place: None

    def why(code: str, place: str) -> str | None:
        if not place.startswith("board "):
            return None
        square = parse_square(place.split()[1])
        stacks = [view.piece_at(square) for view in views]
        if all(under != wf.EMPTY for _, under in stacks) and not any(
            top != wf.EMPTY and wf.PIECE_NAMES[top] == code for top, _ in stacks
        ):
            return "a covered piece in memory mode (WF-10)"
        return None

    return why


def _rules() -> dict[type, Callable[[Any, list[Any], int | None], Rule]]:
    from scenes.boards.blanc_noir.scene import BlancNoirBoard
    from scenes.boards.consequence.scene import ConsequenceBoard
    from scenes.boards.whose_foods.scene import WhoseFoodsBoard

    return {
        ConsequenceBoard: consequence_rule,
        BlancNoirBoard: blanc_noir_rule,
        WhoseFoodsBoard: whose_foods_rule,
    }


def rule_for(board: Any) -> Callable[[Any, list[Any], int | None], Rule] | None:
    """The rule that judges `board`'s drawn faces (None: a board nobody taught us)."""
    rules = _rules()
    return next((rules[kind] for kind in type(board).__mro__ if kind in rules), None)


class BoardWatch:
    """Checks one board frame after frame (see the module)."""

    def __init__(self, board: Any):
        self.board = board
        self.rule = rule_for(board)
        #: faces judged so far
        self.faces_checked = 0
        self._key: tuple[Any, tuple[str, ...]] | None = None  # (start state, moves) replayed
        self._before: Any = None  # the state before the last move, replayed
        self._replayed: Any = None  # the replay's to_dict(), or the error that stopped it
        self._rules: dict[int | None, Rule] = {}

    def _replay(self) -> None:
        board = self.board
        key = (board.start_state, tuple(board.moves))
        if self._key is not None and key[0] is self._key[0] and key[1] == self._key[1]:
            return
        self._key, self._rules = key, {}
        moves = key[1]
        state = board.start_state.clone()
        try:
            for move in moves[:-1]:
                state.play(move)
            self._before = state.clone()
            for move in moves[-1:]:
                state.play(move)
            self._replayed = state.to_dict()
        except Exception as error:
            self._before, self._replayed = None, error

    def drift(self) -> str | None:
        """Why the board's state is not its start state with its moves replayed (None: it is)."""
        self._replay()
        if isinstance(self._replayed, Exception):
            return f"its move list does not replay: {self._replayed!r}"
        if self.board.state.to_dict() != self._replayed:
            return f"after {len(self.board.moves)} moves the state differs from its replay"
        return None

    def leaks(self) -> list[str]:
        """The faces drawn since the last call that the seat on show may not see, each with its
        place and why (once each); the record is emptied."""
        board = self.board
        faces = board.faces_seen
        if not faces:
            return []
        found: list[str] = []
        if len(faces) == faces.maxlen:
            found.append("the record of drawn faces was full: some faces went unchecked")
        if self.rule is None:
            found.append(f"no rule says which faces a {type(board).__name__} may draw")
            faces.clear()
            return found
        self._replay()
        for viewer, code, place in faces:
            why = self._rule(viewer)(code, place)
            if why is not None:
                found.append(
                    f"{board.setup.game}: the face {code} drawn at {place} "
                    f"for {_seat_name(board, viewer)}: {why}"
                )
        self.faces_checked += len(faces)
        faces.clear()
        return list(dict.fromkeys(found))

    def _rule(self, viewer: int | None) -> Rule:
        rule = self._rules.get(viewer)
        if rule is None:
            states = [self.board.state] + ([self._before] if self._before is not None else [])
            views = [state.view(viewer) for state in states]
            rule = self._rules[viewer] = self.rule(self.board, views, viewer)  # type: ignore[misc]
        return rule


def _seat_name(board: Any, viewer: int | None) -> str:
    if viewer is None:
        return "nobody's view (a spectator, or under the hand-over)"
    return f"{board.setup.names[viewer]}'s view (seat {viewer})"
