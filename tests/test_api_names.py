"""Every name shared/design/API.md promises is importable where it says (external tests call
exactly those), whatever the layout of game/ behind them."""

import inspect
import random

import pytest

import game.ai
from game import PACKAGES, blanc_noir, consequence, whose_foods
from game.core.engine import IllegalMove, InvalidNotation

#: every registered game's rules package (a new one is checked without a line here)
GAME_MODULES = PACKAGES
STATE_METHODS = ("legal_moves", "play", "clone", "view", "to_dict", "diagram", "hand", "score")
STATE_VALUES = ("players", "current_player", "is_over", "result")
#: the read accessors API.md names for a game of its own: (methods, values)
PER_GAME = {
    whose_foods: (("captured", "supply"), ()),
    consequence: ((), ()),
    blanc_noir: (("scored",), ("land", "hunter", "market", "deck_size")),
}


@pytest.mark.parametrize("module", GAME_MODULES, ids=lambda m: m.__name__)
def test_each_game_module_offers_new_game_parse_move_and_state(module):
    assert callable(module.new_game) and callable(module.parse_move)
    assert inspect.isclass(module.State) and callable(module.State.from_dict)
    assert issubclass(module.IllegalMove, ValueError)
    state = module.new_game()
    methods, values = PER_GAME.get(module, ((), ()))
    for name in STATE_METHODS + methods:
        assert callable(getattr(state, name)), name
    for name in STATE_VALUES + values:
        assert not callable(getattr(state, name)), name
    assert module.State.from_dict(state.to_dict()).to_dict() == state.to_dict()
    move = state.legal_moves()[0]
    assert module.parse_move(state, str(move)) == move
    view = state.view(0)
    assert view.legal_moves() == state.legal_moves()


def test_the_new_game_options_api_md_names():
    assert whose_foods.new_game(players=4, first_player=3).current_player == 3
    assert consequence.new_game().players == 2
    deck = blanc_noir.new_game(players=2, seed=1).to_dict()
    cards = [c for part in (*deck["hands"], deck["market"], deck["deck"]) for c in part]
    cards += [c for _, _, stack in deck["land"] for c in stack]
    dealt = blanc_noir.new_game(players=2, deck=cards, first_player=1)
    assert dealt.hand(0) == sorted(cards[:3]) and dealt.current_player == 1


def test_errors_results_and_views_api_md_names():
    assert issubclass(InvalidNotation, IllegalMove) and issubclass(IllegalMove, ValueError)
    state = consequence.new_game()
    with pytest.raises(IllegalMove):
        state.play(None)
    view = blanc_noir.new_game(players=2, seed=2).view(0)
    assert callable(view.sample) and view.sample(random.Random(1)).view(0) == view


def test_bots_by_name_and_level():
    promised = ("easy", "normal", "hard")  # API.md's levels, in the ladder's order (issue 26)
    assert [level for level in game.ai.LEVELS if level in promised] == list(promised)
    for module in GAME_MODULES:
        key = module.DESCRIPTOR.key
        names = game.ai.bot_names(key)
        assert {"random", "greedy"} <= set(names)
        bot = game.ai.make_bot(key, "random", "easy")
        state = module.new_game()
        move = bot.choose(state.view(state.current_player), random.Random(3))
        assert move in state.legal_moves()
        assert game.ai.make_bot(key).level == "normal"
