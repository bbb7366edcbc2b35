"""The coach (game.ai.coach, API.md "The coach"): hints and reviews from the seat's own views,
legal, deterministic for a seed, secret-free, and the moves it must always mark. Small search
budgets (the Beginner level's) unless the rule is about the level's own judgement; speed is
`bench coach`'s."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from game import GAMES, blanc_noir, consequence
from game.ai import at_once, coach, make_bot
from game.ai.coach import Grade, Review, hint, review
from game.ai.search import SearchBot
from game.core.engine import IllegalMove
from game.core.events import GameOver
from scenes.bench.coach import generated, keeper, known_positions, marks, new_state, play

#: every game at every player count
TABLES = [(game, n) for game, info in GAMES.items() for n in info.player_counts]
LOW = "beginner"  # the smallest search budget: the rules below hold at every level


def random_game(game: str, players: int, seed: int, plies: int | None = None):
    """(start, moves, state after them) of a random game, cut after `plies` moves."""
    state = new_state(game, players, seed)
    start = state.clone()
    rng = random.Random(seed)
    moves = []
    while not state.is_over and (plies is None or len(moves) < plies):
        move = rng.choice(state.legal_moves())
        moves.append(move)
        state.play(move)
    return start, moves, state


def same_view(a, b) -> bool:
    """Equal views (a complete view is a state: compared by its dict)."""
    return a.to_dict() == b.to_dict() if hasattr(b, "to_dict") else a == b


def position(start, moves):
    state = start.clone()
    for move in moves:
        state.play(move)
    return state


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_a_hint_is_a_legal_move_with_a_share_of_wins_in_0_1(game, players):
    _, _, state = random_game(game, players, 3, plies=6)
    seat = state.current_player
    given = hint(state, seat, LOW, seed=1)
    assert given.move in state.legal_moves()
    assert 0.0 <= given.share <= 1.0 and given.tries >= 0
    assert given == hint(state, seat, LOW, seed=1)  # deterministic for a seed


def test_a_hint_for_a_seat_not_to_act_is_refused():
    state = new_state("whose-foods", 2, 1)
    with pytest.raises(ValueError, match="not to act"):
        hint(state, 1)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_hint_stopped_at_once_is_still_a_legal_move(game):
    _, _, state = random_game(game, 2, 4, plies=4)
    stop = threading.Event()
    stop.set()
    given = hint(state, state.current_player, "expert", seed=2, stop=stop)
    assert given.move in state.legal_moves()


def test_a_hint_takes_the_win_on_the_spot_and_says_so():
    known = next(known_positions("whose-foods", 2, 1))
    state = position(known.start, known.moves)
    given = hint(state, known.seat, LOW, seed=0)
    assert given.wins and given.share == 1.0
    assert at_once.wins(state, given.move, known.seat)
    # the events are what the move does, ending with the win
    assert given.events and type(given.events[-1]).__name__ == "GameOver"


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_a_review_judges_every_move_of_the_seat_from_the_view_it_had_before(
    game, players, monkeypatch
):
    start, moves, _ = random_game(game, players, 5, plies=3 * players + 2)
    seat = 1
    seen: list[Any] = []
    real = SearchBot.tree

    def spy(bot, view, rng, moves=None, stop=None):
        seen.append(view)
        return real(bot, view, rng, moves, stop)

    monkeypatch.setattr(SearchBot, "tree", spy)
    judged = Review(start, moves, seat, LOW, seed=3)
    judged.run()
    state = start.clone()
    mine = []
    for index, move in enumerate(moves):
        if state.current_player == seat:
            mine.append(index)
            view = state.view(seat)
            moment = judged.judged[len(mine) - 1]
            assert moment.index == index and moment.played == move
            assert moment.better in state.legal_moves()  # legal there
            assert 0.0 <= moment.loss <= 1.0
            if len(state.legal_moves()) > 1:  # a forced move is not searched
                assert any(same_view(v, view) for v in seen)
        state.play(move)
    assert [m.index for m in judged.judged] == mine and judged.finished
    assert all(v.current_player == seat for v in seen)


@pytest.mark.parametrize("game", list(GAMES))
def test_moves_as_objects_or_notation_give_the_same_review_and_start_is_not_changed(game):
    start, moves, _ = random_game(game, 2, 6, plies=8)
    before = start.to_dict()
    as_objects = review(start, moves, 0, LOW, seed=4)
    as_text = review(start, [str(m) for m in moves], 0, LOW, seed=4)
    assert as_objects == as_text
    assert start.to_dict() == before
    assert as_objects == review(start, moves, 0, LOW, seed=4)  # deterministic for a seed


def test_a_move_that_is_not_legal_is_named_and_a_bad_seat_or_level_refused():
    start, moves, _ = random_game("whose-foods", 2, 7, plies=4)
    with pytest.raises(IllegalMove, match="move 3"):
        Review(start, [*moves[:2], "LD z9", *moves[3:]], 0)
    with pytest.raises(ValueError, match="seat"):
        Review(start, moves, 2)
    with pytest.raises(ValueError, match="level"):
        Review(start, moves, 0, level="grandmaster")


def test_a_review_in_steps_reports_progress_stops_and_judges_each_move_alone():
    start, moves, _ = random_game("consequence", 2, 8, plies=8)
    whole = Review(start, moves, 0, LOW, seed=5)
    assert whole.total == 4 and whole.done == 0
    stop = threading.Event()
    stop.set()
    assert whole.step(stop) is None and whole.done == 0  # stopped: nothing judged
    first = whole.step()
    assert first is not None and whole.done == 1 and not whole.finished
    whole.run()
    assert whole.finished and whole.step() is None
    # each move's judgement is the same alone as in the whole review
    alone = Review(start, moves, 0, LOW, seed=5)
    assert alone.judge(2) == whole.judged[2]
    assert whole.moments == [m for m in whole.judged if m.turning]


def _marked_at_once(known, grade, level=LOW):
    """The judgement of the known position's played move (alone, as in the whole review)."""
    moves = [*known.moves, known.played]
    judged = Review(known.start, moves, known.seat, level, seed=0)
    moment = judged.judge(judged.total - 1)
    assert moment.index == len(known.moves) and moment.played == known.played
    assert moment.grade is grade and moment.at_once and moment.turning
    return moment


def test_a_turning_point_judged_alone_is_one_of_the_whole_reviews():
    known = next(known_positions("whose-foods", 2, 1))
    moment = _marked_at_once(known, Grade.MISSED_WIN)
    assert moment in review(known.start, [*known.moves, known.played], known.seat, LOW, seed=0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_win_thrown_away_on_the_spot_is_always_a_turning_point_wf22(players):
    positions = list(known_positions("whose-foods", players, 3))
    assert len(positions) == 3
    for known in positions:
        moment = _marked_at_once(known, Grade.MISSED_WIN)
        state = position(known.start, known.moves)
        assert at_once.wins(state, moment.better, known.seat)
        assert moment.better_share == 1.0 and moment.loss > 0.5
    assert marks(positions[0])  # as the bench counts it, at level normal


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), [(g, n) for g, n in TABLES if g != "whose-foods"])
def test_a_win_thrown_away_on_the_spot_is_a_turning_point_in_hidden_games(game, players):
    positions = list(known_positions(game, players, 1))
    assert positions
    for known in positions:
        moment = _marked_at_once(known, Grade.MISSED_WIN)
        assert at_once.wins(position(known.start, known.moves), moment.better, known.seat)


def _gift(bot: SearchBot, state: Any, worlds: list[Any]) -> Any:
    """A move that loses at once or lets the next seat win at once (in the state and every
    world), where no move wins and another move gives nothing in any of them."""
    seat = state.current_player
    every = [state, *worlds]
    legal = state.legal_moves()
    if any(at_once.wins(state, m, seat) for m in legal):
        return None

    def gives(world, move):
        return at_once.gives(world, move, seat, bot.can_win_at_once, bot.finishing)

    gifts = [m for m in legal if all(gives(w, m) for w in every)]
    if gifts and any(not any(gives(w, m) for w in every) for m in legal):
        return gifts[0]
    return None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_letting_the_next_seat_win_at_once_is_always_a_turning_point_wf16_wf22(players):
    positions = list(generated("whose-foods", players, 3, _gift))
    assert len(positions) == 3
    for known in positions:
        moment = _marked_at_once(known, Grade.GAVE_WIN)
        state = position(known.start, known.moves)
        bot = make_bot("whose-foods", "search")
        safe = at_once.gives(state, moment.better, known.seat, bot.can_win_at_once, bot.finishing)
        assert not safe
        assert moment.played_share == 0.0
        after = state.clone()
        after.play(known.played)
        if after.current_player not in (None, known.seat) and not at_once.out(after, known.seat):
            # the win it allowed, as events: the next seat's move, ending the game for it
            assert isinstance(moment.threat[-1], GameOver)
            assert known.seat not in moment.threat[-1].result.winners


@pytest.mark.slow
def test_letting_the_next_seat_win_at_once_is_a_turning_point_in_consequence_cq14():
    for known in generated("consequence", 2, 1, _gift):
        _marked_at_once(known, Grade.GAVE_WIN)


def test_a_good_move_is_no_turning_point():
    # the winning move itself, played: nothing to say
    known = next(known_positions("whose-foods", 2, 1))
    state = position(known.start, known.moves)
    win = next(m for m in state.legal_moves() if at_once.wins(state, m, known.seat))
    judged = Review(known.start, [*known.moves, win], known.seat, LOW)
    moment = judged.judge(judged.total - 1)
    assert moment.grade is None and moment.loss == 0.0 and moment.better == win


def test_the_grades_follow_the_share_given_up():
    assert coach.grade_of(0.05) is None
    assert coach.grade_of(0.1) is Grade.INACCURACY and not Grade.INACCURACY.turning
    assert coach.grade_of(0.2) is Grade.MISTAKE and Grade.MISTAKE.turning
    assert coach.grade_of(0.3) is Grade.BLUNDER and coach.grade_of(1.0) is Grade.BLUNDER


# --- never a secret ------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), [(g, n) for g, n in TABLES if g != "whose-foods"])
def test_a_hint_is_the_same_in_every_state_the_seat_cannot_tell_apart_cq17_bn21(game, players):
    _, _, state = random_game(game, players, 9, plies=7)
    seat = state.current_player
    view = state.view(seat)
    rng = random.Random(1)
    given = hint(state, seat, LOW, seed=6)
    for _ in range(3):
        twin = view.sample(rng)  # hidden tiles, other hands and the deck dealt anew
        assert twin.view(seat) == view and twin.to_dict() != state.to_dict()
        assert hint(twin, seat, LOW, seed=6) == given


def _same_views(first, second, seat: int) -> bool:
    """Do the two games (start, moves) show `seat` the same view before each of its moves?"""
    a, b = first[0].clone(), second[0].clone()
    for move_a, move_b in zip(first[1], second[1], strict=True):
        if a.current_player == seat and a.view(seat) != b.view(seat):
            return False
        a.play(move_a)
        b.play(move_b)
    return True


def _consequence_twin(seed: int):
    """A game of Consequence and its twin: two tiles that Sun placed face down swapped (their
    symbols), everything Moon sees the same; None if this deal has no such pair."""
    start, moves, _ = random_game("consequence", 2, seed, plies=16)
    texts = [str(m) for m in moves]
    sun = [i for i, t in enumerate(texts) if i % 2 and t.split()[0] in ("place", "push")]
    for i in sun:
        for j in sun:
            a, b = texts[i].split(), texts[j].split()
            if i < j and a[1][0] == b[1][0] and a[1] != b[1]:
                twin = list(texts)
                twin[i] = " ".join([a[0], b[1], *a[2:]])
                twin[j] = " ".join([b[0], a[1], *b[2:]])
                try:
                    position(start, twin)
                except IllegalMove:
                    continue
                if _same_views((start, texts), (start, twin), 0):
                    return (start, texts), (start, twin)
    return None


def _blanc_noir_twin(seed: int):
    """A game of En blanc et noir and its twin: a card of seat 1's hand swapped with one of the
    same colour at the bottom of the deck, everything seat 0 sees the same."""
    rng = random.Random(seed)
    deck = list(blanc_noir.cards.CARD_IDS)
    rng.shuffle(deck)
    start = blanc_noir.new_game(players=2, deck=deck)
    _, moves, _ = random_game("blanc-noir", 2, seed, plies=0)
    state = start.clone()
    moves = []
    while len(moves) < 18:
        move = rng.choice(state.legal_moves())
        moves.append(str(move))
        state.play(move)
    for held in deck[3:6]:
        for low in reversed(deck[-6:]):
            if low[0] != held[0] or low == held:
                continue
            swapped = [low if c == held else held if c == low else c for c in deck]
            twin_start = blanc_noir.new_game(players=2, deck=swapped)

            def swap(text: str, held=held, low=low) -> str:
                words = text.split()
                words[1] = low if words[1] == held else held if words[1] == low else words[1]
                return " ".join(words)

            twin = [text if i % 2 == 0 else swap(text) for i, text in enumerate(moves)]
            try:
                position(twin_start, twin)
            except IllegalMove:
                continue
            if _same_views((start, moves), (twin_start, twin), 0):
                return (start, moves), (twin_start, twin)
    return None


@pytest.mark.parametrize("make_twin", [_consequence_twin, _blanc_noir_twin])
def test_a_review_is_the_same_whatever_the_seat_could_not_see_cq17_bn21(make_twin):
    found = next(filter(None, (make_twin(seed) for seed in range(40))), None)
    assert found is not None, "no twin game found"
    (start, moves), (twin_start, twin_moves) = found
    assert [str(m) for m in moves] != [str(m) for m in twin_moves] or (
        start.to_dict() != twin_start.to_dict()
    )
    mine = Review(start, moves, 0, LOW, seed=7)
    mine.run()
    theirs = Review(twin_start, twin_moves, 0, LOW, seed=7)
    theirs.run()
    assert mine.judged == theirs.judged  # moves, grades, shares and every event alike


def test_the_events_a_review_hands_out_are_redacted_for_the_seat_cq17():
    start, moves, _ = random_game("consequence", 2, 11, plies=14)
    judged = Review(start, moves, 0, LOW, seed=1)
    judged.run()
    placed = [
        event
        for moment in judged.judged
        for event in (*moment.reply, *moment.events, *moment.better_events)
        if isinstance(event, consequence.TilePlaced)
    ]
    assert any(event.seat == 1 for event in placed)
    for event in placed:
        assert event.tile is None
        assert event.seat == 0 or event.code.endswith("?")


@pytest.mark.slow
def test_a_long_game_shares_the_reviews_iterations_out(monkeypatch):
    """A review costs at most `FULL_MOVES` moves' worth of search, however long the game (issue
    38: a whole game's review within 15 s); a short game's moves get the level's whole budget."""
    spent: list[int] = []
    real = SearchBot.tree

    def spy(bot, view, rng, moves=None, stop=None):
        spent.append(bot.iterations)
        return real(bot, view, rng, moves, stop)

    monkeypatch.setattr(SearchBot, "tree", spy)
    full = coach.ITERATIONS[LOW]
    most = coach.FULL_MOVES * full * (1 + 2 * coach.PLAYED_SHARE)
    start, moves, _ = random_game("consequence", 2, 12, plies=8)
    Review(start, moves, 0, LOW).run()
    assert spent and max(spent) == full  # short: the whole budget
    spent.clear()
    long = play("consequence", [keeper, keeper], 0)  # to the turn limit (CQ-19)
    judged = Review(long.start, long.moves, 0, LOW)
    assert judged.total > coach.FULL_MOVES
    judged.run()
    assert max(spent) < full and sum(spent) <= most


def test_the_moment_to_show_first_is_the_biggest_turning_point():
    def moment(index, loss, grade, forced=False):
        return coach.Moment(index, None, None, loss, grade, 0, 0, forced, (), (), (), ())

    small = moment(1, 0.12, Grade.INACCURACY)
    assert coach.biggest([]) is None and coach.biggest([moment(0, 0.0, None)]) is None
    assert coach.biggest([small, moment(2, 0.05, None)]) is small  # no turning point: the largest
    mistake, blunder = moment(3, 0.22, Grade.MISTAKE), moment(4, 0.4, Grade.BLUNDER)
    assert coach.biggest([small, mistake, blunder]) is blunder
    forced = moment(5, 0.05, Grade.MISSED_WIN, forced=True)
    assert coach.biggest([small, blunder, forced]) is forced
