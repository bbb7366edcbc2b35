"""En blanc et noir: the engine's behaviour pinned by fingerprints of seeded random games.

Each game is played from a fixed seed, its moves picked at random from `legal_moves()`; its
fingerprint hashes every state's legal moves in order and the refusals of a few probing moves,
every move and the events it returned, at every ninth step each seat's view (and a spectator's)
through the public read API, a sample dealt from the acting seat's view and a clone played on,
and at the end the saved state and the result. The digests below were recorded on the engine
before its speed work (issue 30): a change of any rule, refusal, event, view or sample shows
here as a changed digest, whichever path the game took (`play` with a move, with its notation,
or `play_legal`).
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from game import blanc_noir as bn
from game.blanc_noir.cards import CARD_IDS

#: games per player count, hashed in blocks of BLOCK games each
GAMES = {2: 80, 3: 60, 4: 60}
BLOCK = 10
#: every VIEW_EVERY steps the views, a sample and a clone are hashed too
VIEW_EVERY = 9

#: sha256 (first 16 hex digits) of each block of games, recorded before the speed work
RECORDED: dict[int, list[str]] = {
    2: [
        "6412f072f389c11c",
        "2ea7e04b9ec1816b",
        "7d1d35f66e677181",
        "1849cfc216ac1949",
        "93debab21f8b9e19",
        "d81c9c9cf1a6e540",
        "1c0d9df9f893cbe4",
        "819ae76922aa8761",
    ],
    3: [
        "849f7f5cb8a55408",
        "df140cb80379ccb1",
        "69532a5790f7e537",
        "5ea7910392afca92",
        "89d5dec6c20a10cc",
        "54d0c2728be9e8dc",
    ],
    4: [
        "24983e626408467f",
        "5ee2a28eeba327d3",
        "34cad5b8561b17e6",
        "3f07f69450eda414",
        "e575fdbeaeb5a386",
        "98e923de74d196f3",
    ],
}


def _view_print(view: bn.View) -> tuple[Any, ...]:
    """Everything a seat reads of its view through the public API."""
    land = view.land
    squares = view.land_squares()
    frontier = view.frontier()
    cards_seen = sorted({c for s in range(view.players) for c in view.hand(s)} | set(CARD_IDS))
    bits_if = [
        view.land_bits_if(sq, colour, there)
        for sq in (*frontier[:4], *squares[:4])
        for colour in ("W", "B")
        for there in (True, False)
    ]
    return (
        view.seat,
        view.players,
        view.first_player,
        view.current_player,
        view.actions_done,
        view.drew_this_turn,
        view.turn,
        view.is_over,
        None if view.result is None else view.result.to_dict(),
        [view.hand(s) for s in range(view.players)],
        [view.scored(s) for s in range(view.players)],
        [view.score(s) for s in range(view.players)],
        [view.breakdown(s) for s in range(view.players)],
        view.market,
        view.deck_size,
        list(land.items()),
        [view.laid_by_square(sq) for sq in land],
        view.hunter,
        view.top_colours(),
        view.colour_counts(),
        view.bear_colour(),
        view.diagram(),
        squares,
        frontier,
        view.land_bits(),
        bits_if,
        [(c, view.scorable(c), view.match_squares(c)) for c in cards_seen if c in bn.MASKS],
        [str(m) for m in view.legal_moves()],
        view.unseen_cards(),
    )


def _probes(state: bn.State) -> list[Any]:
    """Moves, made afresh (not the engine's own objects), whose refusals are hashed."""
    seat = state.current_player
    assert seat is not None
    hand = state.hand(seat)
    probes: list[Any] = []
    for card in (*hand, *state.market, "W5a", "BOd"):
        probes += [bn.ScoreCard(card), bn.DrawCard(card)]
    for card in hand[:2]:
        for square in (*state.land_squares()[:3], *state.frontier()[-2:], (9, 9)):
            probes.append(bn.LayLand(card, square))
    probes += ["score W2a", "land BOa 0 0", "draw nothing", ("not", "a move"), None]
    return probes


def game_fingerprint(players: int, seed: int) -> str:
    """The digest of one seeded random game (see the module's docstring)."""
    digest = hashlib.sha256()

    def put(*things: Any) -> None:
        digest.update(repr(things).encode())

    rng = random.Random(seed)
    dealer = random.Random(seed + 1)  # the samples' own random numbers
    state = bn.new_game(players=players, seed=seed, first_player=seed % players)
    put(state.to_dict())
    way = seed % 3  # 0: play(move), 1: play(notation), 2: play_legal(move)
    step = 0
    while not state.is_over:
        moves = state.legal_moves()
        put([str(m) for m in moves], [type(m).__name__ for m in moves])
        put([state.refusal(p) for p in _probes(state)])
        if step % VIEW_EVERY == 0:
            for seat in (*range(players), None):
                put(_view_print(state.view(seat)))
            seat = state.current_player
            view = state.view(seat)
            sample = view.sample(dealer)
            assert sample.view(seat) == view
            put(sample.to_dict(), [str(m) for m in sample.legal_moves()])
            saved = state.to_dict()
            other = state.clone()
            for _ in range(6):
                if other.is_over:
                    break
                line = rng.choice(other.legal_moves())
                other.play_legal(line)
                put(str(line))
            put(other.to_dict())
            assert state.to_dict() == saved, "playing a clone changed the state"
        move = rng.choice(moves)
        if way == 0:
            put(str(move), state.play(move))
        elif way == 1:
            put(str(move), state.play(str(move)))
        else:
            state.play_legal(move)
            put(str(move))
        put(state.current_player, state.actions_done, state.turn, state.deck_size)
        step += 1
    assert state.legal_moves() == []
    put(state.to_dict(), [state.breakdown(s) for s in range(players)], state.deck)
    for seat in (*range(players), None):
        put(_view_print(state.view(seat)))
    return digest.hexdigest()


def block_digests(players: int) -> list[str]:
    """The digest of each block of BLOCK games with `players` players."""
    out = []
    for start in range(0, GAMES[players], BLOCK):
        block = hashlib.sha256()
        for game in range(start, start + BLOCK):
            block.update(game_fingerprint(players, 1000 * players + game).encode())
        out.append(block.hexdigest()[:16])
    return out


@pytest.mark.parametrize("players", sorted(GAMES))
def test_random_games_play_exactly_as_recorded(players):
    """BN-1 .. BN-23 as the engine plays them: every block of games hashes as recorded."""
    got = block_digests(players)
    changed = [
        f"games {1000 * players + i * BLOCK}..{1000 * players + (i + 1) * BLOCK - 1}"
        for i, (now, then) in enumerate(zip(got, RECORDED[players], strict=True))
        if now != then
    ]
    assert not changed, f"{players} players: these seeds play differently now: {changed}"


if __name__ == "__main__":  # print the digests to record (only on an engine known to be right)
    for count in sorted(GAMES):
        print(f"{count}: {block_digests(count)},")
