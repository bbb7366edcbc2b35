"""Where a line of text may break: at spaces, between Japanese phrases (`phrases`, found by
BudouX), and, inside a phrase too wide for a line of its own, between any two Japanese characters
(`pieces`), always keeping the Japanese line-breaking rules (kinsoku shori, JIS X 4051's basic
set).

A line never starts with a closing bracket, a comma or full stop, a prolonged sound mark, an
iteration mark or a small kana (they stay at the end of the line before), and never ends with an
opening bracket (it goes to the next line); a range's wave dash binds both its numbers. Words of
Latin letters and numbers stay whole.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import budoux

#: may not start a line: closing brackets and quotes, punctuation, small kana, iteration marks,
#: the ideographic space
NO_START = frozenset(
    ")]}）〕］｝〉》」』】〙〗〟’”｠»"  # noqa: RUF001 (full-width forms on purpose)
    "、。，．,.:;!?！？：；・‥…ー～〜%％"  # noqa: RUF001
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ"
    "ㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    "ゝゞヽヾ々〻"
    "\u3000"  # the ideographic space ends the line before, never starts one
)
#: may not end a line: opening brackets and quotes, and the wave dash of a range ("2〜4人")
NO_END = frozenset("([{（〔［｛〈《「『【〘〖〝‘“｟«〜～")  # noqa: RUF001
#: from here on a character is a CJK one, a piece of its own (CJK radicals onwards)
CJK_START = 0x2E80


def is_cjk(character: str) -> bool:
    """True for a Japanese (CJK) character: kana, kanji, their punctuation, full-width forms."""
    return ord(character) >= CJK_START


@lru_cache(maxsize=1)
def _parser() -> budoux.Parser:
    """BudouX's model of Japanese phrases (shipped inside the budoux package), loaded when the
    first Japanese is wrapped (an English session never imports it)."""
    import budoux

    return budoux.load_default_japanese_parser()


#: how many words' phrases are kept (the texts of a few screens; each is a small tuple)
PHRASES_KEPT = 4096
#: words of the rulebooks that BudouX's model cuts in two ("上の" + "せカードは",
#: "は" + "さみました", "共" + "有駒"): a line never breaks inside them
WHOLE_WORDS = ("上のせ", "はさみ", "はさん", "共有駒")


@lru_cache(maxsize=PHRASES_KEPT)
def _phrases_of(word: str) -> tuple[str, ...]:
    """The phrases of `word` (a run without spaces holding Japanese), never cut between two
    characters that are not Japanese (a name, a number, a square such as "c1")."""
    found: list[str] = []
    inside = _inside_whole_words(word)
    at = 0
    for chunk in _parser().parse(word):
        if found and (at in inside or (not is_cjk(found[-1][-1]) and not is_cjk(chunk[0]))):
            found[-1] += chunk
        else:
            found.append(chunk)
        at += len(chunk)
    return tuple(found)


def _inside_whole_words(word: str) -> set[int]:
    """The places in `word` that fall inside one of `WHOLE_WORDS` (no break there)."""
    inside: set[int] = set()
    for whole in WHOLE_WORDS:
        start = word.find(whole)
        while start >= 0:
            inside.update(range(start + 1, start + len(whole)))
            start = word.find(whole, start + 1)
    return inside


def phrases(paragraph: str) -> list[tuple[str, bool]]:
    """The pieces of `paragraph` a line breaks between by choice, in order, each with True when
    a space stood before it: words at spaces, and Japanese phrases ("大きい犬を", "置きました。")
    rather than characters. A phrase too wide for a line is broken by `pieces`."""
    found: list[tuple[str, bool]] = []
    for word, spaced in _words(paragraph):
        if any(is_cjk(character) for character in word):
            said = _phrases_of(word)
            found += [(phrase, spaced and not index) for index, phrase in enumerate(said)]
        else:
            found.append((word, spaced))
    return _keep_together(found)


def is_space(character: str) -> bool:
    """A space a line may break at (and swallows); the ideographic space is a character."""
    return character.isspace() and not is_cjk(character)


def _words(paragraph: str) -> list[tuple[str, bool]]:
    """The runs of `paragraph` between spaces, each with True when a space stood before it."""
    found: list[tuple[str, bool]] = []
    word, spaced = "", False
    for character in paragraph:
        if is_space(character):
            if word:
                found.append((word, spaced))
                word = ""
            spaced = True
            continue
        word += character
    if word:
        found.append((word, spaced))
    return found


def pieces(paragraph: str) -> list[tuple[str, bool]]:
    """The pieces of `paragraph` that a line break may fall between, in order, each with True
    when a space stood before it (spaces themselves are dropped, as a break swallows them)."""
    found: list[tuple[str, bool]] = []
    word, spaced, gap = "", False, False
    for character in paragraph:
        if is_space(character):
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
