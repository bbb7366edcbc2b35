"""A button's label is drawn inside the button whatever its words and width: one line as large
as fits, else two lines, cut with "…" only as a last resort (issue 23, defect 5)."""

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scenes.kit.widgets import SMALLEST_LABEL, Button

WORDS = st.lists(
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz:0123456789()", min_size=1, max_size=14),
    min_size=1,
    max_size=6,
).map(" ".join)


@pytest.fixture(autouse=True, scope="module")
def display():
    pygame.init()
    yield


@settings(max_examples=60, deadline=None)
@given(
    words=WORDS,
    second=st.none() | WORDS,
    width=st.integers(120, 600),
    icon=st.sampled_from([None, "icon_play"]),
)
def test_a_label_never_leaves_its_button(words, second, width, icon):
    label = words if second is None else f"{words}\n{second}"
    button = Button((100, 200, width, 110), label, icon=icon, style="secondary")
    icon_rect, lines = button.label_layout()
    assert 1 <= len(lines) <= 2
    face = button.rect.inflate(-16, -8)
    for _, size, rect in lines:
        assert face.contains(rect), (label, width, rect)
        assert size >= SMALLEST_LABEL
    if icon_rect is not None:
        assert face.contains(icon_rect)
        assert all(not icon_rect.colliderect(rect) for _, _, rect in lines)


def test_a_long_label_takes_two_lines_before_it_is_cut():
    button = Button((0, 0, 220, 110), "Trio by illustration of dogs", style="secondary")
    _, lines = button.label_layout()
    assert len(lines) == 2
    assert " ".join(words for words, _, _ in lines) == "Trio by illustration of dogs"


def test_a_word_that_would_be_split_beside_its_icon_stands_whole_without_it():
    """The setup's "Computer" button in Japanese at the large text size: "コンピュー / ター" in two
    lines beside the robot; the word stands whole on one line, the icon left out."""
    from scenes.kit import fonts
    from scenes.kit.i18n import set_language

    set_language("ja")
    fonts.set_text_size("large")
    button = Button((0, 0, 199, 100), "コンピューター", icon="icon_computer", style="secondary")
    icon_rect, lines = button.label_layout()
    assert [words for words, _size, _rect in lines] == ["コンピューター"]
    assert icon_rect is None
    fonts.set_text_size("normal")  # (normal text: the robot stays beside the word)
    button = Button((0, 0, 199, 100), "コンピューター", icon="icon_computer", style="secondary")
    icon_rect, lines = button.label_layout()
    assert icon_rect is not None and [words for words, _size, _rect in lines] == ["コンピューター"]


def test_a_label_that_one_line_would_shrink_below_the_body_sizes_takes_two_even_lines():
    """The lesson's last screen: "Play a game against the Beginner computer" fitted one line at
    26 beside its icon (too small to read from a couch at 1280x720); two lines at their
    most even break are drawn larger, each as long as the other within a word."""
    label = "Play a game against the Beginner computer"
    _, lines = Button((0, 0, 504, 110), label, icon="icon_play").label_layout()
    assert [words for words, _, _ in lines] == ["Play a game against", "the Beginner computer"]
    assert min(size for _, size, _ in lines) >= 40
