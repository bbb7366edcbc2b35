"""The rules package never imports pygame (ARCHITECTURE: game/ is headless)."""

import ast
import json
import subprocess
import sys

from conftest import ROOT

SCRIPT = """
import importlib, json, pkgutil, sys
import game
names = []
for info in pkgutil.walk_packages(game.__path__, "game."):
    importlib.import_module(info.name)
    names.append(info.name)
print(json.dumps({"modules": names, "pygame": [m for m in sys.modules if m.startswith("pygame")]}))
"""


def test_no_module_of_game_imports_pygame():
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, check=True
    )
    report = json.loads(out.stdout)
    assert "game.core.engine" in report["modules"]
    assert report["pygame"] == []


def test_no_rules_module_imports_game_ai():
    """The rules never depend on the bots: by their import statements, and by what importing
    every package of game/ outside game/ai loads. (A game's own bots, `game/<game>/bots.py`,
    are players: they build on game.ai's search.)"""
    importers = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        if path.parent.name == "ai" or path.name == "bots.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                names = [node.value]  # import_module("game.ai...") and the like
            if any(name == "game.ai" or name.startswith("game.ai.") for name in names):
                importers.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert importers == []

    script = """
import importlib, json, pkgutil, sys
import game
for info in pkgutil.iter_modules(game.__path__, "game."):
    if info.name != "game.ai":
        importlib.import_module(info.name)
print(json.dumps(sorted(m for m in sys.modules if m == "game.ai" or m.startswith("game.ai."))))
"""
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert json.loads(out.stdout) == []


def _runtime_imports(path):
    """The game modules `path` imports when it runs (not those under `if TYPE_CHECKING:`)."""
    tree = ast.parse(path.read_text(), str(path))
    skipped = {
        id(child)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING"
        for child in ast.walk(node)
    }
    found = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return {name for name in found if name.startswith("game")}


def test_the_rules_modules_import_each_other_without_cycles():
    """A game's diagram, view and bots build states through the state's public constructors
    (`State.from_parts`), so no module of game/ needs one that needs it back. (An import of a
    package counts as an import of what its __init__ imports.)"""
    files = {
        ".".join(path.relative_to(ROOT).with_suffix("").parts): path
        for path in sorted((ROOT / "game").rglob("*.py"))
    }
    modules = {name for name in files if not name.endswith(".__init__")}
    packages = {name.removesuffix(".__init__") for name in files if name.endswith(".__init__")}

    def resolved(name, seen=()):
        """The modules an import of `name` loads directly (a package: what its __init__ does)."""
        if name in modules:
            return {name}
        if name in packages and name not in seen:
            imports = _runtime_imports(files[name + ".__init__"])
            return set().union(*(resolved(n, (*seen, name)) for n in imports))
        return set()

    graph = {
        name: set().union(*map(resolved, _runtime_imports(files[name]))) - {name}
        for name in modules
    }
    cycles = []
    for start in sorted(modules):
        stack, seen = [(start, [start])], set()
        while stack:
            node, path = stack.pop()
            for nxt in graph[node]:
                if nxt == start:
                    cycles.append(path)
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, [*path, nxt]))
    assert cycles == []
