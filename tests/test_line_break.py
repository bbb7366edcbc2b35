"""Lines break at spaces and between Japanese characters, keeping the Japanese line-breaking
rules (scenes.kit.line_break, used by fonts.wrap)."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scenes.kit import fonts, i18n
from scenes.kit.line_break import NO_END, NO_START, phrases, pieces

KANA = (
    "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん"
)
SMALL = "ぁぃぅぇぉっゃゅょァィゥェォッャュョ"
JAPANESE = KANA + SMALL + "漢字駒缶詰共有上のせ獣師ー、。「」（）・！？〜"  # noqa: RUF001


def test_english_breaks_only_at_spaces():
    assert pieces("Pass to  Ann, please") == [
        ("Pass", False), ("to", True), ("Ann,", True), ("please", True)
    ]  # fmt: skip


def test_japanese_breaks_between_characters_but_not_before_small_kana_or_closing_marks():
    assert [piece for piece, _ in pieces("ちょっと「駒」。")] == ["ちょっ", "と", "「駒」。"]
    assert [piece for piece, _ in pieces("2〜4人")] == ["2〜4", "人"]
    assert [piece for piece, _ in pieces("Annさん")] == ["Ann", "さ", "ん"]


def test_wrap_keeps_the_rules_on_a_real_sentence():
    i18n.set_language("ja")
    sentence = "ほかの人は画面を見ないでください。「ルール」で読めます。"
    for width in range(120, 700, 37):
        lines = fonts.wrap(sentence, fonts.BODY, width)
        assert "".join(lines) == sentence
        assert all(fonts.measure(line, fonts.BODY)[0] <= width or len(line) <= 2 for line in lines)
        assert not any(line[0] in NO_START for line in lines[1:]), lines
        assert not any(line[-1] in NO_END for line in lines[:-1]), lines


def test_english_wraps_as_before():
    words = "Dogs, cats and cans: set off chains and capture exactly three cans."
    lines = fonts.wrap(words, fonts.TINY, 400)
    assert " ".join(lines) == words and len(lines) > 1
    assert all(fonts.measure(line, fonts.TINY)[0] <= 400 for line in lines)


@given(st.text(alphabet=JAPANESE + "ab1", min_size=1, max_size=60), st.integers(60, 600))
def test_any_japanese_text_wraps_without_loss_and_by_the_rules(words, width):
    i18n.set_language("ja")
    lines = fonts.wrap(words, fonts.SMALL, width)
    assert "".join(lines) == words and all(lines)
    assert not any(line[0] in NO_START for line in lines[1:]), lines
    assert not any(line[-1] in NO_END for line in lines[:-1]), lines


def _longest_japanese_texts(count=40):
    """The `count` longest Japanese texts of the catalog, their fields filled, by paragraph."""
    from babel.messages.pofile import read_po

    path = i18n.LOCALE_DIR / "ja" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    with path.open("rb") as source:
        catalog = read_po(source)
    texts = set()
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            filled = re.sub(r"\{\w+\}", "ハナ", text) if message.id else ""
            texts.update(paragraph for paragraph in filled.split("\n") if paragraph)
    return sorted(texts, key=len, reverse=True)[:count]


def _breaks(parts):
    """The places between `parts` (texts whose spaces a break swallows), counted in the
    characters that are not spaces."""
    places, at = [], 0
    for part in parts:
        at += len("".join(part.split()))
        places.append(at)
    return places[:-1]


@pytest.mark.parametrize("width", [260, 420, 700, 1100])
def test_wrap_never_splits_a_japanese_phrase_that_fits_the_width(width):
    """Lines break between phrases (BudouX's); inside a phrase only where that phrase alone is
    wider than the line, on the longest texts of the catalog."""
    i18n.set_language("ja")
    size = fonts.SMALL
    split = 0
    for paragraph in _longest_japanese_texts():
        found = phrases(paragraph)
        between = set(_breaks([phrase for phrase, _ in found]))
        starts = [0, *_breaks([phrase for phrase, _ in found])]
        lines = fonts.wrap(paragraph, size, width)
        assert "".join("".join(line.split()) for line in lines) == "".join(paragraph.split())
        for place in _breaks(lines):
            if place in between:
                continue
            index = max(i for i, start in enumerate(starts) if start <= place)
            phrase = found[index][0]
            assert fonts.measure(phrase, size)[0] > width, (phrase, lines)
            split += 1
        assert not any(line[0] in NO_START for line in lines[1:]), lines
    assert width > 400 or split, "no phrase was too wide: the narrow case went untested"


def test_no_line_breaks_inside_a_rulebook_word_that_budoux_cuts():
    """BudouX's model cut "上のせ" (the overlay card) as "上の" + "せカードは", "はさみました" as
    "は" + "さみました" and "共有駒" as "共" + "有駒": the lesson's last screen broke a line there.
    Every catalog text whose phrases would cut one of those words keeps it whole."""
    i18n.set_language("ja")
    cut = []
    for paragraph in _longest_japanese_texts(count=None):  # every text of the catalog
        found = [phrase for phrase, _ in phrases(paragraph)]
        for place in _breaks(found):
            joined = "".join("".join(phrase.split()) for phrase in found)
            for whole in ("上のせ", "はさみ", "共有駒"):
                start = joined.find(whole, max(0, place - len(whole) + 1))
                if 0 <= start < place < start + len(whole):
                    cut.append((whole, found))
    assert not cut, cut[:3]
