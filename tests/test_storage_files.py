"""Issue 25, items 1, 5 and 6 at the file level (scenes/storage): every read is bounded and
refuses what is not a regular file before reading it; JSON is refused when it holds non-finite
numbers or nests deeply; PNG headers are read, not pictures; set-aside copies and new replay
names never overwrite anything, even when two processes race; locks exclude each other."""

import json
import multiprocessing
import os
import struct
import sys
import time
import zlib

import pygame
import pytest

from scenes.storage import aside, atomic, files
from scenes.storage.files import Unreadable, parse_json, png_size, read_bounded, read_json
from scenes.storage.locks import FileLock

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and /dev/zero")


def png_header(width, height, whole=True):
    """The bytes of a PNG that claims `width` x `height` pixels (no picture data at all)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    data = files.PNG_SIGNATURE + struct.pack(">I", 13) + chunk
    data += struct.pack(">I", zlib.crc32(chunk))
    return data + (
        struct.pack(">I", 0) + b"IEND" + struct.pack(">I", zlib.crc32(b"IEND")) if whole else b""
    )


# --- bounded reading ---------------------------------------------------------------------------
def test_a_missing_file_is_none_and_a_small_one_is_read(tmp_path):
    assert read_bounded(tmp_path / "none.json", 100) is None
    assert read_bounded(tmp_path / "no-folder" / "none.json", 100) is None
    (tmp_path / "a.json").write_bytes(b"x" * 100)
    assert read_bounded(tmp_path / "a.json", 100) == b"x" * 100


def test_a_file_over_the_limit_is_refused_unread(tmp_path, monkeypatch):
    (tmp_path / "big.json").write_bytes(b" " * 101)
    opened = []
    monkeypatch.setattr(files.os, "open", lambda *a, **k: opened.append(a) or 1 / 0)
    with pytest.raises(Unreadable, match="too large"):
        read_bounded(tmp_path / "big.json", 100)
    assert not opened


@posix_only
@pytest.mark.parametrize("kind", ["fifo", "symlink to /dev/zero", "symlink to a fifo", "folder"])
def test_what_is_not_a_regular_file_is_refused_without_being_opened(tmp_path, monkeypatch, kind):
    path = tmp_path / "x.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "symlink to /dev/zero":
        path.symlink_to("/dev/zero")
    elif kind == "symlink to a fifo":
        os.mkfifo(tmp_path / "pipe")
        path.symlink_to(tmp_path / "pipe")
    else:
        path.mkdir()
    opened = []
    real_open = os.open
    monkeypatch.setattr(files.os, "open", lambda *a, **k: opened.append(a) or real_open(*a, **k))
    with pytest.raises(Unreadable, match="not a regular file"):
        read_bounded(path, 1000)
    assert not opened  # nothing was opened for reading: no wait on a FIFO, no endless read


@posix_only
def test_a_file_swapped_for_a_device_after_the_look_is_refused_once_open(tmp_path, monkeypatch):
    path = tmp_path / "x.json"
    path.write_text("{}")
    real_open = os.open

    def swap(name, flags, *rest):
        return real_open("/dev/zero", flags, *rest)

    monkeypatch.setattr(files.os, "open", swap)
    with pytest.raises(Unreadable, match="not a regular file"):
        read_bounded(path, 1000)


# --- JSON ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, why",
    [
        ('{"saved_at": NaN}', "not finite"),
        ('{"saved_at": Infinity}', "not finite"),
        ('{"saved_at": -Infinity}', "not finite"),
        ('{"saved_at": 1e999}', "not finite"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"a":' * 20 + "1" + "}" * 20, "nested too deeply"),
        ("[" * 13 + "]" * 13, "nested too deeply"),
        ("1" * 5000, "cut short or damaged"),
        ("{", "cut short or damaged"),
        ("", "empty"),
        ("  \n", "empty"),
    ],
    ids=[
        "NaN",
        "Infinity",
        "-Infinity",
        "1e999",
        "100000 deep",
        "20 objects deep",
        "13 lists deep",
        "5000 digits",
        "cut",
        "empty",
        "blank",
    ],
)
def test_json_that_is_not_plain_finite_and_shallow_is_refused(text, why):
    with pytest.raises(Unreadable, match=why):
        parse_json(text.encode())


def test_binary_is_not_text():
    with pytest.raises(Unreadable, match="not text"):
        parse_json(bytes(range(256)))


def test_plain_json_within_the_depth_is_read_and_settings_may_keep_nan():
    data = {"a": [[[[1.5, "x", None, True]]]], "b": 1e300}
    assert parse_json(json.dumps(data).encode()) == data
    assert parse_json(b'{"v": NaN}', finite=False)["v"] != 0  # the schema judges it then
    assert files.nesting(data) == 5


def test_read_json_is_bounded_and_none_without_a_file(tmp_path):
    (tmp_path / "a.json").write_text('{"a": 1}')
    assert read_json(tmp_path / "a.json", 100) == {"a": 1}
    assert read_json(tmp_path / "b.json", 100) is None
    with pytest.raises(Unreadable):
        read_json(tmp_path / "a.json", 3)


# --- PNG headers ---------------------------------------------------------------------------------
def test_a_png_header_is_read_without_decoding_the_picture(tmp_path):
    (tmp_path / "huge.png").write_bytes(png_header(30_000, 30_000))
    assert png_size(tmp_path / "huge.png", 10_000) == (30_000, 30_000)


@pytest.mark.parametrize("content", [b"", b"GIF89a" + b"\0" * 40, png_header(10, 10, whole=False)])
def test_what_is_not_a_whole_png_is_refused(tmp_path, content):
    (tmp_path / "x.png").write_bytes(content)
    with pytest.raises(Unreadable):
        png_size(tmp_path / "x.png", 10_000)


def test_a_png_is_written_checked_and_a_cut_short_one_is_never_published(tmp_path, monkeypatch):
    surface = pygame.Surface((64, 32))
    target = tmp_path / "p.png"
    atomic.write_png_checked(target, surface)
    assert png_size(target, 10**6) == (64, 32)
    before = target.read_bytes()
    real_save = pygame.image.save

    def full_disk(picture, name, *rest):  # what pygame does on a full disk: no error, half a file
        real_save(picture, name, *rest)
        with open(name, "r+b") as written:
            written.truncate(os.path.getsize(name) // 2)

    monkeypatch.setattr(pygame.image, "save", full_disk)
    with pytest.raises(OSError, match="not written whole"):
        atomic.write_png_checked(target, pygame.Surface((80, 40)))
    assert target.read_bytes() == before  # the old picture stands, whole
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.png"]  # no temporary left


# --- set aside, new names -----------------------------------------------------------------------
def test_set_aside_never_overwrites_and_takes_companions(tmp_path, monkeypatch):
    monkeypatch.setattr(aside.time, "strftime", lambda fmt: "20250101-120000")
    names = []
    for number in range(3):
        (tmp_path / "save.json").write_text(str(number))
        (tmp_path / "save.png").write_text(f"picture {number}")
        names.append(aside.set_aside(tmp_path / "save.json", [tmp_path / "save.png"]).name)
    assert names == [
        "save.json.bad-20250101-120000",
        "save.json.bad-20250101-120000-2",
        "save.json.bad-20250101-120000-3",
    ]
    assert (tmp_path / "save.png.bad-20250101-120000-3").read_text() == "picture 2"
    assert not (tmp_path / "save.json").exists() and not (tmp_path / "save.png").exists()


@posix_only
def test_a_symlink_and_a_fifo_are_set_aside_as_they_are(tmp_path):
    (tmp_path / "link.json").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "fifo.json")
    moved = aside.set_aside(tmp_path / "link.json")
    assert moved.is_symlink() and os.readlink(moved) == "/dev/zero"
    assert aside.set_aside(tmp_path / "fifo.json").name.startswith("fifo.json.bad-")
    assert not os.path.lexists(tmp_path / "link.json")


def _write_many(folder, count, tag):
    for number in range(count):
        atomic.write_new_json(folder, "whose-foods-20260101-120000", {"tag": tag, "n": number})


def test_new_names_are_unique_when_two_processes_write_at_once(tmp_path):
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_write_many, args=(tmp_path, 150, tag)) for tag in "ab"]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
        assert worker.exitcode == 0
    kept = [json.loads(p.read_text()) for p in tmp_path.glob("*.json")]
    assert len(kept) == 300  # every replay written survived
    assert sorted((k["tag"], k["n"]) for k in kept) == sorted(
        (tag, n) for tag in "ab" for n in range(150)
    )
    assert not list(tmp_path.glob("*.tmp"))


def test_the_data_folder_and_what_it_holds_are_private(tmp_path):
    folder = tmp_path / "home" / "replays"
    atomic.private_folder(folder)
    assert folder.stat().st_mode & 0o777 == 0o700
    atomic.write_json_atomically(folder / "a.json", {"a": 1})
    assert (folder / "a.json").stat().st_mode & 0o777 == 0o600
    path = atomic.write_new_json(folder, "b", {"b": 1})
    assert path.stat().st_mode & 0o777 == 0o600


def test_json_that_is_not_finite_is_never_written(tmp_path):
    with pytest.raises(ValueError):
        atomic.write_json_atomically(tmp_path / "a.json", {"saved_at": float("nan")})
    assert not list(tmp_path.iterdir())


# --- locks ---------------------------------------------------------------------------------------
def _hold(path, ready, release):
    lock = FileLock(path)
    assert lock.try_acquire()
    ready.set()
    release.wait(30)


def test_a_lock_held_by_another_process_is_refused_then_granted_when_it_ends(tmp_path):
    context = multiprocessing.get_context("spawn")
    ready, release = context.Event(), context.Event()
    holder = context.Process(target=_hold, args=(tmp_path / "x.lock", ready, release))
    holder.start()
    assert ready.wait(60)
    mine = FileLock(tmp_path / "x.lock")
    assert not mine.try_acquire()
    start = time.monotonic()
    assert not mine.acquire(wait=0.2) and time.monotonic() - start >= 0.2
    release.set()
    holder.join(30)
    assert mine.try_acquire() and mine.held
    mine.release()
    assert not mine.held


def test_two_locks_in_one_process_exclude_each_other(tmp_path):
    first, second = FileLock(tmp_path / "x.lock"), FileLock(tmp_path / "x.lock")
    with first:
        assert first.held and not second.try_acquire()
    assert second.try_acquire()
    second.release()
