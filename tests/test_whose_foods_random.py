"""Whose Foods: random-game invariants and the move-count file (like perft)."""

import contextlib
import json
import random
from collections import Counter
from pathlib import Path

import pytest

import game.whose_foods as wf
from game.core.engine import IllegalMove
from game.core.events import GameOver
from game.core.grid import parse_square
from game.whose_foods import ChainStep, Placed, Uncovered, new_game, parse_move

MOVE_COUNTS = Path(__file__).parent / "data" / "whose_foods_moves.txt"
PIECE_TOTALS = Counter({"LD": 3, "LC": 3, "SD": 3, "SC": 3, "LF": 6, "SF": 6})


def board_of(diagram: str) -> dict[str, list[str]]:
    """Square name -> pieces bottom first, read back from a diagram."""
    board = {}
    for r, row in enumerate(diagram.splitlines()):
        for c, cell in enumerate(row.split()):
            board["abcd"[c] + str(4 - r)] = [] if cell == "." else cell.split("/")
    return board


def apply_events(board: dict[str, list[str]], events) -> None:
    """Replay a move's events on a board, as a scene does, checking they agree with it."""
    for event in events:
        if isinstance(event, Placed):
            stack = board[event.square]
            assert (stack[-1] if stack else None) == event.stacked_on
            stack.append(event.piece)
        elif isinstance(event, ChainStep):
            for square, piece in event.captured:
                assert board[square].pop() == piece
        elif isinstance(event, Uncovered):
            assert board[event.square] == [event.piece]


def pieces_everywhere(state: wf.State) -> Counter:
    count = Counter()
    for stack in board_of(state.diagram()).values():
        count.update(stack)
    count.update(state.supply())
    for seat in range(state.players):
        count.update(state.hand(seat))
        count.update(state.captured(seat))
    return count


def expected_scores(state: wf.State) -> tuple[int, ...]:
    """WF-26 recomputed from the public accessors."""
    scores = []
    for seat in range(state.players):
        caught = state.captured(seat)
        cans = sum(1 for p in caught if p.endswith("F"))
        scores.append((len(caught) - cans) + 2 * cans - 5 * len(state.hand(seat)))
    return tuple(scores)


def play_random_game(players: int, rng: random.Random, check_every_move: bool = True):
    state = new_game(players, first_player=rng.randrange(players))
    moves = 0
    while not state.is_over:
        legal = state.legal_moves()
        assert legal, "a game that is not over has a legal move"
        move = rng.choice(legal)
        if check_every_move:
            check_position(state, legal, rng)
        before = state.clone()
        board = board_of(state.diagram())
        events = state.play(move)
        apply_events(board, events)
        assert board == board_of(state.diagram())
        assert before.clone().play(str(move)) == events  # notation replays the same move
        moves += 1
        assert moves < 200
    assert isinstance(events[-1], GameOver)
    return state


def check_position(state: wf.State, legal, rng: random.Random) -> None:
    assert pieces_everywhere(state) == PIECE_TOTALS
    assert len(set(legal)) == len(legal)
    for move in legal:
        assert parse_move(state, str(move)) == move
    copy = wf.State.from_dict(json.loads(json.dumps(state.to_dict())))
    assert copy == state and copy.to_dict() == state.to_dict()
    clone = state.clone()
    snapshot = state.to_dict()
    clone.play(rng.choice(legal))
    assert state.to_dict() == snapshot, "playing on a clone leaves the original alone"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_promise(players):
    rng = random.Random(players)
    reasons = Counter()
    for _ in range(150):
        state = play_random_game(players, rng)
        result = state.result
        assert result.scores == expected_scores(state)
        reasons[result.reason] += 1
        ranked = [s for s in range(players) if s not in result.disqualified]
        assert set(result.winners) <= set(ranked)
        if result.reason in ("points", "no moves"):
            best = max(result.scores[s] for s in ranked)
            assert {s for s in ranked if result.scores[s] == best} == set(result.winners)
            assert result.draw == (len(result.winners) > 1)
    assert reasons["points"] and len(reasons) >= 3, reasons


def test_many_more_random_games_end_and_conserve_pieces():
    rng = random.Random(7)
    for i in range(600):
        state = play_random_game(2 + i % 3, rng, check_every_move=False)
        assert pieces_everywhere(state) == PIECE_TOTALS


def test_legal_moves_match_an_independent_brute_force():
    """Every piece on every square, asked through the notation, against legal_moves()."""
    rng = random.Random(11)
    for _ in range(40):
        state = new_game(rng.choice([2, 3, 4]))
        while not state.is_over:
            if not state.pending:
                accepted = set()
                for piece in wf.PIECE_NAMES:
                    for square in wf.SQUARE_NAMES:
                        with contextlib.suppress(IllegalMove):
                            accepted.add(parse_move(state, f"{piece} {square}"))
                assert accepted == set(state.legal_moves())
            state.play(rng.choice(state.legal_moves()))


def read_move_counts():
    cases = []
    for line in MOVE_COUNTS.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            players, moves, count = (part.strip() for part in line.split("|"))
            cases.append(
                (int(players), [m.strip() for m in moves.split(",") if m.strip()], int(count))
            )
    return cases


def test_move_count_file_has_at_least_ten_positions():
    assert len(read_move_counts()) >= 10


@pytest.mark.parametrize("players,moves,count", read_move_counts())
def test_move_counts(players, moves, count):
    state = new_game(players)
    for move in moves:
        state.play(move)
    assert len(state.legal_moves()) == count


def test_a_take_names_squares_sorted_as_text():
    state = wf.from_diagram(". . . .\n. . . .\n. . . .\nLD SD . SC")
    state.play("SD c1")
    assert [str(m) for m in state.legal_moves()] == ["take a1 b1 c1", "take b1 c1 d1"]
    assert state.legal_moves()[0].squares == tuple(map(parse_square, ("a1", "b1", "c1")))


def test_random_positions_round_trip_through_from_diagram_wf1_wf2():
    """A position between turns, rebuilt from its diagram, hands and captures, is the same
    position: board, supply, hands, captures and legal moves."""
    rng = random.Random(13)
    checked = 0
    for _ in range(150):
        players = rng.choice([2, 3, 4])
        state = new_game(players, first_player=rng.randrange(players))
        for _ in range(rng.randrange(20)):
            if state.is_over:
                break
            state.play(rng.choice(state.legal_moves()))
        if state.is_over or state.pending:
            continue
        seats = range(players)
        again = wf.from_diagram(
            state.diagram(),
            players=players,
            to_move=state.current_player,
            hands=[tuple(state.hands[s]) for s in seats],
            captured=[state.captured(s) for s in seats],
        )
        assert again.diagram() == state.diagram() and again.supply() == state.supply()
        assert [again.hand(s) for s in seats] == [state.hand(s) for s in seats]
        assert [again.captured(s) for s in seats] == [state.captured(s) for s in seats]
        assert again.legal_moves() == state.legal_moves()
        checked += 1
    assert checked > 80
