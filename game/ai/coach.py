"""The coach (API.md, "The coach"): a hint for the seat to act, and a review of one seat's moves
in a game, both decided from that seat's own views on the search the computer players use.

How it judges (after lichess's game review, `Advice.scala`): a move is weighed by its share of
the wins (the search's tries through it that it won, 0..1) against the best move's; the share it
gave up names its `Grade`: 0.1 an inaccuracy, 0.2 a mistake, 0.3 a blunder. A win thrown away or
a loss let in is judged on its own, whatever the shares say: a move that did not take a win on
the spot while one was there, or that lost at once or let the next seat win at once while
another move did not, is always a turning point (checked exactly in full states, `at_once`), and
so is a move that threw away a win the search proved or walked into a loss it proved (perfect
information) when that costs a mistake's share. The turning points are the mistakes, blunders
and those two.

Never a secret: the coach reads `state.view(seat)` only, like a computer player (a hidden-
information view is searched on states sampled from it, `view.sample(rng)`), its random choices
come from the seed and the move's place in the game, and the events it hands out are redacted
for the seat (`GameType.events_seen_by`); so equal views and seeds give equal answers.
Deterministic for a seed: its budgets are counts of search iterations by level (a hint may be
given seconds instead, and is then as deterministic as the clock).

For the app: `Review` judges a game one move at a time (`step`; a worker thread may run it,
report `done` / `total` and stop it between moves or within one through a `threading.Event`),
and `hint` may be given seconds and a stop event. Each `Moment` carries what happened as event
data (the played move's events, what followed it, what the better move does for sure, the
winning reply it allowed), for the board to show and phrase.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Self

from game import GAMES
from game.ai import at_once, make_bot
from game.ai.levels import DEFAULT_LEVEL
from game.ai.levels import level as level_of
from game.ai.search import Node, SearchBot
from game.core.descriptor import GameType
from game.core.engine import IllegalMove
from game.core.events import Event
from game.messages import N_

#: Search iterations for the best move at each of the coach's levels (when another move was
#: played, it and the best get `PLAYED_SHARE` of them each in searches of their own).
ITERATIONS = {"beginner": 200, "easy": 400, "normal": 800, "hard": 2400, "expert": 7200}
PLAYED_SHARE = 0.5
#: A review gives those iterations to up to this many moves of the seat; a longer game's are
#: shared out, so a whole review costs at most this many moves' worth (at normal, about 32,000
#: iterations: issue 38's 15 s of one core for the longest game).
FULL_MOVES = 20
#: Full states sampled from a hidden-information view for the exact checks (a complete view
#: needs one).
WORLDS = 6
#: States sampled from a hidden-information view to make sure of a win on the spot (a game's
#: end): a move that wins in 15 of 16 of them passes 96 in 1 of 500 (a game's last placements,
#: where a few hidden symbols decide, are often such).
SURE_WORLDS = 96
#: Moves checked, best first, for one that gives the next seat no win at once (all of them only
#: when the played move gives one).
SAFE_CHECKS = 6


class Grade(StrEnum):
    """The coach's judgement of one move (a closed set, mildest first): `label` names it for a
    player (marked N_), `turning` says whether it is a turning point."""

    label: str
    turning: bool

    def __new__(cls, value: str, label: str, turning: bool) -> Self:
        member = str.__new__(cls, value)
        member._value_ = value
        member.label = label
        member.turning = turning
        return member

    #: it gave up a tenth of the wins or more
    INACCURACY = "inaccuracy", N_("Inaccuracy"), False
    #: a fifth or more
    MISTAKE = "mistake", N_("Mistake"), True
    #: three tenths or more
    BLUNDER = "blunder", N_("Blunder"), True
    #: a move won on the spot (or a proved win) and this one did not
    MISSED_WIN = "missed win", N_("Missed win"), True
    #: it lost on the spot or let the next seat win at once (or into a proved loss), and another
    #: move did not
    GAVE_WIN = "gave win", N_("Gave the game away"), True


#: The share of the wins given up from which a move earns each grade, largest first.
THRESHOLDS = ((0.3, Grade.BLUNDER), (0.2, Grade.MISTAKE), (0.1, Grade.INACCURACY))


def grade_of(loss: float) -> Grade | None:
    """The grade of a move that gave up `loss` of the wins (None: a good move)."""
    return next((grade for least, grade in THRESHOLDS if loss >= least - 1e-9), None)


@dataclass(frozen=True)
class Hint:
    """The coach's move for the seat to act."""

    #: one of the state's legal moves
    move: Any
    #: the share of the search's tries through it that it won (1.0: a win on the spot)
    share: float
    #: how many of the search's tries went through it
    tries: int
    #: it wins the game on the spot
    wins: bool
    #: what it does for sure, as the seat sees it: its events, and those of the seat's own
    #: follow-ups in the turn as the search plays them (a capture chosen, a second action)
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Moment:
    """One move of the reviewed seat as the coach judged it (a turning point when its grade is
    one). A move that was the only legal one is not searched: no grade, shares 0."""

    #: its position in the game's moves
    index: int
    played: Any
    #: the move the coach prefers there (legal there; the played move itself when none is better)
    better: Any
    #: the share of the wins the played move gave up against `better` (0..1)
    loss: float
    grade: Grade | None
    played_share: float
    better_share: float
    #: judged exactly, not by shares: a win on the spot missed, or a loss on the spot let in
    at_once: bool
    #: what the played move did in the game, as the seat saw it
    events: tuple[Event, ...]
    #: what followed it until the seat's next turn (the others' moves, the end): what it allowed
    reply: tuple[Event, ...]
    #: what the better move does for sure, as the seat sees it (with its follow-ups in the turn)
    better_events: tuple[Event, ...]
    #: a move that gave the next seat a win on the spot: that win, as far as the view is sure of it
    threat: tuple[Event, ...]

    @property
    def turning(self) -> bool:
        return self.grade is not None and self.grade.turning


def biggest(moments: Sequence[Moment]) -> Moment | None:
    """The moment where the game turned most (for "see where it turned"): a turning point if
    there is one (a forced one first, then the largest loss, the earliest of equals), else the
    graded move that gave up most; None when every move was good."""
    graded = [m for m in moments if m.grade is not None]
    if not graded:
        return None
    return max(graded, key=lambda m: (m.turning, m.at_once, m.loss, -m.index))


# --- the judge ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Choice:
    """The best move of a position and what the search and the exact checks said of it."""

    move: Any
    share: float
    tries: int
    wins: bool
    line: tuple[Any, ...]  # the move and the seat's own follow-ups in its turn, by the search
    #: `share` is exact: a win on the spot, or a win or loss the search proved
    exact: bool = False


class _Judge:
    """The search and the exact checks of one game at one level."""

    def __init__(
        self, game: GameType, level: str, seconds: float | None = None, scale: float = 1.0
    ) -> None:
        level_of(level)  # ValueError for a level that does not exist
        bot = make_bot(game.key, "search", level)
        assert isinstance(bot, SearchBot)
        self.bot = bot
        self.game = game
        self.iterations = ITERATIONS[level] * scale
        self.seconds = seconds
        self.worlds = 1 if bot.perfect_information else WORLDS
        # a teacher sees every win at once in its tree, whatever its level's budget (the
        # levels below Hard leave that to their playouts: game.ai.search, decisive moves)
        bot.decisive = True

    def search(
        self, view: Any, rng: random.Random, stop: threading.Event | None, moves: Any = None
    ) -> Node:
        """The root of a search of `view` (its moves cut to `moves` when given)."""
        bot = self.bot
        if self.seconds is not None and moves is None:
            bot.iterations, bot.seconds = None, self.seconds
        else:
            share = 1.0 if moves is None else PLAYED_SHARE
            bot.iterations = max(1, round(self.iterations * share))
        return bot.tree(view, rng, moves, stop)

    def sample(self, view: Any, rng: random.Random) -> list[Any]:
        return [self.bot.determinize(view, rng) for _ in range(self.worlds)]

    def sure_win(self, view: Any, move: Any, rng: random.Random) -> bool:
        """Does `move` win at once in every one of `SURE_WORLDS` states sampled from `view`
        (a copy of a complete one)?"""
        seat = view.current_player
        count = 1 if self.bot.perfect_information else SURE_WORLDS
        return all(at_once.wins(self.bot.determinize(view, rng), move, seat) for _ in range(count))

    def giving(self, worlds: list[Any], move: Any, seat: int) -> float:
        """The share of `worlds` where `move` loses at once or lets the next seat win at once."""
        bot = self.bot
        return at_once.share_giving(worlds, move, seat, bot.can_win_at_once, bot.finishing)

    def best(
        self, view: Any, worlds: list[Any], rng: random.Random, stop: threading.Event | None
    ) -> tuple[_Choice, Node]:
        """The best move of `view`: a win on the spot if there is one, else the search's best
        move that gives the next seat no win at once (the first of `SAFE_CHECKS`, else its best)."""
        seat = view.current_player
        moves = view.legal_moves()
        winning = at_once.winning_moves(worlds, moves, seat) if self.bot.finishing(view) else []
        root = self.search(view, rng, stop)
        ranked = self.bot.ranked(root, moves, seat, rng)
        # the search's best of them that wins in every one of `SURE_WORLDS` more states too
        won = next((m for m in ranked if m in winning and self.sure_win(view, m, rng)), None)
        if won is not None:
            tries = self.share(root, won, seat)[1]
            return _Choice(won, 1.0, tries, True, self.line(root, won, worlds[0]), True), root
        checked = ranked[:SAFE_CHECKS]
        move = next((m for m in checked if not self.giving(worlds, m, seat)), ranked[0])
        share, tries = self.share(root, move, seat)
        exact = self.proved(root, move)
        line = self.line(root, move, worlds[0])
        return _Choice(move, share, tries, False, line, exact), root

    def alone(self, view: Any, move: Any, seed: str, stop: threading.Event | None) -> float:
        """The share of the wins of `move` in a search of its own (half the budget, `seed`)."""
        root = self.search(view, random.Random(seed), stop, [move])
        return self.share(root, move, view.current_player)[0]

    @staticmethod
    def proved(root: Node, move: Any) -> bool:
        child = root.children.get(move)
        return child is not None and child.proven is not None

    @staticmethod
    def share(root: Node, move: Any, seat: int) -> tuple[float, int]:
        """The share of the wins the search gives `move` (1 or 0 when proved) and its tries."""
        child = root.children.get(move)
        if child is None:
            return 0.0, 0
        if child.proven is not None:
            return (1.0 if child.proven == seat else 0.0), child.visits
        return child.value(), child.visits

    @staticmethod
    def line(root: Node, move: Any, world: Any) -> tuple[Any, ...]:
        """`move` and the seat's own follow-ups in its turn that the search tried most."""
        seat = world.current_player
        state = world.clone()
        state.play(move)
        line = [move]
        node = root.children.get(move)
        while node is not None and state.current_player == seat and node.children:
            follow, node = max(node.children.items(), key=lambda item: item[1].visits)
            if follow not in state.legal_moves():
                break
            state.play(follow)
            line.append(follow)
        return tuple(line)

    def events(self, worlds: list[Any], line: Sequence[Any], seat: int) -> tuple[Event, ...]:
        """What `line` does for sure in `worlds`, as `seat` sees it."""
        return at_once.sure_events(worlds, [line] * len(worlds), seat, self.game.events_seen_by)

    def threat(self, worlds: list[Any], line: Sequence[Any], seat: int) -> tuple[Event, ...]:
        """After `line`, the next seat's win on the spot, as far as `worlds` agree on it."""
        starts, replies = [], []
        for world in worlds:
            try:
                state = at_once.after(world, line)
            except IllegalMove:  # a follow-up this world does not allow: nothing sure
                return ()
            reply = [] if state.current_player == seat else at_once.winning_line(state)
            if not reply:
                return ()
            starts.append(state)
            replies.append(reply)
        return at_once.sure_events(starts, replies, seat, self.game.events_seen_by)


# --- the hint ----------------------------------------------------------------------------------


def hint(
    state: Any,
    seat: int,
    level: str = DEFAULT_LEVEL,
    seed: int | None = None,
    *,
    seconds: float | None = None,
    stop: threading.Event | None = None,
    pause: Callable[[], object] | None = None,
) -> Hint:
    """The coach's move for `seat`, to act in `state`, decided from `state.view(seat)` only.

    `seconds`: think that long instead of the level's iterations (then not deterministic);
    `stop`: set it to end the think at once with the best move so far; `pause`: called between
    the search's iterations (see game.ai.search)."""
    if state.current_player != seat:
        raise ValueError(f"seat {seat} is not to act now")
    judge = _Judge(game_of(state), level, seconds)
    judge.bot.pause = pause
    view = state.view(seat)
    rng = random.Random(f"coach hint {_seed(seed)}")
    worlds = judge.sample(view, rng)
    choice, _ = judge.best(view, worlds, rng, stop)
    move = next(m for m in state.legal_moves() if m == choice.move)
    events = judge.events(worlds, choice.line, seat)
    return Hint(move, choice.share, choice.tries, choice.wins, events)


# --- the review --------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Turn:
    """One move of the reviewed seat, as the game had it."""

    index: int
    view: Any  # the seat's view before the move
    played: Any
    events: tuple[Event, ...]  # the move's own events, as the seat saw them
    reply: tuple[Event, ...]  # what followed until the seat's next turn, as it saw it
    follow: tuple[Any, ...]  # the seat's own next moves in the same turn


class Review:
    """The review of `seat`'s moves in a game, one move at a time (`step`), or all at once
    (`run`). `start` is the state the game began from (not changed); `moves` every move played
    since, in order (Move objects or notation). IllegalMove names the first move that is not
    legal; ValueError for a seat or level that does not exist."""

    def __init__(
        self,
        start: Any,
        moves: Sequence[Any],
        seat: int,
        level: str = DEFAULT_LEVEL,
        seed: int | None = None,
    ) -> None:
        if seat not in range(start.players):
            raise ValueError(f"seat must be 0..{start.players - 1}, not {seat!r}")
        game = game_of(start)
        self.seat = seat
        self.seed = _seed(seed)
        self._turns = _turns(game, start, moves, seat)
        choices = sum(len(turn.view.legal_moves()) > 1 for turn in self._turns)
        self._judge = _Judge(game, level, scale=min(1.0, FULL_MOVES / max(1, choices)))
        self._judged: list[Moment] = []

    @property
    def pause(self) -> Callable[[], object] | None:
        """Called between the search's iterations (see game.ai.search), None: never."""
        return self._judge.bot.pause

    @pause.setter
    def pause(self, pause: Callable[[], object] | None) -> None:
        self._judge.bot.pause = pause

    @property
    def total(self) -> int:
        """How many moves of the seat there are to judge."""
        return len(self._turns)

    @property
    def done(self) -> int:
        """How many are judged."""
        return len(self._judged)

    @property
    def finished(self) -> bool:
        return self.done == self.total

    @property
    def judged(self) -> tuple[Moment, ...]:
        """Every move of the seat judged so far, in order (good ones with no grade)."""
        return tuple(self._judged)

    @property
    def moments(self) -> list[Moment]:
        """The turning points found so far, in order."""
        return [moment for moment in self._judged if moment.turning]

    def step(self, stop: threading.Event | None = None) -> Moment | None:
        """Judge the next move of the seat; its Moment, or None when all are judged or `stop`
        was set (the move is then judged again at the next step)."""
        if self.finished or (stop is not None and stop.is_set()):
            return None
        moment = self.judge(self.done, stop)
        if moment is None:
            return None
        self._judged.append(moment)
        return moment

    def run(self, stop: threading.Event | None = None) -> list[Moment]:
        """Judge every move left (until `stop` is set); the turning points found."""
        while self.step(stop) is not None:
            pass
        return self.moments

    def judge(self, number: int, stop: threading.Event | None = None) -> Moment | None:
        """The judgement of the seat's `number`th move (0-based), alone: the same whatever was
        judged before (None when `stop` was set)."""
        turn = self._turns[number]
        judge = self._judge
        view, played, seat = turn.view, turn.played, self.seat
        if len(view.legal_moves()) == 1:
            return _moment(turn, played, 0.0, 0.0, None, False, (), ())
        rng = random.Random(f"coach review {self.seed} {turn.index}")
        worlds = judge.sample(view, rng)
        best, root = judge.best(view, worlds, rng, stop)
        if stop is not None and stop.is_set():
            return None
        if played == best.move or (best.wins and judge.sure_win(view, played, rng)):
            line = best.line if played == best.move else (played,)
            events = judge.events(worlds, line, seat)
            return _moment(turn, played, best.share, best.share, None, False, events, ())
        return self._verdict(turn, worlds, best, root, rng, stop)

    def _verdict(
        self,
        turn: _Turn,
        worlds: list[Any],
        best: _Choice,
        root: Node,
        rng: random.Random,
        stop: threading.Event | None,
    ) -> Moment | None:
        """The judgement of a played move other than the best."""
        judge, seat, played, view = self._judge, self.seat, turn.played, turn.view
        # each move weighed by a search of its own, the same size and on the same samples
        # (the best's statistics in the first search are lucky: it was picked for them)
        alone = f"coach review {self.seed} {turn.index} alone"
        share = judge.alone(view, played, alone, stop)
        giving = judge.giving(worlds, played, seat)
        share = min(share, 1.0 - giving)
        better, gave = best, False
        if giving > 0.5:  # did another move give no win at once?
            gave = not judge.giving(worlds, best.move, seat)
            if not gave:
                safe = self._safe(view, worlds, root, rng)
                better, gave = (best, False) if safe is None else (safe, True)
        if not better.exact:
            better = replace(better, share=judge.alone(view, better.move, alone, stop))
        if stop is not None and stop.is_set():
            return None
        loss = max(0.0, better.share - share)
        grade, forced = _grade(loss, better, gave, root, played, seat)
        threat: tuple[Event, ...] = ()
        if grade is Grade.GAVE_WIN and forced:
            threat = judge.threat(worlds, (played, *turn.follow), seat)
        events = judge.events(worlds, better.line, seat)
        return _moment(turn, better.move, better.share, share, grade, forced, events, threat)

    def _safe(self, view: Any, worlds: list[Any], root: Node, rng: random.Random) -> _Choice | None:
        """The search's best move among those that give the next seat no win at once in any
        world (all checked), or None."""
        seat = self.seat
        judge = self._judge
        for move in judge.bot.ranked(root, view.legal_moves(), seat, rng):
            if not judge.giving(worlds, move, seat):
                share, tries = judge.share(root, move, seat)
                line = judge.line(root, move, worlds[0])
                return _Choice(move, share, tries, False, line, judge.proved(root, move))
        return None


def review(
    start: Any,
    moves: Sequence[Any],
    seat: int,
    level: str = DEFAULT_LEVEL,
    seed: int | None = None,
) -> list[Moment]:
    """The turning points of `seat`'s moves in the game from `start` through `moves`, in order
    (see `Review`)."""
    return Review(start, moves, seat, level, seed).run()


def game_of(state: Any) -> GameType:
    """The descriptor of the game whose state `state` is."""
    for game in GAMES.values():
        if isinstance(state, game.state_class):
            return game
    raise ValueError(f"{state!r} is not the state of a game")


def _seed(seed: int | None) -> int:
    return 0 if seed is None else seed


def _grade(
    loss: float, better: _Choice, gave: bool, root: Node, played: Any, seat: int
) -> tuple[Grade | None, bool]:
    """The grade of a played move that gave up `loss` against `better` (`gave`: it lost or let
    the next seat win at once, and `better` did not), and whether it was decided at once."""
    if better.wins:
        return Grade.MISSED_WIN, True
    if gave:
        return Grade.GAVE_WIN, True
    grade = grade_of(loss)
    if grade is None or not grade.turning:
        return grade, False
    proved = root.children.get(better.move)
    if proved is not None and proved.proven == seat:
        return Grade.MISSED_WIN, False
    child = root.children.get(played)
    if child is not None and child.proven is not None and child.proven != seat:
        return Grade.GAVE_WIN, False
    return grade, False


def _moment(
    turn: _Turn,
    better: Any,
    better_share: float,
    played_share: float,
    grade: Grade | None,
    at_once_: bool,
    better_events: tuple[Event, ...],
    threat: tuple[Event, ...],
) -> Moment:
    return Moment(
        index=turn.index,
        played=turn.played,
        better=better,
        loss=max(0.0, better_share - played_share),
        grade=grade,
        played_share=played_share,
        better_share=better_share,
        at_once=at_once_,
        events=turn.events,
        reply=turn.reply,
        better_events=better_events,
        threat=threat,
    )


def _turns(game: GameType, start: Any, moves: Sequence[Any], seat: int) -> list[_Turn]:
    """Replay the game: each move of `seat` with its view before, its events and what followed
    (as the seat saw them). IllegalMove names the first move that is not legal."""
    state = start.clone()
    movers: list[int] = []
    played: list[Any] = []
    seen: list[list[Event]] = []
    views: dict[int, Any] = {}
    for index, given in enumerate(moves):
        mover = state.current_player
        try:
            if mover is None:
                raise IllegalMove("the game is over")
            move = state.parse(given) if isinstance(given, str) else state.check(given)
        except IllegalMove as error:
            raise IllegalMove(f"move {index + 1} ({given}): {error}") from error
        if mover == seat:
            views[index] = state.view(seat)
        movers.append(mover)
        played.append(move)
        seen.append(game.events_seen_by(state.play(move), seat))
    turns = []
    for index, view in views.items():
        end = _next_turn(movers, index, seat)
        follow = []
        for later in range(index + 1, end):
            if movers[later] != seat:
                break
            follow.append(played[later])
        reply = tuple(e for later in range(index + 1, end) for e in seen[later])
        turns.append(_Turn(index, view, played[index], tuple(seen[index]), reply, tuple(follow)))
    return turns


def _next_turn(movers: list[int], index: int, seat: int) -> int:
    """Where `seat`'s next turn after its move `index` begins (the end of the game: the number
    of moves): its first move after another seat's."""
    others = False
    for later in range(index + 1, len(movers)):
        if movers[later] != seat:
            others = True
        elif others:
            return later
    return len(movers)
