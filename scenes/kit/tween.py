"""Easing functions, tweens of object attributes, and a timeline that runs tweens in steps.

Pure Python: no pygame, no clock. Time comes in only through `update(dt)`, in seconds.
"""

import math
from collections import deque
from collections.abc import Callable, Iterable, Sequence

Easing = Callable[[float], float]
Value = float | tuple[float, ...]


# --- Easing functions: f(t) on [0, 1], f(0) == 0 and f(1) == 1. -------------------------------


def linear(t: float) -> float:
    """Constant speed."""
    return t


def ease_in_quad(t: float) -> float:
    """Starts slow, speeds up."""
    return t * t


def ease_out_quad(t: float) -> float:
    """Starts fast, slows down."""
    return t * (2.0 - t)


def ease_in_out_quad(t: float) -> float:
    """Slow at both ends."""
    return 2.0 * t * t if t < 0.5 else 1.0 - (2.0 - 2.0 * t) ** 2 / 2.0


def ease_out_cubic(t: float) -> float:
    """Starts fast, slows down more softly than the quadratic."""
    return 1.0 - (1.0 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Slow at both ends, quicker in the middle than the quadratic."""
    return 4.0 * t * t * t if t < 0.5 else 1.0 - (2.0 - 2.0 * t) ** 3 / 2.0


_BACK = 1.70158


def ease_out_back(t: float) -> float:
    """Overshoots the end by about 10 % and settles back."""
    u = t - 1.0
    return 1.0 + (_BACK + 1.0) * u * u * u + _BACK * u * u


def ease_out_bounce(t: float) -> float:
    """Lands and bounces three times, each bounce smaller."""
    if t >= 1.0:
        return 1.0
    n, d = 7.5625, 2.75
    if t < 1.0 / d:
        return n * t * t
    if t < 2.0 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


def ease_out_elastic(t: float) -> float:
    """Springs past the end and wobbles to rest."""
    if t <= 0.0:
        return 0.0
    if t >= 1.0:
        return 1.0
    return 2.0 ** (-10.0 * t) * math.sin((10.0 * t - 0.75) * (2.0 * math.pi / 3.0)) + 1.0


EASINGS: dict[str, Easing] = {
    f.__name__: f
    for f in (
        linear,
        ease_in_quad,
        ease_out_quad,
        ease_in_out_quad,
        ease_out_cubic,
        ease_in_out_cubic,
        ease_out_back,
        ease_out_bounce,
        ease_out_elastic,
    )
}


# --- Tween ----------------------------------------------------------------------------------------


def _blend(start: Value, end: Value, k: float) -> Value:
    if isinstance(start, tuple) and isinstance(end, tuple):
        return tuple(a + (b - a) * k for a, b in zip(start, end, strict=True))
    if isinstance(start, (int, float)) and isinstance(end, (int, float)):
        return start + (end - start) * k
    raise TypeError(f"cannot blend {start!r} and {end!r}")


def _check_pair(name: str, start: object, end: object) -> None:
    numbers = (int, float)
    if isinstance(start, numbers) and isinstance(end, numbers):
        return
    if (
        isinstance(start, tuple)
        and isinstance(end, tuple)
        and len(start) == len(end)
        and all(isinstance(v, numbers) for v in start + end)
    ):
        return
    raise TypeError(
        f"cannot tween {name!r} from {start!r} to {end!r}: "
        "numbers or tuples of numbers of the same length only"
    )


class Tween:
    """Moves attributes of `target` from their values when it starts to the values given.

    The start values are read when the delay is over, so a tween queued behind others starts
    from wherever they left the object. In-between values are floats (or tuples of floats);
    the last value set is exactly the one given.
    """

    def __init__(
        self,
        target: object,
        duration: float,
        easing: Easing = ease_out_cubic,
        delay: float = 0.0,
        on_finished: Callable[[], object] | None = None,
        **attrs: float | Sequence[float],
    ) -> None:
        if duration < 0 or delay < 0:
            raise ValueError(f"negative duration {duration} or delay {delay}")
        if not attrs:
            raise ValueError("a tween needs at least one attribute to animate")
        self.target = target
        self.duration = float(duration)
        self.easing = easing
        self.delay = float(delay)
        self.on_finished = on_finished
        self.ends: dict[str, Value] = {
            name: tuple(end) if isinstance(end, Sequence) else end for name, end in attrs.items()
        }
        self.starts: dict[str, Value] | None = None
        self.elapsed = 0.0
        self.done = False

    @property
    def keys(self) -> set[tuple[int, str]]:
        """(id of target, attribute name) of every attribute this tween animates."""
        return {(id(self.target), name) for name in self.ends}

    @property
    def overflow(self) -> float:
        """Time run past the end in the update that finished it (0 while running)."""
        if not self.done:
            return 0.0
        return max(0.0, self.elapsed - self.delay - self.duration)

    def _start(self) -> None:
        starts = {}
        for name, end in self.ends.items():
            start = getattr(self.target, name)
            if isinstance(start, list):
                start = tuple(start)
            _check_pair(name, start, end)
            starts[name] = start
        self.starts = starts

    def update(self, dt: float) -> bool:
        """Advance by `dt` seconds; True once finished."""
        if self.done:
            return True
        self.elapsed += dt
        if self.elapsed < self.delay:
            return False
        if self.starts is None:
            self._start()
        run = self.elapsed - self.delay
        if self.duration == 0.0 or run >= self.duration:
            self._end()
            return True
        k = self.easing(run / self.duration)
        for name, start in self.starts.items():  # type: ignore[union-attr]
            setattr(self.target, name, _blend(start, self.ends[name], k))
        return False

    def finish(self) -> None:
        """Jump to the end values now and fire on_finished (once, ever)."""
        if not self.done:
            self.elapsed = max(self.elapsed, self.delay + self.duration)
            self._end(overflow=False)

    def _end(self, overflow: bool = True) -> None:
        for name, end in self.ends.items():
            setattr(self.target, name, end)
        if not overflow:
            self.elapsed = self.delay + self.duration
        self.done = True
        if self.on_finished is not None:
            self.on_finished()


# --- Timeline -------------------------------------------------------------------------------------

Step = Tween | Iterable[Tween] | Callable[[], object]


#: with reduced motion, the longest any tween but a wait may last: a short fade
REDUCED_MOTION_SECONDS = 0.2


class Wait:
    """The target of a tween that only waits (a pause between steps): reduced motion keeps it."""

    t: float = 0.0


class Timeline:
    """The animations of one scene: tweens running now, and queued steps run one after another.

    `add` starts a tween at once, alongside what runs; `then` and `sequence` queue steps that
    start when everything before them has finished. A step is a tween, a list of tweens run
    together, or a callable run instantly.
    """

    MAX_SKIP_ROUNDS = 10_000  # guards `skip` against callbacks that keep queuing work

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        #: reduced motion: every tween but a wait is cut to REDUCED_MOTION_SECONDS when it starts
        self.reduced = False
        self.running: list[Tween] = []
        self.queue: deque[list[Tween] | Callable[[], object]] = deque()

    @property
    def idle(self) -> bool:
        """True when nothing runs and nothing is queued."""
        return not self.running and not self.queue

    def add(self, tween: Tween) -> Tween:
        """Start `tween` now; a running tween of the same attribute of the same object jumps
        to its end and gives way."""
        if tween in self.running:
            return tween
        if self.reduced and not isinstance(tween.target, Wait):
            tween.duration = min(tween.duration, REDUCED_MOTION_SECONDS)
        keys = tween.keys
        for old in [t for t in self.running if t.keys & keys]:
            self.running.remove(old)
            old.finish()
        self.running.append(tween)
        return tween

    def then(self, step: Step) -> "Timeline":
        """Queue one step behind everything running or queued."""
        self.queue.append(self._as_step(step))
        return self

    def sequence(self, steps: Iterable[Step]) -> "Timeline":
        """Queue steps to run one after another, behind everything running or queued."""
        for step in steps:
            self.then(step)
        return self

    @staticmethod
    def _as_step(step: Step) -> list[Tween] | Callable[[], object]:
        if isinstance(step, Tween):
            return [step]
        if callable(step):
            return step
        tweens = list(step)
        if not all(isinstance(t, Tween) for t in tweens):
            raise TypeError(f"a step is a tween, a list of tweens or a callable, not {step!r}")
        return tweens

    def _start_next(self) -> None:
        """Run queued callables, and start the next queued tweens, until some tween runs."""
        while not self.running and self.queue:
            step = self.queue.popleft()
            if callable(step):
                step()
            else:
                for tween in step:
                    self.add(tween)

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds times `speed`; time left over when a step ends goes on to
        the next step."""
        left = dt * self.speed
        self._start_next()
        while self.running:
            finished = [t for t in list(self.running) if t.update(left)]
            for tween in finished:
                if tween in self.running:
                    self.running.remove(tween)
            if self.running or not finished:
                break
            left = min(t.overflow for t in finished)
            self._start_next()
            if not self.running:
                break

    def skip(self) -> None:
        """Finish everything now, queued steps included, in order, firing their callbacks."""
        for _ in range(self.MAX_SKIP_ROUNDS):
            if self.idle:
                return
            if self.running:
                tween = self.running.pop(0)
                tween.finish()
            else:
                self._start_next()
