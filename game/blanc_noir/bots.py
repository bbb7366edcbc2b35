"""En blanc et noir bots: `random`, `beginner` (a person in their first game, game.ai.novice),
`greedy` and `search` (information-set MCTS). All read only a view (BN-21).

`greedy_move` reads nothing but the acting seat's own hand, the market, the land's colours and
the hunter, the deck size and the scored cards; so it plays the same from a `View` as from a
`State`, and the card-balance benchmark may call it on states directly.
"""

from __future__ import annotations

import math
import random
import threading
from typing import Any

from game.ai import learned, novice
from game.ai.levels import at_least
from game.ai.random_bot import RandomBot
from game.ai.search import SearchBot
from game.blanc_noir import MASKS, DrawCard, LayLand, Move, ScoreCard, evaluation
from game.blanc_noir.cards import CARDS
from game.blanc_noir.memory import Memory, place_known

#: How often each level plays a random legal action instead of the greedy one.
RANDOM_SHARE = {"beginner": 0.3, "easy": 0.3, "normal": 0.05, "hard": 0.0, "expert": 0.0}


def _best_value(cards: list[str], bits: int, leaving: str | None = None) -> int:
    """The highest value among `cards` (but `leaving`) whose pattern matches `bits`."""
    best = 0
    for card in cards:
        if card != leaving and MASKS[card] & bits and CARDS[card].value > best:
            best = CARDS[card].value
    return best


def _later_value(cards: list[str], bits: int, leaving: str) -> int:
    """The total value of `cards` (but `leaving`) whose pattern matches `bits`."""
    return sum(CARDS[c].value for c in cards if c != leaving and MASKS[c] & bits)


def greedy_move(table: Any, rng: random.Random) -> Move:
    """One greedy action for the seat to act: score the best card it can; else lay land that
    makes a card of its hand scorable (now, or once the hunter leaves); draw while the hand is
    small, and near the end keep the hand small."""
    moves = table.legal_moves()
    seat = table.current_player
    hand = table.hand(seat)
    leader = table.bear_colour()

    scores = [m for m in moves if type(m) is ScoreCard]
    if scores:

        def score_key(move: ScoreCard) -> tuple[int, str]:
            card = CARDS[move.card]
            bonus = 0 if not card.bear or leader is None else (2 if card.colour == leader else -2)
            return (card.value + bonus, move.card)

        return max(scores, key=score_key)

    draws = [m for m in moves if type(m) is DrawCard]
    lands = [m for m in moves if type(m) is LayLand]
    left = table.deck_size + len(table.market)
    near_end = left <= 2 * table.players
    bits = table.land_bits()
    best_land = _best_land(table, lands, hand, near_end)

    if best_land is not None and best_land[0][0] > 0:
        return best_land[1]
    if draws:
        scorable = [m for m in draws if MASKS[m.card] & bits]
        if scorable:
            return max(scorable, key=lambda m: CARDS[m.card].value)
        if not lands or (not near_end and len(hand) <= 2):
            if near_end:
                return min(draws, key=lambda m: CARDS[m.card].penalty)
            return max(draws, key=lambda m: (not CARDS[m.card].overlay, CARDS[m.card].value))
    if best_land is not None:
        return best_land[1]
    return rng.choice(moves)


def _best_land(
    table: Any, lands: list[LayLand], hand: list[str], near_end: bool
) -> tuple[tuple[int, int, int], LayLand] | None:
    """The land action that best serves the hand: (its key, the move), or None without one.
    The key: the best value scorable at once, the value scorable once the hunter leaves, and
    what the card laid would cost left in hand."""
    best_land: tuple[tuple[int, int, int], LayLand] | None = None
    now_cache: dict[Any, int] = {}
    later_cache: dict[Any, int] = {}
    for move in lands:
        card = CARDS[move.card]
        sq = move.square
        stacked = table.has_land(sq)
        now_key = sq if stacked else None  # every expansion leaves the same squares usable
        if now_key not in now_cache:
            now_cache[now_key] = table.land_bits_if(sq, card.colour, hunter_there=True)
        if (sq, card.colour) not in later_cache:
            later_cache[(sq, card.colour)] = table.land_bits_if(sq, card.colour, False)
        now = _best_value(hand, now_cache[now_key], move.card)
        later = _later_value(hand, later_cache[(sq, card.colour)], move.card)
        cost = card.penalty if near_end else (-card.penalty if card.overlay else -card.value)
        key = (now, later, cost)
        if best_land is None or key > best_land[0]:
            best_land = (key, move)
    return best_land


class GreedyBot:
    """Plays `greedy_move`, with a share of random actions at the easier levels."""

    name = "greedy"

    def __init__(self, level: str = "normal") -> None:
        self.level = level

    def choose(self, view: Any, rng: random.Random) -> Move:
        if rng.random() < RANDOM_SHARE.get(self.level, 0.0):
            return rng.choice(view.legal_moves())
        if view.deck_size == 0:
            return last_turns_move(view, rng)
        return greedy_move(view, rng)


def last_turns_move(view: Any, rng: random.Random, samples: int = 2) -> Move:
    """With the deck empty, the action whose best own follow-up this turn leaves the best
    position, judged in full states sampled from `view`: the finished game's points when the
    turn ends it (BN-17, BN-18: a card drawn last and kept costs its value), else `_worth`.
    This puts the two actions of the last turn in the right order (draw, then score or lay)."""
    seat = view.current_player
    worlds = [view.sample(rng) for _ in range(samples)]
    best, best_value = None, -math.inf
    for move in view.legal_moves():
        total = 0.0
        for world in worlds:
            after = world.clone()
            after.play(move)
            if after.is_over or after.current_player != seat:
                total += _standing(after, seat)
                continue
            outcomes = []
            for follow in after.legal_moves():
                nxt = after.clone()
                nxt.play(follow)
                outcomes.append(_standing(nxt, seat))
            total += max(outcomes)
        if total > best_value:
            best, best_value = move, total
    assert best is not None
    return best


#: The share of random actions in the self-play that fits the learned evaluation (so that its
#: positions vary beyond greedy's).
SELFPLAY_RANDOM = 0.1


def selfplay_move(state: Any, rng: random.Random) -> Move:
    """An action of the self-play that `tools/fit_evaluation.py` learns from (a full state):
    greedy's, planning the last turns as greedy does, and now and then a random one."""
    if rng.random() < SELFPLAY_RANDOM:
        return rng.choice(state.legal_moves())
    if state.deck_size == 0:
        return last_turns_move(state.view(state.current_player), rng)
    return greedy_move(state, rng)


def _standing(state: Any, seat: int) -> float:
    """How well `seat` stands: the final margin (plus 1000 for a win) once over, else the lead
    in `_worth`."""
    if state.is_over:
        result = state.result
        others = max(s for i, s in enumerate(result.scores) if i != seat)
        won = 1000.0 / len(result.winners) if seat in result.winners else 0.0
        return won + result.scores[seat] - others
    worth = [_worth(state, s) for s in range(state.players)]
    return worth[seat] - max(w for s, w in enumerate(worth) if s != seat)


def _worth(state: Any, seat: int) -> float:
    """Points a seat may count on: scored cards and bear bonus, half of what its hand can
    still score, the hand's end-of-game cost for the rest."""
    parts = state.breakdown(seat)
    worth = parts["cards"] + parts["bear bonus"]
    for card in state.hand(seat):
        info = CARDS[card]
        worth += 0.5 * info.value if state.scorable(card) else -0.5 * info.penalty
    return worth


#: Land actions the search weighs for each action of its own turn (the best by `_best_land`'s
#: key), at every level: keeping 8 at hard's budget lost to normal keeping 4 (34 / 1 / 35 over
#: 70 games), keeping 4 there beat it 22 / 4 / 14 (docs/ai-strength.md).
LANDS_KEPT = 4


#: The first level whose search cuts the second action of its turn to the kept moves too (below
#: it, only the first action is cut): the step that makes Hard stronger than Normal beyond its
#: time (docs/ai-strength.md).
REST_OF_TURN_FROM = "hard"

#: The levels whose search weighs only the likely replies of the other seats (`reply_cut`: in
#: each sampled state, the same kept moves as its own), so three times Hard's time reaches
#: further: Expert (docs/ai-strength.md: three searches of Hard's size, or one tree three
#: times as deep, without it were no stronger than Hard).
REPLY_CUT = frozenset({"expert"})

#: What the learned evaluation weighs (evaluation.py's features of a seat) and the file of its
#: weights, fitted by tools/fit_evaluation.py from `selfplay_move`'s games.
FEATURES = learned.Features(
    evaluation.NAMES, evaluation.features, "game.blanc_noir", "evaluation.json"
)


#: The levels whose search remembers the open market (game/blanc_noir/memory.py: a card it
#: saw taken is dealt to the other seats' hands or land in its samples, never to the deck) and
#: judges its cut-off playouts by the learned evaluation (evaluation.json) rather than the
#: hand-set `_worth`: Expert, whose step over Hard is this knowledge rather than time
#: (docs/ai-strength.md).
KNOWS_MORE = frozenset({"expert"})


#: The actions a playout runs before `evaluate` judges it (Hard and below, by `_worth`).
PLAYOUT_PLIES = 16

#: The same for the levels that judge by the learned evaluation (`KNOWS_MORE`): a playout cut
#: after 4 actions leaves less of the draw's luck in each iteration's value, so the search's
#: choice is steadier (docs/ai-strength.md, issue 43: with it Expert's search gained over Hard
#: at equal time, where the learned evaluation after 16 actions had been no gain).
SHORT_PLAYOUT = 4


class IsmctsBot(SearchBot):
    """Information-set MCTS: each iteration samples a full state from the view; land laid by
    another seat is keyed by its colour only (laid face down). From Hard up, both actions of its
    own turn are searched among the kept moves (`candidates`); below, the first only. Expert
    also searches only the other seats' kept moves in each sampled state (`REPLY_CUT`), deals
    the cards it saw taken from the market to the seats that hold them, and judges its cut-off
    playouts by the learned evaluation (`KNOWS_MORE`)."""

    def __init__(
        self, level: str = "normal", iterations: int | None = None, seconds: float | None = None
    ) -> None:
        super().__init__(level, iterations, seconds)
        self.rest_of_turn = at_least(level, REST_OF_TURN_FROM)
        self.reply_cut = level in REPLY_CUT
        #: deal the cards it saw taken by other seats into their hands or land (its memory)
        self.remember = level in KNOWS_MORE
        #: judge a cut-off playout by the learned evaluation instead of `_worth`
        self.learned = level in KNOWS_MORE
        #: playouts stop after this many actions and `evaluate` judges the position
        self.playout_plies = SHORT_PLAYOUT if self.learned else PLAYOUT_PLIES
        self._memory = Memory()
        self._known: frozenset[str] = frozenset()

    def choose(self, view: Any, rng: random.Random, stop: threading.Event | None = None) -> Any:
        self._known = self._memory.see(view) if self.remember else frozenset()
        return super().choose(view, rng, stop)

    def determinize(self, view: Any, rng: random.Random) -> Any:
        state = view.sample(rng)
        if self._known:
            place_known(state, self._known, view.seat, rng)
        return state

    def edge_key(self, move: Any, mover: int, root_seat: int) -> Any:
        if mover != root_seat and type(move) is LayLand:
            return ("land", CARDS[move.card].colour, move.square)
        return move

    def evaluate(self, state: Any) -> list[float]:
        if self.learned:
            judge = learned.shipped(FEATURES)
            return judge.shares(
                [judge.worth(evaluation.features(state, s)) for s in range(state.players)]
            )
        worth = [_worth(state, seat) for seat in range(state.players)]
        out = []
        for seat in range(state.players):
            lead = worth[seat] - max(w for s, w in enumerate(worth) if s != seat)
            out.append(1.0 / (1.0 + math.exp(-lead / 4.0)))
        return out

    def playout_move(self, state: Any, moves: list[Any], rng: random.Random) -> Any:
        """Mostly: score the best card possible, else now and then draw a plain card while the
        hand is small; otherwise any action."""
        if rng.random() < 0.9:
            best = None
            for move in moves:
                if type(move) is ScoreCard and (
                    best is None or CARDS[move.card].value > CARDS[best.card].value
                ):
                    best = move
            if best is not None:
                return best
            if len(state.hand(state.current_player)) < 4 and rng.random() < 0.5:
                draws = [m for m in moves if type(m) is DrawCard and not CARDS[m.card].overlay]
                if draws:
                    return rng.choice(draws)
        return rng.choice(moves)

    def candidates(self, view: Any, moves: list[Any], rng: random.Random) -> list[Any]:
        """Scores, draws, and the few land actions that serve the hand best (BN-11)."""
        lands = [m for m in moves if type(m) is LayLand]
        if len(lands) <= LANDS_KEPT:
            return moves
        hand = view.hand(view.current_player)
        near_end = view.deck_size + len(view.market) <= 2 * view.players
        keyed = []
        for move in lands:
            found = _best_land(view, [move], hand, near_end)
            assert found is not None
            keyed.append((found[0], rng.random(), move))
        keyed.sort(key=lambda item: (item[0], item[1]), reverse=True)
        kept = [m for m in moves if type(m) is not LayLand]
        return kept + [item[2] for item in keyed[:LANDS_KEPT]]

    def finishing(self, view: Any) -> bool:
        return bool(view.deck_size == 0 and len(view.market) <= 2)

    def can_win_at_once(self, state: Any) -> bool:
        """Can the seat to act in the full `state` end the game this turn as its sole winner?
        Only a turn that draws the market's last cards with the deck empty ends it (BN-17), so
        only the lines that draw them are played out (the coach's exact checks ask this; the
        generic answer plays every pair of actions)."""
        seat = state.current_player
        return seat is not None and self.finishing(state) and _ends_won(state, seat, 1)


def _ends_won(state: Any, seat: int, more: int) -> bool:
    """Does a line of `seat`'s actions (this one and up to `more` after it) that draws the
    market's last cards end the game with `seat` its sole winner?"""
    market = len(state.market)
    for move in state.legal_moves():
        if market > more and type(move) is not DrawCard:
            continue  # the cards left need every action left
        after = state.clone()
        after.play_legal(move)
        if after.is_over:
            if tuple(after.result.winners) == (seat,):
                return True
        elif more and after.current_player == seat and _ends_won(after, seat, more - 1):
            return True
    return False


#: A Beginner draws while its hand holds fewer cards than this (and now and then above it).
BEGINNER_HAND = 3


class BeginnerBot:
    """A person in their first game (game.ai.novice): scores the best card its hand can score
    most of the time; likes a full hand and draws the market's highest number; lays as land the
    card it values least (an overlay, else the lowest number) wherever it fits, and only now
    and then looks for the land that would let a card of its hand score. It never lays as land
    a card it could score now, nor draws an overlay (5 points off at the end) while another
    action is there, and it does not plan its last turns."""

    name = "beginner"

    def __init__(self, level: str = "beginner") -> None:
        self.level = level

    def choose(self, view: Any, rng: random.Random) -> Move:
        moves = view.legal_moves()
        if not moves:
            raise ValueError("this view's seat has no move to choose now")
        seat = view.current_player
        hand = view.hand(seat)
        scores = [m for m in moves if type(m) is ScoreCard]
        if scores and rng.random() < novice.SEES_GAIN:
            return max(scores, key=lambda m: (CARDS[m.card].value, rng.random()))
        draws = [m for m in moves if type(m) is DrawCard and not CARDS[m.card].overlay]
        if draws and (len(hand) < BEGINNER_HAND or rng.random() < 0.5):
            return max(draws, key=lambda m: (CARDS[m.card].value, rng.random()))
        scorable = {m.card for m in scores}
        lands = [m for m in moves if type(m) is LayLand and m.card not in scorable]
        if lands:
            if rng.random() < novice.SEES_SETUP:
                found = _best_land(view, lands, hand, near_end=False)
                if found is not None and found[0][0] > 0:
                    return found[1]
            least = min(_worth_in_hand(m.card) for m in lands)
            return rng.choice([m for m in lands if _worth_in_hand(m.card) == least])
        sensible = [
            m for m in moves if not (type(m) is DrawCard and CARDS[m.card].overlay)
        ] or moves
        return rng.choice(sensible)


def _worth_in_hand(card: str) -> int:
    """How much a newcomer values keeping `card`: its number (an overlay: nothing)."""
    return 0 if CARDS[card].overlay else CARDS[card].value


BOTS = {"random": RandomBot, "beginner": BeginnerBot, "greedy": GreedyBot, "search": IsmctsBot}
