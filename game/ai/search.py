"""The search bot of every game: Monte Carlo tree search within a time or iteration budget.

One engine serves every game (design points from OpenSpiel's `mcts.py` and `ismcts.py`):

- Each iteration starts from a full state made from the bot's view (`SearchBot.determinize`):
  a plain copy in a game whose view is complete (a perfect-information game);
  a fresh sample from `view.sample(rng)` in a hidden-information game (information-set
  MCTS: the bot never sees the true state, only states consistent with what its seat knows).
- Tree edges are keyed on what the root seat sees of a move (`SearchBot.edge_key`): its own moves
  in full, another seat's moves with its secrets blanked (the symbol of a tile placed face
  down, the card laid as land). An untried child is picked at random, ties broken at random;
  selection is UCB1 over the children legal in this sample, counted by availability (ISMCTS).
- Rewards are each seat's share of the win (1 win, 1/k shared, 0 loss), backed up for the seat
  that made each move. In perfect information a terminal win is proven and
  backed up (MCTS-Solver): a node where the seat to act has a proven win is won by that seat,
  a node all of whose moves are proven wins of one other seat is won by that seat; selection
  passes over proven losses, and the move played is never one while another move is not. A
  new node where the seat to act can win at once (`SearchBot.can_win_at_once`) is proven for
  it without a playout (decisive moves).
- Playouts use `SearchBot.playout_move` (random by default, cheaper is more).
- The root seat's own moves, at the root and for the rest of its turn, may be cut to those
  `SearchBot.candidates` keeps (all by default; a game's bot may keep its best ones only).
- The move played is the most visited root child, after two cheap exact checks: an immediate
  win is always taken, and (`guard_replies`) a move that lets the next seat win at once is
  avoided when another move does not; when every move does, one that loses by itself (a
  losing pattern of its own) comes last, so the next seat must still find its win. Easy
  sometimes slips: plays a runner-up move instead.
- Budget: `seconds` per move by level (one core, game.ai.levels), or exactly `iterations` when
  given (tests: deterministic for a given rng). A `stop` event ends the think at once with the
  best so far. A game may keep some of its knowledge for the higher levels (`decisive`,
  `rest_of_turn`, `reply_cut`; see each game's bots).
- While it runs, the search publishes the root moves it weighs most (`thoughts`: move, tries,
  share won) for the board's think view.
- Between two iterations it calls `pause` when set: the app, whose window draws on another
  thread of the same process, makes it wait there while a frame is drawn (the drawing thread
  then has the interpreter to itself).
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Hashable
from typing import Any, ClassVar, NamedTuple

from game.ai import levels

#: Seconds per move by level, on one core (game.ai.levels; tests shorten them).
SECONDS = dict(levels.SECONDS)
#: How often a level plays a runner-up move instead of its best (human-like slips).
SLIPS = dict(levels.SLIPS)
#: The clock the budget is counted on: wall time in play; `bench ai --clock cpu` counts this
#: process's CPU time instead, so a loaded machine measures what an idle core would play.
CLOCK = time.perf_counter
#: Share of the time budget kept for the checks after the search.
RESERVE = 0.1
#: UCB1 exploration constant for rewards in [0, 1].
EXPLORATION = 0.9
#: A playout longer than this is cut off and judged by `SearchBot.evaluate`.
PLAYOUT_CAP = 400


class Thought(NamedTuple):
    """One of the moves a search weighs most, for the think view: the root seat's own move (as
    its view has it), how often the search tried it, and the share of those tries it won."""

    move: Any
    tries: int
    won: float


#: How many candidates the search offers the think view (which shows three, after merging
#: those a watcher cannot tell apart), and how often (in iterations) it refreshes them.
THOUGHTS = 6
THOUGHTS_EVERY = 64


class Node:
    """One information set in the tree: the statistics of the move that led here."""

    __slots__ = ("allowed", "children", "mover", "proven", "reward", "seen", "visits", "width")

    def __init__(self, mover: int) -> None:
        self.mover = mover  # the seat that made the move into this node
        self.visits = 0
        self.seen = 0  # availability: how often this move was legal when its parent was chosen
        self.reward = 0.0  # summed reward of `mover`
        self.proven: int | None = None  # the seat proven to win from here (perfect information)
        self.children: dict[Hashable, Node] = {}
        #: the keys of the only moves searched from here (None: every legal move)
        self.allowed: set[Hashable] | None = None
        #: how many moves may be searched from here (perfect information: fixed per node)
        self.width = 0

    def value(self) -> float:
        return self.reward / self.visits if self.visits else 0.0


def shares(result: Any, players: int) -> list[float]:
    """Each seat's share of the win in a finished game."""
    out = [0.0] * players
    for seat in result.winners:
        out[seat] = 1.0 / len(result.winners)
    return out


class SearchBot:
    """MCTS / ISMCTS within a budget. Subclasses say how to make states and see moves."""

    name = "search"
    #: True when the view is the whole state (no sampling, proven wins may be backed up).
    perfect_information: ClassVar[bool] = False
    #: Check that the chosen move leaves the next seat no immediate win (if another move does).
    guard_replies: ClassVar[bool] = False
    #: Playout length before `evaluate` judges the position (a game's bot may set it by level).
    playout_plies: int = PLAYOUT_CAP
    #: Full states tried by the exact checks (one suffices with perfect information).
    check_samples: ClassVar[int] = 4

    def __init__(
        self, level: str = "normal", iterations: int | None = None, seconds: float | None = None
    ) -> None:
        self.level = level
        self.iterations = iterations
        self.seconds = SECONDS.get(level, 0.5) if seconds is None else seconds
        self.slip = SLIPS.get(level, 0.0)
        #: called between iterations (None: never); it may wait, never change the search
        self.pause: Callable[[], object] | None = None
        #: prove a new node won for the seat to act when it can win at once (decisive moves)
        self.decisive = True
        #: cut the root seat's moves to `candidates` for the rest of its turn too
        self.rest_of_turn = True
        #: where another seat acts, search only its `candidates` in the sampled state (its
        #: likely replies), so the tree reaches the root seat's next turn
        self.reply_cut = False
        self.last_iterations = 0  # how many iterations the last `choose` ran (for the bench)
        #: the moves the running (or last) think weighs most, best first: read by the board's
        #: think view from another thread, so it is only ever replaced, never changed
        self.thoughts: tuple[Thought, ...] = ()

    # Hooks for each game ---------------------------------------------------------------------
    def determinize(self, view: Any, rng: random.Random) -> Any:
        """A full state consistent with `view`."""
        return view.sample(rng)

    def edge_key(self, move: Any, mover: int, root_seat: int) -> Hashable:
        """What the root seat sees of `move` made by `mover`."""
        return move

    def playout_move(self, state: Any, moves: list[Any], rng: random.Random) -> Any:
        """The move a playout makes."""
        return rng.choice(moves)

    def candidates(self, view: Any, moves: list[Any], rng: random.Random) -> list[Any]:
        """The moves worth searching when the root seat acts: at the root, and again for the
        rest of its turn (a second action in the same turn); with `reply_cut`, those of another
        seat in a sampled state. All by default."""
        return moves

    def can_win_at_once(self, state: Any) -> bool:
        """Perfect information: can the seat to act become the sole winner by its own actions
        now? A new tree node where it can is proven for it (decisive moves), so a move that
        allows such a win is seen to lose the first time it is tried. By default its next two
        actions are played out; a game may answer faster."""
        return _can_win(state, state.current_player, depth=1)

    def finishing(self, view: Any) -> bool:
        """True when the acting seat's own actions from here may end the game (then the exact
        end-of-game check runs)."""
        return True

    # The search ------------------------------------------------------------------------------
    def choose(self, view: Any, rng: random.Random, stop: threading.Event | None = None) -> Any:
        start = CLOCK()
        self.thoughts = ()
        seat = view.current_player
        moves = view.legal_moves()
        if seat is None or not moves:
            raise ValueError("this view's seat has no move to choose now")
        if len(moves) == 1:
            self.last_iterations = 0
            return moves[0]
        worlds = [self.determinize(view, rng) for _ in range(self._samples())]
        if self.finishing(view):
            decided = self._finish_now(worlds, moves, seat, stop)
            if decided is not None:
                self.last_iterations = 0
                return decided
        wanted = self.candidates(view, moves, rng)
        root = self._search(view, rng, seat, start, stop, wanted)
        ranked = self._ranked(root, wanted, seat, rng)
        if self.slip and len(ranked) > 1 and rng.random() < self.slip:
            ranked.insert(0, ranked.pop(rng.randrange(1, min(len(ranked), 4))))
        if self.guard_replies:
            for move in ranked:
                if not self._gives_win(worlds, move, seat):
                    return move
            # every move loses: at least leave the next seat its win to find
            for move in ranked:
                if not any(loses_at_once(world, move, seat) for world in worlds):
                    return move
        return ranked[0]

    def tree(
        self,
        view: Any,
        rng: random.Random,
        moves: list[Any] | None = None,
        stop: threading.Event | None = None,
    ) -> Node:
        """The root of a search of `view` within the budget, for a reader of every root move's
        statistics (the coach, game.ai.coach): the root seat's moves cut to `moves` (None: to
        those `candidates` keeps). Its children are keyed by the moves themselves."""
        seat = view.current_player
        if seat is None:
            raise ValueError("this view's seat has no move to choose now")
        wanted = self.candidates(view, view.legal_moves(), rng) if moves is None else moves
        return self._search(view, rng, seat, CLOCK(), stop, wanted)

    def ranked(self, root: Node, moves: list[Any], seat: int, rng: random.Random) -> list[Any]:
        """`moves` of the root `seat` as the search after `tree` weighs them, best first (as
        `choose` ranks them before its checks)."""
        return self._ranked(root, moves, seat, rng)

    def _samples(self) -> int:
        return 1 if self.perfect_information else self.check_samples

    def _search(
        self,
        view: Any,
        rng: random.Random,
        seat: int,
        start: float,
        stop: threading.Event | None,
        wanted: list[Any],
    ) -> Node:
        """The root of the search's tree, grown until `iterations` iterations (or the clock
        reaches the budget), `stop`, or a proven root."""
        root = Node(mover=-1)
        root.allowed = self._keys(wanted, view.legal_moves(), seat)
        deadline = start + self.seconds * (1 - RESERVE)
        done = 0
        while True:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif done and CLOCK() >= deadline:
                break
            if stop is not None and stop.is_set():
                break
            state = self.determinize(view, rng)
            self._iterate(root, state, seat, rng)
            done += 1
            if root.proven is not None:  # proven won or lost: no iteration can change it
                break
            if done % THOUGHTS_EVERY == 0:
                self.thoughts = self._thoughts(root, seat)
        self.last_iterations = done
        self.thoughts = self._thoughts(root, seat)
        return root

    @staticmethod
    def _thoughts(root: Node, seat: int) -> tuple[Thought, ...]:
        """The root's moves as `_ranked` orders them (a proven win first, proven losses last,
        then the most tried), the first few: the root seat's own moves, keyed by themselves."""

        def rank(item: tuple[Hashable, Node]) -> tuple[bool, bool, int]:
            proven = item[1].proven
            return (proven == seat, proven is None or proven == seat, item[1].visits)

        best = sorted(root.children.items(), key=rank, reverse=True)[:THOUGHTS]
        return tuple(Thought(key, child.visits, child.value()) for key, child in best)

    def _iterate(self, root: Node, state: Any, seat: int, rng: random.Random) -> None:
        if self.pause is not None:
            self.pause()
        path = [root]
        node = root
        players = state.players
        while node.proven is None and not state.is_over:
            child, move, fresh = self._select(node, state, seat, rng)
            state.play_legal(move)
            path.append(child)
            node = child
            if fresh:
                if state.is_over:
                    if self.perfect_information and len(state.result.winners) == 1:
                        child.proven = state.result.winners[0]
                elif self.perfect_information and self.decisive and self.can_win_at_once(state):
                    child.proven = state.current_player  # no playout: it takes its win
                elif len(path) == 2 and state.current_player == seat and self.rest_of_turn:
                    # the root seat's turn goes on: its own hand is known, so one sample serves
                    moves = state.legal_moves()
                    child.allowed = self._keys(self.candidates(state, moves, rng), moves, seat)
                break
        if node.proven is not None:
            rewards = [0.0] * players
            rewards[node.proven] = 1.0
        elif state.is_over:
            rewards = shares(state.result, players)
        else:
            rewards = self._playout(state, rng)
        for n in path[1:]:
            n.visits += 1
            n.reward += rewards[n.mover]
        root.visits += 1
        if self.perfect_information:
            self._prove(path)

    def _select(
        self, node: Node, state: Any, seat: int, rng: random.Random
    ) -> tuple[Node, Any, bool]:
        """The child to follow from `node` (a proven win, else an untried move, else UCB1 by
        availability), its move in `state`, and whether it was just added."""
        mover = state.current_player
        moves = state.legal_moves()
        count = len(moves)
        first = rng.randrange(count)  # a random starting point breaks ties at random
        fresh: list[tuple[Hashable, Any]] = []
        best = None
        best_score = -1.0
        lost = None  # a move proven to lose (followed only when every move is)
        only = node.allowed
        if self.reply_cut and mover != seat and only is None:
            wanted = self.candidates(state, moves, rng)
            if len(wanted) < count:
                only = {self.edge_key(move, mover, seat) for move in wanted}
        children = node.children
        log = math.log
        c = EXPLORATION
        width = 0
        for i in range(count):
            move = moves[(first + i) % count]
            key = self.edge_key(move, mover, seat)
            if only is not None and key not in only:
                continue
            width += 1
            child = children.get(key)
            if child is None:
                fresh.append((key, move))
                continue
            child.seen += 1
            if child.proven is not None:
                if child.proven == mover:
                    return child, move, False
                lost = (child, move)
                continue
            score = child.reward / child.visits + c * math.sqrt(log(child.seen) / child.visits)
            if score > best_score:
                best, best_score = (child, move), score
        node.width = width
        if fresh:
            key, move = fresh[rng.randrange(len(fresh))]
            child = children[key] = Node(mover)
            child.seen = 1
            return child, move, True
        if best is None:
            if lost is not None:  # every move loses: the node is proven on the way back
                return lost[0], lost[1], False
            # none of the moves kept is legal in this sample: search them all
            node.allowed = None
            return self._select(node, state, seat, rng)
        return best[0], best[1], False

    def _keys(self, wanted: list[Any], moves: list[Any], seat: int) -> set[Hashable] | None:
        """The keys of `wanted`, the root seat's moves kept among its legal `moves` (None when
        every move is kept)."""
        if len(wanted) == len(moves):
            return None
        return {self.edge_key(move, seat, seat) for move in wanted}

    @staticmethod
    def _prove(path: list[Node]) -> None:
        """MCTS-Solver: back proven wins up the path (perfect information only). The seat to
        act at a node wins there if one of its moves is a proven win; another seat wins there
        if every move of the seat to act (all expanded) is a proven win of that seat."""
        for index in range(len(path) - 2, -1, -1):
            node = path[index]
            if node.proven is not None or not node.children:
                continue
            to_act = path[index + 1].mover
            children = node.children.values()
            if any(c.proven == to_act for c in children):
                node.proven = to_act
                continue
            if len(node.children) == node.width:
                winners = {c.proven for c in children}
                if len(winners) == 1 and None not in winners:
                    node.proven = winners.pop()
                    continue
            break  # nothing new proven here: nothing new above

    def _playout(self, state: Any, rng: random.Random) -> list[float]:
        for _ in range(self.playout_plies):
            if state.is_over:
                return shares(state.result, state.players)
            state.play_legal(self.playout_move(state, state.legal_moves(), rng))
        return self.evaluate(state)

    def evaluate(self, state: Any) -> list[float]:
        """Each seat's expected share of the win in an unfinished state (a cut-off playout)."""
        return [1.0 / state.players] * state.players

    def _ranked(self, root: Node, moves: list[Any], seat: int, rng: random.Random) -> list[Any]:
        """The root moves, most visited first (a proven win before all, proven losses after
        all; ties at random)."""

        def rank(move: Any) -> tuple[bool, bool, int, float, float]:
            child = root.children.get(self.edge_key(move, seat, seat))
            if child is None:
                return (False, True, 0, 0.0, rng.random())
            proven = child.proven
            lost = proven is not None and proven != seat
            return (proven == seat, not lost, child.visits, child.value(), rng.random())

        return sorted(moves, key=rank, reverse=True)

    # Exact checks ----------------------------------------------------------------------------
    def _finish_now(
        self, worlds: list[Any], moves: list[Any], seat: int, stop: threading.Event | None
    ) -> Any:
        """A move that wins at once in every sampled world; or, when every line of the seat's
        own actions ends the game in every world, the one with the best outcome. None when
        neither holds, or when `stop` is set."""
        best = None
        best_value = -math.inf
        all_end = True
        for move in moves:
            if stop is not None and stop.is_set():
                return None
            total = 0.0
            wins = True
            for world in worlds:
                after = world.clone()
                after.play(move)
                value, ends = _own_best(after, seat, depth=1)
                all_end = all_end and ends
                wins = wins and value >= 0.75 * WIN_VALUE
                if not (wins or all_end):
                    break  # neither a sure win nor a line to compare: the next move
                total += value
            if wins:
                return move
            if total > best_value:
                best, best_value = move, total
        return best if all_end else None

    def _gives_win(self, worlds: list[Any], move: Any, seat: int) -> bool:
        """Does `move` let the next seat win at once in most sampled worlds?"""
        given = sum(gives_win(world, move, seat) for world in worlds)
        return given * 2 > len(worlds)


def loses_at_once(state: Any, move: Any, seat: int) -> bool:
    """Does `move` by itself end the game without `seat` among the winners?"""
    after = state.clone()
    after.play(move)
    return after.is_over and seat not in after.result.winners


def gives_win(state: Any, move: Any, seat: int) -> bool:
    """Does `move` (with the seat's best own follow-up) lose at once or let another seat win
    at once?"""
    after = state.clone()
    after.play(move)
    if after.is_over:
        return seat not in after.result.winners
    if after.current_player == seat:  # a follow-up choice of our own (a capture to take)
        for follow in after.legal_moves():
            nxt = after.clone()
            nxt.play_legal(follow)
            if nxt.is_over or not _can_win(nxt, nxt.current_player, depth=1):
                return False
        return True
    return _can_win(after, after.current_player, depth=1)


#: The value of a sole win in the exact checks (a point of margin is worth 1/1000 of it).
WIN_VALUE = 1000.0


def _terminal_value(state: Any, seat: int) -> float:
    result = state.result
    share = 1.0 / len(result.winners) if seat in result.winners else 0.0
    others = [s for i, s in enumerate(result.scores) if i != seat]
    margin = result.scores[seat] - max(others) if others else 0
    return WIN_VALUE * share + margin


def _own_best(state: Any, seat: int, depth: int) -> tuple[float, bool]:
    """The best end reachable by `seat`'s own next actions (up to `depth` more), and whether
    every such line ends the game. An unfinished line counts as -inf."""
    if state.is_over:
        return _terminal_value(state, seat), True
    if depth <= 0 or state.current_player != seat:
        return -math.inf, False
    best = -math.inf
    ends = True
    for move in state.legal_moves():
        after = state.clone()
        after.play_legal(move)
        value, end = _own_best(after, seat, depth - 1)
        best = max(best, value)
        ends = ends and end
    return best, ends


def _can_win(state: Any, seat: int | None, depth: int) -> bool:
    """Can `seat`, to act, become the sole winner by its own next actions (up to depth+1)?"""
    if seat is None or state.is_over:
        return False
    for move in state.legal_moves():
        after = state.clone()
        after.play_legal(move)
        result = after.result
        if result is not None:
            if tuple(result.winners) == (seat,):
                return True
            continue
        if depth > 0 and after.current_player == seat and _can_win(after, seat, depth - 1):
            return True
    return False
