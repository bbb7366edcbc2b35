"""The house's size limits (issue 42), held so later merges cannot quietly undo them: BoardScene
keeps the turn loop and the hooks a board fills (at most 40 methods), no module of game/ or
scenes/ is longer than 700 lines, and scenes/ says `Any` fewer than 200 times."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MAX_BOARD_SCENE_METHODS = 40
MAX_MODULE_LINES = 700
MAX_ANY_IN_SCENES = 199  # issue 42: below 200

#: the word `Any` as `grep -row Any scenes --include=*.py | wc -l` counts it: every whole-word
#: occurrence, in code, comments and strings alike
ANY_WORD = re.compile(r"(?<![A-Za-z0-9_])Any(?![A-Za-z0-9_])")


def class_methods(path: Path, name: str) -> list[str]:
    """The functions defined directly in class `name` of `path` (properties, their setters and
    dunders count: each is a def a reader must learn)."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            return [
                item.name
                for item in node.body
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
            ]
    raise LookupError(f"no class {name} in {path}")


def line_count(path: Path) -> int:
    """Lines as `wc -l` counts them."""
    return path.read_bytes().count(b"\n")


def long_modules(root: Path = ROOT, limit: int = MAX_MODULE_LINES) -> dict[str, int]:
    """The modules of game/ and scenes/ over `limit` lines, by path, with their length."""
    return {
        path.relative_to(root).as_posix(): lines
        for package in ("game", "scenes")
        for path in sorted((root / package).rglob("*.py"))
        if (lines := line_count(path)) > limit
    }


def any_count(root: Path = ROOT) -> int:
    """How many times the word `Any` appears in the Python files of scenes/."""
    return sum(
        len(ANY_WORD.findall(path.read_text(encoding="utf-8")))
        for path in (root / "scenes").rglob("*.py")
    )


def test_board_scene_keeps_at_most_40_methods():
    methods = class_methods(ROOT / "scenes" / "boards" / "base.py", "BoardScene")
    assert len(methods) > 10  # (the count reads the real class)
    assert len(methods) <= MAX_BOARD_SCENE_METHODS, methods


def test_no_module_of_game_or_scenes_is_over_700_lines():
    assert long_modules() == {}


def test_scenes_say_any_fewer_than_200_times():
    assert any_count() <= MAX_ANY_IN_SCENES


def test_the_counts_see_what_they_count(tmp_path):
    (tmp_path / "game").mkdir()
    (tmp_path / "scenes" / "boards").mkdir(parents=True)
    (tmp_path / "game" / "short.py").write_text("x = 1\n" * 700)
    (tmp_path / "game" / "long.py").write_text("x = 1\n" * 701)
    (tmp_path / "scenes" / "boards" / "base.py").write_text(
        "from typing import Any\n"
        "class BoardScene:\n"
        "    def a(self) -> Any: ...\n"
        "    @property\n"
        "    def b(self) -> 'dict[str, Any]': ...\n"
        "    class Inner:\n"
        "        def c(self): ...\n"
        "    # Anyone, AnyStr and any are not the word\n"
        "def outside(): ...\n"
    )
    assert long_modules(tmp_path) == {"game/long.py": 701}
    assert class_methods(tmp_path / "scenes" / "boards" / "base.py", "BoardScene") == ["a", "b"]
    assert any_count(tmp_path) == 3
