"""Issue 10, item 8: the picture and text caches are bounded by bytes, not only by count; any
string can be measured and drawn."""

import platform
import sys

import pygame
import pytest

from scenes.kit import art, fonts, memory
from scenes.kit.surface_cache import SurfaceCache, surface_bytes


@pytest.fixture(autouse=True)
def fresh_caches():
    pygame.font.init()
    fonts.clear_cache()
    art.clear_cache()
    yield
    fonts.clear_cache()
    art.clear_cache()


def test_the_surface_cache_keeps_its_bytes_under_the_bound_dropping_the_oldest():
    cache = SurfaceCache(max_bytes=100 * 100 * 4 * 4)
    surfaces = [pygame.Surface((100, 100), pygame.SRCALPHA) for _ in range(6)]
    for i, surface in enumerate(surfaces):
        cache.put(i, surface)
        assert cache.bytes <= cache.max_bytes
    assert len(cache) == 4 and cache.bytes == 4 * surface_bytes(surfaces[0])
    assert 0 not in cache and 1 not in cache and cache.get(5) is surfaces[5]


def test_the_surface_cache_keeps_the_recently_used():
    cache = SurfaceCache(max_bytes=10**9, max_entries=2)
    a, b, c = (pygame.Surface((4, 4)) for _ in range(3))
    cache.put("a", a)
    cache.put("b", b)
    assert cache.get("a") is a
    cache.put("c", c)
    assert "b" not in cache and cache.get("a") is a and cache.get("c") is c


def test_a_surface_too_large_for_the_cache_is_returned_but_not_kept():
    cache = SurfaceCache(max_bytes=1000)
    big = pygame.Surface((100, 100), pygame.SRCALPHA)
    assert cache.put("big", big) is big
    assert "big" not in cache and cache.bytes == 0


def test_text_of_a_long_run_stays_within_its_byte_budget():
    budget = fonts.TEXT_CACHE_BYTES
    line = "A long line of rules text that fills most of the canvas width " * 2
    total = 0
    for i in range(900):  # as a long session: many different long lines, each some 0.3 MB
        total += surface_bytes(fonts.text(f"{i} {line}", fonts.BODY, (20, 20, 20)))
        assert fonts.cached_text_bytes() <= budget
    assert total > 3 * budget  # the run asked for far more than the cache keeps
    again = fonts.text(f"899 {line}", fonts.BODY, (20, 20, 20))
    assert fonts.text(f"899 {line}", fonts.BODY, (20, 20, 20)) is again  # still a cache


def test_art_stays_within_its_byte_budget(monkeypatch):
    monkeypatch.setattr(art, "MAX_BYTES", 8 * 2**20)
    for side in range(200, 800, 20):
        art.image("background", (side * 16 // 9, side))
        assert art.cached_bytes() <= 8 * 2**20
    assert len(art._cache) < 30


@pytest.mark.parametrize(
    "words", ["", "a\x00b", "\udc80", "\u200b", "😀", "\u202eabc", "x" * 3000, "\t\n"]
)
def test_any_string_can_be_measured_wrapped_and_drawn(words):
    surface = fonts.text(words, fonts.SMALL, (0, 0, 0))
    assert surface.get_height() > 0
    assert fonts.measure(words, fonts.SMALL)[1] > 0
    assert fonts.fit(words, fonts.LARGE, 400) >= fonts.TINY
    assert isinstance(fonts.wrap(words, fonts.SMALL, 400), list)
    canvas = pygame.Surface((500, 200))
    fonts.blit_paragraph(canvas, words, fonts.SMALL, (0, 0, 0), pygame.Rect(0, 0, 400, 200))


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc",
    reason="glibc only",
)
def test_large_blocks_go_back_to_the_system_on_glibc():
    assert memory.return_large_blocks_to_the_system() is True
