"""The pixel comparisons of every board moment stay green: each board's opening, its moves in
mid-animation and after, the hand-over, the move log, an undo's question, the pause menu and the
end, and the main screens of every game, rendered by `tools/board_moments.py` and compared with
the small pictures in `tests/data/moments/` (regenerate them, after a change meant to change what
is drawn, with `python tools/board_moments.py tests/data/moments --size 192x108`)."""

import importlib.util
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "data" / "moments"
SIZE = (192, 108)
#: a channel differing by more than this is a different pixel (a font's hinting is not)
NEAR = 40
#: the share of a picture's pixels that may differ (anti-aliasing of another FreeType)
SHARE = 0.004


def _tool():
    spec = importlib.util.spec_from_file_location(
        "board_moments", ROOT / "tools" / "board_moments.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _pixels(path: Path) -> bytes:
    return pygame.image.tobytes(pygame.image.load(str(path)), "RGB")


def _share_different(a: bytes, b: bytes) -> float:
    different = sum(
        1
        for i in range(0, len(a), 3)
        if max(abs(a[i] - b[i]), abs(a[i + 1] - b[i + 1]), abs(a[i + 2] - b[i + 2])) > NEAR
    )
    return different / (len(a) // 3)


@pytest.mark.slow
def test_every_board_moment_draws_as_its_golden_picture(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TRIO_HOME", str(tmp_path / "home"))
    written = _tool().render(tmp_path / "now", SIZE)
    names = sorted(path.name for path in written)
    assert names == sorted(path.name for path in GOLDEN.glob("*.png")), "moments came or went"
    assert any("board-move" in name for name in names) and any("-results" in n for n in names)
    changed = {}
    for path in written:
        share = _share_different(_pixels(path), _pixels(GOLDEN / path.name))
        if share > SHARE:
            changed[path.name] = round(share, 4)
    assert not changed, f"drawn differently (share of pixels): {changed}"


def test_a_changed_picture_is_seen():
    """The comparison itself: a picture with a small part redrawn differs, the same does not."""
    golden = sorted(GOLDEN.glob("*-board-move0-after.png"))[0]
    same = _pixels(golden)
    assert _share_different(same, same) == 0
    picture = pygame.image.load(str(golden))
    picture.fill((255, 0, 255), pygame.Rect(10, 10, 12, 12))  # a button's worth, at this size
    assert _share_different(pygame.image.tobytes(picture, "RGB"), same) > SHARE
