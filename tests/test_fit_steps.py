"""`fonts.fit` finds the size a line is set in by halving the steps left, not by trying every
step: it must answer exactly what trying each step from the top answered (the largest step that
fits), also where a face's hinting makes a size a pixel narrower than the one under it."""

import re
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scenes.kit import fonts

CATALOG = Path(__file__).resolve().parents[1] / "assets/locale/ja/LC_MESSAGES/tabletop_trio.po"


@pytest.fixture(autouse=True, scope="module")
def display():
    pygame.init()
    yield


def each_step(words: str, size: int, width: int, bold: bool, smallest: int) -> int:
    """The answer as `fit` gave it before: every step tried from the top."""
    while size > smallest and fonts.measure(words, size, bold)[0] > width:
        size -= 2
    return size


def catalog_words() -> list[str]:
    """Every English and Japanese text of the catalog, on one line."""
    text = CATALOG.read_text(encoding="utf-8")
    found = set()
    for entry in re.finditer(r'msg(?:id|str)(?:_plural|\[\d\])? ((?:"(?:[^"\\]|\\.)*"\s*)+)', text):
        words = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', entry.group(1)))
        words = words.replace('\\"', '"').replace("\\n", " ").strip()
        if words:
            found.add(words)
    return sorted(found)


def test_a_word_whose_hinting_is_narrower_a_size_up_still_gets_the_larger_size():
    """ "Small" is 94 pixels wide at 50 and 95 at 48 (hinting): in 94 pixels, fitted from 64,
    the answer is 50, the largest that fits, not the 46 that halving alone would give."""
    assert fonts.measure("Small", 50)[0] <= 94 < fonts.measure("Small", 48)[0]
    assert fonts.fit("Small", 64, 94, smallest=32) == each_step("Small", 64, 94, False, 32) == 50


@settings(max_examples=300, deadline=None)
@given(
    words=st.sampled_from(catalog_words()),
    bold=st.booleans(),
    start=st.sampled_from([(50, 32), (50, 24), (64, 32), (40, 24), (132, 32)]),
    share=st.floats(0.2, 1.05),
)
def test_fit_answers_what_trying_every_step_answered(words, bold, start, share):
    size, smallest = start
    width = max(1, int(fonts.measure(words, size, bold)[0] * share))
    assert fonts._fit(words, size, width, bold, smallest) == each_step(
        words, size, width, bold, smallest
    )
