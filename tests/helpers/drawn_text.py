"""A probe of every piece of text a scene renders: its words and its size (tests only)."""

from __future__ import annotations

from dataclasses import dataclass, field

from scenes.canvas import Canvas
from scenes.kit import fonts


@dataclass
class DrawnText:
    """Every (words, size) rendered through `scenes.kit.fonts.text` while installed."""

    seen: list[tuple[str, int]] = field(default_factory=list)

    @property
    def words(self) -> str:
        return "\n".join(words for words, _ in self.seen)

    def smallest(self) -> int:
        return min(size for words, size in self.seen if words.strip())

    def clear(self) -> None:
        self.seen.clear()


def install(monkeypatch) -> DrawnText:
    """Record every text rendered from now on (the rendering itself is unchanged). Groups of
    drawing the canvas keeps (`scenes.canvas.kept`) are drawn every frame meanwhile, so that
    the text they show is rendered, and seen, in each frame as before."""
    probe = DrawnText()
    monkeypatch.setattr(Canvas, "keep", lambda canvas, key, draw: draw(canvas))
    render = fonts.text

    def recording(words, size, colour, bold=False):
        probe.seen.append((words, size))
        return render(words, size, colour, bold)

    monkeypatch.setattr(fonts, "text", recording)
    return probe
