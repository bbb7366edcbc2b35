"""Nothing outside a game's own packages names the game (issue 24): a search of `scenes/` and
`game/ai/` finds no game key, package name, title or rule prefix, but in the two registries,
the generated strength table and the games' own packages. Adding a fourth game is then one rules
package, one board package and their two registry lines (CONTRIBUTING.md)."""

import re
from collections import Counter
from pathlib import Path

import pytest

from game import PACKAGES

ROOT = Path(__file__).resolve().parent.parent
#: where a game may be named outside its own packages: the registries and a generated table
ALLOWED = {
    Path("scenes/boards/__init__.py"),
    Path("game/ai/strength.py"),
}
SEARCHED = ("scenes", "game/ai")
SUFFIXES = {".py", ".js", ".css", ".html", ".txt"}


def rule_prefix(package) -> str:
    """The prefix of the game's rule ids (`XX-n`), the one its own package cites most."""
    folder = Path(package.__file__).parent
    ids = Counter(
        match
        for path in folder.rglob("*.py")
        for match in re.findall(r"\b([A-Z]{2})-\d+\b", path.read_text(encoding="utf-8"))
    )
    assert ids, f"{folder} cites no rule id"
    return ids.most_common(1)[0][0]


def names_of(package) -> list[str]:
    """Every way code may name the game: key, package name, title, rule prefix."""
    descriptor = package.DESCRIPTOR
    module = package.__name__.rsplit(".", 1)[-1]
    return [
        re.escape(descriptor.key),
        re.escape(module),
        re.escape(descriptor.title),
        rf"\b{rule_prefix(package)}-\d",
    ]


def own_folders(package) -> list[Path]:
    """The game's own packages: its rules package and its board package."""
    module = package.__name__.rsplit(".", 1)[-1]
    return [Path("game") / module, Path("scenes/boards") / module]


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.DESCRIPTOR.key)
def test_no_file_outside_the_games_packages_names_the_game(package):
    pattern = re.compile("|".join(names_of(package)))
    owners = [folder for other in PACKAGES for folder in own_folders(other)]
    found = []
    for top in SEARCHED:
        for path in sorted((ROOT / top).rglob("*")):
            relative = path.relative_to(ROOT)
            if path.suffix not in SUFFIXES or relative in ALLOWED:
                continue
            if any(relative.is_relative_to(folder) for folder in owners):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    found.append(f"{relative}:{number}: {line.strip()}")
    assert found == []


def test_the_search_finds_a_name_where_there_is_one():
    """The search above is not blind: each game's names are found in its own packages and in
    the registry."""
    registry = (ROOT / "scenes/boards/__init__.py").read_text(encoding="utf-8")
    for package in PACKAGES:
        pattern = re.compile("|".join(names_of(package)))
        assert pattern.search(registry)
        board = ROOT / own_folders(package)[1] / "__init__.py"
        assert pattern.search(board.read_text(encoding="utf-8"))
        assert rule_prefix(package) in {"WF", "CQ", "BN"}
