"""The modules of game/ and scenes/ import each other without a cycle, and no package reaches up
to one it must not know. Every import counts: at the top, inside a function, and the ones only
the type checker reads (`if TYPE_CHECKING:`), read from the sources with `ast`."""

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: (a package, the packages it must never import): what each layer may not know of those above
FORBIDDEN = [
    ("game", ("scenes",)),
    ("scenes.phones", ("scenes.boards",)),
    ("scenes.storage", ("scenes.kiosk", "scenes.screens")),
    ("scenes.kit", ("scenes.screens", "scenes.boards", "scenes.kiosk", "scenes.phones")),
    ("scenes.boards", ("scenes.kiosk", "scenes.bench")),
    ("scenes.screens", ("scenes.kiosk",)),
]


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Dotted module name -> its file, for every module of game/ and scenes/."""
    found = {}
    for package in ("game", "scenes"):
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def import_graph(found: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the modules of `found` it imports (a name imported from a module counts as that
    module; a submodule imported from its package, as that submodule)."""

    def known(name: str) -> str | None:
        while name and name not in found:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = defaultdict(set)
    for module, path in found.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parent, *([node.module] if node.module else [])])
                # each name is a submodule, or a name of the module `base`
                names = [
                    f"{base}.{alias.name}" if f"{base}.{alias.name}" in found else base
                    for alias in node.names
                ]
            else:
                continue
            for name in names:
                target = known(name)
                if target is not None and target != module:
                    graph[module].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of more than one module that each reach every other one of the group."""
    reach = {}
    for start in sorted(graph):
        seen, todo = set(), [start]
        while todo:
            for target in graph.get(todo.pop(), ()):
                if target not in seen:
                    seen.add(target)
                    todo.append(target)
        reach[start] = seen
    groups = {
        tuple(sorted({m for m in reach[node] if node in reach.get(m, ())} | {node}))
        for node in reach
        if node in reach[node]
    }
    return sorted(list(group) for group in groups if len(group) > 1)


def _inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def forbidden_arrows(graph: dict[str, set[str]]) -> list[str]:
    return sorted(
        f"{module} -> {target}"
        for module, targets in graph.items()
        for low, banned in FORBIDDEN
        if _inside(module, low)
        for target in targets
        for high in banned
        if _inside(target, high)
    )


def test_no_import_cycle_among_the_modules_of_game_and_scenes():
    found = modules()
    assert len(found) > 150 and "scenes.boards.base" in found
    assert cycles(import_graph(found)) == []


def test_no_package_imports_one_above_it():
    assert forbidden_arrows(import_graph(modules())) == []


SOURCES = {
    "game/__init__.py": "",
    "game/rules.py": "from game.view import View\n",
    "game/view.py": (
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.rules import R\n"
    ),
    "scenes/__init__.py": "",
    "scenes/kit/__init__.py": "",
    "scenes/kit/widgets.py": "def f():\n    from scenes.boards import base\n",
    "scenes/boards/__init__.py": "",
    "scenes/boards/base.py": "from . import chrome\n",
    "scenes/boards/chrome.py": "",
    "scenes/phones/__init__.py": "",
    "scenes/phones/host.py": "import scenes.boards.chrome\n",
}


def test_the_checks_see_a_cycle_through_type_checking_and_a_local_import(tmp_path):
    for name, text in SOURCES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    graph = import_graph(modules(tmp_path))
    assert graph["scenes.boards.base"] == {"scenes.boards.chrome"}  # a relative import too
    assert cycles(graph) == [["game.rules", "game.view"]]
    assert forbidden_arrows(graph) == [
        "scenes.kit.widgets -> scenes.boards.base",
        "scenes.phones.host -> scenes.boards.chrome",
    ]
