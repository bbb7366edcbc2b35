"""Issue 30 (start-up): large art is kept on disk once rendered and loaded the next time; a
damaged or outdated file is never shown, and a folder that cannot be written changes nothing."""

import pygame
import pytest

from scenes.kit import art
from scenes.storage.art_cache import ArtCache


@pytest.fixture
def fresh_art():
    art.clear_cache()
    yield
    art.keep_rendered(None)
    art.clear_cache()


def pixels(surface):
    return pygame.image.tobytes(surface, "RGBA")


def test_large_art_is_kept_and_loaded_pixel_for_pixel(tmp_path, fresh_art):
    rendered = pixels(art.image("menu_consequence", (453, 340)))
    art.keep_rendered(ArtCache(tmp_path))
    art.clear_cache()
    assert pixels(art.image("menu_consequence", (453, 340))) == rendered  # rendered and kept
    (kept,) = tmp_path.iterdir()
    assert kept.name.startswith("menu_consequence-453x340-")
    art.clear_cache()
    loaded = art.image("menu_consequence", (453, 340))
    assert pixels(loaded) == rendered


def test_small_art_is_not_kept(tmp_path, fresh_art):
    art.keep_rendered(ArtCache(tmp_path))
    art.image("icon_play", (56, 56))
    assert list(tmp_path.iterdir()) == []


def test_a_damaged_file_is_ignored_and_rendered_again(tmp_path, fresh_art):
    cache = ArtCache(tmp_path)
    source = b"<svg/>fit"
    surface = pygame.Surface((400, 300), pygame.SRCALPHA)
    surface.fill((10, 20, 30, 255))
    cache.save("background", surface, source)
    assert cache.load("background", (400, 300), source) is not None
    (kept,) = tmp_path.iterdir()
    raw = bytearray(kept.read_bytes())
    raw[100] ^= 0xFF  # one flipped byte: the checksum tells
    kept.write_bytes(bytes(raw))
    assert cache.load("background", (400, 300), source) is None
    kept.write_bytes(bytes(raw[:-10]))  # cut short
    assert cache.load("background", (400, 300), source) is None


def test_changed_art_is_another_file_and_the_old_one_goes(tmp_path):
    cache = ArtCache(tmp_path)
    surface = pygame.Surface((400, 300), pygame.SRCALPHA)
    cache.save("background", surface, b"old")
    cache.save("background", surface, b"new")
    assert cache.load("background", (400, 300), b"old") is None
    assert cache.load("background", (400, 300), b"new") is not None
    assert len(list(tmp_path.iterdir())) == 1


def test_a_folder_that_cannot_be_written_only_means_rendering(tmp_path, fresh_art):
    blocker = tmp_path / "art"
    blocker.write_text("a file where the folder should be")
    art.keep_rendered(ArtCache(blocker))
    picture = art.image("menu_blanc_noir", (453, 340))
    assert picture.get_size() == (453, 340)
