"""The rules package never imports pygame (ARCHITECTURE: game/ is headless)."""

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
    assert "game.core" in report["modules"]
    assert report["pygame"] == []
