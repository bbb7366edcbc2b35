"""The effects presenter base: a timeline, and the effects every board shows over its pieces.

A board's presenter extends `EffectsPresenter`: it keeps its own pieces (tokens, tiles, cards)
and registers one handler per event type of its game (`handlers()`); `animate(events)` queues
them in order. Every event type must have a handler: an unknown one raises `UnknownEvent`, so a
new event in a rules engine cannot be dropped silently (a test runs every game's events through
its presenter).

Shared here: banners ("Three cans!"), "+N" pop-ups that float and fade, counters ("Chain x2!"),
capture callouts (a pattern's name and a line through its pieces), shakes, glows along squares,
the seat panels' state (points, thinking cue, the active seat's glow, out, winner), sounds, and
the turn passing and game over steps. Pure Python: no pygame (effects_paint draws these).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    import pygame  # (a type only: this module draws nothing)


from game.core.events import Event, GameOver, TurnPassed
from game.core.result import Result
from scenes.kit.i18n import Message
from scenes.kit.palette import RGB
from scenes.kit.seat_names import Called, called, says
from scenes.kit.tween import (
    Timeline,
    Tween,
    Wait,
    ease_in_quad,
    ease_out_back,
    ease_out_cubic,
    ease_out_quad,
    linear,
)

GOLD: RGB = (255, 196, 40)
RED: RGB = (214, 52, 44)

# Durations in seconds at animation speed 1.
BANNER_IN = 0.3
BANNER_HOLD = 0.9
BANNER_OUT = 0.2
CALLOUT_HOLD = 1.1  # long enough to read "Sandwich: 2 cans" at normal speed
RESULT_HOLD = 1.4
#: a capture's points pop up this far below its line's lowest point and rise this far
POPUP_BELOW = 80
POPUP_RISE = 40
#: the highest a counter's centre stands once risen: clear of the top bar (its status line, a
#: lesson's step dots) and its own height below it
COUNTER_HIGHEST = 230
COUNTER_RISE = 20
SEAT_GLOW = 0.25


class UnknownEvent(TypeError):
    """A presenter was given an event type it has no animation for."""


@dataclass(eq=False)
class Popup:
    """Floating text such as "+3" or "Chain x2!"; `size` is "large" or "huge". Its `words`
    may be a lazy message: a banner on show follows a switch of language."""

    words: str | Message
    x: float
    y: float
    colour: RGB = GOLD
    alpha: float = 0.0
    scale: float = 0.4
    size: str = "large"

    @property
    def text(self) -> str:
        """The words in the language shown now."""
        return str(self.words)


@dataclass(eq=False)
class Callout:
    """A capture explained: `words` over a line through `points` in the capturer's colour (a
    lazy message follows a switch of language)."""

    words: str | Message
    points: tuple[tuple[float, float], ...]
    colour: RGB
    alpha: float = 0.0
    progress: float = 0.0  # how much of the line is drawn, 0..1

    @property
    def text(self) -> str:
        """The words in the language shown now."""
        return str(self.words)


#: what shakes: "board", or a seat's panel (its number)
ShakeTarget = str | int


@dataclass(eq=False)
class Shake:
    """How hard something shakes (0 still); `target` is "board" or a seat number."""

    target: ShakeTarget
    amount: float = 0.0


@dataclass(eq=False)
class Glow:
    """A light sweeping along board cells (squares, land squares...)."""

    cells: tuple[int, ...]
    colour: RGB
    progress: float = 0.0  # how far along the cells it has swept, 0..1
    alpha: float = 255.0


@dataclass
class SeatPanel:
    """What a seat's panel shows beyond the game's own pieces."""

    points: float = 0.0
    out: bool = False
    winner: bool = False
    thinking: bool = False
    highlight: float = 0.0  # the glow of the active seat's panel, 0..1
    #: a computer seat's level (game.ai.levels), shown beside its name; None for a person
    level: str | None = None


#: an event type of a game
E = TypeVar("E", bound=Event)
T = TypeVar("T")


class EventHandlers:
    """The event types a presenter animates, each with the method that queues its animation:
    `on(kind, method)` pairs them, and mypy checks that `method` takes a `kind`."""

    def __init__(self) -> None:
        self._by_type: dict[type[Event], Callable[[Any], None]] = {}

    def on(self, kind: type[E], method: Callable[[E], None]) -> EventHandlers:
        self._by_type[kind] = method
        return self

    def update(self, other: EventHandlers) -> EventHandlers:
        """These handlers, with `other`'s added (and theirs where both have one)."""
        self._by_type.update(other._by_type)
        return self

    def animate(self, event: Event) -> bool:
        """Queue `event`'s animation; False if no handler takes its type."""
        method = self._by_type.get(type(event))
        if method is None:
            return False
        method(event)
        return True


@dataclass
class EffectsPresenter:
    """Timeline, effects and seat panels of one board scene. Subclasses add their pieces."""

    players: int
    names: Sequence[str]
    on_sound: Callable[[str], object] = lambda name: None
    #: where banners and counters appear (the middle of the board)
    stage: tuple[float, float] = (960.0, 540.0)
    timeline: Timeline = field(default_factory=Timeline)

    def __post_init__(self) -> None:
        self.reset_effects()
        self._handlers = (
            EventHandlers()
            .on(TurnPassed, self._animate_turn_passed)
            .on(GameOver, self._animate_game_over)
            .update(self.handlers())
        )
        self._on_game_over: Callable[[], object] | None = None
        #: a part of the picture the pieces keep clear of (where notes stand), or None
        self.keep_clear: pygame.Rect | None = None

    def reset_effects(self) -> None:
        """No effect on show, every seat panel at rest (a computer's level stays: it says who
        plays, not what happens)."""
        self.glows: list[Glow] = []
        self.popups: list[Popup] = []
        self.callouts: list[Callout] = []
        self.shakes: list[Shake] = []
        self.banner: Popup | None = None
        levels = [panel.level for panel in getattr(self, "seats", ())] or [None] * self.players
        self.seats = [SeatPanel(level=level) for level in levels]
        self.active: int | None = None
        self.clock = 0.0
        #: tweens that run beside the timeline without holding it up (pop-ups fading out)
        self.decor: list[Tween] = []

    def called(self, seat: int) -> Called:
        """Seat `seat`'s name as a sentence says it (scenes.kit.seat_names)."""
        return called(self.names[seat], seat)

    def says(self, seat: int, theirs: str, yours: str, **fields: object) -> Message:
        """A banner's sentence about seat `seat`, lazy: `yours` for the reader's seat, else
        `theirs` with the seat's name in `{name}` (scenes.kit.seat_names.says)."""
        return says(self.names[seat], seat, theirs, yours, **fields)

    # --- what subclasses supply -------------------------------------------------------------

    def handlers(self) -> EventHandlers:
        """The game's event types and the method that queues each one's animation."""
        return EventHandlers()

    def game_over_sound(self, result: Result) -> str | None:
        """The sound when the game ends (None where an earlier event had its own)."""
        return "win"

    # --- the clock ------------------------------------------------------------------------------

    @property
    def idle(self) -> bool:
        return self.timeline.idle

    @property
    def busy(self) -> bool:
        """True while anything moves, the timeline or a pop-up floating beside it."""
        return not self.timeline.idle or bool(self.decor)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.timeline.update(dt)
        running, self.decor = self.decor, []
        for tween in running:  # a finishing pop-up may add its fade to self.decor
            if not tween.update(dt * self.timeline.speed):
                self.decor.append(tween)

    def skip(self) -> None:
        """Finish every animation now, in order."""
        self.timeline.skip()
        while self.decor:
            self.decor.pop(0).finish()

    def pause(self, seconds: float) -> Tween:
        """A step that only waits."""
        return Tween(Wait(), seconds, linear, t=1.0)

    # --- events -----------------------------------------------------------------------------------

    def animate(
        self, events: Sequence[Event], on_game_over: Callable[[], object] | None = None
    ) -> None:
        """Queue the animation of one move's events, in order."""
        self._on_game_over = on_game_over
        for event in events:
            if not self._handlers.animate(event):
                raise UnknownEvent(f"{type(self).__name__} cannot animate {event!r}")

    def _animate_turn_passed(self, event: TurnPassed) -> None:
        self.timeline.then(lambda: self.pass_turn(event.next_seat))

    def _animate_game_over(self, event: GameOver) -> None:
        result = event.result

        def finish() -> None:
            self.pass_turn(None)
            for seat in result.winners:
                self.seats[seat].winner = True
            sound = self.game_over_sound(result)
            if sound:
                self.on_sound(sound)

        self.timeline.then(finish).then(self.pause(RESULT_HOLD))
        if self._on_game_over is not None:
            self.timeline.then(self._on_game_over)

    # --- effects ----------------------------------------------------------------------------------

    def pass_turn(self, seat: int | None) -> None:
        """The glow moves from the last seat's panel to the next one's."""
        self.active = seat
        for index, panel in enumerate(self.seats):
            target = 1.0 if index == seat else 0.0
            self.timeline.add(Tween(panel, SEAT_GLOW, ease_out_quad, highlight=target))

    def settle_seats(self, active: int | None) -> None:
        """Seat panels at rest with `active` glowing (after a sync)."""
        self.active = active
        for index, panel in enumerate(self.seats):
            panel.highlight = 1.0 if index == active else 0.0
            panel.thinking = False

    def announce(
        self,
        text: str | Message,
        colour: RGB,
        sound: str | None = None,
        shake: ShakeTarget | None = None,
        hold: float = BANNER_HOLD,
    ) -> None:
        """Queue a banner across the stage (with a sound and a shake of `shake`, if given)."""
        banner = Popup(text, *self.stage, colour, size="huge")

        def show() -> None:
            if sound:
                self.on_sound(sound)
            self.banner = banner
            self.timeline.add(Tween(banner, BANNER_IN, ease_out_back, alpha=255.0, scale=1.0))
            if shake is not None:
                self.shake(shake)

        def hide() -> None:
            self.timeline.add(
                Tween(
                    banner,
                    BANNER_OUT,
                    ease_in_quad,
                    alpha=0.0,
                    on_finished=lambda: self._clear_banner(banner),
                )
            )

        self.timeline.then(show).then(self.pause(hold)).then(hide)

    def _clear_banner(self, banner: Popup) -> None:
        if self.banner is banner:
            self.banner = None

    def shake(self, target: ShakeTarget, seconds: float = 0.6) -> None:
        """Shake `target` ("board" or a seat) now, dying down over `seconds` (with reduced
        motion nothing shakes)."""
        if self.timeline.reduced:
            return
        wobble = Shake(target, 1.0)
        self.shakes.append(wobble)
        self.timeline.add(
            Tween(
                wobble,
                seconds,
                ease_out_quad,
                amount=0.0,
                on_finished=lambda: self._drop(self.shakes, wobble),
            )
        )

    def pop(self, popup: Popup, rise: float) -> None:
        """Show a pop-up that grows in, floats up by `rise` and fades, beside the timeline."""
        self.popups.append(popup)
        self.decor.append(Tween(popup, 0.25, ease_out_back, alpha=255.0, scale=1.0))
        self.decor.append(Tween(popup, 0.9, ease_out_cubic, y=popup.y - rise))
        self.decor.append(Tween(Wait(), 0.9, linear, t=1.0, on_finished=lambda: self._fade(popup)))

    def pop_under(self, callout: Callout, text: str | Message, colour: RGB = GOLD) -> None:
        """The points of a capture as a pop-up under its callout's line, rising towards it but
        never into the callout's name (which stands above the line)."""
        xs = [x for x, _ in callout.points]
        ys = [y for _, y in callout.points]
        x = (min(xs) + max(xs)) / 2
        self.pop(Popup(text, x, max(ys) + POPUP_BELOW, colour), rise=POPUP_RISE)

    def counter(self, text: str | Message, colour: RGB = GOLD) -> None:
        """A big counter over the board ("Chain x2!") that floats up and fades."""
        x, y = self.stage
        y = max(y - 320, COUNTER_HIGHEST + COUNTER_RISE)
        self.pop(Popup(text, x, y, colour, size="huge"), rise=COUNTER_RISE)

    def show_callout(self, callout: Callout, hold: float = CALLOUT_HOLD) -> None:
        """Draw `callout`'s line and text now, hold them `hold` seconds, then fade them: beside
        the timeline, so the pieces fly meanwhile."""
        self.callouts.append(callout)
        self.decor.append(Tween(callout, 0.3, ease_out_cubic, progress=1.0))
        self.decor.append(Tween(callout, 0.2, ease_out_quad, alpha=255.0))
        self.decor.append(
            Tween(
                callout,
                0.25,
                ease_in_quad,
                delay=hold,
                alpha=0.0,
                on_finished=lambda: self._drop(self.callouts, callout),
            )
        )

    def _fade(self, popup: Popup) -> None:
        self.decor.append(
            Tween(
                popup,
                0.25,
                ease_in_quad,
                alpha=0.0,
                on_finished=lambda: self._drop(self.popups, popup),
            )
        )

    @staticmethod
    def _drop(items: list[T], item: T) -> None:
        if item in items:
            items.remove(item)

    def shake_offset(self, target: ShakeTarget) -> tuple[float, float]:
        """How far `target` ("board" or a seat) is displaced by a running shake."""
        amount = sum(s.amount for s in self.shakes if s.target == target)
        if not amount:
            return 0.0, 0.0
        return 14 * amount * math.sin(self.clock * 55), 4 * amount * math.cos(self.clock * 40)
