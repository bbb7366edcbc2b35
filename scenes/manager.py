"""Scenes and the scene manager: a stack of scenes with a lifecycle, fades and crash recovery.

A scene has a lifecycle (`enter`, `exit`, `pause` when another scene is pushed over it, `resume`
when that one is popped), `handle(event) -> bool` (True: the event was used), `update(dt)` and
`draw(canvas)`, which changes nothing. Only the top scene gets input and updates; an `overlay`
scene is drawn over the scenes beneath it.

Changes (push, pop, replace, switch) are queued and applied at the start of the next `update`,
so a scene may ask for one from inside its own handle/update. A change with `fade=True` dims the
screen to black, applies the change, and brightens again; input is ignored while fading.

Each time a scene comes on top (entered, or resumed when the one over it is popped) the manager
tells `on_top` (the app: self-voicing says the screen's `spoken_title`) before that scene's
first update.

If a scene raises inside enter/handle/update/draw, the manager logs it and asks `recover` for a
scene to show instead (the app returns to the menu with a notice); without `recover` it re-raises.

The idle-frame contract: `SceneManager.animating` is True while a change is pending, a fade runs
or a drawn scene's `Scene.animating` holds; the app's loop then draws every frame (60 fps at
most). Otherwise it draws only after input (and notices, window events) and sleeps in between.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame

    from scenes.kit.i18n import Message

log = logging.getLogger(__name__)

FADE_SECONDS = 0.3


class Scene:
    """Base class of every scene; override what you need."""

    #: a short name shown in logs and reports ("menu", "setup", ...)
    name = "scene"
    #: drawn over the scene beneath it (hand-over and settings overlays draw that one first)
    overlay = False
    #: what self-voicing says when the screen comes on top: its title (a lazy message, or a
    #: function giving the words, is said in the language shown then); "" says nothing
    spoken_title: str | Message | Callable[[], str] = ""

    def enter(self) -> None:
        """The scene has become part of the stack."""

    def exit(self) -> None:
        """The scene leaves the stack for good; it drops its animations here."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene over this one was popped; this one is on top again."""

    def handle(self, event: pygame.event.Event) -> bool:
        """React to one input event; True if it was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds."""

    def draw(self, canvas: pygame.Surface) -> None:
        """Draw the scene on `canvas` (the logical 1920x1080 surface). Changes nothing."""

    def request_quit(self) -> bool:
        """The window is closing: True if the scene asks the player first (it then quits the
        app itself if they confirm); False to let the app quit now."""
        return False

    def wake_in(self) -> float | None:
        """Seconds until the scene's picture changes on its own while it is not `animating`
        (a text caret's next blink), or None if it never does. The loop sleeps until then and
        draws that frame: a timer, not an animation drawn every frame."""
        return None

    @property
    def animating(self) -> bool:
        """True while the scene changes on its own, without input (a tween running, a countdown,
        a computer thinking): the loop then draws every frame. Otherwise a new frame is drawn
        only after input, a change of scene or a notice, and an idle screen costs nothing.

        A scene that overrides `update` but not this property is taken to be animating all the
        time (drawn every frame, as before this contract), so a scene that was written without
        it never freezes; override it to let the loop rest. A scene without `update` never
        changes on its own."""
        return type(self).update is not Scene.update

    @property
    def waiting_for_input(self) -> bool:
        """True when whatever happens next comes from the person: nothing moves but what only
        decorates the wait (a hint that breathes), though the scene may still be `animating`
        for it. The tests' `settle()` waits for this before a click. By default: not
        `animating`."""
        return not self.animating


@dataclass(frozen=True)
class _Change:
    kind: str  # "push", "pop", "replace", "switch"
    scene: Scene | None
    fade: bool


class SceneManager:
    """Owns the stack of scenes and the fade between them."""

    def __init__(
        self,
        recover: Callable[[Scene, BaseException], Scene] | None = None,
        fade_seconds: float = FADE_SECONDS,
    ):
        self.stack: list[Scene] = []
        self.recover = recover
        self.fade_seconds = fade_seconds
        #: every (scene name, exception) the manager recovered from
        self.crashes: list[tuple[str, BaseException]] = []
        self._queue: deque[_Change] = deque()
        self._fading: _Change | None = None
        self._fade_t = 0.0  # 0..1 going dark, then 1..2 coming back
        self._recovering = False
        self._recovery_scene: Scene | None = None
        #: a crash of the recovery scene itself is recovered from too (kiosk); else re-raised
        self.retry_recovery = False
        #: told of each scene that comes on top, before its first update
        self.on_top: Callable[[Scene], object] = lambda scene: None

    # --- asking for changes ---------------------------------------------------------------------
    @property
    def current(self) -> Scene | None:
        """The top scene (the one that gets input), or None when the stack is empty."""
        return self.stack[-1] if self.stack else None

    @property
    def busy(self) -> bool:
        """True while a change is queued or a fade runs (input is ignored then)."""
        return bool(self._queue) or self._fading is not None

    @property
    def drawn(self) -> list[Scene]:
        """The scenes `draw` draws, bottom first: the top scene and those under its overlays."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        return self.stack[max(first, 0) :]

    @property
    def animating(self) -> bool:
        """True while the picture changes without input (the idle-frame contract): a change is
        queued, a fade runs, or a drawn scene says it is `animating`. The loop draws every frame
        (capped at 60 fps) while this holds; otherwise only after input, and sleeps between."""
        # a crash while asking counts as animating: it changes the screen
        return self.busy or any(self._guard(scene, _is_animating, scene) for scene in self.drawn)

    def wake_in(self) -> float | None:
        """The soonest `Scene.wake_in` of the drawn scenes (None: none of them has a timer)."""
        times = [self._guard(scene, scene.wake_in) for scene in self.drawn]
        due = [time for time in times if isinstance(time, (int, float))]
        return min(due) if due else None

    def push(self, scene: Scene, fade: bool = False) -> None:
        """Put `scene` on top; the one below is paused."""
        self._queue.append(_Change("push", scene, fade))

    def pop(self, fade: bool = False) -> None:
        """Remove the top scene; the one below resumes."""
        self._queue.append(_Change("pop", None, fade))

    def replace(self, scene: Scene, fade: bool = True) -> None:
        """Swap the top scene for `scene`."""
        self._queue.append(_Change("replace", scene, fade))

    def switch(self, scene: Scene, fade: bool = True) -> None:
        """Empty the stack and show `scene` alone."""
        self._queue.append(_Change("switch", scene, fade))

    # --- the frame --------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Give `event` to the top scene (not while a change is pending)."""
        scene = self.current
        if scene is None or self.busy:
            return False
        return bool(self._guard(scene, scene.handle, event))

    def update(self, dt: float) -> None:
        """Apply queued changes, advance the fade, and update the top scene."""
        self._advance_changes(dt)
        scene = self.current
        if scene is not None:
            self._guard(scene, scene.update, dt)

    def draw(self, canvas: pygame.Surface) -> None:
        """Draw the top scene (and, under an overlay, the scenes it covers). The fade is not
        drawn here: the window shows the picture darkened by `fade_alpha` (`Screen.present`)."""
        if not self.stack:
            canvas.fill((0, 0, 0))
        else:
            for scene in self.drawn:
                if self._guard(scene, scene.draw, canvas) is _CRASHED:
                    break

    @property
    def fade_alpha(self) -> int:
        """How dark the fade is now, 0 (none) to 255 (black)."""
        if self._fading is None:
            return 0
        t = self._fade_t if self._fade_t <= 1 else 2 - self._fade_t
        return max(0, min(255, round(255 * t)))

    def _advance_changes(self, dt: float) -> None:
        while True:
            if self._fading is not None:
                half = max(self.fade_seconds / 2, 1e-6)
                before = self._fade_t
                self._fade_t += dt / half
                if before < 1 <= self._fade_t:
                    self._apply(self._fading)
                    dt = 0.0  # the new scene starts brightening from the next frame
                    self._fade_t = 1.0
                if self._fade_t >= 2:
                    self._fading = None
                return
            if not self._queue:
                return
            change = self._queue.popleft()
            if change.fade and self.fade_seconds > 0:
                self._fading, self._fade_t = change, 0.0
                dt = 0.0
                continue
            self._apply(change)

    def _apply(self, change: _Change) -> None:
        if change.kind in ("pop", "replace") and self.stack:
            self._leave(self.stack.pop())
        elif change.kind == "switch":
            while self.stack:
                self._leave(self.stack.pop())
        if change.kind == "pop":
            if self.stack:
                self._guard(self.stack[-1], self.stack[-1].resume)
                self._guard(self.stack[-1], self.on_top, self.stack[-1])
            return
        if change.kind == "push" and self.stack:
            self._guard(self.stack[-1], self.stack[-1].pause)
        assert change.scene is not None
        self.stack.append(change.scene)
        self._guard(change.scene, change.scene.enter)
        if self.current is change.scene:  # (not where entering crashed)
            self._guard(change.scene, self.on_top, change.scene)

    def _leave(self, scene: Scene) -> None:
        try:
            scene.exit()
        except Exception:  # a scene that fails to clean up must not take the app down
            log.exception("scene %s failed in exit()", scene.name)

    # --- crashes --------------------------------------------------------------------------------
    def _guard(self, scene: Scene, method: Callable[..., Any], *args: Any) -> Any:
        try:
            return method(*args)
        except Exception as error:
            self._crashed(scene, error)
            return _CRASHED

    def _crashed(self, scene: Scene, error: Exception) -> None:
        log.exception("scene %s crashed", scene.name)
        self.crashes.append((scene.name, error))
        if (
            self.recover is None
            or self._recovering
            or (scene is self._recovery_scene and not self.retry_recovery)
        ):
            raise error  # no recovery asked for, or the recovery scene itself is broken
        self._recovering = True
        try:
            replacement = self.recover(scene, error)
            self._queue.clear()
            self._fading = None
            while self.stack:
                self._leave(self.stack.pop())
            self.stack.append(replacement)
            self._recovery_scene = replacement
            replacement.enter()
            self.on_top(replacement)
        finally:
            self._recovering = False

    def recover_from(self, error: Exception) -> None:
        """Something went wrong outside any scene method (the stall watchdog): treat the top
        scene as crashed."""
        self._crashed(self.current or Scene(), error)


_CRASHED = object()


def _is_animating(scene: Scene) -> bool:
    return bool(scene.animating)
