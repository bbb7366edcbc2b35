"""Issue 25, items 1 and 8, in the engines: `State.from_dict` refuses impossible states with a
ValueError that says what is wrong (a huge mask, a seat outside the game, a turn or chain step
beyond the game's length, a land square a billion away, wrong types, negative counts), at once
and without using the bad value; and `hand(-1)`, `view(True)`, `view(99)` raise in every game,
on states and views alike, while `view(None)` stays the spectator's view."""

import copy
import json
import random
import time
import tracemalloc

import pytest

from game import GAMES
from game.core.engine import random_playout

GAME_NAMES = list(GAMES)


def played(game, moves=8, seed=3, players=2):
    """A state of `game` after `moves` random legal moves, and its dict."""
    state = GAMES[game].new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.play(rng.choice(state.legal_moves()))
    assert not state.is_over
    return state, json.loads(json.dumps(state.to_dict()))


def finished(game, seed=3):
    state = GAMES[game].new_game(players=2, seed=seed)
    random_playout(state, random.Random(seed))
    return json.loads(json.dumps(state.to_dict()))


def changed(data, path, value):
    """A deep copy of `data` with the item at `path` (keys and indexes) set to `value`."""
    data = copy.deepcopy(data)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


def refused(game, data, words):
    """from_dict refuses `data` quickly, in little memory, saying `words`."""
    tracemalloc.start()
    start = time.perf_counter()
    try:
        with pytest.raises(ValueError) as error:
            GAMES[game].from_dict(data)
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert time.perf_counter() - start < 5.0, "a bad value was used before it was checked"
    assert peak < 5_000_000, f"{peak} bytes for a refusal: a bad value was used"
    assert words in str(error.value), str(error.value)
    assert len(str(error.value)) < 300


# --- every game: states reached in play load; anything else is refused --------------------------
@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_state_of_random_games_loads_back_exactly(game):
    for seed in range(6):
        players = 4 if 4 in GAMES[game].player_counts and seed % 2 else 2
        state = GAMES[game].new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while True:
            data = json.loads(json.dumps(state.to_dict()))
            assert GAMES[game].from_dict(data).to_dict() == data
            if state.is_over:
                break
            state.play(rng.choice(state.legal_moves()))


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize(
    "hostile",
    [None, [], "state", 7, {"game": "chess"}, {}],
    ids=["None", "list", "text", "number", "another game", "empty"],
)
def test_what_is_not_a_state_object_is_refused(game, hostile):
    with pytest.raises(ValueError):
        GAMES[game].from_dict(hostile)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_result_naming_seats_outside_the_game_is_refused(game):
    data = finished(game)
    refused(game, changed(data, ["result", "winners"], [5]), "seat")
    refused(game, changed(data, ["result", "winners"], [True]), "seat")
    refused(game, changed(data, ["result", "scores"], [1, 2, 3]), "scores")
    refused(game, changed(data, ["result", "scores"], [10**30, 0]), "score")
    refused(game, changed(data, ["result", "reason"], "boredom"), "reason")
    refused(game, changed(data, ["result", "draw"], "no"), "draw")


# --- Whose Foods ---------------------------------------------------------------------------------
WF_CASES = {
    "current player outside the seats": (["current_player"], 7, "current_player"),
    "current player a bool": (["current_player"], True, "seat"),
    "no player to move in a running game": (["current_player"], None, "seat"),
    "players 1000": (["players"], 1000, "players"),
    "players a float": (["players"], 2.0, "players"),
    "chain step beyond the game": (["chain_step"], 10**9, "chain_step"),
    "turn beyond the game": (["turn"], 10**12, "turn"),
    "negative turn": (["turn"], -1, "turn"),
    "negative hand": (["hands", 0, 0], -4, "hand"),
    "huge hand": (["hands", 0, 0], 10**18, "hand"),
    "hand a text": (["hands", 0], "LF", "list"),
    "supply of an unknown piece": (["supply", "XX"], 1, "supply"),
    "negative supply": (["supply", "LD"], -1, "supply"),
    "captured a float": (["captured", 0, "LD"], 1.5, "captured"),
    "board of 17 squares": (["board"], [[]] * 17, "board"),
    "a stack of three": (["board", 0], ["LD", "SD", "SC"], "a1"),
    "an unknown piece": (["board", 0], ["XL"], "piece"),
    "a fresh square off the board": (["fresh"], ["z9"], "square"),
    "a fresh empty square": (["fresh"], ["d4"], "fresh"),
    "disqualified twice": (["disqualified"], [1, 1], "disqualified"),
    "disqualified outside the seats": (["disqualified"], [9], "disqualified"),
}


@pytest.mark.parametrize("case", list(WF_CASES))
def test_whose_foods_refuses_impossible_states(case):
    _, data = played("whose-foods", moves=2)
    path, value, words = WF_CASES[case]
    if case == "a fresh empty square":
        data = changed(data, ["board", 15], [])
    refused("whose-foods", changed(data, path, value), words)


def test_whose_foods_refuses_pieces_that_are_not_conserved():
    _, data = played("whose-foods", moves=2)
    refused("whose-foods", changed(data, ["supply", "LD"], 0), "conserved")


def test_whose_foods_refuses_a_player_to_move_who_is_out():
    _, data = played("whose-foods", moves=2, players=3)
    out = (data["current_player"] + 1) % 3
    refused("whose-foods", changed(data, ["disqualified"], [out, data["current_player"]]), "")
    refused("whose-foods", changed(data, ["disqualified"], [data["current_player"]]), "disqualif")


# --- Consequence ---------------------------------------------------------------------------------
CQ_CASES = {
    "a huge tile id Moon knows (a huge mask)": (["moon_knows"], [10**9], "Moon knows"),
    "a negative tile id Moon knows": (["moon_knows"], [-3], "Moon knows"),
    "a huge tile id in hand": (["hands", 0, 0], 10**9, "tile in hand"),
    "a tile on a square beyond the ids": (["board", 0], 99, "square"),
    "a board of 17 squares": (["board"], [-1] * 17, "board"),
    "a current player outside the seats": (["current"], 2, "seat"),
    "a current player a bool": (["current"], False, "seat"),
    "a turn beyond the game": (["turn"], 61, "turn"),
    "a ply beyond the game": (["ply"], 10**9, "ply"),
    "placed_at beyond the ply": (["placed_at", 0], 10**6, "placed_at"),
    "a huge last moved tile": (["last_moved", 0], 10**9, "last_moved"),
    "a memory of an unknown code": (["memory", 0], [["xX", 0]], "remembered code"),
    "a memory from the future": (["memory", 0], [["bM", 10**6]], "ply"),
    "an unknown end reason": (["end_reason"], "boredom", "end_reason"),
    "hands a text": (["hands"], "all", "list"),
}


@pytest.mark.parametrize("case", list(CQ_CASES))
def test_consequence_refuses_impossible_states(case):
    _, data = played("consequence", moves=6)
    path, value, words = CQ_CASES[case]
    refused("consequence", changed(data, path, value), words)


def test_consequence_refuses_a_tile_twice_or_missing():
    _, data = played("consequence", moves=6)
    hand = data["hands"][0]
    refused("consequence", changed(data, ["hands", 0], [*hand, hand[0]]), "14 tiles")
    refused("consequence", changed(data, ["hands", 0], hand[1:]), "14 tiles")


def test_consequence_refuses_a_finished_game_with_a_player_to_move():
    data = finished("consequence")
    refused("consequence", changed(data, ["current"], 0), "no player to move")


# --- En blanc et noir ----------------------------------------------------------------------------
BN_CASES = {
    "a land square a billion away": (["land", 0, 0], 10**9, "land square"),
    "a land square as text": (["land", 0, 1], "1", "land square"),
    "a land square twice": (["land", 1], None, "twice"),
    "an empty land square": (["land", 0, 2], [], "no card"),
    "the hunter a billion away": (["hunter"], [10**9, 0], "hunter"),
    "the hunter off the land": (["hunter"], [30, 30], "off the land"),
    "a current player outside the seats": (["current_player"], 4, "seat"),
    "a first player outside the seats": (["first_player"], -1, "first_player"),
    "a turn beyond the game": (["turn"], 10**9, "turn"),
    "actions beyond a turn": (["actions"], 2, "actions"),
    "drew a number": (["drew"], 1, "drew"),
    "an unknown card in hand": (["hands", 0], ["ZZZ"], "card"),
    "a hand over the limit": (["hands", 0], ["W2a"] * 6, "hand"),
    "a market over its size": (["market"], ["W2a"] * 4, "market"),
    "laid_by a seat outside the game": (["laid_by"], None, "seat"),
    "laid_by a card not on the land": (["laid_by"], {"W2a": 0}, "not on the land"),
    "players 1000": (["players"], 1000, "players"),
}


@pytest.mark.parametrize("case", list(BN_CASES))
def test_blanc_noir_refuses_impossible_states(case):
    _, data = played("blanc-noir", moves=10)
    path, value, words = BN_CASES[case]
    if case == "a land square twice":
        value = copy.deepcopy(data["land"][0])
    if case == "laid_by a seat outside the game":
        card = data["land"][0][2][0]
        value = {card: 7}
    if case == "a hand over the limit":
        refused("blanc-noir", changed(data, path, value), "at most 5")
        return
    refused("blanc-noir", changed(data, path, value), words)


def test_blanc_noir_refuses_a_card_twice():
    _, data = played("blanc-noir", moves=10)
    card = data["land"][0][2][0]
    refused("blanc-noir", changed(data, ["deck"], [*data["deck"], card]), "twice")


# --- the read API's seats ------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("seat", [-1, 99, True, False, 1.0, "0", None], ids=repr)
def test_hand_of_anything_but_a_seat_raises_on_states_and_views(game, seat):
    state, _ = played(game)
    for holder in (state, state.view(0), state.view(None)):
        with pytest.raises((ValueError, TypeError)):
            holder.hand(seat)


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("seat", [-1, 99, 2, True, False, 0.0, "1"], ids=repr)
def test_view_of_anything_but_a_seat_or_none_raises(game, seat):
    state, _ = played(game)
    with pytest.raises((ValueError, TypeError)):
        state.view(seat)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_view_of_none_is_still_the_spectators_and_seats_answer(game):
    state, _ = played(game)
    spectator = state.view(None)
    assert spectator.diagram() == state.view(None).diagram()
    for seat in range(state.players):
        assert isinstance(state.hand(seat), list) and isinstance(state.view(seat).hand(seat), list)
