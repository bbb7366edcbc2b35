"""Finished and unfinished games for the scene tests: played with random legal moves through
the engines, set up as a table of people and computers."""

from __future__ import annotations

import random

from game import GAMES as GAME_TYPES
from game.core.engine import random_playout
from helpers.scene_driver import settle
from scenes.kit.palette import seat_colours
from scenes.kit.seats import HUMAN, GameSetup, Seat
from scenes.storage.saved_game import SavedGame

GAMES = tuple(GAME_TYPES)


def finished_game(game="whose-foods", players=3, seed=4):
    """(final state, start state, moves) of a random game of `game` (2 players if it only has
    two seats)."""
    players = players if players in GAME_TYPES[game].player_counts else 2
    state = GAME_TYPES[game].new_game(players=players, seed=seed)
    start = state.clone()
    moves = random_playout(state, random.Random(seed))
    return state, start, moves


def show_results(app, game="whose-foods", players=3, seed=4):
    state, start, moves = finished_game(game, players, seed)
    seats = ["human"] + ["ai:normal"] * (state.players - 1)
    app.show_results(app.quick_setup(game, seats), state, start, moves)
    settle(app)
    return state, start, moves


def table(game="whose-foods", players=2):
    seats = (HUMAN,) + (Seat.computer("hard"),) * (players - 1)
    names = ("Ada", "Clover", "Pepper", "Maple")[:players]
    return GameSetup(game, seats, names, tuple(seat_colours("standard")[:players]), {}, 7, 0)


def unfinished(game="whose-foods", players=2, moves=6, seed=3):
    """A SavedGame of `game` after `moves` random legal moves (not over)."""
    setup = table(game, players)
    state = setup.new_state()
    start = state.clone()
    rng = random.Random(seed)
    played = []
    for _ in range(moves):
        move = rng.choice(state.legal_moves())
        state.play(move)
        played.append(move)
    assert not state.is_over
    return SavedGame.of(setup, start, played, saved_at=1_700_000_000.0), state
