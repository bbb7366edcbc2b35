"""Sound effects: the generated WAVs, volumes, and silence where no audio device exists."""

import gc
import importlib.util
import threading
import time
import wave
import weakref

import pygame
import pytest
from conftest import ROOT

from scenes.kit import audio
from scenes.kit.audio import SOUNDS, Audio


class FakeSound:
    """Records plays and volume like pygame.mixer.Sound."""

    def __init__(self) -> None:
        self.plays = 0
        self.volume = 1.0

    def play(self) -> None:
        self.plays += 1

    def set_volume(self, volume: float) -> None:
        self.volume = volume


def read_wav(path):
    with wave.open(str(path), "rb") as wav:
        params = wav.getparams()
        raw = wav.readframes(params.nframes)
    samples = [int.from_bytes(raw[i : i + 2], "little", signed=True) for i in range(0, len(raw), 2)]
    return params, samples


def test_every_sound_is_a_short_soft_edged_mono_wav():
    for name in SOUNDS:
        params, samples = read_wav(audio.SOUND_DIR / f"{name}.wav")
        assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 44100), name
        assert 0.03 < params.nframes / params.framerate < 2.0, name
        peak = max(abs(s) for s in samples)
        assert 0.3 * 32767 < peak < 0.7 * 32767, name  # audible, never clipping
        assert abs(samples[0]) < 200 and abs(samples[-1]) < 200, name  # no click at the ends


def test_make_sounds_reproduces_the_committed_files(tmp_path):
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    make_sounds = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_sounds)
    assert tuple(make_sounds.SOUNDS) == SOUNDS
    make_sounds.main(tmp_path)
    for name in SOUNDS:
        made = (tmp_path / f"{name}.wav").read_bytes()
        assert made == (audio.SOUND_DIR / f"{name}.wav").read_bytes(), name


def test_dummy_device_loads_every_sound_at_the_set_volume():
    sounds = Audio(master=0.5, effects=0.4, cues={"turn": 0.2, "end": 1.0})
    assert sounds.enabled
    assert sounds.volume == pytest.approx(0.2)
    expected = {"turn": 0.1, "capture": 0.4, "chain": 0.4, "refused": 0.4, "win": 0.5, "lose": 0.5}
    for name in SOUNDS:
        wanted = expected.get(name, 0.2)  # the cues at master times their own, others at effects
        assert sounds._sounds[name].get_volume() == pytest.approx(wanted, abs=1 / 128), name
        sounds.play(name)
    sounds.set_volume(1.0, 0.75, {"end": 0.6})
    assert sounds._sounds["win"].get_volume() == pytest.approx(0.6, abs=1 / 128)
    assert sounds._sounds["turn"].get_volume() == pytest.approx(0.2, abs=1 / 128)  # kept
    assert sounds._sounds["slide"].get_volume() == pytest.approx(0.75, abs=1 / 128)
    with pytest.raises(ValueError, match="boing"):
        sounds.set_volume(1.0, 1.0, {"boing": 0.5})


def test_volumes_are_clamped_and_zero_mutes():
    sounds = Audio()
    fakes = {name: FakeSound() for name in SOUNDS}
    sounds._sounds = dict(fakes)
    sounds.enabled = True
    sounds.set_volume(2.0, -1.0, {"refusal": 0.0, "turn": 3.0})
    assert (sounds.master, sounds.effects) == (1.0, 0.0)
    assert fakes["click"].volume == 0.0 and fakes["refused"].volume == 0.0
    assert fakes["turn"].volume == 1.0
    for name in ("click", "refused", "turn"):
        sounds.play(name)
    assert [fakes[name].plays for name in ("click", "refused", "turn")] == [0, 0, 1]
    sounds.set_volume(0.5, 1.0)
    assert fakes["click"].volume == 0.5 and fakes["refused"].volume == 0.0
    sounds.play("click")
    assert fakes["click"].plays == 1


def test_unknown_sound_is_refused():
    with pytest.raises(ValueError, match="boing"):
        Audio().play("boing")


def test_no_audio_device_means_silence_not_a_crash(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("no available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = Audio(master=0.9, effects=0.9)
    assert not sounds.enabled
    for name in SOUNDS:
        sounds.play(name)
    sounds.set_volume(0.3, 0.3)
    assert sounds.volume == pytest.approx(0.09)
    with pytest.raises(ValueError):
        sounds.play("boing")


def test_no_sound_is_freed_on_the_audio_thread():
    """A Sound whose last reference was its mixer channel was freed by SDL's audio thread when it
    ended, inside the mixer's callback (a test worker that made and dropped many apps crashed
    so). Sounds played by an app that is gone stay alive, and the next app plays the same ones."""
    freed_on = []
    sounds = Audio()
    assert sounds.enabled
    watchers = [
        weakref.ref(sound, lambda _: freed_on.append(threading.current_thread().name))
        for sound in sounds._sounds.values()
    ]
    for name in SOUNDS:
        sounds.play(name)
    del sounds
    gc.collect()
    channels = [pygame.mixer.Channel(n) for n in range(pygame.mixer.get_num_channels())]
    deadline = time.monotonic() + 10.0  # a channel lets its Sound go once its end has run
    while any(channel.get_sound() for channel in channels) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not any(channel.get_sound() for channel in channels), "the sounds did not end"
    gc.collect()
    assert freed_on == [] and all(watcher() is not None for watcher in watchers)
    again = Audio()
    assert [again._sounds[name] for name in SOUNDS] == [watcher() for watcher in watchers]
