"""The SVG art: every name renders at any size, is not blank, is cached, and stays nanosvg-safe."""

import re
from pathlib import Path

import pygame
import pytest

from scenes.kit import art, palette

SIZES = ((60, 60), (160, 120))


def opaque_colours(surface: pygame.Surface) -> tuple[int, set[tuple[int, int, int]]]:
    """Number of opaque pixels and the set of their colours (sampled every 2 px)."""
    count, colours = 0, set()
    for y in range(0, surface.get_height(), 2):
        for x in range(0, surface.get_width(), 2):
            r, g, b, a = surface.get_at((x, y))
            if a == 255:
                count += 1
                colours.add((r, g, b))
    return count, colours


@pytest.mark.parametrize("name", art.NAMES)
def test_every_art_renders_at_two_sizes_and_is_not_blank(name):
    art.clear_cache()
    for size in SIZES:
        surface = art.image(name, size)
        assert surface.get_size() == size
        count, colours = opaque_colours(surface)
        assert count > 0.1 * size[0] * size[1] / 4, f"{name} at {size} is mostly empty"
        assert len(colours) >= 3, f"{name} at {size} is one flat colour"


def test_every_art_the_app_names_is_a_file():
    """NAMES is the folder's SVG files: each name the scenes, boards and levels ask for is one."""
    from game.ai.levels import LADDER
    from scenes.boards import BOARDS

    root = Path(__file__).resolve().parent.parent / "scenes"
    asked = set(
        re.findall(
            r'picture\(\s*"([a-z_]+)"',
            "".join(path.read_text(encoding="utf-8") for path in root.rglob("*.py")),
        )
    )
    asked |= {spec.menu_art for spec in BOARDS.values()} | {level.face for level in LADDER}
    assert len(asked) > 15
    assert asked <= set(art.NAMES), asked - set(art.NAMES)
    with pytest.raises(ValueError, match="unknown art"):
        art.path("menu_of_no_game")


@pytest.mark.parametrize("name", art.NAMES)
def test_svg_uses_only_what_nanosvg_draws(name):
    text = art.path(name).read_text(encoding="utf-8")
    assert 'viewBox="' in text
    for banned in (
        "<text",
        "<filter",
        "filter=",
        "class=",
        "<style",
        "<use",
        "<image",
        "<mask",
        "<clipPath",
        "<pattern",
    ):
        assert banned not in text, f"{name} uses {banned}"
    # Radial gradients in bounding-box units render as one flat colour in nanosvg.
    for gradient in re.findall(r"<radialGradient[^>]*>", text):
        assert 'gradientUnits="userSpaceOnUse"' in gradient, name


def test_unknown_name_raises_naming_it():
    with pytest.raises(ValueError, match="piece_unicorn"):
        art.image("piece_unicorn", (50, 50))


def test_empty_size_is_refused():
    with pytest.raises(ValueError):
        art.image("piece_dog", (0, 40))


def test_cache_returns_the_same_surface_until_cleared():
    first = art.image("piece_cat", (64, 64))
    assert art.image("piece_cat", (64, 64)) is first
    assert art.image("piece_cat", (65, 64)) is not first
    art.clear_cache()
    again = art.image("piece_cat", (64, 64))
    assert again is not first
    assert pygame.image.tobytes(again, "RGBA") == pygame.image.tobytes(first, "RGBA")


def test_cache_forgets_the_least_recently_used_beyond_its_bound(monkeypatch):
    monkeypatch.setattr(art, "MAX_CACHED", 3)
    art.clear_cache()
    first = art.image("icon_play", (10, 10))
    art.image("icon_play", (11, 11))
    art.image("icon_play", (12, 12))
    assert art.image("icon_play", (10, 10)) is first  # used again: now the newest
    art.image("icon_play", (13, 13))  # pushes out (11, 11), the oldest
    assert art.image("icon_play", (10, 10)) is first
    assert len(art._cache) == 3
    assert ("icon_play", (11, 11)) not in art._cache


def test_art_keeps_its_proportions_centred_in_the_size_asked():
    surface = art.image("card_white", (200, 140))  # a portrait card asked in a landscape box
    assert surface.get_size() == (200, 140)
    assert surface.get_at((5, 70)).a == 0  # the sides stay empty
    assert surface.get_at((100, 70)).a == 255
    assert art.aspect("background") == pytest.approx(16 / 9)
    assert art.aspect("menu_consequence") == pytest.approx(4 / 3)


def test_panel_stretches_with_whole_corners_and_edges():
    surface = art.image("panel", (600, 120))
    assert surface.get_size() == (600, 120)
    assert surface.get_at((0, 0)).a == 0  # rounded corner
    assert surface.get_at((300, 60)).a == 255  # paper in the middle
    assert surface.get_at((300, 60))[:3] == palette.PAPER
    left_edge = [surface.get_at((x, 60)) for x in range(6)]
    assert any(c.a == 255 and sum(c[:3]) < 200 for c in left_edge)  # the ink outline is there


def ink_mask(name: str, size: int = 120) -> set[tuple[int, int]]:
    """Pixels of a symbol that are not the medallion's paper nor transparent."""
    surface = art.image(name, (size, size))
    paper = surface.get_at((size // 2, size // 5))[:3]  # inside the medallion, above the symbol
    points = set()
    for y in range(size):
        for x in range(size):
            c = surface.get_at((x, y))
            if c.a == 255 and sum(abs(a - b) for a, b in zip(c[:3], paper, strict=True)) > 60:
                points.add((x, y))
    return points


def test_moon_sun_and_dot_differ_by_shape():
    masks = {name: ink_mask(name) for name in ("symbol_moon", "symbol_sun", "symbol_dot")}
    names = list(masks)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            overlap = len(masks[a] & masks[b]) / len(masks[a] | masks[b])
            assert overlap < 0.7, f"{a} and {b} cover nearly the same pixels"


def mean_colour(name: str) -> tuple[float, float, float]:
    surface = art.image(name, (80, 80))
    pixels = [surface.get_at((x, y)) for y in range(0, 80, 2) for x in range(0, 80, 2)]
    solid = [p for p in pixels if p.a == 255]
    return tuple(sum(p[i] for p in solid) / len(solid) for i in range(3))


@pytest.mark.parametrize(
    "pair",
    [
        ("tile_blue", "tile_red"),
        ("card_back_white", "card_back_black"),
        ("land_white", "land_black"),
        ("bear_white", "bear_black"),
        ("card_white", "card_black"),
    ],
)
def test_paired_art_differs_in_colour(pair):
    a, b = (mean_colour(name) for name in pair)
    assert sum(abs(x - y) for x, y in zip(a, b, strict=True)) > 90
