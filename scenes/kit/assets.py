"""Where the art, sounds, fonts and translation catalogs are: the top-level `assets/` folder,
installed as the package `scenes.assets` (pyproject.toml maps the folder to that package, with
its files as package data), so that the same lookup finds them in an editable install
(`python main.py`) and in an installed wheel (`tabletop-trio`)."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def asset_folder(kind: str) -> Path:
    """The folder of one kind of asset ("art", "sounds", "fonts", "locale")."""
    try:
        root = files("scenes.assets")
    except ModuleNotFoundError:  # a checkout run without installing it: no package mapping
        return Path(__file__).resolve().parents[2] / "assets" / kind
    return Path(str(root / kind))
