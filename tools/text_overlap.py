"""Text that overlaps other text, leaves its panel or is cut, in any picture the app draws.

Usage: python tools/text_overlap.py [--language ja]
  prints, for every board moment `tools/board_moments.py` renders, each problem found; exit 1
  if there is one.

A picture is drawn on a `RecordingCanvas`: a canvas that notes, for every rendered text blitted
on it (`scenes.kit.drawn_boxes` knows text surfaces by their words), the box its ink covers, and
every panel drawn on it (`draw_panel`). A blit as large as the canvas (a background, a veil
under a dialog) hides what was drawn before: the boxes so far are forgotten. `problems(canvas)`
then names
- two texts whose ink overlaps (the same words drawn twice at one place, an outline, do not);
- a text that crosses the edge of the panel it stands in, or of the picture;
- a text drawn before a panel or a piece of kit art (a crown) that covers part of it;
- a text cut: clipped where it is drawn, or shortened with an ellipsis.
The large-text checks reuse it: draw any scene on a `RecordingCanvas` and ask `problems`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame

from scenes.kit.drawn_boxes import icon_of, was_shortened, words_of

#: ink that overlaps by at most this many pixels either way is touching, not overlapping
SLACK = 2


@dataclass
class TextBox:
    """One text as drawn: its words, the box of its ink, the panels drawn before it, and
    whether the canvas's clip cut it."""

    words: str
    ink: pygame.Rect
    panels_before: int
    clipped: bool


class RecordingCanvas(pygame.Surface):
    """A canvas that notes the text boxes and panels drawn on it (see the module)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.texts: list[TextBox] = []
        self.panels: list[pygame.Rect] = []
        #: kit art drawn: (name, its ink, how many texts were drawn before it)
        self.icons: list[tuple[str, pygame.Rect, int]] = []

    def forget(self) -> None:
        """A new picture begins."""
        self.texts.clear()
        self.panels.clear()
        self.icons.clear()

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0):  # type: ignore[override]
        drawn = super().blit(source, dest, area, special_flags)
        if source.get_width() >= self.get_width() and source.get_height() >= self.get_height():
            self.forget()  # a background or a veil: what was drawn before is behind it
            return drawn
        icon = icon_of(source)
        if icon is not None:
            at = (
                dest.topleft if isinstance(dest, pygame.Rect) else pygame.Rect(dest, (0, 0)).topleft
            )
            ink = source.get_bounding_rect().move(at)
            self.icons.append((icon, ink, len(self.texts)))
            return drawn
        words = words_of(source)
        if words is None or not words.strip():
            return drawn
        ink = source.get_bounding_rect()
        if area is not None:
            ink = ink.clip(pygame.Rect(area)).move(-pygame.Rect(area).left, -pygame.Rect(area).top)
        at = dest.topleft if isinstance(dest, pygame.Rect) else pygame.Rect(dest, (0, 0)).topleft
        ink.move_ip(at)
        if ink.width == 0 or ink.height == 0:
            return drawn
        clip = self.get_clip()
        shown = ink.clip(clip)
        if shown.width == 0 or shown.height == 0:
            return drawn  # wholly outside the clip: not drawn at all
        self.texts.append(TextBox(words, ink, len(self.panels), shown != ink))
        return drawn


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    both = a.clip(b)
    return both.width > SLACK and both.height > SLACK


def problems(canvas: RecordingCanvas) -> list[str]:
    """What is wrong with the text on `canvas` as drawn (see the module); empty if nothing."""
    found: list[str] = []
    texts = canvas.texts
    picture = canvas.get_rect()
    for index, box in enumerate(texts):
        said = repr(box.words[:40])
        if not picture.contains(box.ink):
            found.append(f"{said} leaves the picture at {tuple(box.ink)}")
        if box.clipped:
            found.append(f"{said} is cut by a clip at {tuple(box.ink)}")
        if was_shortened(box.words):
            found.append(f"{said} is shortened")
        under = [p for p in canvas.panels[: box.panels_before] if p.colliderect(box.ink)]
        if under and not under[-1].contains(box.ink):
            found.append(f"{said} leaves its panel {tuple(under[-1])}")
        over = [
            p
            for p in canvas.panels[box.panels_before :]
            if _overlap(p, box.ink) and not p.contains(box.ink)
        ]
        if over:
            found.append(f"{said} is covered by a panel at {tuple(over[0])}")
        for name, ink, texts_before in canvas.icons:
            if texts_before > index and _overlap(ink, box.ink):
                found.append(f"{said} is covered by the {name} at {tuple(ink)}")
        for other in texts[index + 1 :]:
            same = other.words == box.words and other.ink.center == box.ink.center
            if not same and _overlap(box.ink, other.ink):
                found.append(
                    f"{said} overlaps {other.words[:40]!r} at {tuple(box.ink.clip(other.ink))}"
                )
    return found


@dataclass
class Report:
    """The problems of each moment, by its name (moments without any are left out)."""

    found: dict[str, list[str]] = field(default_factory=dict)

    def lines(self) -> Iterator[str]:
        for name, listed in self.found.items():
            for problem in listed:
                yield f"{name}: {problem}"


def check_moments(language: str = "en") -> Report:
    """Every board moment of `tools/board_moments.py` drawn on a recording canvas in
    `language`, and the problems of each. (Scenes lay out a logical 1920x1080 canvas that the
    window scales, so a text box is where it is at every window size.)"""
    import importlib.util
    import tempfile

    from scenes.app import App, Options
    from scenes.kit.i18n import set_language
    from scenes.storage.settings import SettingsStore

    path = ROOT / "tools" / "board_moments.py"
    spec = importlib.util.spec_from_file_location("board_moments", path)
    assert spec is not None and spec.loader is not None
    moments = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(moments)
    report = Report()
    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLETOP_TRIO_HOME"] = home
        app = App(Options(seed=2, speed=1.0), SettingsStore(Path(home)))
        set_language(language)
        canvas = RecordingCanvas(app.canvas.get_size())
        app.canvas = canvas
        try:
            for name, take in moments.each_moment(app):
                canvas.forget()
                take()
                listed = problems(canvas)
                if listed:
                    report.found[name] = listed
        finally:
            app.close()
    return report


def main(argv: list[str]) -> int:
    report = check_moments(argv[argv.index("--language") + 1] if "--language" in argv else "en")
    for line in report.lines():
        print(line)
    print(f"{sum(len(v) for v in report.found.values())} problems in {len(report.found)} moments")
    return 1 if report.found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
