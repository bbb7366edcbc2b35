"""Sound effects: the WAVs of assets/sounds played through pygame.mixer at the set volume.

Four of them are cues that tell what the screen tells (your turn, a capture, a refused move, the
end), each with a volume of its own; the others play at the effects volume. Where no audio
device exists the app stays silent: Audio.enabled is False and play does nothing.

The sounds are loaded once a process and kept while it runs (`_loaded`): pygame frees a Sound
on the thread that drops its last reference, and a playing Sound's last reference may be its
mixer channel, which SDL's audio thread drops when the sound ends; a Sound freed there frees its
samples inside the mixer's own callback, and a test worker that had made and dropped many apps
crashed so (a segmentation fault in a thread with no Python frame). Kept, none is ever freed.
"""

import contextlib
from collections.abc import Mapping
from pathlib import Path

import pygame

from scenes.kit.assets import asset_folder

SOUND_DIR: Path = asset_folder("sounds")
SOUNDS: tuple[str, ...] = (
    "click", "place", "slide", "capture", "chain", "win", "lose", "turn", "refused"
)  # fmt: skip
#: the cues, each with its own volume, in the order the settings show them
CUES: tuple[str, ...] = ("turn", "capture", "refusal", "end")
#: sound -> the cue it is (sounds not named here play at the effects volume)
CUE_OF: dict[str, str] = {
    "turn": "turn",
    "capture": "capture",
    "chain": "capture",
    "refused": "refusal",
    "win": "end",
    "lose": "end",
}


#: (the mixer's format, sound name) -> its Sound, loaded once a process and never freed (see
#: the module's docstring)
_LOADED: dict[tuple[object, str], pygame.mixer.Sound] = {}


def _loaded(name: str) -> pygame.mixer.Sound:
    """The Sound called `name` in the open mixer's format, loaded on first use and kept."""
    key = (pygame.mixer.get_init(), name)
    if key not in _LOADED:
        _LOADED[key] = pygame.mixer.Sound(str(SOUND_DIR / f"{name}.wav"))
    return _LOADED[key]


def _clamp(value: float) -> float:
    return max(0.0, min(1.0, float(value)))


class Audio:
    """The app's sound effects, with a master, an effects and a volume per cue (each 0..1)."""

    def __init__(
        self, master: float = 0.8, effects: float = 0.8, cues: Mapping[str, float] | None = None
    ) -> None:
        self.enabled = False
        self.master = _clamp(master)
        self.effects = _clamp(effects)
        self.cues: dict[str, float] = dict.fromkeys(CUES, 0.8)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            self._sounds = {name: _loaded(name) for name in SOUNDS}
            self.enabled = True
        except (pygame.error, OSError):
            self._sounds = {}
        self.set_volume(self.master, self.effects, cues)

    @property
    def volume(self) -> float:
        """The volume every effect that is not a cue plays at: master times effects."""
        return self.master * self.effects

    def volume_of(self, name: str) -> float:
        """The volume the sound `name` plays at: master times its cue's volume or effects."""
        cue = CUE_OF.get(name)
        return self.master * (self.effects if cue is None else self.cues[cue])

    def set_volume(
        self, master: float, effects: float, cues: Mapping[str, float] | None = None
    ) -> None:
        """Set the volumes (clamped to 0..1; 0 mutes); `cues`: cue name -> its volume, for the
        cues it names (the others keep theirs)."""
        self.master = _clamp(master)
        self.effects = _clamp(effects)
        for cue, volume in (cues or {}).items():
            if cue not in CUES:
                raise ValueError(f"unknown cue {cue!r}; choose one of {', '.join(CUES)}")
            self.cues[cue] = _clamp(volume)
        for name, sound in self._sounds.items():
            sound.set_volume(self.volume_of(name))

    def play(self, name: str) -> None:
        """Play the effect called `name` (one of SOUNDS); silent when disabled or muted."""
        if name not in SOUNDS:
            raise ValueError(f"unknown sound {name!r}; choose one of {', '.join(SOUNDS)}")
        if not self.enabled or self.volume_of(name) <= 0.0:
            return
        with contextlib.suppress(pygame.error):
            self._sounds[name].play()
