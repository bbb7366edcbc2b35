"""The top bar's instruction is never cut (issue 47, item 5): Whose Foods at four with computers
(the Thinking switch narrows the bar) says "Player 1: pick a piece (shared, or a can of yours)"
whole, on two lines where one would not hold it, in English and Japanese; words that fit on one
line stay on one."""

import pytest
from helpers import drawn_text
from helpers.scene_driver import settle

from scenes.boards.status import status_lines
from scenes.kit import fonts, i18n


def drawn_instruction(app, monkeypatch, language):
    i18n.set_language(language)
    setup = app.quick_setup("whose-foods", ["human", "ai:easy", "human", "ai:easy"])
    app.start_game(setup, fade=False)
    settle(app)
    board = app.manager.current
    assert board.name == "board" and board.state.current_player == 0
    probe = drawn_text.install(monkeypatch)
    board.chrome.refresh()
    app.manager.draw(app.canvas)
    return board, probe


@pytest.mark.parametrize("language", ["en", "ja"])
def test_whose_foods_at_four_says_its_whole_instruction(make_app, monkeypatch, language):
    board, probe = drawn_instruction(make_app(), monkeypatch, language)
    said = board.status_text()
    names = set(board.setup.names)  # (the panels' names are drawn too)
    shown = [words for words, _ in probe.seen if words and words in said and words not in names]
    joined = "".join(shown) if language == "ja" else " ".join(shown)
    assert joined == said, shown
    assert not any("…" in words for words, _ in probe.seen)
    sizes = [size for words, size in probe.seen if words in shown]
    assert len(shown) == 2 and min(sizes) >= fonts.TINY


def test_words_that_fit_stay_on_one_line():
    lines, size = status_lines("Player 1: place a piece", 900)
    assert lines == ["Player 1: place a piece"] and size == fonts.BODY
    lines, size = status_lines("Player 1: pick a piece (shared, or a can of yours)", 440)
    assert len(lines) == 2 and size >= fonts.TINY
    lines, _size = status_lines("word " * 60, 440)  # more than two lines would hold: shortened
    assert len(lines) == 1 and lines[0].endswith("…")
