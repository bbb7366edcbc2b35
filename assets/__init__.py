"""The app's art (`art/*.svg`), sounds (`sounds/*.wav`), fonts (`fonts/*.otf`, OFL.txt) and
compiled translation catalogs (`locale/*/LC_MESSAGES/*.mo`). Installed as the package data of
`scenes.assets` (pyproject.toml maps it), found with importlib.resources (scenes.kit.assets)."""
