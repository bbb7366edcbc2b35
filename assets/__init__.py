"""The app's art (`art/*.svg`) and sounds (`sounds/*.wav`). Installed as the package data of
`scenes.assets` (pyproject.toml maps it), found with importlib.resources (scenes.kit.assets)."""
