"""A seat's name in a sentence (issues 40 and 44): the reader's own seat (a lesson's "You") has
sentences of its own ("You lay a card", 「あなたは…」, never "You lays" or 「あなたさん」); a
typed name takes Japanese's honorific, a default name ("Player 2", a computer's "Pepper") none;
a push's direction is a word, never its code; a switch of language reaches a banner on show;
the think view forgets a seat a visitor takes."""

import dataclasses
import random
import re

import pytest
from helpers.drawn_text import install
from helpers.kiosk_driver import FRAME, kiosk_app, touch
from helpers.kiosk_driver import settle as settle_kiosk
from helpers.scene_driver import frames

from game import GAMES
from game import consequence as cq
from game import whose_foods as wf
from game.core.engine import IllegalMove
from game.core.result import Result
from scenes.kit import i18n
from scenes.kit.i18n import _, translated
from scenes.kit.seat_names import YOU, Called
from scenes.phones.views import result_words

#: an English sentence about the reader with a verb of the third person ("You lays")
THIRD_PERSON = re.compile(
    r"\bYou (?:lays|plays|draws|scores|stacks|places|moves|passes|chooses|pushes|puts|captures"
    r"|is|has|overeats|wins)\b"
)
#: a push's direction as its notation code
DIRECTION_CODE = re.compile(r"\b(?:N|NE|E|SE|S|SW|W|NW)\b")


def played_lines(board, names, seed=11):
    """The move log of a random game on `board` with seats named `names`: (seat, line)."""
    board.setup = dataclasses.replace(board.setup, names=tuple(names))
    state = GAMES[board.setup.game].new_game(players=len(names), seed=seed)
    rng, lines = random.Random(seed), []
    while not state.is_over:
        seat, move = state.current_player, rng.choice(state.legal_moves())
        events = state.play(move)
        lines.append((seat, board.describe(seat, move, events).text))
    return lines


@pytest.mark.parametrize("game", list(GAMES))
def test_the_reader_has_sentences_of_their_own_in_the_log_and_the_status_line(open_board, game):
    _app, board = open_board(game, ["human", "ai:easy"])
    for language, you, line_start in (("en", "You", "You"), ("ja", "あなた", "あなたは")):
        i18n.set_language(language)
        lines = played_lines(board, [_(YOU), _("Pepper")])
        mine = [line for seat, line in lines if seat == 0]
        assert mine and all(line.startswith(line_start) for line in mine), mine[:3]
        assert [line for line in mine if THIRD_PERSON.search(line)] == []
        assert not any("あなたさん" in line for _seat, line in lines)
        board.setup = dataclasses.replace(board.setup, names=(_(YOU), _("Pepper")))
        status = board.status_text()
        assert not status.startswith((f"{you}:", f"{you}、")), status  # (not called by name)
        assert "あなたさん" not in status and not THIRD_PERSON.search(status)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_typed_name_takes_the_honorific_and_a_default_name_none(open_board, game):
    _app, board = open_board(game, ["human", "ai:easy"])
    i18n.set_language("ja")
    lines = played_lines(board, ["ハナ", _("Pepper")])
    assert all(line.startswith("ハナさん") for seat, line in lines if seat == 0)
    assert all(line.startswith("ペッパー") and "ペッパーさん" not in line for s, line in lines if s)
    lines = played_lines(board, [_("Player {number}").format(number=1), "ケン"])
    assert all(line.startswith("プレイヤー1") for seat, line in lines if seat == 0)
    assert not any("プレイヤー1さん" in line for _seat, line in lines)
    assert all(line.startswith("ケンさん") for seat, line in lines if seat == 1)


def test_a_phone_tells_its_own_seat_you_win_and_the_others_the_winners_name():
    i18n.set_language("ja")
    result = Result(winners=(1,), draw=False, scores=(2, 4), reason="no tiles")
    names = (Called("ハナ", honoured=True), Called("ケン", honoured=True))
    assert result_words(names, result, 1) == "あなたの勝ちです。"
    assert result_words(names, result, 0) == "ケンさんの勝ちです。"


def _pushes(seed=5):
    """Positions of random Consequence games with their legal pushes (and their events)."""
    state = cq.new_game(players=2, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        pushes = [m for m in state.legal_moves() if isinstance(m, cq.PlacePush)]
        for move in pushes[:3]:
            trial = state.clone()
            yield state, move, trial.play(move)
        state.play(rng.choice(state.legal_moves()))


def test_a_push_direction_is_said_in_words_never_as_its_code(open_board):
    _app, board = open_board("consequence", ["human", "ai:easy"])
    seen = 0
    for language in ("en", "ja"):
        i18n.set_language(language)
        for state, move, events in _pushes():
            seat = state.current_player
            said = [board.think_words(move), board.describe(seat, move, events).text]
            assert [text for text in said if DIRECTION_CODE.search(text)] == [], said
            word = _(cq.DIRECTION_WORDS[move.direction])
            assert all(word in text for text in said), (word, said)
            seen += 1
    assert seen > 20
    # the engine's refusal of a push along a run of one tile names its direction in words
    state = cq.new_game(players=2, seed=1)
    state.play(cq.Place("bM", 5))  # a tile on b2 (a1 is square 0, a row holds 4)
    refused = _refusal(state, cq.PlacePush("rS", 0, 1))  # from a1 up and right: one tile
    assert "(CQ-9)" in refused and " NE " in refused  # the API's English keeps the code
    for language, word in (("en", "up and right"), ("ja", "右上")):
        i18n.set_language(language)
        shown = translated(refused)
        assert word in shown and not DIRECTION_CODE.search(shown), shown


def _refusal(state, move):
    try:
        state.check(move)
    except IllegalMove as refusal:
        return refusal.args[0]
    return None


def test_a_banner_on_show_follows_a_switch_of_language(open_board):
    app, board = open_board("whose-foods", ["human", "ai:easy"])
    board.setup = dataclasses.replace(board.setup, names=("ハナ", "ケン"))  # typed names
    board.presenter.names = board.setup.names
    board.presenter.animate([wf.ThreeCans(0)])
    banner = wait_for_banner(app, board, None)
    assert banner.text == "Three cans! ハナ wins"
    i18n.set_language("ja")
    assert banner.text == "缶詰駒3個\uff01ハナさんの勝ち"  # the same banner, now in Japanese
    board.setup = dataclasses.replace(board.setup, names=(_(YOU), _("Pepper")))
    board.presenter.names = board.setup.names
    board.presenter.animate([wf.ThreeCans(0)])
    assert wait_for_banner(app, board, banner).text == "缶詰駒3個\uff01あなたの勝ち"


def wait_for_banner(app, board, before):
    """The next banner on show after `before` (frames run until it grows in)."""
    for _frame in range(400):
        frames(app)
        banner = board.presenter.banner
        if banner is not None and banner is not before and banner.alpha > 0:
            return banner
    raise AssertionError("no banner was shown")


def test_allow_says_two_things_in_japanese(open_board):
    from scenes.phones.question import SecondPhoneQuestion

    app, board = open_board("whose-foods", ["human", "human"])
    i18n.set_language("ja")
    question = SecondPhoneQuestion(app, 0, "ハナ", 1, print, print)
    assert str(board.undo.allow_button.label) == "認める"
    assert str(question.yes_button.label) == "移す"
    assert board.undo.allow_button.key == question.yes_button.key == "Allow"  # (what tests click)


@pytest.mark.slow
def test_the_think_view_forgets_a_seat_a_visitor_takes(home, apps, monkeypatch):
    from scenes.boards.whose_foods import layout

    app = kiosk_app(home, attract=True)
    apps.append(app)
    scene = app.manager.current
    board = scene.board
    for _frame in range(3000):
        if board.think_view.showing and board.think_view.thoughts and len(board.moves) >= 2:
            break
        app.run(frames=1, fixed_dt=FRAME)
    seat = board.think_view.seat
    assert seat is not None and board.think_view.showing
    touch(app, layout.tray(seat).rect.center)
    assert scene.offer is not None and scene.offer[0] == seat
    touch(app, scene._offer_buttons[0].rect.center)
    settle_kiosk(app)
    assert board.setup.is_human(seat)
    probe = install(monkeypatch)
    app._dirty = True
    app.run(frames=1, fixed_dt=FRAME)
    name = board.setup.names[seat]
    assert f"{name} weighs" not in probe.words
    assert board.think_view.seat != seat
