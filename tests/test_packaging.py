"""The wheel ships every package of game/ and scenes/ (pyproject.toml lists them by hand, to map
the top-level assets/ folder as `scenes.assets`), and the art, sounds, fonts and compiled
catalogs as package data."""

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


#: files of assets/ the app does not read: the package's marker, the catalogs' sources
NOT_SHIPPED = ("__init__.py", "*.po", "*.pot")


def test_the_top_level_assets_ship_as_package_data():
    setuptools = _pyproject()
    assert setuptools["package-dir"] == {"scenes.assets": "assets"}
    patterns = setuptools["package-data"]["scenes.assets"]
    assets = ROOT / "assets"
    shipped = {path for pattern in patterns for path in assets.glob(pattern)}
    kinds = {path.relative_to(assets).parts[0] for path in shipped}
    assert kinds == {"art", "sounds", "fonts", "locale"}
    assert any(path.suffix == ".mo" for path in shipped) and (assets / "fonts/OFL.txt") in shipped
    left_out = {
        path.relative_to(assets).as_posix()
        for path in assets.rglob("*")
        if path.is_file()
        and "__pycache__" not in path.parts
        and path not in shipped
        and not any(path.match(pattern) for pattern in NOT_SHIPPED)
    }
    assert not left_out, f"in assets/ but not in the wheel: {sorted(left_out)}"
