"""Synthesise the app's sound effects into assets/sounds/*.wav (stdlib only, deterministic).

Usage: python tools/make_sounds.py [output_folder]

Every sound is soft-edged (a few milliseconds of fade in and out, no clipping) and short.
"""

import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 44100
PEAK = 0.55  # loudest sample, as a fraction of full scale: pleasant, never harsh

Samples = list[float]


def silence(seconds: float) -> Samples:
    """`seconds` of nothing."""
    return [0.0] * int(RATE * seconds)


def tone(
    freq: float,
    seconds: float,
    decay: float = 8.0,
    partials: tuple[float, ...] = (1.0,),
    attack: float = 0.004,
    glide: float = 0.0,
) -> Samples:
    """A note of `freq` Hz with harmonics weighted by `partials`, fading exponentially.

    `glide` bends the pitch by that fraction over the note (0.1: ten per cent up).
    """
    out = []
    phase = 0.0
    for i in range(int(RATE * seconds)):
        t = i / RATE
        f = freq * (1.0 + glide * t / seconds)
        phase += 2.0 * math.pi * f / RATE
        value = sum(w * math.sin(phase * (k + 1)) for k, w in enumerate(partials) if w)
        envelope = min(1.0, t / attack) * math.exp(-decay * t)
        out.append(value * envelope)
    return out


def noise(
    seconds: float, rng: random.Random, smooth: float, shape: Callable[[float], float]
) -> Samples:
    """Low-passed noise (`smooth` near 1: darker) under the envelope `shape(fraction)`."""
    out = []
    level = 0.0
    n = int(RATE * seconds)
    for i in range(n):
        level = smooth * level + (1.0 - smooth) * rng.uniform(-1.0, 1.0)
        out.append(level * shape(i / n))
    return out


def mix(*layers: tuple[float, float, Samples]) -> Samples:
    """Sum layers given as (start second, gain, samples)."""
    length = max(int(start * RATE) + len(s) for start, _, s in layers)
    out = [0.0] * length
    for start, gain, samples in layers:
        offset = int(start * RATE)
        for i, v in enumerate(samples):
            out[offset + i] += gain * v
    return out


def finish(samples: Samples, fade: float = 0.008) -> Samples:
    """Normalise to PEAK and fade both ends so nothing clicks."""
    top = max(abs(v) for v in samples) or 1.0
    n = len(samples)
    edge = max(1, int(RATE * fade))
    out = []
    for i, v in enumerate(samples):
        gain = min(1.0, i / edge, (n - 1 - i) / edge)
        out.append(v / top * PEAK * gain)
    return out


def note(name: str) -> float:
    """Frequency of a note name like 'C5', 'G#4' (A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    letter, rest = name[0], name[1:]
    shift = steps[letter]
    if rest.startswith("#"):
        shift, rest = shift + 1, rest[1:]
    return 440.0 * 2.0 ** ((shift + 12 * (int(rest) - 4)) / 12.0)


BELL = (1.0, 0.35, 0.12, 0.05)
WOOD = (1.0, 0.5, 0.25)


def click(rng: random.Random) -> Samples:
    """A light wooden tick for buttons."""
    return mix(
        (0.0, 1.0, tone(1320, 0.06, decay=70, partials=WOOD)),
        (0.0, 0.3, noise(0.012, rng, 0.4, lambda f: 1.0 - f)),
    )


def place(rng: random.Random) -> Samples:
    """A piece set down on a wooden board: a soft low knock."""
    return mix(
        (0.0, 1.0, tone(196, 0.16, decay=30, partials=WOOD, glide=-0.15)),
        (0.0, 0.5, tone(588, 0.08, decay=55)),
        (0.0, 0.35, noise(0.02, rng, 0.75, lambda f: 1.0 - f)),
    )


def slide(rng: random.Random) -> Samples:
    """A tile sliding across the table: a short soft swish."""
    return mix(
        (0.0, 1.0, noise(0.26, rng, 0.93, lambda f: math.sin(math.pi * f) ** 1.5)),
        (0.2, 0.4, tone(262, 0.08, decay=45, partials=WOOD)),
    )


def capture(rng: random.Random) -> Samples:
    """Pieces won: a pop and two rising bell notes."""
    return mix(
        (0.0, 0.5, tone(392, 0.05, decay=60, glide=0.4)),
        (0.03, 1.0, tone(note("E5"), 0.3, decay=12, partials=BELL)),
        (0.11, 1.0, tone(note("B5"), 0.35, decay=10, partials=BELL)),
    )


def chain(rng: random.Random) -> Samples:
    """One more step of a chain: a quick rising arpeggio."""
    return mix(
        (0.0, 1.0, tone(note("C6"), 0.25, decay=14, partials=BELL)),
        (0.07, 1.0, tone(note("E6"), 0.25, decay=14, partials=BELL)),
        (0.14, 1.0, tone(note("G6"), 0.35, decay=10, partials=BELL)),
    )


def win(rng: random.Random) -> Samples:
    """A small fanfare: an arpeggio up to a held major chord."""
    layers = [
        (0.13 * i, 1.5, tone(note(n), 0.35, decay=7, partials=BELL))
        for i, n in enumerate(("C5", "E5", "G5"))
    ]
    layers += [
        (0.42, 0.55, tone(note(n), 1.1, decay=3.2, partials=BELL)) for n in ("C5", "E5", "G5", "C6")
    ]
    return mix(*layers)


def lose(rng: random.Random) -> Samples:
    """A gentle falling phrase, not sad for long."""
    layers = [
        (0.22 * i, 0.9, tone(note(n), 0.5, decay=6, partials=(1.0, 0.2)))
        for i, n in enumerate(("G4", "E4", "C4"))
    ]
    layers.append((0.66, 0.5, tone(note("G3"), 0.7, decay=4.5, partials=(1.0, 0.2))))
    return mix(*layers)


def turn(rng: random.Random) -> Samples:
    """Your turn: two soft bell notes a fourth apart, rising, like a door chime."""
    return mix(
        (0.0, 1.0, tone(note("G5"), 0.22, decay=13, partials=BELL)),
        (0.12, 1.0, tone(note("C6"), 0.3, decay=11, partials=BELL)),
    )


def refused(rng: random.Random) -> Samples:
    """A move refused: two low dull knocks, the second lower, no bell."""
    return mix(
        (0.0, 1.0, tone(165, 0.09, decay=45, partials=(1.0, 0.6, 0.3), glide=-0.1)),
        (0.11, 1.0, tone(131, 0.12, decay=40, partials=(1.0, 0.6, 0.3), glide=-0.1)),
        (0.0, 0.25, noise(0.015, rng, 0.6, lambda f: 1.0 - f)),
    )


#: (made in this order, each from random.Random(its place): a new sound goes last, so the others
#: stay byte for byte the same)
SOUNDS: dict[str, Callable[[random.Random], Samples]] = {
    "click": click,
    "place": place,
    "slide": slide,
    "capture": capture,
    "chain": chain,
    "win": win,
    "lose": lose,
    "turn": turn,
    "refused": refused,
}


def write_wav(path: Path, samples: Samples) -> None:
    """Write mono 16-bit PCM at RATE."""
    frames = b"".join(struct.pack("<h", round(max(-1.0, min(1.0, v)) * 32767)) for v in samples)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for index, (name, make) in enumerate(SOUNDS.items()):
        samples = finish(make(random.Random(index)))
        write_wav(folder / f"{name}.wav", samples)
        print(f"{name}.wav  {len(samples) / RATE:.2f} s")


if __name__ == "__main__":
    root = Path(__file__).resolve().parent.parent
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else root / "assets" / "sounds")
