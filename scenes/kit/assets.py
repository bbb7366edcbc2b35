"""Where the art and sounds are: `scenes/assets/`, shipped inside the `scenes` package as
package data, so that the same lookup finds them in a checkout (`python main.py`), an editable
install and an installed wheel (`tabletop-trio`)."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def asset_folder(kind: str) -> Path:
    """The folder of one kind of asset ("art", "sounds") inside the installed `scenes` package."""
    return Path(str(files("scenes") / "assets" / kind))


def shared_asset_folder(kind: str) -> Path:
    """A folder of the top-level `assets/` ("fonts", "locale"), beside the `scenes` package: the
    checkout's in a checkout or an editable install, site-packages' in an installed wheel."""
    return Path(__file__).resolve().parents[2] / "assets" / kind
