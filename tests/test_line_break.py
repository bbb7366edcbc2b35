"""Lines break at spaces and between Japanese characters, keeping the Japanese line-breaking
rules (scenes.kit.line_break, used by fonts.wrap)."""

from hypothesis import given
from hypothesis import strategies as st

from scenes.kit import fonts, i18n
from scenes.kit.line_break import NO_END, NO_START, pieces

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
