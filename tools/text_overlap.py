"""Text that overlaps other text, leaves its panel or is cut, in any picture the app draws.

Usage: python tools/text_overlap.py [--language ja] [--text-size large]
  [--screens [--no-focus-rings] | --lessons | --animations [--shots DIR]]
  prints, for every board moment `tools/board_moments.py` renders (with --screens: every screen
  `tools/language_shots.py` and `tools/kiosk_shots.py` show instead; --lessons: every step of
  every lesson, see `check_lessons`; --animations: frames inside every animation and each
  moment of a game's review, see `check_animations`, saving the frames with a problem as PNG in
  DIR), each problem found; exit 1 if there is one.

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
  wholly under a later panel, opaque fill or cover, `drawn_boxes.note_cover`, is hidden: not a
  problem in itself; a piece may stand on a text of a kept layer, the table it is played on: a
  square's name);
- a box a player must read (`drawn_boxes.note_must_read`: a tile in a hand, the board's actions,
  what a lesson step points at or glows, a piece in flight) that a later panel or cover
  overlaps;
- a text that a ring of light drawn after it (`drawn_boxes.note_ring`: a lesson's or the
  review's glow, a note's rings, the keys' focus ring) crosses, a kept layer's labels included
  (on a board moment, a screen and a lesson's step, the focus ring is tried on every control:
  `focus_ring_problems`);
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
from typing import TYPE_CHECKING, Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame

from scenes.kit.drawn_boxes import icon_of, record_layers, was_shortened, words_of

if TYPE_CHECKING:
    from scenes.app import App

#: ink that overlaps by at most this many pixels either way is touching, not overlapping
SLACK = 2


@dataclass
class TextBox:
    """One text as drawn: its words, the box of its ink, when it was drawn (`order`, counted
    over everything the canvas notes), and whether the canvas's clip cut it."""

    words: str
    ink: pygame.Rect
    order: int
    clipped: bool
    hidden: bool = False
    #: drawn on a kept layer (the table under the pieces: a square's name, a panel's label)
    backdrop: bool = False


@dataclass
class Drawn:
    """A panel, an opaque cover, a piece of kit art or a box a player must read: its name (the
    art's, or what must be read), where it stands and when it was drawn."""

    name: str
    rect: pygame.Rect
    order: int


class RecordingCanvas(pygame.Surface):
    """A canvas that notes the text boxes, panels, covers, kit art and must-read boxes drawn
    on it (see the module)."""

    def __init__(self, size: tuple[int, int], flags: int = 0) -> None:
        super().__init__(size, flags)
        self.texts: list[TextBox] = []
        self.panels: list[Drawn] = []
        #: opaque areas drawn to replace what stood there (a lesson's bar over the board's)
        self.covers: list[Drawn] = []
        self.icons: list[Drawn] = []
        #: what a player must see whole: nothing drawn after may cover it
        self.must_read: list[Drawn] = []
        #: rings of light (their outer edge) and the clear inside of each
        self.rings: list[tuple[Drawn, pygame.Rect]] = []
        #: where in the frame the app drew the keys' focus ring (`Focus.draw`, between the scene
        #: and what the app draws over every scene: the kiosk's countdown, notices), when the
        #: frame was drawn by the app (`note_focus_in_frames`); None: over everything
        self.focus_order: int | None = None
        self._order = 0

    def forget(self) -> None:
        """A new picture begins."""
        for noted in (self.texts, self.panels, self.covers, self.icons, self.must_read):
            noted.clear()
        self.rings.clear()

    def _next(self) -> int:
        self._order += 1
        return self._order

    def noted_panel(self, rect: pygame.Rect) -> None:
        self.panels.append(Drawn("panel", rect, self._next()))

    def noted_cover(self, rect: pygame.Rect) -> None:
        self.covers.append(Drawn("cover", rect, self._next()))

    def noted_opened(self, rect: pygame.Rect) -> None:
        """A view the player opened: what must be read under it waits behind it."""
        self.must_read = [m for m in self.must_read if not m.rect.colliderect(rect)]

    def noted_must_read(self, rect: pygame.Rect, what: str) -> None:
        self.must_read.append(Drawn(what, rect, self._next()))

    def noted_ring(self, outer: pygame.Rect, inner: pygame.Rect, what: str) -> None:
        self.rings.append((Drawn(what, outer, self._next()), inner))

    def noted_focus(self) -> None:
        """The app draws the keys' focus ring here, in this frame."""
        self.focus_order = self._next()

    def copy(self) -> RecordingCanvas:  # type: ignore[override]
        """A copy that knows what was drawn on this canvas (a kept layer copied to draw on)."""
        copied = super().copy()
        assert isinstance(copied, RecordingCanvas)
        copied.texts, copied.panels, copied.covers, copied.icons, copied.must_read = (
            [], [], [], [], []
        )  # fmt: skip
        copied._order = 0
        copied._adopt(self, (0, 0))
        return copied

    def _adopt(self, layer: RecordingCanvas, at: tuple[int, int]) -> None:
        """What was drawn on `layer`, as drawn here now (in its order) with its top left at
        `at`."""
        noted: list[tuple[int, str, Any]] = [
            *((box.order, "text", box) for box in layer.texts),
            *((d.order, "panel", d) for d in layer.panels),
            *((d.order, "cover", d) for d in layer.covers),
            *((d.order, "icon", d) for d in layer.icons),
            *((d.order, "must", d) for d in layer.must_read),
        ]
        for _order, kind, item in sorted(noted, key=lambda entry: entry[0]):
            if kind == "text":
                box = TextBox(item.words, item.ink.move(at), self._next(), item.clipped)
                box.hidden, box.backdrop = item.hidden, True
                self.texts.append(box)
            else:
                moved = Drawn(item.name, item.rect.move(at), self._next())
                {"panel": self.panels, "cover": self.covers, "icon": self.icons}.get(
                    kind, self.must_read
                ).append(moved)

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
            self.icons.append(Drawn(icon, ink, self._next()))
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
        self.texts.append(TextBox(words, ink, self._next(), shown != ink))
        return drawn


def _topleft(dest: Any) -> tuple[int, int]:
    return dest.topleft if isinstance(dest, pygame.Rect) else pygame.Rect(dest, (0, 0)).topleft


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    both = a.clip(b)
    return both.width > SLACK and both.height > SLACK


def _hidden(canvas: RecordingCanvas, box: TextBox) -> bool:
    """`box` stands wholly under an opaque fill, or a panel or cover drawn after it: no one
    sees it."""
    return box.hidden or any(
        d.order > box.order and d.rect.contains(box.ink) for d in (*canvas.panels, *canvas.covers)
    )


def _text_problems(canvas: RecordingCanvas, box: TextBox) -> list[str]:
    """What is wrong with one visible text: out of the picture, cut, shortened, leaving its
    panel, partly covered by a later panel, cover or piece of art."""
    found: list[str] = []
    said = repr(box.words[:40])
    if not canvas.get_rect().contains(box.ink):
        found.append(f"{said} leaves the picture at {tuple(box.ink)}")
    if box.clipped:
        found.append(f"{said} is cut by a clip at {tuple(box.ink)}")
    if was_shortened(box.words):
        found.append(f"{said} is shortened")
    under = [p.rect for p in canvas.panels if p.order < box.order and p.rect.colliderect(box.ink)]
    if under and not under[-1].contains(box.ink):
        found.append(f"{said} leaves its panel {tuple(under[-1])}")
    over = [
        p.rect
        for p in (*canvas.panels, *canvas.covers)
        if p.order > box.order and _overlap(p.rect, box.ink) and not p.rect.contains(box.ink)
    ]
    if over:
        found.append(f"{said} is covered by a panel at {tuple(over[0])}")
    found.extend(
        f"{said} is covered by the {icon.name} at {tuple(icon.rect)}"
        for icon in canvas.icons
        if icon.order > box.order and not box.backdrop and _overlap(icon.rect, box.ink)
    )
    found.extend(
        f"{said} is crossed by the ring of {ring.name} at {tuple(ring.rect)}"
        for ring, inside in canvas.rings
        if ring.order > box.order and _overlap(ring.rect, box.ink) and not inside.contains(box.ink)
    )
    return found


def problems(canvas: RecordingCanvas) -> list[str]:
    """What is wrong with the text on `canvas` as drawn (see the module); empty if nothing."""
    found: list[str] = []
    texts = [box for box in canvas.texts if not _hidden(canvas, box)]
    for index, box in enumerate(texts):
        found += _text_problems(canvas, box)
        for other in texts[index + 1 :]:
            same = other.words == box.words  # (an outline or a shadow)
            if not same and _overlap(box.ink, other.ink):
                where = tuple(box.ink.clip(other.ink))
                found.append(f"{box.words[:40]!r} overlaps {other.words[:40]!r} at {where}")
    opaque = [*canvas.panels, *canvas.covers]
    for must in canvas.must_read:
        cover = next(
            (p for p in opaque if p.order > must.order and _overlap(p.rect, must.rect)), None
        )
        if cover is not None:
            found.append(
                f"{must.name} at {tuple(must.rect)} is covered by a panel at {tuple(cover.rect)}"
            )
    return found


#: how a problem names the keys' focus ring (`scenes.kit.focus.draw_ring` notes it so)
FOCUS_RING = "the ring of the keys' focus"


def focus_ring_problems(canvas: RecordingCanvas, scene: Any) -> list[str]:
    """What the keyboard's focus ring would cross on `canvas` (`scene` just drawn on it) if it
    stood on each control of `scene` the focus can stop on, one at a time: drawn over the
    scene (`Focus.draw`), and, in a frame the app drew (`note_focus_in_frames`), under what the
    app draws after it (the kiosk's countdown veils the screen and stands over its ring)."""
    from scenes.kit.focus import draw_ring, targets

    found: list[str] = []
    before = len(canvas.rings)
    for target in targets(scene):
        draw_ring(canvas, target.rect)  # (its pixels are drawn over at the next frame)
        if canvas.focus_order is not None:  # where the app drew it: what came after covers it
            ring, inside = canvas.rings[-1]
            canvas.rings[-1] = (Drawn(ring.name, ring.rect, canvas.focus_order), inside)
        found.extend(
            f"on {target.name!r}: {problem}"
            for box in canvas.texts
            if not _hidden(canvas, box)
            for problem in _text_problems(canvas, box)
            if FOCUS_RING in problem
        )
        del canvas.rings[before:]
    return found


@dataclass
class Report:
    """The problems of each moment, by its name (moments without any are left out)."""

    found: dict[str, list[str]] = field(default_factory=dict)

    def lines(self) -> Iterator[str]:
        for name, listed in self.found.items():
            for problem in listed:
                yield f"{name}: {problem}"


def record_on(app: App) -> RecordingCanvas:
    """Put a `RecordingCanvas` in place of `app`'s canvas, and have the app draw every frame
    whole on it (`Options.present_whole`): the app's own canvas records a frame's operations
    to redraw only what changed, which this canvas, noting boxes as it draws, does not do."""
    canvas = RecordingCanvas(app.canvas.get_size())
    app.canvas = canvas
    app.options.present_whole = True
    return canvas


def note_focus_in_frames(app: App, canvas: RecordingCanvas) -> None:
    """Have `canvas` note where in each frame `app` draws the keys' focus ring, shown or not
    (`RecordingCanvas.focus_order`)."""
    draw = app.focus.draw

    def noting(drawn_on: pygame.Surface, manager: Any) -> None:
        if drawn_on is canvas:
            canvas.noted_focus()
        draw(drawn_on, manager)

    app.focus.draw = noting  # type: ignore[method-assign]


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
    `language` at `text_size`, and the problems of each, the keys' focus ring on each control
    of the moment included (`focus_ring_problems`). (Scenes lay out a logical 1920x1080
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
        canvas = record_on(app)
        try:
            for name, take in moments.each_moment(app):
                canvas.forget()
                take()
                listed = problems(canvas) + focus_ring_problems(canvas, app.manager.current)
                if listed:
                    report.found[name] = listed
        finally:
            app.close()
    return report


def check_screens(
    language: str = "en", text_size: str = "normal", steps: bool = True, focus_rings: bool = True
) -> Report:
    """Every screen `tools/language_shots.py` walks (menu, settings, setup, rules pages,
    results, review, boards, dialogs, replays, with `steps` lessons' steps too) and the kiosk's
    screens (`tools/kiosk_shots.py`), drawn on a recording canvas in `language` at `text_size`,
    and the problems of each (`check_lessons` looks at each step's answers and notes too), the
    keys' focus ring on each control included (`focus_ring_problems`; not with `focus_rings`
    False)."""
    import tempfile

    from scenes.kit.i18n import set_language

    report = Report()

    def checker(app: Any) -> Any:
        canvas = record_on(app)
        note_focus_in_frames(app, canvas)

        def look(name: str) -> None:
            canvas.forget()
            canvas.focus_order = None  # (noted again as the frame is drawn)
            app._dirty = True
            app.run(frames=1, fixed_dt=1 / 60)
            listed = problems(canvas)
            if focus_rings:
                listed += focus_ring_problems(canvas, app.manager.current)
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
                    shots.walk(app, names, Path(home), checker(app), steps=steps)
                finally:
                    app.close()
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


def check_lessons(language: str = "en", text_size: str = "normal") -> Report:
    """Every step of every game's lesson, played by its own clicks, drawn on a recording canvas
    in `language` at `text_size` as a player first sees it (its goal), with the longest answer a
    try can get ("Not that"), and once its moves are played (the note of what happened); the
    problems of each, the keys' focus ring on each control included (`focus_ring_problems`), by
    `<game>-step<N>-<goal|answer|callout>`."""
    import tempfile

    from scenes.app import App, Options
    from scenes.bench.lessons import open_from_menu, play_lesson
    from scenes.boards import BOARDS
    from scenes.boards.lessons.data import You
    from scenes.boards.lessons.scene import FOLLOW_THE_GLOW, LessonScene
    from scenes.kit.i18n import _, set_language
    from scenes.storage.settings import SettingsStore

    report = Report()
    with tempfile.TemporaryDirectory() as home, recording_layers():
        os.environ["TABLETOP_TRIO_HOME"] = home
        store = SettingsStore(Path(home))
        settings = store.load()
        settings.language, settings.text_size = language, text_size
        store.save(settings)
        app = App(Options(seed=1, speed=1.0), store)
        set_language(language)
        canvas = record_on(app)

        def look(name: str) -> None:
            canvas.forget()
            app.manager.draw(canvas)
            listed = problems(canvas) + focus_ring_problems(canvas, app.manager.current)
            if listed:
                report.found[name] = listed

        seen: set[tuple[str, int, bool]] = set()

        def look_at_step(lesson: LessonScene) -> None:
            """Before each click: the step's goal (with its longest answer) or its note, once."""
            step = (lesson.game, lesson.index, lesson.step_done)
            if step in seen:
                return
            seen.add(step)
            name = f"{lesson.game}-step{lesson.index + 1}"
            look(f"{name}-{'callout' if lesson.step_done else 'goal'}")
            beat = lesson.current_beat
            if not lesson.step_done and isinstance(beat, You):
                others = [str(m) for m in lesson.board.state.legal_moves()]
                answers = [_(beat.answer(m)) for m in others if m not in beat.moves]
                lesson.answer = max([*answers, _(FOLLOW_THE_GLOW)], key=len)
                look(f"{name}-answer")
                lesson.answer = None

        try:
            for game, spec in BOARDS.items():
                if spec.lesson is not None:
                    play_lesson(app, open_from_menu(app, game), on_click=look_at_step)
        finally:
            app.close()
    return report


#: one frame in this many is looked at inside an animation
EVERY = 3
#: where `check_animations` looks, each a method of `AnimationWalk`
PARTS = ("game", "bench", "lesson", "review")


class AnimationWalk:
    """Looks at frames inside a board's animations on `app` (its canvas made a
    `RecordingCanvas`): the problems of each frame looked at go into `report`; with `shots`,
    the frame too, as `<name>.png` there."""

    def __init__(self, app: Any, every: int = EVERY, shots: Path | None = None) -> None:
        self.app = app
        self.every = every
        self.shots = shots
        self.report = Report()
        self.canvas = record_on(app)

    def look(self, name: str) -> None:
        canvas = self.canvas
        canvas.forget()
        self.app.manager.draw(canvas)
        listed = problems(canvas)
        if listed:
            self.report.found[name] = listed
            if self.shots is not None:
                self.shots.mkdir(parents=True, exist_ok=True)
                pygame.image.save(canvas, str(self.shots / f"{name}.png"))

    def sampler(self, prefix: Any) -> Any:
        """An on_frame that looks at one frame in `every`, named `<prefix(...)>-frame<N>`."""
        count = [0]

        def on_frame(*given: Any) -> None:
            count[0] += 1
            if count[0] % self.every == 0:
                self.look(f"{prefix(*given)}-frame{count[0]}")

        return on_frame

    def game(self, game: str) -> None:
        """The game of `tools/board_moments.py`, every move's animation to the end's."""
        moments = _tool("board_moments")
        for _moment in moments.board_moments(self.app, game, self.sampler(lambda: f"{game}-game")):
            pass

    def bench(self, game: str) -> None:
        """The board's animation bench (`BoardSpec.measure_animations`), played once."""
        from scenes.boards import BOARDS

        BOARDS[game].measure_animations(self.app, 0, self.sampler(lambda: f"{game}-bench"))

    def lesson(self, game: str) -> None:
        """The game's lesson, played by its own clicks (its moves, the other seat's replies)."""
        from scenes.bench.lessons import open_from_menu, play_lesson
        from scenes.boards import BOARDS

        if BOARDS[game].lesson is not None:
            step = self.sampler(lambda lesson: f"{game}-lesson-step{lesson.index + 1}")
            play_lesson(self.app, open_from_menu(self.app, game), on_frame=step)

    def review(self, game: str) -> None:
        """Each moment of the review of a seeded game."""
        for number in _review_moments(self.app, game):
            self.look(f"{game}-review-moment{number}")


def _review_moments(app: Any, game: str, seconds: float = 300.0) -> Iterator[int]:
    """The review of a seeded random game of `game` (the person at seat 0, judged at the
    weakest level): each of its moments on show in turn (its number, from 1)."""
    import random
    import time

    from game import GAMES
    from game.ai.levels import LEVELS
    from game.core.engine import random_playout
    from scenes.screens.review import ReviewScene

    info = GAMES[game]
    players = min(info.player_counts)
    state = info.new_game(players=players, seed=5)
    start = state.clone()
    moves = random_playout(state, random.Random(5))
    setup = app.quick_setup(game, ["human"] + ["ai:easy"] * (players - 1))
    review = ReviewScene(app, setup, start, moves, on_close=lambda: None, level=LEVELS[0])
    app.manager.switch(review, fade=False)
    deadline = time.monotonic() + seconds  # (the coach judges on a thread, in real time)
    pause = _tool("language_shots").JUDGING_LOOK  # (frames between not looked at)
    while review.judging or app.manager.busy:
        if time.monotonic() > deadline:
            raise TimeoutError(f"the {game} review took over {seconds:.0f} s")
        app.run(frames=1, fixed_dt=1 / 60)
        if review.judging:
            time.sleep(pause)
    for at in range(len(review.moments)):
        review.show(at)
        app.run(frames=2, fixed_dt=1 / 60)
        yield at + 1
    review.close()


def check_animations(
    language: str = "en",
    parts: tuple[str, ...] = PARTS,
    games: tuple[str, ...] | None = None,
    shots: Path | None = None,
) -> Report:
    """Frames inside every board's animations, drawn on a recording canvas in `language`: one
    in `EVERY` frames while the moves of `tools/board_moments.py`'s game play out (its end
    included: counts, bonuses), while each board's animation bench runs (its heaviest
    animation) and while each lesson's moves play; and each moment of the review of a seeded
    game (`AnimationWalk`'s `parts`, for `games`: every board by default). The problems of
    each, by `<game>-<game|bench|lesson-stepN|review>-<frameN|momentN>`; with `shots`, every
    frame with a problem is saved there as `<name>.png` (1920x1080) to look at."""
    import tempfile

    from scenes.app import App, Options
    from scenes.boards import BOARDS
    from scenes.storage.settings import SettingsStore

    with tempfile.TemporaryDirectory() as home, recording_layers():
        os.environ["TABLETOP_TRIO_HOME"] = home
        store = SettingsStore(Path(home))
        settings = store.load()
        settings.language = language
        store.save(settings)
        app = App(Options(seed=2, speed=1.0), store)
        walk = AnimationWalk(app, shots=shots)
        try:
            for game in games or tuple(BOARDS):
                for part in parts:
                    getattr(walk, part)(game)
        finally:
            app.close()
    return walk.report


def main(argv: list[str]) -> int:
    language = argv[argv.index("--language") + 1] if "--language" in argv else "en"
    size = argv[argv.index("--text-size") + 1] if "--text-size" in argv else "normal"
    if "--animations" in argv:
        shots = Path(argv[argv.index("--shots") + 1]) if "--shots" in argv else None
        report = check_animations(language, shots=shots)
    elif "--lessons" in argv:
        report = check_lessons(language, size)
    elif "--screens" in argv:
        report = check_screens(language, size, focus_rings="--no-focus-rings" not in argv)
    else:
        report = check_moments(language, size)
    for line in report.lines():
        print(line)
    print(f"{sum(len(v) for v in report.found.values())} problems in {len(report.found)} moments")
    return 1 if report.found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
