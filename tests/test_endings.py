"""Endings people can check (issue 23): the Consequence results keep the final board with every
pair drawn and counted per player, and the replay's last frame shows the pairs; the En blanc et
noir results explain the bear bonus and a tie-break; a replay offers "All faces" at its end only,
and only what the rules reveal once the game is over is drawn; "Replay kept" reads as a
statement. Random finished games at fixed seeds (each seed is the first that shows its case)."""

from __future__ import annotations

import pygame
import pytest
from helpers.drawn_text import install as install_text_probe
from helpers.played_games import show_results
from helpers.scene_driver import FRAME, click, settle, tap

from game.blanc_noir.cards import CARDS
from game.consequence.scoring import pairs_of
from scenes.bench.board_checks import BoardWatch
from scenes.boards.blanc_noir import layout
from scenes.boards.consequence.ending import pairs_words

#: seeds of random 2-player games showing each case (tests/test_endings.py searched 0..400)
CQ_ONE_PAIR, CQ_DRAW, CQ_LINE_OF_FOUR = 1, 9, 31
BN_LAND_TIED, BN_BEARS, BN_TIE_BROKEN, BN_TIE_SHARED = 3, 5, 18, 27


def symbols_of(state):
    return [code[1] if code else "." for code in state.view(None).cells]


def open_replay(app, results):
    """Watch replay, paused at once (settled there: it would play to its end on its own)."""
    tap(app, results.button_rects["Watch replay"].center)
    for _ in range(120):
        app.run(frames=1, fixed_dt=FRAME)
        if app.manager.current.name == "replay" and not app.manager.busy:
            break
    viewer = app.manager.current
    tap(app, viewer.button_rects["Pause"].center)
    assert not viewer.playing
    return viewer


def results_of(make_app, game, seed):
    app = make_app()
    state, _, _ = show_results(app, game, players=2, seed=seed)
    results = app.manager.current
    assert results.name == "results"
    return app, results, state


# --- Consequence ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [CQ_ONE_PAIR, CQ_DRAW, CQ_LINE_OF_FOUR])
def test_consequence_results_keep_the_final_board_with_its_pairs(make_app, seed):
    _, results, state = results_of(make_app, "consequence", seed)
    ending = results.ending
    assert ending.picture is not None and results.picture_rect is not None
    board = ending.board
    assert board.spectator and board.state.is_over
    symbols = symbols_of(state)
    drawn = sorted((line.seat, line.a, line.b) for line in board.presenter.pairs)
    assert drawn == sorted((seat, a, b) for seat in (0, 1) for a, b in pairs_of(symbols, seat))
    assert all(line.progress == 1.0 for line in board.presenter.pairs)
    watch = BoardWatch(board)  # only faces the rules reveal at the end: all of them
    assert watch.leaks() == [] and watch.faces_checked == sum(1 for c in symbols if c != ".")
    names = results.setup.names
    scores = state.result.scores
    assert ending.notes[:2] == (
        f"Moon ({names[0]}): {pairs_words(scores[0])}",
        f"Sun ({names[1]}): {pairs_words(scores[1])}",
    )
    assert results.chart.left > results.picture_rect.right  # side by side, no overlap
    assert results.notes_rect.top >= results.chart.bottom
    assert results.notes_rect.bottom <= results.buttons[0].rect.top


def test_one_pair_is_one_pair(make_app, monkeypatch):
    _, results, state = results_of(make_app, "consequence", CQ_ONE_PAIR)
    assert 1 in state.result.scores
    assert any(note.endswith(": 1 pair") for note in results.ending.notes)
    drawn = install_text_probe(monkeypatch)
    results.ending.board.keeper.board_picture()  # the seat panels count the pairs too
    assert "1 pair" in drawn.words.split("\n") and "1 pairs" not in drawn.words


def test_the_consequence_tie_break_is_explained(make_app):
    _, results, state = results_of(make_app, "consequence", CQ_LINE_OF_FOUR)
    winner = results.setup.names[state.result.winners[0]]
    assert state.result.scores[0] == state.result.scores[1] and not state.result.draw
    assert results.ending.notes[2].startswith(f"Equal pairs: {winner} wins with four ")
    _, results, state = results_of(make_app, "consequence", CQ_DRAW)
    assert state.result.draw
    assert results.ending.notes[2] == "Equal pairs, and no one alone has four in a line: a draw."


def test_the_replays_last_frame_shows_the_pairs(make_app):
    app, results, state = results_of(make_app, "consequence", CQ_ONE_PAIR)
    viewer = open_replay(app, results)
    click(app, viewer.button_rects["End"].center)
    symbols = symbols_of(state)
    drawn = sorted((line.seat, line.a, line.b) for line in viewer.board.presenter.pairs)
    assert drawn == sorted((seat, a, b) for seat in (0, 1) for a, b in pairs_of(symbols, seat))
    assert not viewer.offers_all_faces  # every tile is face up already: nothing held back


# --- En blanc et noir -----------------------------------------------------------------------------


def test_the_bear_bonus_of_a_tied_land_is_explained(make_app):
    _, results, state = results_of(make_app, "blanc-noir", BN_LAND_TIED)
    counts = state.colour_counts()
    assert counts["W"] == counts["B"]
    tied = f"{counts['W']}-{counts['B']}"
    assert results.ending.notes[0] == f"Bear bonus: the land is tied {tied}, so no bonus."
    assert all(state.breakdown(seat)["bear bonus"] == 0 for seat in range(2))


def test_the_bear_bonus_names_the_colour_and_each_players_bears(make_app):
    _, results, state = results_of(make_app, "blanc-noir", BN_BEARS)
    leader = state.bear_colour()
    words = {"W": "white", "B": "black"}
    counts = state.colour_counts()
    high, low = max(counts.values()), min(counts.values())
    notes = results.ending.notes
    assert notes[0].startswith(f"Bear bonus: {words[leader]} holds more land, {high}-{low}")
    for seat, name in enumerate(results.setup.names):
        bears = [c for c in state.scored(seat) if CARDS[c].bear]
        bonus = state.breakdown(seat)["bear bonus"]
        lines = [note for note in notes if note.startswith(f"{name}: ")]
        if bears:
            sign = f"−{-bonus}" if bonus < 0 else f"+{bonus}"
            assert len(lines) == 1 and lines[0].endswith(f", {sign}.")
        else:
            assert not lines
    drawn = results.note_lines(results.notes_rect.width - 60)
    assert drawn and results.notes_rect.height >= 24 + 40 * len(drawn)


@pytest.mark.parametrize("seed", [BN_TIE_BROKEN, BN_TIE_SHARED])
def test_a_tie_on_points_says_how_it_was_settled(make_app, seed):
    _, results, state = results_of(make_app, "blanc-noir", seed)
    note = results.ending.notes[-1]
    if len(state.result.winners) == 1:
        assert "the one with more" in note
        assert note.endswith(f": {results.setup.names[state.result.winners[0]]}.")
    else:
        assert note.endswith("they share the win.")


# --- the replay's "All faces" ---------------------------------------------------------------------


def test_all_faces_is_offered_at_the_end_of_a_replay_only(make_app):
    app, results, state = results_of(make_app, "blanc-noir", BN_BEARS)
    assert any(state.hand(seat) for seat in range(2))
    viewer = open_replay(app, results)
    viewer.jump(len(viewer.moves) - 1)
    settle(app)
    assert not viewer.offers_all_faces and not viewer.faces_button.visible
    assert viewer.board.on_show.show_all_faces(True) is False  # the game is not over there
    click(app, viewer.button_rects["End"].center)
    assert viewer.offers_all_faces and viewer.faces_button.visible
    board = viewer.board
    watch = BoardWatch(board)
    board.on_show.faces_seen.clear()
    click(app, viewer.button_rects["All faces"].center)
    assert board.on_show.all_faces and board.presenter.reveal
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 1075), rel=(0, 0)))
    app.run(frames=2, fixed_dt=FRAME)
    hands = [card for seat in range(2) for card in state.hand(seat)]
    shown = [code for _, code, place in board.on_show.faces_seen if place.startswith("hand ")]
    assert sorted(set(shown)) == sorted(set(hands))
    assert watch.leaks() == []
    for seat in range(2):  # every hand along the strip, readable
        for sprite in board.presenter.hands[seat]:
            assert sprite.face_up and sprite.width >= 100
            assert layout.HAND.collidepoint(sprite.x, sprite.y)
    click(app, viewer.button_rects["Back"].center)
    assert not viewer.faces_button.visible and not viewer.board.on_show.all_faces


# --- "Replay kept" --------------------------------------------------------------------------------


def test_replay_kept_reads_as_a_statement_not_a_greyed_button(make_app, monkeypatch):
    drawn = install_text_probe(monkeypatch)
    app, results, _ = results_of(make_app, "whose-foods", 3)
    assert results.replay_kept
    rect = results.save_button.rect
    greyed = results.save_button.fill  # what a disabled button's face would be
    face = [app.canvas.get_at(results.save_button.sample_point())[:3]]
    assert face[0] != greyed, "drawn as a greyed button"
    assert "Replay kept" in drawn.words
    border = [
        app.canvas.get_at((x, rect.top + 2))[:3] for x in range(rect.left + 30, rect.right - 30, 10)
    ]
    assert all(pixel != (43, 33, 28) for pixel in border), "no button outline"
