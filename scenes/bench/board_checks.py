"""What must hold on a board after every frame; checked by the monkey and the scene tests.

- Its state is its start state with its move list replayed (`BoardWatch.drift`).
- No secret drawn (`BoardWatch.leaks`): every face in the board's record of drawn faces
  (`board.on_show.faces_seen`: seat on show, code, place) is one that seat may see. A move is
  applied at once and animated after it, and neither people nor computers move again before the
  animation ends, so a face is judged against that seat's view of the state now and of the state
  before the last move. Nobody on show (a spectator, a hand-over) may see public faces only; once
  the game is over everything is shown. Which faces a seat may see is each game's rule, in its board
  package (`faces.py`, named by its BoardSpec).
"""

from __future__ import annotations

from typing import Any

from game.core.protocols import GameState
from scenes.boards import BOARDS
from scenes.boards.base import AnyBoard
from scenes.boards.spec import FaceCheck, FaceRule


def rule_for(board: AnyBoard) -> FaceRule | None:
    """The rule that judges `board`'s drawn faces: its game's (None: a game nobody registered)."""
    spec = BOARDS.get(board.setup.game)
    return spec.face_rule() if spec is not None else None


class BoardWatch:
    """Checks one board frame after frame (see the module)."""

    def __init__(self, board: AnyBoard):
        self.board = board
        self.rule = rule_for(board)
        #: faces judged so far
        self.faces_checked = 0
        #: (start state, moves) replayed
        self._key: tuple[GameState[object], tuple[str, ...]] | None = None
        self._before: GameState[object] | None = None  # the state before the last move, replayed
        self._replayed: Any = None  # the replay's to_dict(), or the error that stopped it
        self._rules: dict[int | None, FaceCheck] = {}

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
        faces = board.on_show.faces_seen
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

    def _rule(self, viewer: int | None) -> FaceCheck:
        rule = self._rules.get(viewer)
        if rule is None:
            states = [self.board.state] + ([self._before] if self._before is not None else [])
            views = [state.view(viewer) for state in states]
            assert self.rule is not None
            rule = self._rules[viewer] = self.rule(self.board, views, viewer)
        return rule


def _seat_name(board: AnyBoard, viewer: int | None) -> str:
    if viewer is None:
        return "nobody's view (a spectator, or under the hand-over)"
    return f"{board.setup.names[viewer]}'s view (seat {viewer})"
