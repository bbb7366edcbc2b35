"""The keymap: each action a person can take bound to keys, mouse buttons and pad buttons, in one
map (Ren'Py's `config.keymap`). A new input is a line of `KEYMAP`, not a branch in a scene:
`bind(Action.X, Key(...), Pad(...))` adds one (the coach's Hint is bound this way).

`actions(event)` says which actions an event asks for. A pad is read through SDL's
game-controller API (any common pad, no setup); its left stick acts as its d-pad (`Stick`).
`as_key(event)` turns a pad press into the key press of the same action, so a scene that reads
keys (Escape to go back, Enter on the hand-over) takes the pad with nothing added.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

import pygame


class Action(enum.Enum):
    """What a key or a button asks for."""

    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    NEXT = "next"  #: the next control in reading order (Tab)
    PREVIOUS = "previous"
    ACTIVATE = "activate"  #: press the control in focus (Enter, Space, A)
    BACK = "back"  #: leave, asking first where leaving loses something (Escape, B)
    UNDO = "undo"
    PAUSE = "pause"
    THINKING = "thinking"  #: a board's Thinking toggle
    PREVIEWS = "previews"  #: a board's move previews (its "Previews: on/off" button)
    HINT = "hint"  #: the coach's hint for the person to move (its Hint button)
    VOICE = "voice"  #: self-voicing on or off, on any screen (Ren'Py's V; our V is Previews)


DIRECTIONS = {
    Action.UP: (0, -1),
    Action.DOWN: (0, 1),
    Action.LEFT: (-1, 0),
    Action.RIGHT: (1, 0),
}

#: the keys that move the focus: a scene that takes every key (a PIN pad, a name being typed)
#: leaves these to it
NAVIGATION_KEYS = frozenset(
    {pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB}
)


@dataclass(frozen=True)
class Key:
    """A key, with Ctrl held or not (`ctrl=None`: either)."""

    key: int
    ctrl: bool | None = False

    def matches(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN or event.key != self.key:
            return False
        held = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        return self.ctrl is None or held == self.ctrl


@dataclass(frozen=True)
class Pad:
    """A button of a game controller (SDL's names: A is the bottom face button)."""

    button: int

    def matches(self, event: pygame.event.Event) -> bool:
        return event.type == pygame.CONTROLLERBUTTONDOWN and event.button == self.button


@dataclass(frozen=True)
class Mouse:
    """A mouse button, on release."""

    button: int

    def matches(self, event: pygame.event.Event) -> bool:
        return event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == self.button


Binding = Key | Pad | Mouse

KEYMAP: dict[Action, tuple[Binding, ...]] = {
    Action.UP: (Key(pygame.K_UP, None), Pad(pygame.CONTROLLER_BUTTON_DPAD_UP)),
    Action.DOWN: (Key(pygame.K_DOWN, None), Pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)),
    Action.LEFT: (Key(pygame.K_LEFT, None), Pad(pygame.CONTROLLER_BUTTON_DPAD_LEFT)),
    Action.RIGHT: (Key(pygame.K_RIGHT, None), Pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)),
    Action.NEXT: (Key(pygame.K_TAB), Pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)),
    Action.PREVIOUS: (Pad(pygame.CONTROLLER_BUTTON_LEFTSHOULDER),),
    Action.ACTIVATE: (
        Key(pygame.K_RETURN, None),
        Key(pygame.K_KP_ENTER, None),
        Key(pygame.K_SPACE, None),
        Pad(pygame.CONTROLLER_BUTTON_A),
    ),
    Action.BACK: (
        Key(pygame.K_ESCAPE, None),
        Key(pygame.K_BACKSPACE),
        Pad(pygame.CONTROLLER_BUTTON_B),
        Mouse(pygame.BUTTON_X1),  # a mouse's side "back" button
    ),
    Action.UNDO: (Key(pygame.K_u), Key(pygame.K_z, True), Pad(pygame.CONTROLLER_BUTTON_X)),
    Action.PAUSE: (Key(pygame.K_p), Pad(pygame.CONTROLLER_BUTTON_START)),
    Action.THINKING: (Key(pygame.K_t), Pad(pygame.CONTROLLER_BUTTON_BACK)),
    Action.PREVIEWS: (Key(pygame.K_v),),
    Action.HINT: (Key(pygame.K_h), Pad(pygame.CONTROLLER_BUTTON_Y)),
    Action.VOICE: (Key(pygame.K_s), Pad(pygame.CONTROLLER_BUTTON_RIGHTSTICK)),
}


def bind(action: Action, *bindings: Binding) -> None:
    """Add `bindings` to `action` (a binding already taken by another action is an error)."""
    for binding in bindings:
        for other, taken in KEYMAP.items():
            if binding in taken and other is not action:
                raise ValueError(f"{binding} is already bound to {other.value}")
    KEYMAP[action] = (*KEYMAP.get(action, ()), *bindings)


def actions(event: pygame.event.Event) -> set[Action]:
    """The actions `event` asks for (empty for most events)."""
    if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        return {Action.PREVIOUS if shift else Action.NEXT}
    return {action for action, bindings in KEYMAP.items() if _any(bindings, event)}


def asks(event: pygame.event.Event, action: Action) -> bool:
    """True if `event` asks for `action`."""
    return _any(KEYMAP.get(action, ()), event)


def _any(bindings: Iterable[Binding], event: pygame.event.Event) -> bool:
    return any(binding.matches(event) for binding in bindings)


def is_pad(event: pygame.event.Event) -> bool:
    """A game controller's event (its buttons, sticks or coming and going)."""
    return event.type in _PAD_EVENTS


_PAD_EVENTS = {
    pygame.CONTROLLERBUTTONDOWN,
    pygame.CONTROLLERBUTTONUP,
    pygame.CONTROLLERAXISMOTION,
    pygame.CONTROLLERDEVICEADDED,
    pygame.CONTROLLERDEVICEREMOVED,
    pygame.CONTROLLERDEVICEREMAPPED,
}


def typed(event: pygame.event.Event) -> bool:
    """A key typed on a keyboard, not a pad's button handed on as its key (`as_key`): a PIN
    pad's Enter submits what was typed, a pad's A presses the key the ring is on."""
    return not getattr(event, "pad", False)


def as_key(event: pygame.event.Event) -> pygame.event.Event | None:
    """The key press that asks for what the pad press `event` asks for (None: no key does)."""
    for action in actions(event):
        key = next((b for b in KEYMAP[action] if isinstance(b, Key)), None)
        if key is not None:
            mod = pygame.KMOD_CTRL if key.ctrl else 0
            return pygame.event.Event(pygame.KEYDOWN, key=key.key, mod=mod, unicode="", pad=True)
    return None


#: how far the stick must lean to count as a press, and to come back to count as let go
STICK_PRESS = 0.6
STICK_RELEASE = 0.3
_STICK_BUTTONS = {
    (pygame.CONTROLLER_AXIS_LEFTX, -1): pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    (pygame.CONTROLLER_AXIS_LEFTX, 1): pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
    (pygame.CONTROLLER_AXIS_LEFTY, -1): pygame.CONTROLLER_BUTTON_DPAD_UP,
    (pygame.CONTROLLER_AXIS_LEFTY, 1): pygame.CONTROLLER_BUTTON_DPAD_DOWN,
}


class Stick:
    """The left stick as a d-pad: leaning past `STICK_PRESS` is one press of that direction;
    it presses again only after coming back under `STICK_RELEASE`."""

    def __init__(self) -> None:
        self._leaning: dict[int, int] = {}  # axis -> -1 / 1 while leaning that way

    def press(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The d-pad press a stick's `event` makes, if any."""
        if event.type != pygame.CONTROLLERAXISMOTION:
            return None
        axis = event.axis
        if axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return None
        value = event.value / 32767 if abs(event.value) > 1 else float(event.value)
        side = 1 if value > 0 else -1
        if abs(value) < STICK_RELEASE:
            self._leaning.pop(axis, None)
            return None
        if abs(value) < STICK_PRESS or self._leaning.get(axis) == side:
            return None
        self._leaning[axis] = side
        button = _STICK_BUTTONS[(axis, side)]
        return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=-1)


# --- glyphs: what a key or a button is called on screen ----------------------------------------

_PAD_NAMES = {
    pygame.CONTROLLER_BUTTON_A: "A",
    pygame.CONTROLLER_BUTTON_B: "B",
    pygame.CONTROLLER_BUTTON_X: "X",
    pygame.CONTROLLER_BUTTON_Y: "Y",
    pygame.CONTROLLER_BUTTON_START: "Start",
    pygame.CONTROLLER_BUTTON_BACK: "Select",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "LB",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "RB",
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: "R3",
}


def glyph(action: Action, device: str) -> str | None:
    """The name of the first key (`device` "keys") or pad button ("pad") bound to `action`, as
    drawn on its key cap or button; None if that device has none."""
    for binding in KEYMAP.get(action, ()):
        if device == "pad" and isinstance(binding, Pad) and binding.button in _PAD_NAMES:
            return _PAD_NAMES[binding.button]
        if device == "keys" and isinstance(binding, Key):
            name = key_name(binding.key)
            return f"Ctrl+{name}" if binding.ctrl else name
    return None


def key_name(key: int) -> str:
    """A key's name as printed on most keyboards ("Z", "Esc", "Enter")."""
    named = {pygame.K_ESCAPE: "Esc", pygame.K_RETURN: "Enter", pygame.K_SPACE: "Space"}
    return named.get(key) or pygame.key.name(key).upper()


def pad_colour(name: str) -> tuple[int, int, int] | None:
    """The colour a pad's face button is printed in (A green, B red, X blue, Y yellow)."""
    return {"A": (60, 160, 70), "B": (200, 60, 50), "X": (50, 110, 200), "Y": (220, 170, 30)}.get(
        name
    )
