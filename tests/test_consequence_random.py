"""Consequence over hundreds of random games: the API's promises checked at every step, the
legal moves against an independent move generator, notation round trips, hidden information in
views, samples and redacted events."""

from __future__ import annotations

import json
import random
from collections import Counter

from game.consequence import (
    DIRECTIONS,
    MOON,
    PASS,
    SUN,
    TILE_CODES,
    TURN_LIMIT,
    IllegalMove,
    MoveTile,
    Place,
    PlacePush,
    State,
    TilePlaced,
    TilePushedOff,
    TileRevealed,
    TileSlid,
    new_game,
    parse_move,
    redact_events,
)
from game.core.events import GameOver
from game.core.grid import SQUARE_NAMES

SYMBOLS = {MOON: "M", SUN: "S"}
VECTORS = {
    "N": (0, 1), "NE": (1, 1), "E": (1, 0), "SE": (1, -1),
    "S": (0, -1), "SW": (-1, -1), "W": (-1, 0), "NW": (-1, 1),
}  # fmt: skip


def random_games(count: int, seed: int):
    """Yield (state before, move, events, state after) for every move of `count` random games."""
    rng = random.Random(seed)
    for _ in range(count):
        state = new_game()
        while not state.is_over:
            before = state.clone()
            move = rng.choice(state.legal_moves())
            events = state.play(move)
            yield before, move, events, state


# --- an independent reading of the rules --------------------------------------------------------


def cells(diagram: str) -> dict[tuple[int, int], str]:
    """(column, row) -> code, from the diagram text alone."""
    out = {}
    for r, line in enumerate(diagram.splitlines()):
        for c, cell in enumerate(line.split()):
            if cell != ".":
                out[c, 3 - r] = cell
    return out


def name(c: int, r: int) -> str:
    return "abcd"[c] + str(r + 1)


def touching(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def naive_pairs(grid: dict[tuple[int, int], str], symbol: str) -> int:
    spots = [p for p, code in grid.items() if code[1] == symbol]
    return sum(touching(a, b) for i, a in enumerate(spots) for b in spots[i + 1 :])


def naive_line(grid: dict[tuple[int, int], str], symbol: str) -> bool:
    lines = [[(c, r) for c in range(4)] for r in range(4)]
    lines += [[(c, r) for r in range(4)] for c in range(4)]
    lines += [[(i, i) for i in range(4)], [(i, 3 - i) for i in range(4)]]
    return any(all(grid.get(p, "..")[1] == symbol for p in line) for line in lines)


def step(square: str, direction: str) -> tuple[int, int]:
    dc, dr = VECTORS[direction]
    return "abcd".index(square[0]) + dc, int(square[1]) - 1 + dr


def naive_moves(state: State, previous) -> set[str]:
    """The legal moves by reading the rules afresh: diagram, hand, and the opponent's last move."""
    if state.is_over:
        return set()
    grid = cells(state.diagram())
    empty = [(c, r) for c in range(4) for r in range(4) if (c, r) not in grid]
    hand = set(state.hand(state.current_player))
    out = {f"place {code} {name(*p)}" for code in hand for p in empty}
    if state.final_placements:
        return out
    no_move, no_off = naive_restrictions(previous)
    for p in grid:
        for q in empty:
            if touching(p, q) and name(*p) != no_move:
                out.add(f"move {name(*p)} {name(*q)}")
    return out | naive_pushes(grid, empty, hand, no_off) or {"pass"}


def naive_restrictions(previous) -> tuple[str | None, str | None]:
    """(square whose tile may not move, square whose tile may not be pushed off) after the
    opponent's `previous` move (CQ-11, CQ-12)."""
    no_move = no_off = None
    if isinstance(previous, MoveTile):
        no_move = SQUARE_NAMES[previous.dst]
    elif isinstance(previous, Place):
        no_off = SQUARE_NAMES[previous.square]
    elif isinstance(previous, PlacePush):
        no_off = name(*step(SQUARE_NAMES[previous.square], DIRECTIONS[previous.direction]))
    return no_move, no_off


def naive_pushes(grid, empty, hand, no_off) -> set[str]:
    """Every push the rules allow (CQ-9, CQ-12), read afresh."""
    out = set()
    for e in empty:
        for d, (dc, dr) in VECTORS.items():
            run = []
            c, r = e[0] + dc, e[1] + dr
            while 0 <= c < 4 and 0 <= r < 4 and (c, r) in grid:
                run.append((c, r))
                c, r = c + dc, r + dr
            leaves = run and not (0 <= c < 4 and 0 <= r < 4)
            if len(run) >= 2 and not (leaves and name(*run[-1]) == no_off):
                out |= {f"push {code} {name(*e)} {d}" for code in hand}
    return out


# --- the tests -----------------------------------------------------------------------------------


def test_random_games_keep_tiles_clones_saves_events_and_scores():
    """300 games: 14 tiles conserved, clones independent, JSON round trip, events replay the
    board and the hands, termination, and the final scores recounted from the diagram."""
    moves_in_game = games = 0
    for before, move, events, after in random_games(300, seed=11):
        moves_in_game += 1
        # 14 tiles, each once, on the grid or in a hand
        where = [t for t in after.board if t >= 0] + after.hand_tiles(MOON) + after.hand_tiles(SUN)
        assert sorted(where) == list(range(14))
        # clones are independent
        twin = before.clone()
        snapshot = before.to_dict()
        twin.play(move)
        assert before.to_dict() == snapshot and twin.to_dict() == after.to_dict()
        # JSON round trip
        saved = json.loads(json.dumps(after.to_dict()))
        assert State.from_dict(saved).to_dict() == after.to_dict()
        # the events turn the old board and hands into the new ones
        board = list(before.board)
        hands = {MOON: set(before.hand_tiles(MOON)), SUN: set(before.hand_tiles(SUN))}
        for e in events:
            if isinstance(e, TilePlaced):
                assert board[e.square] == -1
                hands[e.seat].remove(e.tile)
                board[e.square] = e.tile
            elif isinstance(e, TileSlid):
                assert board[e.src] == e.tile and board[e.dst] == -1
                board[e.src], board[e.dst] = -1, e.tile
            elif isinstance(e, TilePushedOff):
                assert board[e.square] == e.tile
                board[e.square] = -1
                hands[e.receiver].add(e.tile)
        assert board == after.board
        assert hands == {MOON: set(after.hand_tiles(MOON)), SUN: set(after.hand_tiles(SUN))}
        assert after.turn <= TURN_LIMIT
        assert (after.legal_moves() == []) == after.is_over
        if after.is_over:
            games += 1
            assert moves_in_game <= 1 + TURN_LIMIT + 14
            moves_in_game = 0
            assert after.hand_size(MOON) == after.hand_size(SUN) == 0
            grid = cells(after.diagram())
            scores = (naive_pairs(grid, "M"), naive_pairs(grid, "S"))
            result = after.result
            assert result.scores == scores == (after.score(MOON), after.score(SUN))
            assert after.breakdown(MOON) == {"pairs": scores[0]}
            if scores[0] != scores[1]:
                assert result.winners == ((MOON,) if scores[0] > scores[1] else (SUN,))
            else:
                lines = (naive_line(grid, "M"), naive_line(grid, "S"))
                expected = {(True, False): (MOON,), (False, True): (SUN,)}.get(lines, (MOON, SUN))
                assert result.winners == expected
            assert result.draw == (len(result.winners) == 2)
            assert result.reason in ("hand empty", "turn limit")
            assert isinstance(events[-1], GameOver) and events[-1].result == result
    assert games == 300


def test_legal_moves_agree_with_an_independent_reading_of_the_rules():
    """The engine's legal moves equal those of a naive generator written from the rules file."""
    previous = None
    positions = 0
    for before, move, _events, after in random_games(150, seed=12):
        if before.current_player is not None and before.legal_moves() != []:
            positions += 1
            assert {str(m) for m in before.legal_moves()} == naive_moves(before, previous)
        previous = None if after.current_player == before.current_player else move
        if after.is_over:
            previous = None
    assert positions > 3000


def test_every_move_is_legal_exactly_when_listed():
    """`play` accepts exactly the listed moves: every possible move object is tried."""
    universe = (
        [Place(c, s) for c in sorted(set(TILE_CODES)) for s in range(16)]
        + [MoveTile(a, b) for a in range(16) for b in range(16) if a != b]
        + [PlacePush(c, s, d) for c in sorted(set(TILE_CODES)) for s in range(16) for d in range(8)]
        + [PASS]
    )
    for n, (before, _move, _events, _after) in enumerate(random_games(20, seed=13)):
        if n % 3:
            continue
        legal = set(before.legal_moves())
        for move in universe:
            try:
                before.check(move)
            except IllegalMove as error:
                assert move not in legal and str(error)
            else:
                assert move in legal


def test_notation_round_trips_for_every_legal_move():
    """parse_move(state, str(move)) == move for every legal move of thousands of positions."""
    positions = 0
    for before, _move, _events, _after in random_games(120, seed=14):
        positions += 1
        view = before.view(before.current_player)
        for move in before.legal_moves():
            text = str(move)
            assert parse_move(before, text) == move
            assert parse_move(view, text) == move
    assert positions > 2000


def test_views_never_show_a_symbol_the_seat_cannot_know():
    """Each view, and each redacted event, shows a symbol only to the seat that placed the tile
    or holds it (knowledge tracked here from the events), and everything once the game is over."""
    knower: dict[int, int] = {}  # square -> seat that placed the tile on it
    for before, _move, events, after in random_games(200, seed=15):
        if before.occupied == 0:
            knower = {}
        track_placers(knower, events)
        for seat in (MOON, SUN, None):
            view = after.view(seat)
            truth = cells(after.diagram())
            shown = cells(view.diagram())
            assert shown.keys() == truth.keys()
            for (c, r), code in shown.items():
                knows = after.is_over or knower[c + 4 * r] == seat
                assert code == (truth[c, r] if knows else truth[c, r][0] + "?")
            for other in (MOON, SUN):
                if other == seat or after.is_over:
                    assert view.hand(other) == after.hand(other)
                else:
                    assert view.hand(other) == sorted(c[0] + "?" for c in after.hand(other))
            assert_redacted_events_show_only_what_seat_knows(events, seat)


def track_placers(knower: dict[int, int], events) -> None:
    """Follow each grid tile's placer (square -> seat) through a move's events."""
    for e in events:
        if isinstance(e, TilePlaced):
            knower[e.square] = e.seat
        elif isinstance(e, TileSlid):
            knower[e.dst] = knower.pop(e.src)
        elif isinstance(e, TilePushedOff):
            assert knower.pop(e.square) == e.placer


def assert_redacted_events_show_only_what_seat_knows(events, seat) -> None:
    for e in redact_events(events, seat):
        if isinstance(e, (TilePlaced, TileSlid, TilePushedOff)):
            allowed = {
                TilePlaced: lambda e: {e.seat},
                TileSlid: lambda e: {e.placer},
                TilePushedOff: lambda e: {e.placer, e.receiver},
            }[type(e)](e)
            assert (e.code[1] == "?") == (seat not in allowed)
            assert e.tile is None  # ids stay out of every view (see consequence_events)


def test_redacted_events_replay_the_views():
    """A scene that applies a viewer's redacted events to the previous view's grid gets the new
    view's grid."""
    for before, _move, events, after in random_games(100, seed=16):
        for seat in (MOON, SUN, None):
            grid = list(before.view(seat).cells)
            for e in redact_events(events, seat):
                if isinstance(e, TilePlaced):
                    grid[e.square] = e.code
                elif isinstance(e, TileSlid):
                    grid[e.src], grid[e.dst] = None, e.code
                elif isinstance(e, TilePushedOff):
                    grid[e.square] = None
                elif isinstance(e, TileRevealed):
                    grid[e.square] = e.code
            assert tuple(grid) == after.view(seat).cells


def test_samples_of_a_view_give_that_view_back_and_vary_the_hidden_symbols():
    """view.sample(rng) is a full state whose view equals the original view; its hidden symbols
    come from what the seat has not seen, and they differ from the truth in some samples."""
    rng = random.Random(17)
    differed = 0
    for n, (_before, _move, _events, after) in enumerate(random_games(120, seed=18)):
        for seat in (MOON, SUN, None):
            view = after.view(seat)
            sample = view.sample(rng)
            assert sample.view(seat) == view
            placed = [t for t in sample.board if t >= 0]
            all_tiles = placed + sample.hand_tiles(MOON) + sample.hand_tiles(SUN)
            assert sorted(all_tiles) == list(range(14))
            hidden = [t for t in all_tiles if not sample.knows(seat, t)] if seat is not None else []
            if seat is not None and not after.is_over:
                assert Counter(TILE_CODES[t] for t in hidden) == Counter(view.unseen_codes())
            if seat == after.current_player and seat is not None:
                assert set(sample.legal_moves()) == set(view.legal_moves())
            differed += sample.diagram() != after.diagram() or sample.hand(SUN) != after.hand(SUN)
        if n > 1500:
            break
    assert differed > 100


def test_views_are_equal_exactly_when_only_hidden_things_differ():
    """Two states that differ only in what a seat may not know give that seat equal views; a
    state differing in something the seat does know gives a different view."""
    rng = random.Random(19)
    for n, (before, _move, _events, after) in enumerate(random_games(60, seed=20)):
        if after.is_over or n % 2:
            continue
        seat = rng.choice((MOON, SUN))
        twin = after.view(seat).sample(rng)  # a state differing only in hidden symbols
        assert twin.view(seat) == after.view(seat)
        assert twin.view(None) == after.view(None)
        assert after.view(seat) != before.view(seat)  # a move is always visible


def test_redacted_events_are_equal_when_only_hidden_things_differ():
    """The mover plays the same move in the true state and in a state sampled from the mover's
    view: the events as the mover sees them, and the views after, are the same."""
    rng = random.Random(21)
    compared = differed = 0
    for before, move, events, after in random_games(80, seed=22):
        if after.is_over:
            continue  # the last move reveals everything, the twin's hidden symbols included
        seat = before.current_player
        twin = before.view(seat).sample(rng)
        twin_events = twin.play(move)
        differed += twin.to_dict() != after.to_dict()
        for viewer in (seat, None):
            assert redact_events(twin_events, viewer) == redact_events(events, viewer)
            assert twin.view(viewer) == after.view(viewer)
        compared += 1
    assert compared > 1000 and differed > compared // 2


def memory_holds(state: State, seat: int) -> bool:
    """Each symbol `seat` remembers giving away can still be among the opponent's tiles: enough
    tiles of that code in the opponent's hand or placed by the opponent since (nested sets)."""
    opp = 1 - seat
    for code, ply in state.memory[seat]:
        need = sum(c == code and p >= ply for c, p in state.memory[seat])
        tiles = state.hand_tiles(opp) + [
            t
            for sq, t in enumerate(state.board)
            if t >= 0 and state.placed_by(sq) == opp and state.placed_at[t] > ply
        ]
        if sum(TILE_CODES[t] == code for t in tiles) < need:
            return False
    return True


def test_memory_of_symbols_given_away_is_true_and_samples_respect_it():
    """Over random games the memory entries hold in the true state, and in every sample."""
    rng = random.Random(23)
    entries = 0
    for _before, _move, _events, after in random_games(200, seed=24):
        if after.is_over:
            continue
        for seat in (MOON, SUN):
            entries += len(after.memory[seat])
            assert memory_holds(after, seat)
            assert memory_holds(after.view(seat).sample(rng), seat)
    assert entries > 500


def test_a_hidden_choice_of_symbol_leaves_the_other_views_unchanged():
    """The mover places another symbol of the same colour instead: the opponent's and the
    spectator's views and redacted events are the same, the mover's view is not."""
    tried = 0
    for before, move, events, after in random_games(100, seed=25):
        if not isinstance(move, (Place, PlacePush)) or after.is_over:
            continue
        mover, other = before.current_player, 1 - before.current_player
        for code in set(before.hand(mover)) - {move.code}:
            if code[0] != move.code[0]:
                continue
            alt = before.clone()
            alt_move = (
                Place(code, move.square)
                if isinstance(move, Place)
                else PlacePush(code, move.square, move.direction)
            )
            alt_events = alt.play(alt_move)
            for viewer in (other, None):
                assert alt.view(viewer) == after.view(viewer)
                assert redact_events(alt_events, viewer) == redact_events(events, viewer)
            assert alt.view(mover) != after.view(mover)
            tried += 1
    assert tried > 500
