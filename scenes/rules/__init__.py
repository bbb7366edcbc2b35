"""The how-to-play of each game: its pages as data (`pages`), the positions the engine makes for
their diagrams (`positions`) and the painting of those diagrams (`diagrams`, `drawing`). The scene
that shows them is `scenes.screens.rules`."""

from scenes.rules.pages import PAGES, Page

__all__ = ["PAGES", "Page"]
