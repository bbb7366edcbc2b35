"""The wheel ships every package of game/ and scenes/ (pyproject.toml lists them by hand, to map
the top-level assets/ folder as `scenes.assets`), and the art and sounds as package data."""

import tomllib

from conftest import ROOT


def _pyproject():
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def test_every_package_folder_is_listed_for_the_wheel():
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("game", "scenes")
        for init in (ROOT / top).rglob("__init__.py")
    }
    listed = set(_pyproject()["packages"])
    assert found <= listed, f"missing from pyproject.toml's packages: {sorted(found - listed)}"
    assert listed - found == {"scenes.assets"}


def test_the_top_level_assets_ship_as_package_data():
    setuptools = _pyproject()
    assert setuptools["package-dir"] == {"scenes.assets": "assets"}
    patterns = setuptools["package-data"]["scenes.assets"]
    art = list((ROOT / "assets" / "art").glob("*.svg"))
    sounds = list((ROOT / "assets" / "sounds").glob("*.wav"))
    assert art and sounds
    assert "art/*.svg" in patterns and "sounds/*.wav" in patterns
