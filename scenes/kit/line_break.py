"""Where a line of text may break: at spaces, and between any two Japanese characters, keeping
the Japanese line-breaking rules (kinsoku shori, JIS X 4051's basic set).

A line never starts with a closing bracket, a comma or full stop, a prolonged sound mark, an
iteration mark or a small kana (they stay at the end of the line before), and never ends with an
opening bracket (it goes to the next line); a range's wave dash binds both its numbers. Words of
Latin letters and numbers stay whole.
"""

from __future__ import annotations

#: may not start a line: closing brackets and quotes, punctuation, small kana, iteration marks
NO_START = frozenset(
    ")]}）〕］｝〉》」』】〙〗〟’”｠»"  # noqa: RUF001 (full-width forms on purpose)
    "、。，．,.:;!?！？：；・‥…ー～〜%％"  # noqa: RUF001
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ"
    "ㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    "ゝゞヽヾ々〻"
)
#: may not end a line: opening brackets and quotes, and the wave dash of a range ("2〜4人")
NO_END = frozenset("([{（〔［｛〈《「『【〘〖〝‘“｟«〜～")  # noqa: RUF001
#: from here on a character is a CJK one, a piece of its own (CJK radicals onwards)
CJK_START = 0x2E80


def is_cjk(character: str) -> bool:
    """True for a Japanese (CJK) character: kana, kanji, their punctuation, full-width forms."""
    return ord(character) >= CJK_START


def pieces(paragraph: str) -> list[tuple[str, bool]]:
    """The pieces of `paragraph` that a line break may fall between, in order, each with True
    when a space stood before it (spaces themselves are dropped, as a break swallows them)."""
    found: list[tuple[str, bool]] = []
    word, spaced, gap = "", False, False
    for character in paragraph:
        if character.isspace():
            if word:
                found.append((word, spaced))
                word = ""
            gap = True
            continue
        if word and (is_cjk(character) or is_cjk(word[-1])):
            found.append((word, spaced))  # a break may fall between two CJK characters
            word = ""
        if not word:
            spaced, gap = gap, False
        word += character
    if word:
        found.append((word, spaced))
    return _keep_together(found)


def _keep_together(found: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
    """Join what may not start a line to the piece before, and what follows what may not end a
    line to it (only where no space separates them)."""
    kept: list[tuple[str, bool]] = []
    for piece, spaced in found:
        if kept and not spaced and (piece[0] in NO_START or kept[-1][0][-1] in NO_END):
            kept[-1] = (kept[-1][0] + piece, kept[-1][1])
        else:
            kept.append((piece, spaced))
    return kept
