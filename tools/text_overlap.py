"""Text that overlaps other text, leaves its panel or is cut, in any picture the app draws.

Usage: python tools/text_overlap.py [--language ja] [--text-size large] [--screens | --lessons]
  prints, for every board moment `tools/board_moments.py` renders (with --screens: every screen
  `tools/language_shots.py` and `tools/kiosk_shots.py` show instead; --lessons: every lesson
  step), each problem found; exit 1 if there is one.

A picture is drawn on a `RecordingCanvas`: a canvas that notes, for every rendered text blitted
on it (`scenes.kit.drawn_boxes` knows text surfaces by their words), the box its ink covers, and
every panel drawn on it (`draw_panel`); a kept layer made while layers are recorded
(`drawn_boxes.record_layers`, as the checks here do) is one too, and where it is blitted what
was drawn on it counts as drawn there. A blit as large as the canvas (a background, a veil
under a dialog) hides what was drawn before: the boxes so far are forgotten; an opaque
`fill` of a part (a bar drawn over a board's own) hides the texts wholly under it.
`problems(canvas)` then names
- two texts whose ink overlaps (the same words drawn twice over each other, an outline or a
  shadow, do not);
- a text that crosses the edge of the panel it stands in, or of the picture;
- a text drawn before a panel or a piece of kit art (a crown) that covers part of it (a text
  wholly under a later panel or opaque fill is hidden: not a problem in itself; a piece may
  stand on a text of a kept layer, the table it is played on: a square's name);
- a text cut: clipped where it is drawn, or shortened with an ellipsis.
The large-text checks reuse it: draw any scene on a `RecordingCanvas` and ask `problems`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
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

from scenes.kit.drawn_boxes import icon_of, record_layers, was_shortened, words_of

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
    hidden: bool = False
    #: drawn on a kept layer (the table under the pieces: a square's name, a panel's label)
    backdrop: bool = False


class RecordingCanvas(pygame.Surface):
    """A canvas that notes the text boxes and panels drawn on it (see the module)."""

    def __init__(self, size: tuple[int, int], flags: int = 0) -> None:
        super().__init__(size, flags)
        self.texts: list[TextBox] = []
        self.panels: list[pygame.Rect] = []
        #: kit art drawn: (name, its ink, how many texts were drawn before it)
        self.icons: list[tuple[str, pygame.Rect, int]] = []

    def forget(self) -> None:
        """A new picture begins."""
        self.texts.clear()
        self.panels.clear()
        self.icons.clear()

    def copy(self) -> RecordingCanvas:  # type: ignore[override]
        """A copy that knows what was drawn on this canvas (a kept layer copied to draw on)."""
        copied = super().copy()
        assert isinstance(copied, RecordingCanvas)
        copied.texts, copied.panels, copied.icons = [], [], []
        copied._adopt(self, (0, 0))
        return copied

    def _adopt(self, layer: RecordingCanvas, at: tuple[int, int]) -> None:
        """What was drawn on `layer`, as drawn here with its top left at `at`."""
        panels, texts = len(self.panels), len(self.texts)
        for box in layer.texts:
            ink = box.ink.move(at)
            self.texts.append(TextBox(box.words, ink, box.panels_before + panels, box.clipped))
            self.texts[-1].hidden, self.texts[-1].backdrop = box.hidden, True
        self.panels.extend(panel.move(at) for panel in layer.panels)
        self.icons.extend((name, ink.move(at), before + texts) for name, ink, before in layer.icons)

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:  # type: ignore[override]
        filled = super().fill(color, rect, special_flags)
        opaque = special_flags == 0 and (len(color) < 4 or color[3] == 255)
        if rect is not None and opaque and isinstance(color, tuple | list):
            for box in self.texts:
                box.hidden = box.hidden or filled.contains(box.ink)
        return filled

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0):  # type: ignore[override]
        drawn = super().blit(source, dest, area, special_flags)
        whole = source.get_width() >= self.get_width() and source.get_height() >= self.get_height()
        if whole:
            self.forget()  # a background or a veil: what was drawn before is behind it
        if isinstance(source, RecordingCanvas):
            self._adopt(source, _topleft(dest))  # a layer: what was drawn on it is drawn here
            return drawn
        if whole:
            return drawn
        icon = icon_of(source)
        if icon is not None:
            ink = source.get_bounding_rect().move(_topleft(dest))
            self.icons.append((icon, ink, len(self.texts)))
            return drawn
        words = words_of(source)
        if words is None or not words.strip():
            return drawn
        ink = source.get_bounding_rect()
        if area is not None:
            ink = ink.clip(pygame.Rect(area)).move(-pygame.Rect(area).left, -pygame.Rect(area).top)
        ink.move_ip(_topleft(dest))
        if ink.width == 0 or ink.height == 0:
            return drawn
        clip = self.get_clip()
        shown = ink.clip(clip)
        if shown.width == 0 or shown.height == 0:
            return drawn  # wholly outside the clip: not drawn at all
        self.texts.append(TextBox(words, ink, len(self.panels), shown != ink))
        return drawn


def _topleft(dest: Any) -> tuple[int, int]:
    return dest.topleft if isinstance(dest, pygame.Rect) else pygame.Rect(dest, (0, 0)).topleft


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    both = a.clip(b)
    return both.width > SLACK and both.height > SLACK


def _hidden(canvas: RecordingCanvas, box: TextBox) -> bool:
    """`box` stands wholly under an opaque fill or a panel drawn after it: no one sees it."""
    return box.hidden or any(p.contains(box.ink) for p in canvas.panels[box.panels_before :])


def problems(canvas: RecordingCanvas) -> list[str]:
    """What is wrong with the text on `canvas` as drawn (see the module); empty if nothing."""
    found: list[str] = []
    texts = canvas.texts
    picture = canvas.get_rect()
    shown = [not _hidden(canvas, box) for box in texts]
    for index, box in enumerate(texts):
        if not shown[index]:
            continue
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
            if texts_before > index and not box.backdrop and _overlap(ink, box.ink):
                found.append(f"{said} is covered by the {name} at {tuple(ink)}")
        for later, other in enumerate(texts[index + 1 :], index + 1):
            same = other.words == box.words  # (an outline or a shadow)
            if shown[later] and not same and _overlap(box.ink, other.ink):
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


@contextmanager
def recording_layers() -> Iterator[None]:
    """Within: every new kept layer records what is drawn on it (and every layer kept so far is
    made again)."""
    from scenes.kit import i18n

    record_layers(RecordingCanvas)
    i18n.restyle()
    try:
        yield
    finally:
        record_layers(None)
        i18n.restyle()


def _tool(name: str) -> Any:
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check_moments(language: str = "en", text_size: str = "normal") -> Report:
    """Every board moment of `tools/board_moments.py` drawn on a recording canvas in
    `language` at `text_size`, and the problems of each. (Scenes lay out a logical 1920x1080
    canvas that the window scales, so a text box is where it is at every window size.)"""
    import tempfile

    from scenes.app import App, Options
    from scenes.storage.settings import SettingsStore

    moments = _tool("board_moments")
    report = Report()
    with tempfile.TemporaryDirectory() as home, recording_layers():
        os.environ["TABLETOP_TRIO_HOME"] = home
        store = SettingsStore(Path(home))
        settings = store.load()
        settings.language, settings.text_size = language, text_size
        store.save(settings)
        app = App(Options(seed=2, speed=1.0), store)
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


def check_screens(language: str = "en", text_size: str = "normal", part: str = "all") -> Report:
    """Every screen `tools/language_shots.py` walks (menu, settings, setup, rules pages,
    results, review, boards, dialogs, replays, lessons' steps) and the kiosk's screens
    (`tools/kiosk_shots.py`), drawn on a recording canvas in `language` at `text_size`, and the
    problems of each. `part`: "screens" leaves the lessons out, "lessons" shows only them."""
    import tempfile

    from scenes.kit.i18n import set_language

    report = Report()

    def checker(app: Any) -> Any:
        canvas = RecordingCanvas(app.canvas.get_size())
        app.canvas = canvas

        def look(name: str) -> None:
            canvas.forget()
            app._dirty = True
            app.run(frames=1, fixed_dt=1 / 60)
            listed = problems(canvas)
            if listed:
                report.found[name] = listed

        return look

    shots, kiosk = _tool("language_shots"), _tool("kiosk_shots")
    names = shots.NAMES.get(language, ("Ada", "Clover", "Ben"))
    with recording_layers():
        try:
            with tempfile.TemporaryDirectory() as home:
                os.environ["TABLETOP_TRIO_HOME"] = home
                app = shots.App(
                    shots.Options(seed=2, speed=1.0),
                    shots.home_for(Path(home), language, text_size, names),
                )
                try:
                    if part == "lessons":
                        shots.lessons(app, checker(app))
                    else:
                        shots.walk(app, names, Path(home), checker(app), steps=part == "all")
                finally:
                    app.close()
            if part == "lessons":
                return report
            with tempfile.TemporaryDirectory() as home:
                os.environ["TABLETOP_TRIO_HOME"] = home
                app = kiosk.kiosk_app(home, language, text_size)
                try:
                    kiosk.walk(app, checker(app))
                finally:
                    app.close()
        finally:
            set_language("en")
    return report


def main(argv: list[str]) -> int:
    language = argv[argv.index("--language") + 1] if "--language" in argv else "en"
    size = argv[argv.index("--text-size") + 1] if "--text-size" in argv else "normal"
    if "--screens" in argv or "--lessons" in argv:
        report = check_screens(language, size, "lessons" if "--lessons" in argv else "all")
    else:
        report = check_moments(language, size)
    for line in report.lines():
        print(line)
    print(f"{sum(len(v) for v in report.found.values())} problems in {len(report.found)} moments")
    return 1 if report.found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
