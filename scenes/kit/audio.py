"""Sound effects: the WAVs of assets/sounds played through pygame.mixer at the set volume.

Where no audio device exists the app stays silent: Audio.enabled is False and play does nothing.
"""

import contextlib
from pathlib import Path

import pygame

from scenes.kit.assets import asset_folder

SOUND_DIR: Path = asset_folder("sounds")
SOUNDS: tuple[str, ...] = ("click", "place", "slide", "capture", "chain", "win", "lose")


def _clamp(value: float) -> float:
    return max(0.0, min(1.0, float(value)))


class Audio:
    """The app's sound effects, with a master and an effects volume (each 0..1)."""

    def __init__(self, master: float = 0.8, effects: float = 0.8) -> None:
        self.enabled = False
        self.master = _clamp(master)
        self.effects = _clamp(effects)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            self._sounds = {
                name: pygame.mixer.Sound(str(SOUND_DIR / f"{name}.wav")) for name in SOUNDS
            }
            self.enabled = True
        except (pygame.error, OSError):
            self._sounds = {}
        self.set_volume(self.master, self.effects)

    @property
    def volume(self) -> float:
        """The volume every effect plays at: master times effects."""
        return self.master * self.effects

    def set_volume(self, master: float, effects: float) -> None:
        """Set both volumes (clamped to 0..1); 0 mutes."""
        self.master = _clamp(master)
        self.effects = _clamp(effects)
        for sound in self._sounds.values():
            sound.set_volume(self.volume)

    def play(self, name: str) -> None:
        """Play the effect called `name` (one of SOUNDS); silent when disabled or muted."""
        if name not in SOUNDS:
            raise ValueError(f"unknown sound {name!r}; choose one of {', '.join(SOUNDS)}")
        if not self.enabled or self.volume <= 0.0:
            return
        with contextlib.suppress(pygame.error):
            self._sounds[name].play()
