"""The search bots (game.ai.search): registry, views only, determinism, stop, and known answers
at every level with small iteration caps (no timed assertions: speed is `bench ai`'s)."""

from __future__ import annotations

import gc
import random
import threading

import pytest
from helpers.blanc_noir_positions import position

from game import GAMES, blanc_noir, consequence, whose_foods
from game.ai import LEVELS, make_bot
from game.ai.levels import level as level_info
from game.ai.search import Node, SearchBot
from game.blanc_noir.bots import GreedyBot as BnGreedy
from game.blanc_noir.cards import CARD_IDS
from game.whose_foods.bots import wins_at_once as wf_wins_at_once

GAME_NAMES = ("whose-foods", "consequence", "blanc-noir")
#: The levels played by the search bot (all but Beginner).
SEARCHING = [lv for lv in LEVELS if level_info(lv).bot == "search"]


def search_bot(game: str, level: str, iterations: int = 60) -> SearchBot:
    bot = make_bot(game, "search", level)
    assert isinstance(bot, SearchBot)
    bot.iterations = iterations
    return bot


def new_state(game: str, seed: int):
    if game == "consequence":
        return GAMES[game].new_game()
    return GAMES[game].new_game(players=2, seed=seed)


def random_positions(game: str, seeds: range):
    """Every position of random games from `seeds` (2 players), with the seed's rng."""
    for seed in seeds:
        rng = random.Random(seed)
        state = new_state(game, seed)
        while not state.is_over:
            yield state
            state = state.clone()
            state.play(rng.choice(state.legal_moves()))


def wins_at_once(state, move, seat) -> bool:
    after = state.clone()
    after.play(move)
    return after.result is not None and tuple(after.result.winners) == (seat,)


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_its_own_bot_the_search_above_beginner(game, level):
    bot = make_bot(game, None, level)
    assert bot.name == ("beginner" if level == "beginner" else "search") and bot.level == level
    assert "stop" in SearchBot.choose.__code__.co_varnames


@pytest.mark.parametrize("game", GAME_NAMES)
def test_search_plays_legal_moves_and_is_deterministic_per_rng(game):
    state = new_state(game, 5)
    rng = random.Random(5)
    for _ in range(2):
        state.play(rng.choice(state.legal_moves()))
    assert not state.is_over
    seat = state.current_player
    moves = {
        str(search_bot(game, "normal", 40).choose(state.view(seat), random.Random(9)))
        for _ in range(3)
    }
    assert len(moves) == 1
    assert moves.pop() in {str(m) for m in state.legal_moves()}


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_set_stop_event_ends_the_think_with_a_legal_move(game):
    state = new_state(game, 2)
    stop = threading.Event()
    stop.set()
    bot = make_bot(game, "search", "hard")
    seat = state.current_player
    move = bot.choose(state.view(seat), random.Random(1), stop=stop)
    assert move in state.legal_moves()
    assert bot.last_iterations <= 1  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("module", "view_type"),
    [(consequence, consequence.ConsequenceView), (blanc_noir, blanc_noir.View)],
)
def test_a_hidden_information_view_reaches_no_state_object(module, view_type):
    """BN-21 / CQ-4: the bot is handed a view; nothing reachable from it is the true state."""
    state = module.new_game() if module is consequence else module.new_game(seed=4)
    rng = random.Random(4)
    for _ in range(5):
        state.play(rng.choice(state.legal_moves()))
    view = state.view(state.current_player)
    assert isinstance(view, view_type) and not isinstance(view, module.State)
    seen: set[int] = set()
    todo: list[object] = [view]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        assert obj is not state and not isinstance(obj, module.State), type(obj)
        todo.extend(r for r in gc.get_referents(obj) if not isinstance(r, type))
    # And the search itself only ever samples: the move is chosen from the view alone.
    assert search_bot(module.DESCRIPTOR.key, "easy", 20).choose(view, rng) in state.legal_moves()


def test_whose_foods_views_are_complete_copies_so_the_search_needs_no_sampling():
    state = whose_foods.new_game()
    view = state.view(0)
    assert view is not state and view.to_dict() == state.to_dict()


def _wf_positions_with_a_win():
    found = []
    for state in random_positions("whose-foods", range(400)):
        seat = state.current_player
        moves = state.legal_moves()
        if state.pending or len(moves) < 3:
            continue
        winning = [m for m in moves if wins_at_once(state, m, seat)]
        if winning and len(winning) < len(moves):
            found.append(state)
        if len(found) == 4:
            break
    return found


@pytest.mark.parametrize("level", SEARCHING)
def test_whose_foods_search_takes_the_third_can_when_it_wins_wf23(level):
    positions = _wf_positions_with_a_win()
    assert positions
    for i, state in enumerate(positions):
        seat = state.current_player
        move = search_bot("whose-foods", level).choose(state.view(seat), random.Random(i))
        assert wins_at_once(state, move, seat)


def _gives(state, move, seat) -> bool:
    """Does `move` lose at once, or let the opponent win with one move? (With a `take` of our
    own to follow, WF-19: only if every take does.)"""
    after = state.clone()
    after.play(move)
    if after.is_over:
        return seat not in after.result.winners
    if after.current_player == seat:
        return all(_gives(after, take, seat) for take in after.legal_moves())
    opponent = after.current_player
    return any(wins_at_once(after, reply, opponent) for reply in after.legal_moves())


def _wf_positions_with_a_trap():
    found = []
    for state in random_positions("whose-foods", range(400)):
        seat = state.current_player
        moves = state.legal_moves()
        if state.pending or any(wins_at_once(state, m, seat) for m in moves):
            continue
        gifts = [m for m in moves if _gives(state, m, seat)]
        if gifts and len(gifts) < len(moves):
            found.append(state)
        if len(found) == 4:
            break
    return found


@pytest.mark.slow
@pytest.mark.parametrize("name_level", [*(("search", lv) for lv in SEARCHING), ("greedy", "hard")])
def test_whose_foods_bots_avoid_handing_the_opponent_an_immediate_win(name_level):
    name, level = name_level
    positions = _wf_positions_with_a_trap()
    assert positions
    for i, state in enumerate(positions):
        seat = state.current_player
        bot = (
            search_bot("whose-foods", level) if name == "search" else make_bot("whose-foods", name)
        )
        move = bot.choose(state.view(seat), random.Random(i))
        assert not _gives(state, move, seat), str(move)


@pytest.mark.parametrize("level", SEARCHING)
def test_whose_foods_search_in_a_lost_position_never_makes_a_losing_pattern_wf16(level):
    # As in a game in the app (where the bot placed a third can in a line): every one of the 34
    # moves lets the opponent win at once, and six of them lose by themselves (three cans, or
    # four of one illustration or size: LC d3, SC c3). The bot must leave the opponent its
    # win to find instead.
    state = whose_foods.new_game(2)
    moves = (
        "SC c2, LD c3, SD c1, SF d3, SD a1, LC b1, SF d4, SF c4, LF a4, SD d2, LF d4, LD a2, "
        "LD d2, LF d1"
    )
    for move in moves.split(", "):
        state.play(move)
    seat = state.current_player
    for move in state.legal_moves():
        after = state.clone()
        after.play(move)
        assert after.is_over or wf_wins_at_once(after), f"{move} is safe"
    bot = search_bot("whose-foods", level, iterations=200)  # every root move gets proven lost
    for seed in range(60):  # the lost moves tie: before the fix, seeds picked the losing four
        move = bot.choose(state.view(seat), random.Random(seed))
        after = state.clone()
        after.play(move)
        assert not after.is_over, f"{move} loses at once"


def _cq_positions_with_a_deciding_pair():
    found = []
    for state in random_positions("consequence", range(300)):
        seat = state.current_player
        moves = state.legal_moves()
        winning = [m for m in moves if wins_at_once(state, m, seat)]
        if not winning or len(winning) == len(moves):
            continue
        view = state.view(seat)
        rng = random.Random(0)
        worlds = [view.sample(rng) for _ in range(12)]
        if any(all(wins_at_once(w, m, seat) for w in worlds) for m in winning):
            found.append(state)
        if len(found) == 3:
            break
    return found


@pytest.mark.parametrize("level", SEARCHING)
def test_consequence_search_places_the_pair_that_decides_the_game_cq15(level):
    positions = _cq_positions_with_a_deciding_pair()
    assert positions
    for i, state in enumerate(positions):
        seat = state.current_player
        move = search_bot("consequence", level).choose(state.view(seat), random.Random(i))
        assert wins_at_once(state, move, seat), str(move)


def _last_turn():
    """Seat 0's last turn (deck empty, one overlay left in the market) with W2b in hand that it
    cannot score: scoring nothing, it must draw the overlay first and lay it as land (keeping
    W2b: -2), not lay or score first and then keep the overlay (-5) (BN-17, BN-18)."""
    picture, hands = "W W b\nW . .", [["W2b"], ["B2b"]]
    bare = position(picture, hands=hands, market=["WOa"], deck=[])
    used = {c for stack in bare.land.values() for c in stack} | {"W2b", "B2b", "WOa"}
    rest = [c for c in CARD_IDS if c not in used]  # out of play: scored by seat 1
    return position(picture, hands=hands, market=["WOa"], deck=[], scored=[[], rest])


def _play_turn(bot, state, rng):
    while not state.is_over and state.current_player == 0:
        state.play(bot.choose(state.view(0), rng))
    return state


@pytest.mark.parametrize("level", SEARCHING)
def test_blanc_noir_bots_take_the_last_turns_actions_in_the_right_order_bn17(level):
    for bot in (search_bot("blanc-noir", level), BnGreedy(level="hard")):
        state = _play_turn(bot, _last_turn(), random.Random(3))
        assert state.is_over
        assert state.result.scores[0] == -2, state.scored(0)


def test_a_set_stop_event_skips_the_exact_last_turn_checks(monkeypatch):
    """Leaving a game while a computer weighs En blanc et noir's last turn does not wait for
    the exact checks: with `stop` set they examine no line at all."""
    from game.ai import search

    calls = []
    real = search._own_best
    monkeypatch.setattr(
        search, "_own_best", lambda *args, **kw: calls.append(1) or real(*args, **kw)
    )
    state = _last_turn()
    bot = search_bot("blanc-noir", "hard")
    stop = threading.Event()
    bot.choose(state.view(0), random.Random(3))
    assert calls  # the exact checks run on this turn...
    calls.clear()
    stop.set()
    assert bot.choose(state.view(0), random.Random(3), stop=stop) in state.legal_moves()
    assert not calls  # ...and not at all once the think is stopped


@pytest.mark.parametrize("level", SEARCHING)
def test_blanc_noir_search_weighs_only_the_kept_land_actions_for_the_turns_second_action(level):
    """From Hard up, the root seat's second action of its turn (BN-10) is searched among
    scores, draws and the few land actions that serve its hand best, as its first action is
    (BN-11); below Hard, every land action of the second action is weighed."""
    from game.ai.levels import at_least
    from game.blanc_noir import LayLand
    from game.blanc_noir.bots import LANDS_KEPT, REST_OF_TURN_FROM

    bot = search_bot("blanc-noir", level, iterations=400)
    kept = LANDS_KEPT
    state = next(
        s
        for s in random_positions("blanc-noir", range(40))
        if s.current_player == 0
        and len(s.hand(0)) >= 3
        and sum(type(m) is LayLand for m in s.legal_moves()) > 3 * kept
    )
    view = state.view(0)
    rng = random.Random(2)
    wanted = bot.candidates(view, view.legal_moves(), rng)
    root = bot._search(view, rng, 0, 0.0, None, wanted)
    second = [child for child in root.children.values() if child.children]
    own = [c for c in second if all(n.mover == 0 for n in c.children.values())]
    assert own, "some first actions were followed by the seat's second action"
    widest = max(sum(type(key) is LayLand for key in child.children) for child in own)
    if at_least(level, REST_OF_TURN_FROM):
        assert 0 < widest <= kept
    else:
        assert widest > kept


@pytest.mark.parametrize("level", SEARCHING)
def test_whose_foods_decisive_moves_make_hard_stronger_than_normal(level):
    """From Hard up, a new tree node where the seat to act can win at once is proven for it
    without a playout; below Hard it is not (its playouts find such wins)."""
    from game.ai.levels import at_least
    from game.whose_foods.bots import DECISIVE_FROM, wins_at_once

    state = next(
        s
        for s in random_positions("whose-foods", range(60))
        if not s.pending and any(wins_at_once(_after(s, m)) for m in s.legal_moves())
    )
    view = state.view(state.current_player)
    moves = view.legal_moves()
    bot = search_bot("whose-foods", level, iterations=len(moves))  # each root move tried once
    assert bot.decisive == at_least(level, DECISIVE_FROM)
    root = bot._search(view, random.Random(1), state.current_player, 0.0, None, moves)
    assert len(root.children) == len(moves)
    opponent = 1 - state.current_player
    gifts = [  # moves that do not end the game but let the opponent win at once
        move
        for move, child in root.children.items()
        if not _after(state, move).is_over and child.proven == opponent
    ]
    assert bool(gifts) == bot.decisive  # seen to lose at their first try, from Hard up


def _after(state, move):
    after = state.clone()
    after.play(move)
    return after


def _proven_child(mover: int, proven: int | None, visits: int = 1) -> Node:
    child = Node(mover)
    child.proven, child.visits, child.seen = proven, visits, visits
    return child


def test_the_solver_proves_a_node_lost_when_every_move_of_the_seat_to_act_is_a_proven_loss():
    # Seat 0 acts at `node` (two moves); seat 1 wins after each of them.
    root, node = Node(mover=-1), Node(mover=1)
    root.children, root.width = {"x": node}, 1
    node.width = 2
    node.children = {"a": _proven_child(0, 1), "b": _proven_child(0, None)}
    SearchBot._prove([root, node, node.children["a"]])
    assert node.proven is None  # "b" is still open
    node.children["b"].proven = 1
    SearchBot._prove([root, node, node.children["b"]])
    assert node.proven == 1
    assert root.proven == 1  # seat 1 acts at root and its only move wins


def test_the_solver_leaves_a_node_open_while_a_move_is_unexpanded():
    node = Node(mover=1)
    node.width = 3
    node.children = {"a": _proven_child(0, 1), "b": _proven_child(0, 1)}
    SearchBot._prove([node, node.children["b"]])
    assert node.proven is None


def test_the_move_played_is_never_a_proven_loss_while_another_move_is_not():
    bot = SearchBot(iterations=1)
    bot.edge_key = lambda move, mover, seat: move  # type: ignore[method-assign]
    root = Node(mover=-1)
    root.children = {"lost": _proven_child(0, 1, visits=90), "open": _proven_child(0, None, 5)}
    assert bot._ranked(root, ["lost", "open"], 0, random.Random(0)) == ["open", "lost"]


@pytest.mark.parametrize("winner", ["the bot", "the other seat"])
def test_the_search_stops_once_the_root_is_proven_either_way(winner):
    # Once the root is proven, no iteration can change the answer: a proven loss used to spin
    # out the whole budget (449,626 empty iterations in one hard move).
    state = new_state("whose-foods", 3)
    seat = state.current_player
    bot = search_bot("whose-foods", "hard", iterations=500)

    def proving_iterate(root, state, seat_, rng):
        root.proven = seat if winner == "the bot" else 1 - seat

    bot._iterate = proving_iterate  # type: ignore[method-assign]
    bot.choose(state.view(seat), random.Random(0))
    assert bot.last_iterations == 1


@pytest.mark.parametrize("level", SEARCHING)
def test_consequence_easy_playouts_place_by_the_count_less_often(level):
    """Easy's playouts place by the quick count (own symbol beside its own) less often than
    the other levels' (CQ-15): part of what makes Normal a clear step above it."""
    from game.consequence.bots import EASY_PLAYOUT_PLACES, IsmctsBot

    bot = search_bot("consequence", level)
    want = EASY_PLAYOUT_PLACES if level == "easy" else IsmctsBot.PLAYOUT_PLACES
    assert bot.playout_places == want
    state = new_state("consequence", 0)
    placed = 0
    for seed in range(200):
        move = bot.playout_move(state, state.legal_moves(), random.Random(seed))
        placed += type(move) is consequence.Place
    assert abs(placed / 200 - (want + (1 - want) * _share_of_places(state))) < 0.12


def _share_of_places(state) -> float:
    moves = state.legal_moves()
    return sum(type(m) is consequence.Place for m in moves) / len(moves)


def _depth(node: Node) -> int:
    return 1 + max((_depth(child) for child in node.children.values()), default=0)


def _reply_keys(node: Node, seat: int) -> set:
    """The keys of the moves in `node`'s tree made by another seat than `seat` (a child's
    `mover` is the seat that acted at its parent)."""
    out = set()
    for key, child in node.children.items():
        if child.mover != seat:
            out.add(key)
        out |= _reply_keys(child, seat)
    return out


def test_the_reply_cut_searches_only_the_other_seats_candidates():
    """With `reply_cut`, where another seat acts the tree holds only the moves its
    `candidates` keep in the sampled state; without it, every move. A search whose candidates
    for another seat are its draws only shows it exactly."""
    from game.blanc_noir import DrawCard
    from game.blanc_noir.bots import IsmctsBot

    class DrawsForOthers(IsmctsBot):
        def candidates(self, view, moves, rng):
            if view.current_player != self.seat:
                return [m for m in moves if type(m) is DrawCard] or moves
            return moves

    state = next(
        s
        for s in random_positions("blanc-noir", range(3, 9))
        if s.deck_size > 8 and len(s.hand(s.current_player)) >= 2
    )
    seat = state.current_player
    view = state.view(seat)
    replies = {}
    for cut in (True, False):
        bot = DrawsForOthers("hard", iterations=1500)
        bot.seat, bot.reply_cut = seat, cut
        root = bot._search(view, random.Random(4), seat, 0.0, None, view.legal_moves())
        replies[cut] = _reply_keys(root, seat)
    assert replies[True] and all(type(key) is DrawCard for key in replies[True])
    assert any(type(key) is not DrawCard for key in replies[False])


def test_blanc_noir_expert_alone_searches_only_the_likely_replies():
    """En blanc et noir's Expert weighs only the other seats' kept moves (scores, draws and
    the best land actions for their sampled hands: `REPLY_CUT`), so its three times Hard's
    time reaches its next turn; the other levels and games weigh every reply."""
    from game.blanc_noir.bots import REPLY_CUT

    assert {"expert"} == REPLY_CUT
    assert search_bot("blanc-noir", "expert").reply_cut
    assert not any(search_bot("blanc-noir", lv).reply_cut for lv in SEARCHING if lv != "expert")
    for game in ("whose-foods", "consequence"):
        assert not any(search_bot(game, lv).reply_cut for lv in SEARCHING)
