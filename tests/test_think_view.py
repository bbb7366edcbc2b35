"""The think view (scenes.boards.think_view): the search offers its top candidates from its own
view; a click on the board's Thinking button shows them, numbered on the board with how often
each won its tries, while the computer thinks and a moment after; the attract loop has it on;
and, judged on every frame like the faces a painter draws, it never shows a face-down symbol
or a hidden card, against a person or in hot seat."""

from __future__ import annotations

import random
import re

import pytest
from helpers.scene_driver import check_every_frame, frames, play_by_clicks, tap, watch_faces
from test_scene_blanc_noir import click_move as bn_click
from test_scene_consequence import click_move as cq_click

from game import GAMES
from game.ai import make_bot
from game.ai.search import THOUGHTS, SearchBot
from scenes.boards.think_view import LINGER_SECONDS

GAME_NAMES = ("whose-foods", "consequence", "blanc-noir")


def position(game: str, seed: int):
    state = GAMES[game].new_game(players=2, seed=seed)
    rng = random.Random(seed)
    for _ in range(4):
        state.play(rng.choice(state.legal_moves()))
    assert not state.is_over
    return state


@pytest.mark.parametrize("level", ["normal", "expert"])
@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_search_offers_its_most_tried_moves_from_its_own_view(game, level):
    """The root moves it tried most, with their tries and shares won, from its seat's view
    (Expert in En blanc et noir too, whose tree holds only the other seats' likely replies)."""
    state = position(game, 3)
    seat = state.current_player
    view = state.view(seat)
    bot = make_bot(game, "search", level)
    assert isinstance(bot, SearchBot)
    bot.iterations = 300
    move = bot.choose(view, random.Random(1))
    thoughts = bot.thoughts
    assert 1 <= len(thoughts) <= THOUGHTS
    legal = view.legal_moves()
    assert all(t.move in legal for t in thoughts)  # its own moves, as its view has them
    assert all(0.0 <= t.won <= 1.0 and t.tries > 0 for t in thoughts)
    assert sum(t.tries for t in thoughts) <= 300
    unproven = [t.tries for t in thoughts if 0 < t.won < 1]
    assert unproven == sorted(unproven, reverse=True)
    if game != "whose-foods":  # (Whose Foods may still skip a move that hands over a win)
        assert thoughts[0].move == move
    bot.choose(view, random.Random(2))
    assert bot.thoughts and bot.thoughts is not thoughts  # each think has its own


def think_lines(board):
    """The lines the think view said since the last call (and forget them)."""
    lines = [line for _, line in board.think_view.said]
    board.think_view.said.clear()
    return lines


def test_a_click_on_thinking_shows_the_candidates_while_the_computer_thinks(open_board):
    app, board = open_board("whose-foods", ("ai:normal", "human"), speed=1.0)
    assert "Thinking" in board.button_rects and not board.think_view.on
    tap(app, board.button_rects["Thinking"].center)
    assert board.think_view.on and str(board.chrome.think_button.label) == "Thinking: on"
    seen = []
    for _ in range(200):
        frames(app)
        seen += think_lines(board)
        if board.moves:
            break
    assert board.moves, "the computer moved"
    told = re.compile(
        r".+ on [a-d][1-4]: (wins \d+(% of its| of its \d+) tries|(won|lost) its only try)"
    )
    assert any(told.fullmatch(line) for line in seen), seen
    frames(app, 10)
    assert board.think_view.showing  # a moment after the move, still there
    frames(app, round(LINGER_SECONDS * 60) + 30)
    assert not board.think_view.showing
    tap(app, board.button_rects["Thinking"].center)
    assert not board.think_view.on


def test_the_think_view_is_off_by_default_and_absent_without_computers(open_board):
    _, board = open_board("consequence", ("human", "human"))
    assert "Thinking" not in board.button_rects and not board.think_view.on


def test_a_beginner_is_shown_playing_by_eye(open_board):
    app, board = open_board("consequence", ("ai:beginner", "human"), speed=1.0)
    board.think_view.on = True
    seen = []
    for _ in range(120):
        frames(app)
        seen += think_lines(board)
        if board.moves:
            break
    assert "Plays by eye: no search to show" in seen


#: Words that would tell a Consequence symbol.
SYMBOL_WORDS = re.compile(r"\b(moons?|suns?|dots?|[br][MSD])\b", re.IGNORECASE)
#: An En blanc et noir card named by its face ("white 3", "black overlay", "W3b").
CARD_FACE = re.compile(r"\b(white|black) (\d|overlay)\b|\b[WB](\d[a-e]|O[a-d])\b")


def secret_free(game: str, line: str) -> str | None:
    """Why a think-view line tells a secret (None: it does not). A candidate is told as the
    move would show once played (the move log's words): a market card is open, and the faces
    record judges the card it names; a card stacked on the land shows it is an overlay (BN-12,
    BN-21: `WO?`); a hand card is never named by its face."""
    if game == "consequence" and SYMBOL_WORDS.search(line):
        return "a symbol named"
    if game == "blanc-noir":
        named = CARD_FACE.search(line)
        public = line.startswith("Take the ") or re.match(r"Stack a (white|black) overlay on", line)
        if named and not public:
            return "a hand card named by its face"
        if line.startswith("Score") and re.search(r"\d", line.split(":")[0]):
            return "a scored card's number"
    return None


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("consequence", ("human", "ai:easy")),
        ("blanc-noir", ("human", "ai:easy", "ai:normal")),
        ("blanc-noir", ("human", "human", "ai:easy")),  # hot seat with a computer
    ],
)
def test_the_think_view_never_tells_a_secret_on_any_frame(open_board, game, seats):
    app, board = open_board(game, seats, seed=4)
    board.think_view.on = True
    faces = watch_faces(app, board)  # the faces the view names (market cards) too
    lines = []

    def check():
        for line in think_lines(board):
            why = secret_free(game, line)
            assert why is None, f"{why}: {line!r}"
            lines.append(line)

    check_every_frame(app, check)
    click = cq_click if game == "consequence" else bn_click
    play_by_clicks(app, board, random.Random(3), lambda move: click(app, board, move))
    assert app.manager.current.name == "results"
    assert any(" its " in line for line in lines), "the view was shown"
    assert faces.faces_checked > 100


def test_the_attract_loop_shows_the_think_view(home):
    from helpers.kiosk_driver import kiosk_app

    app = kiosk_app(home, attract=True)
    try:
        scene = app.manager.current
        assert scene.name == "attract" and scene.board.think_view.on
    finally:
        app.close()


def test_candidates_a_watcher_cannot_tell_apart_are_one_ranked_by_their_tries_added_up():
    """Two hidden tiles of one colour on one square read alike: one candidate, its tries and
    wins added up, ranked again among the others (a search with secrets proves nothing)."""
    from game.ai.search import Thought
    from scenes.boards.think_view import ThinkView

    class Table:
        def think_words(self, move):
            return {"moon a3": "Blue tile on a3", "dot a3": "Blue tile on a3"}.get(move, move)

        def think_spot(self, move):
            return None

    view = ThinkView(on=True)
    view.thoughts = (
        Thought("Blue tile on a2", 3, 1.0),
        Thought("moon a3", 2, 0.5),
        Thought("dot a3", 2, 0.0),
        Thought("Blue tile on c4", 1, 0.0),
    )
    shown = view.candidates(Table())
    assert [(words, tries) for words, _, _, tries in shown] == [
        ("Blue tile on a3", 4),
        ("Blue tile on a2", 3),
        ("Blue tile on c4", 1),
    ]
    assert shown[0][2] == 0.25  # 1 win of its 4 tries
