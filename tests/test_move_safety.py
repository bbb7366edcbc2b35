"""Hand-built moves are as safe as parsed text, in every game (API.md `play`, `parse_move`).

Whatever `play`, `parse_move` or a view's `check` / `parse` is given (another game's move, a move
with wrong-typed or out-of-range fields, None, any object, any text), the answer is a legal move
or an IllegalMove (InvalidNotation for text that does not parse), and a refused move changes
nothing: `to_dict()` and the legal moves are as before. The property test throws arbitrary
objects and texts at positions reached by seeded random playouts of each game.
"""

from __future__ import annotations

import dataclasses
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GAMES
from game import blanc_noir as bn
from game import consequence as cq
from game import whose_foods as wf
from game.core.engine import IllegalMove, InvalidNotation

#: every registered game (a new one is tested without a line here): its players and the longest
#: random playout to a position are its descriptor's (`player_counts`, `longest_playout`)
GAME_KEYS = list(GAMES)


@cache
def position(game: str, players: int, seed: int, steps: int) -> Any:
    """The state after up to `steps` random moves of a seeded game (not to be changed)."""
    rng = random.Random(seed)
    state = GAMES[game].new_game(players=players, seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.play(rng.choice(state.legal_moves()))
    return state


def fingerprint(state: Any) -> tuple[Any, list[str]]:
    """What must not change when a move is refused: the saved state and the legal moves."""
    return state.to_dict(), [repr(move) for move in state.legal_moves()]


class Hostile:
    """An object that raises when printed, compared or hashed."""

    def __repr__(self) -> str:
        raise RuntimeError("repr")

    def __str__(self) -> str:
        raise RuntimeError("str")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    def __hash__(self) -> int:
        raise RuntimeError("hash")


# --- what to throw ----------------------------------------------------------------------------


@cache
def sample_moves(game: str) -> tuple[Any, ...]:
    """Legal moves of `game` from a few seeded positions of each player count."""
    info = GAMES[game]
    moves = []
    for players in info.player_counts:
        for seed in range(3):
            for steps in range(0, info.longest_playout + 1, 5):
                moves += position(game, players, seed, steps).legal_moves()[:6]
    return tuple(moves)


#: the words of every game's notation, and numbers written oddly
WORDS = sorted(
    {word for game in GAME_KEYS for move in sample_moves(game) for word in str(move).split()}
    | {"take", "place", "move", "push", "pass", "land", "score", "draw", "e5", "a0", "A1"}
    | {"-1", "0", "1", "2", "-0", "01", "1.0", "1_0", "+1", "\u0663", "99999999999"}
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 20),
    st.integers(),
    st.floats(),
    st.complex_numbers(),
    st.text(max_size=4),
    st.binary(max_size=4),
    st.sampled_from(WORDS),
    st.builds(Hostile),
    st.builds(object),
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.lists(inner, max_size=3).map(tuple)
        | st.tuples(st.integers(-3, 3), st.integers(-3, 3))
        | st.dictionaries(st.text(max_size=2), inner, max_size=2)
    ),
    max_leaves=6,
)
#: numbers next to the right ones: in range and out, bools, floats equal to ints
near_ints = st.one_of(
    st.integers(-2, 17), st.booleans(), st.sampled_from([0.0, 1.0, 5.0, -1.0]), st.integers()
)
fields = st.one_of(near_ints, st.sampled_from(WORDS), values)
squares_tuples = st.one_of(
    st.lists(st.integers(0, 15), min_size=1, max_size=3).map(tuple),
    st.lists(near_ints, max_size=3).map(tuple),
    fields,
)
pairs = st.one_of(st.tuples(near_ints, near_ints), st.lists(near_ints, max_size=3), fields)


def _built(kind: type, values: tuple[object, ...], like: object) -> object:
    """A move of `kind` with these fields, as a hand might build it (`like` if it refuses)."""
    try:
        return kind(*values)
    except Exception:  # a move class that checks its fields when built
        return like


def near_moves(move: object) -> st.SearchStrategy[object]:
    """`move` with each field the same, an odd twin of it, or any field value."""
    if not dataclasses.is_dataclass(move) or isinstance(move, type):
        return st.sampled_from([move, *odd_twins(move)])
    parts = [
        st.sampled_from([value, *odd_twins(value)]) | fields
        for value in (getattr(move, field.name) for field in dataclasses.fields(move))
    ]
    return st.tuples(*parts).map(lambda values: _built(type(move), values, move))


def own_moves(game: str) -> st.SearchStrategy[object]:
    """`game`'s own moves, from its positions, with fields near the right ones."""
    return st.sampled_from(sample_moves(game)).flatmap(near_moves)


texts = st.one_of(
    st.text(max_size=30),
    st.lists(st.sampled_from(WORDS) | st.text(max_size=3), max_size=5).map(" ".join),
)


def anything(game: str) -> st.SearchStrategy[object]:
    """Mostly `game`'s own moves with odd fields; also other games' moves, values and texts."""
    others = [own_moves(key) for key in GAME_KEYS if key != game]
    return st.one_of(own_moves(game), own_moves(game), *others, values, texts)


def equal_twins(value: object) -> list[object]:
    """Values of another type that compare equal to `value` (and hash alike): the same number
    as a float or a bool, a tuple with such an element. The most treacherous fields."""
    if isinstance(value, bool):
        return [int(value)]
    if isinstance(value, int):
        return [float(value), bool(value)] if value in (0, 1) else [float(value)]
    if isinstance(value, tuple):
        return [
            (*value[:i], twin, *value[i + 1 :])
            for i, v in enumerate(value)
            for twin in equal_twins(v)
        ]
    return []


def odd_twins(value: object) -> list[object]:
    """Values next to `value` that a move must not take for it: its equal twins, and out of
    range, as text, None, a tuple as a list or one element longer or shorter."""
    twins = equal_twins(value)
    if isinstance(value, int) and not isinstance(value, bool):
        twins += [value + 16, -1 - value, str(value)]
    elif isinstance(value, str):
        twins += [value.lower(), value + "x", value[:1], [value]]
    elif isinstance(value, tuple):
        twins += [list(value), (*value, 0), value[:-1]]
        twins += [
            (*value[:i], t, *value[i + 1 :]) for i, v in enumerate(value) for t in odd_twins(v)
        ]
    return [*twins, None]


def legal_or_anything(data: st.DataObject, state: Any, game: str) -> object:
    """A legal move of `state` as an object or as text (so that acceptance is tested too), a
    legal move with one field changed for a twin (half the time an equal one), or anything."""
    legal = state.legal_moves()
    pick = data.draw(st.sampled_from(["legal", "twin", "twin", "anything", "anything"]))
    if not legal or pick == "anything":
        return data.draw(anything(game))
    kinds = sorted({type(move) for move in legal}, key=lambda kind: kind.__name__)
    kind = data.draw(st.sampled_from(kinds))  # each kind of move as likely, however many
    move = data.draw(st.sampled_from([move for move in legal if type(move) is kind]))
    names = (
        [field.name for field in dataclasses.fields(move)] if dataclasses.is_dataclass(move) else []
    )
    if pick == "legal" or not names:
        return str(move) if data.draw(st.booleans()) else move
    name = data.draw(st.sampled_from(names))
    value = getattr(move, name)
    twins = equal_twins(value) if data.draw(st.booleans()) else []
    twin = data.draw(st.sampled_from(twins or odd_twins(value)))
    return dataclasses.replace(move, **{name: twin})


# --- the property -----------------------------------------------------------------------------


def assert_legal_or_refused_unchanged(reader: Any, attempt: Any, thing: object) -> None:
    """`attempt(thing)` on `reader` (a state or a view) either accepts a move that
    `reader.legal_moves()` listed, or raises IllegalMove and leaves `reader` as it was."""
    saved = fingerprint(reader) if hasattr(reader, "to_dict") else None
    legal = [repr(move) for move in reader.legal_moves()]
    meant: object = thing
    if isinstance(thing, str):  # the move the text stands for, if any (checked below)
        try:
            meant = reader.parse(thing)
        except IllegalMove:
            meant = None
    try:
        outcome = attempt(thing)
    except IllegalMove as error:
        assert str(error)
        if saved is not None:
            assert fingerprint(reader) == saved
        assert [repr(move) for move in reader.legal_moves()] == legal
        return
    assert repr(meant) in legal, f"{thing!r} was accepted but is not a legal move"
    if not isinstance(outcome, list):  # parse and check give the move back
        assert outcome == meant


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@pytest.mark.parametrize("game", GAME_KEYS)
@given(data=st.data())
def test_play_parse_and_views_refuse_anything_that_is_not_legal_and_change_nothing(game, data):
    info = GAMES[game]
    players = data.draw(st.sampled_from(info.player_counts), label="players")
    seed = data.draw(st.integers(0, 30), label="seed")
    steps = data.draw(st.integers(0, info.longest_playout), label="steps")
    state = position(game, players, seed, steps).clone()

    thing = legal_or_anything(data, state, game)
    assert_legal_or_refused_unchanged(state, lambda t: info.parse_move(state, t), thing)
    assert_legal_or_refused_unchanged(state, state.play, thing)

    state = position(game, players, seed, steps)
    for seat in (state.current_player, None):
        view = state.view(seat)
        shown_before = view.diagram(), [view.hand(s) for s in range(state.players)]
        thing = legal_or_anything(data, view, game)
        assert_legal_or_refused_unchanged(view, view.check, thing)
        assert_legal_or_refused_unchanged(view, view.parse, thing)
        assert (view.diagram(), [view.hand(s) for s in range(state.players)]) == shown_before


# --- the cases of issue 9, one by one ---------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        (wf.Place(wf.LD, -1), "not a square"),  # was: d4 by negative indexing, then ValueError
        (wf.Place(wf.LD, 16), "not a square"),
        (wf.Place(wf.LD, True), "not a square"),  # was: taken as b1
        (wf.Place(wf.LD, 1.0), "not a square"),
        (wf.Place(7, 0), "not a piece"),  # was: IndexError
        (wf.Place("LD", 0), "not a piece"),  # was: TypeError
        (wf.Take((99,)), "not a square"),  # was: IndexError
        (wf.Take(()), "none are given"),
        (wf.Take([0, 1, 2]), "not a tuple"),
        (cq.Place("bM", 0), "not a Whose Foods move"),
        (bn.DrawCard("W2a"), "not a Whose Foods move"),
        (None, "not a Whose Foods move"),
        (Hostile(), "not a Whose Foods move"),
    ],
)
def test_whose_foods_refuses_hand_built_moves_that_are_not_moves_wf8_wf9(move, reason):
    state = wf.from_diagram(". . . .\n. . . .\n. . . .\nLD . . .")
    saved = fingerprint(state)
    with pytest.raises(IllegalMove, match=reason):
        state.play(move)
    assert fingerprint(state) == saved


@pytest.mark.parametrize("text", [123, None, b"LD a1", ["LD a1"], Hostile()])
def test_parse_move_of_what_is_not_text_is_invalid_notation(text):
    for info in GAMES.values():
        state = info.new_game()
        with pytest.raises(InvalidNotation, match="not move text"):
            info.parse_move(state, text)


@pytest.mark.parametrize(
    ("square", "reason"),
    [
        ((-1.0, 0), "not a square"),  # was: accepted, the state corrupted
        ((True, 0), "not a square"),
        ([-1, 0], "not a square"),
        ((-1, 0, 0), "not a square"),
        (None, "not a square"),
    ],
)
def test_blanc_noir_refuses_a_land_square_that_is_not_a_pair_of_ints_bn11(square, reason):
    state = bn.new_game(seed=1)
    card = state.hand(0)[0]
    saved = fingerprint(state)
    with pytest.raises(IllegalMove, match=reason):
        state.play(bn.LayLand(card, square))
    assert fingerprint(state) == saved
    assert state.diagram() == "B W\nW B"  # the diagram still draws


def test_blanc_noir_land_notation_takes_plain_integers_only_bn11():
    state = bn.new_game(seed=1)
    card = state.hand(0)[0]
    for text in (f"land {card} -1.0 0", f"land {card} 1_0 0", f"land {card} \u0663 0"):
        with pytest.raises(InvalidNotation, match="not a square"):
            bn.parse_move(state, text)
    assert bn.parse_move(state, f"land {card} -1 0") == bn.LayLand(card, (-1, 0))


@pytest.mark.parametrize(
    "move",
    [
        cq.Place("bM", True),
        cq.PlacePush("bM", 0, True),
        cq.MoveTile(0, 1.0),
        cq.Place(["bM"], 3),
        wf.Place(0, 0),
        Hostile(),
    ],
)
def test_consequence_refuses_wrong_typed_fields_in_state_and_view_cq7(move):
    state = cq.new_game()
    saved = fingerprint(state)
    with pytest.raises(IllegalMove):
        state.play(move)
    with pytest.raises(IllegalMove):
        state.view(cq.MOON).check(move)
    assert fingerprint(state) == saved


def test_text_that_parses_but_is_refused_is_a_plain_illegal_move():
    state = wf.from_diagram(". . . .\n. . . .\n. . . .\nLD . . .")
    with pytest.raises(IllegalMove) as refused:
        state.play("LC a1")
    assert not isinstance(refused.value, InvalidNotation)
    with pytest.raises(InvalidNotation):
        state.play("LC a9")
