"""The focus: a ring on one control of the screen on top, moved by keys and a pad, pressed by
Enter / Space / A (Ren'Py's focus: arrows go to the nearest control in that direction).

One `Focus` serves every scene. It finds a scene's controls by itself (`targets`): its
`button_rects` and the widgets in its `widgets` or `buttons`; a scene that knows better (a
board: its squares, hand and market besides its buttons) has a `focus` attribute with
`focus_targets()`. A press of a control is a click at its centre, posted to the scene (so a key
gets the same previews and refusals as the mouse), and moving onto a control is the pointer
moving there (its hover, a board's preview).

An event goes to the scene first; the focus takes only what the scene left (a scene that turns
pages with the arrows keeps them). A pad press reaches the scene as the key press of the same
action (`keymap.as_key`): B is Escape, A is Enter (a scene where Enter means "done typing", a
PIN pad, leaves a pad's Enter to the ring: `keymap.typed`). Backspace that no text took goes back as
Escape does. The ring hides while the mouse or a finger is used and comes back with the
first key or button, on the control it was on.

Every control carries its spoken words (`Target.spoken`: a widget's `spoken`, a board place's
words), so the ring and self-voicing (`scenes.kit.speech`) share one source: moving onto a
control hands its words to `speak`, as does a press or a nudge that changes them.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import pygame

from scenes.kit import keymap
from scenes.kit.drawn_boxes import note_ring
from scenes.kit.keymap import DIRECTIONS, Action
from scenes.kit.widgets import Choice, Slider, Stepper, Widget

if TYPE_CHECKING:
    from scenes.manager import Scene, SceneManager

#: the ring: a bright band between two dark ones, so it shows on light and dark alike
RING_DARK = (20, 20, 30)
RING_BRIGHT = (255, 255, 255)
RING_WIDTH = 6  #: the bright band
RING_EDGE = 2  #: each dark band beside it
#: the ring lies wholly outside the control's edge (it crosses no word of the control) and
#: so close that it crosses no word beside it: a line under a control starts below it
RING_OUT = RING_WIDTH + 2 * RING_EDGE
#: a slider moves by this much per press of Left / Right
SLIDER_STEP = 0.05
#: controls whose centres are this near to each other are one place
SAME_PLACE = 6


@dataclass(frozen=True)
class Target:
    """A control the focus can stop on: its name (stable while it is on screen), rect and
    spoken words (in the language shown); a slider is moved by Left / Right instead of being
    left."""

    name: str
    rect: pygame.Rect
    slider: Slider | None = None
    #: the words, or what makes them when they are to be said (a board's square: its pieces)
    spoken: str | Callable[[], str] = ""

    def words(self) -> str:
        """What self-voicing says of the control now."""
        return self.spoken() if callable(self.spoken) else self.spoken


@runtime_checkable
class FocusSource(Protocol):
    """Something that lists a scene's controls itself (a board's cursor)."""

    def focus_targets(self) -> list[Target]: ...


@dataclass(frozen=True)
class Only:
    """A scene's controls for now, as given (a question's answers over a page)."""

    found: list[Target]

    def focus_targets(self) -> list[Target]:
        return self.found


def targets(scene: Scene) -> list[Target]:
    """The controls of `scene` the focus may stop on, in reading order (rows, then left to
    right): its own list, or its `button_rects` and the widgets it holds."""
    source = getattr(scene, "focus", None)
    if isinstance(source, FocusSource):
        return source.focus_targets()
    found = Targets()
    rects = getattr(scene, "button_rects", None)
    for name, rect in (rects if isinstance(rects, dict) else {}).items():
        found.add(name, rect)
    for attribute in ("widgets", "buttons"):
        for widget in getattr(scene, attribute, None) or ():
            if isinstance(widget, Widget):
                found.add_widget(widget)
    found.name_from(scene)
    return found.in_reading_order()


class Targets:
    """Targets gathered from several sources; the first of two at one place is kept."""

    def __init__(self) -> None:
        self.found: list[Target] = []

    def add(
        self,
        name: str,
        rect: pygame.Rect,
        slider: Slider | None = None,
        spoken: str | Callable[[], str] = "",
    ) -> None:
        """A control; one at the place of a control already found only lends it its words, if
        that one had none."""
        index = self._at(rect)
        if index is None:
            self.found.append(Target(name, pygame.Rect(rect), slider, spoken))
        elif spoken and not self.found[index].spoken:
            self.name(rect, spoken)

    def name(self, rect: pygame.Rect, spoken: str | Callable[[], str]) -> None:
        """Give the control found at the place of `rect` its spoken words, if it has none."""
        index = self._at(rect)
        if index is not None and not self.found[index].spoken:
            target = self.found[index]
            self.found[index] = Target(target.name, target.rect, target.slider, spoken)

    def _at(self, rect: pygame.Rect) -> int | None:
        centre = rect.center
        for index, target in enumerate(self.found):
            other = target.rect.center
            if abs(other[0] - centre[0]) <= SAME_PLACE and abs(other[1] - centre[1]) <= SAME_PLACE:
                return index
        return None

    def add_widget(self, widget: Widget) -> None:
        """A widget, or the parts of one made of buttons (a choice's options, − and +)."""
        if not widget.visible:
            return
        if isinstance(widget, Choice | Stepper):
            for part, spoken in widget.spoken_parts():
                self.add(
                    f"{type(part).__name__} {part.rect.x},{part.rect.y}", part.rect, None, spoken
                )
        else:
            slider = widget if isinstance(widget, Slider) else None
            name = f"{type(widget).__name__} {widget.rect.x},{widget.rect.y}"
            self.add(name, widget.rect, slider, widget.spoken)

    def name_from(self, holder: object) -> None:
        """Words for the controls found without any (a scene's `button_rects`), from the
        widgets and tiles `holder` keeps in its attributes, alone or in a list."""
        for value in getattr(holder, "__dict__", {}).values():
            for control in value if isinstance(value, list | tuple) else (value,):
                if isinstance(control, Choice | Stepper):
                    for part, spoken in control.spoken_parts():
                        self.name(part.rect, spoken)
                elif _speaks(control) and getattr(control, "visible", True):
                    self.name(control.rect, partial(getattr, control, "spoken"))

    def name_rest(self, spoken: str) -> None:
        """Give `spoken` to every control found that has no words yet."""
        for target in [t for t in self.found if not t.spoken]:
            self.name(target.rect, spoken)

    def in_reading_order(self) -> list[Target]:
        return sorted(self.found, key=lambda t: (t.rect.centery // 60, t.rect.centerx))


def _speaks(control: object) -> bool:
    """`control` has a rect and spoken words (a widget, a menu's tile: a property `spoken`)."""
    return isinstance(getattr(type(control), "spoken", None), property) and hasattr(control, "rect")


def nearest(start: pygame.Rect, candidates: list[Target], action: Action) -> Target | None:
    """The control nearest to `start` in the direction of `action` (Ren'Py's focus_nearest):
    one reaching further that way, whose facing edge is closest, a step aside counting three
    times a step ahead; between equals, the one whose centre is nearest."""
    dx, dy = DIRECTIONS[action]
    best: tuple[tuple[float, float], Target] | None = None
    for target in candidates:
        rect = target.rect
        ahead = (rect.centerx - start.centerx) * dx + (rect.centery - start.centery) * dy
        if ahead <= 0 or _far_side(rect, dx, dy) <= _far_side(start, dx, dy):
            continue
        if dx:
            edge = rect.left - start.right if dx > 0 else start.left - rect.right
            aside = max(0, rect.top - start.bottom, start.top - rect.bottom)
            off = abs(rect.centery - start.centery)
        else:
            edge = rect.top - start.bottom if dy > 0 else start.top - rect.bottom
            aside = max(0, rect.left - start.right, start.left - rect.right)
            off = abs(rect.centerx - start.centerx)
        score = (max(0, edge) + 3 * aside, ahead + off)
        if best is None or score < best[0]:
            best = (score, target)
    return None if best is None else best[1]


class Focus:
    """The focus ring of the app: which control it is on, whether it shows, and the device
    (keys or pad) last used, whose glyphs the screens show."""

    def __init__(self) -> None:
        self.shown = False
        #: "keys", "pad" or "mouse": what the person used last
        self.device = "mouse"
        self.stick = keymap.Stick()
        self._names: weakref.WeakKeyDictionary[Any, Target] = weakref.WeakKeyDictionary()
        #: the number of presses (keys and pad buttons) taken so far
        self.presses = 0
        #: hands the words of the control the ring moves onto to self-voicing
        self.speak: Callable[[str], object] = lambda text: None
        self._said = ""  # the words of the control in focus, when the ring came onto it
        #: what an action asks of the app on any screen, when the scene leaves it (self-voicing)
        self.app_actions: dict[Action, Callable[[], object]] = {}

    # --- where the ring is ------------------------------------------------------------------------
    def current(self, scene: Scene) -> Target | None:
        """The control of `scene` the ring is on (the last one, the one nearest where it was, or
        the scene's `default_focus`, or its first)."""
        found = targets(scene)
        if not found:
            return None
        last = self._names.get(scene)
        if last is not None:
            same = next((t for t in found if t.name == last.name), None)
            if same is not None:
                return same
            here = last.rect.center
            return min(found, key=lambda t: _distance(t.rect.center, here))
        default = getattr(scene, "default_focus", None)
        return next((t for t in found if t.name == default), found[0])

    def focus_on(self, scene: Scene, target: Target, manager: SceneManager) -> None:
        """Put the ring on `target`; the pointer moves there (its hover and previews)."""
        self._names[scene] = target
        motion = pygame.event.Event(
            pygame.MOUSEMOTION, pos=target.rect.center, rel=(0, 0), buttons=(0, 0, 0), focus=True
        )
        manager.handle(motion)
        self._said = target.words()
        self.speak(self._said)

    # --- input --------------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event, manager: SceneManager) -> None:
        """Hand `event` to the scene on top, and what it leaves to the focus."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.FINGERDOWN):
            if not getattr(event, "focus", False):
                self.shown = False
                self.device = "mouse"
            manager.handle(event)
            return
        if keymap.asks(event, Action.BACK) and event.type == pygame.MOUSEBUTTONUP:
            if not manager.handle(event):  # a mouse's back button: back, as Escape
                self._act({Action.BACK}, manager, escape_sent=False)
            return
        if keymap.is_pad(event):
            pressed = (
                self.stick.press(event) if event.type == pygame.CONTROLLERAXISMOTION else event
            )
            if pressed is None or pressed.type != pygame.CONTROLLERBUTTONDOWN:
                return
            self.device = "pad"
            self.presses += 1
            asked = keymap.actions(pressed)
            key = keymap.as_key(pressed)
            if key is not None and manager.handle(key):
                return
            self._act(asked, manager, escape_sent=Action.BACK in asked)
            return
        if event.type != pygame.KEYDOWN:
            manager.handle(event)
            return
        self.device = "keys"
        self.presses += 1
        if manager.handle(event):
            return
        self._act(keymap.actions(event), manager, escape_sent=event.key == pygame.K_ESCAPE)

    def _act(self, asked: set[Action], manager: SceneManager, escape_sent: bool) -> None:
        for action in asked & self.app_actions.keys():
            self.app_actions[action]()
            return
        scene = manager.current
        if scene is None or manager.busy or not asked:
            return
        if Action.BACK in asked:
            if not escape_sent:  # Backspace no text took: back, as Escape
                manager.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
            return
        target = self.current(scene)
        if target is None:
            return
        if not self.shown:  # the first key shows the ring where it was
            self.shown = True
            self.focus_on(scene, target, manager)
            return
        if Action.ACTIVATE in asked:
            self.press(target, manager)
            self._changed(scene, target, manager)
        elif target.slider is not None and asked & {Action.LEFT, Action.RIGHT}:
            step = SLIDER_STEP if Action.RIGHT in asked else -SLIDER_STEP
            _nudge(target.slider, step)
            self._changed(scene, target, manager)
        elif asked & {Action.NEXT, Action.PREVIOUS}:
            found = targets(scene)
            index = next((i for i, t in enumerate(found) if t.name == target.name), 0)
            index += 1 if Action.NEXT in asked else -1
            self.focus_on(scene, found[index % len(found)], manager)
        else:
            way = next((a for a in asked if a in DIRECTIONS), None)
            if way is not None:
                moved = nearest(target.rect, targets(scene), way)
                if moved is not None:
                    self.focus_on(scene, moved, manager)

    def _changed(self, scene: Scene, target: Target, manager: SceneManager) -> None:
        """Say the control in focus again if pressing it changed its words (a switch, a
        slider), the screen staying."""
        if manager.current is scene:
            now = self.current(scene)
            words = None if now is None or now.name != target.name else now.words()
            if words is not None and words != self._said:
                self._said = words
                self.speak(words)

    def press(self, target: Target, manager: SceneManager) -> None:
        """A click at the centre of `target` (what the mouse would do there)."""
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            manager.handle(pygame.event.Event(kind, pos=target.rect.center, button=1, focus=True))

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, canvas: pygame.Surface, manager: SceneManager) -> None:
        """The ring round the control in focus, while keys or a pad are in use."""
        scene = manager.current
        if not self.shown or scene is None or manager.busy:
            return
        target = self.current(scene)
        if target is not None:
            draw_ring(canvas, target.rect)


def ring_rect(rect: pygame.Rect) -> pygame.Rect:
    """The outer edge of the ring round a control at `rect` (a label near a control keeps
    clear of it)."""
    return rect.inflate(2 * RING_OUT, 2 * RING_OUT)


def clear_of_ring(rect: pygame.Rect) -> pygame.Rect:
    """What a label beside the control at `rect` stays out of: the ring round it and 2 pixels
    more (a line under it starts at its `bottom`, a line over it ends at its `top`)."""
    return ring_rect(rect).inflate(4, 4)


def draw_ring(canvas: pygame.Surface, rect: pygame.Rect) -> None:
    """A ring on the edge of `rect`: a bright band between two dark ones, so it shows on light
    and dark alike and looks like nothing a game draws (its glows, its selection). It is
    noted as a ring (`drawn_boxes.note_ring`): the overlap checker sees the words it crosses."""
    band = RING_WIDTH + 2 * RING_EDGE
    outer = ring_rect(rect)
    radius = min(20, outer.height // 3)
    pygame.draw.rect(canvas, RING_DARK, outer, band, border_radius=radius)
    bright = outer.inflate(-2 * RING_EDGE, -2 * RING_EDGE)
    pygame.draw.rect(canvas, RING_BRIGHT, bright, RING_WIDTH, border_radius=radius - RING_EDGE)
    note_ring(canvas, outer, band, "the keys' focus")


def _far_side(rect: pygame.Rect, dx: int, dy: int) -> int:
    """How far `rect` reaches in the direction (dx, dy)."""
    return rect.right if dx > 0 else -rect.left if dx < 0 else rect.bottom if dy > 0 else -rect.top


def _nudge(slider: Slider, step: float) -> None:
    slider.value = max(0.0, min(1.0, round(slider.value + step, 2)))
    if slider.on_change is not None:
        slider.on_change(slider.value)


def _distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2
