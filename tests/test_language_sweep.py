"""The i18n sweep (issue 28): after a switch to Japanese by clicks on the settings, the how-to-play
pages and their diagrams, the pause menu, the leave question, the replay list and viewer, the
move log, status line and refusals of a board, each game's setup screen, board (panels, trays,
captions) and results say nothing in English; engine refusals keep their
English text (the API) and are shown translated; a name field refuses a character the fonts lack;
bold names with a JIS level 1 kanji are not tofu."""

import dataclasses
import re

import pygame
import pytest
from helpers.drawn_text import install
from helpers.played_games import finished_game, unfinished
from helpers.scene_driver import click, key, settle, tap, type_text

from game import GAMES
from game import consequence as cq
from game import whose_foods as wf
from game.core.engine import IllegalMove
from scenes.boards import BOARDS
from scenes.boards.whose_foods import layout
from scenes.kit import fonts, i18n
from scenes.kit.i18n import _, translated
from scenes.kit.text_field import TextField
from scenes.storage.saved_game import save_unfinished

#: a word of two or more Latin letters: English left on a Japanese screen (square names such as
#: "a1" and the Latin names below are not words of a sentence)
ENGLISH = re.compile(r"[A-Za-z]{2,}")
#: Latin words a Japanese screen may show: the game kept under its own title, the app's name,
#: the players' names of these tests ("Player 1": a name `quick_setup` gives, kept as typed)
#: the computer players' names, and "Wi-Fi" (the phones' help says it so)
NAMES = {"Whose", "Foods", "Tabletop", "Trio", "Ada", "Clover", "Pepper", "Maple", "Player"}
NAMES |= {"Biscuit", "Wi", "Fi"}
#: what a name field says of a kanji of JIS level 2 (the fonts hold level 1 only)
NOT_SHOWN = "「凜」は表示できません。別の書き方にしてください（かなは使えます）。"  # noqa: RUF001


def english_in(words):
    """The English words in `words` (a str or several)."""
    if not isinstance(words, str):
        words = "\n".join(words)
    return sorted(set(ENGLISH.findall(words)) - NAMES)


def _to_japanese_by_clicks(app):
    click(app, app.manager.current.button_rects["Settings"].center)
    click(app, app.manager.current.button_rects["日本語"].center)
    click(app, app.manager.current.button_rects["Done"].center)
    assert i18n.language() == "ja" and app.manager.current.name == "menu"


def _hot_seat(home):
    saved, _ = unfinished("whose-foods", 2)
    saved = dataclasses.replace(saved, setup={**saved.setup, "seats": ["human", "human"]})
    pygame.display.init()
    assert save_unfinished(home, saved)


def test_the_how_to_play_pages_say_nothing_in_english(make_app, monkeypatch):
    app = make_app()
    _to_japanese_by_clicks(app)
    drawn = install(monkeypatch)
    click(app, app.manager.current.button_rects["Rules"].center)
    assert "遊び方" in drawn.words.split("\n")
    rules = app.manager.current
    assert rules.name == "rules"
    pages = 0
    for game in rules.games:
        click(app, rules.button_rects[GAMES[game].title].center)  # the tab, by its English key
        for _page in range(len(rules.pages)):
            assert english_in(drawn.words) == [], (game, rules.page)
            drawn.clear()
            click(app, rules.button_rects["Next"].center)
            pages += 1
    assert pages == sum(len(BOARDS[g].how_to_play()) for g in rules.games) >= 12
    key(app, pygame.K_ESCAPE)
    assert app.manager.current.name == "menu"


def test_the_board_the_pause_menu_and_the_leave_question_in_japanese(make_app, home, monkeypatch):
    _hot_seat(home)
    app = make_app()
    _to_japanese_by_clicks(app)
    click(app, app.manager.current.button_rects["Continue"].center)
    board = app.manager.current
    assert board.name == "board" and board.human_to_move
    # a refusal, by clicks: a large dog onto an occupied square
    occupied = next(sq for sq in range(16) if board.state.piece_at(sq)[0] >= 0)
    before = list(board.moves)
    tap(app, board.piece_pos("LD"))
    tap(app, tuple(round(v) for v in layout.square_centre(occupied)))
    assert board.moves == before and board.status.refusal is not None
    assert english_in(board.status.refusal[0]) == [] and board.status.refusal[0].endswith("。")
    assert english_in(board.status_text()) == []
    # a move by clicks: its log line, then every line, in Japanese
    empty = next(sq for sq in range(16) if board.state.piece_at(sq)[0] < 0)
    played = len(board.moves)
    tap(app, board.piece_pos("LC"))
    tap(app, tuple(round(v) for v in layout.square_centre(empty)))
    settle(app)
    assert len(board.moves) == played + 1
    assert english_in([line.text for line in board.record.log]) == []
    assert "大きい猫" in board.record.log[-1].text
    # the pause menu and the leave question
    while app.manager.current.name == "handover":
        click(app, app.manager.current.button_rects["I am ready"].center)
        settle(app)
    drawn = install(monkeypatch)
    key(app, pygame.K_ESCAPE)
    pause = app.manager.current
    assert pause.name == "pause"
    assert english_in([str(b.label) for b in pause.buttons]) == []
    assert "一時停止中" in drawn.words.split("\n")
    click(app, pause.button_rects["Leave"].center)
    question = app.manager.current
    assert question.name == "confirm"
    labels = [str(question.question), str(question.detail)]
    labels += [str(question.yes_button.label), str(question.no_button.label)]
    assert english_in(labels) == []
    assert any(words.startswith("このゲームをやめますか") for words in drawn.words.split("\n"))
    click(app, question.button_rects["Stay"].center)
    assert app.manager.current is board
    # the log line follows a switch back to English at once
    i18n.set_language("en")
    assert "large cat" in board.record.log[-1].text


def test_the_replay_list_and_viewer_in_japanese(make_app, monkeypatch):
    app = make_app()
    _to_japanese_by_clicks(app)
    state, start, moves = finished_game("whose-foods", 3)
    app.show_results(app.quick_setup("whose-foods", ["human"] * 3), state, start, moves)
    settle(app)
    app.go_menu()
    settle(app)
    drawn = install(monkeypatch)
    click(app, app.manager.current.button_rects["Replays"].center)
    listing = app.manager.current
    assert listing.name == "replays"
    assert english_in(drawn.words) == []
    assert "リプレイ" in drawn.words.split("\n")
    tap(app, listing.row_rect(0).center)  # (a replay plays on its own: no settling)
    app.run(frames=60, fixed_dt=1 / 30)
    viewer = app.manager.current
    assert viewer.name == "replay"
    tap(app, viewer.button_rects["Pause"].center)
    tap(app, viewer.button_rects["Next"].center)
    app.run(frames=30, fixed_dt=1 / 30)
    labels = [str(button.label) for button in viewer.buttons]
    assert english_in(labels) == [] and "1手進む" in labels and "再生" in labels
    track = [w for w in drawn.words.split("\n") if "手中" in w]
    assert track and english_in(track) == []


@pytest.mark.parametrize("game", BOARDS)
def test_each_setup_board_and_results_in_japanese(make_app, game, monkeypatch):
    app = make_app()
    _to_japanese_by_clicks(app)
    drawn = install(monkeypatch)
    click(app, app.manager.current.button_rects[game].center)  # the game's tile
    setup = app.manager.current
    assert setup.name == "setup"
    assert english_in(drawn.words) == [], "setup"
    assert _(GAMES[game].title) in drawn.words.split("\n") and "ゲーム開始" in drawn.words
    drawn.clear()
    click(app, setup.button_rects["Start"].center)
    settle(app)
    board = app.manager.current
    assert board.name == "board"
    app.run(frames=30, fixed_dt=1 / 30)
    assert english_in(drawn.words) == [], "board"
    assert english_in(board.status_text()) == []
    drawn.clear()
    state, start, moves = finished_game(game, 3)
    app.show_results(app.quick_setup(game, ["human"] * state.players), state, start, moves)
    settle(app)
    results = app.manager.current
    assert results.name == "results"
    assert english_in(drawn.words) == [], "results"
    assert "合計" in drawn.words.split("\n")
    assert english_in([str(button.label) for button in results.buttons]) == []
    drawn.clear()
    click(app, results.button_rects["Change seats"].center)  # back to the setup, by a click
    assert app.manager.current.name == "setup"
    assert english_in(drawn.words) == [], "setup again"


def test_engine_refusals_keep_their_english_and_are_shown_translated():
    state = wf.from_diagram(". . . .\n. . . .\n. . . .\nLD . . .", players=2)
    with pytest.raises(IllegalMove) as refused:
        state.play("LC a1")
    reason = refused.value.args[0]
    assert str(reason) == "a1 is occupied: a large piece goes only on an empty square"
    assert translated(reason) == str(reason)  # English: the same words
    i18n.set_language("ja")
    assert translated(reason) == "a1は空いていません。大きい駒は空いたマスにしか置けません。"
    moon = cq.new_game(seed=1)  # Moon opens, and holds no red tile
    tile = moon.refusal(cq.Place("rM", 0))
    assert str(tile) == "no rM in hand"  # the code, as the API says it
    assert translated(tile) == "手元に赤の月タイルがありません。"  # the tile, in words


def test_a_name_field_refuses_what_the_fonts_cannot_draw_and_keeps_level_1_kanji():
    refusals = []
    field = TextField((0, 0, 600, 100), "", on_refuse=refusals.append)
    field.focused = True
    i18n.set_language("ja")
    for text in ("桜", "井", "凜"):  # JIS level 1, level 1, level 2 (not shipped)
        field.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))
    assert field.value == "桜井"
    assert refusals == [NOT_SHOWN]
    assert fonts.missing_characters("ハナ桜Ada") == ""


def test_a_bold_name_with_a_kanji_only_medium_holds_is_not_tofu():
    i18n.set_language("ja")
    tofu = fonts.text("\uffff", fonts.BODY, (0, 0, 0), True)  # a character no font holds
    drawn = fonts.text("桜", fonts.BODY, (0, 0, 0), True)
    assert pygame.image.tobytes(drawn, "RGBA") != pygame.image.tobytes(tofu, "RGBA")
    assert fonts.uses_cjk_face("桜") and "桜" not in fonts._held()[0]  # bold lacks it: Medium


def test_a_name_typed_on_the_setup_screen_is_refused_in_words(make_app):
    app = make_app()
    app.open_setup("whose-foods")
    settle(app)
    setup = app.manager.current
    i18n.set_language("ja")
    field = setup.name_fields[0]
    click(app, field.rect.center)
    type_text(app, "ハナ")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="凜"))
    app.run(frames=2, fixed_dt=1 / 60)  # (the note fades: no settling)
    assert field.value.endswith("ハナ") and "凜" not in field.value
    assert setup.refusal.text == NOT_SHOWN
