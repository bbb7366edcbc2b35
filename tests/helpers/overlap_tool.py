"""tools/text_overlap.py's checker, loaded for the tests that draw a screen on its recording
canvas and ask for its problems (text overlapping, cut, out of its panel)."""

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def checker():
    """The module tools/text_overlap.py (`RecordingCanvas`, `problems`)."""
    name = "text_overlap"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / "text_overlap.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # (its dataclasses look their module up)
        spec.loader.exec_module(module)
    return sys.modules[name]
